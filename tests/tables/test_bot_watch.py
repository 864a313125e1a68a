"""The bots at a table see each finished hand's end from their seats, in the bots' worker and
before their next turn (:meth:`.BotSeats._watch_end`; the coach learns from it)."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest

from truco_learn.engine import make_options, new_hand, step
from truco_learn.tables.bot_seats import BotSeats


class _Recorder:
    def __init__(self, fail: bool = False) -> None:
        self.seen: list[dict[str, Any]] = []
        self.fail = fail

    def watch(self, observation: dict[str, Any]) -> None:
        if self.fail:
            raise RuntimeError("broken bot")
        self.seen.append(observation)


def test_each_bot_seat_watches_the_finished_hand_from_its_seat(
        caplog: pytest.LogCaptureFixture) -> None:
    seats = BotSeats()
    seats.pool = ThreadPoolExecutor(max_workers=1)
    a, b, broken = _Recorder(), _Recorder(), _Recorder(fail=True)
    seats.bots = {("t1", 1): a, ("t1", 3): b, ("t1", 2): broken, ("t2", 0): _Recorder()}
    table = SimpleNamespace(id="t1", opts=make_options("paulista-4p"))
    s = new_hand("paulista-4p", dealer=3, vira="7D",
                 hands=[["4H", "5S", "6C"], ["5C", "4D", "6D"], ["4C", "5D", "6S"],
                        ["7H", "7C", "JD"]])
    for action in ("play:4H", "play:5C", "raise", "fold"):
        s = step(s, action)
    with caplog.at_level(logging.WARNING):
        seats._watch_end(table, s)  # type: ignore[arg-type]
        seats.pool.shutdown(wait=True)
    assert [o["seat"] for o in a.seen + b.seen] == [1, 3]
    assert a.seen[0]["log"][-1] == [3, "fold"]  # the fold after its own last turn
    assert seats.bots[("t2", 0)].seen == []  # type: ignore[attr-defined]
    assert "failed to watch" in caplog.text  # a broken bot is logged, the others go on
