"""Yardstick opponents the coach was not tuned on: five answer styles to measure it against.

Each decides from its seat's observation only (like every bot). Four are rule-of-thumb players
with their own betting thresholds (:class:`.heuristic.HeuristicBot` with another
:class:`.policy.Style`):

- ``tight``: calls truco only on very strong hands, folds anything doubtful;
- ``loose``: calls truco on fair hands, bluffs, accepts almost every raise;
- ``reraiser``: folds weak hands, accepts middling ones and raises back on strong ones
  (the player that found the coach's cheap trucos);
- ``caller``: a passive caller that never raises and accepts most raises (and says quiero to
  an envido with 4 points fewer than the rule of thumb: from 22, a falta envido from 26).

The fifth, ``sampler``, bets on its estimated chance: it draws hidden deals consistent with what
it saw (its own seeded RNG), plays each out with cards only, and raises, accepts or folds by the
share it wins.

>>> from truco_learn.engine import new_hand, observation, step
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> [make_yardstick(n, seed=1).decide(observation(s, 0)).action for n in YARDSTICKS]
['raise', 'raise', 'raise', 'play:4H', 'raise']
>>> after = observation(step(s, "raise"), 1)   # 2H 5C KD facing a truco
>>> [make_yardstick(n, seed=1).decide(after).action for n in YARDSTICKS]
['fold', 'accept', 'accept', 'accept', 'fold']
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..engine.actions import ACCEPT, ACTION_STR, FOLD, ONZE_FOLD, ONZE_PLAY, RAISE
from ..engine.observer import parse_observation
from ..engine.state import IRON, apply_legal, legal_codes
from ..errors import ConfigError, TrucoError
from .base import Bot, Decision
from .facts import table_facts
from .heuristic import HeuristicBot
from .policy import Style, break_even, card_choice, fold_loses_game, rollout
from .sampler import DealSampler
from .sentences import summarize_rule

TIGHT = Style(raise_at=0.82, reraise_at=0.93, accept_margin=0.2, bluff=0.0, onze_at=0.45,
              respect=0.3)
LOOSE = Style(raise_at=0.58, reraise_at=0.8, accept_margin=-0.12, bluff=0.15, onze_at=0.3,
              respect=0.05)
RERAISER = Style(raise_at=0.66, reraise_at=0.6, accept_margin=0.06, bluff=0.04, onze_at=0.38,
                 respect=0.0)
CALLER = Style(raise_at=9.0, reraise_at=9.0, accept_margin=-0.08, bluff=0.0, onze_at=0.33,
               respect=0.1, quiero_margin=4)
STYLES: dict[str, Style] = {"tight": TIGHT, "loose": LOOSE, "reraiser": RERAISER,
                            "caller": CALLER}
YARDSTICKS: tuple[str, ...] = ("tight", "loose", "reraiser", "caller", "sampler")
# cards only: nobody raises in the sampler's playouts, the hand of eleven is played
_CARDS_ONLY = Style(raise_at=9.0, reraise_at=9.0, accept_margin=-1.0, bluff=0.0, onze_at=0.0)


class SamplingBot:
    """Bets on its estimated chance: ``samples`` hidden deals consistent with the observation
    (bets read as a sensible player's), each played out with cards only. It raises at
    ``raise_at`` (a little more per step of the ladder), raises back at ``reraise_at``, accepts
    above the break-even plus ``margin`` and plays the hand of eleven at ``onze_at``."""

    def __init__(self, seed: int = 0, samples: int = 48, raise_at: float = 0.7,
                 reraise_at: float = 0.82, margin: float = 0.04, onze_at: float = 0.42,
                 name: str = "sampler") -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.samples = samples
        self.raise_at, self.reraise_at = raise_at, reraise_at
        self.margin, self.onze_at = margin, onze_at

    def chance(self, observation: Mapping[str, Any]) -> float:
        """The share of sampled deals my team wins when the hand is played out with cards."""
        sampler = DealSampler(observation)
        team = sampler.ob.seat & 1
        won = 0
        for _ in range(self.samples):
            s = sampler.sample(self.rng)
            if s.onze_pending:
                s = apply_legal(s, ONZE_PLAY)
            if s.pending is not None:
                s = apply_legal(s, ACCEPT)
            won += rollout(s, self.rng, _CARDS_ONLY).winner == team
        return won / self.samples

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        """Raise, answer or play by the estimated chance."""
        ob = parse_observation(observation)
        s = DealSampler(ob, infer_bets=False).checked
        if s.over or s.to_act != ob.seat:
            raise TrucoError(f"bad observation: seat {ob.seat} is not to act")
        legal = legal_codes(s)
        p = 0.5 if s.deal.mode == IRON else self.chance(observation)
        d = s.deal
        level = d.opts.ladder.index(s.stake) if s.stake in d.opts.ladder else 0
        if len(legal) == 1:
            code = legal[0]
        elif s.onze_pending:
            code = ONZE_PLAY if p >= self.onze_at else ONZE_FOLD
        elif s.pending is not None:
            if RAISE in legal and p >= self.reraise_at + 0.04 * level:
                code = RAISE
            elif (p >= break_even(s.stake, s.pending[1]) + self.margin
                  or fold_loses_game(s)):
                code = ACCEPT
            else:
                code = FOLD
        elif d.mode == IRON:
            code = legal[self.rng.randrange(len(legal))]
        elif RAISE in legal and p >= self.raise_at + 0.06 * level:
            code = RAISE
        else:
            code = card_choice(s, ob.seat, [c for c in legal if c != RAISE])
        facts = table_facts(ob, s)
        facts["ladder"] = list(d.opts.ladder)
        facts["win_estimate"] = round(p, 3)
        action = ACTION_STR[code]
        return Decision(action, {
            "summary": summarize_rule(action, p, facts),
            "options": [{"action": ACTION_STR[c], "ev": None, "win": None} for c in legal],
            "samples": self.samples,
            "facts": facts,
        })


def make_yardstick(name: str, seed: int = 0) -> Bot:
    """A yardstick opponent by name (one of :data:`YARDSTICKS`); ConfigError otherwise."""
    if name in STYLES:
        return HeuristicBot(seed=seed, style=STYLES[name], name=name)
    if name == "sampler":
        return SamplingBot(seed=seed)
    raise ConfigError(f"unknown yardstick {name!r} (known: {', '.join(YARDSTICKS)})")


__all__ = ["CALLER", "LOOSE", "RERAISER", "STYLES", "SamplingBot", "TIGHT", "YARDSTICKS",
           "make_yardstick"]
