"""The coach's words spoken to the learner: the review of one of the learner's moves (the
label once, what they did, the better move and why it wins), and the coach's own sentences
turned from "I" to "you".

Like :mod:`.sentences`, the only English text of its kind, so another language is one more
module.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..engine.cards import card_name, parse_card
from .sentences import action_text, signed, why_best


def review_reason(label: str, taken: str, best: str, ev_taken: float, ev_best: float,
                  best_explanation: str | Mapping[str, Any]) -> str:
    """The reviewer's sentence for one of the learner's moves, spoken to the learner: the
    label once, what they did, the better move and why it wins (``best_explanation``: the
    coach's explanation of the best move, or just its summary).

    >>> review_reason("mistake", "fold", "accept", -1.0, -0.2, "I win 40%.")
    'Mistake: you ran (−1.00); accepting was worth −0.20. You win 40%.'
    >>> review_reason("good", "accept", "accept", 0.4, 0.4, "Because.")
    'Good: you accepted, the best move here (+0.40). Because.'
    """
    if isinstance(best_explanation, Mapping):
        summary = str(best_explanation.get("summary", ""))
        facts: Mapping[str, Any] = best_explanation.get("facts") or {}
        options = best_explanation.get("options") or []
        why = why_best(options, best, facts, against=taken)
        said = why_best(options, best, facts)  # the summary's own, against the runner-up
        if said:  # one "why" sentence per item: the one against the learner's move
            summary = summary.replace(f" {said}", "")
    else:
        summary, facts, why = best_explanation, {}, ""
    did = did_text(taken, facts)
    if taken == best:
        return f"Good: {did}, the best move here ({signed(ev_best)}). {second_person(summary)}"
    if label == "good":
        return (f"Good: {did} ({signed(ev_taken)}), as good as {action_text(best, facts)} "
                f"({signed(ev_best)}) within the coach's margin of error.")
    text = (f"{label.capitalize()}: {did} ({signed(ev_taken)}); {action_text(best, facts)} was "
            f"worth {signed(ev_best)}.")
    return " ".join(t for t in (text, second_person(why), second_person(summary)) if t)


def did_text(action: str, facts: Mapping[str, Any]) -> str:
    """What the learner did, as a player says it.

    >>> did_text("play:QS", {}), did_text("raise", {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
    ('you played the queen of spades', 'you called truco (3)')
    """
    kind, _, arg = action.partition(":")
    if kind == "play":
        return f"you played the {card_name(parse_card(arg))}"
    if kind == "cover":
        return f"you covered the {card_name(parse_card(arg))}" if arg else "you covered a card"
    if kind == "blind":
        return f"you turned up card {int(arg) + 1}"
    if action == "raise":
        words = action_text(action, facts)
        return "you called " + words[len("raising to "):] if words != "raising" else "you raised"
    return {"accept": "you accepted", "fold": "you ran", "onze:play": "you chose to play the hand",
            "onze:fold": "you ran from the hand"}.get(action, f"you chose {action}")


_PERSON = {"I": "you", "my": "your", "me": "you", "mine": "yours", "we": "you", "us": "you",
           "our": "your", "ours": "yours"}
_PERSON_RE = re.compile(r"\b(I|[Mm]y|[Mm]e|[Mm]ine|[Ww]e|[Uu]s|[Oo]urs?)\b")


def second_person(text: str) -> str:
    """The coach's sentence about the learner's seat, spoken to the learner: "I win" becomes
    "you win" (English verbs agree the same way after "I" and "you").

    >>> second_person("I win 62%, so I raise; my partner's 3♠ and our first trick help us.")
    "You win 62%, so you raise; your partner's 3♠ and your first trick help you."
    """
    def swap(m: re.Match[str]) -> str:
        word = m.group(1)
        out = _PERSON[word if word == "I" else word.lower()]
        at_start = m.start() == 0 or text[:m.start()].rstrip().endswith((".", "!", "?", ":"))
        return out[0].upper() + out[1:] if at_start or (word[0].isupper() and word != "I") else out
    return _PERSON_RE.sub(swap, text)
