"""Where tables live between restarts: one SQLite file, every write in its own transaction.

All the SQL of the tables service is in this module, behind :class:`TableStore`'s few methods
(portable SQL: plain ``INSERT``/``SELECT``/``UPDATE``, no SQLite-only syntax in the queries),
so another backend can take its place. The path is ``--db``, else ``TRUCO_LEARN_TABLES_DB``,
else ``tables.sqlite3`` in the user's data directory.

>>> import tempfile, os
>>> store = TableStore(os.path.join(tempfile.mkdtemp(), "t.sqlite3"))
>>> store.create_table(StoredTable("t1", "paulista-2p", {}, ["human", "bot:coach"], False,
...                                False, 7, "2026-01-01T00:00:00Z", {}))
>>> store.add_player("t1", "tok", 0, "Ana")
>>> store.append_event("t1", 0, 0, "act", "raise")
>>> [t.table_id for t in store.tables()], store.players("t1"), store.events("t1")
(['t1'], [('tok', 0, 'Ana')], [(0, 'act', 'raise')])
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import TrucoError

ENV_VAR = "TRUCO_LEARN_TABLES_DB"

_SCHEMA = (
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


class TableStoreError(TrucoError):
    """The tables database cannot be opened or written (the message says why)."""


def default_tables_db() -> Path:
    """``$TRUCO_LEARN_TABLES_DB``, else ``tables.sqlite3`` in the user's data directory."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / "truco-learn" / "tables.sqlite3"


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as created: everything needed to replay it with its events."""

    table_id: str
    variant: str
    options: dict[str, Any]
    seats: list[str]
    votes: bool
    signals: bool
    seed: int
    created_at: str
    extra: dict[str, Any]


class TableStore:
    """One SQLite database of tables (``path`` ``None``: :func:`default_tables_db`)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path).expanduser() if path is not None else default_tables_db()
        if path is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        elif not self.path.parent.is_dir():
            raise TableStoreError(f"cannot use the tables database {self.path}: the directory "
                                  f"{self.path.parent} does not exist")
        self._lock = threading.Lock()
        try:
            self._conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None,
                                         check_same_thread=False)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            for ddl in _SCHEMA:
                self._conn.execute(ddl)
        except sqlite3.Error as exc:
            raise TableStoreError(f"cannot open the tables database {self.path}: {exc}") from None

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        with self._lock:
            try:
                self._conn.execute(sql, args)
            except sqlite3.Error as exc:
                raise TableStoreError(f"cannot write to the tables database {self.path}: "
                                      f"{exc}") from None

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise TableStoreError(f"cannot read the tables database {self.path}: "
                                      f"{exc}") from None

    def create_table(self, t: StoredTable) -> None:
        """Store a new table."""
        self._write("INSERT INTO truco_tables (table_id, variant, options, seats, votes, "
                    "signals, seed, created_at, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (t.table_id, t.variant, json.dumps(t.options), json.dumps(t.seats),
                     int(t.votes), int(t.signals), t.seed, t.created_at, json.dumps(t.extra)))

    def add_player(self, table_id: str, token: str, seat: int | None, name: str) -> None:
        """Store one person who joined (a seat, or ``None`` for a spectator)."""
        self._write("INSERT INTO truco_players (table_id, token, seat, name) VALUES (?, ?, ?, ?)",
                    (table_id, token, seat, name))

    def rename_player(self, table_id: str, token: str, name: str) -> None:
        self._write("UPDATE truco_players SET name = ? WHERE table_id = ? AND token = ?",
                    (name, table_id, token))

    def append_event(self, table_id: str, n: int, seat: int, kind: str, value: str) -> None:
        """Store the table's ``n``-th event (``act``, ``signal``): the action log as it grows."""
        self._write("INSERT INTO truco_events (table_id, n, seat, kind, value) VALUES "
                    "(?, ?, ?, ?, ?)", (table_id, n, seat, kind, value))

    def tables(self) -> list[StoredTable]:
        """Every stored table, oldest first."""
        rows = self._read("SELECT table_id, variant, options, seats, votes, signals, seed, "
                          "created_at, extra FROM truco_tables ORDER BY created_at, table_id")
        return [StoredTable(r[0], r[1], json.loads(r[2]), json.loads(r[3]), bool(r[4]),
                            bool(r[5]), int(r[6]), r[7], json.loads(r[8])) for r in rows]

    def players(self, table_id: str) -> list[tuple[str, int | None, str]]:
        """``(token, seat, name)`` of everyone who joined ``table_id``, in no set order."""
        rows = self._read("SELECT token, seat, name FROM truco_players WHERE table_id = ? "
                          "ORDER BY token", (table_id,))
        return [(r[0], None if r[1] is None else int(r[1]), r[2]) for r in rows]

    def events(self, table_id: str) -> list[tuple[int, str, str]]:
        """``(seat, kind, value)`` of every event of ``table_id``, in order."""
        rows = self._read("SELECT seat, kind, value FROM truco_events WHERE table_id = ? "
                          "ORDER BY n", (table_id,))
        return [(int(r[0]), r[1], r[2]) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._conn.close()
