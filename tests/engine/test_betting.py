"""RULES.md "Betting": the ladder, who may raise, who answers, accept / fold / re-raise,
the turn returning to the first raiser, alternation and no_pointless_raise."""

from __future__ import annotations

from typing import Any

import pytest

from engine_helpers import deal, report, run
from truco_learn.engine import HandState, legal_actions, step
from truco_learn.errors import IllegalActionError

V = "7D"
P2 = [["3C", "4C", "5C"], ["2H", "5H", "6H"]]  # dealer 1: seat 0 is the mão
P4 = [["3C", "4C", "5C"], ["2H", "5H", "6H"], ["3S", "4S", "5S"], ["2D", "5D", "6D"]]
LADDERS = {"paulista-2p": [1, 3, 6, 9, 12], "mineiro-2p": [2, 4, 6, 10, 12],
           "paulista-4p": [1, 3, 6, 9, 12], "mineiro-4p": [2, 4, 6, 10, 12]}


def _p2(variant: str = "paulista-2p", score: tuple[int, int] = (0, 0),
        **options: Any) -> HandState:
    vira = V if variant.startswith("paulista") else None
    return deal(variant, 1, P2, vira=vira, score=score, **options)


def _p4(variant: str = "paulista-4p", **options: Any) -> HandState:
    vira = V if variant.startswith("paulista") else None
    return deal(variant, 3, P4, vira=vira, **options)


def test_raise_accept_returns_turn_to_raiser_who_cannot_raise_again() -> None:
    s = _p2()
    assert "raise" in legal_actions(s)
    s = step(s, "raise")
    assert s.pending == (0, 3) and s.to_act == 1 and s.stake == 1
    assert legal_actions(s) == ["accept", "fold", "raise"]
    assert report(s)["pending"] == {"team": 0, "value": 3}
    s = step(s, "accept")
    assert s.pending is None and s.stake == 3 and s.to_act == 0
    assert legal_actions(s) == ["play:3C", "play:4C", "play:5C"]  # raises alternate
    s = step(s, "play:3C")
    assert "raise" in legal_actions(s)  # the other team may call seis
    s = run(s, "raise")
    assert s.pending == (1, 6) and s.to_act == 0
    s = step(s, "accept")
    assert s.stake == 6 and s.to_act == 1 and "raise" not in legal_actions(s)
    s = run(s, "play:2H")
    assert s.to_act == 0 and "raise" in legal_actions(s)  # seat 0 may call nove


@pytest.mark.parametrize("variant", ["paulista-2p", "mineiro-2p"])
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_fold_pays_the_stake_accepted_before_the_proposal(variant: str, k: int) -> None:
    ladder = LADDERS[variant]
    s = run(_p2(variant), *["raise"] * k)  # re-raises given as answers
    assert s.pending == ((k - 1) % 2, ladder[k]) and s.stake == ladder[k - 1]
    s = step(s, "fold")
    raiser = (k - 1) % 2
    assert s.over and s.winner == raiser
    assert s.points[raiser] == ladder[k - 1] and s.points[1 - raiser] == 0
    assert s.stake == ladder[k - 1]
    r = report(s)
    assert r["pending"] is None and r["hand_winner"] == raiser and r["legal"] == []


@pytest.mark.parametrize("variant", ["paulista-2p", "mineiro-2p"])
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_accept_after_re_raises(variant: str, k: int) -> None:
    ladder = LADDERS[variant]
    s = run(_p2(variant), *["raise"] * k, "accept")
    assert s.stake == ladder[k] and s.pending is None
    assert s.to_act == 0  # back to the first raiser of the exchange
    last_team = (k - 1) % 2
    assert ("raise" in legal_actions(s)) == (last_team == 1 and k < 4)


def test_a_to_c_seis_accepted_lets_a_call_nove_before_playing() -> None:
    s = run(_p2(), "raise", "raise", "accept")  # A truco, B seis, A accepts
    assert s.stake == 6 and s.to_act == 0 and "raise" in legal_actions(s)
    s = run(s, "raise")
    assert s.pending == (0, 9) and s.to_act == 1
    s = run(s, "accept")
    assert s.stake == 9 and s.to_act == 0 and "raise" not in legal_actions(s)


def test_top_of_the_ladder_cannot_be_raised() -> None:
    s = run(_p2(), "raise", "raise", "raise", "raise")
    assert s.pending == (1, 12) and legal_actions(s) == ["accept", "fold"]
    s = run(s, "accept")
    assert s.stake == 12 and "raise" not in legal_actions(s)
    s = run(s, "play:3C")
    assert s.to_act == 1 and "raise" not in legal_actions(s)
    with pytest.raises(IllegalActionError, match="raise is not legal for seat 1"):
        step(s, "raise")


def test_short_custom_ladder() -> None:
    s = _p2(ladder=[1, 2])
    s = run(s, "raise")
    assert s.pending == (0, 2) and legal_actions(s) == ["accept", "fold"]
    s = _p2(ladder=[5])
    assert s.stake == 5 and "raise" not in legal_actions(s)


def test_accept_and_fold_only_while_a_raise_waits() -> None:
    s = _p2()
    for action in ("accept", "fold"):
        with pytest.raises(IllegalActionError, match=f"{action} is not legal for seat 0"):
            step(s, action)
    s = step(s, "raise")
    for action in ("play:2H", "play:3C"):
        with pytest.raises(IllegalActionError):
            step(s, action)


def test_four_seats_answer_comes_from_next_seat_of_other_team() -> None:
    s = run(_p4(), "play:3C")
    assert s.to_act == 1
    s = step(s, "raise")
    assert s.to_act == 2 and s.pending == (1, 3)
    s = step(s, "raise")  # seat 2 answers seis: the first team answers from seat 3
    assert s.to_act == 3 and s.pending == (0, 6) and s.stake == 3
    s = step(s, "raise")  # seat 3 answers nove: seat 0 answers
    assert s.to_act == 0 and s.pending == (1, 9) and s.stake == 6
    s = step(s, "accept")
    assert s.stake == 9 and s.to_act == 1  # the first raiser still has to play
    assert legal_actions(s) == ["play:2H", "play:5H", "play:6H"]
    s = run(s, "play:2H")
    assert s.to_act == 2 and "raise" in legal_actions(s)  # team 0 may call doze
    s = run(s, "raise")
    assert s.to_act == 3 and legal_actions(s) == ["accept", "fold"]


def test_four_seats_turn_returns_to_first_raiser_not_the_re_raiser() -> None:
    s = run(_p4(), "play:3C", "raise", "raise", "accept")
    assert s.stake == 6 and s.to_act == 1 and "raise" in legal_actions(s)  # seis was team 0's
    assert [a for _, a in report(s)["log"]] == ["play:3C", "raise", "raise", "accept"]
    assert [w for w, _ in report(s)["log"]] == [0, 1, 2, 3]


def test_four_seats_partner_of_last_raiser_may_not_raise() -> None:
    s = run(_p4(), "raise", "accept", "play:3C", "play:2H")
    assert s.to_act == 2 and "raise" not in legal_actions(s)
    s = run(s, "play:3S")
    assert s.to_act == 3 and "raise" in legal_actions(s)


@pytest.mark.parametrize("variant", ["paulista-4p", "mineiro-4p", "paulista-fpt"])
def test_four_seats_fold_pays_previous_stake(variant: str) -> None:
    ladder = LADDERS.get(variant, LADDERS["paulista-4p"])
    s = run(_p4(variant), "play:3C", "raise", "fold")
    assert s.over and s.winner == 1 and s.points == (0, ladder[0])
    s = run(_p4(variant), "play:3C", "raise", "raise", "fold")  # seat 3 runs from seis
    assert s.over and s.winner == 0 and s.points == (ladder[1], 0)
    r = report(s)
    assert r["tricks"] == [{"leader": 0, "plays": [[0, "play:3C"]], "winner": None,
                            "tied": False}]


def test_raise_in_later_tricks_and_by_the_answering_seat_later() -> None:
    s = run(_p2(), "play:3C", "play:5H")  # team 0 wins trick 1; seat 0 leads
    assert s.to_act == 0 and "raise" in legal_actions(s)
    s = run(s, "play:4C")
    s = run(s, "raise", "accept")  # seat 1 raises in trick 2
    assert s.stake == 3 and s.to_act == 1 and "raise" not in legal_actions(s)


# ---------------------------------------------------------------- no_pointless_raise

def test_no_pointless_raise_on_turn_after_stake_rose() -> None:
    # score 9-0: seat 1 calls truco, seat 0 accepts; then team 0 (9 + 3 = 12) may not call seis
    s = run(_p2(score=(9, 0)), "play:3C", "raise", "accept", "play:5H")
    assert s.stake == 3 and s.to_act == 0
    assert "raise" not in legal_actions(s)
    s = run(_p2(score=(9, 0), no_pointless_raise=False), "play:3C", "raise", "accept",
            "play:5H")
    assert "raise" in legal_actions(s)
    s = run(_p2(score=(8, 0)), "play:3C", "raise", "accept", "play:5H")
    assert "raise" in legal_actions(s)  # 8 + 3 = 11


def test_no_pointless_raise_allows_truco_below_target() -> None:
    assert "raise" in legal_actions(_p2(score=(10, 0)))  # 10 + 1 = 11


@pytest.mark.parametrize("variant,score,can", [
    ("paulista-2p", (0, 9), False), ("paulista-2p", (0, 8), True),
    ("mineiro-2p", (0, 8), False), ("mineiro-2p", (0, 7), True),
    ("paulista-4p", (0, 9), True), ("mineiro-4p", (0, 8), True),
])
def test_no_pointless_raise_as_an_answer(variant: str, score: tuple[int, int],
                                         can: bool) -> None:
    if variant.endswith("4p"):
        s = deal(variant, 3, P4, vira=V if variant.startswith("paulista") else None,
                 score=score)
    else:
        s = _p2(variant, score=score)
    s = step(s, "raise")
    assert ("raise" in legal_actions(s)) == can


@pytest.mark.parametrize("score,can", [((6, 0), False), ((5, 0), True)])
def test_no_pointless_raise_for_the_re_raiser(score: tuple[int, int], can: bool) -> None:
    s = run(_p2(score=score), "raise", "raise")  # truco, seis as answer: seat 0 answers
    assert s.to_act == 0 and s.pending == (1, 6)
    assert ("raise" in legal_actions(s)) == can
    s = run(_p2(score=score, no_pointless_raise=False), "raise", "raise")
    assert "raise" in legal_actions(s)


def test_no_pointless_raise_after_accepting_seis() -> None:
    s = run(_p2(score=(6, 0)), "raise", "raise", "accept")
    assert s.stake == 6 and s.to_act == 0 and "raise" not in legal_actions(s)
    s = run(_p2(score=(5, 0)), "raise", "raise", "accept")
    assert "raise" in legal_actions(s)


def test_no_pointless_raise_uses_own_team_score_only() -> None:
    s = run(_p2(score=(0, 10)), "raise")  # team 1: 10 + 3 = 13 → no seis
    assert legal_actions(s) == ["accept", "fold"]
    s = run(_p2(score=(10, 0)), "raise")  # team 1 at 0 may answer seis
    assert "raise" in legal_actions(s)


def test_illegal_action_error_names_action_and_state() -> None:
    s = run(_p2(), "raise", "accept")
    with pytest.raises(IllegalActionError) as err:
        step(s, "raise")
    msg = str(err.value)
    assert msg.startswith("raise is not legal for seat 0; legal: play:3C play:4C play:5C")
    assert "paulista-2p hand: dealer 1, score 0-0, trick 1, stake 3, seat 0 to act" in msg
    with pytest.raises(IllegalActionError, match="it is seat 0's turn, not seat 1's"):
        step(s, "1:play:2H")
    assert step(s, "0:play:3C").to_act == 1
