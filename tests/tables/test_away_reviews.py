"""A person who leaves a table is played for by a bot until they come back; the moves that bot
made are not the person's, so the coach's review of the hand leaves them out, and a hand the
bot played from start to end for the person is not reviewed at all."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from truco_learn.engine import new_hand, step
from truco_learn.tables import reviews
from truco_learn.tables.reviews import review_message
from truco_learn.tables.service import TableService
from truco_learn.tables.store import TableStore
from tables_helpers import run_async


def test_the_moves_a_stand_in_made_are_left_out_of_the_review() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                            ["2H", "5C", "KD"]])
    for a in ["play:4H", "play:KD", "play:5C", "play:3S", "play:QC", "play:2H"]:
        s = step(s, a)
    whole = [i["index"] for i in review_message(s, 0, 1, 1)["items"]]
    assert len(whole) >= 2  # seat 0 decided at least twice (its last card is forced)
    skipped = frozenset(whole[1:])
    kept = review_message(s, 0, 1, 1, skip=skipped)["items"]
    assert [i["index"] for i in kept] == whole[:1]
    assert kept == review_message(s, 0, 1, 1)["items"][:1]  # the rest graded as before


def test_a_table_reviews_only_what_the_person_decided(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int, frozenset[int]]] = []

    def spy(hand: Any, seat: int, number: int, seed: int, lang: str = "en",
            against: str | None = None, stood: Any = None,
            skip: frozenset[int] = frozenset()) -> dict[str, Any]:
        calls.append((number, seat, skip))
        return {"type": "review", "hand": number, "seat": seat, "items": []}

    monkeypatch.setattr(reviews, "review_message", spy)

    async def main() -> tuple[int, list[Any]]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"), away_after=0.05)
        service.review_pool = ThreadPoolExecutor(max_workers=1)  # the spy stays in-process
        out = service.create({"variant": "paulista-2p", "seats": ["human", "bot:coach"],
                              "level": "easy"})
        t = service.tables[out["table"]]
        seat, token = service.join(t.id, {"name": "P0"}).values()
        conn = service.connect(t.id, token, lambda m: None)
        for _ in range(3000):
            if t.hand.to_act == seat and t.id not in service._driving:
                break
            await asyncio.sleep(0.01)
        mine = len(t.hand.log)  # the person's one move; then they leave
        legal = t.legal(seat)
        service.receive(conn, json.dumps({"type": "act", "action": next(
            (a for a in legal if a.startswith("play:")), "accept")}))
        assert t.hand_number == 1
        service.disconnect(conn)
        for _ in range(6000):  # the stand-in plays out this hand and the next
            await asyncio.sleep(0.01)
            if t.hand_number > 2 or t.match.over:
                break
        while service.pending_reviews:
            await asyncio.sleep(0.01)
        logs = [h.log for h in t.match.history[:2]]
        service.close()
        return mine, [calls, logs]

    mine, (calls_, logs) = run_async(main)
    theirs = [i for i, (who, _) in enumerate(logs[0]) if who == 0 and i != mine]
    assert theirs, "the person left after their last move of the hand"
    first = [c for c in calls_ if c[0] == 1]
    assert first == [(1, 0, frozenset(theirs))], calls_
    assert len(logs) == 2 and not [c for c in calls_ if c[0] == 2]  # the bot's whole hand
