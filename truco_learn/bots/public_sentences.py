"""What the deciding seat's opponents may read during the hand: the coach's summary naming
none of the cards it still holds (nor a card it covered), and the options that name none.

>>> ex = {"options": [{"action": "play:4H", "ev": 0.5, "win": 0.7},
...                   {"action": "play:3S", "ev": 0.1, "win": 0.6}],
...       "facts": {"decision": {"kind": "play", "chosen": "play:4H", "reason": "lead_low"},
...                 "my_cards": ["3S", "QC", "4H"], "manilhas": ["QC", "QH", "QS", "QD"]}}
>>> from truco_learn.bots.sentences import summarize
>>> summarize(ex)
'I lead my weakest card and keep 3♠ and zap (Q♣) for the tricks that decide. It is worth +0.50 (I win 70%) against +0.10 for playing 3♠. Playing 4♥ wins the hand more often than playing 3♠ (70% against 60%).'
>>> public_summary(ex)
'I lead my weakest card and keep the other two for the tricks that decide. It is worth +0.50 (I win 70%).'
"""

from __future__ import annotations

from typing import Any, Mapping

from ..i18n import _
from .coach_words import card_text

__all__ = ["hidden_cards", "public_options", "public_summary", "public_explanation"]


def hidden_cards(explanation: Mapping[str, Any], action: str | None = None) -> set[str]:
    """The deciding seat's cards that are still hidden after its move ``action`` (by default
    the ``chosen`` action in the facts): every card it holds except one it plays face up.

    >>> sorted(hidden_cards({"facts": {"my_cards": ["2D", "AC", "5H"]}}, "play:5H"))
    ['2D', 'AC']
    """
    facts: Mapping[str, Any] = explanation.get("facts") or {}
    if action is None:
        action = str((facts.get("decision") or {}).get("chosen", ""))
    kind, _sep, card = action.partition(":")
    hidden = {str(c) for c in facts.get("my_cards") or []}
    if kind == "play":
        hidden.discard(card)
    elif kind == "cover" and card:
        hidden.add(card)
    return hidden


def public_options(options: Any, hidden: set[str], chosen: str = "") -> list[dict[str, Any]]:
    """The compared actions that name no hidden card: covering a card shows as one ``cover``;
    where the ``chosen`` move is not a card's, playing one of the cards the seat still hides
    shows as one ``play`` (each with the numbers of its best card), so that a raise or an
    answer is still compared with playing on. (Beside a card played, the others are left out.)

    >>> public_options([{"action": "raise", "ev": 1.2}, {"action": "play:3S", "ev": 0.4},
    ...                 {"action": "play:4H", "ev": 0.9}, {"action": "cover:4H", "ev": 0.1}],
    ...                {"3S", "4H"}, "raise")
    [{'action': 'raise', 'ev': 1.2}, {'action': 'play', 'ev': 0.9}, {'action': 'cover', 'ev': 0.1}]
    """
    out: list[dict[str, Any]] = []
    merged: dict[str, int] = {}  # "play" / "cover": its row in ``out``
    a_card = chosen.partition(":")[0] in ("play", "cover")
    for o in options or []:
        kind, _sep, card = str(o.get("action", "")).partition(":")
        if kind == "play" and card in hidden and a_card:
            continue
        if (kind == "play" and card in hidden) or kind == "cover":
            row = {**o, "action": kind}
            at = merged.get(kind)
            if at is None:
                merged[kind] = len(out)
                out.append(row)
            elif _points(row) > _points(out[at]):
                out[at] = row
            continue
        out.append(dict(o))
    return out


def _points(option: Mapping[str, Any]) -> float:
    ev = option.get("ev")
    return float(ev) if isinstance(ev, (int, float)) else float("-inf")


def public_summary(explanation: Mapping[str, Any], action: str | None = None) -> str:
    """The summary the seat's opponents may read during the hand: the same facts and numbers,
    naming none of the cards it still holds (nor a card it covered)."""
    from .sentences import summarize

    facts: Mapping[str, Any] = explanation.get("facts") or {}
    hidden = hidden_cards(explanation, action)
    if "decision" in facts:
        chosen = str((facts["decision"] or {}).get("chosen", ""))
        options = [o for o in public_options(explanation.get("options"), hidden, chosen)
                   if o.get("action") != "cover" or not chosen.startswith("cover")]
        if not any(o.get("action") == chosen for o in options):  # a covered card's own row
            options += [o for o in explanation.get("options") or [] if o.get("action") == chosen]
        text = summarize({**explanation, "facts": {**facts, "hidden": sorted(hidden)},
                          "options": options})
    else:
        text = str(explanation.get("summary", ""))
    a_card = _("a card")
    for card in hidden:  # a last guard for summaries made elsewhere
        text = text.replace(card_text(card), a_card).replace(card, a_card)
    return text


def public_explanation(explanation: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The explanation without what the seat's opponents may not know yet: the public
    summary, the options that name no hidden card, the sample count (no facts).

    >>> ex = {"summary": "I chose playing 4♥.", "samples": 0,
    ...       "options": [{"action": "play:4H", "ev": None}, {"action": "play:3S", "ev": None}],
    ...       "facts": {"my_cards": ["3S", "4H"]}}
    >>> public_explanation(ex, "play:4H")["options"]
    [{'action': 'play:4H', 'ev': None}]
    """
    hidden = hidden_cards(explanation, action)
    return {"summary": public_summary(explanation, action),
            "options": public_options(explanation.get("options"), hidden, action),
            "samples": explanation.get("samples", 0)}
