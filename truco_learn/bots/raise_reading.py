"""What their raises say about the moment they raised in, read from how good the moment was: on
a turn where they could raise, how good was their hand then (:func:`moment`: the rough chance
to win with the cards left and the tricks so far, :func:`.handeval.win_estimate`, less for the
raises already made and for each step of the ladder), and did they raise?

:mod:`.answer_model` learns their raises by the strength of the hand they were dealt; but a
player who raises only when the moment is very good (a won trick and the best card left)
raises with middling dealt hands too, so the dealt strength says little about what a raise
from them means. This model keeps, for four grades of the moment (below 0.6, up to 0.72, up to
0.82, above: the rule-of-thumb player raises from 0.72), the chance that they raise, learnt from
the hands they showed (their unseen cards drawn a few times when the hand is filed). The deal
sampler weighs each drawn deal by it (:meth:`RaiseReading.factor`), so after a raise from a
player who raises only on the best moments the coach imagines the hands that make the moment
that good, and after one from a player who raises on anything it imagines any hand.

>>> r = RaiseReading()
>>> [round(r.rate(g), 2) for g in range(GRADES)]
[0.05, 0.15, 0.5, 0.7]
>>> for _ in range(12):
...     r.add((0.0, 0.0, 1.0, 0.0), False)     # a good moment: they did not raise
...     r.add((0.0, 0.0, 0.0, 1.0), True)      # the best moments: they did
>>> r.factor(2, True) < RaiseReading().factor(2, True), r.factor(3, True)
(True, 1.0)
"""

from __future__ import annotations

import random
from typing import Sequence

from ..engine.actions import RAISE
from ..engine.observer import Observed
from ..engine.state import IRON, HandState, legal_codes
from .hand_draws import replay_draws
from .handeval import win_estimate
from .policy import ROLLOUT, Style, their_raises

GRADES = 4
CUTS = (0.6, 0.72, 0.82)  # the grades of a moment: below each of these, or above the last
PRIOR = (0.05, 0.15, 0.5, 0.7)  # a sensible player's chance to raise in each grade
PRIOR_WEIGHT = 4.0
DRAWS = 6  # draws of their unseen cards when a hand's turns are filed
LEVEL_STEP = 0.06  # each step of the ladder already reached asks this much more of a moment


def moment(s: HandState, seat: int, style: Style = ROLLOUT) -> int:
    """The grade (0..3) of ``seat``'s moment in ``s``: its rough chance to win now, less
    ``style.respect`` for each raise the other team made in this hand and
    :data:`LEVEL_STEP` for each step of the ladder already reached."""
    d = s.deal
    level = d.opts.ladder.index(s.stake) if s.stake in d.opts.ladder else 0
    p = win_estimate(s, seat) - style.respect * their_raises(s, seat) - LEVEL_STEP * level
    return sum(1 for cut in CUTS if p >= cut)


def may_read(s: HandState) -> bool:
    """Is ``s`` a turn this model reads (a raise legal, no answer due, not the iron hand)?"""
    return (s.pending is None and not s.onze_pending and s.deal.mode != IRON
            and s.ext is None and RAISE in legal_codes(s))


class RaiseReading:
    """Counts of their turns: ``counts[grade][raised]``."""

    def __init__(self) -> None:
        self.counts = [[0.0, 0.0] for _ in range(GRADES)]
        self.seen = 0

    def rate(self, grade: int) -> float:
        """Their chance to raise in a moment of this grade."""
        no, yes = self.counts[grade]
        return (yes + PRIOR_WEIGHT * PRIOR[grade]) / (no + yes + PRIOR_WEIGHT)

    def factor(self, grade: int, raised: bool) -> float:
        """How well a deal that gives them a moment of this grade fits what they did,
        relative to the best-fitting grade (1.0)."""
        fits = [self.rate(g) if raised else 1.0 - self.rate(g) for g in range(GRADES)]
        top = max(fits) or 1.0
        return fits[grade] / top

    def add(self, grades: Sequence[float], raised: bool) -> None:
        """One turn seen, whose moment had each grade with the chances ``grades`` (over the
        draws of their unseen cards): spread by how likely each grade made the choice."""
        w = [q * (self.rate(g) if raised else 1.0 - self.rate(g))
             for g, q in enumerate(grades)]
        total = sum(w)
        if total <= 0:
            return
        for g in range(GRADES):
            self.counts[g][int(raised)] += w[g] / total
        self.seen += 1

    def facts(self) -> dict[str, object]:
        """The learnt chances, for the explanation."""
        return {"turns": self.seen, "raise_by_moment": [round(self.rate(g), 2)
                                                        for g in range(GRADES)]}

    def file_hand(self, ob: Observed, turns: Sequence[tuple[int, bool]],
                  style: Style = ROLLOUT) -> None:
        """File a finished hand's turns (``ob``: its last observation the coach saw;
        ``turns``: (index in the log, raised)), each moment graded on a few draws of the cards
        they did not show."""
        if not turns:
            return
        grades = [[0.0] * GRADES for _ in turns]
        wanted = {index: j for j, (index, _) in enumerate(turns)}
        for steps, _ in replay_draws(ob, DRAWS, random.Random(len(ob.log))):
            for i, (who, _, before) in enumerate(steps):
                j = wanted.get(i)
                if j is not None and who == before.to_act and may_read(before):
                    grades[j][moment(before, who, style)] += 1.0
        for (_, raised), q in zip(turns, grades):
            if sum(q) > 0:
                self.add([x / sum(q) for x in q], raised)


__all__ = ["CUTS", "GRADES", "PRIOR", "PRIOR_WEIGHT", "RaiseReading", "may_read", "moment"]
