"""RULES.md "Cards": ranks, ordinary strength, manilhas (vira and Mineiro), notation, names."""

from __future__ import annotations

import pytest

from engine_helpers import deal, results, run
from truco_learn.engine import card_name, card_str, manilhas_for, parse_card, strength_table
from truco_learn.engine.cards import DECK, RANKS, SUITS
from truco_learn.errors import InvalidNotationError

ORDER = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]
CYCLE_NEXT = {r: ORDER[(i + 1) % 10] for i, r in enumerate(ORDER)}


def st(table: tuple[int, ...], card: str) -> int:
    return table[parse_card(card)]


def test_forty_cards_no_eight_nine_ten() -> None:
    names = {card_str(c) for c in DECK}
    assert len(names) == 40
    assert {n[0] for n in names} == set(ORDER)
    assert {n[1] for n in names} == {"C", "H", "S", "D"}
    for bad in ("8C", "9H", "10S", "TD"):
        with pytest.raises(InvalidNotationError):
            parse_card(bad)


@pytest.mark.parametrize("vira", ["4D", "7D", "3H"])
def test_ordinary_strength_order_and_suits_do_not_matter(vira: str) -> None:
    table = strength_table("vira", parse_card(vira))
    manilha = CYCLE_NEXT[vira[0]]
    ranks = [r for r in ORDER if r != manilha]
    for low, high in zip(ranks, ranks[1:]):
        for s1 in "CHSD":
            for s2 in "CHSD":
                assert st(table, low + s1) < st(table, high + s2)
    for r in ranks:
        assert len({st(table, r + s) for s in "CHSD"}) == 1


def test_queen_ranks_below_jack() -> None:
    table = strength_table("vira", parse_card("3D"))  # manilhas are the fours
    assert st(table, "QC") < st(table, "JD") < st(table, "KD")
    assert st(table, "7C") < st(table, "QD")


@pytest.mark.parametrize("vira_rank", ORDER)
def test_manilha_rank_is_next_in_cycle(vira_rank: str) -> None:
    vira = vira_rank + "H"
    mans = [card_str(c) for c in manilhas_for("vira", parse_card(vira))]
    m = CYCLE_NEXT[vira_rank]
    assert mans == [m + "C", m + "H", m + "S", m + "D"]  # zap, copas, espadilha, mole
    table = strength_table("vira", parse_card(vira))
    best_ordinary = max(st(table, c) for c in map(card_str, DECK) if c[0] != m)
    assert st(table, m + "C") > st(table, m + "H") > st(table, m + "S") > st(table, m + "D")
    assert st(table, m + "D") > best_ordinary
    # the other three cards of the vira's rank stay ordinary
    others = [vira_rank + s for s in "CSD"]
    assert len({st(table, c) for c in others}) == 1
    assert st(table, others[0]) < st(table, m + "D")


def test_vira_seven_makes_queens_and_three_makes_fours() -> None:
    assert [card_str(c) for c in manilhas_for("vira", parse_card("7D"))][0] == "QC"
    assert [card_str(c) for c in manilhas_for("vira", parse_card("3S"))][0] == "4C"
    table = strength_table("vira", parse_card("3S"))
    assert st(table, "4D") > st(table, "3C") > st(table, "2C")


def test_manilhas_need_a_vira() -> None:
    with pytest.raises(InvalidNotationError, match="vira"):
        manilhas_for("vira", None)


def test_mineiro_fixed_manilhas() -> None:
    table = strength_table("mineiro", None)
    assert [card_str(c) for c in manilhas_for("mineiro", None)] == ["4C", "7H", "AS", "7D"]
    assert st(table, "4C") > st(table, "7H") > st(table, "AS") > st(table, "7D") > st(table, "3C")
    # all other 4s, 7s and aces are ordinary
    assert st(table, "4H") == st(table, "4S") == st(table, "4D") < st(table, "5C")
    assert st(table, "7C") == st(table, "7S") < st(table, "QC")
    assert st(table, "AC") == st(table, "AH") == st(table, "AD")
    assert st(table, "KC") < st(table, "AC") < st(table, "2C")


def test_mineiro_manilha_beats_three_in_play() -> None:
    s = deal("mineiro-2p", 1, [["7D", "5C", "6C"], ["3C", "5H", "6H"]])
    s = run(s, "play:7D", "play:3C")
    assert results(s) == [0]
    s = deal("mineiro-2p", 1, [["4H", "5C", "6C"], ["QC", "5H", "6H"]])
    s = run(s, "play:4H", "play:QC")  # 4H is an ordinary four: the lowest card
    assert results(s) == [1]


def test_vira_rank_cards_stay_ordinary_in_play() -> None:
    s = deal("paulista-2p", 1, [["7C", "5C", "6C"], ["QD", "5H", "6H"]], vira="7D")
    s = run(s, "play:7C", "play:QD")  # QD is the mole with vira 7D
    assert results(s) == [1]


@pytest.mark.parametrize("text,canon", [
    ("QC", "QC"), ("qc", "QC"), ("Qc", "QC"), ("q♣", "QC"), ("Q♣", "QC"), ("3♦", "3D"),
    ("a♥", "AH"), ("j♠", "JS"), ("k♦", "KD"), ("4s", "4S"), (" 7h ", "7H"),
])
def test_parse_accepts_lower_case_and_symbols(text: str, canon: str) -> None:
    assert card_str(parse_card(text)) == canon


@pytest.mark.parametrize("text", ["", "Q", "QCC", "QX", "XC", "1C", "♣Q", "Q♤", None, 16, ["QC"]])
def test_parse_rejects_non_cards(text: object) -> None:
    with pytest.raises(InvalidNotationError, match="unknown card"):
        parse_card(text)


def test_every_code_round_trips() -> None:
    for c in DECK:
        assert parse_card(card_str(c)) == c
        assert parse_card(card_str(c).lower()) == c
    assert RANKS == "4567QJKA23" and SUITS == "CHSD"


@pytest.mark.parametrize("card,french,spanish", [
    ("QC", "queen of clubs", "sota de bastos"),
    ("JH", "jack of hearts", "caballo de copas"),
    ("KS", "king of spades", "rey de espadas"),
    ("AD", "ace of diamonds", "as de oros"),
    ("7C", "7 of clubs", "7 de bastos"),
])
def test_french_and_spanish_names(card: str, french: str, spanish: str) -> None:
    assert card_name(parse_card(card)) == french
    assert card_name(parse_card(card), deck="french") == french
    assert card_name(parse_card(card), deck="spanish") == spanish


def test_manilha_nicknames() -> None:
    vira = parse_card("6S")  # sevens are manilhas
    names = [card_name(parse_card(c), vira=vira) for c in ("7C", "7H", "7S", "7D")]
    assert names == ["7 of clubs, zap", "7 of hearts, copas", "7 of spades, espadilha",
                     "7 of diamonds, mole"]
    assert card_name(parse_card("6C"), vira=vira) == "6 of clubs"
    assert card_name(parse_card("7C"), deck="spanish", vira=vira) == "7 de bastos, zap"
    mineiro = [card_name(parse_card(c), manilhas="mineiro") for c in ("4C", "7H", "AS", "7D")]
    assert mineiro == ["4 of clubs, zap", "7 of hearts, copas", "ace of spades, espadilha",
                       "7 of diamonds, mole"]
    assert card_name(parse_card("4H"), manilhas="mineiro") == "4 of hearts"
