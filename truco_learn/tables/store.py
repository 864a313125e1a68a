"""Where tables live between restarts: SQLite (embedded default) or the class's PostgreSQL.

The store is on the shared storage layer (:mod:`truco_learn.storage`): every write is its own
transaction, the schema is migrated in place (component ``tables``, never recreated), and the
same SQL runs on both engines. The database is ``--db``, else ``TRUCO_LEARN_TABLES_DB``, else
``TRUCO_LEARN_DB`` when that is a ``postgresql://`` URL (one PostgreSQL holds a class's
progress and its tables), else ``tables.sqlite3`` in the user's data directory. The service is
one long-lived process, so the store keeps one connection open (:meth:`Database.keep_open`).

>>> import tempfile, os
>>> store = TableStore(os.path.join(tempfile.mkdtemp(), "t.sqlite3"))
>>> store.create_table(StoredTable("t1", "paulista-2p", {}, ["human", "bot:coach"], False,
...                                False, 7, "2026-01-01T00:00:00Z", {}))
>>> store.add_player("t1", "tok", 0, "Ana")
>>> store.append_event("t1", 0, 0, "act", "raise")
>>> [t.table_id for t in store.tables()], store.players("t1"), store.events("t1")
(['t1'], [('tok', 0, 'Ana')], [(0, 'act', 'raise')])

A finished table is marked so: a start-up restores only the others, and reads a finished one
back when it is asked for (``finished_table``):

>>> store.mark_finished("t1")
>>> store.open_tables(), store.finished_table("t1").table_id, store.has_table("t1")
([], 't1', True)
>>> store.finished_table("t2") is None, store.has_table("t2")
(True, False)
>>> store.close()
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from ..storage import (Database, Migration, StorageError, connect, is_postgres_url, migrate)

ENV_VAR = "TRUCO_LEARN_TABLES_DB"
SHARED_ENV_VAR = "TRUCO_LEARN_DB"  # the class's store; used when it is a database URL
COMPONENT = "tables"
LABEL = "tables database"

MIGRATIONS = (
    # version 1 is the schema from before versions were recorded, so it adopts such files
    Migration(1, "tables, players and the action log", (
        "CREATE TABLE IF NOT EXISTS truco_tables (table_id VARCHAR(64) PRIMARY KEY, "
        "variant VARCHAR(64) NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL, "
        "votes INTEGER NOT NULL, signals INTEGER NOT NULL, seed BIGINT NOT NULL, "
        "created_at VARCHAR(40) NOT NULL, extra TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS truco_players (table_id VARCHAR(64) NOT NULL, "
        "token VARCHAR(64) NOT NULL, seat INTEGER, name VARCHAR(200) NOT NULL, "
        "PRIMARY KEY (table_id, token))",
        "CREATE TABLE IF NOT EXISTS truco_events (table_id VARCHAR(64) NOT NULL, "
        "n INTEGER NOT NULL, seat INTEGER NOT NULL, kind VARCHAR(16) NOT NULL, "
        "value VARCHAR(64) NOT NULL, PRIMARY KEY (table_id, n))",
    )),
    # 1: its match is over, 0: not yet; NULL: not known (a table stored before version 2,
    # which the service's next start-up replays once and marks)
    Migration(2, "a finished table is marked, so a start-up restores only the open ones", (
        "ALTER TABLE truco_tables ADD COLUMN finished INTEGER",
        "CREATE INDEX IF NOT EXISTS truco_tables_open ON truco_tables (finished, created_at)",
    )),
)

_SPEC = "table_id, variant, options, seats, votes, signals, seed, created_at, extra"


class TableStoreError(StorageError):
    """The tables database cannot be opened or written (the message says why)."""


def default_tables_db() -> Path:
    """``$TRUCO_LEARN_TABLES_DB`` (when a path), else ``tables.sqlite3`` in the user's data
    directory."""
    env = os.environ.get(ENV_VAR)
    if env and "://" not in env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / "truco-learn" / "tables.sqlite3"


def default_target() -> tuple[str, bool]:
    """The database when none is given, and whether the user chose it (an explicit file path
    whose directory is missing is refused; the default directory is created)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return env, True
    shared = os.environ.get(SHARED_ENV_VAR, "")
    if is_postgres_url(shared):
        return shared, True
    return str(default_tables_db()), False


@contextmanager
def _as_store_errors() -> Iterator[None]:
    try:
        yield
    except TableStoreError:
        raise
    except StorageError as exc:
        raise TableStoreError(str(exc)) from None


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
    """The tables database at ``path`` (a file path, ``sqlite:///path`` or a
    ``postgresql://`` URL; ``None``: :func:`default_target`)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        target, explicit = (os.fspath(path), True) if path is not None else default_target()
        with _as_store_errors():
            self.db: Database = connect(target, LABEL, create=not explicit).keep_open()
            migrate(self.db, COMPONENT, MIGRATIONS)

    @property
    def path(self) -> Path | None:
        """The SQLite file (``None`` on PostgreSQL)."""
        return self.db.path

    @property
    def where(self) -> str:
        """The database for a message: the file, or the URL without its password."""
        return self.db.where

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        with _as_store_errors(), self.db.transaction() as tx:
            tx.execute(sql, args)

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with _as_store_errors():
            return self.db.query(sql, args)

    def create_table(self, t: StoredTable) -> None:
        """Store a new table (not finished)."""
        self._write(f"INSERT INTO truco_tables ({_SPEC}, finished) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
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

    def mark_finished(self, table_id: str) -> None:
        """Record that ``table_id``'s match is over (the service writes it when the match
        ends; writing it again changes nothing)."""
        self._write("UPDATE truco_tables SET finished = 1 WHERE table_id = ?", (table_id,))

    def tables(self) -> list[StoredTable]:
        """Every stored table, oldest first."""
        return self._specs(f"SELECT {_SPEC} FROM truco_tables ORDER BY created_at, table_id")

    def open_tables(self) -> list[StoredTable]:
        """Every stored table not marked finished, oldest first: the open ones, and those
        stored before finished tables were marked (not known yet)."""
        return self._specs(f"SELECT {_SPEC} FROM truco_tables WHERE finished IS NULL OR "
                           "finished = 0 ORDER BY created_at, table_id")

    def finished_table(self, table_id: str) -> StoredTable | None:
        """``table_id`` when it is stored and marked finished, else ``None``."""
        found = self._specs(f"SELECT {_SPEC} FROM truco_tables WHERE table_id = ? AND "
                            "finished = 1", (table_id,))
        return found[0] if found else None

    def has_table(self, table_id: str) -> bool:
        """Whether any table, finished or not, is stored as ``table_id``."""
        return bool(self._read("SELECT 1 FROM truco_tables WHERE table_id = ?", (table_id,)))

    def _specs(self, sql: str, args: tuple[Any, ...] = ()) -> list[StoredTable]:
        return [StoredTable(r[0], r[1], json.loads(r[2]), json.loads(r[3]), bool(r[4]),
                            bool(r[5]), int(r[6]), r[7], json.loads(r[8]))
                for r in self._read(sql, args)]

    def players(self, table_id: str) -> list[tuple[str, int | None, str]]:
        """``(token, seat, name)`` of everyone who joined ``table_id``, by token."""
        rows = self._read("SELECT token, seat, name FROM truco_players WHERE table_id = ? "
                          "ORDER BY token", (table_id,))
        return [(r[0], None if r[1] is None else int(r[1]), r[2]) for r in rows]

    def events(self, table_id: str) -> list[tuple[int, str, str]]:
        """``(seat, kind, value)`` of every event of ``table_id``, in order."""
        rows = self._read("SELECT seat, kind, value FROM truco_events WHERE table_id = ? "
                          "ORDER BY n", (table_id,))
        return [(int(r[0]), r[1], r[2]) for r in rows]

    def close(self) -> None:
        self.db.close()
