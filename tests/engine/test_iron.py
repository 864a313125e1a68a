"""RULES.md "Iron hand": both teams at eleven_at, blind plays (top / any), no raises, no covered
cards, iron_value, redeal when all tied, and the iron / eleven switches."""

from __future__ import annotations

import pytest

from engine_helpers import deal, report, results, run
from truco_learn.engine import ELEVEN, IRON, NORMAL, legal_actions, observation, step
from truco_learn.errors import IllegalActionError

H2 = [["KD", "3S", "4C"], ["AC", "7D", "3H"]]  # with vira 2H the threes are manilhas
H4 = [["KD", "3S", "4C"], ["AC", "7D", "3H"], ["5S", "6S", "JS"], ["5D", "6D", "JD"]]
TIED_2P = [["3C", "2C", "AC"], ["3H", "2H", "AH"]]


def test_top_flips_position_zero_in_dealt_order() -> None:
    s = deal("paulista-2p", 1, H2, vira="2H", score=(11, 11))
    assert s.deal.mode == IRON and s.stake == 3 and s.to_act == 0
    assert legal_actions(s) == ["blind:0"]
    for bad in ("blind:1", "blind:2", "play:KD", "raise", "onze:play"):
        with pytest.raises(IllegalActionError):
            step(s, bad)
    s = run(s, "blind:0", "blind:0")  # KD against AC
    assert results(s) == [1] and s.to_act == 1
    s = run(s, "blind:0", "blind:0")  # 7D against 3S (espadilha)
    assert results(s) == [1, 0] and s.to_act == 0
    assert legal_actions(s) == ["blind:0"]
    s = run(s, "blind:0", "blind:0")  # 4C against 3H (copas)
    assert results(s) == [1, 0, 1] and s.winner == 1
    assert s.points == (0, 3) and s.score == (11, 14) and s.game_over and s.game_winner == 1
    r = report(s)
    assert [a for _, a in r["log"]] == ["blind:0"] * 6
    assert r["tricks"][0]["plays"] == [[0, "play:KD"], [1, "play:AC"]]
    assert r["tricks"][2]["plays"] == [[0, "play:4C"], [1, "play:3H"]]
    assert r["stake"] == 3 and r["game_winner"] == 1


def test_any_picks_a_position_of_what_is_left() -> None:
    s = deal("paulista-4p", 3, H4, vira="2H", score=(11, 11))
    assert s.deal.mode == IRON and s.stake == 3
    assert legal_actions(s) == ["blind:0", "blind:1", "blind:2"]
    s = step(s, "blind:1")  # seat 0 turns up 3S
    assert report(s)["tricks"][0]["plays"] == [[0, "play:3S"]]
    s = run(s, "blind:2", "blind:0", "blind:0")  # 3H, 5S, 5D
    assert results(s) == [1] and s.to_act == 1  # copas beats espadilha
    assert legal_actions(s) == ["blind:0", "blind:1"]  # no raise, no cover
    s = run(s, "blind:1")  # seat 1 has AC, 7D left: position 1 is 7D
    assert report(s)["tricks"][1]["plays"] == [[1, "play:7D"]]
    s = step(s, "blind:1")  # seat 2: 6S, JS left → JS
    assert report(s)["tricks"][1]["plays"][-1] == [2, "play:JS"]
    s = run(s, "blind:0", "blind:1")  # seat 3: 6D; seat 0: KD, 4C → 4C
    assert results(s) == [1, 0] and s.to_act == 2
    assert legal_actions(s) == ["blind:0"]


@pytest.mark.parametrize("variant,score,value", [
    ("mineiro-2p", (10, 10), 4), ("mineiro-2p", (11, 10), 4), ("mineiro-4p", (10, 11), 4),
    ("paulista-fpt", (11, 11), 3),
])
def test_iron_value(variant: str, score: tuple[int, int], value: int) -> None:
    hands = H2 if variant.endswith("2p") else H4
    s = deal(variant, 1, hands, vira=None if variant.startswith("mineiro") else "2H",
             score=score)
    assert s.deal.mode == IRON and s.stake == value
    top = variant.endswith("2p")
    assert legal_actions(s) == (["blind:0"] if top else ["blind:0", "blind:1", "blind:2"])
    while not s.over:
        assert all(a.startswith("blind:") for a in legal_actions(s))
        s = step(s, legal_actions(s)[0])
    assert max(s.points) in (0, value) and (s.winner < 0 or s.game_over)


@pytest.mark.parametrize("options", [{}, {"all_tied": "mao_team"}, {"all_tied": "dealer_team"},
                                     {"eleven_all_tied": "eleven_team_loses"}])
def test_all_tied_iron_hand_is_void_and_redealt(options: dict[str, str]) -> None:
    s = deal("paulista-2p", 1, TIED_2P, vira="7D", score=(11, 11), **options)
    s = run(s, *["blind:0"] * 6)
    assert results(s) == [-1, -1, -1] and s.over and s.redeal
    assert s.winner == -1 and s.points == (0, 0) and s.score == (11, 11) and not s.game_over
    r = report(s)
    assert r["redeal"] is True and r["hand_winner"] is None and r["game_over"] is False


def test_redeal_false_in_other_hands() -> None:
    s = deal("paulista-2p", 1, TIED_2P, vira="7D", score=(11, 10))
    s = run(s, "onze:play", "play:3C", "play:3H", "play:2C", "play:2H", "play:AC", "play:AH")
    assert s.over and not s.redeal and s.points == (0, 0)


def test_iron_covered_cards_never() -> None:
    s = deal("paulista-4p", 3, H4, vira="2H", score=(11, 11), covered_cards=True)
    s = run(s, "blind:0", "blind:0", "blind:0", "blind:0")
    assert not any(a.startswith("cover:") for a in legal_actions(s))
    with pytest.raises(IllegalActionError):
        step(s, "cover:" + report(s)["tricks"][0]["plays"][0][1][5:])


def test_iron_off_is_ordinary_hand_without_raises() -> None:
    s = deal("paulista-2p", 1, H2, vira="2H", score=(11, 11), iron=False)
    assert s.deal.mode == NORMAL and s.stake == 1
    assert legal_actions(s) == ["play:3S", "play:4C", "play:KD"]
    s = run(s, "play:3S", "play:AC")
    assert "raise" not in legal_actions(s)
    s = run(s, "play:KD", "play:7D")
    assert s.winner == 0 and s.points == (1, 0) and s.game_over
    obs = observation(s, 0)
    assert obs["hand"] == ["KD", "3S", "4C"]
    s = deal("mineiro-4p", 1, H4, score=(10, 10), iron=False)
    assert s.deal.mode == NORMAL and s.stake == 2 and "raise" not in legal_actions(s)


@pytest.mark.parametrize("eleven,iron,score,mode,raises", [
    (False, True, (11, 11), IRON, False),
    (False, False, (11, 11), NORMAL, False),
    (True, False, (11, 11), NORMAL, False),
    (True, False, (11, 5), ELEVEN, False),
    (False, True, (11, 5), NORMAL, True),
    (False, False, (11, 5), NORMAL, True),
])
def test_eleven_and_iron_switches(eleven: bool, iron: bool, score: tuple[int, int], mode: int,
                                  raises: bool) -> None:
    s = deal("paulista-4p", 3, H4, vira="2H", score=score, eleven=eleven, iron=iron)
    assert s.deal.mode == mode
    if mode == ELEVEN:
        s = step(s, "onze:play")
    assert ("raise" in legal_actions(s)) == raises
    if mode == IRON:
        assert legal_actions(s) == ["blind:0", "blind:1", "blind:2"]
    else:
        assert "play:KD" in legal_actions(s)
