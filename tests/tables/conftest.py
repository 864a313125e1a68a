"""Fixtures: a real tables service with the RULES.md clocks, and one with short clocks."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from tables_helpers import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "tables.sqlite3", away=60.0, vote=10.0)
    yield s
    s.stop()


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[Server]:
    """Short clocks: a bot takes a gone seat after 1 s, partners have 1 s to agree."""
    s = Server(tmp_path / "tables.sqlite3", away=1.0, vote=1.0)
    yield s
    s.stop()
