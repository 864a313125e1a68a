"""Envido and flor points of a hand (RULES.md, "Envido points and flor points").

Cards are codes (``rank * 4 + suit``, ranks ``4 5 6 7 Q J K A 2 3``).

>>> from .cards import parse_card
>>> def h(*cs: str) -> list[int]: return [parse_card(c) for c in cs]
>>> envido_points(h("7S", "5S", "KC")), envido_points(h("6H", "4H", "AD"))
(32, 30)
>>> envido_points(h("KC", "JH", "QS")), envido_points(h("7C", "KH", "2S"))
(0, 7)
>>> has_flor(h("5C", "4C", "KC")), flor_points(h("5C", "4C", "KC"))
(True, 29)
>>> best_face(h("QC", "JH", "4S")), best_face(h("4C", "5H", "6S"))
(2, 0)
"""

from __future__ import annotations

from typing import Sequence

# face value by rank index: 4 5 6 7 Q J K A 2 3
FACE_VALUE = (4, 5, 6, 7, 0, 0, 0, 1, 2, 3)
# face-card order for the gaúcho tie at 0 (K > J > Q), 0 for a card that is no face card
_FACE_RANK = (0, 0, 0, 0, 1, 2, 3, 0, 0, 0)


# envido points by the cards (in the order given), worked out once: bots ask for the same
# hands over and over in their playouts (a few tens of thousands of orderings of three cards)
_ENVIDO: dict[tuple[int, ...], int] = {}
_ENVIDO_MAX = 100_000


def envido_points(cards: Sequence[int]) -> int:
    """A seat's envido from its three dealt cards: 20 + the two highest face values of a suit
    held twice or more, else the highest face value."""
    key = cards if type(cards) is tuple else tuple(cards)
    points = _ENVIDO.get(key)
    if points is None:
        if len(_ENVIDO) >= _ENVIDO_MAX:
            _ENVIDO.clear()
        points = _ENVIDO[key] = _envido_points(key)
    return points


def _envido_points(cards: Sequence[int]) -> int:
    best = 0
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        v = FACE_VALUE[c // 4]
        by_suit.setdefault(c % 4, []).append(v)
        best = max(best, v)
    for values in by_suit.values():
        if len(values) >= 2:
            values.sort(reverse=True)
            best = max(best, 20 + values[0] + values[1])
    return best


def envido_cards(cards: Sequence[int]) -> tuple[int, ...]:
    """The cards whose face values make the envido, highest first: the two highest of a suit
    held twice or more (the envido adds 20 to them), else the single highest card.

    >>> from .cards import parse_card, card_str
    >>> [card_str(c) for c in envido_cards([parse_card(c) for c in ("5S", "KC", "7S")])]
    ['7S', '5S']
    >>> [card_str(c) for c in envido_cards([parse_card(c) for c in ("7C", "KH", "2S")])]
    ['7C']
    """
    by_value = sorted(cards, key=lambda c: -FACE_VALUE[c // 4])
    for c in by_value:
        same = [d for d in by_value if d % 4 == c % 4]
        if len(same) >= 2:
            return (same[0], same[1])
    return (by_value[0],)


_TABLE: dict[tuple[int, ...], int] = {}


def envido_table() -> dict[tuple[int, ...], int]:
    """The envido of every three cards, keyed by their sorted codes (built once, on first use:
    drawing hidden deals that must match an announced envido looks thousands of hands up).

    >>> envido_table()[(12, 14, 15)]       # 7C 7S 7D: no two of a suit
    7
    """
    if not _TABLE:
        for a in range(40):
            for b in range(a + 1, 40):
                for c in range(b + 1, 40):
                    _TABLE[(a, b, c)] = envido_points((a, b, c))
    return _TABLE


def has_flor(cards: Sequence[int]) -> bool:
    """Three dealt cards of one suit."""
    return len(cards) == 3 and cards[0] % 4 == cards[1] % 4 == cards[2] % 4


def flor_points(cards: Sequence[int]) -> int:
    """20 + the sum of the three face values (meaningful for a flor)."""
    return 20 + sum(FACE_VALUE[c // 4] for c in cards)


def best_face(cards: Sequence[int]) -> int:
    """The highest face card held: 3 for a king, 2 a jack, 1 a queen, 0 none."""
    return max(_FACE_RANK[c // 4] for c in cards)
