"""How the other side answers the coach's envido calls, learnt from what it does (issue 18).

The rule of thumb (:mod:`.envido_policy`) says quiero to an envido from 26 points and to a
falta envido from 30 (one less as the mão). Played as if every player did so, the coach's
playouts found a falta envido on a weak envido a fine bluff: a player who folds everything
below 30 folds nearly nine hands in ten. A learner who says quiero with 27 makes that bluff
cost the game. So the coach takes no fixed number: each kind of call (an envido or real
envido; a falta envido) has a spread of thresholds a player may say quiero from, weighed
first by a prior around the rule of thumb (with a few players who always say quiero, or
never), then by every answer seen: a quiero with the points it showed, a no quiero with the
points its cards showed later in the hand, or with points unknown (the chance such a player
holds fewer than its threshold).

In the coach's playouts the other side, holding the points its drawn deal gives it, says
quiero with the chance the thresholds give (:meth:`EnvidoAnswers.accept_chance`).

>>> a = EnvidoAnswers()
>>> round(a.accept_chance("falta", 24), 2), round(a.accept_chance("falta", 31), 2)
(0.03, 0.91)
>>> for _ in range(6):
...     a.add("falta", True, 27)               # quiero to a falta envido with 27
>>> round(a.accept_chance("falta", 24), 2), round(a.accept_chance("falta", 27), 2)
(0.11, 1.0)

What the answers taught is kept from one match to the next against the same player
(:mod:`.coach_memory`): :meth:`EnvidoAnswers.evidence` gives it, faded, and a new match's
reading starts from it.

>>> b = EnvidoAnswers(a.evidence())
>>> round(b.accept_chance("falta", 27), 2), b.seen["falta"]
(1.0, 0)
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Sequence

from ..engine.actions import ACCEPT, DROP, FALTA_ENVIDO, FOLD
from ..engine.handpoints import envido_points
from ..engine.observer import Observed
from ..engine.state import HandState
from ..errors import ConfigError

#: kinds of call answered: ``"envido"`` (envido and real envido), ``"falta"``
KINDS = ("envido", "falta")
ALWAYS, NEVER = 0, 99  # a player who always says quiero, or never
#: the thresholds (points, the mão's point of a tie counted) a player may say quiero from, by
#: kind, with their prior weights: spread around the rule of thumb (26 for the first envido,
#: each raise asking one more; 30 for a falta envido), as people differ
PRIOR: dict[str, dict[int, float]] = {
    "envido": {ALWAYS: 0.5, 22: 1.0, 24: 1.0, 25: 1.5, 26: 2.0, 27: 2.0, 28: 1.5, 30: 1.0,
               NEVER: 0.3},
    "falta": {ALWAYS: 0.3, 25: 1.0, 27: 1.5, 28: 2.0, 29: 2.0, 30: 2.0, 31: 1.0, 33: 0.7,
              NEVER: 0.3},
}
LAPSE = 0.1  # an answer against a player's threshold, as often as this (either way)
TINY = 1e-300  # a weight read as no less than this (one contradicted by every answer seen)
#: the order of :meth:`EnvidoAnswers.evidence`: each kind's thresholds, lowest first
THRESHOLDS: tuple[tuple[str, int], ...] = tuple((k, t) for k in KINDS for t in sorted(PRIOR[k]))


def _points_below() -> tuple[float, ...]:
    """The share of three-card hands with fewer envido points than each number 0..100."""
    counts = hand_counts()
    counts += (0,) * (101 - len(counts))
    total = sum(counts)
    out, below = [], 0
    for c in counts:
        out.append(below / total)
        below += c
    return tuple(out)


_BELOW: tuple[float, ...] = ()
_COUNTS: tuple[int, ...] = ()


def hand_counts() -> tuple[int, ...]:
    """How many three-card hands hold each number of envido points (0..33), counted once.

    >>> len(hand_counts()), sum(hand_counts()), hand_counts()[33]
    (34, 9880, 152)
    """
    global _COUNTS
    if not _COUNTS:
        counts = [0] * 34
        for hand in combinations(range(40), 3):
            counts[envido_points(hand)] += 1
        _COUNTS = tuple(counts)
    return _COUNTS


def share_below(points: int) -> float:
    """The share of all three-card hands with fewer envido points than ``points``.

    >>> share_below(0), round(share_below(30), 3), share_below(99)
    (0.0, 0.911, 1.0)
    """
    global _BELOW
    if not _BELOW:
        _BELOW = _points_below()
    return _BELOW[max(0, min(100, points))]


def is_remembered(values: Sequence[float], size: int = len(THRESHOLDS)) -> bool:
    """Could :meth:`EnvidoAnswers.evidence` have written ``values``: one finite number, at most
    0, for each of :data:`THRESHOLDS` (or of ``size`` things, for another reading that
    remembers alike)?

    >>> is_remembered((0.0,) * len(THRESHOLDS)), is_remembered((0.0,)), is_remembered(())
    (True, False, False)
    >>> is_remembered((0.0, -1.0), size=2)
    True
    """
    return len(values) == size and all(math.isfinite(x) and x <= 0.0 for x in values)


class EnvidoAnswers:
    """The thresholds the other side says quiero from, by kind of call, weighed by the prior
    and the answers seen."""

    def __init__(self, remembered: Sequence[float] = ()) -> None:
        """``remembered``: what earlier matches taught (:meth:`evidence`, as kept by
        :mod:`.coach_memory`), or nothing: a stranger, read from the prior."""
        self.weights: dict[str, dict[int, float]] = {k: dict(p) for k, p in PRIOR.items()}
        if remembered:  # the weights need no norm: every use divides by their sum
            if not is_remembered(remembered):
                raise ConfigError(f"not what the envido reading remembers: {remembered!r}")
            for (kind, t), x in zip(THRESHOLDS, remembered):
                self.weights[kind][t] *= math.exp(x)
        self.seen = {k: 0 for k in KINDS}  # answers added in this match
        self._chance: dict[tuple[str, int], float] = {}
        # this hand's answers, filed when it is over: seat, kind, calls, the mão, said quiero
        self._noted: list[tuple[int, str, int, bool, bool]] = []

    def note(self, t: HandState, who: int, code: int) -> None:
        """Their seat ``who``'s action ``code`` in ``t``: noted when it answers an envido
        exchange that the other team's call left open (filed by :meth:`file_hand`)."""
        x = t.ext
        if (x is None or not x.env_open or x.flor_wait or not x.env_calls or code == DROP
                or x.env_calls[-1][0] & 1 == who & 1):
            return
        calls = [c for _, c in x.env_calls]
        self._noted.append((who, call_kind(calls), len(calls), t.deal.mao & 1 == who & 1,
                            code != FOLD))

    def file_hand(self, ob: Observed) -> None:
        """The hand is over (``ob``: its last observation): each answer noted is weighed with
        the points it showed, the envido its team sang after a quiero, or the three cards the
        seat played face up."""
        for who, kind, calls, mao, accepted in self._noted:
            points = shown_points(ob, who, sung=accepted)
            self.add(kind, accepted, None if points is None
                     else answer_points(points, mao, calls, kind))
        self._noted = []

    def answer(self, s: HandState, code: int, rng: random.Random) -> int:
        """In a playout, the other side's action ``code`` (the rule of thumb's) with a quiero or
        no quiero to an open envido replaced by one drawn as often as the thresholds say for
        the points its drawn deal gives it; any other action is kept."""
        x = s.ext
        if x is None or code not in (ACCEPT, FOLD) or not x.env_open or x.flor_wait:
            return code
        seat = s.to_act
        calls = [c for _, c in x.env_calls]
        kind = call_kind(calls)
        points = answer_points(envido_points(s.deal.hands[seat]), s.deal.mao & 1 == seat & 1,
                               len(calls), kind)
        return ACCEPT if rng.random() < self.accept_chance(kind, points) else FOLD

    def add(self, kind: str, accepted: bool, points: int | None) -> None:
        """An answer to a call of ``kind``: ``accepted`` (quiero, or a raise of it) holding
        ``points`` (less what the call asks above its kind's first call, see
        :func:`answer_points`), or ``None`` when they never showed."""
        w = self.weights[kind]
        for t in w:
            if points is not None:
                agrees = (points >= t) == accepted
                w[t] *= (1.0 - LAPSE) * agrees + LAPSE / 2
            else:
                below = share_below(t)
                w[t] *= (1.0 - LAPSE) * ((1.0 - below) if accepted else below) + LAPSE / 2
        total = sum(w.values())
        for t in w:
            w[t] /= total
        self.seen[kind] += 1
        self._chance.clear()

    def evidence(self) -> tuple[float, ...]:
        """What every answer weighed so far says, remembered matches included: by threshold
        (in :data:`THRESHOLDS`' order), the log of its weight over its prior weight, relative
        to the kind's best (so 0 for that one; all 0 for a stranger).

        >>> EnvidoAnswers().evidence() == (0.0,) * len(THRESHOLDS)
        True
        """
        ratios = {(k, t): math.log(max(self.weights[k][t], TINY) / PRIOR[k][t])
                  for k, t in THRESHOLDS}
        top = {k: max(r for (kind, _t), r in ratios.items() if kind == k) for k in KINDS}
        return tuple(round(ratios[k, t] - top[k], 9) for k, t in THRESHOLDS)

    def pending(self) -> bool:
        """Are answers of the hand in play noted and not yet filed (:meth:`file_hand`)?"""
        return bool(self._noted)

    def accept_chance(self, kind: str, points: int) -> float:
        """The chance they say quiero to a call of ``kind`` holding ``points``."""
        key = (kind, points)
        p = self._chance.get(key)
        if p is None:
            w = self.weights[kind]
            p = sum(v for t, v in w.items() if points >= t) / sum(w.values())
            self._chance[key] = p
        return p


def shown_points(ob: Observed, who: int, sung: bool = True) -> int | None:
    """The envido points seat ``who`` showed in a finished hand (``ob``: its last
    observation): its team's envido, sung after a quiero (when ``sung`` counts), or the three
    cards it played face up; ``None`` when it showed neither.

    >>> from truco_learn.engine import new_hand, observation, step
    >>> from truco_learn.engine.observer import parse_observation
    >>> s = new_hand("argentino-2p", dealer=1, hands=[["4H", "5S", "KC"], ["AS", "AC", "3D"]])
    >>> for a in ("envido", "accept"):
    ...     s = step(s, a)
    >>> shown_points(parse_observation(observation(s, 0)), 1)
    3
    """
    if sung and ob.envido_values is not None:
        return ob.envido_values[who & 1]
    played = [card for seat, what, card in ob.log
              if seat == who and what == "play" and card is not None]
    return envido_points(played) if len(played) == 3 else None


def call_kind(calls: list[int]) -> str:
    """The kind of an envido exchange by its calls: ``"falta"`` once a falta envido is in it,
    else ``"envido"``."""
    return "falta" if FALTA_ENVIDO in calls else "envido"


def answer_points(points: int, mao: bool, calls: int, kind: str) -> int:
    """The points a threshold is read against: the envido held, one more as the mão (a tie is
    the mão's), less one for each call past the first of an envido exchange (each raise asks
    one more, as the rule of thumb does).

    >>> answer_points(27, True, 1, "envido"), answer_points(27, False, 3, "envido")
    (28, 25)
    >>> answer_points(29, True, 2, "falta")
    30
    """
    return points + int(mao) - (calls - 1 if kind == "envido" else 0)


__all__ = ["EnvidoAnswers", "KINDS", "PRIOR", "THRESHOLDS", "answer_points", "call_kind",
           "hand_counts", "is_remembered", "share_below", "shown_points"]
