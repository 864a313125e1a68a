"""The heuristic bot: a sensible rule-of-thumb player (no lookahead).

It counts its manilhas and 3s through a quick win estimate, wins tricks cheaply, keeps its best
card for when it matters, calls truco with strong hands, bluffs now and then, and accepts or
folds by comparing its win estimate with the break-even chance of the stake.

>>> from truco_learn.engine import new_hand, observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> d = HeuristicBot(seed=0).decide(observation(s, 0))
>>> d.action, d.explanation["summary"]
('raise', 'Rule of thumb: my cards win about 86% of the time, so I go for raising to truco (3).')
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..engine.actions import ACTION_STR
from ..engine.observer import parse_observation
from ..engine.state import IRON, legal_codes
from .base import Decision
from .facts import table_facts
from .handeval import win_estimate
from .policy import Style, choose
from .sampler import DealSampler
from .sentences import summarize_rule

HEURISTIC = Style(raise_at=0.7, reraise_at=0.85, accept_margin=0.1, bluff=0.08, onze_at=0.38,
                  respect=0.2)
# a loose, aggressive table player: a yardstick the coach was not tuned on
BLUFFER = Style(raise_at=0.55, reraise_at=0.72, accept_margin=0.0, bluff=0.25, onze_at=0.3,
                respect=0.05)


class HeuristicBot:
    """Rule-of-thumb player; its seeded RNG only drives the bluffs (and blind iron choices)."""

    def __init__(self, seed: int = 0, style: Style = HEURISTIC,
                 rng: random.Random | None = None, name: str = "heuristic") -> None:
        self.name = name
        self.rng = rng if rng is not None else random.Random(seed)
        self.style = style

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        """Apply the rules of thumb to what this seat sees."""
        ob = parse_observation(observation)
        s = DealSampler(ob, infer_bets=False).checked  # hidden cards unread: any deal will do
        if s.over or s.to_act != ob.seat:
            from ..errors import TrucoError

            raise TrucoError(f"bad observation: seat {ob.seat} is not to act")
        code = choose(s, self.rng, self.style)
        facts = table_facts(ob, s)
        facts["ladder"] = list(s.deal.opts.ladder)
        win = 0.5 if s.deal.mode == IRON else win_estimate(s, ob.seat)
        facts["win_estimate"] = round(win, 3)
        action = ACTION_STR[code]
        return Decision(action, {
            "summary": summarize_rule(action, win, facts),
            "options": [{"action": ACTION_STR[c], "ev": None, "win": None}
                        for c in sorted(legal_codes(s))],
            "samples": 0,
            "facts": facts,
        })
