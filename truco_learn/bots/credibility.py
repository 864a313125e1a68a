"""How much the other team's raises mean good cards, learnt during a game from the cards they
showed after raising.

A sensible player who calls truco usually holds a 2, a 3 or a manilha; a wild one holds them
about half the time. Each time the other team raised and then showed at least two of the
raiser's cards face up, the coach notes whether one of them was a 2 or better. ``trust`` runs
from 0 (their raises say nothing) to 1 (they raise on good cards, as the coach first assumes);
the coach weighs its bet-aware sampling and its answers by it.

>>> from truco_learn.engine import new_hand, observation, step
>>> c = RaiseCredibility()
>>> c.trust
1.0
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["5C", "4S", "6H"], ["4H", "5D", "6S"]])
>>> for a in ["raise", "accept", "play:5C", "play:4H", "play:4S", "play:5D"]:
...     s = step(s, a)
>>> c.observe(observation(s, 1))      # seat 0 called truco on 5C 4S 6H
>>> c.total, c.strong, round(c.trust, 2)
(1, 0, 0.51)
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.cards import strength_table
from ..engine.observer import Observed, parse_observation

GOOD = 8  # strength of a 2: "a 2, a 3 or a manilha"
SENSIBLE, WILD = 0.85, 0.5  # chance a raiser shows a good card, sensible or wild


class RaiseCredibility:
    """The evidence seen so far about the other team's raises (one instance per game)."""

    def __init__(self, prior: float = 4.0) -> None:
        self.prior = prior
        self.strong = 0
        self.total = 0
        self._seen: set[tuple[Any, ...]] = set()

    def observe(self, observation: Mapping[str, Any] | Observed) -> None:
        """Note every raise of the other team in this observation whose raiser has shown two
        cards face up (each raise counted once, however often the hand is seen)."""
        ob = observation if isinstance(observation, Observed) else parse_observation(observation)
        if ob.hand is None:
            return
        strength = strength_table(ob.opts.manilhas, ob.vira)
        key = (ob.opts.variant, ob.dealer, ob.score, ob.vira, ob.hand)
        team = ob.seat & 1
        for i, (who, kind, _) in enumerate(ob.log):
            if kind != "raise" or who & 1 == team or (key, i) in self._seen:
                continue
            shown = [strength[c] for w, k, c in ob.log if w == who and k == "play"
                     and c is not None]
            if len(shown) >= 2:
                self._seen.add((key, i))
                self.total += 1
                self.strong += max(shown) >= GOOD

    @property
    def trust(self) -> float:
        """0 (their raises mean nothing) .. 1 (they raise on good cards)."""
        rate = (self.strong + SENSIBLE * self.prior) / (self.total + self.prior)
        return max(0.0, min(1.0, (rate - WILD) / (SENSIBLE - WILD)))

    def facts(self) -> dict[str, Any]:
        """The evidence, for the explanation."""
        return {"raises_seen": self.total, "raises_with_good_cards": self.strong,
                "trust": round(self.trust, 2)}
