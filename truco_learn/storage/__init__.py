"""The database layer every store shares: SQLite embedded, PostgreSQL when shared.

- :mod:`.database`: ``connect(path_or_url)`` → :class:`Database` (``transaction()``,
  ``query()``, ``tables()``; ``?`` placeholders; driver errors become :class:`StorageError`).
- :mod:`.migrations`: ordered :class:`Migration` s per component and ``migrate()``.

See docs/internal-api.md ("Storage") for how a store moves onto it.
"""

from .database import (Database, StorageError, StorageLockedError, Transaction, connect,
                       is_postgres_url, now_iso, redact)
from .migrations import Migration, migrate, schema_version

__all__ = ["Database", "Migration", "StorageError", "StorageLockedError", "Transaction",
           "connect", "is_postgres_url", "migrate", "now_iso", "redact", "schema_version"]
