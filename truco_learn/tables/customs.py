"""The table customs of RULES.md for four seats: the partners' vote and the secret signal.

Both read only what one seat knows. The signal names the seat's best card left, truthfully;
a bot partner's vote comes from its own cards and the public table (the same rough win
estimate the bots' policy answers with), never from its partner's hand.

>>> from truco_learn.engine import new_hand, observation, step
>>> s = new_hand("paulista-4p", dealer=3, vira="7D",
...              hands=[["QC", "4H", "5C"], ["2H", "KS", "6C"], ["6S", "AH", "JC"], ["QS", "5D", "7C"]])
>>> signal_for(s, 0), signal_for(s, 1), signal_for(s, 2), signal_for(s, 3)
('zap', 'two', 'ace', 'espadilha')
>>> s = step(s, "raise")
>>> is_team_decision(s), voters(s)
(True, (1, 3))
>>> bot_vote(observation(s, 3), ["accept", "fold", "raise"]) in ("accept", "fold", "raise")
True
>>> run_action(["accept", "fold", "raise"])
'fold'
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..bots.handeval import win_estimate
from ..bots.policy import ROLLOUT, break_even
from ..engine.cards import RANKS
from ..engine.observer import determinize, parse_observation
from ..engine.state import IRON, HandState

__all__ = ["SIGNALS", "bot_vote", "is_team_decision", "run_action", "signal_for", "voters"]

_MANILHA_SIGNALS = {13: "zap", 12: "copas", 11: "espadilha", 10: "mole"}
_RANK_WORDS = {"K": "king", "A": "ace", "2": "two", "3": "three"}
SIGNALS: tuple[str, ...] = ("zap", "copas", "espadilha", "mole", "three", "two", "ace", "king",
                            "nothing")
_ANSWERS = ("fold", "onze:fold")


def signal_for(s: HandState, seat: int) -> str:
    """The truthful signal of ``seat``'s best card left: a manilha's name, the rank of the
    best ordinary card above a jack, or ``nothing``."""
    strength = s.deal.strength
    left = s.left[seat]
    if not left:
        return "nothing"
    best = max(left, key=lambda c: strength[c])
    st = strength[best]
    if st in _MANILHA_SIGNALS:
        return _MANILHA_SIGNALS[st]
    return _RANK_WORDS.get(RANKS[best // 4], "nothing")


def may_signal(s: HandState, seat: int) -> bool:
    """Signals are sent on your own turn, with four seats, not in an iron hand."""
    return (s.deal.opts.seats == 4 and not s.over and s.to_act == seat
            and s.deal.mode != IRON)


def is_team_decision(s: HandState) -> bool:
    """The engine waits for a team's answer (a raise) or its hand-of-eleven decision."""
    from ..engine.state import legal_actions

    return (s.deal.opts.seats == 4 and not s.over
            and any(a in _ANSWERS for a in legal_actions(s)))


def voters(s: HandState) -> tuple[int, int]:
    """The answering (or deciding) seat and its partner."""
    return (s.to_act, (s.to_act + 2) % 4)


def run_action(legal: Sequence[str]) -> str:
    """What the team does without agreement: it runs."""
    return next(a for a in _ANSWERS if a in legal)


def bot_vote(obs: Mapping[str, Any], legal: Sequence[str]) -> str:
    """A bot partner's vote among ``legal`` (the answering seat's choices), from the bot's own
    observation ``obs``: its own cards and the public table, as the bots' policy answers."""
    ob = parse_observation(obs)
    s = determinize(ob, random.Random(0))
    seat = ob.seat
    p = win_estimate(s, seat)
    if "onze:play" in legal:
        return "onze:play" if p >= ROLLOUT.onze_at else "onze:fold"
    if s.pending is None:
        return run_action(legal)
    if "raise" in legal and p >= ROLLOUT.reraise_at:
        return "raise"
    if "accept" in legal and p >= break_even(s.stake, s.pending[1]) + ROLLOUT.accept_margin:
        return "accept"
    return run_action(legal)
