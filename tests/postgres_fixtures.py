"""Fixtures every test directory may use (a plugin: ``-p postgres_fixtures`` in pyproject.toml,
not a second ``conftest.py``, which would clash with tests/browser/conftest.py under
``--doctest-modules``).

- ``postgres`` (session): a real PostgreSQL server from the machine's binaries, started in a
  temporary directory on a free 127.0.0.1 port and stopped at the end
  (:mod:`postgres_server`). Skipped, saying why, only where no PostgreSQL binaries exist.
- ``pg_url`` (function): a fresh empty database on it, dropped afterwards.
- ``store_target`` (function, parametrized): the same store test runs on a SQLite file and,
  marked ``postgres``, on a fresh PostgreSQL database.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Iterator

import pytest

from postgres_server import PostgresServer, find_bindir

_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    bindir = find_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL tests skipped: no initdb/pg_ctl under /usr/lib/postgresql/*/bin "
                    "or on PATH (apt-get install postgresql; .ci/run does)")
    server = PostgresServer(bindir).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(postgres: PostgresServer) -> Iterator[str]:
    name = f"t{next(_names)}"
    url = postgres.create_database(name)
    yield url
    postgres.drop_database(name)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "progress.sqlite3")
    return str(request.getfixturevalue("pg_url"))
