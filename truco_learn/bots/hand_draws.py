"""A finished hand replayed on a few draws of the cards the coach did not see: how the models
that learn from a hand's end (:mod:`.raise_reading`, :mod:`.answer_reading`, the card-play
check of :mod:`.opponent`) read each turn of it.

>>> import random
>>> from truco_learn.engine import new_hand, observation, step
>>> from truco_learn.engine.observer import parse_observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> ob = parse_observation(observation(step(step(s, "play:4H"), "play:2H"), 0))
>>> [(len(steps), end.to_act) for steps, end in replay_draws(ob, 2, random.Random(1))]
[(2, 1), (2, 1)]
"""

from __future__ import annotations

import random
from typing import Iterator

from ..engine.observer import Observed, determinize
from ..engine.state import IRON, HandState, apply_legal, new_hand

Replayed = tuple[list[tuple[int, int, HandState]], HandState]


def replay_draws(ob: Observed, draws: int, rng: random.Random) -> Iterator[Replayed]:
    """For each of ``draws`` deals consistent with ``ob`` (a hand's last observation the coach
    saw; the unseen cards drawn with ``rng``): every log entry as (seat, action code, the
    state before it), and the state after the whole log. Nothing for the iron hand, whose
    cards are played blind."""
    for _ in range(draws):
        s = determinize(ob, rng)
        d = s.deal
        if d.mode == IRON:
            return
        yield _replayed(s)


def hand_steps(s: HandState) -> list[tuple[int, int, HandState]]:
    """Every entry of ``s``'s log as (seat, action code, the state before it), replayed from
    its deal (every card as ``s`` holds it).

    >>> from truco_learn.engine import new_hand, step
    >>> s = step(new_hand("paulista-2p", dealer=1, vira="7D",
    ...                   hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]]), "play:4H")
    >>> s = step(s, "play:2H")
    >>> [(who, len(before.log)) for who, _code, before in hand_steps(s)]
    [(0, 0), (1, 1)]
    """
    return _replayed(s)[0]


def _replayed(s: HandState) -> Replayed:
    """:func:`hand_steps` of ``s``, and the state after its whole log."""
    d = s.deal
    t = new_hand(d.opts, d.dealer, d.hands, d.vira, d.score)
    steps: list[tuple[int, int, HandState]] = []
    for who, code in s.log:
        steps.append((who, code, t))
        t = apply_legal(t, code)
    return steps, t


__all__ = ["Replayed", "hand_steps", "replay_draws"]
