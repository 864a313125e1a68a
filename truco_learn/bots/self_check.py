"""The coach checks its own stated chances against the hands it then won, during the match.

The chance to win the hand the coach states comes from its playouts, which model the other
side from what it has seen; where that model is off (a player who raises only on very strong
hands, one who never folds), the numbers drift from what comes true. So the coach notes, for
each of its decisions, the kind of decision (``card play``, ``own raise``, ``answer``, ``hand of
eleven``, as in :mod:`.calibration`) and the chance it stated, and when the hand is over (read
from the score of the next hand: which team got the points) it sets them against the outcome.

The correction is a shift of the stated chances on the log-odds scale, one per kind, learnt
from this match only: the shift that best fits the outcomes seen, pulled towards no shift by a
prior worth :data:`PRIOR_WEIGHT` decisions (so a few hands move it little). At four seats the
prior weighs more and is centred off 0 for some kinds, though not with envido or flor
(:func:`for_seats`); there the envido and flor points are set apart from the hand's own
(:meth:`SelfCheck.note`). The numbers it corrects are only those shown (``win`` of each
option); the decision itself is unchanged. Certainties (a stated 0 or 1) stay as they are.

>>> c = SelfCheck()
>>> c.correct("answer", 0.6)                       # nothing seen yet: no shift
0.6
>>> for _ in range(30):                            # stated 0.6 thirty times, won a fifth
...     c.add("answer", 0.6, 0.0)
>>> for _ in range(8):
...     c.add("answer", 0.6, 1.0)
>>> round(c.correct("answer", 0.6), 2), c.correct("card play", 0.6)
(0.25, 0.6)
>>> c.correct("answer", 1.0)
1.0
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from ..engine.observer import Observed, parse_observation

PRIOR_WEIGHT = 4.0  # how many decisions' worth of "no shift" the correction starts from
EDGE = 0.02  # stated chances are read between EDGE and 1 - EDGE on the log-odds scale
NEWTON_STEPS = 6
# where the prior of each kind's shift is centred, by the table's seats (log-odds; a kind not
# named: 0). At four seats the coach's playouts are too gloomy once a raise is accepted or a
# hand of eleven played (its side plays them by the rule of thumb, worse than the live coach
# and partner do), by about the same against every player: the centres are the shifts that
# fit the answers and hands of eleven of 400 four-seat matches against the heuristic
# (``benchmarks/calibration_log.py fit``); the yardsticks were held out to check them.
CENTERS: dict[int, dict[str, float]] = {2: {}, 4: {"answer": 0.7, "hand of eleven": 0.8}}
# the prior's weight by the table's seats: at four seats the chances before the check were
# already close for card plays, and a prior of 4 decisions let a few hands move them off (ECE
# 0.017 before the check, 0.043 after, against the heuristic); 16 was chosen on that log
# among 4, 8, 16 and 32, with `tight` and `loose` held out
PRIOR_WEIGHTS: dict[int, float] = {2: PRIOR_WEIGHT, 4: 16.0}
# with envido, flor or dropping out (the Argentine presets) the same weights and no centre:
# the four-seat centres are of the Brazilian hands (against the heuristic in argentino-4p the
# answers' chances before the check were 0.01-0.04 below the share won, where paulista-4p's
# were 0.12 below)


def hand_key(ob: Observed) -> tuple[object, ...]:
    """What tells one hand of a match from the next: the variant, the dealer, the score and
    the vira."""
    return (ob.opts.variant, ob.dealer, ob.score, ob.vira)


def logit(p: float) -> float:
    """The log-odds of a stated chance, read between :data:`EDGE` and ``1 - EDGE``.

    >>> round(logit(0.5), 3), logit(0.0) == logit(EDGE), round(sigmoid(logit(0.3)), 3)
    (0.0, True, 0.3)
    """
    p = min(1.0 - EDGE, max(EDGE, p))
    return math.log(p / (1.0 - p))


def sigmoid(x: float) -> float:
    """The chance of log-odds ``x`` (the inverse of :func:`logit` inside its edges)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


class SelfCheck:
    """Stated chances and outcomes of the coach's own decisions in this match, per kind."""

    def __init__(self, prior_weight: float = PRIOR_WEIGHT,
                 center: Mapping[str, float] | None = None) -> None:
        self.prior_weight = prior_weight
        # where the prior of each kind's shift is centred (log-odds; 0 for a kind not named)
        self.center: dict[str, float] = dict(center or {})
        self.seen: dict[str, list[tuple[float, float]]] = {}  # kind -> (logit stated, won)
        self._shift: dict[str, float] = {}
        self._pending: list[tuple[str, float]] = []  # this hand's stated chances
        self._hand: tuple[Any, ...] | None = None
        self._score: tuple[int, int] | None = None
        self._team = 0
        self._bonus = (0, 0)  # this hand's envido and flor points, by team, as far as seen

    # ------------------------------------------------------------------ learning
    def add(self, kind: str, stated: float, won: float) -> None:
        """One decision settled: its kind, the chance stated, and 1 (hand won), 0 or 0.5."""
        if not 0.0 < stated < 1.0:
            return
        self.seen.setdefault(kind, []).append((logit(stated), won))
        self._shift.pop(kind, None)

    def note(self, observation: Mapping[str, Any] | Observed, kind: str | None,
             stated: float | None, bonus: tuple[int, int] = (0, 0)) -> None:
        """A decision of this hand, settled when the hand's points are known; ``bonus``: the
        points the hand gave at once so far (envido, flor), by team, which are not the hand's
        to settle."""
        ob = observation if isinstance(observation, Observed) else parse_observation(observation)
        self.observe(ob)
        self._bonus = (max(self._bonus[0], bonus[0]), max(self._bonus[1], bonus[1]))
        if kind is not None and stated is not None:
            self._pending.append((kind, stated))

    def observe(self, observation: Mapping[str, Any] | Observed) -> None:
        """A new hand began: the points of the last one (from the score) settle its notes."""
        ob = observation if isinstance(observation, Observed) else parse_observation(observation)
        key = hand_key(ob)
        if key == self._hand:
            return
        team = ob.seat & 1
        if self._score is not None and self._pending:
            gain = [ob.score[k] - self._score[k] - self._bonus[k] for k in (0, 1)]
            mine, theirs = gain[self._team], gain[1 - self._team]
            # the hand's own points to one team only settle it (both teams scoring means a
            # hand went by unseen, or envido points the coach did not see; a fall of the
            # score, a new game: neither settles anything)
            if min(gain) >= 0 and min(mine, theirs) == 0:
                won = 1.0 if mine > 0 else 0.0 if theirs > 0 else 0.5
                for kind, stated in self._pending:
                    self.add(kind, stated, won)
        self._pending = []
        self._bonus = (0, 0)
        self._hand, self._score, self._team = key, ob.score, team

    # ------------------------------------------------------------------ using
    def shift(self, kind: str) -> float:
        """The log-odds shift for ``kind``: the maximum of the outcomes' likelihood times a
        normal prior around the kind's centre, 0 unless given (a few Newton steps)."""
        if kind in self._shift:
            return self._shift[kind]
        data = self.seen.get(kind, [])
        c = self.center.get(kind, 0.0)
        b = c
        if data:
            tau = 1.0 / self.prior_weight * 4.0  # prior variance: 4 / weight (log-odds)
            for _ in range(NEWTON_STEPS):
                grad, hess = -(b - c) / tau, 1.0 / tau
                for x, won in data:
                    p = sigmoid(x + b)
                    grad += won - p
                    hess += p * (1.0 - p)
                b += grad / hess
        self._shift[kind] = b
        return b

    def correct(self, kind: str | None, p: float) -> float:
        """``p`` corrected by what this match showed of the coach's stated chances of
        ``kind`` (unchanged for no kind, no decisions yet and no centre, or a certainty)."""
        if kind is None or not 0.0 < p < 1.0 or (kind not in self.seen
                                                 and kind not in self.center):
            return p
        return sigmoid(logit(p) + self.shift(kind))

    def facts(self) -> dict[str, Any]:
        """Per kind: decisions settled so far and the shift applied (log-odds)."""
        return {kind: {"decisions": len(data), "shift": round(self.shift(kind), 3)}
                for kind, data in sorted(self.seen.items())}


def for_seats(seats: int, extended: bool = False) -> SelfCheck:
    """A fresh self-check for a table of ``seats``: its prior's weight and centres; with
    envido, flor or dropping out (``extended``) the same weight and no centre.

    >>> c = for_seats(4)
    >>> c.prior_weight, round(c.correct("answer", 0.5), 3), for_seats(2).correct("answer", 0.5)
    (16.0, 0.668, 0.5)
    >>> a = for_seats(4, extended=True)
    >>> a.prior_weight, a.correct("answer", 0.5)
    (16.0, 0.5)
    """
    return SelfCheck(PRIOR_WEIGHTS.get(seats, PRIOR_WEIGHT),
                     None if extended else CENTERS.get(seats))


__all__ = ["CENTERS", "EDGE", "PRIOR_WEIGHT", "PRIOR_WEIGHTS", "SelfCheck", "for_seats", "hand_key",
           "logit", "sigmoid"]
