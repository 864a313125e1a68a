"""Benchmark of the tables store alone (not a test): how fast one action is written, each in its
own transaction, as the tables service writes it, on SQLite and on PostgreSQL.

    .venv/bin/python benchmarks/tables_store.py --writes 2000
    .venv/bin/python benchmarks/tables_store.py --writes 2000 --temp-postgres

``--temp-postgres`` starts a throwaway PostgreSQL from the machine's binaries (the tests'
``tests/postgres_server.py``), ``--db URL`` uses yours (an empty database).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from truco_learn.tables.store import StoredTable, TableStore

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def temp_postgres() -> Iterator[str]:
    """A fresh database on a throwaway local PostgreSQL, stopped afterwards."""
    sys.path.insert(0, str(ROOT / "tests"))
    from postgres_server import PostgresServer, find_bindir

    bindir = find_bindir()
    if bindir is None:
        raise SystemExit("no PostgreSQL binaries (apt-get install postgresql)")
    server = PostgresServer(bindir).start()
    try:
        yield server.create_database("bench")
    finally:
        server.stop()


def writes_per_second(target: str, writes: int) -> float:
    store = TableStore(target)
    store.create_table(StoredTable("bench", "paulista-2p", {}, ["human", "human"], False, False,
                                   1, "2026-01-01T00:00:00.000Z", {}))
    start = time.perf_counter()
    for i in range(writes):
        store.append_event("bench", i, i % 2, "act", "play:4C")
    elapsed = time.perf_counter() - start
    assert len(store.events("bench")) == writes
    store.close()
    return writes / elapsed


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--writes", type=int, default=2000)
    p.add_argument("--db", default=None, help="a postgresql:// URL (default: a SQLite file)")
    p.add_argument("--temp-postgres", action="store_true",
                   help="a throwaway local PostgreSQL")
    args = p.parse_args()
    if args.temp_postgres:
        with temp_postgres() as url:
            rate = writes_per_second(url, args.writes)
        engine = "postgresql"
    elif args.db:
        rate, engine = writes_per_second(args.db, args.writes), "postgresql"
    else:
        with tempfile.TemporaryDirectory() as tmp:
            rate = writes_per_second(os.path.join(tmp, "t.sqlite3"), args.writes)
        engine = "sqlite"
    print(json.dumps({"engine": engine, "writes": args.writes,
                      "writes_per_s": round(rate), "ms_per_write": round(1000 / rate, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
