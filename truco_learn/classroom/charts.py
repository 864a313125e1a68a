"""The class charts as self-contained SVG strings (no plotting library needed).

>>> svg = score_histogram([40, 85, 90, 100], pass_pct=80)
>>> svg.startswith("<svg") and 'aria-label="score distribution' in svg
True
>>> bars = rule_error_bars([("ties.first_trick", 0.5, 4)])
>>> 'data-rule="ties.first_trick"' in bars and ">first trick tied: the next" in bars
True
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Sequence

from ..i18n import _, ngettext
from ..i18n import numbers
from ..quiz import RULE_TEXT


def rule_text(rule: str) -> str:
    """A rule's name: what it says, in the current language, as the learners read it in
    their quizzes and "Rules to review" (:data:`~truco_learn.quiz.RULE_TEXT`); the id itself
    when the rule has no name.

    >>> rule_text("tricks.two_wins"), rule_text("made.up")
    ('two tricks win the hand', 'made.up')
    """
    return RULE_TEXT[rule] if rule in RULE_TEXT else rule


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


_LINE_CHARS = 90  # a rule's name is wrapped at this many characters to stay in the chart


def rule_error_bars(rates: Sequence[tuple[str, float, int]], width: int = 620) -> str:
    """One horizontal bar per rule: the share of first answers that were wrong. Each rule is
    named in the current language above its bar (its id in ``data-rule``)."""
    parts = []
    y = 10
    for rule, rate, n in rates:
        lines = textwrap.wrap(rule_text(rule), _LINE_CHARS) or [rule]
        name = "".join(f'<tspan x="0" dy="{0 if i == 0 else 14}">{escape(line)}</tspan>'
                       for i, line in enumerate(lines))
        top = y + 14 * len(lines) + 2  # the bar, under its name
        bw = (width - 120) * rate
        share = numbers.percent(rate)
        tip = escape(_("{rule} — {percent} wrong of {n}").format(
            rule=rule_text(rule), percent=share, n=n))
        of = escape(_("{percent} of {n}").format(percent=share, n=n))
        parts.append(f'<g class="tl-rule-bar" data-rule="{escape(rule)}">'
                     f'<text x="0" y="{y + 11}" font-size="11">{name}</text>'
                     f'<rect x="0" y="{top}" width="{bw:.1f}" height="14" fill="#c8102e">'
                     f'<title>{tip}</title></rect><text x="{bw + 6:.1f}" y="{top + 11}" '
                     f'font-size="11">{of}</text></g>')
        y = top + 24
    if not rates:
        nothing = escape(_("no answers yet"))
        parts.append(f'<text x="0" y="34" font-size="12">{nothing}</text>')
        y = 50
    label = escape(_("error rate per rule"))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" role="img" '
            f'aria-label="{label}" font-family="sans-serif"><title>{label}</title>'
            f'{"".join(parts)}</svg>')
