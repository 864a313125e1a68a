"""The "Why?" panel (each bot decision with its explanation) and the after-hand review, as HTML.

Pure functions from the play layer's data to HTML strings; an ``ipywidgets.HTML`` shows them.

>>> from truco_learn.play.session import BotMove
>>> m = BotMove(1, 1, "Coach", "raise", "Coach calls truco (3 points).",
...             {"summary": "I hold the zap.", "samples": 40,
...              "options": [{"action": "raise", "ev": 1.2, "win": 0.8},
...                          {"action": "play:QC", "ev": -0.4, "win": 0.7}]})
>>> html = explanation_html([m])
>>> "I hold the zap." in html and "+1.20" in html and "−0.40" in html and "80%" in html
True
>>> action_label("play:QC"), action_label("cover"), action_label("blind:0")
('play Q♣', 'cover a card', 'turn up card 1')
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from ..engine.cards import SUIT_SYMBOL
from ..play.session import BotMove

__all__ = ["action_label", "explanation_html", "review_html", "error_html"]

_NAMED = {"raise": "raise", "accept": "accept", "fold": "run", "onze:play": "play the hand",
          "onze:fold": "run from the hand", "cover": "cover a card"}


def action_label(action: str) -> str:
    """A short human name for an action string."""
    if action in _NAMED:
        return _NAMED[action]
    kind, _, arg = action.partition(":")
    if kind in ("play", "cover") and len(arg) == 2:
        return f"{kind} {arg[0]}{SUIT_SYMBOL.get(arg[1], arg[1])}"
    if kind == "blind" and arg.isdigit():
        return f"turn up card {int(arg) + 1}"
    return action


def _num(x: Any, fmt: str) -> str:
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        return format(x, fmt).replace("-", "−")
    return "–"


def _options_table(options: Sequence[Mapping[str, Any]], chosen: str) -> str:
    evs = [abs(o["ev"]) for o in options if isinstance(o.get("ev"), (int, float))]
    top = max(evs, default=0.0) or 1.0
    rows = []
    for o in options:
        ev, win = o.get("ev"), o.get("win")
        evbar = winbar = ""
        if isinstance(ev, (int, float)):
            w = round(70 * abs(ev) / top)
            evbar = f'<span class="tl-evbar{" tl-neg" if ev < 0 else ""}" style="width:{w}px"></span>'
        if isinstance(win, (int, float)):
            winbar = f'<span class="tl-winbar" style="width:{round(70 * win)}px"></span>'
        cls = ' class="tl-chosen"' if o.get("action") == chosen else ""
        rows.append(f"<tr{cls}><td>{escape(action_label(str(o.get('action'))))}</td>"
                    f"<td>{_num(ev, '+.2f')}</td><td class=\"tl-bar-cell\">{evbar}</td>"
                    f"<td>{_num(None if win is None else 100 * win, '.0f')}"
                    f"{'%' if isinstance(win, (int, float)) else ''}</td>"
                    f"<td class=\"tl-bar-cell\">{winbar}</td></tr>")
    return ('<table class="tl-options"><thead><tr><th>option</th><th>expected points</th>'
            '<th class="tl-bar-cell"></th><th>win chance</th><th class="tl-bar-cell"></th></tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")


def explanation_html(moves: Sequence[BotMove], *, latest_open: bool = True,
                     note: str = "The coach explains each of its moves here.") -> str:
    """The Why? panel for a hand's bot decisions: newest first, the newest unfolded
    (``note`` when there is none to show)."""
    if not moves:
        return (f'<div class="tl-panel tl-why"><h3>Why?</h3><p class="tl-muted">{escape(note)}'
                "</p></div>")
    parts = ['<div class="tl-panel tl-why"><h3>Why?</h3>']
    for k, m in enumerate(reversed(moves)):
        ex = m.explanation
        summary = escape(str(ex.get("summary", "")))
        options = ex.get("options") or []
        samples = ex.get("samples")
        opened = " open" if k == 0 and latest_open else ""
        note = (f'<p class="tl-muted">Estimated over {samples} possible deals of the unseen '
                "cards.</p>" if isinstance(samples, int) and samples > 0 else "")
        parts.append(f'<details class="tl-move" data-move="{len(moves) - k}"{opened}>'
                     f"<summary>{escape(m.text)}</summary><p class=\"tl-summary\">{summary}</p>"
                     f"{_options_table(options, m.action) if options else ''}{note}</details>")
    parts.append("</div>")
    return "".join(parts)


def review_html(items: Sequence[Any] | None, result_text: str = "") -> str:
    """The after-hand review: the learner's decisions the coach would have taken differently.

    ``items`` are ``ReviewItem``-like objects (index, action, best, ev_taken, ev_best, loss,
    label, reason); ``None`` means no reviewer is available.
    """
    head = '<div class="tl-panel tl-review"><h3>Your hand, reviewed</h3>'
    if result_text:
        head += f'<p class="tl-result">{escape(result_text)}</p>'
    if items is None:
        return head + '<p class="tl-muted">No reviewer is available.</p></div>'
    bad = [i for i in items if getattr(i, "label", "good") != "good"]
    if not items:
        return head + '<p class="tl-muted">You had no real choice to make this hand.</p></div>'
    if not bad:
        return head + (f"<p>No mistakes: all {len(items)} of your decisions were as good as "
                       "the coach's. Well played!</p></div>")
    rows = []
    for i in bad:
        rows.append(
            f'<div class="tl-review-item tl-{escape(str(i.label))}">'
            f'<span class="tl-label">{escape(str(i.label))}</span>: you chose '
            f"<strong>{escape(action_label(str(i.action)))}</strong>; better was "
            f"<strong>{escape(action_label(str(i.best)))}</strong> "
            f"({_num(-float(i.loss), '+.2f')} expected points). "
            f"{escape(str(i.reason))}</div>")
    good = len(items) - len(bad)
    tail = (f'<p class="tl-muted">{good} other decision{"s were" if good != 1 else " was"} '
            "fine.</p>")
    return head + "".join(rows) + tail + "</div>"


def error_html(message: str) -> str:
    """A friendly message for the page (never a traceback).

    >>> error_html("<b>oops</b>")
    '<div class="tl-friendly-error" role="alert">&lt;b&gt;oops&lt;/b&gt;</div>'
    """
    return f'<div class="tl-friendly-error" role="alert">{escape(message)}</div>'
