"""RULES.md "Tricks": who wins a trick, who leads next, who wins the hand and its points."""

from __future__ import annotations

import pytest

from engine_helpers import deal, report, results, run
from truco_learn.engine import legal_actions, step
from truco_learn.errors import IllegalActionError

V = "7D"  # vira 7D: the queens are the manilhas, every other card is ordinary


def test_mao_leads_and_play_goes_in_seat_order() -> None:
    s = deal("paulista-4p", 2, [["3C", "4C", "5C"], ["4H", "5H", "6H"], ["3S", "4S", "5S"],
                                ["4D", "5D", "6D"]], vira=V)
    assert s.to_act == 3  # dealer + 1
    seen = []
    for card in ["4D", "3C", "4H", "3S"]:
        seen.append(s.to_act)
        s = step(s, "play:" + card)
    assert seen == [3, 0, 1, 2]


def test_highest_card_wins_and_its_seat_leads_next_2p() -> None:
    s = deal("paulista-2p", 1, [["3C", "5C", "6C"], ["2C", "4H", "KD"]], vira=V)
    s = run(s, "play:3C", "play:2C")
    assert results(s) == [0] and s.to_act == 0
    s = run(s, "play:5C", "play:KD")
    assert results(s) == [0, 1] and s.to_act == 1
    s = run(s, "play:4H", "play:6C")
    assert results(s) == [0, 1, 0]
    assert s.over and s.winner == 0 and s.points == (1, 0) and s.score == (1, 0)


def test_no_obligation_to_follow_suit() -> None:
    s = deal("paulista-2p", 1, [["4C", "5C", "6C"], ["4H", "KD", "3S"]], vira=V)
    s = step(s, "play:4C")
    assert legal_actions(s) == ["play:3S", "play:4H", "play:KD", "raise"]
    s = step(s, "play:3S")
    assert results(s) == [1]


def test_two_tricks_win_the_hand_at_once() -> None:
    s = deal("paulista-2p", 1, [["3C", "2D", "5C"], ["4H", "5H", "6H"]], vira=V)
    s = run(s, "play:3C", "play:4H", "play:2D", "play:5H")
    assert s.over and len(s.tricks) == 2 and s.winner == 0 and s.points == (1, 0)
    assert legal_actions(s) == [] and s.to_act == -1
    with pytest.raises(IllegalActionError, match="hand is over"):
        step(s, "play:5C")


@pytest.mark.parametrize("variant,value", [("paulista-2p", 1), ("mineiro-2p", 2)])
def test_hand_is_worth_the_first_ladder_step(variant: str, value: int) -> None:
    s = deal(variant, 0, [["4H", "5H", "6H"], ["3C", "2D", "5C"]],
             vira=V if variant.startswith("paulista") else None)
    assert s.to_act == 1 and s.stake == value
    s = run(s, "play:3C", "play:4H", "play:2D", "play:5H")
    assert s.winner == 1 and s.points == (0, value)


@pytest.mark.parametrize("first_winner", [0, 1])
def test_one_each_then_third_tied_goes_to_first_trick_winner(first_winner: int) -> None:
    strong, weak = ["3C", "4C", "2C"], ["2H", "KH", "2S"]
    hands = [strong, weak] if first_winner == 0 else [weak, strong]
    s = deal("paulista-2p", 1, hands, vira=V)
    loser = 1 - first_winner
    order = {0: ["play:3C", "play:2H"], 1: ["play:2H", "play:3C"]}[first_winner]
    s = run(s, *order)
    assert results(s) == [first_winner] and s.to_act == first_winner
    s = run(s, "play:4C", "play:KH")  # the first-trick winner leads its 4: loses trick 2
    assert results(s) == [first_winner, loser] and s.to_act == loser
    s = run(s, "play:2S", "play:2C")
    assert results(s) == [first_winner, loser, -1]
    assert s.over and s.winner == first_winner


def test_third_trick_decides_one_each() -> None:
    s = deal("paulista-2p", 1, [["3C", "4C", "KC"], ["2H", "5H", "JH"]], vira=V)
    s = run(s, "play:3C", "play:2H", "play:4C", "play:5H", "play:JH", "play:KC")
    assert results(s) == [0, 1, 0] and s.winner == 0


def test_winner_leads_in_four_seats() -> None:
    s = deal("paulista-4p", 3, [["4C", "5C", "6C"], ["4H", "5H", "6H"], ["3S", "4S", "5S"],
                                ["4D", "5D", "6D"]], vira=V)
    s = run(s, "play:4C", "play:6H", "play:3S", "play:6D")
    assert results(s) == [0] and s.to_act == 2 and s.leader == 2
    s = run(s, "play:4S", "play:5D", "play:5C", "play:5H")  # 5s shared by both teams: tied
    assert results(s) == [0, -1]
    assert s.over and s.winner == 0  # first won, second tied


def test_partners_sharing_the_top_card_win_first_in_play_order_leads() -> None:
    # dealer 0: play order 1 2 3 0; seat 2 plays its 3 before seat 0 plays the other 3
    hands = [["3H", "4C", "5C"], ["4H", "5H", "6H"], ["3S", "4S", "5S"], ["4D", "5D", "6D"]]
    s = deal("paulista-4p", 0, hands, vira=V)
    s = run(s, "play:4H", "play:3S", "play:4D", "play:3H")
    assert results(s) == [0]
    assert s.to_act == 2  # seat 2 played the top strength first, not seat 0


def test_partners_top_card_in_trick_order_when_leader_is_late_seat() -> None:
    hands = [["3H", "4C", "5C"], ["4H", "5H", "6H"], ["2S", "4S", "5S"], ["3D", "5D", "6D"]]
    s = deal("paulista-4p", 2, hands, vira=V)  # order 3 0 1 2
    s = run(s, "play:3D", "play:3H", "play:4H", "play:2S")  # 3s of both teams: tied
    assert results(s) == [-1]
    hands = [["3H", "4C", "5C"], ["3C", "5H", "6H"], ["2S", "4S", "5S"], ["3D", "5D", "6D"]]
    s = deal("paulista-4p", 2, hands, vira=V)
    s = run(s, "play:3D", "play:4C", "play:3C", "play:2S")  # only team 1 has the 3s
    assert results(s) == [1] and s.to_act == 3


def test_manilha_beats_three_and_zap_beats_copas() -> None:
    s = deal("paulista-2p", 1, [["QD", "4C", "5C"], ["3H", "QH", "6H"]], vira=V)
    s = run(s, "play:QD", "play:3H")
    assert results(s) == [0]
    s = run(s, "play:4C", "play:QH")
    assert results(s) == [0, 1]
    s = deal("paulista-2p", 1, [["QC", "4C", "5C"], ["QH", "3H", "6H"]], vira=V)
    s = run(s, "play:QC", "play:QH")
    assert results(s) == [0]


def test_mineiro_four_seats_points() -> None:
    s = deal("mineiro-4p", 3, [["4C", "5C", "6C"], ["4H", "5H", "6H"], ["3S", "KS", "5S"],
                               ["4D", "5D", "6D"]])
    s = run(s, "play:4C", "play:4H", "play:5S", "play:4D")  # 4C is the Mineiro zap
    assert results(s) == [0] and s.to_act == 0
    s = run(s, "play:5C", "play:5H", "play:KS", "play:5D")
    assert s.over and s.winner == 0 and s.points == (2, 0)


def test_cannot_play_a_card_not_in_hand_or_already_played() -> None:
    s = deal("paulista-2p", 1, [["3C", "4C", "5C"], ["2H", "5H", "6H"]], vira=V)
    with pytest.raises(IllegalActionError, match="play:2H is not legal for seat 0"):
        step(s, "play:2H")
    s = run(s, "play:3C", "play:2H")
    with pytest.raises(IllegalActionError):
        step(s, "play:3C")


def test_report_lists_tricks_with_winner_team() -> None:
    s = deal("paulista-4p", 3, [["4C", "5C", "6C"], ["4H", "5H", "6H"], ["3S", "4S", "5S"],
                                ["4D", "5D", "6D"]], vira=V)
    s = run(s, "play:4C", "play:6H", "play:3S", "play:6D", "play:4S")
    r = report(s)
    assert r["tricks"] == [
        {"leader": 0, "plays": [[0, "play:4C"], [1, "play:6H"], [2, "play:3S"], [3, "play:6D"]],
         "winner": 0, "tied": False},
        {"leader": 2, "plays": [[2, "play:4S"]], "winner": None, "tied": False},
    ]
    assert r["to_act"] == 3 and r["hand_over"] is False and r["hand_winner"] is None
