"""The ``anti-random`` bot: the best reply to a player that picks uniformly among its legal
actions, by exact search of each hand (:mod:`.wildsearch`).

It is a yardstick, not a teacher: it measures how far any player who does not see the cards
can get against the ``random`` bot (``truco-learn arena --bot anti-random --opponent
random``). It weighs each hand's points by the game-winning chances of the coach's measured
results against a wild player (:data:`.equity.WILD_OUTCOMES`, :data:`.equity.WILD_ELEVEN`),
or by a table of game chances it is given (``truco-learn ceiling`` computes one by value
iteration, :mod:`.ceiling`).
Where the search does not apply (four seats, covered cards, the blind iron hand) it plays the
rule-of-thumb policy.

>>> from truco_learn.engine import new_hand, observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> d = AntiRandomBot().decide(observation(s, 0))
>>> d.action, d.explanation["samples"], len(d.explanation["options"])
('play:4H', 0, 4)
>>> d.explanation["summary"]
'Against a player who picks at random, play:4H is best: it wins the game 97% of the time (exact search).'
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..engine.actions import ACTION_STR
from ..engine.observer import parse_observation
from ..engine.state import legal_codes
from ..errors import TrucoError
from .base import Decision
from .equity import WILD_ELEVEN, WILD_OUTCOMES, outcome_table
from .heuristic import HEURISTIC
from .policy import choose
from .sampler import DealSampler
from .wildsearch import POINT_WEIGHT, searchable, wild_values


class AntiRandomBot:
    """Exact best reply to a uniformly random player (two seats); deterministic, and its
    seeded RNG only drives the rule-of-thumb fallback."""

    name = "anti-random"

    def __init__(self, seed: int = 0, table: Sequence[Sequence[float]] | None = None) -> None:
        self.rng = random.Random(seed)
        self.table = table  # game chances by score (mine, theirs); None: from the equity model

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        """Search the hand from what this seat sees and take the best action."""
        ob = parse_observation(observation)
        s = DealSampler(ob, infer_bets=False).checked  # the other hand: placeholders, unread
        if s.over or s.to_act != ob.seat:
            raise TrucoError(f"bad observation: seat {ob.seat} is not to act")
        if not searchable(s):
            code = choose(s, self.rng, HEURISTIC)
            return Decision(ACTION_STR[code], {
                "summary": "No exact search here (it needs two seats and cards face up), "
                           "so I follow the rules of thumb.",
                "options": [{"action": ACTION_STR[c], "ev": None, "win": None}
                            for c in sorted(legal_codes(s))],
                "samples": 0})
        table = self.table or outcome_table(s.opts, *WILD_OUTCOMES, WILD_ELEVEN)
        values = wild_values(s, ob.seat, table)
        order = sorted(values, key=lambda c: (-(values[c][0] + POINT_WEIGHT * values[c][1]), c))
        best = order[0]
        action = ACTION_STR[best]
        options = [{"action": ACTION_STR[c], "ev": round(values[c][1], 3),
                    "win": round(values[c][2], 3), "game": round(values[c][0], 3)}
                   for c in order]
        summary = (f"Against a player who picks at random, {action} is best: it wins the game "
                   f"{values[best][0]:.0%} of the time (exact search).")
        return Decision(action, {"summary": summary, "options": options, "samples": 0,
                                 "facts": {"method": "exact search against a random player"}})


__all__ = ["AntiRandomBot"]
