"""Rule-of-thumb and coach decisions on hands built by hand, and the explanation facts."""

from __future__ import annotations

import pytest

from truco_learn.bots import BOT_NAMES, make_bot
from truco_learn.engine import HandState, new_hand, observation, step
from truco_learn.errors import ConfigError


def _state(hands: list[list[str]], actions: list[str], score: tuple[int, int] = (0, 0),
           variant: str = "paulista-2p", vira: str = "7D") -> HandState:
    s = new_hand(variant, dealer=len(hands) - 1, vira=vira, hands=hands, score=score)
    for a in actions:
        s = step(s, a)
    return s


def _act(bot: str, s: HandState, level: str = "easy") -> str:
    return make_bot(bot, level, seed=0).decide(observation(s, s.to_act)).action


def test_heuristic_wins_cheaply_and_gives_up_its_lowest() -> None:
    # seat 1 answers a 2H: its cheapest winner is 3C (vira 7D: queens are manilhas)
    s = _state([["2H", "5S", "6D"], ["QS", "3C", "4C"]], ["play:2H"])
    assert _act("heuristic", s) in ("play:3C", "raise")
    s = _state([["QC", "5S", "6D"], ["AS", "KC", "4C"]], ["play:QC"])
    assert _act("heuristic", s) == "play:4C"


def test_heuristic_folds_junk_and_accepts_strength() -> None:
    junk = _state([["QC", "QH", "3S"], ["4H", "5S", "6D"]], ["raise"])
    assert _act("heuristic", junk) == "fold"
    strong = _state([["4H", "5S", "6D"], ["QC", "QH", "3S"]], ["raise"])
    assert _act("heuristic", strong) in ("accept", "raise")


def test_heuristic_never_folds_away_the_game() -> None:
    # team 1 has 10; seat 0 holds junk but folding against nove would pay them 6: the game
    s = _state([["4H", "5S", "6D"], ["QC", "QH", "3S"], ["4C", "5C", "6C"], ["QS", "3C", "2S"]],
               ["play:4H", "raise", "accept", "play:QC", "play:4C", "play:2S", "play:3S",
                "raise", "raise"], score=(3, 10), variant="paulista-4p")
    assert s.to_act == 0 and s.pending == (1, 9) and s.stake == 6
    assert _act("heuristic", s) == "accept"
    calm = _state([["4H", "5S", "6D"], ["QC", "QH", "3S"], ["4C", "5C", "6C"], ["QS", "3C", "2S"]],
                  ["play:4H", "raise", "accept", "play:QC", "play:4C", "play:2S", "play:3S",
                   "raise", "raise"], score=(3, 2), variant="paulista-4p")
    assert _act("heuristic", calm) == "fold"


@pytest.mark.parametrize("bot", ["coach", "heuristic"])
def test_hand_of_eleven_plays_strong_cards_and_folds_junk(bot: str) -> None:
    strong = _state([["QC", "QH", "3S"], ["4H", "5S", "6D"]], [], score=(11, 4))
    assert strong.onze_pending and _act(bot, strong) == "onze:play"
    junk = _state([["4H", "5S", "6D"], ["QC", "QH", "3S"]], [], score=(11, 4))
    assert _act(bot, junk, "normal") == "onze:fold"


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_coach_takes_a_trick_it_must_win(level: str) -> None:
    # seat 0 won trick 1 (3H over 2S) and leads 2C: seat 1 must win this trick, so the zap
    # QC it is (5C would lose the hand at once; with QC the 5C still has a small chance)
    s = _state([["3H", "2C", "4S"], ["2S", "QC", "5C"]], ["play:3H", "play:2S", "play:2C"])
    assert s.to_act == 1
    if level == "easy":
        # 40 deals: seat 0 led its 2 after the first trick, so its last card is read as a low
        # one and QC's small chance rests on a few deals; over several seeds QC still wins out
        chosen = [make_bot("coach", level, seed=k).decide(observation(s, 1)).explanation[
            "facts"]["decision"]["chosen"] for k in range(8)]
        assert sum(c in ("play:QC", "raise") for c in chosen) >= 5, chosen
        return
    e = make_bot("coach", level, seed=4).decide(observation(s, 1)).explanation
    by = {o["action"]: o for o in e["options"]}
    assert by["play:5C"]["win"] == 0.0 and by["play:5C"]["ev"] < 0
    assert by["play:QC"]["win"] > 0.0 and by["play:QC"]["ev"] > by["play:5C"]["ev"]
    assert e["facts"]["decision"]["chosen"] in ("play:QC", "raise")


def test_coach_explains_with_facts() -> None:
    s = _state([["2H", "5S", "6D"], ["QS", "3C", "4C"]], ["raise"])
    e = make_bot("coach", "normal", seed=1).decide(observation(s, 1)).explanation
    f = e["facts"]
    assert f["manilhas"] == ["QC", "QH", "QS", "QD"] and f["my_manilhas"] == ["QS"]
    assert f["unseen_better"] == ["QC", "QH"]
    assert f["stakes"] == {"fold_pays": 1, "accept_plays_for": 3, "break_even": 0.333}
    assert "Folding pays them 1; accepting plays for 3." in e["summary"]
    assert "%" in e["summary"]


def test_make_bot_names_and_levels() -> None:
    assert set(BOT_NAMES) == {"random", "heuristic", "coach", "bluffer", "anti-random", "tight",
                              "loose", "reraiser", "caller", "sampler"}
    assert make_bot("coach", "strong").samples > make_bot("coach").samples > make_bot(  # type: ignore[attr-defined]
        "coach", "easy").samples  # type: ignore[attr-defined]
    with pytest.raises(ConfigError):
        make_bot("deep-blue")
    with pytest.raises(ConfigError):
        make_bot("coach", "impossible")
