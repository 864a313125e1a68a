"""The teacher's dashboard reads the class live from the shared store (SQLite or PostgreSQL):
students appear as they start and answer, without any results file."""

from __future__ import annotations

from pathlib import Path

import pytest

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore
from truco_learn.classroom.teacher_access import PASSWORD_ENV
from truco_learn.widgets.teacher_view import TeacherView


def test_live_dashboard_follows_the_class_in_the_store(store_target: str) -> None:
    a = Assignment("Live", (2,), 3, seed=9)
    ProgressStore(store_target)  # the app made the store
    view = TeacherView(store=ProgressStore(store_target, readonly=True))
    view.grade_code.value = a.code()
    assert not view.refresh_live()
    assert "nobody has started" in view.message.value and "0 students" in view.live_status.value

    ana = AssignmentSession(a.code(), ProgressStore(store_target), "Ana")  # another kernel
    items = ana.quizzes[0][1]
    ana.answer(2, 0, items[0].answer)
    assert view.refresh_live()
    assert view.grades is not None
    assert [(s.name, s.answered, s.right) for s in view.grades.students] == [("Ana", 1, 1)]
    assert not view.refresh_live()  # nothing new: no regrade

    bia = AssignmentSession(a.code(), ProgressStore(store_target), "Bia")
    bia.answer(2, 0, next(c for c in items[0].choices if c != items[0].answer))
    ana.answer(2, 1, items[1].answer)
    assert view.refresh_live()
    assert [(s.name, s.answered, s.right) for s in view.grades.students] == [("Ana", 2, 2),
                                                                            ("Bia", 1, 0)]
    assert "Bia" in view.table.value and "2 students, 3 answers" in view.live_status.value


def test_live_toggle_without_an_event_loop_refreshes_once(store_target: str) -> None:
    a = Assignment("Live", (2,), 3, seed=9)
    store = ProgressStore(store_target)
    store.start(a.code(), "Caio")
    view = TeacherView(store=store)
    view.grade_code.value = a.code()
    view.live.value = True
    assert view.grades is not None and [s.name for s in view.grades.students] == ["Caio"]
    view.live.value = False
    assert view.live_status.value == ""


def test_with_a_teacher_password_the_class_is_read_only_after_it(
        store_target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every student has the assignment code: with TRUCO_LEARN_TEACHER_PASSWORD set, the
    code alone reads no grade from the server (progress, live, a folder on its disk)."""
    a = Assignment("Private", (2,), 3, seed=4)
    store = ProgressStore(store_target)
    AssignmentSession(a.code(), store, "Ana").answer(2, 0, "whatever")
    folder = tmp_path / "results"
    folder.mkdir()
    (folder / "ana.json").write_text("{}", encoding="utf-8")
    monkeypatch.setenv(PASSWORD_ENV, "correct horse")
    view = TeacherView(store=store)
    assert view.password.layout.display != "none"  # the page asks for it
    view.grade_code.value = a.code()
    for attempt in ("", "correct", "correct horse "):
        view.password.value = attempt
        view.grade_database()
        assert "the Password box" in view.message.value and view.grades is None
        assert not view.refresh_live() and view.live_status.value == ""
        view.live.value = True
        assert view.live.value is False and view._live_task is None
        view.grade_folder(str(folder))
        assert "the Password box" in view.message.value and "ana.json" not in str(
            view.message.value) + view.table.value
    view.password.value = "correct horse"
    view.grade_database()
    assert view.grades is not None and [s.name for s in view.grades.students] == ["Ana"]
    # uploaded files need no password: the uploader has them already
    monkeypatch.setenv(PASSWORD_ENV, "another")
    other = TeacherView(store=store)
    other.grade_code.value = a.code()
    other.grade_files([("x.json", b"{}")])
    assert "the Password box" not in other.message.value


def test_without_a_teacher_password_the_page_asks_for_none(
        store_target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    view = TeacherView(store=ProgressStore(store_target))
    assert view.password.layout.display == "none"
    view.grade_code.value = Assignment("Open", (2,), 3, seed=4).code()
    view.grade_database()
    assert "nobody has started" in view.message.value
