"""RULES.md "Envido": points of a hand, the call ladder, when it may be called (envido first
against a truco), what accepted and declined exchanges pay, ties, the turn after the exchange,
points that end the game at once; in two and four seats, Argentine and gaúcho, and as an
option on a Brazilian preset."""

from __future__ import annotations

from typing import Any

import pytest

from engine_helpers import deal, report, run
from truco_learn.engine import legal_actions, parse_card
from truco_learn.engine.handpoints import envido_points
from truco_learn.errors import IllegalActionError

H = [["7S", "5S", "KC"], ["6H", "4H", "AD"]]  # envido 32 against 30; seat 0 is the mão
CALLS = {"envido", "real_envido", "falta_envido"}


@pytest.mark.parametrize("cards,points", [
    (["7S", "6S", "KC"], 33), (["KC", "JH", "QS"], 0), (["7C", "KH", "2S"], 7),
    (["QS", "KS", "3H"], 20), (["7C", "QC", "4H"], 27), (["7S", "6S", "5S"], 33),
    (["AD", "2D", "3C"], 23), (["4H", "5C", "6D"], 6),
])
def test_envido_points_of_a_hand(cards: list[str], points: int) -> None:
    assert envido_points([parse_card(c) for c in cards]) == points


@pytest.mark.parametrize("actions,points", [
    (["envido", "accept"], 2), (["envido", "envido", "accept"], 4),
    (["envido", "real_envido", "accept"], 5), (["envido", "envido", "real_envido", "accept"], 7),
    (["real_envido", "accept"], 3), (["falta_envido", "accept"], 23),
    (["envido", "falta_envido", "accept"], 23), (["envido", "real_envido", "falta_envido",
                                                 "accept"], 23),
])
def test_accepted_exchange_pays_the_sum_or_the_falta_alone(actions: list[str],
                                                            points: int) -> None:
    s = run(deal("argentino-2p", 1, H, score=(3, 7)), *actions)
    assert s.points == (points, 0) and s.score == (3 + points, 7)  # 32 beats 30
    env = report(s)["envido"]
    assert env["result"] == "accepted" and env["winner"] == 0 and env["points"] == points
    assert env["values"] == [32, 30]


@pytest.mark.parametrize("actions,team,points", [  # RULES.md's examples, one by one
    (["envido", "fold"], 0, 1), (["envido", "envido", "fold"], 1, 2),
    (["envido", "real_envido", "fold"], 1, 2), (["envido", "envido", "real_envido", "fold"], 0, 4),
    (["falta_envido", "fold"], 0, 1), (["real_envido", "falta_envido", "fold"], 1, 3),
])
def test_declined_exchange_pays_the_calls_before_the_last(actions: list[str], team: int,
                                                           points: int) -> None:
    s = run(deal("argentino-2p", 1, H), *actions)
    want = (points, 0) if team == 0 else (0, points)
    assert s.points == want
    env = report(s)["envido"]
    assert env["result"] == "declined" and env["winner"] == team and env["values"] is None


def test_the_ladder_goes_up_only() -> None:
    s = deal("argentino-2p", 1, H)
    assert CALLS <= set(legal_actions(s))
    assert set(legal_actions(run(s, "envido"))) == {"accept", "fold"} | CALLS
    assert set(legal_actions(run(s, "envido", "envido"))) == {"accept", "fold", "real_envido",
                                                              "falta_envido"}
    assert set(legal_actions(run(s, "real_envido"))) == {"accept", "fold", "falta_envido"}
    assert set(legal_actions(run(s, "falta_envido"))) == {"accept", "fold"}
    with pytest.raises(IllegalActionError, match="envido is not legal"):
        run(s, "real_envido", "envido")


def test_gaucho_real_envido_may_repeat() -> None:
    s = deal("gauderio-2p", 1, H)  # nobody holds a flor
    s = run(s, "real_envido")
    assert set(legal_actions(s)) == {"accept", "fold", "real_envido", "falta_envido"}
    s = run(s, "real_envido", "real_envido", "accept")
    assert s.points == (9, 0)


def test_a_tie_goes_to_the_mao_team() -> None:
    hands = [["7C", "QC", "4H"], ["7H", "KH", "5D"]]  # 27 each
    assert run(deal("argentino-2p", 1, hands), "envido", "accept").points == (2, 0)
    assert run(deal("argentino-2p", 0, hands), "envido", "accept").points == (0, 2)


def test_zero_tie_face_cards_in_gaucho_and_mao_in_argentine() -> None:
    hands = [["QC", "JH", "QS"], ["KC", "QH", "JS"]]  # 0 each; seat 1 holds the king
    assert run(deal("argentino-2p", 1, hands), "envido", "accept").points == (2, 0)
    assert run(deal("gauderio-2p", 1, hands), "envido", "accept").points == (0, 2)
    same = [["KC", "JH", "QS"], ["KH", "QD", "JS"]]  # both hold a king: then the mão
    assert run(deal("gauderio-2p", 1, same), "envido", "accept").points == (2, 0)


def test_only_in_the_first_trick_before_playing_and_once() -> None:
    s = deal("argentino-2p", 1, H)
    s1 = run(s, "play:KC")
    assert CALLS <= set(legal_actions(s1))  # seat 1 has not played yet
    s2 = run(s1, "play:AD")  # AD beats KC: seat 1 leads the second trick
    assert not CALLS & set(legal_actions(s2))
    done = run(s, "envido", "fold")
    assert not CALLS & set(legal_actions(done))
    assert not CALLS & set(legal_actions(run(done, "play:KC")))


def test_not_after_a_raise_is_accepted() -> None:
    s = run(deal("argentino-2p", 1, H), "raise", "accept")
    assert not CALLS & set(legal_actions(s))
    assert not CALLS & set(legal_actions(run(s, "play:KC")))


def test_envido_comes_first_against_the_truco() -> None:
    s = run(deal("argentino-2p", 1, H, score=(3, 7)), "raise")
    assert set(legal_actions(s)) == {"accept", "fold", "raise"} | CALLS
    s = run(s, "envido")
    assert report(s)["pending"] == {"team": 1, "envido": "envido"} and s.to_act == 0
    s = run(s, "real_envido")
    assert report(s)["pending"] == {"team": 0, "envido": "real_envido"} and s.to_act == 1
    s = run(s, "accept")  # 32 beats 30: team 0 scores 5, then seat 1 answers the truco
    assert s.points == (5, 0) and s.to_act == 1
    assert report(s)["pending"] == {"team": 0, "value": 2}
    assert legal_actions(s) == ["accept", "fold", "raise"]


def test_no_envido_first_after_playing_or_against_a_retruco() -> None:
    s = run(deal("argentino-2p", 1, H), "play:KC", "raise")  # seat 0 has played its card
    assert legal_actions(s) == ["accept", "fold", "raise"]
    s = run(deal("argentino-2p", 1, H), "raise", "raise")  # seat 1 accepted with a retruco
    assert legal_actions(s) == ["accept", "fold", "raise"]


def test_the_turn_goes_back_to_the_first_caller() -> None:
    s = run(deal("argentino-2p", 1, H), "play:KC", "envido", "real_envido", "fold")
    assert s.to_act == 1 and s.points == (2, 0)
    assert "play:AD" in legal_actions(s)


def test_envido_points_can_end_the_game_at_once() -> None:
    s = run(deal("argentino-2p", 1, H, score=(28, 25)), "raise", "envido", "accept")
    r = report(s)
    assert s.over and r["game_over"] and r["game_winner"] == 0 and r["hand_winner"] is None
    assert r["points"] == [2, 0] and r["score"] == [30, 25] and r["legal"] == []
    assert r["pending"] is None and r["to_act"] is None


def test_falta_is_counted_from_the_leading_team() -> None:
    s = run(deal("argentino-2p", 1, H, score=(10, 26)), "falta_envido", "accept")
    assert s.points == (4, 0)  # 30 - 26, even though team 0 wins it


H4 = [["4S", "5D", "6C"], ["3H", "2H", "KD"], ["7S", "6S", "JH"], ["AC", "AS", "4H"]]


def test_four_seats_team_best_and_answering_seat() -> None:
    s = deal("argentino-4p", 3, H4)  # mão seat 0; team 0 best 33 (seat 2), team 1 best 25
    s = run(s, "envido")
    assert s.to_act == 1
    s = run(s, "real_envido")
    assert s.to_act == 2
    s = run(s, "accept")
    assert s.points == (5, 0) and report(s)["envido"]["values"] == [33, 25] and s.to_act == 0


def test_a_dropped_seat_no_longer_counts() -> None:
    s = run(deal("argentino-4p", 3, H4), "play:4S", "play:3H", "drop", "envido")
    assert s.to_act == 0  # the next seat of the other team still in the hand
    s = run(s, "accept")
    assert report(s)["envido"]["values"] == [6, 25] and s.points == (0, 2) and s.to_act == 3


def test_as_an_option_on_paulista_but_not_in_a_hand_of_eleven() -> None:
    hands = [["QC", "3S", "4H"], ["2H", "5C", "KD"]]
    s = deal("paulista-2p", 1, hands, vira="7D", envido=True)
    assert CALLS <= set(legal_actions(s)) and "drop" not in legal_actions(s)
    assert run(s, "envido", "accept").points == (0, 2)  # 4 against 5
    eleven = deal("paulista-2p", 1, hands, vira="7D", score=(11, 3), envido=True)
    assert not CALLS & set(legal_actions(eleven))
    r: dict[str, Any] = report(eleven)
    assert r["envido"] is None and r["flor"] is None and r["dropped"] == []


def test_no_envido_when_someone_holds_a_flor() -> None:
    hands = [["7S", "5S", "KS"], ["6H", "4H", "AD"]]
    s = deal("gauderio-2p", 1, hands)
    assert not CALLS & set(legal_actions(s))
    s = deal("argentino-2p", 1, hands)  # no flor option: the envido is there
    assert CALLS <= set(legal_actions(s))
