"""Progress across the course: lessons not started / in progress / mastered, where to
continue, and spaced review of the rules missed (back after 1, 3 and 7 sessions until answered
right twice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from truco_learn.classroom.course_progress import ANONYMOUS, CourseProgress
from truco_learn.classroom.store import ProgressStore
from truco_learn.i18n import language
from truco_learn.quiz import make_item
from truco_learn.widgets.course_index import CourseIndex, ReviewView
from truco_learn.widgets.lesson_view import quiz_widget


@pytest.fixture
def db(store_target: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The progress database on SQLite and (marked ``postgres``) on a real PostgreSQL."""
    monkeypatch.setenv("TRUCO_LEARN_DB", store_target)
    return store_target


def wrong(item):  # type: ignore[no-untyped-def]
    return next(c for c in item.choices if c != item.answer)


def test_a_finished_lesson_quiz_masters_the_lesson(db: str) -> None:
    index = CourseIndex()
    index.start("Ana")
    assert 'data-lesson="1" data-state="not started"' in index.progress.value
    quiz = quiz_widget(1, seed=3)
    quiz.answer(quiz.current.answer)
    again = CourseIndex()  # the next visit: the name is not asked again
    assert again.learner == "Ana" and again.name_row.layout.display == "none"
    assert 'data-lesson="1" data-state="in progress"' in again.progress.value
    assert "Continue: Lesson 1" in again.progress.value
    while not quiz.done:
        if quiz.feedback is None:
            quiz.answer(quiz.current.answer)
        quiz.next()
    course = CourseProgress(ProgressStore(db))
    lesson1 = course.status("Ana")[0]
    assert (lesson1.state, lesson1.percent) == ("mastered", 100)
    third = CourseIndex()
    assert 'data-lesson="1" data-state="mastered"' in third.progress.value
    assert "(100% in its quiz)" in third.progress.value
    assert "Continue: Lesson 2" in third.progress.value
    assert "Nothing to review now" in third.progress.value


def test_a_low_score_leaves_the_lesson_in_progress(db: str) -> None:
    CourseIndex().start(None)  # anonymous
    quiz = quiz_widget(2, seed=1, size=5)
    missed: set[int] = set()
    while not quiz.done:
        k = quiz.queue[quiz.index]
        miss = k < 2 and k not in missed
        missed.add(k)
        quiz.answer(wrong(quiz.current) if miss else quiz.current.answer)
        quiz.next()
    status = CourseProgress(ProgressStore(db)).status(ANONYMOUS)[1]
    assert (status.state, status.percent) == ("in progress", 60)


def test_a_missed_rule_comes_back_after_1_3_and_7_sessions_until_right_twice(db: str) -> None:
    course = CourseProgress(ProgressStore(db))
    me = course.profile("Bruno")
    item = make_item("trick_winner", 11)
    course.begin_session(me)                                   # session 1
    course.record(me, 2, item, False)
    due = []
    for session in range(2, 16):
        course.begin_session(me)
        rules = [r.rule for r in course.rules_to_review(me)]
        due.append(session if item.rule in rules else None)
        if item.rule in rules:
            [back] = course.review_items(me, item.rule)
            assert back == item  # the very question missed comes back
            course.record(me, 0, back, True)
    assert [s for s in due if s] == [2, 5]  # right at 2 (back after 3), right at 5: cleared
    # a miss starts it over
    course.record(me, 3, item, False)
    now = course.session(me)
    course.begin_session(me)
    assert [r.rule for r in course.rules_to_review(me)] == [item.rule]
    course.record(me, 0, item, False)   # missed again in the review
    for _ in range(1):
        course.begin_session(me)
    assert course.rules_to_review(me)[0].misses == 3 and course.session(me) == now + 2


def test_rules_are_listed_most_missed_first_with_links_to_their_review(db: str) -> None:
    course = CourseProgress(ProgressStore(db))
    me = course.profile("Carla")
    course.begin_session(me)
    a, b = make_item("card_rank", 1), make_item("bet_points", 2)
    course.record(me, 1, a, False)
    course.record(me, 4, b, False)
    course.record(me, 4, b, False)
    index = CourseIndex()
    html = index.progress.value
    assert html.index(f'data-rule="{b.rule}"') < html.index(f'data-rule="{a.rule}"')
    assert f'href="review.ipynb?rule={b.rule}"' in html and "missed 2 times" in html
    review = ReviewView(b.rule)
    assert review.quiz is not None and review.quiz.items == [b]
    review.quiz.answer(b.answer)
    assert course.rules_to_review(me)[0].rule == a.rule  # b is right once: back in 3 sessions
    assert ReviewView(b.rule).quiz is None


def test_a_review_link_names_a_rule_of_the_lessons_or_says_it_does_not(db: str) -> None:
    course = CourseProgress(ProgressStore(db))
    me = course.profile("Dora")
    course.begin_session(me)
    missed = make_item("card_rank", 1)
    course.record(me, 1, missed, False)
    for bad in ("nope", "<b>x</b>", "card." + missed.rule):
        view = ReviewView(bad)  # a link cut short, or typed by hand
        assert view.quiz is None and "names no rule of the lessons" in view.header.value
        assert "<b>x</b>" not in view.header.value and 'href="index.ipynb"' in view.header.value
    nothing = ReviewView().header.value  # the miss is due in a later session, not this one
    assert "Nothing to review now: no rule is due yet." in nothing
    with language("pt-BR"):
        assert "não indica nenhuma regra" in ReviewView("nope").header.value


def test_names_and_store_trouble_are_friendly(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    index = CourseIndex(ProgressStore(tmp_path / "p.sqlite3"))
    index.start("x" * 200)
    assert "Your name is too long" in index.message.value and index.learner is None
    bad = tmp_path / "bad.sqlite3"
    bad.write_text("not a database, just text " * 100, encoding="utf-8")
    monkeypatch.setenv("TRUCO_LEARN_DB", str(bad))
    broken = CourseIndex()
    assert "cannot be kept on this computer" in broken.message.value
    assert broken.name_row.layout.display == "none"
    assert "cannot be read" in ReviewView().header.value
    quiz = quiz_widget(1, seed=2)  # the lesson quiz still works, its answers are not kept
    assert quiz.answer(quiz.current.answer).correct


def test_each_browser_of_a_shared_server_resumes_its_own_learner(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ana_browser, bia_browser = "A" * 24, "b" * 24
    monkeypatch.setenv("HTTP_X_TRUCO_LEARNER_BROWSER", ana_browser)
    CourseIndex().start("Ana")
    quiz = quiz_widget(1, seed=3)  # a lesson's quiz in Ana's browser
    quiz.answer(wrong(quiz.current))
    monkeypatch.setenv("HTTP_X_TRUCO_LEARNER_BROWSER", bia_browser)
    bia = CourseIndex()
    assert bia.learner is None and bia.name_row.layout.display != "none"  # not Ana's
    bia.start(None)  # anonymous, in this browser only
    assert bia.learner is not None and bia.learner != ANONYMOUS
    assert "Progress of you (on this computer)" in bia.progress.value
    assert 'data-lesson="1" data-state="not started"' in bia.progress.value
    monkeypatch.setenv("HTTP_X_TRUCO_LEARNER_BROWSER", ana_browser)
    ana = CourseIndex()
    assert ana.learner == "Ana" and 'data-lesson="1" data-state="in progress"' in \
        ana.progress.value
    monkeypatch.setenv("HTTP_X_TRUCO_LEARNER_BROWSER", "too-short")  # not an id: ignored
    assert CourseIndex().learner == "Ana"  # the database's last learner, as on one computer


def test_an_old_course_database_gains_the_browsers_table(tmp_path: Path) -> None:
    from truco_learn.classroom import course_progress
    from truco_learn.storage import migrate
    path = tmp_path / "old.sqlite3"
    store = ProgressStore(path)
    migrate(store.db, course_progress.COMPONENT, course_progress.MIGRATIONS[:1])  # as before
    CourseProgress(store).profile("Ana")
    course = CourseProgress(ProgressStore(path), browser="c" * 20)
    assert course.last_learner() is None  # this browser has no learner yet
    assert course.profile("Ana") == "Ana" and course.last_learner() == "Ana"


def test_on_a_hub_the_name_box_holds_the_hub_name(db: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    index = CourseIndex()
    assert index.learner is None and index.name_box.value == "ana"
    monkeypatch.delenv("JUPYTERHUB_USER")
    assert CourseIndex().name_box.value == ""
