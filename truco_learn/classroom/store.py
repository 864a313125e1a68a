"""Progress in SQLite: one row per answer, each written in its own transaction.

The database path is ``--db``, else the ``TRUCO_LEARN_DB`` environment variable, else
``progress.sqlite3`` in the user's data directory (``$XDG_DATA_HOME/truco-learn`` or
``~/.local/share/truco-learn``). WAL mode and a busy timeout let two tabs (two kernels, two
processes) write at once; a crash loses at most the answer being written.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "p.sqlite3")
>>> store = ProgressStore(path)
>>> store.record("tl1abc", "Ana", 2, 0, "manilhas", 7, "paulista-2p", "queens", True, "manilhas.vira")
1
>>> [(a.position, a.choice, a.attempt) for a in store.answers("tl1abc", "Ana")]
[(0, 'queens', 1)]
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

from ..errors import TrucoError

T = TypeVar("T")
ENV_VAR = "TRUCO_LEARN_DB"
BUSY_TIMEOUT_S = 10.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS students (
    code TEXT NOT NULL, student TEXT NOT NULL, started_at TEXT NOT NULL,
    PRIMARY KEY (code, student));
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL, student TEXT NOT NULL, lesson INTEGER NOT NULL,
    position INTEGER NOT NULL, kind TEXT NOT NULL, seed INTEGER NOT NULL, variant TEXT NOT NULL,
    choice TEXT NOT NULL, correct INTEGER NOT NULL, rule TEXT NOT NULL,
    answered_at TEXT NOT NULL, attempt INTEGER NOT NULL,
    UNIQUE (code, student, lesson, position, attempt));
CREATE INDEX IF NOT EXISTS answers_by_student ON answers (code, student);
"""


class StoreError(TrucoError):
    """The progress database cannot be opened or written (the message says why)."""


def default_db_path() -> Path:
    """``$TRUCO_LEARN_DB``, else the user's data directory."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / "truco-learn" / "progress.sqlite3"


def now_iso() -> str:
    """The current UTC time, ISO 8601 with a ``Z``, to the millisecond."""
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds").replace(
        "+00:00", "Z")


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    lesson: int
    position: int
    kind: str
    seed: int
    variant: str
    choice: str
    correct: bool
    rule: str
    answered_at: str
    attempt: int


class ProgressStore:
    """A SQLite progress database at ``path`` (``None``: :func:`default_db_path`).

    An explicit path whose directory does not exist is refused (a typo should not scatter
    databases around); the default directory is created.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None,
                 readonly: bool = False) -> None:
        explicit = path is not None or bool(os.environ.get(ENV_VAR))
        self.path = Path(path).expanduser() if path is not None else default_db_path()
        self.readonly = readonly
        if readonly:  # grading reads a database and must never create or change one
            if not self.path.is_file():
                raise StoreError(f"there is no progress database at {self.path}")
            with self._connect() as conn:
                names = {r[0] for r in self._run(conn, lambda c: c.execute(
                    "SELECT name FROM sqlite_master WHERE type='table'").fetchall(), "read")}
            if not {"answers", "students"} <= names:
                raise StoreError(f"{self.path} is not a truco-learn progress database (it has "
                                 "no answers table)")
            return
        parent = self.path.parent
        if not parent.is_dir():
            if explicit:
                raise StoreError(f"cannot use the progress database {self.path}: the directory "
                                 f"{parent} does not exist (create it, or choose another --db)")
            try:
                parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the data directory {parent}: "
                                 f"{exc.strerror or exc}") from None
        if self.path.is_dir():
            raise StoreError(f"the progress database path {self.path} is a directory")
        with self._connect() as conn:
            self._run(conn, lambda c: c.executescript(_SCHEMA), "create the tables in")

    # ---------------------------------------------------------------- plumbing

    def _connect(self) -> "_Conn":
        return _Conn(self.path, self.readonly)

    def _run(self, conn: sqlite3.Connection, op: Callable[[sqlite3.Connection], T],
             what: str) -> T:
        try:
            return op(conn)
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreError(f"the progress database {self.path} is locked by another "
                                 f"program; nothing was lost, try again in a moment") from None
            raise StoreError(f"cannot {what} the progress database {self.path}: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is not a truco-learn progress database ({exc}); "
                             "move it away or choose another --db") from None

    # ---------------------------------------------------------------- writes

    def start(self, code: str, student: str) -> None:
        """Register a student on an assignment (idempotent)."""
        with self._connect() as conn:
            self._run(conn, lambda c: c.execute(
                "INSERT OR IGNORE INTO students VALUES (?, ?, ?)", (code, student, now_iso())),
                "write to")

    def record(self, code: str, student: str, lesson: int, position: int, kind: str, seed: int,
               variant: str, choice: str, correct: bool, rule: str,
               answered_at: str | None = None) -> int:
        """Store one answer in its own transaction; return its attempt number (1 = first)."""
        at = answered_at or now_iso()

        def op(c: sqlite3.Connection) -> int:
            c.execute("BEGIN IMMEDIATE")
            try:
                row = c.execute("SELECT COALESCE(MAX(attempt), 0) + 1 FROM answers WHERE code=? "
                                "AND student=? AND lesson=? AND position=?",
                                (code, student, lesson, position)).fetchone()
                attempt = int(row[0])
                c.execute("INSERT OR IGNORE INTO students VALUES (?, ?, ?)",
                          (code, student, at))
                c.execute("INSERT INTO answers (code, student, lesson, position, kind, seed, "
                          "variant, choice, correct, rule, answered_at, attempt) VALUES "
                          "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          (code, student, lesson, position, kind, seed, variant, choice,
                           int(correct), rule, at, attempt))
            except BaseException:
                c.execute("ROLLBACK")
                raise
            c.execute("COMMIT")
            return attempt

        with self._connect() as conn:
            return self._run(conn, op, "write to")

    # ---------------------------------------------------------------- reads

    def answers(self, code: str, student: str) -> list[StoredAnswer]:
        """Every answer of a student on an assignment, in the order given."""
        with self._connect() as conn:
            rows: list[Any] = self._run(conn, lambda c: c.execute(
                "SELECT lesson, position, kind, seed, variant, choice, correct, rule, "
                "answered_at, attempt FROM answers WHERE code=? AND student=? ORDER BY id",
                (code, student)).fetchall(), "read")
        return [StoredAnswer(int(r[0]), int(r[1]), r[2], int(r[3]), r[4], r[5], bool(r[6]),
                             r[7], r[8], int(r[9])) for r in rows]

    def students(self, code: str) -> list[str]:
        """The students registered on an assignment, in the order they started."""
        with self._connect() as conn:
            rows: list[Any] = self._run(conn, lambda c: c.execute(
                "SELECT student FROM students WHERE code=? ORDER BY started_at, student",
                (code,)).fetchall(), "read")
        return [str(r[0]) for r in rows]

    def count(self) -> int:
        """How many answers the database holds (all assignments)."""
        with self._connect() as conn:
            row: Any = self._run(conn, lambda c: c.execute(
                "SELECT COUNT(*) FROM answers").fetchone(), "read")
        return int(row[0])


class _Conn:
    """A connection opened for one operation and always closed (autocommit mode, WAL)."""

    def __init__(self, path: Path, readonly: bool = False) -> None:
        self.path = path
        self.readonly = readonly
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> sqlite3.Connection:
        try:
            if self.readonly:
                conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                       timeout=BUSY_TIMEOUT_S, isolation_level=None)
            else:
                conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the progress database {self.path}: {exc}") from None
        if self.readonly:
            self.conn = conn
            return conn
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.OperationalError:
            pass  # a locked database still answers the operation below with a clear error
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreError(f"{self.path} is not a truco-learn progress database ({exc}); "
                             "move it away or choose another --db") from None
        self.conn = conn
        return conn

    def __exit__(self, *exc: object) -> None:
        if self.conn is not None:
            self.conn.close()
