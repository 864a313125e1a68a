"""RULES.md "Exposed-card rule": a trick ends tied and one of the tying cards (either team's)
was face up when the trick's last raise (also a raise given as an answer) was made: the team
that made that raise loses the hand and the other team scores the accepted stake."""

from __future__ import annotations

from typing import Any

import pytest

from engine_helpers import deal, results, run
from truco_learn.engine import HandState

V = "7D"
H4 = [["3S", "4C", "5C"], ["3H", "4H", "5H"], ["3C", "4S", "6S"], ["3D", "6D", "KD"]]


def _fpt(**options: Any) -> HandState:
    return deal("paulista-fpt", 3, H4, vira=V, **options)  # dealer 3: play order 0 1 2 3


def test_opponents_tying_card_on_the_table_raiser_loses() -> None:
    s = run(_fpt(), "play:3S", "raise", "accept", "play:3H", "play:4S", "play:6D")
    assert results(s) == [-1]
    assert s.over and s.winner == 0 and s.points == (3, 0)


def test_own_teams_tying_card_on_the_table_raiser_loses() -> None:
    s = run(_fpt(), "play:3S", "play:4H", "raise", "accept", "play:4S", "play:3D")
    assert results(s) == [-1]
    assert s.over and s.winner == 1 and s.points == (0, 3)


def test_raise_given_as_an_answer_is_the_last_raise() -> None:
    s = run(_fpt(), "play:3S", "raise", "raise", "accept")  # seat 2 answers seis
    assert s.stake == 6 and s.to_act == 1
    s = run(s, "play:3H", "play:4S", "play:6D")
    assert s.over and s.winner == 1 and s.points == (0, 6)


def test_raise_before_the_tricks_first_card_is_safe() -> None:
    s = run(_fpt(), "raise", "accept", "play:3S", "play:3H", "play:4S", "play:6D")
    assert results(s) == [-1] and not s.over and s.to_act == 0 and s.stake == 3


def test_tying_cards_played_after_the_raise_are_safe() -> None:
    s = run(_fpt(), "play:4C", "raise", "accept", "play:3H", "play:3C", "play:6D")
    assert results(s) == [-1] and not s.over and s.to_act == 1  # first tying: seat 1


def test_not_tied_no_penalty() -> None:
    s = run(_fpt(), "play:3S", "raise", "accept", "play:4H", "play:4S", "play:6D")
    assert results(s) == [0] and not s.over and s.stake == 3


def test_a_raise_in_an_earlier_trick_does_not_count() -> None:
    s = run(_fpt(), "play:5C", "raise", "accept", "play:4H", "play:6S", "play:KD")
    assert results(s) == [1] and s.to_act == 3
    s = run(s, "play:3D", "play:3S", "play:5H", "play:4S")  # tied, no raise in this trick
    assert results(s) == [1, -1] and s.winner == 1 and s.points == (0, 3)


def test_rule_in_a_later_trick() -> None:
    s = run(_fpt(), "play:5C", "play:4H", "play:6S", "play:6D")
    assert results(s) == [-1] and s.to_act == 2
    s = run(s, "play:3C", "raise", "accept", "play:3D", "play:4C", "play:5H")
    assert results(s) == [-1, -1] and s.over and s.winner == 0 and s.points == (3, 0)


def test_switched_off_in_paulista_4p() -> None:
    s = deal("paulista-4p", 3, H4, vira=V)
    s = run(s, "play:3S", "raise", "accept", "play:3H", "play:4S", "play:6D")
    assert results(s) == [-1] and not s.over and s.to_act == 0
    s = _fpt(exposed_card=False)
    s = run(s, "play:3S", "raise", "accept", "play:3H", "play:4S", "play:6D")
    assert results(s) == [-1] and not s.over


@pytest.mark.parametrize("on,points", [(True, (3, 0)), (False, None)])
def test_two_players_when_switched_on(on: bool, points: tuple[int, int] | None) -> None:
    s = deal("paulista-2p", 1, [["3S", "4C", "5C"], ["3H", "4H", "5H"]], vira=V,
             exposed_card=on)
    s = run(s, "play:3S", "raise", "accept", "play:3H")
    assert results(s) == [-1]
    if points is None:
        assert not s.over
    else:
        assert s.over and s.points == points


def test_two_players_re_raise_by_the_owner_of_the_exposed_card() -> None:
    s = deal("paulista-2p", 1, [["3S", "4C", "5C"], ["3H", "4H", "5H"]], vira=V,
             exposed_card=True)
    s = run(s, "play:3S", "raise", "raise", "accept")
    assert s.to_act == 1 and s.stake == 6
    s = run(s, "play:3H")
    assert s.over and s.winner == 1 and s.points == (0, 6)


def test_mineiro_with_exposed_card_override() -> None:
    hands = [["3S", "5C", "6C"], ["3H", "5H", "6H"], ["2C", "QS", "KS"], ["2D", "QD", "KD"]]
    s = deal("mineiro-4p", 3, hands, exposed_card=True)
    s = run(s, "play:3S", "raise", "accept", "play:3H", "play:2C", "play:2D")
    assert s.over and s.winner == 0 and s.points == (4, 0)
