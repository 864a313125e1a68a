"""RULES.md "Hand of eleven": who decides, onze:play / onze:fold, values, no raises,
eleven_all_tied, and the option switched off."""

from __future__ import annotations

from typing import Any

import pytest

from engine_helpers import deal, report, results, run
from truco_learn.engine import ELEVEN, NORMAL, HandState, legal_actions, step
from truco_learn.errors import IllegalActionError

V = "7D"
H2 = [["3C", "4S", "5C"], ["2H", "5H", "6H"]]  # no Mineiro manilha
H4 = [["3C", "4C", "5C"], ["2H", "5H", "6H"], ["3S", "4S", "5S"], ["2D", "5D", "6D"]]
TIED_2P = [["3C", "2C", "AC"], ["3H", "2H", "AH"]]
TIED_4P = [["3C", "2C", "AC"], ["3H", "2H", "AH"], ["4C", "4H", "5C"], ["4S", "4D", "5H"]]


def _vira(variant: str) -> str | None:
    return V if variant.startswith("paulista") else None


@pytest.mark.parametrize("variant,score,value,fold", [
    ("paulista-2p", (11, 5), 3, 1), ("paulista-2p", (5, 11), 3, 1),
    ("mineiro-2p", (10, 3), 4, 2), ("mineiro-2p", (11, 3), 4, 2), ("mineiro-2p", (0, 10), 4, 2),
])
def test_onze_fold_gives_the_other_team_eleven_fold(variant: str, score: tuple[int, int],
                                                      value: int, fold: int) -> None:
    team = 0 if score[0] > score[1] else 1
    s = deal(variant, 1, H2, vira=_vira(variant), score=score)
    assert s.deal.mode == ELEVEN and s.deal.eleven_team == team
    assert s.to_act == team  # 2 seats: the deciding seat is the one of that team
    assert legal_actions(s) == ["onze:fold", "onze:play"]
    assert s.stake == value
    s = step(s, "onze:fold")
    assert s.over and s.winner == 1 - team
    assert s.points[1 - team] == fold and s.points[team] == 0
    r = report(s)
    assert r["stake"] == value and r["tricks"] == [] and r["hand_winner"] == 1 - team
    assert r["log"] == [[team, "onze:fold"]]


@pytest.mark.parametrize("variant,value", [("paulista-2p", 3), ("mineiro-2p", 4)])
def test_onze_play_hand_worth_eleven_value_without_raises(variant: str, value: int) -> None:
    score = (11, 2)
    s = deal(variant, 1, H2, vira=_vira(variant), score=score)
    s = step(s, "onze:play")
    assert s.to_act == 0 and s.stake == value
    assert legal_actions(s) == ["play:3C", "play:4S", "play:5C"]  # no raise
    with pytest.raises(IllegalActionError):
        step(s, "raise")
    s = step(s, "play:3C")
    assert "raise" not in legal_actions(s)
    s = run(s, "play:2H", "play:4S", "play:5H", "play:6H", "play:5C")
    assert results(s) == [0, 1, 1] and s.winner == 1 and s.points == (0, value)
    s = deal(variant, 1, H2, vira=_vira(variant), score=score)
    s = run(s, "onze:play", "play:3C", "play:2H", "play:5C", "play:5H")  # won, then tied
    assert s.winner == 0 and s.points == (value, 0) and s.game_over and s.game_winner == 0
    assert s.score == (11 + value, 2)


def test_deciding_seat_two_players_when_mao_is_other_team() -> None:
    s = deal("paulista-2p", 0, H2[::-1], vira=V, score=(11, 0))  # mão is seat 1 (team 1)
    assert s.deal.mao == 1 and s.to_act == 0
    with pytest.raises(IllegalActionError, match="not seat 1"):
        step(s, "1:onze:play")
    s = step(s, "0:onze:play")
    assert s.to_act == 1  # the mão leads the first trick


@pytest.mark.parametrize("dealer,team,decider", [
    (0, 0, 2), (0, 1, 1), (1, 0, 2), (1, 1, 3), (2, 0, 0), (2, 1, 3), (3, 0, 0), (3, 1, 1),
])
@pytest.mark.parametrize("variant", ["paulista-4p", "paulista-fpt", "mineiro-4p"])
def test_deciding_seat_four_players(variant: str, dealer: int, team: int, decider: int) -> None:
    at = 10 if variant.startswith("mineiro") else 11
    score = (at, 4) if team == 0 else (4, at)
    s = deal(variant, dealer, H4, vira=_vira(variant), score=score)
    assert s.to_act == decider and legal_actions(s) == ["onze:fold", "onze:play"]
    s = step(s, "onze:play")
    assert s.to_act == (dealer + 1) % 4  # the mão leads
    while not s.over:
        assert "raise" not in legal_actions(s)
        s = step(s, legal_actions(s)[0])


def test_four_players_onze_fold_mineiro_and_paulista() -> None:
    s = run(deal("mineiro-4p", 0, H4, score=(10, 4)), "onze:fold")
    assert s.points == (0, 2) and s.stake == 4 and s.winner == 1
    s = run(deal("paulista-4p", 0, H4, vira=V, score=(3, 11)), "onze:fold")
    assert s.points == (1, 0) and s.stake == 3 and s.winner == 0


def test_not_eleven_below_eleven_at() -> None:
    s = deal("paulista-2p", 1, H2, vira=V, score=(10, 10))
    assert s.deal.mode == NORMAL and "raise" in legal_actions(s)
    s = deal("mineiro-2p", 1, H2, score=(9, 0))
    assert s.deal.mode == NORMAL and s.stake == 2


def test_eleven_switched_off_is_an_ordinary_hand_with_raises() -> None:
    s = deal("paulista-2p", 1, H2, vira=V, score=(11, 5), eleven=False, no_pointless_raise=False)
    assert s.deal.mode == NORMAL and s.stake == 1 and s.to_act == 0
    assert "raise" in legal_actions(s) and "onze:play" not in legal_actions(s)
    s = run(s, "raise", "fold")
    assert s.points == (1, 0) and s.score == (12, 5) and s.game_over
    s = deal("mineiro-4p", 3, H4, score=(2, 10), eleven=False)
    assert s.stake == 2 and "raise" in legal_actions(s)


def test_eleven_off_with_no_pointless_raise_team_at_eleven_cannot_raise() -> None:
    # 11 + the stake 1 already reaches 12: the raise is pointless; the other team may raise
    s = deal("paulista-2p", 1, H2, vira=V, score=(11, 5), eleven=False)
    assert s.deal.mode == NORMAL and legal_actions(s) == ["play:3C", "play:4S", "play:5C"]
    s = step(s, "play:3C")
    assert "raise" in legal_actions(s)
    s = run(s, "raise")
    assert legal_actions(s) == ["accept", "fold"]  # 11 + 3 reaches 12: no seis


def test_custom_eleven_at_value_fold() -> None:
    s = deal("paulista-2p", 1, H2, vira=V, score=(9, 0), eleven_at=9, eleven_value=5,
             eleven_fold=2)
    assert s.deal.mode == ELEVEN and s.stake == 5
    assert run(s, "onze:fold").points == (0, 2)


def _all_tied_eleven(variant: str, score: tuple[int, int], **options: Any) -> HandState:
    if variant.endswith("2p"):
        s = deal(variant, 1, TIED_2P, vira=_vira(variant), score=score, **options)
        s = run(s, "onze:play")
        for r in "32A":
            s = run(s, f"play:{r}C", f"play:{r}H")
    else:
        s = deal(variant, 3, TIED_4P, vira=_vira(variant), score=score, **options)
        s = run(s, "onze:play", "play:3C", "play:3H", "play:4C", "play:4S",
                "play:2C", "play:2H", "play:4H", "play:4D", "play:AC", "play:AH", "play:5C",
                "play:5H")
    assert results(s) == [-1, -1, -1] and s.over
    return s


@pytest.mark.parametrize("score,points", [((11, 4), (0, 3)), ((4, 11), (3, 0))])
def test_eleven_team_loses_when_all_tied_fpt(score: tuple[int, int],
                                             points: tuple[int, int]) -> None:
    s = _all_tied_eleven("paulista-fpt", score)
    assert s.points == points and s.winner == points.index(3)


@pytest.mark.parametrize("variant", ["paulista-4p", "paulista-2p", "mineiro-2p"])
def test_eleven_all_tied_as_usual_applies_all_tied(variant: str) -> None:
    at = 10 if variant.startswith("mineiro") else 11
    value = 4 if variant.startswith("mineiro") else 3
    s = _all_tied_eleven(variant, (at, 4))
    assert s.points == (0, 0) and s.winner == -1
    s = _all_tied_eleven(variant, (at, 4), all_tied="mao_team")  # mão: seat 0 (dealer 1 or 3)
    assert s.points == (value, 0)
    s = _all_tied_eleven(variant, (at, 4), all_tied="dealer_team")
    assert s.points == (0, value)


def test_eleven_team_loses_override_in_two_players() -> None:
    s = _all_tied_eleven("paulista-2p", (11, 4), eleven_all_tied="eleven_team_loses")
    assert s.points == (0, 3)
    s = _all_tied_eleven("paulista-fpt", (11, 4), eleven_all_tied="as_usual")
    assert s.points == (0, 0)


def test_eleven_team_loses_only_in_hands_of_eleven() -> None:
    s = deal("paulista-fpt", 3, TIED_4P, vira=V, score=(10, 4))
    s = run(s, "play:3C", "play:3H", "play:4C", "play:4S", "play:2C", "play:2H", "play:4H",
            "play:4D", "play:AC", "play:AH", "play:5C", "play:5H")
    assert results(s) == [-1, -1, -1] and s.points == (0, 0)
