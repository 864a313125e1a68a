"""RULES.md, Argentine truco: the fixed top cards AS > AC > 7S > 7D, every other ace and seven
ordinary, no vira; also as an option on a Brazilian preset."""

from __future__ import annotations

import random

import pytest

from engine_helpers import deal, results, run
from truco_learn.engine import card_name, make_options, parse_card, strength_table
from truco_learn.engine.match import deal_hand
from truco_learn.errors import InvalidDealError

ARG = ["argentino-2p", "argentino-4p", "gauderio-2p", "gauderio-4p"]


def test_top_cards_order_and_ordinary_aces_and_sevens() -> None:
    st = strength_table("argentine", None)
    order = ["AS", "AC", "7S", "7D", "3C", "2H", "AH", "KS", "JC", "QD", "7H", "6S", "5C", "4D"]
    values = [st[parse_card(c)] for c in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert st[parse_card("AH")] == st[parse_card("AD")]  # ordinary aces tie
    assert st[parse_card("7C")] == st[parse_card("7H")] < st[parse_card("QC")]


@pytest.mark.parametrize("variant", ARG)
def test_no_vira_in_the_argentine_presets(variant: str) -> None:
    o = make_options(variant)
    hands = [["4C", "5C", "6H"], ["4H", "5H", "6S"], ["4S", "5S", "6D"], ["4D", "5D", "6C"]]
    with pytest.raises(InvalidDealError, match="no vira"):
        deal(variant, 0, hands[:o.seats], vira="7D")
    s = deal_hand(o, 0, (0, 0), random.Random(3))
    assert s.deal.vira is None


@pytest.mark.parametrize("variant", ["argentino-2p", "gauderio-2p"])
def test_ancho_de_espadas_beats_ancho_de_bastos_and_a_three(variant: str) -> None:
    s = deal(variant, 1, [["AC", "4H", "5H"], ["AS", "3C", "6C"]])
    s = run(s, "play:AC", "play:AS")
    assert results(s) == [1] and s.to_act == 1  # the winner leads the next trick


def test_ordinary_seven_loses_to_a_queen_in_argentine_but_mineiro_seven_of_hearts_wins() -> None:
    s = run(deal("argentino-2p", 1, [["7H", "4C", "5C"], ["QD", "6C", "KH"]]),
            "play:7H", "play:QD")
    assert results(s) == [1]
    s = run(deal("mineiro-2p", 1, [["7H", "4S", "5S"], ["QD", "6C", "KH"]]),
            "play:7H", "play:QD")
    assert results(s) == [0]


def test_argentine_top_cards_as_an_option_on_paulista() -> None:
    s = deal("paulista-2p", 1, [["7D", "4H", "5H"], ["3C", "6C", "KH"]], manilhas="argentine")
    assert s.deal.vira is None
    s = run(s, "play:7D", "play:3C")
    assert results(s) == [0]


def test_names_of_the_top_cards() -> None:
    assert card_name(parse_card("AS"), "spanish", manilhas="argentine") == \
        "as de espadas, ancho de espadas"
    assert card_name(parse_card("7D"), "french", manilhas="argentine") == \
        "7 of diamonds, siete de oros"
    assert card_name(parse_card("AH"), "spanish", manilhas="argentine") == "as de copas"
