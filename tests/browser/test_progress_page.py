"""Progress across the course in real Chromium, on a Voilà server of its own (the progress
database is a temporary file): name the learner on the index, finish lesson 1's quiz and see
it mastered, miss a rule in lesson 2's quiz and see it in "Rules to review", answer it right
twice over later sessions (visits of the index) and see it leave."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from truco_learn.quiz import QuizItem, make_quiz
from truco_learn.widgets.lesson_view import QUIZ_SIZE

ROOT = Path(__file__).resolve().parents[2]
SEED = 1  # the server's TRUCO_LEARN_SEED: the lessons' quizzes are make_quiz([n], 8, 1)


def open_index(page: Any, url: str) -> str:
    page.goto(f"{url}/voila/render/index.ipynb")
    page.wait_for_function(
        "() => document.querySelector('.tl-course-progress') !== null || [...document"
        ".querySelectorAll('.tl-course-index input')].some(e => e.offsetParent !== null)",
        timeout=90_000, polling=100)
    return page.inner_text(".tl-course-index")


def answer(page: Any, item: QuizItem, right: bool) -> None:
    choice = item.answer if right else next(c for c in item.choices if c != item.answer)
    page.click(f".tl-quiz button:text-is('{choice}')")
    page.wait_for_selector(".tl-quiz [role=status]")


def current_item(page: Any, items: list[QuizItem]) -> QuizItem:
    prompt = page.inner_text(".tl-quiz-prompt")
    return next(i for i in items if i.prompt in prompt)


def lesson_quiz(page: Any, url: str, lesson: int, miss_first: bool) -> QuizItem | None:
    """Open lesson ``lesson``, go to its quiz, answer every question (the first one wrong when
    ``miss_first``); return the item missed."""
    page.goto(f"{url}/voila/render/{['', '01_cards', '02_vira_and_manilhas'][lesson]}.ipynb")
    page.wait_for_selector(".truco-lesson", timeout=90_000)
    while page.locator(".tl-quiz-prompt").count() == 0:
        step = page.locator(".truco-lesson button:has-text('Next ▶')")
        if step.is_enabled():
            step.click()
            page.wait_for_timeout(200)
        else:  # the last step: its quiz is still being drawn
            page.wait_for_selector(".tl-quiz-prompt", timeout=90_000)
    items = make_quiz([lesson], QUIZ_SIZE, SEED)
    missed = None
    seen: set[int] = set()
    for _ in range(3 * len(items)):
        if page.locator(".tl-quiz-prompt").count() == 0:
            break
        item = current_item(page, items)
        k = items.index(item)
        wrong = miss_first and missed is None and k not in seen
        seen.add(k)
        answer(page, item, not wrong)
        if wrong:
            missed = item
        page.click(".tl-quiz button:text-is('Next')")
        # the next question is drawn once the feedback of this one is gone
        page.wait_for_selector(".tl-quiz [role=status]", state="detached")
        if "Quiz finished" in page.inner_text(".tl-quiz") or page.locator(
                ".tl-quiz-prompt").count() == 0:
            break
    return missed


@pytest.mark.browser
def test_progress_across_visits(start_voila: Callable[..., Any], page: Any, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch, artifacts_dir: Path) -> None:
    monkeypatch.setenv("TRUCO_LEARN_DB", str(tmp_path / "progress.sqlite3"))
    monkeypatch.setenv("TRUCO_LEARN_SEED", str(SEED))
    url = start_voila(ROOT / "lessons").url

    open_index(page, url)                                          # session 1: the name
    page.fill(".tl-course-index input[type=text]", "Ana")
    page.click(".tl-course-index button:has-text('Save my progress')")
    page.wait_for_selector(".tl-continue")
    assert "Continue: Lesson 1" in page.inner_text(".tl-continue")

    assert lesson_quiz(page, url, 1, miss_first=False) is None
    text = open_index(page, url)                                   # session 2
    assert "Progress of Ana" in text
    assert page.get_attribute('[data-lesson="1"]', "data-state") == "mastered"
    assert "100% in its quiz" in page.inner_text('[data-lesson="1"]')
    assert "Continue: Lesson 2" in page.inner_text(".tl-continue")

    missed = lesson_quiz(page, url, 2, miss_first=True)
    assert missed is not None
    rule = f'.tl-rules-to-review [data-rule="{missed.rule}"]'
    shown = []
    for session in range(3, 9):
        open_index(page, url)
        if page.locator(rule).count():
            shown.append(session)
            page.screenshot(path=str(artifacts_dir / "course-index.png"), full_page=True)
            page.click(f"{rule} a")
            page.wait_for_selector(".tl-quiz-prompt", timeout=90_000)
            assert missed.prompt in page.inner_text(".tl-quiz-prompt")
            answer(page, missed, True)
            assert "Right!" in page.inner_text(".tl-quiz [role=status]")
    assert shown == [3, 6]  # back 1 session after the miss, then 3 after the first right answer
    open_index(page, url)
    assert page.locator(rule).count() == 0 and "Nothing to review now" in page.inner_text(
        ".tl-course-index")
    assert "Traceback" not in page.content()


@pytest.mark.browser
def test_two_learners_sharing_one_server_each_see_their_own(
        start_voila: Callable[..., Any], browser: Any, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A class on one server (one database): each browser resumes its own learner, on the
    index (a preheated kernel) and in a lesson's quiz (a kernel of its own), never the name
    used last on the server."""
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRUCO_LEARN_DB", str(db))
    monkeypatch.setenv("TRUCO_LEARN_SEED", str(SEED))
    url = start_voila(ROOT / "lessons").url
    ana, bia = (browser.new_context().new_page() for _ in range(2))
    for p in (ana, bia):
        p.set_default_timeout(90_000)

    open_index(ana, url)
    ana.fill(".tl-course-index input[type=text]", "Ana")
    ana.click(".tl-course-index button:has-text('Save my progress')")
    ana.wait_for_selector(".tl-continue")
    assert lesson_quiz(ana, url, 1, miss_first=False) is None

    text = open_index(bia, url)  # Ana was the last learner on this server
    assert "Ana" not in text and bia.is_visible(".tl-course-index input[type=text]")
    bia.fill(".tl-course-index input[type=text]", "Bia")
    bia.click(".tl-course-index button:has-text('Save my progress')")
    bia.wait_for_selector(".tl-continue")
    assert bia.get_attribute('[data-lesson="1"]', "data-state") == "not started"
    missed = lesson_quiz(bia, url, 1, miss_first=True)
    assert missed is not None

    assert "Progress of Ana" in open_index(ana, url)  # Bia came last: Ana still sees Ana's
    assert ana.get_attribute('[data-lesson="1"]', "data-state") == "mastered"
    assert ana.locator(".tl-review-rule").count() == 0  # Bia's miss is not Ana's to review
    assert "Progress of Bia" in open_index(bia, url)
    from truco_learn.classroom import ProgressStore
    from truco_learn.classroom.course_progress import CourseProgress
    course = CourseProgress(ProgressStore(db))
    assert course.status("Ana")[0].percent == 100  # nothing of Bia's counted as Ana's
    assert course.status("Bia")[0].percent is not None and course.status("Bia")[0].percent < 100
    for p in (ana, bia):
        p.context.close()
