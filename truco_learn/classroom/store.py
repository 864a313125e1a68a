"""Progress: one row per answer, each written in its own transaction, on SQLite or PostgreSQL.

The database is ``--db``, else the ``TRUCO_LEARN_DB`` environment variable, else
``progress.sqlite3`` in the user's data directory (``$XDG_DATA_HOME/truco-learn`` or
``~/.local/share/truco-learn``). A ``postgresql://user:password@host/dbname`` URL in either
place puts a whole class (every server of a JupyterHub) on one shared PostgreSQL. SQLite runs
in WAL mode with a busy timeout, so two tabs (two kernels, two processes) write at once; a
crash loses at most the answer being written. The schema is migrated in place
(:mod:`truco_learn.storage.migrations`, component ``progress``), never recreated.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "p.sqlite3")
>>> store = ProgressStore(path)
>>> store.record("tl1abc", "Ana", 2, 0, "manilhas", 7, "paulista-2p", "queens", True, "manilhas.vira")
1
>>> [(a.position, a.choice, a.attempt) for a in store.answers("tl1abc", "Ana")]
[(0, 'queens', 1)]
>>> store.codes()
['tl1abc']
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..storage import Database, Migration, StorageError, connect, migrate, now_iso
from ..storage import database as _database

ENV_VAR = "TRUCO_LEARN_DB"
BUSY_TIMEOUT_S = 10.0
COMPONENT = "progress"
LABEL = "progress database"

MIGRATIONS = (
    # version 1 is the schema from before versions were recorded, so it adopts such files
    Migration(1, "students and answers", (
        "CREATE TABLE IF NOT EXISTS students (code TEXT NOT NULL, student TEXT NOT NULL, "
        "started_at TEXT NOT NULL, PRIMARY KEY (code, student))",
        "CREATE TABLE IF NOT EXISTS answers (id {id_pk}, code TEXT NOT NULL, "
        "student TEXT NOT NULL, lesson INTEGER NOT NULL, position INTEGER NOT NULL, "
        "kind TEXT NOT NULL, seed INTEGER NOT NULL, variant TEXT NOT NULL, "
        "choice TEXT NOT NULL, correct INTEGER NOT NULL, rule TEXT NOT NULL, "
        "answered_at TEXT NOT NULL, attempt INTEGER NOT NULL, "
        "UNIQUE (code, student, lesson, position, attempt))",
        "CREATE INDEX IF NOT EXISTS answers_by_student ON answers (code, student)",
    )),
    # the teacher's live dashboard asks "anything new in this class?" every few seconds
    Migration(2, "answers by class for the live dashboard", (
        "CREATE INDEX IF NOT EXISTS answers_by_code ON answers (code, id)",
    )),
)


class StoreError(StorageError):
    """The progress database cannot be opened or written (the message says why)."""


def default_db_path() -> Path:
    """``$TRUCO_LEARN_DB`` (when it is a path), else the user's data directory."""
    env = os.environ.get(ENV_VAR)
    if env and "://" not in env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / "truco-learn" / "progress.sqlite3"


def default_target() -> str:
    """``$TRUCO_LEARN_DB`` as given (a path or a database URL), else :func:`default_db_path`."""
    return os.environ.get(ENV_VAR) or str(default_db_path())


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


@contextmanager
def _as_store_errors() -> Iterator[None]:
    try:
        yield
    except StoreError:
        raise
    except StorageError as exc:
        raise StoreError(str(exc)) from None


class ProgressStore:
    """The progress database at ``path`` (a file path or a ``postgresql://`` URL; ``None``:
    ``$TRUCO_LEARN_DB``, else :func:`default_db_path`).

    An explicit file path whose directory does not exist is refused (a typo should not scatter
    databases around); the default directory is created. ``readonly`` (grading) never creates
    or changes anything.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None,
                 readonly: bool = False) -> None:
        explicit = path is not None or bool(os.environ.get(ENV_VAR))
        target = os.fspath(path) if path is not None else default_target()
        self.readonly = readonly
        with _as_store_errors():
            self.db: Database = connect(target, LABEL, readonly=readonly, create=not explicit)
            self.db.busy_timeout = BUSY_TIMEOUT_S
            if readonly:
                if not {"answers", "students"} <= self.db.tables():
                    raise StoreError(f"{self.db.where} is not a truco-learn progress database "
                                     "(it has no answers table)")
                return
            migrate(self.db, COMPONENT, MIGRATIONS)

    @property
    def path(self) -> Path | None:
        """The SQLite file (``None`` on PostgreSQL)."""
        return self.db.path

    @property
    def where(self) -> str:
        """The database for a message: the file, or the URL without its password."""
        return self.db.where

    @property
    def name(self) -> str:
        """A short name: the file name, or the URL without its password."""
        return self.db.path.name if self.db.path is not None else self.db.where

    # ---------------------------------------------------------------- writes

    def start(self, code: str, student: str) -> None:
        """Register a student on an assignment (idempotent)."""
        with _as_store_errors(), self.db.transaction() as tx:
            tx.execute("INSERT INTO students VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                       (code, student, now_iso()))

    def record(self, code: str, student: str, lesson: int, position: int, kind: str, seed: int,
               variant: str, choice: str, correct: bool, rule: str,
               answered_at: str | None = None) -> int:
        """Store one answer in its own transaction; return its attempt number (1 = first)."""
        at = answered_at or now_iso()
        with _as_store_errors(), self.db.transaction() as tx:
            tx.lock(f"answers {code} {student}")  # attempt numbers are per student
            rows = tx.query("SELECT COALESCE(MAX(attempt), 0) + 1 FROM answers WHERE code=? "
                            "AND student=? AND lesson=? AND position=?",
                            (code, student, lesson, position))
            attempt = int(rows[0][0])
            tx.execute("INSERT INTO students VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                       (code, student, at))
            tx.execute("INSERT INTO answers (code, student, lesson, position, kind, seed, "
                       "variant, choice, correct, rule, answered_at, attempt) VALUES "
                       "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (code, student, lesson, position, kind, seed, variant, choice,
                        int(correct), rule, at, attempt))
        return attempt

    # ---------------------------------------------------------------- reads

    def answers(self, code: str, student: str) -> list[StoredAnswer]:
        """Every answer of a student on an assignment, in the order given."""
        with _as_store_errors():
            rows = self.db.query(
                "SELECT lesson, position, kind, seed, variant, choice, correct, rule, "
                "answered_at, attempt FROM answers WHERE code=? AND student=? ORDER BY id",
                (code, student))
        return [StoredAnswer(int(r[0]), int(r[1]), r[2], int(r[3]), r[4], r[5], bool(r[6]),
                             r[7], r[8], int(r[9])) for r in rows]

    def students(self, code: str) -> list[str]:
        """The students registered on an assignment, in the order they started."""
        with _as_store_errors():
            rows = self.db.query("SELECT student FROM students WHERE code=? "
                                 "ORDER BY started_at, student", (code,))
        return [str(r[0]) for r in rows]

    def codes(self) -> list[str]:
        """Every assignment someone has started, the most recently started first."""
        with _as_store_errors():
            rows = self.db.query("SELECT code FROM students GROUP BY code "
                                 "ORDER BY MAX(started_at) DESC, code")
        return [str(r[0]) for r in rows]

    def stamp(self, code: str) -> tuple[int, int, int]:
        """``(students, answers, last answer id)`` of an assignment: the live dashboard
        regrades only when this changes."""
        with _as_store_errors():
            n = self.db.query("SELECT COUNT(*) FROM students WHERE code=?", (code,))
            a = self.db.query("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM answers WHERE code=?",
                              (code,))
        return int(n[0][0]), int(a[0][0]), int(a[0][1])

    def count(self) -> int:
        """How many answers the database holds (all assignments)."""
        with _as_store_errors():
            rows = self.db.query("SELECT COUNT(*) FROM answers")
        return int(rows[0][0])


__all__ = ["BUSY_TIMEOUT_S", "ENV_VAR", "MIGRATIONS", "ProgressStore", "StoreError",
           "StoredAnswer", "default_db_path", "default_target", "now_iso"]
