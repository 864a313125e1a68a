"""The teacher's dashboard reads the class live from the shared store (SQLite or PostgreSQL):
students appear as they start and answer, without any results file."""

from __future__ import annotations

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore
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
