"""What their raises say about the cards they hold at that moment, read against the rule of
thumb: on a turn where they could raise, did the rule-of-thumb player in their place
(:func:`.policy.thumb_raise`: a card above an ace and a good chance with the cards left and the
tricks so far) call for a raise, and did they raise?

:mod:`.answer_model` learns their raises by the strength of the hand they were dealt; but a
player who raises only when the moment is very good (a won trick and the best card left)
raises with middling dealt hands too, so the dealt strength says little about what a raise
from them means. This model keeps two chances, learnt from the hands they showed (their unseen
cards drawn a few times when the hand is filed): that they raise when the rule of thumb would,
and that they raise when it would not. The deal sampler weighs each drawn deal by them
(:meth:`RaiseReading.factor`), so after a raise from a player who never raises without good
reason the coach imagines the hands that make the moment good, and after one from a player who
raises on anything it imagines any hand.

>>> r = RaiseReading()
>>> round(r.rate(False), 2), round(r.rate(True), 2)
(0.08, 0.6)
>>> for _ in range(12):
...     r.add(0.0, False)                # the rule would not raise: they did not either
...     r.add(1.0, True)                 # the rule would raise: they did
>>> round(r.factor(False, True), 3) < round(RaiseReading().factor(False, True), 3)
True
"""

from __future__ import annotations

import random
from typing import Sequence

from ..engine.actions import RAISE
from ..engine.observer import Observed, determinize
from ..engine.state import IRON, HandState, apply_legal, legal_codes, new_hand
from .policy import ROLLOUT, Style, thumb_raise

PRIOR = (0.08, 0.6)  # their chance to raise when the rule of thumb would not / would
PRIOR_WEIGHT = 6.0
DRAWS = 6  # draws of their unseen cards when a hand's turns are filed


def may_read(s: HandState) -> bool:
    """Is ``s`` a turn this model reads (a raise legal, no answer due, not the iron hand)?"""
    return (s.pending is None and not s.onze_pending and s.deal.mode != IRON
            and s.ext is None and RAISE in legal_codes(s))


class RaiseReading:
    """Counts of their turns: ``counts[thumb][raised]`` (thumb: would the rule raise)."""

    def __init__(self) -> None:
        self.counts = [[0.0, 0.0], [0.0, 0.0]]
        self.seen = 0

    def rate(self, thumb: bool) -> float:
        """Their chance to raise on a turn where the rule of thumb would (not) raise."""
        no, yes = self.counts[int(thumb)]
        return (yes + PRIOR_WEIGHT * PRIOR[int(thumb)]) / (no + yes + PRIOR_WEIGHT)

    def factor(self, thumb: bool, raised: bool) -> float:
        """How well a deal in which the rule of thumb would (not) raise fits what they did,
        relative to the best fit (1.0)."""
        a, b = self.rate(False), self.rate(True)
        fits = (a, b) if raised else (1.0 - a, 1.0 - b)
        top = max(fits) or 1.0
        return fits[int(thumb)] / top

    def add(self, thumb: float, raised: bool) -> None:
        """One turn seen, where the rule of thumb would have raised with chance ``thumb``
        (over the draws of their unseen cards): spread by how likely each made the choice."""
        w = [(1.0 - thumb) * (self.rate(False) if raised else 1.0 - self.rate(False)),
             thumb * (self.rate(True) if raised else 1.0 - self.rate(True))]
        total = sum(w)
        if total <= 0:
            return
        for t in (0, 1):
            self.counts[t][int(raised)] += w[t] / total
        self.seen += 1

    def facts(self) -> dict[str, object]:
        """The learnt chances, for the explanation."""
        return {"turns": self.seen, "raise_when_the_rule_would": round(self.rate(True), 2),
                "raise_when_it_would_not": round(self.rate(False), 2)}

    def file_hand(self, ob: Observed, turns: Sequence[tuple[int, bool]],
                  style: Style = ROLLOUT) -> None:
        """File a finished hand's turns (``ob``: its last observation the coach saw;
        ``turns``: (index in the log, raised)), the rule of thumb worked out on a few draws of
        the cards they did not show."""
        if not turns:
            return
        rng = random.Random(len(ob.log))
        thumbs = [0.0] * len(turns)
        for _ in range(DRAWS):
            s = determinize(ob, rng)
            d = s.deal
            if d.mode == IRON:
                return
            wanted = {index: j for j, (index, _) in enumerate(turns)}
            t = new_hand(d.opts, d.dealer, d.hands, d.vira, d.score)
            for i, (who, code) in enumerate(s.log):
                j = wanted.get(i)
                if j is not None and who == t.to_act and may_read(t):
                    thumbs[j] += thumb_raise(t, who, style) / DRAWS
                t = apply_legal(t, code)
        for (_, raised), q in zip(turns, thumbs):
            self.add(q, raised)


__all__ = ["PRIOR", "PRIOR_WEIGHT", "RaiseReading", "may_read"]
