"""RULES.md "Tricks": tied tricks, lead_after_tie (both values, 2 and 4 seats) and all_tied."""

from __future__ import annotations

from typing import Any

import pytest

from engine_helpers import deal, report, results, run
from truco_learn.engine import HandState

V = "7D"  # queens are manilhas


def test_equal_ranks_of_both_teams_tie_2p() -> None:
    s = deal("paulista-2p", 1, [["3C", "2C", "4C"], ["3H", "5H", "6H"]], vira=V)
    s = run(s, "play:3C", "play:3H")
    assert results(s) == [-1] and not s.over and s.to_act == 0
    assert report(s)["tricks"][0]["tied"] is True and report(s)["tricks"][0]["winner"] is None


@pytest.mark.parametrize("lead", ["leader", "first_tying"])
def test_two_seats_both_lead_after_tie_values_give_the_leader(lead: str) -> None:
    # seat 1 leads trick 2 after winning trick 1, then trick 2 ties
    s = deal("paulista-2p", 1, [["4C", "2C", "KC"], ["3H", "2H", "KH"]], vira=V,
             lead_after_tie=lead)
    s = run(s, "play:4C", "play:3H", "play:2H", "play:2C")
    assert results(s) == [1, -1] and s.over and s.winner == 1
    s = deal("paulista-2p", 0, [["3C", "2C", "4C"], ["3H", "5H", "6H"]], vira=V,
             lead_after_tie=lead)
    s = run(s, "play:3H", "play:3C")
    assert s.to_act == 1


def test_first_trick_tied_next_trick_decides() -> None:
    s = deal("paulista-2p", 1, [["3C", "2C", "4C"], ["3H", "5H", "6H"]], vira=V)
    s = run(s, "play:3C", "play:3H", "play:2C", "play:5H")
    assert results(s) == [-1, 0] and s.over and s.winner == 0 and s.points == (1, 0)
    s = deal("paulista-2p", 1, [["3C", "2C", "4C"], ["3H", "5H", "6H"]], vira=V)
    s = run(s, "play:3C", "play:3H", "play:4C", "play:5H")
    assert results(s) == [-1, 1] and s.over and s.winner == 1 and s.points == (0, 1)


def test_first_two_tied_third_decides() -> None:
    s = deal("paulista-2p", 1, [["3C", "2C", "4C"], ["3H", "2H", "6H"]], vira=V)
    s = run(s, "play:3C", "play:3H", "play:2C", "play:2H")
    assert results(s) == [-1, -1] and not s.over and s.to_act == 0
    s = run(s, "play:4C", "play:6H")
    assert results(s) == [-1, -1, 1] and s.winner == 1


def test_first_won_second_tied_ends_the_hand() -> None:
    s = deal("paulista-2p", 1, [["2D", "KC", "4C"], ["3H", "KH", "5H"]], vira=V)
    s = run(s, "play:2D", "play:3H", "play:KH", "play:KC")
    assert results(s) == [1, -1] and s.over and s.winner == 1 and len(s.tricks) == 2


# four seats: dealer 3, play order 0 1 2 3; seat 0 leads a low card, seats 1 and 2 tie with 3s
TIE_HANDS = [["4C", "5C", "KC"], ["3H", "6H", "KH"], ["3S", "6S", "JS"], ["5D", "6D", "4D"]]


@pytest.mark.parametrize("variant,options,expected_leader", [
    ("paulista-4p", {}, 0),
    ("paulista-4p", {"lead_after_tie": "first_tying"}, 1),
    ("paulista-fpt", {}, 1),
    ("paulista-fpt", {"lead_after_tie": "leader"}, 0),
])
def test_lead_after_tie_four_seats(variant: str, options: dict[str, Any],
                                   expected_leader: int) -> None:
    s = deal(variant, 3, TIE_HANDS, vira=V, **options)
    s = run(s, "play:4C", "play:3H", "play:3S", "play:5D")
    assert results(s) == [-1] and s.to_act == expected_leader and s.leader == expected_leader


@pytest.mark.parametrize("variant,expected_leader", [("mineiro-4p", 1), ("paulista-4p", 0)])
def test_lead_after_tie_then_next_trick_decides_4p(variant: str, expected_leader: int) -> None:
    hands = [["5C", "6C", "KC"], ["3H", "6H", "KH"], ["3S", "6S", "QS"], ["5D", "6D", "QD"]]
    vira = None if variant.startswith("mineiro") else "JD"  # vira JD: the kings are manilhas
    s = deal(variant, 3, hands, vira=vira)
    s = run(s, "play:5C", "play:3H", "play:3S", "play:5D")
    assert s.to_act == expected_leader
    if expected_leader == 1:
        s = run(s, "play:6H", "play:QS", "play:6D", "play:6C")  # QS: only team 0
        assert results(s) == [-1, 0] and s.winner == 0 and s.points == (2, 0)
    else:
        s = run(s, "play:KC", "play:6H", "play:6S", "play:6D")  # KC is the zap
        assert results(s) == [-1, 0] and s.winner == 0 and s.points == (1, 0)


def test_first_tying_is_first_of_the_top_cards_not_of_lower_ones() -> None:
    # order 0 1 2 3: seat 0 plays a 2, seat 1 a 3, seat 2 a 2, seat 3 a 3 → team 1 alone: wins
    hands = [["2C", "5C", "KC"], ["3H", "6H", "KH"], ["2S", "6S", "JS"], ["3D", "6D", "4D"]]
    s = deal("paulista-fpt", 3, hands, vira=V)
    s = run(s, "play:2C", "play:3H", "play:2S", "play:3D")
    assert results(s) == [1] and s.to_act == 1
    # seat 0 a 2, seat 1 a 3, seat 2 a 3 → tied; the first tying card is seat 1's 3
    hands = [["2C", "5C", "KC"], ["3H", "6H", "KH"], ["3S", "6S", "JS"], ["2D", "6D", "4D"]]
    s = deal("paulista-fpt", 3, hands, vira=V)
    s = run(s, "play:2C", "play:3H", "play:3S", "play:2D")
    assert results(s) == [-1] and s.to_act == 1


ALL_TIED_2P = [["3C", "2C", "AC"], ["3H", "2H", "AH"]]
ALL_TIED_4P = [["3C", "2C", "AC"], ["3H", "2H", "AH"], ["4C", "4H", "5C"], ["4S", "4D", "5H"]]


def _all_tied_2p(variant: str, dealer: int, raise_first: bool = False,
                 **options: Any) -> HandState:
    hands = ALL_TIED_2P if dealer == 1 else ALL_TIED_2P[::-1]
    vira = V if variant.startswith("paulista") else None
    s = deal(variant, dealer, hands, vira=vira, **options)
    if raise_first:
        s = run(s, "raise", "accept")
    for rank in "32A":
        s = run(s, f"play:{rank}C", f"play:{rank}H")  # the mão holds the clubs
    return s


@pytest.mark.parametrize("variant", ["paulista-2p", "mineiro-2p"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_all_tied_nobody_scores(variant: str, dealer: int) -> None:
    s = _all_tied_2p(variant, dealer)
    assert results(s) == [-1, -1, -1]
    assert s.over and s.winner == -1 and s.points == (0, 0)
    r = report(s)
    assert r["hand_winner"] is None and r["redeal"] is False and r["hand_over"] is True


@pytest.mark.parametrize("variant,stake", [("paulista-2p", 1), ("mineiro-2p", 2)])
@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("rule", ["dealer_team", "mao_team"])
def test_all_tied_dealer_or_mao_team_scores_the_stake(variant: str, stake: int, dealer: int,
                                                       rule: str) -> None:
    s = _all_tied_2p(variant, dealer, all_tied=rule)
    team = dealer if rule == "dealer_team" else 1 - dealer
    assert s.winner == team
    assert s.points[team] == stake and s.points[1 - team] == 0


def test_all_tied_scores_the_raised_stake() -> None:
    s = _all_tied_2p("paulista-2p", 1, raise_first=True, all_tied="mao_team")
    assert s.stake == 3 and s.points == (3, 0)
    s = _all_tied_2p("paulista-2p", 1, raise_first=True, all_tied="dealer_team")
    assert s.points == (0, 3)
    s = _all_tied_2p("paulista-2p", 1, raise_first=True)
    assert s.points == (0, 0)


@pytest.mark.parametrize("rule,points", [("nobody", (0, 0)), ("dealer_team", (0, 1)),
                                         ("mao_team", (1, 0))])
@pytest.mark.parametrize("variant", ["paulista-4p", "paulista-fpt"])
def test_all_tied_four_seats(variant: str, rule: str, points: tuple[int, int]) -> None:
    s = deal(variant, 3, ALL_TIED_4P, vira=V, all_tied=rule)  # dealer 3 (team 1), mão 0
    s = run(s, "play:3C", "play:3H", "play:4C", "play:4S")
    assert s.to_act == 0
    s = run(s, "play:2C", "play:2H", "play:4H", "play:4D")
    assert s.to_act == 0
    s = run(s, "play:AC", "play:AH", "play:5C", "play:5H")
    assert results(s) == [-1, -1, -1] and s.over and s.points == points
