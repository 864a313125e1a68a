"""The card facts of lessons 1 and 2 agree with the engine's strength tables."""

from __future__ import annotations

import pytest

from truco_learn.course.cards_demo import (all_viras, deck_cards, mineiro_manilhas,
                                           ordinary_ranking, stronger_card, vira_facts)
from truco_learn.engine import card_str, parse_card, strength_table
from truco_learn.engine.cards import DECK, RANKS
from truco_learn.errors import ConfigError, InvalidNotationError


@pytest.mark.parametrize("vira", list(DECK), ids=[card_str(c) for c in DECK])
def test_vira_facts_match_the_engine(vira: int) -> None:
    f = vira_facts(vira)
    table = strength_table("vira", vira)
    top4 = sorted(DECK, key=lambda c: -table[c])[:4]
    assert list(f.manilhas) == top4  # zap, copas, espadilha, mole
    assert [card_str(c)[1] for c in f.manilhas] == ["C", "H", "S", "D"]
    assert all(card_str(c)[0] == f.manilha_rank for c in f.manilhas)
    assert len(f.order) == 4 + 9 and f.names[0].endswith("zap")
    # the ordinary groups in the order go from strongest to weakest
    words = dict(ordinary_ranking())
    expected = [f"every {r if r.isdigit() else words[r]}" for r in reversed(RANKS)
                if r != f.manilha_rank]
    assert list(f.order[4:]) == expected
    assert f.wrapped == (card_str(vira)[0] == "3")


def test_the_wrap_and_the_queen_jack_notes() -> None:
    assert vira_facts("3S").manilha_rank == "4" and "wraps" in vira_facts("3S").notes[0]
    assert vira_facts("QH").manilha_rank == "J" and "below the jack" in vira_facts("QH").notes[0]
    assert vira_facts("7C").manilha_rank == "Q"


def test_mineiro_manilhas_are_fixed() -> None:
    names = mineiro_manilhas()
    table = strength_table("mineiro", None)
    top4 = sorted(DECK, key=lambda c: -table[c])[:4]
    assert [n.split(",")[0] for n in names] == ["4 of clubs", "7 of hearts", "ace of spades",
                                                "7 of diamonds"]
    assert [card_str(c) for c in top4] == ["4C", "7H", "AS", "7D"]


def test_ranking_and_decks() -> None:
    assert [r for r, _ in ordinary_ranking()] == list("4567QJKA23")
    assert dict(ordinary_ranking("spanish"))["J"] == "caballo"
    assert len(set(deck_cards("spanish"))) == 40
    assert stronger_card("QS", "JS") == "JS" and stronger_card("2C", "AD") == "2C"
    assert stronger_card("5C", "5D") is None
    assert len(all_viras()) == 40


def test_bad_input() -> None:
    with pytest.raises(ConfigError, match="unknown deck"):
        ordinary_ranking("tarot")
    with pytest.raises(InvalidNotationError):
        vira_facts("9C")
    with pytest.raises(ConfigError):
        vira_facts(40)
    assert parse_card("3s") == vira_facts("3S").vira
