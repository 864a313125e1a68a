"""RULES.md "Presets" table and option checking (ConfigError names the option)."""

from __future__ import annotations

from typing import Any

import pytest

from truco_learn.engine import PRESETS, VARIANTS, make_options
from truco_learn.engine.options import OPTION_NAMES
from truco_learn.errors import ConfigError

# the options the Argentine section added: off on every Brazilian preset
_OFF = dict(envido=False, flor=False, real_envido_repeat=False, envido_zero_tiebreak="mao",
            drop_out=False)

# the table of RULES.md, column by column
TABLE: dict[str, dict[str, Any]] = {
    "paulista-2p": dict(seats=2, manilhas="vira", ladder=(1, 3, 6, 9, 12), lead_after_tie="leader",
                        all_tied="nobody", covered_cards=False, no_pointless_raise=True,
                        eleven=True, eleven_at=11, eleven_value=3, eleven_fold=1,
                        eleven_all_tied="as_usual", iron=True, iron_choice="top", iron_value=3,
                        exposed_card=False, deck="french", target=12),
    "paulista-4p": dict(seats=4, manilhas="vira", ladder=(1, 3, 6, 9, 12), lead_after_tie="leader",
                        all_tied="nobody", covered_cards=True, no_pointless_raise=False,
                        eleven=True, eleven_at=11, eleven_value=3, eleven_fold=1,
                        eleven_all_tied="as_usual", iron=True, iron_choice="any", iron_value=3,
                        exposed_card=False, deck="spanish", target=12),
    "paulista-fpt": dict(seats=4, manilhas="vira", ladder=(1, 3, 6, 9, 12),
                         lead_after_tie="first_tying", all_tied="nobody", covered_cards=True,
                         no_pointless_raise=False, eleven=True, eleven_at=11, eleven_value=3,
                         eleven_fold=1, eleven_all_tied="eleven_team_loses", iron=True,
                         iron_choice="any", iron_value=3, exposed_card=True, deck="french",
                         target=12),
    "mineiro-4p": dict(seats=4, manilhas="mineiro", ladder=(2, 4, 6, 10, 12),
                       lead_after_tie="first_tying", all_tied="nobody", covered_cards=True,
                       no_pointless_raise=False, eleven=True, eleven_at=10, eleven_value=4,
                       eleven_fold=2, eleven_all_tied="as_usual", iron=True, iron_choice="any",
                       iron_value=4, exposed_card=False, deck="french", target=12),
    "mineiro-2p": dict(seats=2, manilhas="mineiro", ladder=(2, 4, 6, 10, 12),
                       lead_after_tie="leader", all_tied="nobody", covered_cards=False,
                       no_pointless_raise=True, eleven=True, eleven_at=10, eleven_value=4,
                       eleven_fold=2, eleven_all_tied="as_usual", iron=True, iron_choice="top",
                       iron_value=4, exposed_card=False, deck="french", target=12),
}
for _column in TABLE.values():
    _column.update(_OFF)


def _argentine(seats: int, gaucho: bool) -> dict[str, Any]:
    target = 24 if gaucho else 30
    return dict(seats=seats, manilhas="argentine", ladder=(1, 2, 3, 4), lead_after_tie="leader",
                all_tied="mao_team", covered_cards=False, no_pointless_raise=False,
                eleven=False, iron=False, eleven_at=target, exposed_card=False, envido=True,
                flor=gaucho, real_envido_repeat=gaucho,
                envido_zero_tiebreak="face_cards" if gaucho else "mao", drop_out=True,
                deck="french" if gaucho else "spanish", target=target)


# RULES.md, "Argentine and gaudério truco", Presets (the options that table lists)
ARG_TABLE: dict[str, dict[str, Any]] = {
    "argentino-2p": _argentine(2, False), "argentino-4p": _argentine(4, False),
    "gauderio-2p": _argentine(2, True), "gauderio-4p": _argentine(4, True),
}


def test_exactly_the_nine_presets() -> None:
    assert set(VARIANTS) == set(TABLE) | set(ARG_TABLE) == set(PRESETS)
    assert len(VARIANTS) == 9


@pytest.mark.parametrize("variant", list(ARG_TABLE))
def test_argentine_preset_matches_rules_table(variant: str) -> None:
    opts = make_options(variant)
    for name, value in ARG_TABLE[variant].items():
        assert getattr(opts, name) == value, name
    assert opts.overrides() == {}


@pytest.mark.parametrize("variant", list(TABLE))
def test_preset_matches_rules_table(variant: str) -> None:
    opts = make_options(variant)
    assert set(TABLE[variant]) == set(OPTION_NAMES)
    for name, value in TABLE[variant].items():
        assert getattr(opts, name) == value, name
    assert opts.variant == variant
    assert opts.overrides() == {}


def test_overrides_replace_single_options() -> None:
    o = make_options("paulista-2p", {"all_tied": "dealer_team", "ladder": [1, 2, 4],
                                     "covered_cards": True, "target": 24})
    assert o.all_tied == "dealer_team" and o.ladder == (1, 2, 4) and o.covered_cards
    assert o.target == 24 and o.seats == 2 and o.iron_choice == "top"
    assert o.overrides() == {"all_tied": "dealer_team", "ladder": [1, 2, 4],
                             "covered_cards": True, "target": 24}
    assert make_options("paulista-2p", {"all_tied": "nobody"}).overrides() == {}
    assert make_options("paulista-2p", None) == make_options("paulista-2p", {})


@pytest.mark.parametrize("name,value", [
    ("manilhas", "mineiro"), ("lead_after_tie", "first_tying"), ("all_tied", "mao_team"),
    ("eleven_all_tied", "eleven_team_loses"), ("iron_choice", "any"), ("deck", "spanish"),
    ("covered_cards", True), ("no_pointless_raise", False), ("eleven", False), ("iron", False),
    ("exposed_card", True), ("seats", 4), ("eleven_at", 9), ("eleven_value", 5),
    ("eleven_fold", 2), ("iron_value", 6), ("target", 30), ("ladder", [1, 3]),
    ("manilhas", "argentine"), ("envido", True), ("flor", True), ("real_envido_repeat", True),
    ("envido_zero_tiebreak", "face_cards"), ("drop_out", True), ("target", 1), ("target", 5),
])
def test_every_option_accepts_a_good_value(name: str, value: Any) -> None:
    o = make_options("paulista-2p", {name: value})
    assert getattr(o, name) == (tuple(value) if isinstance(value, list) else value)


@pytest.mark.parametrize("variant", ["", "paulista", "Paulista-2p", "argentino", None, 2, ["x"]])
def test_unknown_variant(variant: Any) -> None:
    with pytest.raises(ConfigError, match="unknown variant") as err:
        make_options(variant)
    assert "paulista-2p" in str(err.value)  # lists the known ones


def test_unknown_option_names_it() -> None:
    with pytest.raises(ConfigError, match="unknown option 'muestra'"):
        make_options("paulista-2p", {"muestra": True})


@pytest.mark.parametrize("name,value", [
    ("manilhas", "argentino"), ("manilhas", None), ("lead_after_tie", "winner"),
    ("envido", 1), ("flor", "yes"), ("real_envido_repeat", None), ("drop_out", 0),
    ("envido_zero_tiebreak", "dealer"), ("envido_zero_tiebreak", True),
    ("lead_after_tie", 1), ("all_tied", "both"), ("all_tied", "Nobody"),
    ("eleven_all_tied", "lose"), ("iron_choice", "bottom"), ("deck", "german"),
    ("covered_cards", 1), ("covered_cards", "yes"), ("no_pointless_raise", None),
    ("eleven", 0), ("iron", "on"), ("exposed_card", [True]),
    ("seats", 3), ("seats", 6), ("seats", True), ("seats", "2"), ("seats", 2.0),
    ("ladder", []), ("ladder", [3, 1]), ("ladder", [1, 1]), ("ladder", [0, 3]),
    ("ladder", [1, "3"]), ("ladder", [True, 3]), ("ladder", "1 3 6"), ("ladder", 3),
    ("ladder", [1, 2.5]), ("ladder", [-1, 3]),
    ("eleven_at", 0), ("eleven_at", -1), ("eleven_at", 1.5), ("eleven_at", True),
    ("eleven_value", "3"), ("eleven_fold", 0), ("iron_value", None), ("target", 0),
    ("target", -12), ("target", 12.0),
])
def test_bad_option_value_names_the_option(name: str, value: Any) -> None:
    with pytest.raises(ConfigError) as err:
        make_options("paulista-2p", {name: value})
    assert f"'{name}'" in str(err.value)
    assert "bad value" in str(err.value)


def test_any_target_is_valid_even_below_eleven_at() -> None:
    """RULES.md "Any target": with eleven_at >= target the hands of eleven never happen."""
    assert make_options("paulista-2p", {"target": 11}).target == 11
    assert make_options("mineiro-2p", {"eleven_at": 12}).eleven_at == 12
    assert make_options("paulista-2p", {"target": 24, "eleven_at": 23}).eleven_at == 23


def test_options_must_be_a_mapping() -> None:
    with pytest.raises(ConfigError, match="options"):
        make_options("paulista-2p", [("target", 24)])  # type: ignore[arg-type]


def test_presets_are_not_changed_by_overrides() -> None:
    make_options("paulista-2p", {"target": 30})
    assert make_options("paulista-2p").target == 12
