"""Headless tests of the student's assignment page and the teacher's page."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore
from truco_learn.classroom.results import parse_results_bytes
from truco_learn.quiz import QuizItem
from truco_learn.widgets.assignment_view import AssignmentView, code_from_query
from truco_learn.widgets.teacher_view import TeacherView


def wrong(item: QuizItem) -> str:
    return next(c for c in item.choices if c != item.answer)


def downloaded(view: AssignmentView) -> dict[str, object]:
    m = re.search(r'href="data:application/json;base64,([^"]+)"', view.download.value)
    assert m, view.download.value
    return parse_results_bytes(base64.b64decode(m.group(1)))


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "p.sqlite3")


def test_student_page_from_code_to_download(store: ProgressStore) -> None:
    a = Assignment("Ties week", (2, 3), questions=4, pass_pct=50, due="2026-12-15", seed=21)
    view = AssignmentView(a.code(), store)
    assert "Ties week" in view.header.value and "due 2026-12-15" in view.header.value
    assert "Lesson 2" in view.lessons.value and "03_tricks_and_ties.ipynb" in view.lessons.value
    assert view.quiz is None and view.picker.layout.display == "none"
    view.start("   ")
    assert "name" in view.error.value and view.session is not None
    assert view.session.student is None
    view.start("Ana")
    assert view.quiz is not None and view.lesson == 2
    q = view.quiz
    first = q.current
    assert first is not None
    q.answer(wrong(first))
    assert "0 of 2 right" not in view.lessons.value and "1 of 2 answered, 0 right" in view.lessons.value
    q.next()
    second = q.current
    assert second is not None
    q.answer(second.answer)
    doc = downloaded(view)
    assert doc["student"] == "Ana" and doc["claimed"]["right"] == 1  # type: ignore[index]
    # no answer key in the page: the file lists choices given, never the right answers
    text = json.dumps(doc)
    for _, quiz in view.session.quizzes:  # type: ignore[union-attr]
        for item in quiz:
            if item is not second:
                assert item.explanation not in text
    view.picker.value = 3  # switch quiz
    assert view.lesson == 3 and view.quiz is not q

    again = AssignmentView(a.code(), store)  # reload: the answers are restored
    again.start("Ana")
    assert again.quiz is not None and again.quiz.score == 1
    assert again.quiz.current == first  # the missed item comes back; the right one does not
    assert "1 of 2 answered, 1 right" not in again.lessons.value
    assert "2 of 2 answered, 1 right" in again.lessons.value


def test_bad_links_get_a_friendly_message(store: ProgressStore) -> None:
    code = Assignment("T", (1,), 2, seed=1).code()
    for bad, words in [(code[:-4], "damaged"), ("hello", "not a truco-learn"),
                       ("", "empty")]:
        view = AssignmentView(bad, store)
        assert words in view.error.value and view.session is None
        assert view.code_box.layout.display == ""  # a box to paste the right code
        view.open_code(code)
        assert view.session is not None and view.error.value == ""
    assert "Open the link" in AssignmentView(None, store).error.value
    assert code_from_query(f"code={code}") == code


def test_store_trouble_is_a_warning_and_the_answers_stay(tmp_path: Path) -> None:
    code = Assignment("T", (1,), 2, seed=1).code()
    view = AssignmentView(code, store_path=str(tmp_path / "missing" / "p.sqlite3"))
    assert "cannot be saved" in view.error.value and view.session is not None
    view.start("Rui")
    assert view.quiz is not None
    item = view.quiz.current
    assert item is not None
    view.quiz.answer(item.answer)
    assert downloaded(view)["claimed"]["right"] == 1  # type: ignore[index]


def test_teacher_form_and_dashboard(store: ProgressStore,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRUCO_LEARN_SECRET", raising=False)
    view = TeacherView()
    view.title.value = "Betting"
    view.create()
    assert "lesson numbers" in view.links.value and view.code.value == ""
    view.lessons.value = (4, 5)
    view.questions.value = 4
    view.repo.value = "https://github.com/me/truco"
    view.create()
    code = view.code.value
    assert Assignment.from_code(code).lessons == (4, 5)
    assert "mybinder.org" in view.links.value and code in view.links.value

    files = []
    for name, right in (("Ana", True), ("Bia", False)):
        s = AssignmentSession(code, store, name)
        for lesson, quiz in s.quizzes:
            for pos, item in enumerate(quiz):
                s.answer(lesson, pos, item.answer if right else wrong(item))
        files.append(s.results_file())
    files.append(("broken.json", b"{"))
    view.grade_files(files)
    assert view.grades is not None and [s.percent for s in view.grades.students] == [100, 0]
    assert "Ana" in view.table.value and "broken.json" in view.table.value
    assert "score distribution of 2 students" in view.charts.value
    assert "error rate per rule" in view.charts.value and "betting." in view.charts.value
    m = re.search(r'href="data:text/csv;base64,([^"]+)"', view.export.value)
    assert m and "Bia" in base64.b64decode(m.group(1)).decode("utf-8")
    view.signed.value = True  # no secret on this server: a clear message, nothing graded
    view.grades = None
    view.grade_files(files)
    assert "no signing secret" in view.message.value and view.grades is None
    view.signed.value = False
    view.grade_code.value = code[:-3]
    view.grade_files(files)
    assert "damaged" in view.message.value

    live = TeacherView(store=store)  # the class used this server: grade from its database
    live.grade_code.value = code
    live.grade_database()
    assert live.grades is not None and [s.name for s in live.grades.students] == ["Ana", "Bia"]
    assert [s.percent for s in live.grades.students] == [100, 0]
    live.grade_code.value = Assignment("Nobody", (1,), 1, seed=2).code()
    live.grade_database()
    assert "nobody has started" in live.message.value
