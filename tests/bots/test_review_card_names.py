"""The review names the learner's card as the table shows it: in the table's deck (a Spanish
deck has no hearts) and with its manilha's name."""

from __future__ import annotations

from truco_learn.bots.review import review
from truco_learn.engine import new_hand, step
from truco_learn.i18n import language


def test_a_card_played_at_an_argentine_table_has_its_spanish_name() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[["2H", "5S", "6D"], ["KC", "KH", "5C"]])
    item = review(step(s, "play:2H"), 0, "easy", seed=1)[-1]
    assert item.action == "play:2H"
    assert "you played the 2 de copas" in item.reason.lower(), item.reason
    assert "hearts" not in item.reason, item.reason


def test_a_gaucho_table_keeps_the_french_names_and_names_its_top_cards() -> None:
    s = new_hand("gauderio-2p", dealer=1, hands=[["7S", "5H", "6D"], ["KC", "KH", "5C"]])
    item = review(step(s, "play:5H"), 0, "easy", seed=1)[-1]
    assert "you played the 5 of hearts" in item.reason.lower(), item.reason


def test_a_manilha_played_is_named_as_one() -> None:
    # the vira 3♦ makes the fours the manilhas: 4♣ is the zap
    s = new_hand("paulista-2p", dealer=1, vira="3D", hands=[["4C", "5S", "6D"], ["KC", "KH", "5C"]])
    item = review(step(s, "play:4C"), 0, "easy", seed=1)[-1]
    assert "you played the 4 of clubs, zap" in item.reason.lower(), item.reason
    with language("pt-BR"):
        pt = review(step(s, "play:4C"), 0, "easy", seed=1)[-1]
    assert "você jogou o 4 de paus, zap" in pt.reason.lower(), pt.reason
