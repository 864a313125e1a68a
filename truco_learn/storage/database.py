"""One small database interface over SQLite (embedded default) and PostgreSQL (shared).

``connect(target)`` takes a path (or ``sqlite:///path``) for SQLite, or a
``postgresql://user:pass@host:port/dbname`` URL (psycopg 3). SQL is written once, with ``?``
placeholders and the portable subset both engines speak (``INSERT ... ON CONFLICT DO NOTHING``,
``COALESCE``, ...); the dialect layer translates the placeholders for psycopg.

Every operation opens its own connection and closes it (a culled Voilà kernel holds nothing),
unless :meth:`Database.keep_open` asks for one connection kept for the life of a long-running
process (the tables service: one write per action, no connection set-up each time):

>>> import os, tempfile
>>> db = connect(os.path.join(tempfile.mkdtemp(), "x.sqlite3"))
>>> db.dialect, db.tables()
('sqlite', set())
>>> with db.transaction() as tx:
...     tx.execute("CREATE TABLE t (k TEXT PRIMARY KEY, n INTEGER)")
...     tx.execute("INSERT INTO t VALUES (?, ?) ON CONFLICT DO NOTHING", ("a", 1))
>>> db.query("SELECT k, n FROM t WHERE n >= ?", (1,))
[('a', 1)]
>>> translate_placeholders("SELECT '?', x FROM t WHERE a = ? AND b LIKE '10%'", "postgresql")
"SELECT '?', x FROM t WHERE a = %s AND b LIKE '10%%'"
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Literal, Sequence

from ..errors import TrucoError

Dialect = Literal["sqlite", "postgresql"]
Params = Sequence[Any]
BUSY_TIMEOUT_S = 10.0
PG_CONNECT_TIMEOUT_S = 10
_PG_SCHEMES = ("postgresql://", "postgres://")


class StorageError(TrucoError):
    """A database cannot be opened, read or written (the message says which and why)."""


class StorageLockedError(StorageError):
    """Another program holds the database; nothing was written, try again later."""


def now_iso() -> str:
    """The current UTC time, ISO 8601 with a ``Z``, to the millisecond (stored as text by
    every store, so both engines sort it the same)."""
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds").replace(
        "+00:00", "Z")


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(_PG_SCHEMES)


def redact(url: str) -> str:
    """A URL fit for a message: the password hidden.

    >>> redact("postgresql://tl:secret@db:5432/class")
    'postgresql://tl:***@db:5432/class'
    """
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def translate_placeholders(sql: str, dialect: Dialect) -> str:
    """``?`` → ``%s`` (and a literal ``%`` → ``%%``) for psycopg, outside quoted strings."""
    if dialect == "sqlite":
        return sql
    out: list[str] = []
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
            out.append(ch)
        elif ch == "%":
            out.append("%%")
        elif ch == "?" and not quoted:
            out.append("%s")
        else:
            out.append(ch)
    return "".join(out)


def lock_key(name: str) -> int:
    """A stable signed 64-bit key for ``pg_advisory_xact_lock`` (same in every process)."""
    return int.from_bytes(hashlib.blake2b(name.encode("utf-8"), digest_size=8).digest(),
                          "big", signed=True)


class Transaction:
    """What an operation sees inside :meth:`Database.transaction`."""

    def __init__(self, db: "Database", conn: Any) -> None:
        self.db = db
        self._conn = conn

    def execute(self, sql: str, params: Params = ()) -> None:
        self._conn.execute(translate_placeholders(sql, self.db.dialect), tuple(params))

    def query(self, sql: str, params: Params = ()) -> list[tuple[Any, ...]]:
        cur = self._conn.execute(translate_placeholders(sql, self.db.dialect), tuple(params))
        return [tuple(r) for r in cur.fetchall()]

    def lock(self, name: str) -> None:
        """Serialize writers on ``name`` until the transaction ends. SQLite's ``BEGIN
        IMMEDIATE`` already serializes every writer; PostgreSQL takes an advisory lock."""
        if self.db.dialect == "postgresql":
            self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(name),))


class Database:
    """A database reached by :func:`connect`; ``where`` names it in messages (no password)."""

    def __init__(self, target: str, dialect: Dialect, label: str, readonly: bool) -> None:
        self.target = target
        self.dialect: Dialect = dialect
        self.label = label
        self.readonly = readonly
        self.where = redact(target) if dialect == "postgresql" else target
        self.path: Path | None = Path(target) if dialect == "sqlite" else None
        self.busy_timeout = BUSY_TIMEOUT_S  # SQLite: how long a writer waits for the lock
        self._kept_lock: threading.RLock | None = None  # set by keep_open()
        self._kept: Any = None

    def keep_open(self) -> "Database":
        """Use one connection for every operation from now on (opened on first use, opened
        again after an error), shared by this process's threads one operation at a time.
        For a long-lived process that writes often (the tables service); :meth:`close` ends it.

        >>> import os, tempfile
        >>> db = connect(os.path.join(tempfile.mkdtemp(), "k.sqlite3")).keep_open()
        >>> db.query("SELECT 1"), db.query("SELECT 2")
        ([(1,)], [(2,)])
        >>> db.close()
        """
        self._kept_lock = threading.RLock()
        return self

    def close(self) -> None:
        """Close the kept connection, if any (the next operation opens a new one)."""
        if self._kept_lock is None:
            return
        with self._kept_lock:
            kept, self._kept = self._kept, None
            if kept is not None:
                try:
                    kept.close()
                except Exception:
                    pass

    # ---------------------------------------------------------------- connections

    def _open(self) -> Any:
        if self.dialect == "postgresql":
            import psycopg
            opts = "-c default_transaction_read_only=on" if self.readonly else None
            try:
                return psycopg.connect(self.target, autocommit=True, options=opts,
                                       connect_timeout=PG_CONNECT_TIMEOUT_S)
            except psycopg.Error as exc:
                raise StorageError(f"cannot open the {self.label} {self.where}: "
                                   f"{_first_line(exc)}") from None
        try:
            if self.readonly:
                uri = f"{Path(self.target).resolve().as_uri()}?mode=ro"
                conn = sqlite3.connect(uri, uri=True, timeout=self.busy_timeout,
                                       isolation_level=None, check_same_thread=False)
            else:
                conn = sqlite3.connect(self.target, timeout=self.busy_timeout,
                                       isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the {self.label} {self.where}: {exc}") from None
        if not self.readonly:
            try:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.OperationalError:
                pass  # a locked database answers the operation itself with a clear error
            except sqlite3.DatabaseError as exc:
                conn.close()
                raise self._not_ours(exc) from None
        return conn

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        if self._kept_lock is None:
            conn = self._open()
            try:
                yield conn
            finally:
                conn.close()
            return
        with self._kept_lock:  # one operation at a time on the kept connection
            if self._kept is None or _is_closed(self._kept):
                self._kept = self._open()
            try:
                yield self._kept
            except BaseException:
                self.close()  # whatever state the error left it in, the next one starts clean
                raise

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """One transaction on its own connection: committed when the block ends, rolled back
        when it raises. SQLite starts it with ``BEGIN IMMEDIATE`` (the write lock up front)."""
        with self._connection() as conn, self._errors("write to"):
            conn.execute("BEGIN IMMEDIATE" if self.dialect == "sqlite" else "BEGIN")
            try:
                yield Transaction(self, conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def query(self, sql: str, params: Params = ()) -> list[tuple[Any, ...]]:
        """Rows of one read (its own connection, no explicit transaction)."""
        with self._connection() as conn, self._errors("read"):
            cur = conn.execute(translate_placeholders(sql, self.dialect), tuple(params))
            return [tuple(r) for r in cur.fetchall()]

    def tables(self) -> set[str]:
        """The names of the tables in the database (the current schema on PostgreSQL)."""
        if self.dialect == "sqlite":
            sql = "SELECT name FROM sqlite_master WHERE type='table'"
        else:
            sql = ("SELECT table_name FROM information_schema.tables "
                   "WHERE table_schema = current_schema()")
        return {str(r[0]) for r in self.query(sql)}

    # ---------------------------------------------------------------- errors

    def _not_ours(self, exc: Exception) -> StorageError:
        return StorageError(f"{self.where} is not a truco-learn {self.label} ({exc}); "
                            "move it away or choose another --db")

    @contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        """Driver errors become one-line StorageErrors naming the database."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StorageLockedError(f"the {self.label} {self.where} is locked by another "
                                         "program; nothing was lost, try again in a moment"
                                         ) from None
            raise StorageError(f"cannot {what} the {self.label} {self.where}: {exc}") from None
        except sqlite3.IntegrityError as exc:  # a row that breaks a key: refused, not corrupt
            raise StorageError(f"cannot {what} the {self.label} {self.where}: {exc}") from None
        except sqlite3.DatabaseError as exc:
            raise self._not_ours(exc) from None
        except Exception as exc:
            if self.dialect == "postgresql" and _is_psycopg_error(exc):
                raise StorageError(f"cannot {what} the {self.label} {self.where}: "
                                   f"{_first_line(exc)}") from None
            raise


def _is_closed(conn: Any) -> bool:
    """A psycopg connection the server dropped (a SQLite connection never is)."""
    return bool(getattr(conn, "closed", False) or getattr(conn, "broken", False))


def _is_psycopg_error(exc: Exception) -> bool:
    import psycopg
    return isinstance(exc, psycopg.Error)


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def connect(target: str | os.PathLike[str], label: str = "database", *,
            readonly: bool = False, create: bool = True) -> Database:
    """The database at ``target``: a PostgreSQL URL, ``sqlite:///path`` or a file path.

    SQLite: a path whose directory does not exist is refused (``create`` makes it when the
    caller chose a default location); ``readonly`` requires the file to exist and never
    changes it. PostgreSQL: the server must answer now (checked with one query).
    """
    text = os.fspath(target)
    if is_postgres_url(text):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise StorageError(f"the {label} {redact(text)} is on PostgreSQL, which needs "
                               "psycopg 3: pip install 'psycopg[binary]'") from None
        db = Database(text, "postgresql", label, readonly)
        db.query("SELECT 1")
        return db
    if "://" in text:
        if not text.startswith("sqlite:///"):
            raise StorageError(f"cannot use the {label} {redact(text)}: give a file path, "
                               "sqlite:///path or postgresql://user:password@host/dbname")
        text = text[len("sqlite://"):]
    path = Path(text).expanduser()
    if readonly:
        if not path.is_file():
            raise StorageError(f"there is no {label} at {path}")
        return Database(str(path), "sqlite", label, True)
    if not path.parent.is_dir():
        if not create:
            raise StorageError(f"cannot use the {label} {path}: the directory {path.parent} "
                               "does not exist (create it, or choose another --db)")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot create the data directory {path.parent}: "
                               f"{exc.strerror or exc}") from None
    if path.is_dir():
        raise StorageError(f"the {label} path {path} is a directory")
    return Database(str(path), "sqlite", label, False)
