"""Finished tables leave memory (:mod:`truco_learn.tables.finished`): a table whose match is
over leaves the service once nobody is connected and the grace (``keep_finished``) has passed,
leaving nothing of it in any of the service's dicts, sets or clocks; asked for again (its view,
a join with a token, a WebSocket) it is read back from the store and answers as before it left;
a restart replays only the open tables; an id the store does not know is still not found.

Each test runs the service on an asyncio loop of its own thread (``run_async``), as the other
service tests do; the HTTP and WebSocket one mounts the real handlers on that loop."""

from __future__ import annotations

import asyncio
import gc
import json
import time
import weakref
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from tables_helpers import free_port, run_async
from truco_learn.tables import reviews
from truco_learn.tables.server import make_app, service_from_env
from truco_learn.tables.service import NotFound, TableService
from truco_learn.tables.store import StoredTable, TableStore
from truco_learn.tables.table import Table

pytestmark = pytest.mark.timeout(240)

QUICK = {"target": 3, "eleven_at": 2}  # a match of a few hands


def leftovers(service: TableService, table_id: str) -> dict[str, list[Any]]:
    """Every dict or set of the service that still holds ``table_id`` as a key, or as the
    first part of a key (``(table, seat)``, ``(table, hand)``): any added later is read too."""
    out: dict[str, list[Any]] = {}
    for name, held in vars(service).items():
        if isinstance(held, (dict, set)):
            keys = [k for k in held if k == table_id or (
                isinstance(k, tuple) and k and k[0] == table_id)]
            if keys:
                out[name] = keys
    return out


async def until(pred: Callable[[], bool], timeout: float = 60.0, step: float = 0.01) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError("not in time")
        await asyncio.sleep(step)


async def play_out(service: TableService, t: Table, conn: Any) -> None:
    """The person of ``conn`` plays their first legal action at each turn to the match's end."""
    while not t.match.over:
        if t.hand.to_act == conn.seat and t.vote is None and t.id not in service._driving:
            legal = t.legal(conn.seat)
            if legal:
                service.receive(conn, json.dumps({"type": "act", "action": legal[0]}))
        await asyncio.sleep(0.005)


def test_a_finished_table_leaves_after_the_grace_leaving_nothing_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person plays, leaves (a bot stands in for them and finishes the match); the coach's
    reviews come; a spectator watched. The match over and nobody connected, the table stays
    for the grace and then leaves: no key of it in any of the service's dicts or sets, no
    clock of it, and nothing holds the table any more."""

    def spy(hand: Any, seat: int, number: int, *args: Any) -> dict[str, Any]:
        return {"type": "review", "hand": number, "seat": seat, "items": []}

    monkeypatch.setattr(reviews, "review_message", spy)
    grace = 0.6

    async def main() -> tuple[dict[str, list[Any]], float, dict[str, list[Any]], bool, int]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"), away_after=0.05,
                               keep_finished=grace)
        service.review_pool = ThreadPoolExecutor(max_workers=1)  # the spy stays in-process
        out = service.create({"variant": "paulista-2p", "seats": ["human", "bot:random"],
                              "options": QUICK})
        t = service.tables[out["table"]]
        seat, token = service.join(t.id, {"name": "Ana"}).values()
        watcher = service.connect(t.id, service.join(t.id, {"name": "Bia"})["token"],
                                  lambda m: None)
        conn = service.connect(t.id, token, lambda m: None)
        await until(lambda: t.hand.to_act == seat and t.id not in service._driving)
        service.receive(conn, json.dumps({"type": "act", "action": t.legal(seat)[0]}))
        service.disconnect(conn)  # a bot stands in for Ana to the end
        await until(lambda: t.match.over)
        ended = time.monotonic()
        await until(lambda: not service.pending_reviews)
        await asyncio.sleep(grace / 3)
        service.disconnect(watcher)  # the last one goes: the grace starts again
        gone_at = time.monotonic()
        held = leftovers(service, t.id)  # still here: the watcher has just gone
        await until(lambda: t.id not in service.tables, timeout=30)
        waited = time.monotonic() - gone_at
        after = leftovers(service, t.id)
        clocks = [h for h in asyncio.get_running_loop()._scheduled  # type: ignore[attr-defined]
                  if not h.cancelled() and t in (h._args or ())]
        ref = weakref.ref(t)
        del t, conn, watcher
        await asyncio.sleep(0.05)
        gc.collect()
        alive = ref() is not None
        service.close()
        assert ended < gone_at
        return held, waited, after, alive, len(clocks)

    held, waited, after, alive, clocks = run_async(main)
    # what a played table holds: itself, its connections, its bots, the stand-in, the reviews
    assert {"tables", "conns", "bots", "away", "newest_review", "reviews"} <= set(held), held
    assert waited >= grace * 0.9, waited
    assert after == {}, after
    assert clocks == 0
    assert not alive, "something still holds the table that left"


def test_a_finished_table_stays_while_someone_is_connected(tmp_path: Path) -> None:
    """The match over, a connected person keeps the table; once they close, it leaves after the
    grace; coming back within the grace keeps it again."""
    grace = 1.5  # "within the grace" is checked at half of it: a slow loop has 0.75 s

    async def main() -> list[Any]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"), keep_finished=grace)
        out = service.create({"variant": "paulista-2p", "seats": ["human", "bot:random"],
                              "options": QUICK, "review": False})
        t = service.tables[out["table"]]
        token = service.join(t.id, {"name": "Ana"})["token"]
        conn = service.connect(t.id, token, lambda m: None)
        await play_out(service, t, conn)
        await asyncio.sleep(grace * 3)
        seen = [t.id in service.tables]  # connected: still here
        service.disconnect(conn)
        await asyncio.sleep(grace / 2)
        seen.append(t.id in service.tables)  # within the grace
        again = service.connect(t.id, token, lambda m: None)  # back within the grace
        await asyncio.sleep(grace * 2)
        seen.append(t.id in service.tables)
        service.disconnect(again)
        gone_at = time.monotonic()
        await until(lambda: t.id not in service.tables, timeout=30)
        seen.append(time.monotonic() - gone_at)
        seen.append(leftovers(service, t.id))
        service.close()
        return seen

    connected, within, back, waited, after = run_async(main)
    assert connected and within and back
    assert waited >= grace * 0.9
    assert after == {}


async def _http(http: AsyncHTTPClient, method: str, url: str,
                body: Any = None) -> tuple[int, Any]:
    try:
        resp = await http.fetch(HTTPRequest(url, method=method, body=None if body is None
                                            else json.dumps(body)))
    except HTTPClientError as exc:
        assert exc.response is not None
        return exc.code, json.loads(exc.response.body)
    return resp.code, json.loads(resp.body)


async def _first_state(ws_url: str) -> dict[str, Any] | int:
    """The first ``state`` a WebSocket receives (or the HTTP status that refused it)."""
    try:
        ws = await websocket_connect(ws_url)
    except HTTPClientError as exc:
        return exc.code
    try:
        while True:
            msg = json.loads(await ws.read_message())  # type: ignore[arg-type]
            if msg["type"] == "state":
                return msg  # type: ignore[no-any-return]
    finally:
        ws.close()


def test_a_table_that_left_answers_get_join_and_the_websocket_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the real handlers: the public view, a join with a token, a player's and a
    spectator's WebSocket give the same answers once the table left memory as just before; a
    new person joining it is a spectator, as before; an unknown id is 404 everywhere."""
    monkeypatch.setenv("TRUCO_LEARN_TABLES_KEEP_FINISHED_SECONDS", "1.0")
    monkeypatch.setenv("TRUCO_LEARN_TABLES_AWAY_SECONDS", "0.05")

    async def main() -> dict[str, Any]:
        service = service_from_env(str(tmp_path / "t.sqlite3"))
        assert service.keep_finished == 1.0
        port = free_port()
        server = make_app(service).listen(port, address="127.0.0.1")
        service.start()
        api = f"http://127.0.0.1:{port}/truco/api/tables"
        ws = f"ws://127.0.0.1:{port}/truco/api/tables"
        http = AsyncHTTPClient(force_instance=True)
        got: dict[str, Any] = {}
        try:
            tid = (await _http(http, "POST", api, {"variant": "paulista-2p", "seats": [
                "human", "bot:random"], "options": QUICK, "review": False}))[1]["table"]
            ana = (await _http(http, "POST", f"{api}/{tid}/join", {"name": "Ana"}))[1]
            bia = (await _http(http, "POST", f"{api}/{tid}/join", {"name": "Bia"}))[1]
            player = await websocket_connect(f"{ws}/{tid}/ws?token={ana['token']}")
            while True:  # Ana plays to the match's end
                msg = json.loads(await player.read_message())  # type: ignore[arg-type]
                if msg["type"] == "state" and msg["game_over"]:
                    break
                if msg["type"] == "state" and msg["legal"]:
                    player.write_message(json.dumps({"type": "act",
                                                     "action": msg["legal"][0]}))
            player.close()
            t = service.tables[tid]
            await until(lambda: t.presence.get(0) == "away")

            async def answers() -> list[Any]:
                return [await _http(http, "GET", f"{api}/{tid}"),
                        await _http(http, "POST", f"{api}/{tid}/join",
                                    {"token": ana["token"]}),
                        await _http(http, "POST", f"{api}/{tid}/join",
                                    {"token": bia["token"]}),
                        await _first_state(f"{ws}/{tid}/ws?token={bia['token']}"),
                        await _first_state(f"{ws}/{tid}/ws?token={ana['token']}"),
                        await _first_state(f"{ws}/{tid}/ws?token=not-a-token")]

            got["before"] = await answers()
            await until(lambda: tid not in service.tables, timeout=30)
            got["left"] = leftovers(service, tid)
            got["after"] = await answers()
            got["back"] = tid in service.tables  # read back, and it leaves again
            await until(lambda: tid not in service.tables, timeout=30)
            got["new"] = await _http(http, "POST", f"{api}/{tid}/join", {"name": "Caio"})
            got["stored"] = service.store.players(tid)
            got["unknown"] = [await _http(http, "GET", f"{api}/nope"),
                              await _http(http, "POST", f"{api}/nope/join", {"name": "Ana"}),
                              await _first_state(f"{ws}/nope/ws?token={ana['token']}")]
            got["listed"] = (await _http(http, "GET", api))[1]
        finally:
            http.close()
            server.stop()
            service.close()
        return got

    got = run_async(main)
    before, after = got["before"], got["after"]
    view = before[0][1]
    assert before[0][0] == 200 and view["game_over"] and max(view["score"]) >= 3
    assert view["players"][0]["presence"] == "away"
    assert before[3]["game_over"] and before[3]["seat"] is None
    assert before[4]["game_over"] and before[4]["seat"] == 0
    assert before[5] == 403
    assert got["left"] == {}
    assert after == before
    assert got["back"]
    assert got["new"][0] == 200 and got["new"][1]["seat"] is None  # a spectator, as before
    assert [name for _tok, _seat, name in got["stored"]].count("Caio") == 1
    assert [u if isinstance(u, int) else u[0] for u in got["unknown"]] == [404, 404, 404]
    assert got["unknown"][0][1] == {"error": "there is no table 'nope'"}
    assert got["listed"] == {"tables": []}


def _finish_bots(service: TableService) -> str:
    return str(service.create({"variant": "paulista-2p", "seats": ["bot:random", "bot:random"],
                               "options": QUICK})["table"])


def test_a_restart_replays_only_the_open_tables_and_reads_the_finished_on_demand(
        tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"

    async def first() -> tuple[list[str], list[str], dict[str, Any], list[Any]]:
        service = TableService(TableStore(db), away_after=0.05, keep_finished=600.0)
        done = [_finish_bots(service) for _ in range(3)]
        out = service.create({"variant": "paulista-2p", "seats": ["human", "bot:random"],
                              "options": QUICK, "review": False})
        t = service.tables[out["table"]]
        conn = service.connect(t.id, service.join(t.id, {"name": "Ana"})["token"],
                               lambda m: None)
        await play_out(service, t, conn)
        service.disconnect(conn)
        done.append(t.id)
        await until(lambda: all(service.tables[i].match.over for i in done))
        await until(lambda: t.presence.get(0) == "away")
        opened = []
        for _ in range(2):  # a millisecond apart: stored in the order they were opened
            await asyncio.sleep(0.005)
            opened.append(str(service.create({"variant": "paulista-2p",
                                              "seats": ["human", "human"]})["table"]))
        service.join(opened[0], {"name": "Bia"})
        views = {i: service.view(i) for i in done + opened}
        listed = service.list_tables()
        service.close()
        return done, opened, views, listed

    done, opened, views, listed = run_async(first)
    store = TableStore(db)
    assert [s.table_id for s in store.open_tables()] == opened  # the ends were marked
    assert all(store.finished_table(i) is not None for i in done)

    async def second() -> dict[str, Any]:
        service = TableService(store, away_after=0.05, keep_finished=600.0)
        service.start()
        got: dict[str, Any] = {"adopted": sorted(service.tables),
                               "listed": service.list_tables()}
        got["views"] = {i: service.view(i) for i in done + opened}
        got["back"] = sorted(service.tables)
        with pytest.raises(NotFound):
            service.view("nope")
        service.close()
        return got

    got = run_async(second)
    assert got["adopted"] == sorted(opened)
    assert got["listed"] == listed
    assert got["views"] == views
    assert got["back"] == sorted(done + opened)


def test_an_unknown_id_is_not_found_and_a_stored_id_is_never_given_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a table the store holds as finished comes back: an unknown id, and an open table
    another process stored (which this service must not drive too), are not found; a new
    table never takes the id of a stored one that is not in memory."""
    from truco_learn.tables import service as service_module

    async def main() -> list[Any]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"), keep_finished=0.2)
        tid = _finish_bots(service)
        await until(lambda: tid not in service.tables, timeout=30)  # finished, and left
        elsewhere = StoredTable("elsewhere", "paulista-2p", {}, ["human", "human"], False,
                                False, 5, "2026-01-01T00:00:00.000Z", {})
        service.store.create_table(elsewhere)
        got: list[Any] = []
        for call in (lambda i: service.view(i), lambda i: service.join(i, {"name": "Ana"}),
                     lambda i: service.connect(i, "tok", lambda m: None)):
            for i in ("nope", "elsewhere"):
                try:
                    call(i)
                    got.append(None)
                except NotFound as exc:
                    got.append(str(exc))
        got.append(sorted(service.tables))
        ids = iter([tid, "elsewhere", "fresh001"])
        monkeypatch.setattr(service_module.secrets, "token_hex", lambda n: next(ids))
        got.append(service.create({"variant": "paulista-2p",
                                   "seats": ["bot:random", "bot:random"]})["table"])
        service.close()
        return got

    got = run_async(main)
    assert got[:6] == ["there is no table 'nope'", "there is no table 'elsewhere'"] * 3
    assert got[6] == []
    assert got[7] == "fresh001"
