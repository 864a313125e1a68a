"""The coach's words for numbers, cards, calls and moves, in the learner's language.

The coach's sentences (:mod:`.sentences`, :mod:`.review_sentences`, :mod:`.envido_explain`)
are made from facts through the message catalogs (domain ``coach``); this module holds the
small pieces they fill in: a percentage, a signed number of points, a card, a call, a move.
English is written exactly as it always was (no catalog lookup for numbers), so the bots pay
nothing for the other languages.

>>> from truco_learn.i18n import language
>>> pct(0.62), signed(-0.386), action_text("raise", {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
('62%', '−0.39', 'raising to truco (3)')
>>> with language("pt-BR"):
...     pct(0.62), signed(-0.386), action_text("raise", {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
('62%', '−0,39', 'pedir truco (3)')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Mapping

from ..engine.cards import RANKS
from ..i18n import DEFAULT, N_, _, current, numbers, pgettext

__all__ = ["say", "english", "pct", "signed", "eleven_name", "card_text",
           "raise_name", "action_text", "the_card", "label_name", "cap", "manilha_name",
           "answers_envido"]

_SYMBOL = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
MANILHA = ("zap", "copas", "espadilha", "mole")
_STEP_NAMES = {0: "truco", 1: "seis", 3: "doze"}
# Translators: the Argentine calls after truco (gaúcho tables say "vale quatro")
_ARGENTINE_STEPS = {3: N_("retruco"), 4: N_("vale cuatro")}  # as the play page names them


def english() -> bool:
    """Is the current language English (the message ids themselves)?"""
    return current() == DEFAULT


def say(you: bool, me: str, to_you: str) -> str:
    """The coach's sentence in its own voice (``me``: "I win") or spoken to the learner about
    the learner's seat (``to_you``: "You win"); both are catalog messages."""
    return _(to_you if you else me)


def pct(x: float) -> str:
    """A chance as a percentage (``62%``)."""
    return f"{round(100 * x)}%" if english() else _percent(current(), round(100 * x))


def signed(x: float) -> str:
    """Expected points as the app writes them: always signed, with a real minus sign.

    >>> signed(0.47), signed(-0.386), signed(0)
    ('+0.47', '−0.39', '+0.00')
    """
    text = f"{x:+.2f}"
    if english():
        return "+0.00" if text == "-0.00" else text.replace("-", "−")
    return _signed(current(), text)


# Babel's formatting costs far more than the sentence around it: each value is formatted once
@lru_cache(maxsize=4096)
def _percent(lang: str, whole: int) -> str:
    return numbers.percent(whole / 100)


@lru_cache(maxsize=4096)
def _signed(lang: str, text: str) -> str:
    return numbers.signed(float(text)).replace("-", "−")


def eleven_name(at: int, portuguese: bool = False) -> str:
    """The name of the hand a team plays when it alone has ``eleven_at`` points: Paulista's
    hand of eleven, Mineiro's hand of ten (in the current language; ``portuguese`` always
    gives the Portuguese name, the term the English text introduces).

    >>> eleven_name(11), eleven_name(10), eleven_name(10, portuguese=True), eleven_name(20)
    ('hand of eleven', 'hand of ten', 'mão de dez', 'hand of 20')
    """
    words = {10: ("ten", "dez"), 11: ("eleven", "onze")}.get(at)
    if portuguese:
        return f"mão de {at}" if words is None else f"mão de {words[1]}"
    if at == 10:
        return _("hand of ten")
    if at == 11:
        return _("hand of eleven")
    return _("hand of {points}").format(points=at)


def card_text(card: str) -> str:
    """``'QC'`` → ``'Q♣'``.

    >>> card_text("3D")
    '3♦'
    """
    return card[0] + _SYMBOL.get(card[1], card[1])


def cap(text: str) -> str:
    """The sentence with its first letter capital."""
    return text[:1].upper() + text[1:]


def raise_name(value: int, ladder: list[int]) -> str:
    """``3`` on the Paulista ladder → ``'truco (3)'``.

    >>> raise_name(9, [1, 3, 6, 9, 12]), raise_name(10, [2, 4, 6, 10, 12])
    ('nove (9)', 'dez (10)')
    >>> raise_name(3, [1, 2, 3, 4]), raise_name(4, [1, 2, 3, 4])
    ('retruco (3)', 'vale cuatro (4)')
    """
    if list(ladder) == [1, 2, 3, 4] and value in (3, 4):  # the Argentine calls
        return f"{_(_ARGENTINE_STEPS[value])} ({value})"
    i = ladder.index(value) - 1 if value in ladder else -1
    name = _STEP_NAMES.get(i) or ("dez" if value == 10 else "nove" if value == 9 else
                                  _("a raise"))
    return f"{name} ({value})"


def named(card: str, facts: Mapping[str, Any]) -> str:
    """A card as the coach names it: the manilha's name first (``zap (4♣)``; at an Argentine
    table a top card's name, ``ancho de espadas (A♠)``).

    >>> named("7S", {"manilhas": ["AS", "AC", "7S", "7D"],
    ...              "manilha_names": ["ancho de espadas", "ancho de bastos", "siete de espadas",
    ...                                "siete de oros"]})
    'siete de espadas (7♠)'
    >>> named("7S", {"manilhas": ["QC", "QH", "7S", "QD"]})
    'espadilha (7♠)'
    """
    if card in (facts.get("hidden") or ()):
        return _("one of my cards")
    nickname = manilha_name(card, facts)
    return card_text(card) if nickname is None else f"{nickname} ({card_text(card)})"


def manilha_name(card: str, facts: Mapping[str, Any]) -> str | None:
    """What players call ``card`` when it is a manilha (or an Argentine top card), else
    ``None``.

    >>> manilha_name("QH", {"manilhas": ["QC", "QH", "QS", "QD"]}), manilha_name("3S", {})
    ('copas', None)
    """
    mans = list(facts.get("manilhas") or ())
    if card not in mans:
        return None
    return str((facts.get("manilha_names") or MANILHA)[mans.index(card)])


def answers_envido(action: str, facts: Mapping[str, Any]) -> bool:
    """Is ``action`` an answer to an envido call (quiero or no quiero)? A truco waiting behind
    the envido is answered later.

    >>> answers_envido("fold", {"envido": {"what": "envido", "calls": ["envido"]}})
    True
    >>> answers_envido("fold", {}), answers_envido("envido", {"envido": {"what": "envido"}})
    (False, False)
    """
    envido = facts.get("envido") or {}
    return (action in ("accept", "fold") and envido.get("what") == "envido"
            and bool(envido.get("calls")))


def action_text(action: str, facts: Mapping[str, Any]) -> str:
    """How an action reads inside a sentence: an English gerund ("playing 3♠"), a Portuguese
    infinitive ("jogar 3♠").

    >>> action_text("fold", {}), action_text("fold", {"envido": {"what": "envido",
    ...                                                          "calls": ["envido"]}})
    ('folding', 'saying no quiero')
    """
    kind, _sep, arg = action.partition(":")
    hidden = facts.get("hidden") or ()
    if kind == "play":
        if not arg:  # the cards the seat still hides, as one move (:func:`.public_options`)
            return pgettext("move", "playing a card")
        if arg in hidden:
            return pgettext("move", "playing another card")
        return pgettext("move", "playing {card}").format(card=named(arg, facts))
    if kind == "cover":
        if arg in hidden or not arg:
            return pgettext("move", "covering a card")
        return pgettext("move", "covering {card}").format(card=card_text(arg))
    if kind == "blind":
        return pgettext("move", "turning up card {n}").format(n=int(arg) + 1)
    if action == "raise":
        value = facts.get("pending") or facts.get("stake")
        ladder = list(facts.get("ladder") or [])
        nxt = [v for v in ladder if value is not None and v > value]
        if nxt:
            return pgettext("move", "raising to {call}").format(call=raise_name(nxt[0], ladder))
        return pgettext("move", "raising")
    if answers_envido(action, facts):  # quiero or no quiero, not "accepting" or "folding"
        return (pgettext("move", "saying quiero") if action == "accept"
                else pgettext("move", "saying no quiero"))
    word = _MOVES.get(action)
    return action if word is None else word()


# the other moves' words, each looked up only when it is said
_MOVES: dict[str, Callable[[], str]] = {
    "accept": lambda: pgettext("move", "accepting"),
    "fold": lambda: pgettext("move", "folding"),
    "onze:play": lambda: pgettext("move", "playing the hand"),
    "onze:fold": lambda: pgettext("move", "running from the hand"),
    "envido": lambda: pgettext("move", "calling envido"),
    "real_envido": lambda: pgettext("move", "calling real envido"),
    "falta_envido": lambda: pgettext("move", "calling falta envido"),
    "flor": lambda: pgettext("move", "saying flor"),
    "contraflor": lambda: pgettext("move", "saying contraflor"),
    "contraflor_resto": lambda: pgettext("move", "saying contraflor al resto"),
    "achico": lambda: pgettext("move", "saying con flor me achico"),
    "drop": lambda: pgettext("move", "dropping out (me voy al mazo)"),
}


def the_card(name: str, card: int, deck: str = "french") -> str:
    """A card's name with its article (``the queen of spades``, ``a dama de espadas``): the
    queen and the sota are feminine in Portuguese, every other card masculine."""
    feminine = RANKS[card // 4] == "Q"
    if feminine:
        # Translators: a card whose name is feminine (dama, sota): "a {card}"
        return pgettext("feminine card", "the {card}").format(card=name)
    # Translators: a card whose name is masculine (ás, 3, valete, rei, caballo): "o {card}"
    return pgettext("masculine card", "the {card}").format(card=name)


def label_name(label: str) -> str:
    """A review label as the learner reads it, capitalised (``Blunder``)."""
    return {"good": pgettext("review label", "Good"),
            "inaccuracy": pgettext("review label", "Inaccuracy"),
            "mistake": pgettext("review label", "Mistake"),
            "blunder": pgettext("review label", "Blunder")}.get(label, label.capitalize())
