"""Facts behind the card lessons: the 40-card deck, the ordinary ranking, and what a vira does.

>>> [r for r, _ in ordinary_ranking()][:5]
['4', '5', '6', '7', 'Q']
>>> f = vira_facts("3H")
>>> f.manilha_rank, [card_str(c) for c in f.manilhas], f.wrapped
('4', ['4C', '4H', '4S', '4D'], True)
>>> vira_facts("7D").notes[0]
'After the 7 comes the queen (there are no 8, 9 or 10), so the queens are the manilhas.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import (DECK, MANILHA_NAMES, RANKS, SUITS, card_name, card_str,
                            manilha_rank_of, manilhas_for, parse_card)
from ..errors import ConfigError
from ..i18n import N_, _

# English words (French deck: translated when shown) and Spanish names (kept in every language)
_RANK_WORDS = {
    "french": {"4": N_("four"), "5": N_("five"), "6": N_("six"), "7": N_("seven"),
               "Q": N_("queen"), "J": N_("jack"), "K": N_("king"), "A": N_("ace"),
               "2": N_("two"), "3": N_("three")},
    "spanish": {"4": "cuatro", "5": "cinco", "6": "seis", "7": "siete", "Q": "sota",
                "J": "caballo", "K": "rey", "A": "as", "2": "dos", "3": "tres"},
}
#: "every queen": a whole rank in the order of a hand (digits use ``every {rank}``)
_EVERY = {
    "french": {"Q": N_("every queen"), "J": N_("every jack"), "K": N_("every king"),
               "A": N_("every ace")},
    "spanish": {"Q": N_("every sota"), "J": N_("every caballo"), "K": N_("every rey"),
                "A": N_("every as")},
}
SUIT_WORDS = {
    "french": {"C": N_("clubs"), "H": N_("hearts"), "S": N_("spades"), "D": N_("diamonds")},
    "spanish": {"C": N_("bastos (clubs)"), "H": N_("copas (cups)"), "S": N_("espadas (swords)"),
                "D": N_("oros (coins)")},
}
MANILHA_MEANINGS = (N_("zap: the strongest card of the hand"), N_("copas: second"),
                    N_("espadilha: third"), N_("mole (also pica-fumo or ouros): fourth"))


def _deck(deck: str) -> str:
    if deck not in _RANK_WORDS:
        raise ConfigError(f"unknown deck {deck!r} (known: french, spanish)")
    return deck


def _rank_word(rank: str, deck: str) -> str:
    if rank.isdigit():
        return rank
    word = _RANK_WORDS[deck][rank]
    return _(word) if deck == "french" else word


def _every(rank: str, deck: str) -> str:
    if rank.isdigit():
        # Translators: every card of a numbered rank, "every 4"
        return _("every {rank}").format(rank=rank)
    return _(_EVERY[deck][rank])


def ordinary_ranking(deck: str = "french") -> list[tuple[str, str]]:
    """The ten ranks from weakest to strongest, with their names in this deck.

    >>> ordinary_ranking("spanish")[4:7]
    [('Q', 'sota'), ('J', 'caballo'), ('K', 'rey')]
    """
    words = _RANK_WORDS[_deck(deck)]
    return [(r, _(words[r]) if deck == "french" else words[r]) for r in RANKS]


def deck_cards(deck: str = "french") -> list[str]:
    """All 40 cards by name, weakest rank first.

    >>> cards = deck_cards()
    >>> len(cards), cards[0], cards[-1]
    (40, '4 of clubs', '3 of diamonds')
    """
    _deck(deck)
    return [card_name(c, deck) for c in DECK]


def stronger_card(a: str, b: str) -> str | None:
    """The stronger of two cards with no manilha in play, or None if they are equal.

    >>> stronger_card("QC", "JD"), stronger_card("3S", "3H")
    ('JD', None)
    """
    ca, cb = parse_card(a), parse_card(b)
    sa, sb = ca // 4, cb // 4  # rank only: no manilhas here
    if sa == sb:
        return None
    return card_str(ca) if sa > sb else card_str(cb)


@dataclass(frozen=True, slots=True)
class ViraFacts:
    """What one vira means for its hand."""

    vira: int
    manilha_rank: str
    manilhas: tuple[int, ...]  # zap, copas, espadilha, mole
    names: tuple[str, ...]  # the manilhas' names, strongest first
    order: tuple[str, ...]  # every rank group from strongest to weakest, as text
    wrapped: bool  # the vira is a 3, so the manilhas wrap round to the fours
    notes: tuple[str, ...]


def vira_facts(vira: str | int, deck: str = "french") -> ViraFacts:
    """The manilhas for this vira and the full order of the hand's cards, strongest first.

    >>> f = vira_facts("KS")
    >>> f.names[0], f.order[:2], f.order[-1]
    ('ace of clubs, zap', ('ace of clubs, zap', 'ace of hearts, copas'), 'every 4')
    """
    _deck(deck)
    code = vira if isinstance(vira, int) and not isinstance(vira, bool) else parse_card(vira)
    if not 0 <= code < len(DECK):
        raise ConfigError(f"unknown card code {code!r}")
    mans = manilhas_for("vira", code)
    rank = RANKS[manilha_rank_of(code)]
    names = tuple(card_name(c, deck, code) for c in mans)
    ordinary = [_every(r, deck) for r in reversed(RANKS) if r != rank]
    vira_rank = RANKS[code // 4]
    wrapped = vira_rank == "3"
    notes: list[str] = []
    if wrapped:
        notes.append(_("The vira is a 3, the top of the cycle: it wraps round, so the fours "
                       "(the weakest cards) become the manilhas."))
    if vira_rank == "7":
        notes.append(_("After the 7 comes the queen (there are no 8, 9 or 10), so the queens "
                       "are the manilhas."))
    if vira_rank == "Q":
        notes.append(_("After the queen comes the jack (the queen ranks below the jack), so the "
                       "jacks are the manilhas."))
    itself = _("The vira itself, {card}, belongs to nobody.").format(card=card_name(code, deck))
    others = _("The other three cards of its rank ({rank}) stay ordinary.").format(
        rank=_rank_word(vira_rank, deck))
    notes.append(f"{itself} {others}")
    notes.append(_("Cards of the manilha rank ({rank}) drop out of the ordinary order.").format(
        rank=rank))
    return ViraFacts(code, rank, mans, names, tuple(names) + tuple(ordinary), wrapped,
                     tuple(notes))


def mineiro_manilhas(deck: str = "french") -> list[str]:
    """Truco Mineiro's fixed manilhas, strongest first, with their nicknames.

    >>> mineiro_manilhas()
    ['4 of clubs, zap', '7 of hearts, copas', 'ace of spades, espadilha', '7 of diamonds, mole']
    """
    _deck(deck)
    return [card_name(c, deck, None, "mineiro") for c in manilhas_for("mineiro", None)]


def all_viras() -> list[tuple[str, int]]:
    """``(label, code)`` for every possible vira, for a picker.

    >>> all_viras()[0], len(all_viras())
    (('4♣', 0), 40)
    """
    symbols = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
    return [(RANKS[c // 4] + symbols[SUITS[c % 4]], c) for c in DECK]


assert len(MANILHA_NAMES) == len(MANILHA_MEANINGS)
