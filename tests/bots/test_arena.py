"""The arena plumbing on short runs (no timing assertions: figures come from the benchmark)."""

from __future__ import annotations

import json
import sys

import pytest

from truco_learn.bots.arena import BotSpec, percentile, run_arena, wilson
from truco_learn.cli import main


def test_duplicate_pairs_play_both_seatings_of_the_same_deals() -> None:
    r = run_arena(BotSpec("heuristic"), BotSpec("heuristic"), "paulista-2p", deals=3, seed=2)
    assert r.matches == 6
    # identical bots on identical deals with swapped seats: every pair splits 1-1 unless the
    # bluff RNG differs, so the result is near half and never a sweep
    assert 1 <= r.wins <= 5
    assert r.hands > 0 and r.points_for > 0 and r.points_against > 0
    assert len(r.latency_ms) > 0 and len(r.opponent_latency_ms) > 0


def test_random_loses_to_heuristic_on_a_short_run() -> None:
    r = run_arena(BotSpec("heuristic"), BotSpec("random"), "paulista-4p", deals=4, seed=1)
    assert r.matches == 8 and r.wins >= 5


def test_arena_cli_json_with_an_outside_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    cmd = f"{sys.executable} -m truco_learn.cli bot random --seed 3"
    code = main(["arena", "--bot", "coach", "--level", "easy", "--opponent-cmd", cmd,
                 "--variant", "paulista-2p", "--matches", "1", "--seed", "5", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"] == 2 and out["opponent"].startswith("cmd:")
    assert 0 <= out["wilson95"][0] <= out["win_rate"] <= out["wilson95"][1] <= 1
    assert out["decisions"] > 0 and out["latency_ms_p95"] >= out["latency_ms_p50"] > 0


def test_arena_cli_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bot", "heuristic", "--opponent", "random", "--matches", "2"]) == 0
    out = capsys.readouterr().out
    assert "4 matches" in out and "Wilson 95%" in out and "p95" in out


@pytest.mark.parametrize("argv", [["arena", "--variant", "truco-argentino"],
                                  ["arena", "--matches", "0"],
                                  ["arena", "--opponent-cmd", "/no/such/bot", "--matches", "1"]])
def test_arena_cli_bad_input_is_one_message(argv: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("truco-learn: ")


def test_wilson_and_percentiles() -> None:
    lo, hi = wilson(97, 100)
    assert 0.91 < lo < 0.97 < hi < 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    assert percentile([float(i) for i in range(1, 101)], 0.95) == 95.0


def test_both_seatings_get_the_same_first_deal() -> None:
    """Duplicate format: the deal sequence is the same, only the sides swap seats."""
    from typing import Any, Mapping

    from truco_learn.bots import Decision, make_bot
    from truco_learn.bots.arena import ArenaResult, play_match

    class Recorder:
        name = "recorder"

        def __init__(self, seen: list[Any]) -> None:
            self.inner = make_bot("heuristic", seed=0)
            self.seen = seen

        def decide(self, observation: Mapping[str, Any]) -> Decision:
            if not observation["log"]:
                self.seen.append((observation["seat"], observation["hand"], observation["vira"]))
            return self.inner.decide(observation)

    firsts = []
    for team in (0, 1):
        seen: list[Any] = []
        r = ArenaResult("paulista-2p", "a", "b")
        play_match("paulista-2p", [Recorder(seen), Recorder(seen)], 99, team, r)
        firsts.append(seen[0])
        assert r.matches == 1
    assert firsts[0] == firsts[1]


def test_every_seat_watches_the_end_of_every_hand() -> None:
    """Bots that watch (the coach does: :meth:`.CoachBot.watch`) see each finished hand from
    their seat, once, before the next hand is dealt."""
    import random

    from truco_learn.bots.arena import ArenaResult, play_match
    from truco_learn.bots.heuristic import HeuristicBot
    from truco_learn.engine.observer import determinize, parse_observation

    class Watching(HeuristicBot):
        def __init__(self, seed: int) -> None:
            super().__init__(seed=seed)
            self.seen: list[dict] = []

        def watch(self, observation: dict) -> None:
            self.seen.append(observation)

    bots = [Watching(k) for k in range(4)]
    result = ArenaResult("paulista-4p", "a", "b")
    play_match("paulista-4p", list(bots), 7, 0, result)
    for seat, bot in enumerate(bots):
        assert len(bot.seen) == result.hands
        assert all(o["seat"] == seat for o in bot.seen)
        assert all(determinize(parse_observation(o), random.Random(0)).over for o in bot.seen)


def test_the_arena_counts_the_envidos_the_other_side_opened_and_what_they_brought() -> None:
    from truco_learn.bots.arena import ArenaResult, their_envido
    from truco_learn.engine import new_hand, step

    def played(*actions: str):  # type: ignore[no-untyped-def]
        s = new_hand("argentino-2p", dealer=1, hands=[["4H", "5S", "KC"], ["AS", "AC", "3D"]])
        for a in actions:
            s = step(s, a)
        return s

    r = ArenaResult("argentino-2p", "coach", "loose")
    their_envido(played("play:4H", "envido", "fold"), 0, r)   # no quiero: they score 1
    their_envido(played("play:4H", "envido", "accept"), 0, r)  # quiero, 5 against 3: mine, 2
    their_envido(played("envido", "accept"), 0, r)             # my own envido: not theirs
    their_envido(played("play:4H", "envido"), 0, r)            # not answered yet
    their_envido(played("play:4H"), 0, r)                      # no envido at all
    assert r.their_envido == [2, 1, 1]
    assert r.summary()["their_envidos_net"] == 1
