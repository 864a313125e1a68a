"""What one player can send to hurt a table or the service, against the real service: JSON
nested thousands deep (HTTP and WebSocket), names that hide or reverse the others' lines or that
a database cannot store, and a join the store could not write. Each gets a clear error, changes
nothing, and a seat is never taken by someone who holds no token for it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import websocket

from tables_helpers import Server, run_async
from truco_learn.tables.handlers import MAX_BODY
from truco_learn.tables.client import ServiceError, TablesClient
from truco_learn.tables.service import MAX_LISTED, TableService
from truco_learn.tables.store import TableStore, TableStoreError
from truco_learn.tables.friendly import friendly
from truco_learn.i18n import language

pytestmark = pytest.mark.timeout(120)

DEEP = b"[" * 30_000 + b"]" * 30_000  # under the 64 KiB a body may have


def test_deeply_nested_bodies_get_400_and_change_nothing(server: Server) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    before = server.request("GET", "/tables")[1]["tables"]
    for path, raw in [("/tables", DEEP),
                      ("/tables", b'{"options": {"target": ' + DEEP + b"}}"),
                      (f"/tables/{t}/join", DEEP),
                      (f"/tables/{t}/join", b'{"name": ' + DEEP + b"}")]:
        status, out = server.request("POST", path, raw=raw)
        assert status == 400 and "nested too deeply" in out["error"], (path, status, out)
    assert server.request("GET", "/tables")[1]["tables"] == before


# raw JSON strings: NUL, an escape, a zero-width space, a right-to-left override, a BOM, half a
# surrogate pair, a private-use character
HIDDEN = ['"Ev\\u0000e"', '"Ana\\u001b[2J"', '"Ana\\u200b"', '"\\u202eanA"', '"\\ufeffBia"',
          '"Ana\\ud800"', '"Ana\\ue000"']


@pytest.mark.parametrize("name", HIDDEN)
def test_a_name_with_control_or_invisible_characters_is_refused(server: Server,
                                                                name: str) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    before = server.request("GET", f"/tables/{t}")[1]
    status, out = server.request("POST", f"/tables/{t}/join",
                                 raw=b'{"name": ' + name.encode() + b"}")
    assert status == 400, (name, status, out)
    assert out["error"].startswith("name must not hold control or invisible characters")
    assert server.request("GET", f"/tables/{t}")[1] == before
    assert server.join(t, "Ana")[0] == 0  # the first seat is still free


def test_the_page_says_it_in_portuguese() -> None:
    msg = "name must not hold control or invisible characters, not 'Ana\\u200b'"
    with language("pt-BR"):
        said = friendly(msg)
    assert "invisíve" in said, said


def _seated(server: Server) -> tuple[str, str, Any]:
    """A new two-seat table with Ana in seat 0, connected, her first state read."""
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    _, token = server.join(t, "Ana")
    c = server.connect(t, token)
    c.until(lambda m: m["type"] == "state")
    c.drain()
    return t, token, c


def test_a_deeply_nested_frame_gets_an_error_and_the_connection_stays(server: Server) -> None:
    t, token, c = _seated(server)
    c.send(DEEP.decode())
    err = c.until(lambda m: m["type"] == "error")
    assert "nested too deeply" in err["message"]
    c.send({"type": "state"})
    assert c.until(lambda m: m["type"] == "state")["seat"] == 0
    c.close()


class _FailingStore(TableStore):
    """A store whose player writes fail (a database gone, a disk full)."""

    def add_player(self, *args: Any) -> None:
        raise TableStoreError("cannot write to the tables database: disk full")


def test_a_join_the_store_cannot_write_takes_no_seat(tmp_path: Path) -> None:
    async def run() -> None:
        svc = TableService(_FailingStore(tmp_path / "t.sqlite3"))
        t = svc.create({"variant": "paulista-2p", "seats": ["human", "human"]})["table"]
        with pytest.raises(TableStoreError):
            svc.join(t, {"name": "Ana"})
        table = svc.tables[t]
        assert table.players == {} and table.seat_token == {}
        assert table.free_seats() == [0, 1]
        svc.close()

    run_async(run)  # a loop of its own: Playwright keeps one running in the main thread


def test_the_list_of_tables_holds_the_newest_hundred(tmp_path: Path) -> None:
    """One client opening thousands of tables must not make the list everyone's page draws
    (one row of buttons per table) unreadable: it holds the 100 most recently opened."""
    async def run() -> None:
        svc = TableService(TableStore(tmp_path / "t.sqlite3"))
        made = [svc.create({"variant": "paulista-2p", "seats": ["human", "human"]})["table"]
                for _ in range(MAX_LISTED + 20)]
        listed = [t["table"] for t in svc.list_tables()]
        assert listed == made[-MAX_LISTED:]  # oldest first, as before
        svc.close()

    run_async(run)  # a loop of its own: Playwright keeps one running in the main thread


@pytest.mark.parametrize("table", ["../../hub/api/users", "ab12/join", "ab12?token=x", "ab 12",
                                   "", "ab12#", "x" * 65])
def test_an_invite_link_table_is_checked_before_any_request(table: str) -> None:
    """The page takes the table from its link's query (``?table=``): anything that is not a
    table id of the service's is refused before a request is built from it."""
    async def run() -> None:
        client = TablesClient("http://127.0.0.1:9/truco/api/")  # nothing listens there
        for call in (client.view(table), client.join(table, name="Ana"),
                     client.connect(table, "token", lambda m: None)):
            with pytest.raises(ServiceError, match="^there is no table "):
                await call

    run_async(run)  # a loop of its own: Playwright keeps one running in the main thread


def test_a_body_past_64_kib_gets_413_and_changes_nothing(server: Server) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    before = server.request("GET", "/tables")[1]["tables"]
    big = b'{"variant": "' + b"x" * (MAX_BODY + 1) + b'"}'
    for path in ("/tables", f"/tables/{t}/join"):
        status, out = server.request("POST", path, raw=big)
        assert status == 413 and out["error"].startswith("the body is too large"), (path, out)
        assert len(json.dumps(out)) < 200  # nothing echoed
    assert server.request("GET", "/tables")[1]["tables"] == before
    assert server.join(t, "Ana")[0] == 0


def test_a_websocket_message_past_64_kib_closes_that_connection_only(server: Server) -> None:
    t, token, c = _seated(server)
    c.send({"type": "act", "action": "x" * (MAX_BODY + 1)})
    c.ws.settimeout(5)
    try:
        got = c.ws.recv()  # "" once the close frame (1009, message too big) is read
    except (websocket.WebSocketConnectionClosedException, ConnectionError):
        got = ""  # or the connection was reset under the frame still being sent
    assert got == "", got[:200]
    again = server.connect(t, token)  # the seat is still there, the table unchanged
    state = again.until(lambda m: m["type"] == "state")
    assert state["seat"] == 0 and state["observation"]["log"] == []
    again.close()
