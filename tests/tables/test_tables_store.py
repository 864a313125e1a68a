"""The tables store's suite, run on SQLite and on a real PostgreSQL (marker ``postgres``):
tables, players and the action log; thirty writers at once, nothing lost; the schema from before
versions were recorded migrated in place with its tables, and its finished ones marked at the
service's next start; a newer schema refused; where the store is when none is given; and a
restart of the real service mid-match on each engine."""

from __future__ import annotations

import random
import re
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from tables_helpers import Server, run_async
from test_restart_and_customs import _step

from truco_learn.storage import connect, schema_version
from truco_learn.tables.service import TableService
from truco_learn.tables.store import (MIGRATIONS, StoredTable, TableStore, TableStoreError,
                                      default_target)
from truco_learn.tables.table import Table, new_table_spec

# The schema exactly as the store created it before it moved onto truco_learn.storage.
LEGACY_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS truco_tables (
        table_id VARCHAR(64) PRIMARY KEY, variant VARCHAR(64) NOT NULL,
        options TEXT NOT NULL, seats TEXT NOT NULL, votes INTEGER NOT NULL,
        signals INTEGER NOT NULL, seed BIGINT NOT NULL, created_at VARCHAR(40) NOT NULL,
        extra TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS truco_players (
        table_id VARCHAR(64) NOT NULL, token VARCHAR(64) NOT NULL, seat INTEGER,
        name VARCHAR(200) NOT NULL, PRIMARY KEY (table_id, token))""",
    """CREATE TABLE IF NOT EXISTS truco_events (
        table_id VARCHAR(64) NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
        kind VARCHAR(16) NOT NULL, value VARCHAR(64) NOT NULL, PRIMARY KEY (table_id, n))""",
)


def spec(table_id: str, created: str = "2026-01-01T00:00:00.000Z",
         seats: tuple[str, ...] = ("human", "bot:coach")) -> StoredTable:
    return StoredTable(table_id, "paulista-4p" if len(seats) == 4 else "paulista-2p",
                       {"target": 12}, list(seats), len(seats) == 4, False, 2**31 - 1,
                       created, {"level": "easy"})


def test_tables_players_and_the_log_round_trip(store_target: str) -> None:
    store = TableStore(store_target)
    store.create_table(spec("b", "2026-01-02T00:00:00.000Z", ("human",) * 4))
    store.create_table(spec("a", "2026-01-01T00:00:00.000Z"))
    store.add_player("b", "tok2", 2, "Bia")
    store.add_player("b", "tok1", 0, "Ana")
    store.add_player("b", "tok9", None, "Caio")  # a spectator
    store.rename_player("b", "tok1", "Ana Lúcia")
    for n, (seat, kind, value) in enumerate([(0, "act", "play:4C"), (1, "signal", "zap"),
                                             (1, "act", "truco")]):
        store.append_event("b", n, seat, kind, value)
    assert [t.table_id for t in store.tables()] == ["a", "b"]  # oldest first
    assert store.tables()[1] == spec("b", "2026-01-02T00:00:00.000Z", ("human",) * 4)
    assert store.players("b") == [("tok1", 0, "Ana Lúcia"), ("tok2", 2, "Bia"),
                                  ("tok9", None, "Caio")]
    assert store.events("b") == [(0, "act", "play:4C"), (1, "signal", "zap"),
                                 (1, "act", "truco")]
    assert store.players("a") == [] and store.events("nope") == []
    assert schema_version(store.db, "tables") == len(MIGRATIONS)
    store.close()
    again = TableStore(store_target)  # reopening keeps everything
    assert [t.table_id for t in again.tables()] == ["a", "b"]
    assert len(again.events("b")) == 3
    again.close()


def test_a_write_that_breaks_the_log_is_refused_and_changes_nothing(store_target: str) -> None:
    store = TableStore(store_target)
    store.create_table(spec("t"))
    store.append_event("t", 0, 0, "act", "play:4C")
    with pytest.raises(TableStoreError, match="cannot write to the tables database"):
        store.append_event("t", 0, 1, "act", "play:5C")  # event 0 again
    with pytest.raises(TableStoreError):
        store.create_table(spec("t"))  # the same table twice
    assert store.events("t") == [(0, "act", "play:4C")]
    store.append_event("t", 1, 1, "act", "play:5C")  # the kept connection works on
    assert store.events("t") == [(0, "act", "play:4C"), (1, "act", "play:5C")]
    assert "pw" not in str(store.where) or "***" in store.where
    store.close()


WRITER = textwrap.dedent("""
    import os, sys, time
    from truco_learn.tables.store import StoredTable, TableStore
    target, k, n, go = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    store = TableStore(target)
    while not os.path.exists(go):   # every writer starts writing at the same moment
        time.sleep(0.01)
    tid = f"w{k}"
    store.create_table(StoredTable(tid, "paulista-2p", {}, ["human", "human"], False, False,
                                   k, f"2026-01-01T00:00:{k:02d}.000Z", {}))
    store.add_player(tid, f"tok{k}", 0, f"P{k}")
    store.add_player("shared", f"tok{k}", None, f"P{k}")   # everyone joins one table too
    for i in range(n):
        store.append_event(tid, i, i % 2, "act", f"{k}-{i}")
        store.append_event("shared", k * n + i, k % 4, "act", f"{k}-{i}")
    store.close()
    print("done", k)
""")


def test_thirty_writers_at_once_lose_nothing(store_target: str, tmp_path: Path) -> None:
    TableStore(store_target).create_table(spec("shared", "2026-01-01T00:00:00.000Z",
                                               ("human",) * 4))
    writers, n = 30, 10
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, store_target, str(k), str(n),
                               str(go)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for k in range(writers)]
    time.sleep(1.0)
    go.touch()
    for p in procs:
        _out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    store = TableStore(store_target)
    assert sorted(t.table_id for t in store.tables()) == sorted(
        ["shared"] + [f"w{k}" for k in range(writers)])
    for k in range(writers):
        assert store.events(f"w{k}") == [(i % 2, "act", f"{k}-{i}") for i in range(n)]
        assert store.players(f"w{k}") == [(f"tok{k}", 0, f"P{k}")]
    shared = store.events("shared")
    assert len(shared) == writers * n
    assert {v for _s, _k, v in shared} == {f"{k}-{i}" for k in range(writers) for i in range(n)}
    assert len(store.players("shared")) == writers
    store.close()


def test_threads_sharing_one_store_lose_nothing(store_target: str) -> None:
    """The service's one kept connection, written from several threads at once."""
    store = TableStore(store_target)
    store.create_table(spec("t", seats=("human",) * 4))
    errors: list[BaseException] = []

    def write(k: int) -> None:
        try:
            for i in range(25):
                store.append_event("t", k * 25 + i, k % 4, "act", f"{k}-{i}")
                store.events("t")
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [v for _s, _k, v in store.events("t")] == [f"{k}-{i}" for k in range(8)
                                                      for i in range(25)]
    store.close()


def _legacy_tables_database(target: str) -> None:
    """The schema from before versions were recorded, with a table in the middle of a hand."""
    db = connect(target, "tables database")
    with db.transaction() as tx:
        for stmt in LEGACY_SCHEMA:
            tx.execute(stmt)
        tx.execute("INSERT INTO truco_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   ("old1", "paulista-2p", "{}", '["human", "human"]', 0, 0, 1234,
                    "2026-01-01T10:00:00Z", "{}"))
        tx.execute("INSERT INTO truco_players VALUES (?, ?, ?, ?)", ("old1", "tokA", 0, "Ana"))
        tx.execute("INSERT INTO truco_players VALUES (?, ?, ?, ?)", ("old1", "tokB", 1, "Bia"))
        for n, value in enumerate(["truco", "accept"]):
            tx.execute("INSERT INTO truco_events VALUES (?, ?, ?, ?, ?)",
                       ("old1", n, n % 2, "act", value))


def test_the_schema_from_before_versions_is_migrated_keeping_its_tables(
        store_target: str) -> None:
    _legacy_tables_database(store_target)
    db = connect(store_target, "tables database")
    assert schema_version(db, "tables") == 0 and "schema_versions" not in db.tables()
    store = TableStore(store_target)  # migrated in place, not recreated
    assert schema_version(store.db, "tables") == len(MIGRATIONS)
    assert [t.table_id for t in store.tables()] == ["old1"]
    assert store.players("old1") == [("tokA", 0, "Ana"), ("tokB", 1, "Bia")]
    assert store.events("old1") == [(0, "act", "truco"), (1, "act", "accept")]
    store.append_event("old1", 2, 0, "act", "play:4C")  # the log goes on
    assert len(store.events("old1")) == 3
    store.close()


def _played(table_id: str, actions: int | None) -> Table:
    """A two-person match to 3 played with each first legal action: ``actions`` of them, or
    (``None``) to its end."""
    body = {"variant": "paulista-2p", "seats": ["human", "human"],
            "options": {"target": 3, "eleven_at": 2}}
    t = Table.create(new_table_spec(table_id, body, 77))
    while not t.match.over and (actions is None or len(t.events) < actions):
        t.act(t.hand.to_act, t.legal(t.hand.to_act)[0])
    return t


def test_finished_tables_from_before_they_were_marked_are_marked_at_the_next_start(
        store_target: str) -> None:
    """Version 1 did not mark a table's end: after the migration such a table is not known
    to be finished, so the service's next start replays it, marks it, and keeps only the open
    ones in memory; the finished one is still served, read back from the store."""
    played = {"open": _played("open", 3), "done": _played("done", None)}
    db = connect(store_target, "tables database")
    with db.transaction() as tx:
        for stmt in LEGACY_SCHEMA:
            tx.execute(stmt)
        for k, (tid, t) in enumerate(played.items()):
            tx.execute("INSERT INTO truco_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (tid, "paulista-2p", '{"target": 3, "eleven_at": 2}',
                        '["human", "human"]', 0, 0, 77, f"2026-01-01T1{k}:00:00Z", "{}"))
            tx.execute("INSERT INTO truco_players VALUES (?, ?, ?, ?)", (tid, "tok", 0, "Caio"))
            for n, (seat, kind, value) in enumerate(t.events):
                tx.execute("INSERT INTO truco_events VALUES (?, ?, ?, ?, ?)",
                           (tid, n, seat, kind, value))
    store = TableStore(store_target)
    assert schema_version(store.db, "tables") == len(MIGRATIONS) == 2
    assert [t.table_id for t in store.open_tables()] == ["open", "done"]  # not known yet
    assert store.finished_table("done") is None

    async def start() -> tuple[list[str], dict[str, Any], list[str]]:
        service = TableService(store)
        adopted = sorted(service.tables)
        view = service.view("done")  # read back from the store
        back = sorted(service.tables)
        service.close()
        return adopted, view, back

    adopted, view, back = run_async(start)
    assert adopted == ["open"] and back == ["done", "open"]
    assert view["game_over"] and view["score"] == list(played["done"].hand.score)
    again = TableStore(store_target)  # marked once: the next start does not replay it
    assert [t.table_id for t in again.open_tables()] == ["open"]
    assert again.finished_table("done") is not None
    again.close()


def test_a_real_sqlite_file_from_the_old_store_is_adopted(tmp_path: Path) -> None:
    """Written with plain sqlite3, as the old store did (WAL and all)."""
    path = tmp_path / "tables.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    for ddl in LEGACY_SCHEMA:
        conn.execute(ddl)
    conn.execute("INSERT INTO truco_tables VALUES ('x', 'mineiro-2p', '{}', '[\"human\", "
                 "\"bot:coach\"]', 0, 0, 99, '2026-01-01T00:00:00Z', '{}')")
    conn.execute("INSERT INTO truco_events VALUES ('x', 0, 0, 'act', 'play:4C')")
    conn.close()
    store = TableStore(path)
    assert [(t.table_id, t.variant, t.seats) for t in store.tables()] == [
        ("x", "mineiro-2p", ["human", "bot:coach"])]
    assert store.events("x") == [(0, "act", "play:4C")]
    store.close()


def test_a_newer_schema_is_refused(store_target: str) -> None:
    TableStore(store_target).close()
    db = connect(store_target, "tables database")
    with db.transaction() as tx:
        tx.execute("UPDATE schema_versions SET version = 99 WHERE component = 'tables'")
    with pytest.raises(TableStoreError, match="schema version 99, newer than this truco-learn"):
        TableStore(store_target)


def test_both_components_share_one_database(store_target: str) -> None:
    from truco_learn.classroom import ProgressStore

    progress = ProgressStore(store_target)
    tables = TableStore(store_target)
    progress.start("tl1a", "Ana")
    tables.create_table(spec("t"))
    assert {"answers", "truco_tables", "schema_versions"} <= tables.db.tables()
    assert schema_version(tables.db, "progress") >= 1
    assert schema_version(tables.db, "tables") == len(MIGRATIONS)
    assert progress.students("tl1a") == ["Ana"] and len(tables.tables()) == 1
    tables.close()


def test_where_the_store_is_when_none_is_given(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.delenv("TRUCO_LEARN_TABLES_DB", raising=False)
    monkeypatch.delenv("TRUCO_LEARN_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_target() == (str(tmp_path / "data" / "truco-learn" / "tables.sqlite3"), False)
    store = TableStore()  # the default directory is created
    assert store.path == tmp_path / "data" / "truco-learn" / "tables.sqlite3"
    store.close()
    # a progress database that is a file stays the progress store's own
    monkeypatch.setenv("TRUCO_LEARN_DB", str(tmp_path / "progress.sqlite3"))
    assert default_target()[0].endswith("tables.sqlite3")
    # the class's PostgreSQL holds the tables too
    monkeypatch.setenv("TRUCO_LEARN_DB", "postgresql://u:pw@127.0.0.1:1/x")
    assert default_target() == ("postgresql://u:pw@127.0.0.1:1/x", True)
    # the tables' own setting wins
    monkeypatch.setenv("TRUCO_LEARN_TABLES_DB", str(tmp_path / "own.sqlite3"))
    assert default_target() == (str(tmp_path / "own.sqlite3"), True)
    monkeypatch.setenv("TRUCO_LEARN_TABLES_DB", str(tmp_path / "missing" / "t.sqlite3"))
    with pytest.raises(TableStoreError, match="does not exist"):
        TableStore()


def test_an_unreachable_postgresql_is_a_clear_error() -> None:
    pytest.importorskip("psycopg")
    from postgres_server import free_port

    url = f"postgresql://truco:secret@127.0.0.1:{free_port()}/nowhere"
    with pytest.raises(TableStoreError, match=r"cannot open the tables database "
                       r"postgresql://truco:\*\*\*@") as info:
        TableStore(url)
    assert "secret" not in str(info.value)


def test_a_restart_of_the_service_mid_match_keeps_the_hand_on_each_engine(
        store_target: str) -> None:
    """The real service (``truco-learn tables --db TARGET``): two people, a few actions, a
    restart, the same hand, score and log; then the match goes on."""
    server = Server(store_target)  # type: ignore[arg-type]
    try:
        t = server.create(variant="paulista-2p", seats=["human", "human"])
        tokens = dict(server.join(t, n) for n in ("Ana", "Bia"))
        clients = {s: server.connect(t, tok) for s, tok in tokens.items()}
        rng = random.Random(11)
        for _ in range(7):
            _step(clients, rng)
        for c in clients.values():
            c.drain(0.3)
        before = {s: c.state for s, c in clients.items()}
        view_before = server.request("GET", f"/tables/{t}")[1]
        assert view_before["log"] or view_before["hand"] >= 1
        for c in clients.values():
            c.close()
        server.restart()
        view_after = server.request("GET", f"/tables/{t}")[1]
        assert {k: v for k, v in view_after.items() if k != "players"} == {
            k: v for k, v in view_before.items() if k != "players"}
        assert [(p["seat"], p["name"]) for p in view_after["players"]] == [
            (p["seat"], p["name"]) for p in view_before["players"]]
        again = {s: server.connect(t, tok) for s, tok in tokens.items()}
        for s, c in again.items():
            c.drain(0.3)
            assert c.state is not None and before[s] is not None
            for key in ("observation", "hand", "score", "to_act", "legal"):
                assert c.state[key] == before[s][key], key
        _step(again, rng)  # and the match goes on, written to the same store
        again[0].drain(0.3)
        for c in again.values():
            c.close()
        events = TableStore(store_target).events(t)
        assert len(events) >= 8
    finally:
        server.stop()


@pytest.mark.parametrize("make_db, message", [
    (lambda tmp: str(tmp / "missing" / "t.sqlite3"), "the directory .* does not exist"),
    (lambda tmp: (tmp / "junk.sqlite3").write_text("not a database") and
     str(tmp / "junk.sqlite3"), "is not a truco-learn tables database"),
    (lambda tmp: "postgresql://truco:secret@127.0.0.1:1/none",
     r"cannot open the tables database postgresql://truco:\*\*\*@127.0.0.1:1/none"),
])
def test_the_service_refuses_a_bad_database_with_one_line(tmp_path: Path, make_db: Any,
                                                          message: str) -> None:
    db = make_db(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "truco_learn.cli", "tables", "--port", "1",
                           "--db", db], capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert re.search(message, proc.stderr), proc.stderr
    assert "secret" not in proc.stderr + proc.stdout
