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
('play the Q♣', 'cover a card', 'turn up card 1')
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from ..bots.sentences import raise_name
from ..engine.cards import SUIT_SYMBOL
from ..i18n import N_, _, ngettext
from ..i18n.numbers import percent, signed
from ..play.session import BotMove

__all__ = ["action_label", "explanation_html", "review_html", "review_label", "error_html",
           "REVIEW_LABELS"]

# Translators: short names of actions in the coach's table of options and in votes.
_NAMED = {"raise": N_("raise"), "accept": N_("accept"), "fold": N_("run"),
          "onze:play": N_("play the hand"), "onze:fold": N_("run from the hand"),
          "cover": N_("cover a card"), "play": N_("play a card"), "envido": N_("envido"), "real_envido": N_("real envido"),
          "falta_envido": N_("falta envido"), "flor": N_("flor"), "contraflor": N_("contraflor"),
          "contraflor_resto": N_("contraflor al resto"), "achico": N_("con flor me achico"),
          "drop": N_("me voy al mazo")}
# Translators: the reviewer's verdict on one of the learner's decisions.
REVIEW_LABELS = {"good": N_("Good"), "inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"),
                 "blunder": N_("Blunder")}


def action_label(action: str, facts: Mapping[str, Any] | None = None) -> str:
    """A short name for an action, as a player says it (``facts``, when given, name the raise:
    "call truco (3)").

    >>> action_label("raise", {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
    'call truco (3)'
    """
    if action == "raise" and facts:
        value = facts.get("pending") or facts.get("stake")
        ladder = [int(x) for x in facts.get("ladder") or []]
        nxt = [x for x in ladder if value is not None and x > value]
        # Translators: {call} is the call and its value, e.g. "truco (3)".
        return _("call {call}").format(call=raise_name(nxt[0], ladder)) if nxt else _("raise")
    if action in _NAMED:
        return _(_NAMED[action])
    kind, _sep, arg = action.partition(":")
    if kind in ("play", "cover") and len(arg) == 2:
        card = arg[0] + SUIT_SYMBOL.get(arg[1], arg[1])
        return (_("play the {card}") if kind == "play" else _("cover the {card}")).format(
            card=card)
    if kind == "blind" and arg.isdigit():
        return _("turn up card {number}").format(number=int(arg) + 1)
    return action


def _ev(x: Any) -> str:
    """Expected points as the learner reads them: ``+1.20``, ``−0.40`` (a true minus sign)."""
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        return signed(x).replace("-", "−")
    return "–"


def _win(x: Any) -> str:
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        return percent(x).replace("-", "−")
    return "–"


def _option_name(action: str, facts: Mapping[str, Any] | None, quiero: bool) -> str:
    """An option's name; at a quiero table accept and fold are quiero and no quiero."""
    if quiero and action == "accept":
        return _("quiero")
    if quiero and action == "fold":
        return _("no quiero")
    return action_label(action, facts)


def _options_table(options: Sequence[Mapping[str, Any]], chosen: str,
                   facts: Mapping[str, Any] | None = None, quiero: bool = False) -> str:
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
        name = _option_name(str(o.get("action")), facts, quiero)
        rows.append(f"<tr{cls}><td>{escape(name)}</td>"
                    f"<td>{_ev(ev)}</td><td class=\"tl-bar-cell\">{evbar}</td>"
                    f"<td>{_win(win)}</td>"
                    f"<td class=\"tl-bar-cell\">{winbar}</td></tr>")
    # Translators: the headers of the coach's table of options; the third is the chance that
    # the coach wins this hand (not the game), as its sentences say it ("I win this hand...").
    heads = [escape(_("option")), escape(_("expected points")), escape(_("I win the hand"))]
    return (f'<table class="tl-options"><thead><tr><th>{heads[0]}</th>'
            f'<th>{heads[1]}</th><th class="tl-bar-cell"></th>'
            f'<th>{heads[2]}</th><th class="tl-bar-cell"></th></tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")


def explanation_html(moves: Sequence[BotMove], *, latest_open: bool = True,
                     note: str | None = None, quiero: bool = False) -> str:
    """The Why? panel for a hand's bot decisions: newest first, the newest unfolded
    (``note`` when there is none to show); ``quiero``: an Argentine or gaúcho table, where
    the answers are named quiero and no quiero."""
    why = escape(_("Why?"))
    if not moves:
        if note is None:
            note = _("The coach explains each of its moves here.")
        return (f'<div class="tl-panel tl-why"><h3>{why}</h3><p class="tl-muted">{escape(note)}'
                "</p></div>")
    parts = [f'<div class="tl-panel tl-why"><h3>{why}</h3>']
    for k, m in enumerate(reversed(moves)):
        ex = m.explanation
        summary = escape(str(ex.get("summary", "")))
        options = ex.get("options") or []
        samples = ex.get("samples")
        opened = " open" if k == 0 and latest_open else ""
        deals = ""
        if isinstance(samples, int) and samples > 0:
            deals = escape(_("Estimated over {n} possible deals of the unseen cards.").format(
                n=samples))
            deals = f'<p class="tl-muted">{deals}</p>'
        parts.append(f'<details class="tl-move" data-move="{len(moves) - k}"{opened}>'
                     f"<summary>{escape(m.text)}</summary><p class=\"tl-summary\">{summary}</p>"
                     f"{_options_table(options, m.action, ex.get('facts'), quiero) if options else ''}"
                     f"{deals}</details>")
    parts.append("</div>")
    return "".join(parts)


def review_label(label: str) -> str:
    """A review label as the learner reads it (``'mistake'`` → ``'Mistake'``)."""
    return _(REVIEW_LABELS[label]) if label in REVIEW_LABELS else label.capitalize()


def review_html(items: Sequence[Any] | None, result_text: str = "") -> str:
    """The after-hand review: the learner's decisions the coach would have taken differently.

    ``items`` are ``ReviewItem``-like objects (index, action, best, ev_taken, ev_best, loss,
    label, reason); ``None`` means no reviewer is available.
    """
    title = escape(_("Your hand, reviewed"))
    head = f'<div class="tl-panel tl-review"><h3>{title}</h3>'
    if result_text:
        head += f'<p class="tl-result">{escape(result_text)}</p>'
    if items is None:
        text = escape(_("No reviewer is available."))
        return head + f'<p class="tl-muted">{text}</p></div>'
    bad = [i for i in items if getattr(i, "label", "good") != "good"]
    if not items:
        text = escape(_("You had no real choice to make this hand."))
        return head + f'<p class="tl-muted">{text}</p></div>'
    if not bad:
        # Translators: the singular is for one decision.
        text = ngettext("No mistakes: your one decision was as good as the coach's. "
                        "Well played!",
                        "No mistakes: all {n} of your decisions were as good as the coach's. "
                        "Well played!", len(items)).format(n=len(items))
        return head + f"<p>{escape(text)}</p></div>"
    rows = []
    for i in bad:
        label, reason = review_label(str(i.label)), str(i.reason)
        for said in {label, str(i.label).capitalize()}:  # the label is said once, styled
            if reason.lower().startswith(said.lower() + ":"):
                reason = reason[len(said) + 1:].lstrip()
        rows.append(f'<div class="tl-review-item tl-{escape(str(i.label))}">'
                    f'<span class="tl-label">{escape(label)}</span>: {escape(reason)}</div>')
    good = len(items) - len(bad)
    if not good:  # every decision is reviewed above
        return head + "".join(rows) + "</div>"
    tail = ngettext("{n} other decision was fine.", "{n} other decisions were fine.",
                    good).format(n=good)
    return head + "".join(rows) + f'<p class="tl-muted">{escape(tail)}</p></div>'


def error_html(message: str) -> str:
    """A friendly message for the page (never a traceback).

    >>> error_html("<b>oops</b>")
    '<div class="tl-friendly-error" role="alert">&lt;b&gt;oops&lt;/b&gt;</div>'
    """
    return f'<div class="tl-friendly-error" role="alert">{escape(message)}</div>'
