"""A table's review of a person's hand: against the coach's seats, the coach's habits at the
table's level play its side of the review's playouts; against people or other bots, the rule
of thumb does. Where the other team is bots, a person's raise is reviewed as those bots, as
they stood at the person's turn, answer it."""

from __future__ import annotations

import asyncio
import copy
import json
import pickle
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from truco_learn.bots import make_bot
from truco_learn.bots.base import Decision
from truco_learn.bots.coach import LEVELS
from truco_learn.bots.review_answers import answer_as
from truco_learn.engine import new_hand, observation, step
from truco_learn.tables import reviews
from truco_learn.tables.reviews import bots_answer, coach_level, review_message
from truco_learn.tables.service import TableService
from truco_learn.tables.store import TableStore
from truco_learn.tables.table import Table, new_table_spec
from tables_helpers import run_async


def _table(variant: str, seats: list[str], level: str = "easy") -> Table:
    return Table(new_table_spec("t1", {"variant": variant, "seats": seats, "level": level}, 7))


@pytest.mark.parametrize("seats, seat, level", [
    (["human", "bot:coach"], 0, "easy"),
    (["bot:coach", "human"], 1, "easy"),
    (["human", "human"], 0, None),
    (["human", "bot:heuristic"], 0, None),
    (["human", "bot:coach", "human", "bot:coach"], 2, "easy"),
    (["human", "bot:coach", "human", "human"], 0, None),  # a person on the other team
    (["human", "human", "bot:coach", "human"], 0, None),  # the coach is the partner
])
def test_the_coach_level_is_the_tables_when_the_other_team_is_the_coach(
        seats: list[str], seat: int, level: str | None) -> None:
    variant = "paulista-4p" if len(seats) == 4 else "paulista-2p"
    assert coach_level(_table(variant, seats), seat) == level


def test_a_truco_the_coach_runs_from_is_not_graded_against_a_later_one() -> None:
    # zap, a 3 and a 4 call truco at once; the coach at ``easy`` (a table's default level)
    # runs from any raise without a manilha, and would run from a later truco too
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                            ["2H", "5C", "KD"]])
    s = step(step(s, "raise"), "fold")
    thumb = review_message(s, 0, 1, 1)["items"][0]
    assert thumb["action"] == "raise" and thumb["label"] != "good"
    habits = review_message(s, 0, 1, 1, against="easy")["items"][0]
    assert habits["action"] == "raise" and habits["label"] == "good", habits
    assert review_message(s, 0, 1, 1, against="normal") == review_message(s, 0, 1, 1)


class Always:
    """A bot that answers every raise the same way."""

    name = "always"

    def __init__(self, answer: str) -> None:
        self.answer = answer

    def decide(self, obs: Any) -> Decision:
        return Decision(self.answer)


def _weak_truco() -> Any:
    # seat 0 calls truco at once on 4, 5 and 6 (no manilha) and seat 1 runs from it
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"],
                                                            ["QC", "QH", "3S"]])
    return step(step(s, "raise"), "fold")


def test_a_persons_raise_is_reviewed_as_the_bots_that_stood_then_answer_it() -> None:
    s = _weak_truco()
    folds = review_message(s, 0, 1, 1, stood={0: {1: Always("fold")}})["items"][0]
    accepts = review_message(s, 0, 1, 1, stood={0: {1: Always("accept")}})["items"][0]
    assert folds["action"] == accepts["action"] == "raise"
    assert folds["label"] == "good" and folds["loss"] == 0.0, folds
    assert accepts["label"] in ("mistake", "blunder"), accepts
    # the fold stated: every drawn deal folded to, or none, drawn a little towards one half
    assert _fold_stated(folds["reason"]) >= 95 and _fold_stated(accepts["reason"]) <= 5


def test_a_raise_answered_by_people_says_their_answers_are_a_typical_players() -> None:
    """Nobody can be asked how people answer: the review prices their answers by the rule of
    thumb, and its note on the raise says so; where bots or a coach's habits answer, it
    does not."""
    s = _weak_truco()
    people = review_message(s, 0, 1, 1)["items"][0]["reason"]
    # the raise is the best move here: its reason gives the numbers once, then the note
    assert people.count("They fold about") == 1, people
    assert people.endswith("These numbers assume they answer as a typical player does."), people
    for asked in (review_message(s, 0, 1, 1, stood={0: {1: Always("fold")}}),
                  review_message(s, 0, 1, 1, against="easy")):
        reason = asked["items"][0]["reason"]
        assert reason.count("They fold about") == 1 and "typical" not in reason, reason


def _fold_stated(reason: str) -> int:
    found = re.search(r"They fold about (\d+)%", reason)
    assert found, reason
    return int(found.group(1))


def test_bots_that_did_not_stand_at_every_raise_turn_are_not_asked() -> None:
    s = _weak_truco()
    alone = review_message(s, 0, 1, 1)
    assert review_message(s, 0, 1, 1, stood={5: {1: Always("fold")}}) == alone
    assert review_message(s, 0, 1, 1, stood={}) == alone


@pytest.mark.parametrize("seats, seat, asked", [
    (["human", "bot:coach"], 0, True),
    (["human", "bot:heuristic"], 0, True),
    (["human", "human"], 0, False),
    (["human", "bot:coach", "human", "bot:tight"], 0, True),
    (["human", "bot:coach", "human", "human"], 0, False),
    (["human", "human", "bot:coach", "human"], 0, False),  # the coach is the partner
])
def test_the_bots_are_asked_only_where_the_whole_other_team_is_bots(
        seats: list[str], seat: int, asked: bool) -> None:
    variant = "paulista-4p" if len(seats) == 4 else "paulista-2p"
    assert bots_answer(_table(variant, seats), seat) is asked


def test_the_coach_at_every_level_crosses_to_the_review_worker_and_answers_alike() -> None:
    # the review works in another process: the bots copied at a raise are pickled there
    s = step(new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"],
                                                                 ["QC", "QH", "3S"]]), "raise")
    ob = observation(s, 1)
    for level in LEVELS:
        bot = make_bot("coach", level, seed=3)
        bot.decide(ob)
        crossed = pickle.loads(pickle.dumps(copy.deepcopy(bot)))
        assert crossed is not bot
        assert answer_as({1: crossed}, ob) == answer_as({1: bot}, ob), level


def _against_the_coach(service: TableService, level: str, seats: int = 2
                       ) -> tuple[Table, int, Any, list[dict[str, Any]]]:
    """A table of a person (seat 0) and the coach at ``level`` in every other seat, heads-up
    or at four seats: the table, the person's seat, connection and the messages it was
    sent."""
    out = service.create({"variant": f"paulista-{seats}p",
                          "seats": ["human"] + ["bot:coach"] * (seats - 1), "level": level})
    t = service.tables[out["table"]]
    seat, token = service.join(t.id, {"name": "P0"}).values()
    seen: list[dict[str, Any]] = []
    return t, seat, service.connect(t.id, token, seen.append), seen


def test_the_service_copies_the_other_teams_bots_at_a_persons_raise_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, Any]] = []

    def spy(hand: Any, seat: int, number: int, seed: int, lang: str = "en",
            against: str | None = None, stood: Any = None,
            skip: frozenset[int] = frozenset()) -> dict[str, Any]:
        calls.append((seat, stood))
        return {"type": "review", "hand": number, "seat": seat, "items": []}

    monkeypatch.setattr(reviews, "review_message", spy)

    async def main() -> tuple[Any, Any, Any]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"))
        service.review_pool = ThreadPoolExecutor(max_workers=1)  # the spy stays in-process
        t, seat, conn, seen = _against_the_coach(service, "normal")
        while t.hand.to_act != seat:
            await asyncio.sleep(0.01)
        index = len(t.hand.log)
        service.receive(conn, json.dumps({"type": "act", "action": "raise"}))
        kept = dict(service.stood[(t.id, 1)])
        live = service.bots[(t.id, 1)]
        for _ in range(3000):  # the coach answers; the person plays on until the hand ends
            await asyncio.sleep(0.01)
            if t.hand_number > 1 or t.match.over:
                break
            if t.hand.to_act == seat and t.id not in service._driving:
                service.receive(conn, json.dumps({"type": "act",
                                                  "action": t.legal(seat)[0]}))
        while service.pending_reviews:
            await asyncio.sleep(0.01)
        left = dict(service.stood)
        service.close()
        return (index, kept, live), left, [m for m in seen if m["type"] == "review"]

    (index, kept, live), left, sent = run_async(main)
    assert index in kept and set(kept[index].result()) == {1}
    assert kept[index].result()[1] is not live  # a copy, the live bot plays on
    assert not left  # the hand's copies went to its review
    assert calls and calls[0][0] == 0 and index in calls[0][1], calls
    assert isinstance(calls[0][1][index][1], type(live))
    assert sent and sent[0]["hand"] == 1


def test_no_bot_is_copied_where_a_person_answers(tmp_path: Path) -> None:
    async def main() -> dict[Any, Any]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"))
        out = service.create({"variant": "paulista-2p", "seats": ["human", "human"]})
        t = service.tables[out["table"]]
        conns = {}
        for name in ("P0", "P1"):
            seat, token = service.join(t.id, {"name": name}).values()
            conns[seat] = service.connect(t.id, token, lambda m: None)
        service.receive(conns[t.hand.to_act], json.dumps({"type": "act", "action": "raise"}))
        stood = dict(service.stood)
        service.close()
        return stood

    assert run_async(main) == {}


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 4])
def test_a_raise_against_the_coach_is_reviewed_in_the_review_worker(tmp_path: Path,
                                                                    seats: int) -> None:
    # the real worker process: the copies of the coach cross to it, and the review comes back
    # the deal is the table's own (a random seed): the person raises at its first turn where
    # it may and no review is under way (so that this hand's review is never dropped), plays
    # its first legal move at every other turn of that hand, and then waits for the review
    async def main() -> tuple[list[int], int, int, list[dict[str, Any]]]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"))
        t, seat, conn, seen = _against_the_coach(service, "easy", seats)
        raised: tuple[int, int] | None = None  # the hand and the raise's index in its log
        copied: list[int] = []
        for _ in range(12000):
            await asyncio.sleep(0.01)
            if raised is not None and any(m["type"] == "review" and m["hand"] == raised[0]
                                          for m in seen):
                break
            if (t.match.over or t.hand.to_act != seat or t.id in service._driving
                    or (raised is not None and t.hand_number != raised[0])):
                continue
            legal = t.legal(seat)
            if raised is None and "raise" in legal and not service.pending_reviews:
                raised = (t.hand_number, len(t.hand.log))
                service.receive(conn, json.dumps({"type": "act", "action": "raise"}))
                copied = sorted(service.stood[(t.id, raised[0])][raised[1]].result())
            else:
                service.receive(conn, json.dumps({"type": "act", "action": legal[0]}))
        service.close()
        assert raised is not None, "the person never had a raise open"
        return copied, raised[0], raised[1], [m for m in seen if m["type"] == "review"]

    copied, number, index, sent = run_async(main)
    assert copied == [1, 3][:seats // 2]  # the other team's bots, copied at the raise
    mine = [m for m in sent if m["hand"] == number]
    assert mine, "no review of the hand with the raise came back from the worker"
    item = next(i for i in mine[0]["items"] if i["index"] == index)
    assert item["action"] == "raise" and "They fold about" in item["reason"], item


def test_a_review_still_waiting_when_the_seats_next_hand_ends_is_dropped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []
    release = threading.Event()

    def slow(hand: Any, seat: int, number: int, *args: Any) -> dict[str, Any]:
        started.append(number)
        release.wait(30)  # the first review holds the review process
        return {"type": "review", "hand": number, "seat": seat, "items": []}

    monkeypatch.setattr(reviews, "review_message", slow)
    s = _weak_truco()

    async def main() -> tuple[list[int], list[int]]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"))
        service.review_pool = ThreadPoolExecutor(max_workers=1)
        t, seat, conn, seen = _against_the_coach(service, "easy")
        for number in (1, 2, 3):  # three hands end while the first is reviewed
            service._reviews(t, s, number)
            await asyncio.sleep(0.05)
        release.set()
        while service.pending_reviews:
            await asyncio.sleep(0.01)
        service.close()
        return started, [m["hand"] for m in seen if m["type"] == "review"]

    started_, sent = run_async(main)
    assert started_ == [1, 3] and sent == [1, 3]
