"""RULES.md "Game": the first team to reach the target wins; the final score can pass it."""

from __future__ import annotations

import pytest

from engine_helpers import deal, report, run
from truco_learn.engine import legal_actions
from truco_learn.errors import InvalidDealError

V = "7D"
H2 = [["3C", "2D", "5C"], ["4H", "5H", "6H"]]


def test_reaching_twelve_wins() -> None:
    s = run(deal("paulista-2p", 1, H2, vira=V, score=(10, 3)), "raise", "accept", "play:3C",
            "play:4H", "play:2D", "play:5H")
    assert s.points == (3, 0) and s.score == (13, 3)
    assert s.game_over and s.game_winner == 0
    r = report(s)
    assert r["game_over"] is True and r["game_winner"] == 0 and r["score"] == [13, 3]


def test_exactly_twelve_wins_and_eleven_does_not() -> None:
    s = run(deal("paulista-2p", 1, H2, vira=V, score=(3, 11)), "onze:play", "play:3C",
            "play:4H", "play:2D", "play:5H")
    assert s.score == (6, 11) and not s.game_over and s.game_winner is None
    assert report(s)["game_over"] is False and report(s)["game_winner"] is None
    s = run(deal("paulista-2p", 1, H2, vira=V, score=(9, 0)), "raise", "accept", "play:3C",
            "play:4H", "play:2D", "play:5H")
    assert s.score == (12, 0) and s.game_over and s.game_winner == 0


def test_fold_can_end_the_game() -> None:
    s = run(deal("paulista-4p", 3, H2 + [["3S", "4S", "5S"], ["2H", "6D", "KD"]], vira=V,
                 score=(2, 10)), "raise", "raise", "fold")
    assert s.points == (0, 3) and s.score == (2, 13) and s.game_winner == 1


def test_game_not_over_while_hand_runs() -> None:
    s = deal("paulista-2p", 1, H2, vira=V, score=(10, 3))
    r = report(s)
    assert r["game_over"] is False and r["game_winner"] is None and r["score"] == [10, 3]


@pytest.mark.parametrize("score", [(12, 0), (0, 12), (-1, 0), (0, 30)])
def test_start_score_must_be_below_target(score: tuple[int, int]) -> None:
    with pytest.raises(InvalidDealError, match="score"):
        deal("paulista-2p", 1, H2, vira=V, score=score)


def test_custom_target() -> None:
    s = deal("paulista-2p", 1, H2, vira=V, score=(20, 12), target=24, eleven_at=22)
    assert "raise" in legal_actions(s)
    s = run(s, "raise", "accept", "play:3C", "play:4H", "play:2D", "play:5H")
    assert s.score == (23, 12) and not s.game_over
    s = deal("paulista-2p", 1, H2, vira=V, score=(22, 12), target=24, eleven_at=22)
    s = run(s, "onze:play", "play:3C", "play:4H", "play:2D", "play:5H")
    assert s.score == (25, 12) and s.game_winner == 0
