"""The SQLite store: two processes writing at once lose nothing; bad paths, locks and broken
files get clear messages and lose no answer."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore, StoreError
from truco_learn.classroom import store as store_module

WRITER = textwrap.dedent("""
    import sys
    from truco_learn.classroom.store import ProgressStore
    path, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = ProgressStore(path)
    for i in range(n):
        # both writers answer the same questions of the same student: attempt numbers collide
        store.record("tl1code", "Ana", 2, i % 5, "manilhas", i, "paulista-2p", f"{who}-{i}",
                     i % 2 == 0, "manilhas.vira")
    print("done", who)
""")


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    ProgressStore(db)
    n = 150
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(db), who, str(n)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for who in ("A", "B")]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    store = ProgressStore(db)
    answers = store.answers("tl1code", "Ana")
    assert store.count() == 2 * n == len(answers)
    assert {a.choice for a in answers} == {f"{w}-{i}" for w in "AB" for i in range(n)}
    for pos in range(5):  # attempts per question are 1..k with no gap and no duplicate
        attempts = sorted(a.attempt for a in answers if a.position == pos)
        assert attempts == list(range(1, len(attempts) + 1))
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_default_path_env_and_missing_directory(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRUCO_LEARN_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = ProgressStore()  # the default data directory is created
    assert store.path == tmp_path / "data" / "truco-learn" / "progress.sqlite3"
    assert store.path.exists()
    monkeypatch.setenv("TRUCO_LEARN_DB", str(tmp_path / "env.sqlite3"))
    assert ProgressStore().path == tmp_path / "env.sqlite3"
    with pytest.raises(StoreError, match="directory .* does not exist"):
        ProgressStore(tmp_path / "no" / "such" / "dir" / "p.sqlite3")
    assert not (tmp_path / "no").exists()
    with pytest.raises(StoreError, match="is a directory"):
        ProgressStore(tmp_path)


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    bad = tmp_path / "notes.sqlite3"
    bad.write_bytes(b"this is not sqlite " * 100)
    with pytest.raises(StoreError, match="not a truco-learn progress database"):
        ProgressStore(bad)
    assert bad.read_bytes() == b"this is not sqlite " * 100  # untouched


def test_locked_database_keeps_the_answer_and_writes_it_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_S", 0.1)
    db = tmp_path / "p.sqlite3"
    store = ProgressStore(db)
    a = Assignment("Locks", (2,), 3, seed=5)
    session = AssignmentSession(a.code(), store, "Bia")
    items = session.quizzes[0][1]
    blocker = sqlite3.connect(db, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        fb = session.answer(2, 0, items[0].answer)
        assert fb.correct  # the student still gets the feedback
        assert session.store_problem is not None and "locked" in session.store_problem
        assert len(session.pending) == 1
        assert session.results()["claimed"]["right"] == 1  # the download has it
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    session.answer(2, 1, items[1].choices[0])
    assert session.store_problem is None and not session.pending
    stored = store.answers(a.code(), "Bia")
    assert [(s.position, s.choice) for s in stored] == [(0, items[0].answer),
                                                         (1, items[1].choices[0])]


def test_grading_opens_a_database_read_only(tmp_path: Path) -> None:
    other = tmp_path / "someone_elses.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (x TEXT)")
    before = other.read_bytes()
    with pytest.raises(StoreError, match="not a truco-learn progress database"):
        ProgressStore(other, readonly=True)
    assert other.read_bytes() == before  # no tables were added to it
    with pytest.raises(StoreError, match="there is no progress database"):
        ProgressStore(tmp_path / "missing.sqlite3", readonly=True)
    assert not (tmp_path / "missing.sqlite3").exists()
    db = tmp_path / "p.sqlite3"
    ProgressStore(db).record("c", "Ana", 1, 0, "k", 1, "v", "x", True, "r")
    ro = ProgressStore(db, readonly=True)
    assert [a.choice for a in ro.answers("c", "Ana")] == ["x"] and ro.students("c") == ["Ana"]
    with pytest.raises(StoreError):
        ro.record("c", "Ana", 1, 1, "k", 1, "v", "y", True, "r")
    assert ProgressStore(db).count() == 1
