"""The coach's words spoken to the learner: the review of one of the learner's moves (the
label once, what they did, the better move and why it wins), and the coach's own sentences
turned from "I" to "you".

The sentences are catalog messages; in English the coach's own sentences are turned to "you"
word by word (:func:`second_person`), in other languages they are made again from the facts
spoken to the learner, because the verbs change with the person.

>>> from truco_learn.i18n import language
>>> with language("pt-BR"):
...     did_text("play:QS", {}), did_text("fold", {})
('você jogou a dama de espadas', 'você correu')
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from ..engine.cards import card_name, parse_card
from ..i18n import _, pgettext
from .coach_words import (action_text, answers_envido, english, label_name, manilha_name,
                          raise_name, signed, the_card)
from .envido_explain import summary_of
from .sentences import raise_split_text
from .why_sentences import why_best


def to_learner(explanation: Mapping[str, Any], why: bool = True) -> str:
    """The coach's summary of ``explanation`` spoken to the learner about the learner's seat
    ("You win this hand 62% of the time"), in the current language (``why``: with the
    sentence comparing the move to the runner-up).

    >>> to_learner({"summary": "I win 62%."})
    'You win 62%.'
    """
    facts: Mapping[str, Any] = explanation.get("facts") or {}
    summary = str(explanation.get("summary", ""))
    if "decision" not in facts or facts.get("habit"):
        return second_person(summary)
    if english():
        return second_person(summary_of(explanation, False, why))
    return summary_of(explanation, True, why)


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
        facts: Mapping[str, Any] = best_explanation.get("facts") or {}
        options = best_explanation.get("options") or []
        why = why_best(options, best, facts, against=taken, you=not english())
        if english():
            why = second_person(why)
        # one "why" sentence per item: the one against the learner's move
        summary = to_learner(best_explanation, why=False)
    else:
        facts, why = {}, ""
        summary = second_person(best_explanation)
    did = did_text(taken, facts)
    if taken == best:
        return _("{label}: {did}, the best move here ({ev}).").format(
            label=label_name("good"), did=did, ev=signed(ev_best)) + " " + summary
    if label == "good":
        return _("{label}: {did} ({ev}), as good as {best} ({best_ev}) within the coach's margin "
                 "of error.").format(label=label_name("good"), did=did, ev=signed(ev_taken),
                                     best=action_text(best, facts), best_ev=signed(ev_best))
    text = _("{label}: {did} ({ev}); {best} was worth {best_ev}.").format(
        label=label_name(label), did=did, ev=signed(ev_taken), best=action_text(best, facts),
        best_ev=signed(ev_best))
    return " ".join(t for t in (text, why, summary) if t)


def your_raise(split: Mapping[str, Any], guessed: bool = False, said: str = "") -> str:
    """The review's note on a learner's raise: their fold and the played hand kept apart;
    ``guessed``: nobody who answered it could be asked (a person), so the numbers are a
    typical player's answers, and the note says so. ``said``: the reason the note follows; where
    it gives these numbers already, they are not said twice.

    >>> your_raise({"they_fold": 0.26, "played_win": 0.32})
    'Your raise: They fold about 26% of the time; when it is played you win about 32%.'
    >>> your_raise({"they_fold": 0.26, "played_win": 0.32}, guessed=True)
    'Your raise, if they answer as a typical player does: They fold about 26% of the time; when it is played you win about 32%.'
    >>> said = "Good: you called truco (3). They fold about 26% of the time; when it is played you win about 32%."
    >>> your_raise({"they_fold": 0.26, "played_win": 0.32}, said=said)
    ''
    >>> your_raise({"they_fold": 0.26, "played_win": 0.32}, guessed=True, said=said)
    'These numbers assume they answer as a typical player does.'
    """
    numbers = raise_split_text(split, "you")
    if numbers in said:  # the reason gave them already (the raise was the best move)
        # Translators: after the review's reason, which already gave the raise's numbers
        return _("These numbers assume they answer as a typical player does.") if guessed \
            else ""
    if guessed:
        # Translators: "{numbers}" is a whole sentence ("They fold about 26% of the time;
        # ..."); the other side are people, whose answers the review can only guess
        return _("Your raise, if they answer as a typical player does: {numbers}").format(
            numbers=numbers)
    # Translators: "{numbers}" is a whole sentence ("They fold about 26% of the time; ...")
    return _("Your raise: {numbers}").format(numbers=numbers)


def did_text(action: str, facts: Mapping[str, Any]) -> str:
    """What the learner did, as a player says it.

    >>> did_text("play:QS", {}), did_text("raise", {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
    ('you played the queen of spades', 'you called truco (3)')
    >>> did_text("fold", {"envido": {"what": "envido", "calls": ["envido"]}})
    'you said no quiero to the envido'
    >>> did_text("falta_envido", {}), did_text("drop", {})
    ('you called falta envido', 'you dropped out (me voy al mazo)')
    """
    kind, _sep, arg = action.partition(":")
    if kind == "play":
        return pgettext("learner did", "you played {card}").format(card=_long_name(arg, facts))
    if kind == "cover":
        if not arg:
            return pgettext("learner did", "you covered a card")
        return pgettext("learner did", "you covered {card}").format(card=_long_name(arg, facts))
    if kind == "blind":
        return pgettext("learner did", "you turned up card {n}").format(n=int(arg) + 1)
    if action == "raise":
        value = facts.get("pending") or facts.get("stake")
        ladder = list(facts.get("ladder") or [])
        nxt = [v for v in ladder if value is not None and v > value]
        if nxt:
            return pgettext("learner did", "you called {call}").format(
                call=raise_name(nxt[0], ladder))
        return pgettext("learner did", "you raised")
    if answers_envido(action, facts):
        return (pgettext("learner did", "you said quiero to the envido") if action == "accept"
                else pgettext("learner did", "you said no quiero to the envido"))
    words = _DID.get(action)
    if words is not None:
        return words()
    return pgettext("learner did", "you chose {action}").format(
        action=action_text(action, facts))


def _long_name(card: str, facts: Mapping[str, Any]) -> str:
    """A card's whole name with its article, in the table's deck, with the manilha's (or the
    Argentine top card's) name after it, as :func:`.card_name` gives them.

    >>> _long_name("QC", {"manilhas": ["QC", "QH", "QS", "QD"]})
    'the queen of clubs, zap'
    >>> _long_name("2H", {"deck": "spanish", "manilhas": ["AS", "AC", "7S", "7D"],
    ...                   "manilha_names": ["ancho de espadas", "ancho de bastos",
    ...                                     "siete de espadas", "siete de oros"]})
    'the 2 de copas'
    >>> _long_name("7S", {"deck": "spanish", "manilhas": ["AS", "AC", "7S", "7D"],
    ...                   "manilha_names": ["ancho de espadas", "ancho de bastos",
    ...                                     "siete de espadas", "siete de oros"]})
    'the 7 de espadas, siete de espadas'
    """
    code = parse_card(card)
    name = card_name(code, str(facts.get("deck") or "french"))
    nickname = manilha_name(card, facts)
    return the_card(name if nickname is None else f"{name}, {nickname}", code)


# the other moves, each looked up only when it is said (the Spanish calls keep their names)
_DID: dict[str, Callable[[], str]] = {
    "accept": lambda: pgettext("learner did", "you accepted"),
    "fold": lambda: pgettext("learner did", "you ran"),
    "onze:play": lambda: pgettext("learner did", "you chose to play the hand"),
    "onze:fold": lambda: pgettext("learner did", "you ran from the hand"),
    "envido": lambda: pgettext("learner did", "you called envido"),
    "real_envido": lambda: pgettext("learner did", "you called real envido"),
    "falta_envido": lambda: pgettext("learner did", "you called falta envido"),
    "flor": lambda: pgettext("learner did", "you said flor"),
    "contraflor": lambda: pgettext("learner did", "you said contraflor"),
    "contraflor_resto": lambda: pgettext("learner did", "you said contraflor al resto"),
    "achico": lambda: pgettext("learner did", "you said con flor me achico"),
    "drop": lambda: pgettext("learner did", "you dropped out (me voy al mazo)"),
}


_PERSON = {"I": "you", "my": "your", "me": "you", "mine": "yours", "we": "you", "us": "you",
           "our": "your", "ours": "yours"}
# (the Spanish calls "me voy al mazo" and "con flor me achico" keep their "me")
_PERSON_RE = re.compile(r"\b(I|[Mm]y|[Mm]e|[Mm]ine|[Ww]e|[Uu]s|[Oo]urs?)\b"
                        r"(?! (?:voy al mazo|achico))")


def second_person(text: str) -> str:
    """The coach's sentence about the learner's seat, spoken to the learner: "I win" becomes
    "you win" (English verbs agree the same way after "I" and "you").

    >>> second_person("I win 62%, so I raise; my partner's 3♠ and our first trick help us.")
    "You win 62%, so you raise; your partner's 3♠ and your first trick help you."
    >>> second_person("I say con flor me achico.")
    'You say con flor me achico.'

    Other languages are left as they are (make their sentences with ``you=True`` instead).
    """
    if not english():
        return text

    def swap(m: re.Match[str]) -> str:
        word = m.group(1)
        out = _PERSON[word if word == "I" else word.lower()]
        at_start = m.start() == 0 or text[:m.start()].rstrip().endswith((".", "!", "?", ":"))
        return out[0].upper() + out[1:] if at_start or (word[0].isupper() and word != "I") else out
    return _PERSON_RE.sub(swap, text)
