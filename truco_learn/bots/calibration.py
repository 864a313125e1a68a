"""Calibration: do the chances a bot states come true?

The arena notes, for every decision of the measured bot that states a chance to win the hand
(the ``win`` of the option it chose), what kind of decision it was and whether its team then
won the hand. Stated chances are grouped by tenths; for each group the mean stated chance is
set against the share of those hands actually won. The expected calibration error (ECE) is the
mean gap, weighted by the number of decisions in each group.

Kinds: ``card play`` (a card, also in the iron hand), ``own raise`` (any raise, also a raise
back), ``answer`` (accepting a raise) and ``hand of eleven`` (playing it). Folds are left out:
a fold states a chance of 0 and always loses the hand, so it would only flatter the figures.
Forced moves (one legal action) are left out too.

>>> c = Calibration()
>>> for stated, won in [(0.62, 1), (0.65, 0), (0.68, 1), (0.15, 0)]:
...     c.add("card play", stated, won)
>>> round(c.ece("card play"), 3)
0.05
>>> print(c.report().splitlines()[1])
card play: 4 decisions, ECE 0.050 (by chance alone about 0.219)

Even exact chances show an ECE above 0 on a finite sample: the hands won in a tenth scatter
around the chances stated there. :meth:`Calibration.chance_ece` is that expected ECE by chance
alone, for the same decisions (each tenth's outcomes drawn as a binomial at its mean stated
chance), so a measured ECE can be read against it: with a hundred or so answers it is about
0.05 by itself.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

KINDS: tuple[str, ...] = ("card play", "own raise", "answer", "hand of eleven")


def decision_kind(explanation: Mapping[str, Any]) -> str | None:
    """The calibration kind of a decision from its explanation (None: not counted).

    >>> decision_kind({"facts": {"decision": {"kind": "play", "chosen": "raise"}}})
    'own raise'
    >>> decision_kind({"facts": {"decision": {"kind": "answer", "chosen": "fold"}}}) is None
    True
    """
    dec = (explanation.get("facts") or {}).get("decision") or {}
    kind, chosen = dec.get("kind"), str(dec.get("chosen", ""))
    if kind in (None, "only") or chosen in ("fold", "onze:fold"):
        return None
    if chosen == "raise":
        return "own raise"
    if kind == "answer":
        return "answer"
    if kind == "onze":
        return "hand of eleven"
    return "card play"


def stated_chance(explanation: Mapping[str, Any]) -> float | None:
    """The chance to win the hand stated for the chosen action, if any."""
    dec = (explanation.get("facts") or {}).get("decision") or {}
    for o in explanation.get("options") or ():
        if o.get("action") == dec.get("chosen") and o.get("win") is not None:
            return float(o["win"])
    return None


@dataclass
class Calibration:
    """Stated chances and outcomes, per kind and tenth: ``bins[kind][tenth]`` holds
    ``[decisions, sum of stated chances, hands won]``."""

    bins: dict[str, list[list[float]]] = field(default_factory=dict)

    def add(self, kind: str, stated: float, won: float) -> None:
        """One decision: its kind, the chance it stated, and 1 (hand won), 0 or 0.5 (no winner)."""
        rows = self.bins.setdefault(kind, [[0.0, 0.0, 0.0] for _ in range(10)])
        row = rows[min(9, max(0, int(stated * 10)))]
        row[0] += 1
        row[1] += stated
        row[2] += won

    def merge(self, other: "Calibration") -> None:
        for kind, rows in other.bins.items():
            mine = self.bins.setdefault(kind, [[0.0, 0.0, 0.0] for _ in range(10)])
            for a, b in zip(mine, rows):
                for i in range(3):
                    a[i] += b[i]

    def count(self, kind: str) -> int:
        return int(sum(r[0] for r in self.bins.get(kind, ())))

    def ece(self, kind: str) -> float:
        """Expected calibration error of one kind (0 with no decisions)."""
        rows = self.bins.get(kind, ())
        n = sum(r[0] for r in rows)
        if not n:
            return 0.0
        return sum(abs(r[1] - r[2]) for r in rows if r[0]) / n

    def chance_ece(self, kind: str) -> float:
        """The ECE that exact chances would show on these decisions by chance alone: the
        expected gap of each tenth when its hands won are binomial at its mean stated chance.

        >>> c = Calibration()
        >>> for _ in range(100):
        ...     c.add("answer", 0.5, 1.0)
        >>> round(c.chance_ece("answer"), 3)      # E|Bin(100, 0.5) - 50| / 100
        0.04
        """
        rows = self.bins.get(kind, ())
        n = sum(r[0] for r in rows)
        if not n:
            return 0.0
        return sum(binomial_mad(int(r[0]), r[1] / r[0]) for r in rows if r[0]) / n

    def summary(self) -> dict[str, Any]:
        """JSON-ready: per kind, the decisions, the ECE, the ECE by chance alone
        (:meth:`chance_ece`) and the rows (tenth, decisions, mean stated, share won)."""
        out: dict[str, Any] = {}
        for kind in KINDS:
            rows = self.bins.get(kind)
            if not rows:
                continue
            out[kind] = {"decisions": self.count(kind), "ece": round(self.ece(kind), 4),
                         "chance_ece": round(self.chance_ece(kind), 4),
                         "rows": [[i / 10, int(r[0]), round(r[1] / r[0], 3),
                                   round(r[2] / r[0], 3)] for i, r in enumerate(rows) if r[0]]}
        return out

    def report(self) -> str:
        """The tables as text: per kind, one line per tenth with stated against won."""
        lines = ["calibration (stated chance to win the hand against the share won):"]
        for kind, s in self.summary().items():
            lines.append(f"{kind}: {s['decisions']} decisions, ECE {s['ece']:.3f} "
                         f"(by chance alone about {s['chance_ece']:.3f})")
            for lo, n, stated, won in s["rows"]:
                lines.append(f"  {lo:.1f}-{lo + 0.1:.1f}: {n:5d} decisions, stated "
                             f"{stated:.2f}, won {won:.2f}")
        return "\n".join(lines)


def binomial_mad(n: int, p: float) -> float:
    """``E|X - n p|`` for ``X`` binomial with ``n`` trials of chance ``p`` (summed exactly, in
    log space so large ``n`` does not overflow).

    >>> round(binomial_mad(1, 0.3), 3), round(binomial_mad(4, 0.5), 3)
    (0.42, 0.75)
    """
    if n <= 0 or p <= 0.0 or p >= 1.0:
        return 0.0
    mean = n * p
    lp, lq = math.log(p), math.log1p(-p)
    total = 0.0
    for k in range(n + 1):
        log_pmf = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * lp + (
            n - k) * lq
        total += abs(k - mean) * math.exp(log_pmf)
    return total


def ece_if_exact(decisions: Sequence[tuple[float, float, bool]], rng: random.Random,
                 draws: int = 200) -> list[float]:
    """The ECEs some decisions (stated chance, won, exact) would show if those marked exact had
    stated their chance exactly: in each of ``draws`` draws the others keep the outcome seen and
    each exact one's is drawn at its stated chance. Sorted, so quantiles read off the list.
    Which decisions to mark is the question asked: "had the coach read the player right from
    its third hand on", say.

    >>> seen = [(0.6, 0.0, False)] * 30 + [(0.6, 1.0, False)] * 70
    >>> [round(e, 3) for e in ece_if_exact(seen, random.Random(1), draws=3)]  # none exact
    [0.1, 0.1, 0.1]
    >>> exact = [(p, won, True) for p, won, _ in seen]
    >>> e = ece_if_exact(exact, random.Random(1), draws=400)
    >>> round(sum(e) / len(e), 2), round(binomial_mad(100, 0.6) / 100, 2)  # chance alone
    (0.04, 0.04)
    """
    out = []
    for _ in range(draws):
        cal = Calibration()
        for stated, won, exact in decisions:
            cal.add("x", stated, float(rng.random() < stated) if exact else won)
        out.append(cal.ece("x"))
    return sorted(out)


__all__ = ["Calibration", "binomial_mad", "ece_if_exact", "KINDS", "decision_kind",
           "stated_chance"]
