"""Rule options and the nine presets of RULES.md.

>>> o = make_options("paulista-2p")
>>> o.seats, o.ladder, o.lead_after_tie
(2, (1, 3, 6, 9, 12), 'leader')
>>> make_options("mineiro-4p", {"target": 24}).overrides()
{'target': 24}
>>> make_options("paulista-2p", {"colour": 1})
Traceback (most recent call last):
...
truco_learn.errors.ConfigError: unknown option 'colour' (known: all_tied, covered_cards, deck, drop_out, eleven, eleven_all_tied, eleven_at, eleven_fold, eleven_value, envido, envido_zero_tiebreak, exposed_card, flor, iron, iron_choice, iron_value, ladder, lead_after_tie, manilhas, no_pointless_raise, real_envido_repeat, seats, target)
>>> g = make_options("gauderio-4p")
>>> g.ladder, g.target, g.flor, g.envido_zero_tiebreak
((1, 2, 3, 4), 24, True, 'face_cards')
>>> make_options("paulista-2p", {"target": 5}).target     # below eleven_at: no hand of eleven
5
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import ConfigError


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule switch of RULES.md; build one with :func:`make_options`."""

    variant: str
    seats: int
    manilhas: str
    ladder: tuple[int, ...]
    lead_after_tie: str
    all_tied: str
    covered_cards: bool
    no_pointless_raise: bool
    eleven: bool
    eleven_at: int
    eleven_value: int
    eleven_fold: int
    eleven_all_tied: str
    iron: bool
    iron_choice: str
    iron_value: int
    exposed_card: bool
    deck: str
    target: int
    envido: bool = False
    flor: bool = False
    real_envido_repeat: bool = False
    envido_zero_tiebreak: str = "mao"
    drop_out: bool = False

    @property
    def extended(self) -> bool:
        """Whether envido, flor or dropping out is on (the hand then takes the slower path)."""
        return self.envido or self.flor or self.drop_out

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this variant's preset (as JSON-ready values)."""
        base = PRESETS[self.variant]
        out: dict[str, Any] = {}
        for name in OPTION_NAMES:
            v = getattr(self, name)
            if v != getattr(base, name):
                out[name] = list(v) if isinstance(v, tuple) else v
        return out

    def as_dict(self) -> dict[str, Any]:
        return {n: (list(v) if isinstance(v, tuple) else v)
                for n in OPTION_NAMES for v in [getattr(self, n)]}


_CHOICES: dict[str, tuple[str, ...]] = {
    "manilhas": ("vira", "mineiro", "argentine"),
    "envido_zero_tiebreak": ("mao", "face_cards"),
    "lead_after_tie": ("leader", "first_tying"),
    "all_tied": ("nobody", "dealer_team", "mao_team"),
    "eleven_all_tied": ("as_usual", "eleven_team_loses"),
    "iron_choice": ("top", "any"),
    "deck": ("french", "spanish"),
}
_BOOLS = ("covered_cards", "no_pointless_raise", "eleven", "iron", "exposed_card", "envido", "flor",
          "real_envido_repeat", "drop_out")
_POSITIVE = ("eleven_at", "eleven_value", "eleven_fold", "iron_value", "target")

OPTION_NAMES: tuple[str, ...] = tuple(
    sorted(f.name for f in dataclasses.fields(Options) if f.name != "variant"))


def _preset(variant: str, seats: int, manilhas: str, ladder: tuple[int, ...], lead: str,
            covered: bool, pointless: bool, eleven: tuple[int, int, int], eleven_tied: str,
            iron: tuple[str, int], exposed: bool, deck: str) -> Options:
    return Options(variant=variant, seats=seats, manilhas=manilhas, ladder=ladder,
                   lead_after_tie=lead, all_tied="nobody", covered_cards=covered,
                   no_pointless_raise=pointless, eleven=True, eleven_at=eleven[0],
                   eleven_value=eleven[1], eleven_fold=eleven[2], eleven_all_tied=eleven_tied,
                   iron=True, iron_choice=iron[0], iron_value=iron[1], exposed_card=exposed,
                   deck=deck, target=12)


_P = (1, 3, 6, 9, 12)
_M = (2, 4, 6, 10, 12)
PRESETS: dict[str, Options] = {
    "paulista-2p": _preset("paulista-2p", 2, "vira", _P, "leader", False, True, (11, 3, 1),
                           "as_usual", ("top", 3), False, "french"),
    "paulista-4p": _preset("paulista-4p", 4, "vira", _P, "leader", True, False, (11, 3, 1),
                           "as_usual", ("any", 3), False, "spanish"),
    "paulista-fpt": _preset("paulista-fpt", 4, "vira", _P, "first_tying", True, False,
                            (11, 3, 1), "eleven_team_loses", ("any", 3), True, "french"),
    "mineiro-4p": _preset("mineiro-4p", 4, "mineiro", _M, "first_tying", True, False, (10, 4, 2),
                          "as_usual", ("any", 4), False, "french"),
    "mineiro-2p": _preset("mineiro-2p", 2, "mineiro", _M, "leader", False, True, (10, 4, 2),
                          "as_usual", ("top", 4), False, "french"),
}


def _argentine(variant: str, seats: int, gaucho: bool) -> Options:
    target = 24 if gaucho else 30
    return Options(variant=variant, seats=seats, manilhas="argentine", ladder=(1, 2, 3, 4),
                   lead_after_tie="leader", all_tied="mao_team", covered_cards=False,
                   no_pointless_raise=False, eleven=False, eleven_at=target, eleven_value=3,
                   eleven_fold=1, eleven_all_tied="as_usual", iron=False, iron_choice="top",
                   iron_value=3, exposed_card=False, deck="french" if gaucho else "spanish",
                   target=target, envido=True, flor=gaucho, real_envido_repeat=gaucho,
                   envido_zero_tiebreak="face_cards" if gaucho else "mao", drop_out=True)


for _v, _n, _g in (("argentino-2p", 2, False), ("argentino-4p", 4, False),
                   ("gauderio-2p", 2, True), ("gauderio-4p", 4, True)):
    PRESETS[_v] = _argentine(_v, _n, _g)
VARIANTS: tuple[str, ...] = tuple(PRESETS)


def _check_value(name: str, value: Any) -> Any:
    if name in _CHOICES:
        if not isinstance(value, str) or value not in _CHOICES[name]:
            raise ConfigError(f"bad value {value!r} for option {name!r}: "
                              f"expected one of {', '.join(_CHOICES[name])}")
        return value
    if name in _BOOLS:
        if not isinstance(value, bool):
            raise ConfigError(f"bad value {value!r} for option {name!r}: expected true or false")
        return value
    if name == "seats":
        if isinstance(value, bool) or not isinstance(value, int) or value not in (2, 4):
            raise ConfigError(f"bad value {value!r} for option 'seats': expected 2 or 4")
        return value
    if name == "ladder":
        if (not isinstance(value, (list, tuple)) or not value
                or any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in value)
                or any(b <= a for a, b in zip(value, value[1:]))):
            raise ConfigError(f"bad value {value!r} for option 'ladder': expected a rising "
                              "list of positive whole numbers")
        return tuple(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"bad value {value!r} for option {name!r}: expected a positive "
                          "whole number")
    return value


def make_options(variant: str, overrides: Mapping[str, Any] | None = None) -> Options:
    """The preset ``variant`` with single options overridden; raise ConfigError on bad input."""
    if not isinstance(variant, str) or variant not in PRESETS:
        raise ConfigError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
    base = PRESETS[variant]
    if not overrides:
        return base
    if not isinstance(overrides, Mapping):
        raise ConfigError(f"options must be an object of option names, not {overrides!r}")
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        if name not in OPTION_NAMES:
            raise ConfigError(f"unknown option {name!r} (known: {', '.join(OPTION_NAMES)})")
        changes[name] = _check_value(name, value)
    # any target is valid: with eleven_at >= target the hands of eleven simply never happen
    return dataclasses.replace(base, **changes)
