"""The coach checks the folds it states for its raises against their answers, during the match.

A raise's words say "they fold about x%" (``facts.raise_split.they_fold``): the share of its
playouts in which the other side folded at once. Those playouts answer as the answer reading
has learnt them, which is slow to learn a player's folds (a fold shows no cards), so the number
drifts from what they do: a cautious player folds more than stated, a bold one less. So, as
:mod:`.self_check` does for the chances to win the hand, the coach notes the fold it stated at
each of its raises and, once the hand is over, whether they folded at once (what came after the
raise in the log it saw; nothing after it, when no later turn of that hand came to the coach:
an accept or a raise back hands the turn back to the raiser. A raise back of the coach's is
not so: accepted, the turn goes to whoever was to play, so one whose answer it never saw is
left out).

The correction moves the stated folds on the log-odds scale by a shift and a slope (``shift +
slope × logit(fold)``) learnt from this match's raises, pulled towards no shift by a prior worth
:data:`PRIOR_WEIGHT` raises and towards a slope of 1 by one worth :data:`SLOPE_WEIGHT` (a
player who folds below a margin of its own folds more steeply by the fold stated than the
playouts say; a match alone shows too few raises to tell a slope, a player met again more). It
changes only the numbers shown, never the decision: :func:`.coach.corrected` keeps the raise's
chance to win the hand as the self-check gives it, holds the fold shown at or below it (a fold
is a hand won) and gives the rest to the chance when the hand is played. A player met again
starts from the raises of earlier matches (:mod:`.coach_memory`), each weighing less the
longer ago it was.

>>> c = FoldCheck()
>>> c.correct(0.6)                                  # nothing seen yet: no shift
0.6
>>> c.raises.extend([(logit(0.6), 1.0)] * 9 + [(logit(0.6), 0.0)])   # they folded 9 of 10
>>> round(c.correct(0.6), 2), c.correct(1.0)
(0.87, 1.0)
"""

from __future__ import annotations

from typing import Sequence

from ..engine.observer import Observed
from .coach_memory import RememberedFold
# the log-odds scale as the self-check reads it (stated chances held off 0 and 1), and its
# hands told apart as the self-check tells them
from .self_check import NEWTON_STEPS, hand_key, logit, sigmoid

# how many raises' worth of "no shift" the correction starts from: chosen on 200 matches
# against the heuristic among 0.5, 1, 2, 4 and 8 (the yardsticks held out), where 1 brought
# both the folds shown and the chances when played closest (coach-rounds.md, round 27)
PRIOR_WEIGHT = 1.0
# how many raises' worth of "a slope of 1": chosen among 2, 4 and 8 on the heuristic, one-off
# and met again over series of 25 matches (coach-rounds.md, round 27)
SLOPE_WEIGHT = 4.0


class FoldCheck:
    """The folds stated at the coach's raises in this match and whether they came."""

    def __init__(self, remembered: Sequence[RememberedFold] = (),
                 prior_weight: float = PRIOR_WEIGHT, slope_weight: float = SLOPE_WEIGHT
                 ) -> None:
        self.prior_weight, self.slope_weight = prior_weight, slope_weight
        self.remembered = tuple(remembered)  # earlier matches' raises, with their weights
        self.raises: list[tuple[float, float]] = []  # (logit of the fold stated, folded)
        self._fit: tuple[float, float] | None = None  # (shift, slope)
        self._hand: tuple[object, ...] | None = None
        # this hand's log as far as the coach saw it: (seat, kind, card)
        self._log: tuple[tuple[int, str, int | None], ...] = ()
        # this hand's raises: (log index, stated, a raise back)
        self._pending: list[tuple[int, float, bool]] = []

    def observe(self, ob: Observed) -> None:
        """See an observation: a new hand settles the last one's raises."""
        key = hand_key(ob)
        if key != self._hand:
            self._settle()
            self._hand = key
        if len(ob.log) >= len(self._log):
            self._log = tuple(ob.log)

    def note(self, ob: Observed, stated: float, back: bool = False) -> None:
        """The coach raises in ``ob`` (seen already) stating that they fold ``stated``;
        ``back``: a raise back, in answer to theirs."""
        if 0.0 < stated < 1.0:
            self._pending.append((len(ob.log), stated, back))

    def _settle(self) -> None:
        self.raises.extend(self.settled())
        if self._pending:
            self._fit = None
        self._pending, self._log = [], ()

    def settled(self) -> list[tuple[float, float]]:
        """This hand's raises as settled were it over now (the log as far as seen)."""
        out = []
        for at, stated, back in self._pending:  # the raise at log index ``at``, the answer next
            if at + 1 >= len(self._log) and back:
                continue  # a raise back whose answer was not seen: either may have come
            if at < len(self._log) and self._log[at][1] != "raise":
                continue  # not raised after all (a level's habit played something else)
            folded = at + 1 >= len(self._log) or self._log[at + 1][1] == "fold"
            out.append((logit(stated), 1.0 if folded else 0.0))
        return out

    def weighted(self) -> list[RememberedFold]:
        """Every raise it holds with its weight: the remembered ones, then this match's
        (this hand's too, as far as seen), each weighing 1."""
        return [*self.remembered, *((x, y, 1.0) for x, y in [*self.raises, *self.settled()])]

    def fit(self) -> tuple[float, float]:
        """The log-odds shift and slope that best fit the raises settled, with normal priors
        around no shift and a slope of 1 (prior variances 4 / weight; a few Newton steps)."""
        if self._fit is None:
            a, b = 0.0, 1.0
            va, vb = 4.0 / self.prior_weight, 4.0 / self.slope_weight
            data = [*self.remembered, *((x, y, 1.0) for x, y in self.raises)]
            for _ in range(NEWTON_STEPS if data else 0):
                ga, gb, haa, hab, hbb = -a / va, -(b - 1.0) / vb, 1.0 / va, 0.0, 1.0 / vb
                for x, folded, weight in data:
                    p = sigmoid(a + b * x)
                    r, q = weight * (folded - p), weight * p * (1.0 - p)
                    ga, gb = ga + r, gb + r * x
                    haa, hab, hbb = haa + q, hab + q * x, hbb + q * x * x
                det = haa * hbb - hab * hab
                a, b = a + (hbb * ga - hab * gb) / det, b + (haa * gb - hab * ga) / det
            self._fit = (a, b)
        return self._fit

    def correct(self, fold: float) -> float:
        """The fold ``fold`` as their answers put it (certainties stay)."""
        if not 0.0 < fold < 1.0 or not (self.raises or self.remembered):
            return fold
        a, b = self.fit()
        return sigmoid(a + b * logit(fold))

    def facts(self) -> dict[str, float]:
        """Raises settled so far in this match, the weight of those remembered from earlier
        matches, and the shift and slope applied (log-odds)."""
        a, b = self.fit()
        return {"raises": len(self.raises),
                "remembered": round(sum(w for _, _, w in self.remembered), 2),
                "shift": round(a, 3), "slope": round(b, 3)}


__all__ = ["FoldCheck", "PRIOR_WEIGHT", "SLOPE_WEIGHT"]
