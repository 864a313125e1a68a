"""Cards drawn as self-contained SVG strings: no image files, no web fonts.

French and Spanish decks, an optional four-colour scheme, manilhas marked with a gold frame and
their nickname, and an accessible name on every card (``role="img"`` plus ``aria-label``).

>>> from truco_learn.engine import parse_card
>>> svg = card_svg(parse_card("QC"), manilha="zap")
>>> svg.startswith("<svg") and 'role="img"' in svg and 'aria-label="queen of clubs, zap"' in svg
True
>>> 'aria-label="sota de bastos"' in card_svg(parse_card("QC"), deck="spanish")
True
>>> 'aria-label="face-down card"' in card_svg(None)
True
>>> card_svg(99)
Traceback (most recent call last):
...
ValueError: card 99 is not a card code (0..39)
"""

from __future__ import annotations

from html import escape

from ..engine.cards import ARGENTINE_NAMES, MANILHA_NAMES, RANKS, SUITS, card_name, manilhas_for
from ..i18n import _

__all__ = ["card_svg", "manilha_name", "DECKS"]

DECKS: tuple[str, ...] = ("french", "spanish")

# Suit glyphs drawn in a 100 x 100 box, so no font has to provide ♣ ♥ ♠ ♦.
_FRENCH_GLYPH = {
    "C": ('<circle cx="50" cy="28" r="19"/><circle cx="27" cy="58" r="19"/>'
          '<circle cx="73" cy="58" r="19"/><path d="M45 50 L38 96 H62 L55 50 Z"/>'),
    "H": ('<path d="M50 92 C22 68 2 50 8 28 C14 6 42 4 50 28 C58 4 86 6 92 28 '
          'C98 50 78 68 50 92 Z"/>'),
    "S": ('<path d="M50 6 C78 32 100 48 92 68 C84 86 62 82 54 70 L62 96 H38 L46 70 '
          'C38 82 16 86 8 68 C0 48 22 32 50 6 Z"/>'),
    "D": '<path d="M50 4 L88 50 L50 96 L12 50 Z"/>',
}
_SPANISH_GLYPH = {
    # bastos: a knotted cudgel
    "C": ('<path d="M40 96 L33 24 C31 4 69 4 67 24 L60 96 Z"/>'
          '<circle cx="33" cy="42" r="6"/><circle cx="66" cy="58" r="6"/>'
          '<circle cx="35" cy="74" r="5"/>'),
    # copas: a goblet
    "H": ('<path d="M18 8 H82 C82 44 66 56 56 60 V80 H72 V94 H28 V80 H44 V60 '
          'C34 56 18 44 18 8 Z"/>'),
    # espadas: a sword
    "S": ('<path d="M46 4 H54 L57 66 H43 Z"/><rect x="26" y="64" width="48" height="8" rx="3"/>'
          '<rect x="45" y="72" width="10" height="16"/><circle cx="50" cy="92" r="6"/>'),
    # oros: a coin
    "D": ('<circle cx="50" cy="50" r="44"/>'
          '<circle cx="50" cy="50" r="28" fill="none" stroke="#fff" stroke-width="5"/>'),
}
_TWO_COLOUR = {"C": "#1a1a1a", "H": "#c8102e", "S": "#1a1a1a", "D": "#c8102e"}
_FOUR_COLOUR = {"C": "#1b7a2f", "H": "#c8102e", "S": "#1a1a1a", "D": "#1f5fbf"}
_SPANISH_COLOUR = {"C": "#1b7a2f", "H": "#c8102e", "S": "#1f5fbf", "D": "#c99700"}
_FRENCH_INDEX = {r: r for r in RANKS} | {"A": "A", "Q": "Q", "J": "J", "K": "K"}
_SPANISH_INDEX = {r: r for r in RANKS} | {"A": "1", "Q": "10", "J": "11", "K": "12"}
_FACE = {"Q", "J", "K"}
_GOLD = "#d4a017"
_FONT = "font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\""


def manilha_name(card: int, manilhas: str, vira: int | None) -> str | None:
    """The manilha nickname of ``card`` in this hand, or ``None`` for an ordinary card.

    >>> from truco_learn.engine import parse_card
    >>> manilha_name(parse_card("QC"), "vira", parse_card("7D"))
    'zap'
    >>> manilha_name(parse_card("7H"), "mineiro", None), manilha_name(parse_card("7S"), "mineiro", None)
    ('copas', None)
    >>> manilha_name(parse_card("AC"), "argentine", None)
    'ancho de bastos'
    """
    if manilhas == "vira" and vira is None:
        return None
    mans = manilhas_for(manilhas, vira)
    names = ARGENTINE_NAMES if manilhas == "argentine" else MANILHA_NAMES
    return names[mans.index(card)] if card in mans else None


def _glyph(suit: str, deck: str, x: float, y: float, size: float, colour: str) -> str:
    shapes = (_SPANISH_GLYPH if deck == "spanish" else _FRENCH_GLYPH)[suit]
    s = size / 100
    return (f'<g transform="translate({x:g} {y:g}) scale({s:g})" fill="{colour}">'
            f"{shapes}</g>")


def _back() -> str:
    lines = "".join(
        f'<path d="M{x} 10 L{x + 60} 140 M{x + 60} 10 L{x} 140" stroke="#9db8e0" '
        f'stroke-width="1.5" opacity=".55"/>' for x in range(-40, 100, 16))
    return ('<rect x="2" y="2" width="96" height="146" rx="8" fill="#fff" stroke="#5b6b80" '
            'stroke-width="2"/><rect x="9" y="9" width="82" height="132" rx="5" '
            'fill="#1f4e8c"/><svg x="9" y="9" width="82" height="132" viewBox="9 9 82 132">'
            f"{lines}</svg>"
            '<rect x="9" y="9" width="82" height="132" rx="5" fill="none" stroke="#0f2d57" '
            'stroke-width="2"/><circle cx="50" cy="75" r="13" fill="#f4c542" opacity=".9"/>')


def _face(card: int, deck: str, four_colour: bool, manilha: str | None) -> str:
    r, s = RANKS[card // 4], SUITS[card % 4]
    palette = _SPANISH_COLOUR if deck == "spanish" else (
        _FOUR_COLOUR if four_colour else _TWO_COLOUR)
    colour = palette[s]
    index = (_SPANISH_INDEX if deck == "spanish" else _FRENCH_INDEX)[r]
    fs = 22 if len(index) == 1 else 18
    parts = [
        f'<rect x="2" y="2" width="96" height="146" rx="8" fill="#fffdf7" '
        f'stroke="{_GOLD if manilha else "#7a7a7a"}" stroke-width="{5 if manilha else 2}"/>',
        f'<text x="8" y="26" font-size="{fs}" font-weight="700" fill="{colour}" {_FONT}>'
        f"{index}</text>",
        _glyph(s, deck, 8, 30, 15, colour),
        f'<g transform="rotate(180 50 75)"><text x="8" y="26" font-size="{fs}" '
        f'font-weight="700" fill="{colour}" {_FONT}>{index}</text>'
        f"{_glyph(s, deck, 8, 30, 15, colour)}</g>",
    ]
    if r in _FACE:
        parts.append(f'<rect x="24" y="30" width="52" height="90" rx="4" fill="none" '
                     f'stroke="{colour}" stroke-width="2"/>'
                     f'<text x="50" y="70" text-anchor="middle" font-size="30" '
                     f'font-weight="700" fill="{colour}" {_FONT}>{index}</text>')
        parts.append(_glyph(s, deck, 36, 78, 28, colour))
    else:
        parts.append(_glyph(s, deck, 25, 50, 50, colour))
    if manilha:
        parts.append(f'<path d="M78 8 L81.5 17 L91 17 L83.5 23 L86.5 32 L78 26.5 L69.5 32 '
                     f'L72.5 23 L65 17 L74.5 17 Z" fill="{_GOLD}" stroke="#8a6a00" '
                     f'stroke-width="1"/>'
                     f'<rect x="22" y="124" width="56" height="17" rx="8" fill="{_GOLD}"/>'
                     f'<text x="50" y="137" text-anchor="middle" '
                     # "ancho de espadas" (Argentine top cards) is squeezed into the label
                     + ('font-size="12" ' if len(manilha) <= 9 else
                        'font-size="9" textLength="54" lengthAdjust="spacingAndGlyphs" ')
                     + f'font-weight="700" fill="#3a2a00" {_FONT}>{escape(manilha.upper())}'
                     "</text>")
    return "".join(parts)


def card_svg(card: int | None, *, deck: str = "french", four_colour: bool = False,
             manilha: str | None = None, face_down: bool = False, width: int = 64,
             label: str | None = None) -> str:
    """One card as an ``<svg>`` string, ``width`` pixels wide (height 1.5 × width).

    ``card`` is an engine card code, or ``None`` for a card nobody may see (drawn face down).
    ``manilha`` is the card's manilha nickname in the current hand ("zap"...), which frames it
    in gold and is added to its accessible name. ``label`` replaces the accessible name.

    >>> from truco_learn.engine import parse_card
    >>> 'aria-label="3 of diamonds"' in card_svg(parse_card("3D"), four_colour=True, width=40)
    True
    >>> 'width="40" height="60"' in card_svg(parse_card("3D"), width=40)
    True
    >>> 'aria-label="your 4 of hearts, face down"' in card_svg(
    ...     parse_card("4H"), face_down=True, label="your 4 of hearts, face down")
    True
    """
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r} (known: {', '.join(DECKS)})")
    if card is not None and (isinstance(card, bool) or not isinstance(card, int)
                             or not 0 <= card < 40):
        raise ValueError(f"card {card!r} is not a card code (0..39)")
    if isinstance(width, bool) or not isinstance(width, int) or width < 8:
        raise ValueError(f"width {width!r} must be a whole number of pixels, at least 8")
    hidden = face_down or card is None
    if label is None:
        if card is None:
            label = _("face-down card")
        else:
            label = card_name(card, deck)
            if manilha:
                label += f", {manilha}"
            if face_down:
                # Translators: the accessible name of a card drawn face down.
                label = _("{card}, face down").format(card=label)
    body = _back() if hidden or card is None else _face(card, deck, four_colour, manilha)
    name = escape(label, quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{round(width * 1.5)}" viewBox="0 0 100 150" role="img" '
            f'aria-label="{name}" class="tl-card"><title>{name}</title>{body}</svg>')
