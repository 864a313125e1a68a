"""PROTOCOL.md observation: exactly what one seat knows (own hand, the public log, others'
covered cards hidden, nothing in the iron hand, the partner's hand only for the deciding team
of a four-player hand of eleven)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import deal, run
from truco_learn.engine import HandState, determinize, observation, parse_observation
from truco_learn.errors import TrucoError

V = "7D"
H4 = [["3C", "4C", "QC"], ["2H", "5H", "4H"], ["3S", "5S", "6S"], ["2D", "4D", "6D"]]


def _cards_in(obs: dict[str, object]) -> set[str]:
    text = json.dumps(obs)
    every = {r + s for r in "4567QJKA23" for s in "CHSD"}
    return {c for c in every if f'"{c}"' in text or f':{c}"' in text}


def _may_see(s: HandState, seat: int) -> set[str]:
    from truco_learn.engine import card_str
    from truco_learn.engine.state import IRON, played_cards
    d = s.deal
    out = {card_str(c) for who, c, up in played_cards(s) if up or who == seat}
    if d.vira is not None:
        out.add(card_str(d.vira))
    if d.mode != IRON:
        out |= {card_str(c) for c in d.hands[seat]}
    return out


def test_fields_two_players() -> None:
    s = deal("paulista-2p", 1, [["QC", "3S", "4H"], ["2H", "5C", "KD"]], vira=V, score=(3, 5),
             all_tied="mao_team")
    s = run(s, "raise", "accept", "play:QC")
    obs = observation(s, 1)
    assert obs == {
        "variant": "paulista-2p", "options": {"all_tied": "mao_team"}, "seat": 1, "dealer": 1,
        "score": [3, 5], "vira": "7D", "hand": ["2H", "5C", "KD"], "partner_hand": None,
        "log": [[0, "raise"], [1, "accept"], [0, "play:QC"]],
    }
    assert observation(s, 0)["hand"] == ["QC", "3S", "4H"]  # dealt cards, in dealt order
    json.dumps(obs)  # JSON-ready


def test_mineiro_has_no_vira() -> None:
    s = deal("mineiro-2p", 0, [["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    assert observation(s, 0)["vira"] is None and observation(s, 0)["options"] == {}


def test_other_seats_covered_cards_are_hidden() -> None:
    s = deal("paulista-4p", 3, H4, vira=V)
    s = run(s, "play:3C", "play:2H", "play:6S", "play:2D", "play:4C", "cover:5H")
    for seat in range(4):
        last = observation(s, seat)["log"][-1]
        assert last == ([1, "cover:5H"] if seat == 1 else [1, "cover"])
        assert ("5H" in _cards_in(observation(s, seat))) == (seat == 1)


@pytest.mark.parametrize("variant", ["paulista-4p", "paulista-fpt", "mineiro-4p"])
def test_nobody_sees_more_than_allowed(variant: str) -> None:
    vira = None if variant.startswith("mineiro") else V
    s = deal(variant, 3, H4, vira=vira)
    s = run(s, "play:3C", "play:2H", "play:6S", "play:2D", "cover:4C", "raise", "accept",
            "cover:5H")
    for seat in range(4):
        obs = observation(s, seat)
        assert _cards_in(obs) <= _may_see(s, seat)
        assert obs["partner_hand"] is None


def test_iron_hand_no_one_sees_own_cards() -> None:
    s = deal("paulista-4p", 3, H4, vira="2S", score=(11, 11))
    for seat in range(4):
        obs = observation(s, seat)
        assert obs["hand"] is None and obs["partner_hand"] is None
        assert _cards_in(obs) == {"2S"}
    s = run(s, "blind:2", "blind:0")
    obs = observation(s, 0)
    assert obs["log"] == [[0, "play:QC"], [1, "play:2H"]]  # blind plays show the card
    assert obs["hand"] is None


def test_iron_hand_two_players() -> None:
    s = deal("paulista-2p", 1, [["KD", "3S", "4C"], ["AC", "7D", "3H"]], vira="2H",
             score=(11, 11))
    s = run(s, "blind:0")
    for seat in range(2):
        obs = observation(s, seat)
        assert obs["hand"] is None and obs["log"] == [[0, "play:KD"]]


@pytest.mark.parametrize("dealer,team", [(0, 0), (0, 1), (1, 0), (2, 1), (3, 0)])
def test_partner_hand_only_for_the_eleven_team_in_four_seats(dealer: int, team: int) -> None:
    score = (11, 4) if team == 0 else (4, 11)
    s = deal("paulista-4p", dealer, H4, vira=V, score=score)
    for moment in range(2):
        for seat in range(4):
            obs = observation(s, seat)
            if seat % 2 == team:
                assert obs["partner_hand"] == H4[(seat + 2) % 4]
                assert obs["hand"] == H4[seat]
            else:
                assert obs["partner_hand"] is None
        if moment == 0:
            s = run(s, "onze:play")
            s = run(s, *[f"play:{H4[(dealer + 1 + k) % 4][0]}" for k in range(4)])


def test_partner_hand_after_onze_fold_and_never_in_two_seats() -> None:
    s = run(deal("paulista-4p", 3, H4, vira=V, score=(11, 4)), "onze:fold")
    assert observation(s, 2)["partner_hand"] == H4[0]
    s = deal("paulista-2p", 1, [H4[0], H4[1]], vira=V, score=(11, 4))
    assert observation(s, 0)["partner_hand"] is None


def test_partner_hand_not_shown_in_ordinary_hands() -> None:
    s = deal("paulista-4p", 3, H4, vira=V, score=(10, 10))
    assert all(observation(s, k)["partner_hand"] is None for k in range(4))


def test_determinize_agrees_with_the_observation() -> None:
    s = deal("paulista-4p", 3, H4, vira=V, score=(11, 4))
    s = run(s, "onze:play", "play:3C", "play:2H", "play:6S", "play:2D", "cover:4C",
            "cover:5H")
    for seat in range(4):
        obs = observation(s, seat)
        ob = parse_observation(obs)
        for k in range(5):
            d = determinize(ob, random.Random(k))
            assert observation(d, seat) == obs
            assert d.to_act == s.to_act


def test_parse_observation_rejects_garbage() -> None:
    s = deal("paulista-2p", 1, [["QC", "3S", "4H"], ["2H", "5C", "KD"]], vira=V)
    good = observation(s, 0)
    for key, value in [("seat", 5), ("dealer", -1), ("score", "0-0"), ("hand", ["QC"]),
                       ("log", {"a": 1}), ("log", [[0]]), ("variant", "x"), ("vira", "ZZ")]:
        with pytest.raises(TrucoError):
            parse_observation({**good, key: value})


@pytest.mark.parametrize("log,words", [
    ([[2, "play:QC"]], "2 is not a seat"),
    ([[-1, "raise"]], "-1 is not a seat"),
    ([[1, "cover"]] * 4, "seat 1 plays more than its three cards"),
    ([[0, "cover"]] * 45, "seat 0 plays more than its three cards"),
    ([[0, "blind:0"]], "blind plays appear as the card"),
    ([[0, "truco"]], "unknown action"),
    ([[True, "raise"]], "must be [seat, action]"),
])
def test_parse_observation_checks_the_log(log: list[Any], words: str) -> None:
    obs = {"variant": "paulista-2p", "options": {}, "seat": 1, "dealer": 1, "score": [0, 0],
           "vira": V, "hand": ["2H", "5C", "KD"], "partner_hand": None, "log": log}
    with pytest.raises(TrucoError) as err:
        determinize(parse_observation(obs), random.Random(0))
    assert words in str(err.value)


WORDS = ["QC", "7D", "3S", "2H", "5C", "raise", "accept", "fold", "play:QC", "play:2H", "cover",
         "cover:3S", "blind:0", "onze:play", "paulista-2p", "paulista-4p", "mineiro-2p"]
LEAF = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=4),
                 st.sampled_from(WORDS))
VALUE = st.recursive(LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=10)
GOOD_OBS: dict[str, Any] = {"variant": "paulista-2p", "options": {}, "seat": 1, "dealer": 1,
                            "score": [0, 0], "vira": V, "hand": ["2H", "5C", "KD"],
                            "partner_hand": None, "log": [[0, "raise"], [1, "accept"]]}


@settings(max_examples=300, suppress_health_check=list(HealthCheck), deadline=None)
@given(st.dictionaries(st.sampled_from(list(GOOD_OBS)), VALUE, max_size=3),
       st.lists(st.tuples(st.integers(-1, 4), st.sampled_from(WORDS)).map(list), max_size=7))
def test_garbage_observations_raise_truco_errors_only(changes: dict[str, Any],
                                                      log: list[Any]) -> None:
    obs = {**GOOD_OBS, "log": log, **changes}
    try:
        determinize(parse_observation(obs), random.Random(0))
    except TrucoError:
        pass
