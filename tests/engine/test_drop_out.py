"""RULES.md "Dropping out": `drop` on your turn when nothing waits for an answer; dropped seats
are skipped (play, answers, leading, complete tricks); a team all out ends the hand: the stake,
plus 1 when no card was played and an envido could still have been called."""

from __future__ import annotations

import pytest

from engine_helpers import deal, report, run
from truco_learn.engine import legal_actions
from truco_learn.errors import IllegalActionError

H = [["7S", "5S", "KC"], ["6H", "4H", "AD"]]
H4 = [["4S", "5D", "6C"], ["3H", "2H", "KD"], ["QC", "JH", "7C"], ["AS", "AC", "4H"]]


def test_dropping_before_any_card_pays_one_more_when_envido_was_possible() -> None:
    s = run(deal("argentino-2p", 1, H), "drop")
    assert s.over and s.winner == 1 and s.points == (0, 2)
    assert report(s)["dropped"] == [0] and report(s)["hand_winner"] == 1


def test_dropping_after_a_card_pays_the_stake() -> None:
    s = run(deal("argentino-2p", 1, H), "play:KC", "drop")
    assert s.points == (1, 0)


def test_no_extra_point_after_an_envido_or_an_accepted_truco_or_with_a_flor() -> None:
    assert run(deal("argentino-2p", 1, H), "envido", "fold", "drop").points == (1, 1)
    assert run(deal("argentino-2p", 1, H), "raise", "accept", "drop").points == (0, 2)
    flor = run(deal("gauderio-2p", 1, [["7S", "5S", "KS"], ["6H", "4H", "AD"]]), "drop")
    assert flor.points == (3, 1)  # the lone flor's 3, then the stake alone
    no_envido = run(deal("paulista-2p", 1, H, vira="3D", drop_out=True), "drop")
    assert no_envido.points == (0, 1)


@pytest.mark.parametrize("actions", [["raise"], ["envido"], ["raise", "envido"]])
def test_no_drop_while_something_waits(actions: list[str]) -> None:
    s = run(deal("argentino-2p", 1, H), *actions)
    assert "drop" not in legal_actions(s)
    with pytest.raises(IllegalActionError, match="drop is not legal"):
        run(s, "drop")


def test_no_drop_while_the_flor_decision_waits() -> None:
    hands = [["5C", "4C", "KC"], ["7H", "6H", "AH"]]
    s = deal("gauderio-2p", 1, hands)
    assert "drop" not in legal_actions(s)
    assert "drop" in legal_actions(run(s, "flor"))


def test_four_seats_a_dropped_seat_is_skipped_and_tricks_complete_without_it() -> None:
    s = run(deal("argentino-4p", 3, H4), "play:4S", "play:3H", "drop", "play:AS")
    assert [len(t.plays) for t in s.tricks] == [3] and s.tricks[0].result == 1
    assert s.to_act == 3  # AS took it
    s = run(s, "play:AC", "play:5D", "play:2H")
    assert s.tricks[1].result == 1 and s.over and s.points == (0, 1)


def test_a_raise_is_answered_by_the_next_seat_still_in_the_hand() -> None:
    s = run(deal("argentino-4p", 3, H4), "play:4S", "drop", "raise")
    assert s.to_act == 3 and report(s)["pending"] == {"team": 0, "value": 2}
    s = run(s, "accept")
    assert s.to_act == 2


def test_a_leader_who_drops_passes_the_lead_on() -> None:
    s = run(deal("argentino-4p", 3, H4), "drop")
    assert s.to_act == 1 and s.leader == 1
    s = run(s, "play:3H", "play:QC", "play:AS")
    assert report(s)["tricks"][0]["leader"] == 1 and s.tricks[0].result == 1


def test_a_team_all_out_ends_the_hand_in_four_seats() -> None:
    s = run(deal("argentino-4p", 3, H4), "drop", "play:3H", "drop")
    assert s.over and s.winner == 1 and s.points == (0, 1)  # a card was played: no extra


def test_not_in_a_hand_of_eleven_on_paulista() -> None:
    s = deal("paulista-2p", 1, H, vira="3D", score=(11, 5), drop_out=True)
    s = run(s, "onze:play")
    assert "drop" not in legal_actions(s)
    assert report(s)["dropped"] == []
