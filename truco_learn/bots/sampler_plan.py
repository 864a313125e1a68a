"""The pieces of the deal sampler's replay plan (:meth:`.sampler.DealSampler._replay_plan`):
how each log entry finds its action code and is weighed, and the likelihood of a bet.

>>> from truco_learn.engine import new_hand
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> from truco_learn.engine.actions import RAISE
>>> bet_likelihood(s, 0, RAISE) > bet_likelihood(s, 1, RAISE)   # the zap and a 3 against junk
True
"""

from __future__ import annotations

import math

from ..engine.actions import ACCEPT, ONZE_PLAY, RAISE
from ..engine.state import HandState
from .handeval import win_estimate
from .policy import break_even

# how a log entry's action code is found: read from the deal (a blind play, a hidden covered
# card), else the code itself
IRON_PLAY, COVERED = -1, -2
# what weighs the action: nothing, a table by strength class, the fit of a card play, or a
# bet's likelihood
NOTHING, TABLE, PLAY_FIT, BET = 0, 1, 2, 3
# one log entry of the replay plan: seat, code, card, factors before and after, table, and
# the raise reading's factor (:func:`.sampler_tables.read_table`) by the grade of the moment
ReplayStep = tuple[int, int, int, "tuple[float, ...] | None", int, "tuple[float, ...] | None",
                   "tuple[float, ...] | None"]


def _soft(x: float, centre: float, width: float, floor: float) -> float:
    return floor + (1.0 - floor) / (1.0 + math.exp(-(x - centre) / width))


def bet_likelihood(s: HandState, seat: int, code: int) -> float:
    """How likely a sensible player in ``seat`` takes betting action ``code`` in ``s`` with
    the cards the deal gives it (1.0 for actions that say nothing about the cards)."""
    if code == RAISE:
        p = win_estimate(s, seat)
        if s.pending is None:
            return _soft(p, 0.62, 0.1, 0.2)
        return _soft(p, 0.75, 0.08, 0.15)
    if code == ACCEPT and s.pending is not None:
        p = win_estimate(s, seat)
        return _soft(p, break_even(s.stake, s.pending[1]) + 0.05, 0.1, 0.25)
    if code == ONZE_PLAY:
        return _soft(win_estimate(s, seat), 0.36, 0.1, 0.25)
    return 1.0


__all__ = ["BET", "COVERED", "IRON_PLAY", "NOTHING", "PLAY_FIT", "ReplayStep", "TABLE",
           "bet_likelihood"]
