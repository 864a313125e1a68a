"""How the other side answers a raise: fold, accept or raise back, by the step of the ladder and
the strength of the hand it held, learnt from what this opponent did.

A hand's strength is read from its best two cards: ``weak`` (nothing above an ace),
``middling`` (a 2 or a 3), ``strong`` (a manilha, the rest no better than an ace) or ``very
strong`` (a manilha and a 2, a 3 or another manilha: the hands a player who raises only on very
good cards holds; about 80% of them have a rough win estimate of 0.82 or more before any card,
against under 8% of the others). Each (step, strength) cell starts from a sensible player's answers
(:data:`PRIOR`, worth :data:`PRIOR_WEIGHT` answers) and counts the answers seen. When a hand is
over, its answers are filed by the cards the answering seat showed face up: all three shown,
the strength is known; otherwise it is at least that of the best card shown, and the answer is
spread over the strengths it may have had, each weighed by how common that strength is and how
likely the answer is with it (a fold with no card shown mostly counts for weak hands).

>>> m = AnswerModel()
>>> round(m.rates(0, STRONG, True)[2], 2)          # a truco answered holding one manilha: raise back
0.28
>>> for _ in range(12):
...     m.add(0, (STRONG, STRONG), RAISE, True)    # this one always raises back with a manilha
>>> round(m.rates(0, STRONG, True)[2], 2)
0.86
>>> round(m.rates(0, STRONG, False)[2], 2), round(sum(m.rates(0, STRONG, False)), 2)
(0.0, 1.0)
"""

from __future__ import annotations

import math
import random
from typing import Callable, Sequence

from ..engine.actions import ACCEPT, FOLD, RAISE
from ..engine.cards import ACE
from ..engine.observer import Observed
from ..engine.state import HandState

WEAK, MIDDLING, STRONG, VERY_STRONG = 0, 1, 2, 3
BUCKET_NAMES = ("weak", "middling", "strong", "very strong")
TWO, MANILHA = ACE + 1, 10  # strengths: a 2, the weakest manilha
# how often a dealt hand of three has each strength (paulista-2p, 20,000 deals)
BASE = (0.37, 0.35, 0.165, 0.115)
CLASSES = len(BASE)
STEPS = 3  # truco, seis, nove and higher
# a sensible player's answer (fold, accept, raise back) by strength
PRIOR: tuple[tuple[float, float, float], ...] = (
    (0.7, 0.27, 0.03), (0.3, 0.6, 0.1), (0.1, 0.62, 0.28), (0.03, 0.52, 0.45))
PRIOR_WEIGHT = 3.0
_CODES = (FOLD, ACCEPT, RAISE)
STYLE_SPREAD = 1.0  # prior spread of a player's style shifts (log-odds)
STYLE_SWEEPS = 2  # rounds of fitting the fold shift, then the raise-back shift
STYLE_LIMIT = 4.0  # the shifts stay within this


def moved_answers(p: Sequence[float], fold: float, back: float) -> tuple[float, float, float]:
    """A (fold, accept, raise back) distribution with the fold and raise-back log-odds moved."""
    f, a, r = p[0] * math.exp(fold), p[1], p[2] * math.exp(back)
    t = f + a + r
    return f / t, a / t, r / t


def _newton(fn: Callable[[float], float], x: float, steps: int = 4, h: float = 1e-3) -> float:
    """A maximum of a smooth concave-ish ``fn`` near ``x`` by Newton steps on numerical
    derivatives, kept within ``STYLE_LIMIT``."""
    for _ in range(steps):
        f0, fp, fm = fn(x), fn(x + h), fn(x - h)
        d1, d2 = (fp - fm) / (2 * h), (fp - 2 * f0 + fm) / (h * h)
        x = x + 0.5 * d1 if d2 >= -1e-9 else x - d1 / d2
        x = max(-STYLE_LIMIT, min(STYLE_LIMIT, x))
    return x


def bucket(strengths: Sequence[int]) -> int:
    """The strength class of a hand from its cards' strengths.

    >>> bucket([3, 7, 2]), bucket([8, 0]), bucket([12, 1, 0]), bucket([12, 9, 0])
    (0, 1, 2, 3)
    """
    ordered = sorted(strengths, reverse=True)
    best = ordered[0] if ordered else -1
    if best >= MANILHA:
        return VERY_STRONG if len(ordered) > 1 and ordered[1] >= TWO else STRONG
    return MIDDLING if best >= TWO else WEAK


def shown_classes(ob: Observed, strength: Sequence[int], who: int | None) -> tuple[int, int]:
    """The strength classes a finished hand's log allows for ``who`` (None: the other team
    as a whole, as ``ob.seat`` sees it; ``strength``: the hand's card strengths): the class of
    the cards it showed face up, and the same again only when ``who`` played all three face up,
    else :data:`VERY_STRONG` (its hidden cards may be anything).

    >>> from truco_learn.engine import new_hand, observation, step
    >>> from truco_learn.engine.observer import parse_observation
    >>> s = new_hand("paulista-2p", dealer=1, vira="7D",
    ...              hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> s = step(step(s, "play:3S"), "play:2H")    # 3 and 2 are not manilhas under a 7 vira
    >>> ob = parse_observation(observation(step(step(s, "raise"), "fold"), 0))  # 1 folds
    >>> shown_classes(ob, s.deal.strength, 1), shown_classes(ob, s.deal.strength, None)
    ((1, 3), (1, 3))
    >>> for action in ("play:4H", "play:5C", "play:KD", "play:QC"):   # played to the end
    ...     s = step(s, action)
    >>> shown_classes(parse_observation(observation(s, 0)), s.deal.strength, 1)
    (1, 1)
    """
    shown = [strength[c] for w, k, c in ob.log
             if k == "play" and c is not None
             and (w == who if who is not None else w & 1 != ob.seat & 1)]
    played = sum(1 for w, k, _ in ob.log if k in ("play", "cover") and w == who)
    lo = bucket(shown) if shown else WEAK
    return lo, (lo if who is not None and played == 3 and len(shown) == 3 else VERY_STRONG)


def step_of(s: HandState) -> int:
    """Which step of the ladder the pending raise proposes (0: truco, 1: seis, 2: higher)."""
    assert s.pending is not None
    ladder = s.deal.opts.ladder
    value = s.pending[1]
    i = ladder.index(value) - 1 if value in ladder else 0
    return max(0, min(STEPS - 1, i))


class AnswerModel:
    """Counts of fold / accept / raise back per (step, strength), on top of the prior."""

    def __init__(self, prior: Sequence[Sequence[float]] = PRIOR,
                 weight: float = PRIOR_WEIGHT) -> None:
        self.prior = tuple(tuple(p) for p in prior)
        self.weight = weight
        self.counts = [[[0.0, 0.0, 0.0] for _ in range(CLASSES)] for _ in range(STEPS)]
        self.seen = 0
        # this player's style over all strengths: how far its folds and its raises back lean
        # away from the prior's (log-odds), fitted to every answer seen (:meth:`refit`)
        self.shift = (0.0, 0.0)
        self.base = self.prior  # the prior moved by ``shift``: what a cell starts from
        self._answers: list[tuple[int, int, int, bool]] = []  # lowest, highest strength, code, may

    def rates(self, step: int, strength: int, may_raise: bool = True
              ) -> tuple[float, float, float]:
        """Chances of fold, accept and raise back (no raise back when it is not allowed)."""
        c = self.counts[step][strength]
        p = self.base[strength]
        r = [c[k] + self.weight * p[k] for k in range(3)]
        if not may_raise:
            r[2] = 0.0
        total = sum(r) or 1.0
        return r[0] / total, r[1] / total, r[2] / total

    def chance(self, code: int, step: int, strength: int, may_raise: bool = True) -> float:
        """Chance of answer ``code`` with this strength at this step."""
        return self.rates(step, strength, may_raise)[_CODES.index(code)]

    def add(self, step: int, strengths: tuple[int, int], code: int, may_raise: bool) -> None:
        """One answer seen: at ``step``, by a hand whose strength lies in ``strengths``
        (lowest, highest possible), spread over those by how likely each made this answer."""
        if code not in _CODES:
            return
        lo, hi = strengths
        w = [BASE[b] * self.chance(code, step, b, may_raise) if lo <= b <= hi else 0.0
             for b in range(CLASSES)]
        total = sum(w)
        if total <= 0:
            return
        k = _CODES.index(code)
        for b in range(CLASSES):
            self.counts[step][b][k] += w[b] / total
        self.seen += 1
        self._answers.append((lo, hi, k, may_raise))

    def refit(self) -> None:
        """Fit the style (:attr:`shift`) to every answer seen so far: the shifts of the fold
        and raise-back log-odds that make those answers likeliest under the moved prior, held
        near no shift by a normal prior of spread :data:`STYLE_SPREAD`. A few answers move every
        strength at once: four folds in four trucos say this player folds more than most, also
        with the middling hands it never showed.

        >>> m = AnswerModel()
        >>> for _ in range(4):
        ...     m.add(0, (WEAK, VERY_STRONG), FOLD, True)   # folded, no card shown
        >>> m.refit()
        >>> m.shift[0] > 0.5, m.rates(0, MIDDLING)[0] > PRIOR[MIDDLING][0] + 0.1
        (True, True)
        """
        fold, back = self.shift
        for _ in range(STYLE_SWEEPS):
            fold = _newton(lambda x: self._log_posterior(x, back), fold)
            back = _newton(lambda x: self._log_posterior(fold, x), back)
        self.shift = (fold, back)
        self.base = tuple(moved_answers(p, fold, back) for p in self.prior)

    def _log_posterior(self, fold: float, back: float) -> float:
        moved = [moved_answers(p, fold, back) for p in self.prior]
        total = -(fold * fold + back * back) / (2 * STYLE_SPREAD ** 2)
        for lo, hi, k, may_raise in self._answers:
            num = den = 0.0
            for b in range(lo, hi + 1):
                f, a, r = moved[b]
                if not may_raise:
                    f, a, r = f / (f + a), a / (f + a), 0.0
                num += BASE[b] * (f, a, r)[k]
                den += BASE[b]
            total += math.log(max(num / den, 1e-12))
        return total

    def sample(self, step: int, strength: int, may_raise: bool, rng: random.Random) -> int:
        """An answer drawn from the learnt rates."""
        f, a, _ = self.rates(step, strength, may_raise)
        x = rng.random()
        return FOLD if x < f else ACCEPT if x < f + a or not may_raise else RAISE

    def overall(self, step: int = 0) -> tuple[float, float, float]:
        """Fold, accept and raise-back chances at ``step`` over all strengths (dealt odds)."""
        out = [0.0, 0.0, 0.0]
        for b in range(CLASSES):
            for k, r in enumerate(self.rates(step, b)):
                out[k] += BASE[b] * r
        return out[0], out[1], out[2]

    def facts(self) -> dict[str, object]:
        """The learnt answers to a truco by strength, for the explanation."""
        return {"answers_filed": self.seen,
                "to_truco": {BUCKET_NAMES[b]: [round(x, 2) for x in self.rates(0, b)]
                             for b in range(CLASSES)}}


# a sensible player's chance to raise on a turn where it may, by strength
RAISE_PRIOR = (0.05, 0.14, 0.3, 0.55)


def raise_step(s: HandState) -> int:
    """Which step of the ladder a raise now would propose (0: truco, 1: seis, 2: higher)."""
    ladder = s.deal.opts.ladder
    value = s.deal.next_stake.get(s.stake, s.stake)
    i = ladder.index(value) - 1 if value in ladder else 0
    return max(0, min(STEPS - 1, i))


class RaiseModel:
    """How often they raise on a turn where they may, per (step, strength), on top of a
    sensible player's rates (:data:`RAISE_PRIOR`, worth ``weight`` turns). Turns are filed
    like answers: by the strength their shown cards allow, weighed by how likely each
    strength made the choice.

    >>> m = RaiseModel()
    >>> before = m.rate(0, WEAK)
    >>> for _ in range(10):
    ...     m.add(0, (WEAK, STRONG), True)     # raises on every turn, whatever it holds
    >>> m.rate(0, WEAK) > 2 * before
    True
    """

    def __init__(self, prior: Sequence[float] = RAISE_PRIOR, weight: float = 4.0) -> None:
        self.prior = tuple(prior)
        self.weight = weight
        self.counts = [[[0.0, 0.0] for _ in range(CLASSES)] for _ in range(STEPS)]  # no, yes
        self.seen = 0

    def rate(self, step: int, strength: int) -> float:
        """Chance of a raise on such a turn."""
        no, yes = self.counts[step][strength]
        return (yes + self.weight * self.prior[strength]) / (no + yes + self.weight)

    def add(self, step: int, strengths: tuple[int, int], raised: bool) -> None:
        """One turn seen, spread over the strengths it may have had."""
        lo, hi = strengths
        w = [BASE[b] * (self.rate(step, b) if raised else 1.0 - self.rate(step, b))
             if lo <= b <= hi else 0.0 for b in range(CLASSES)]
        total = sum(w)
        if total <= 0:
            return
        for b in range(CLASSES):
            self.counts[step][b][int(raised)] += w[b] / total
        self.seen += 1


__all__ = ["AnswerModel", "BUCKET_NAMES", "CLASSES", "MIDDLING", "PRIOR", "RaiseModel", "STRONG",
           "VERY_STRONG", "WEAK", "bucket", "moved_answers", "raise_step", "shown_classes",
           "step_of"]
