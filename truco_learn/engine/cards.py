"""Cards: notation, strength with manilhas, and names.

A card is an ``int`` code ``rank * 4 + suit`` with ranks ``4 5 6 7 Q J K A 2 3`` (0..9, low to
high) and suits ``C H S D`` (0..3). At the edge cards are two-character strings.

>>> parse_card("qc"), card_str(parse_card("Q♣"))
(16, 'QC')
>>> manilha_rank_of(parse_card("7D")) == RANKS.index("Q")
True
>>> s = strength_table("vira", parse_card("3H"))   # vira 3: the fours are manilhas
>>> s[parse_card("4C")] > s[parse_card("4H")] > s[parse_card("3S")] > s[parse_card("2C")]
True
>>> card_name(parse_card("QC"), vira=parse_card("6D"))
'queen of clubs'
>>> card_name(parse_card("QC"), vira=parse_card("7D"))
'queen of clubs, zap'
>>> card_name(parse_card("QC"), deck="spanish")
'sota de bastos'

A learner reads card names in their language (the Spanish deck keeps its Spanish names):

>>> from truco_learn.i18n import language
>>> with language("pt-BR"):
...     card_name(parse_card("QC"), vira=parse_card("7D")), card_name(parse_card("AD"))
('dama de paus, zap', 'ás de ouros')
"""

from __future__ import annotations

from ..errors import InvalidNotationError
from ..i18n import N_, _

RANKS = "4567QJKA23"
ACE = RANKS.index("A")  # an ace's strength (7): "nothing above an ace", "an ace or better"
SUITS = "CHSD"
NUM_CARDS = 40
DECK: tuple[int, ...] = tuple(range(NUM_CARDS))

_SUIT_SYMBOLS = {"♣": "C", "♥": "H", "♠": "S", "♦": "D"}
SUIT_SYMBOL = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
MANILHA_NAMES = ("zap", "copas", "espadilha", "mole")  # by suit C H S D
MINEIRO_MANILHAS: tuple[int, ...] = (0 * 4 + 0, 3 * 4 + 1, 7 * 4 + 2, 3 * 4 + 3)  # 4C 7H AS 7D
ARGENTINE_TOP: tuple[int, ...] = (7 * 4 + 2, 7 * 4 + 0, 3 * 4 + 2, 3 * 4 + 3)  # AS AC 7S 7D
ARGENTINE_NAMES = ("ancho de espadas", "ancho de bastos", "siete de espadas", "siete de oros")

_FRENCH_RANK = {"4": "4", "5": "5", "6": "6", "7": "7", "Q": N_("queen"), "J": N_("jack"),
                "K": N_("king"), "A": N_("ace"), "2": "2", "3": "3"}
_FRENCH_SUIT = {"C": N_("clubs"), "H": N_("hearts"), "S": N_("spades"), "D": N_("diamonds")}
_SPANISH_RANK = {"4": "4", "5": "5", "6": "6", "7": "7", "Q": "sota", "J": "caballo", "K": "rey",
                 "A": "as", "2": "2", "3": "3"}
_SPANISH_SUIT = {"C": "bastos", "H": "copas", "S": "espadas", "D": "oros"}

CARD_STR: tuple[str, ...] = tuple(RANKS[c // 4] + SUITS[c % 4] for c in DECK)
_CARD_CODE: dict[str, int] = {s: i for i, s in enumerate(CARD_STR)}


def card_str(card: int) -> str:
    """Canonical two-character notation of a card code."""
    return CARD_STR[card]


def parse_card(text: object) -> int:
    """Parse ``"QC"``, ``"qc"`` or ``"Q♣"`` into a card code; raise InvalidNotationError."""
    if isinstance(text, str):
        code = _CARD_CODE.get(text)
        if code is not None:
            return code
        t = text.strip().upper()
        if len(t) == 2:
            t = t[0] + _SUIT_SYMBOLS.get(t[1], t[1])
            code = _CARD_CODE.get(t)
            if code is not None:
                return code
    raise InvalidNotationError(
        f"unknown card {text!r}: a card is a rank (4 5 6 7 Q J K A 2 3) and a suit (C H S D)"
    )


def rank_of(card: int) -> int:
    return card // 4


def suit_of(card: int) -> int:
    return card % 4


def manilha_rank_of(vira: int) -> int:
    """The manilha rank for a vira: the next rank in the cycle 4 5 6 7 Q J K A 2 3 4."""
    return (vira // 4 + 1) % 10


def manilhas_for(manilhas: str, vira: int | None) -> tuple[int, ...]:
    """The four manilhas, strongest first (zap, copas, espadilha, mole).

    >>> [card_str(c) for c in manilhas_for("vira", parse_card("3D"))]
    ['4C', '4H', '4S', '4D']
    >>> [card_str(c) for c in manilhas_for("mineiro", None)]
    ['4C', '7H', 'AS', '7D']
    >>> [card_str(c) for c in manilhas_for("argentine", None)]
    ['AS', 'AC', '7S', '7D']
    """
    if manilhas == "mineiro":
        return MINEIRO_MANILHAS
    if manilhas == "argentine":
        return ARGENTINE_TOP
    if vira is None:
        raise InvalidNotationError("a vira is needed to know the manilhas")
    r = manilha_rank_of(vira)
    return tuple(r * 4 + s for s in range(4))


def _build_table(manilha_cards: tuple[int, ...]) -> tuple[int, ...]:
    table = [c // 4 for c in DECK]  # ordinary strength = rank index 0..9
    for i, c in enumerate(manilha_cards):
        table[c] = 13 - i  # zap 13, copas 12, espadilha 11, mole 10
    return tuple(table)


_TABLES: dict[tuple[str, int | None], tuple[int, ...]] = {}


def strength_table(manilhas: str, vira: int | None) -> tuple[int, ...]:
    """Strength of every card code for this hand (shared, cached tuples)."""
    table = _TABLES.get((manilhas, vira))
    if table is None:
        table = _TABLES[(manilhas, vira)] = _build_table(manilhas_for(manilhas, vira))
    return table


def feminine_name(card: int) -> bool:
    """Whether the card's name takes a feminine article in Portuguese (the queen: "a dama",
    "a sota"; every other rank: "o ás", "o as", "o rei"), for the sentences that name it.

    >>> feminine_name(parse_card("QC")), feminine_name(parse_card("AS"))
    (True, False)
    """
    return RANKS[card // 4] == "Q"


def card_name(card: int, deck: str = "french", vira: int | None = None,
              manilhas: str = "vira") -> str:
    """An accessible name: ``'queen of clubs'``, ``'queen of clubs, zap'``, ``'sota de bastos'``.

    The manilha nickname is added when ``vira`` is given (or for the fixed Mineiro and
    Argentine top cards).

    >>> card_name(parse_card("AS"), deck="spanish", manilhas="argentine")
    'as de espadas, ancho de espadas'
    """
    r, s = RANKS[card // 4], SUITS[card % 4]
    if deck == "spanish":
        name = f"{_SPANISH_RANK[r]} de {_SPANISH_SUIT[s]}"
    else:
        # Translators: a card of the French deck, "queen of clubs"
        name = _("{rank} of {suit}").format(rank=_(_FRENCH_RANK[r]), suit=_(_FRENCH_SUIT[s]))
    if manilhas in ("mineiro", "argentine") or vira is not None:
        mans = manilhas_for(manilhas, vira)
        if card in mans:
            names = ARGENTINE_NAMES if manilhas == "argentine" else MANILHA_NAMES
            name += f", {names[mans.index(card)]}"
    return name


def without_card(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand`` with ``card`` taken out: by its index when it is there once (the fast, usual
    case), else every copy filtered out, as a malformed input always was.

    >>> without_card((3, 17, 25), 17), without_card((3, 25), 17)
    ((3, 25), (3, 25))
    """
    if hand.count(card) == 1:
        i = hand.index(card)
        return hand[:i] + hand[i + 1:]
    return tuple([c for c in hand if c != card])

