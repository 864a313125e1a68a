"""Action notation (PROTOCOL.md) and the integer codes the engine uses inside.

>>> parse_action("play:qc")
(None, 16)
>>> parse_action("1:raise") == (1, RAISE)
True
>>> action_str(parse_action("cover:3D")[1])
'cover:3D'
>>> parse_action("²:raise")
Traceback (most recent call last):
...
truco_learn.errors.InvalidNotationError: unknown action '²:raise': expected play:XX, cover:XX, blind:i, raise, accept, fold, onze:play, onze:fold, envido, real_envido, falta_envido, flor, contraflor, contraflor_resto, achico or drop
>>> parse_action("truco!")
Traceback (most recent call last):
...
truco_learn.errors.InvalidNotationError: unknown action 'truco!': expected play:XX, cover:XX, blind:i, raise, accept, fold, onze:play, onze:fold, envido, real_envido, falta_envido, flor, contraflor, contraflor_resto, achico or drop
"""

from __future__ import annotations

from ..errors import InvalidNotationError
from .cards import CARD_STR, NUM_CARDS, parse_card

COVER = NUM_CARDS  # cover:XX is COVER + card
BLIND = 2 * NUM_CARDS  # blind:i is BLIND + i
RAISE, ACCEPT, FOLD, ONZE_PLAY, ONZE_FOLD = 90, 91, 92, 93, 94
# envido calls, the flor answers and dropping out (RULES.md, Argentine and gaudério truco)
ENVIDO, REAL_ENVIDO, FALTA_ENVIDO = 95, 96, 97
FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, ACHICO = 98, 99, 100, 101
DROP = 102
NUM_CODES = 103
ENVIDO_CALLS = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)
FLOR_ANSWERS = (FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, ACHICO)

ACTION_STR: tuple[str, ...] = tuple(
    [f"play:{c}" for c in CARD_STR] + [f"cover:{c}" for c in CARD_STR]
    + [f"blind:{i}" for i in range(3)] + [""] * (RAISE - BLIND - 3)
    + ["raise", "accept", "fold", "onze:play", "onze:fold", "envido", "real_envido",
       "falta_envido", "flor", "contraflor", "contraflor_resto", "achico", "drop"])
_CODE: dict[str, int] = {s: i for i, s in enumerate(ACTION_STR) if s}


def action_str(code: int) -> str:
    """Canonical string of an action code."""
    return ACTION_STR[code]


def is_card_action(code: int) -> bool:
    return code < RAISE


def parse_action(text: object) -> tuple[int | None, int]:
    """Parse an action string, with an optional ``seat:`` prefix, into ``(seat, code)``."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"unknown action {text!r}: an action is a string")
    code = _CODE.get(text)
    if code is not None:
        return None, code
    seat: int | None = None
    body = text.strip()
    head, sep, rest = body.partition(":")
    if sep and head.isascii() and head.isdigit():
        seat, body = int(head), rest
    low = body.lower()
    code = _CODE.get(low)
    if code is not None:
        return seat, code
    kind, sep, arg = low.partition(":")
    if sep:
        try:
            if kind == "play":
                return seat, parse_card(arg)
            if kind == "cover":
                return seat, COVER + parse_card(arg)
        except InvalidNotationError as exc:
            raise InvalidNotationError(f"unknown action {text!r}: {exc}") from None
        if kind == "blind" and arg in ("0", "1", "2"):
            return seat, BLIND + int(arg)
    raise InvalidNotationError(
        f"unknown action {text!r}: expected play:XX, cover:XX, blind:i, raise, accept, fold, "
        "onze:play, onze:fold, envido, real_envido, falta_envido, flor, contraflor, "
        "contraflor_resto, achico or drop")
