"""The class charts as self-contained SVG strings (no plotting library needed).

>>> svg = score_histogram([40, 85, 90, 100], pass_pct=80)
>>> svg.startswith("<svg") and 'aria-label="score distribution' in svg
True
>>> "ties.first_trick" in rule_error_bars([("ties.first_trick", 0.5, 4)])
True
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from ..i18n import _, ngettext
from ..i18n import numbers
from ..quiz import RULE_TEXT

def rule_text(rule: str) -> str:
    """What a rule id means, in the current language (the id itself when unknown).

    >>> rule_text("tricks.two_wins")
    'two tricks win the hand'
    """
    return _(RULE_TEXT[rule]) if rule in RULE_TEXT else rule


_BINS = ("0-9", "10-19", "20-29", "30-39", "40-49", "50-59", "60-69", "70-79", "80-89", "90-100")


def score_histogram(percents: Sequence[int], pass_pct: int, width: int = 520) -> str:
    """Students per ten-point score band; bands at or above the pass mark in green."""
    counts = [0] * 10
    for p in percents:
        counts[min(9, max(0, p) // 10)] += 1
    top = max(counts + [1])
    h, base, bw = 180, 150, (width - 40) / 10
    bars = []
    for i, c in enumerate(counts):
        band = _("{band}%").format(band=_BINS[i])
        bh = 120 * c / top
        x = 30 + i * bw
        colour = "#1b7a2f" if i * 10 >= pass_pct - 9 and i * 10 + 9 >= pass_pct else "#b3261e"
        bars.append(f'<rect x="{x + 2:.1f}" y="{base - bh:.1f}" width="{bw - 4:.1f}" '
                    f'height="{bh:.1f}" fill="{colour}"><title>{escape(band)}: {c}</title></rect>'
                    f'<text x="{x + bw / 2:.1f}" y="{base + 14}" font-size="10" '
                    f'text-anchor="middle">{_BINS[i]}</text>'
                    + (f'<text x="{x + bw / 2:.1f}" y="{base - bh - 4:.1f}" font-size="11" '
                       f'text-anchor="middle">{c}</text>' if c else ""))
    axis = escape(_("score (%)"))
    label = ngettext("score distribution of {n} student, pass mark {percent}",
                     "score distribution of {n} students, pass mark {percent}",
                     len(percents)).format(n=len(percents),
                                           percent=numbers.percent(pass_pct / 100))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" role="img" '
            f'aria-label="{escape(label)}" font-family="sans-serif"><title>{escape(label)}'
            f'</title>{"".join(bars)}<line x1="30" y1="{base}" x2="{width - 10}" y2="{base}" '
            f'stroke="#444"/><text x="{width / 2:.0f}" y="{h - 6}" font-size="11" '
            f'text-anchor="middle">{axis}</text></svg>')


def rule_error_bars(rates: Sequence[tuple[str, float, int]], width: int = 620) -> str:
    """One horizontal bar per rule: the share of first answers that were wrong."""
    row = 22
    h = 30 + row * max(1, len(rates))
    parts = []
    for i, (rule, rate, n) in enumerate(rates):
        y = 20 + i * row
        bw = (width - 260) * rate
        share = numbers.percent(rate)
        tip = escape(_("{rule}: {meaning} — {percent} wrong of {n}").format(
            rule=rule, meaning=rule_text(rule), percent=share, n=n))
        of = escape(_("{percent} of {n}").format(percent=share, n=n))
        parts.append(f'<text x="0" y="{y + 13}" font-size="11">{escape(rule)}</text>'
                     f'<rect x="170" y="{y}" width="{bw:.1f}" height="16" fill="#c8102e">'
                     f'<title>{tip}</title></rect><text x="{176 + bw:.1f}" y="{y + 13}" '
                     f'font-size="11">{of}</text>')
    if not rates:
        nothing = escape(_("no answers yet"))
        parts.append(f'<text x="0" y="34" font-size="12">{nothing}</text>')
    label = escape(_("error rate per rule"))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" role="img" '
            f'aria-label="{label}" font-family="sans-serif"><title>{label}</title>'
            f'{"".join(parts)}</svg>')
