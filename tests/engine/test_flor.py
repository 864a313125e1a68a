"""RULES.md "Flor": declared when dealt (public), a lone team scores at once, both teams: the
answering seat's flor / contraflor / contraflor_resto / achico, flors compared at the end and
settled before the hand's own points, a dropped seat's flor not compared; gaúcho presets and
as an option on a Brazilian preset."""

from __future__ import annotations

import random

import pytest

from engine_helpers import deal, report, run
from truco_learn.engine import determinize, legal_actions, observation, parse_observation
from truco_learn.engine.handpoints import flor_points, has_flor

# gauderio-4p, dealer 3: the mão is seat 0; seat 0 holds a flor of 29, seat 1 one of 34
H4 = [["5C", "4C", "KC"], ["7H", "6H", "AH"], ["3S", "2D", "QS"], ["JD", "5D", "4S"]]
ANSWERS = ["achico", "contraflor", "contraflor_resto", "flor"]


def test_flor_points() -> None:
    from truco_learn.engine import parse_card
    assert flor_points([parse_card(c) for c in ("7H", "6H", "AH")]) == 34
    assert has_flor([parse_card(c) for c in ("KC", "QC", "JC")])
    assert not has_flor([parse_card(c) for c in ("KC", "QC", "JD")])


def test_a_lone_flor_scores_three_at_once() -> None:
    s = deal("gauderio-2p", 1, [["7S", "5S", "KS"], ["6H", "4H", "AD"]])
    assert s.points == (3, 0) and s.to_act == 0
    assert report(s)["flor"] == {"seats": [0], "calls": [], "result": "lone", "winner": 0,
                                 "points": 3}
    assert "envido" not in legal_actions(s) and "play:7S" in legal_actions(s)


def test_two_flors_of_one_team_score_six() -> None:
    hands = [["5C", "4C", "KC"], ["7H", "6D", "AH"], ["3S", "2S", "QS"], ["JD", "5D", "4S"]]
    s = deal("gauderio-4p", 3, hands)
    assert s.points == (6, 0) and report(s)["flor"]["seats"] == [0, 2]


def test_a_lone_flor_can_end_the_game_before_any_card() -> None:
    s = deal("gauderio-2p", 1, [["7S", "5S", "KS"], ["6H", "4H", "AD"]], score=(22, 10))
    r = report(s)
    assert s.over and r["game_over"] and r["game_winner"] == 0 and r["hand_winner"] is None
    assert r["legal"] == [] and r["score"] == [25, 10]


def test_both_teams_the_answering_seat_decides_first() -> None:
    s = deal("gauderio-4p", 3, H4)
    assert s.to_act == 1 and legal_actions(s) == ANSWERS
    assert report(s)["pending"] == {"team": 0, "flor": "flor"}
    assert s.points == (0, 0)


def test_flor_compares_at_the_end_three_for_each() -> None:
    s = run(deal("gauderio-4p", 3, H4), "flor")
    assert s.to_act == 0 and report(s)["flor"]["result"] == "compared"
    assert report(s)["flor"]["winner"] is None and report(s)["flor"]["points"] == 0
    s = run(s, "raise", "fold")  # team 0 wins the hand (1); seat 1's 34 beats 29: 6 to team 1
    assert s.points == (1, 6) and s.winner == 0
    assert report(s)["flor"] == {"seats": [0, 1], "calls": [[1, "flor"]],
                                 "result": "compared", "winner": 1, "points": 6}


def test_contraflor_accepted_pays_six_declined_four_at_once() -> None:
    s = run(deal("gauderio-4p", 3, H4), "contraflor")
    assert s.to_act == 0 and legal_actions(s) == ["accept", "fold"]
    assert report(s)["pending"] == {"team": 1, "flor": "contraflor"}
    done = run(s, "accept", "raise", "fold")
    assert done.points == (1, 6)
    declined = run(s, "fold")
    assert declined.points == (0, 4) and declined.to_act == 0
    assert report(declined)["flor"]["result"] == "declined"


def test_contraflor_resto_is_six_plus_what_the_leader_needs() -> None:
    s = run(deal("gauderio-4p", 3, H4, score=(20, 3), target=40), "contraflor_resto", "accept",
            "raise", "fold")
    assert s.points == (1, 6 + 20)  # 40 - 20 (the leader), counted when they are compared
    s = run(deal("gauderio-4p", 3, H4, score=(2, 3)), "contraflor_resto", "accept", "raise",
            "fold")
    assert s.points == (0, 6 + 21) and s.winner == -1  # it ends the game: no hand point
    s = run(deal("gauderio-4p", 3, H4, score=(2, 3)), "contraflor_resto", "fold")
    assert s.points == (0, 4)


def test_achico_gives_four_to_the_first_flor() -> None:
    s = run(deal("gauderio-4p", 3, H4), "achico")
    assert s.points == (4, 0) and s.to_act == 0
    assert report(s)["flor"]["result"] == "achico" and report(s)["flor"]["winner"] == 0


def test_flor_settled_before_the_hand_and_ending_the_game() -> None:
    s = run(deal("gauderio-4p", 3, H4, score=(0, 20)), "flor", "raise", "fold")
    r = report(s)
    assert r["points"] == [0, 6] and r["score"] == [0, 26]  # the hand's point is not added
    assert r["hand_winner"] is None and r["game_winner"] == 1


def test_a_dropped_seat_flor_is_not_compared() -> None:
    s = run(deal("gauderio-4p", 3, H4), "flor", "play:5C", "drop", "play:3S", "play:JD")
    assert report(s)["dropped"] == [1] and s.tricks[0].result == 0 and s.to_act == 2
    s = run(s, "play:2D", "drop")  # team 1's last seat drops: the hand ends, stake 1 to team 0
    assert s.over and s.winner == 0
    assert report(s)["flor"]["winner"] == 0  # seat 1's 34 is out of the hand; 29 stays
    assert s.points == (1 + 6, 0)


def test_flor_tie_goes_to_the_mao() -> None:
    hands = [["7C", "6C", "AC"], ["7H", "6H", "AH"]]  # 34 each
    s = run(deal("gauderio-2p", 1, hands), "flor", "raise", "fold")
    assert s.points == (1 + 6, 0)
    s = run(deal("gauderio-2p", 0, hands), "flor", "raise", "fold")
    assert s.points == (0, 1 + 6)  # the mão is seat 1 now: it wins the tie and the hand


def test_argentino_has_no_flor_and_paulista_may_have_it() -> None:
    hands = [["7S", "5S", "KS"], ["6H", "4H", "AD"]]
    s = deal("argentino-2p", 1, hands)
    assert report(s)["flor"] is None and s.points == (0, 0)
    p = deal("paulista-2p", 1, [["QC", "3C", "4C"], ["2H", "5S", "KD"]], vira="7D", flor=True)
    assert p.points == (3, 0) and report(p)["flor"]["result"] == "lone"
    eleven = deal("paulista-2p", 1, [["QC", "3C", "4C"], ["2H", "5S", "KD"]], vira="7D",
                  score=(11, 0), flor=True)
    assert eleven.points == (0, 0) and report(eleven)["flor"] is None


@pytest.mark.parametrize("seat", range(4))
def test_flor_seats_are_public_and_deals_agree_with_them(seat: int) -> None:
    s = run(deal("gauderio-4p", 3, H4), "flor")
    obs = observation(s, seat)
    assert obs["flor_seats"] == [0, 1] and obs["envido_values"] is None
    rng = random.Random(seat)
    ob = parse_observation(obs)
    for _ in range(30):
        again = determinize(ob, rng)
        assert [has_flor(h) for h in again.deal.hands] == [True, True, False, False]
        assert observation(again, seat) == obs


def test_envido_values_public_only_after_an_accepted_envido() -> None:
    hands = [["7S", "5S", "KC"], ["6H", "4H", "AD"]]
    s = deal("argentino-2p", 1, hands)
    assert observation(s, 1)["envido_values"] is None
    declined = run(s, "envido", "fold")
    assert observation(declined, 1)["envido_values"] is None
    assert observation(declined, 1)["envido_winner"] == 0
    s = run(s, "envido", "accept")
    obs = observation(s, 1)
    assert obs["envido_values"] == [32, 30] and obs["envido_winner"] == 0
    ob = parse_observation(obs)
    rng = random.Random(1)
    from truco_learn.engine.handpoints import envido_points
    for _ in range(30):
        again = determinize(ob, rng)
        assert envido_points(again.deal.hands[0]) == 32
