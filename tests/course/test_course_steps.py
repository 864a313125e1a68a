"""The lesson steps: every demo exists, every notebook exists, the HTML is well formed, and the
Portuguese terms are introduced with their meaning."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from truco_learn.course.steps import LESSONS, demo_kind, get_lesson
from truco_learn.errors import ConfigError

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
VOID = {"br", "hr", "img"}


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)


def test_eight_lessons_in_order_each_ending_with_a_quiz() -> None:
    assert [lesson.number for lesson in LESSONS] == list(range(1, 9))
    for lesson in LESSONS:
        assert lesson.steps[-1].demo == "quiz" and len(lesson.steps) >= 3
        assert all(s.demo != "quiz" for s in lesson.steps[:-1])


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.slug for lesson in LESSONS])
def test_steps_are_valid(lesson: object) -> None:
    for step in get_lesson(lesson.number).steps:  # type: ignore[attr-defined]
        if step.demo is not None:
            demo_kind(step.demo)
        parser = _Balance()
        parser.feed(step.body)
        assert not parser.errors and not parser.stack, (step.title, parser.errors, parser.stack)
        assert len(step.body) < 1200, f"step {step.title!r} is too long for one screen"
    assert (LESSONS_DIR / lesson.notebook).exists()  # type: ignore[attr-defined]


def test_every_lesson_has_an_interactive_demo() -> None:
    for lesson in LESSONS:
        assert any(s.demo not in (None, "quiz") for s in lesson.steps), lesson.slug
    demos = {s.demo for lesson in LESSONS for s in lesson.steps}
    assert {"vira_picker", "calculator", "iron", "play", "lines:tie"} <= demos
    lesson3 = {s.demo for s in get_lesson(3).steps}
    for key in ("first_tied", "second_tied", "third_tied", "two_tied", "partners_tie"):
        assert f"hand:{key}" in lesson3


@pytest.mark.parametrize("term,meaning", [
    ("vira", "turn"), ("manilha", "strongest"), ("zap", "clubs"), ("mão de onze", "11"),
    ("correr", "run"), ("mão", "hand")])
def test_portuguese_terms_come_with_their_meaning(term: str, meaning: str) -> None:
    steps = [s.title + " " + s.body for lesson in LESSONS for s in lesson.steps]
    where = [b for b in steps if term in b.lower()]
    assert where, term
    assert meaning in where[0].lower() or meaning in " ".join(where[:2]).lower()


def test_bad_lesson_numbers() -> None:
    for bad in (0, 9, "1", True, None):
        with pytest.raises(ConfigError, match="there is no lesson"):
            get_lesson(bad)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unknown group"):
        demo_kind("lines:")
    with pytest.raises(ConfigError, match="unknown demo"):
        demo_kind("deck:french")
