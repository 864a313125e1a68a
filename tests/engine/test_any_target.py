"""RULES.md "Any target": any whole target from 1 up is valid; with eleven_at >= target the
hands of eleven and the iron hand never happen."""

from __future__ import annotations

import random

import pytest

from engine_helpers import deal, run
from truco_learn.engine import ELEVEN, NORMAL, legal_actions, make_options, new_match
from truco_learn.engine.scenario import run_scenario

H2 = [["QC", "3S", "4H"], ["2H", "5C", "KD"]]


def test_target_five_on_paulista_has_no_hand_of_eleven() -> None:
    o = make_options("paulista-2p", {"target": 5})
    assert o.eleven_at == 11 > o.target
    s = deal("paulista-2p", 1, H2, vira="7D", score=(3, 4), target=5)
    assert s.deal.mode == NORMAL and "raise" in legal_actions(s)
    s = run(s, "raise", "fold")
    assert s.points == (1, 0) and s.score == (4, 4) and not s.game_over
    s = run(deal("paulista-2p", 1, H2, vira="7D", score=(4, 4), target=5), "play:QC")
    assert "raise" not in legal_actions(s)  # no_pointless_raise: 4 + 1 already reaches 5


def test_the_replay_accepts_a_target_below_eleven() -> None:
    out, status = run_scenario({"variant": "paulista-2p", "options": {"target": 5},
                                "dealer": 1, "vira": "7D", "score": [3, 3], "hands": H2,
                                "actions": ["raise", "accept"]})
    assert status == 0 and out["stake"] == 3 and out["error"] is None
    out, status = run_scenario({"variant": "paulista-2p", "options": {"target": 5},
                                "dealer": 1, "vira": "7D", "score": [5, 3], "hands": H2})
    assert status == 2 and "between 0 and 4" in out["error"]["message"]


@pytest.mark.parametrize("variant", ["paulista-2p", "mineiro-4p", "argentino-2p", "gauderio-4p"])
def test_target_one_ends_the_game_with_the_first_point(variant: str) -> None:
    rng = random.Random(5)
    m = new_match(make_options(variant, {"target": 1}), rng)
    while not m.over:
        m = m.apply(rng.choice(legal_actions(m.hand)), rng)
    assert max(m.score) >= 1 and m.winner in (0, 1)
    assert all(h.deal.mode == NORMAL for h in m.history + (m.hand,))


def test_eleven_still_happens_below_the_target() -> None:
    s = deal("paulista-2p", 1, H2, vira="7D", score=(11, 3), target=15)
    assert s.deal.mode == ELEVEN
