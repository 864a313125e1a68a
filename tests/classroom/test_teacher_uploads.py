"""The teacher's page when uploads go wrong: a batch with nothing to grade (garbage, a broken or
foreign JSON file, a file of another assignment) says why, file by file, and leaves the class
already on the page as it was; the reasons and counts are in the page's language; a missing
code is asked for in words meant for the teacher, not the students."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore
from truco_learn.i18n import language
from truco_learn.widgets.teacher_view import TeacherView

A = Assignment("Ties week", (2, 3), questions=4, pass_pct=50, seed=21)
OTHER = Assignment("Other week", (4,), questions=2, pass_pct=50, seed=22)
BAD = [("garbage.json", b"\x89PNG\r\n\x1a\n\x00\x00"), ("notes.json", b"hello"),
       ("list.json", b"[1, 2]"), ("empty.json", b""),
       ("other-app.json", json.dumps({"format": "something-else"}).encode())]


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "p.sqlite3")


def _results(store: ProgressStore, a: Assignment, name: str) -> tuple[str, bytes]:
    s = AssignmentSession(a.code(), store, name)
    for lesson, quiz in s.quizzes:
        for pos, item in enumerate(quiz):
            s.answer(lesson, pos, item.answer)
    return s.results_file()


def _graded(store: ProgressStore) -> TeacherView:
    view = TeacherView(store=store, page_url="http://127.0.0.1:8866/voila/render/teacher.ipynb")
    view.grade_code.value = A.code()
    view.grade_files([_results(store, A, "Ana")])
    assert view.grades is not None and [s.name for s in view.grades.students] == ["Ana"]
    return view


@pytest.mark.parametrize("upload", [[b] for b in BAD] + [BAD])
def test_a_batch_of_broken_files_changes_nothing_and_says_why(
        store: ProgressStore, upload: list[tuple[str, bytes]]) -> None:
    view = _graded(store)
    before = (view.grades, view.table.value, view.charts.value, view.export.value)
    view.grade_files(upload)
    assert (view.grades, view.table.value, view.charts.value, view.export.value) == before
    said = view.message.value
    assert "Nothing was graded" in said and 'role="alert"' in said
    for name, _raw in upload:
        assert name in said


def test_a_file_of_another_assignment_changes_nothing_and_says_so(
        store: ProgressStore) -> None:
    view = _graded(store)
    before = (view.grades, view.table.value)
    view.grade_files([_results(store, OTHER, "Bia")])
    assert (view.grades, view.table.value) == before
    assert "Bia" in view.message.value and "another assignment" in view.message.value


def test_the_reasons_and_counts_are_in_portuguese(store: ProgressStore) -> None:
    with language("pt-BR"):
        view = _graded(store)
        assert "1 corrigido." in view.message.value, view.message.value
        view.grade_files(BAD)
        said = view.message.value
        for english in ("not UTF-8", "not valid JSON", "ask for the file", "not a results file",
                        "the file is empty", "not a truco-learn results file", "unreadable"):
            assert english not in said, (english, said)
        assert "o arquivo está vazio" in said, said
        view.grade_files([_results(store, A, "Ana"), ("x.json", b"{")])
        assert "1 corrigido, 1 marcado ou ilegível" in view.message.value, view.message.value


def test_a_missing_code_is_asked_of_the_teacher(store: ProgressStore) -> None:
    view = TeacherView(store=store, page_url="http://127.0.0.1:8866/voila/render/teacher.ipynb")
    view.grade_files([_results(store, A, "Ana")])
    said = view.message.value
    assert "code" in said and "your teacher" not in said, said
    assert view.grades is None


def test_an_altered_files_reason_names_the_score_in_the_pages_language(
        store: ProgressStore) -> None:
    """A file whose claimed score was edited: "the file claims right = 99" kept the file's
    English field name and Python's True on the Portuguese page."""
    from truco_learn.classroom.grading import grade_uploads

    name, raw = _results(store, A, "Ana")
    doc = json.loads(raw)
    doc["claimed"]["right"] = 99
    doc["claimed"]["passed"] = not doc["claimed"]["passed"]
    edited = [(name, json.dumps(doc).encode())]
    with language("pt-BR"):
        said = " | ".join(grade_uploads(A, edited).students[0].problems)
        assert "right = 99" not in said and "True" not in said and "False" not in said, said
        assert "= 99" in said, said
    said = " | ".join(grade_uploads(A, edited).students[0].problems)
    assert "the file claims right = 99" in said, said
    assert "the file claims passed = " + ("no" if doc["claimed"]["passed"] is False
                                          else "yes") in said, said


def test_another_assignments_file_beside_good_ones_shows_no_score(store: ProgressStore) -> None:
    """Mixed with good files, a file of another assignment is flagged and has nothing of this
    assignment to regrade: its row read "0% 0/0 fail", as if the student had failed."""
    view = _graded(store)
    view.grade_files([_results(store, A, "Ana"), _results(store, OTHER, "Bia")])
    assert view.grades is not None
    rows = view.table.value.split("<tr")
    bia = next(r for r in rows if "<td>Bia</td>" in r)
    assert "0/0" not in bia and "fail" not in bia and bia.count("<td>—</td>") == 3, bia
    ana = next(r for r in rows if "<td>Ana</td>" in r)
    assert "—" not in ana and "pass" in ana, ana
