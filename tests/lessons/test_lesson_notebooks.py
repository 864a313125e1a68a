"""The lesson notebooks stay small, committed without outputs, and linked from the index."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from truco_learn.course.steps import LESSONS

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
LINK = re.compile(r"\]\(([^)]+)\)")


def _cells(name: str) -> list[dict[str, object]]:
    return json.loads((LESSONS_DIR / name).read_text(encoding="utf-8"))["cells"]  # type: ignore[no-any-return]


def _text(cell: dict[str, object]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.slug for lesson in LESSONS])
def test_lesson_notebook_is_prose_plus_one_call(lesson: object) -> None:
    cells = _cells(lesson.notebook)  # type: ignore[attr-defined]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1
    assert _text(code[0]).strip().endswith(f"lesson({lesson.number})")  # type: ignore[attr-defined]
    assert code[0]["outputs"] == [] and code[0]["execution_count"] is None
    assert code[0]["metadata"]["jupyter"]["source_hidden"] is True  # type: ignore[index]
    prose = " ".join(_text(c) for c in cells if c["cell_type"] == "markdown")
    assert f"# Lesson {lesson.number}: {lesson.title}" in prose  # type: ignore[attr-defined]
    for target in LINK.findall(prose):
        assert (LESSONS_DIR / target).exists(), target


def test_index_links_every_lesson_and_the_play_page() -> None:
    cells = _cells("index.ipynb")
    text = " ".join(_text(c) for c in cells)
    links = LINK.findall(text)
    assert [ln for ln in links if ln[:2].isdigit()] == [lsn.notebook for lsn in LESSONS]
    assert {"play.ipynb", "teacher.ipynb", "assignment.ipynb"} <= set(links)
    assert "[Play against the coach](play.ipynb)" in text
    for target in links:  # relative links: they work under voila/render/ and in JupyterLab
        assert not target.startswith(("/", "http")) and "/" not in target
        assert (LESSONS_DIR / target).exists(), target
    # prose, plus two hidden cells: the language switch first (English | Português), then
    # the learner's progress (lessons, Continue, rules to review)
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 2 and cells[0] is code[0]
    assert _text(code[0]).strip().endswith("language_switch()")
    assert _text(code[1]).strip().endswith("CourseIndex()")
    for c in code:
        assert c["outputs"] == [] and c["execution_count"] is None
        assert c["metadata"]["jupyter"]["source_hidden"] is True  # type: ignore[index]


def test_the_review_page_is_prose_plus_one_call() -> None:
    cells = _cells("review.ipynb")
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1 and _text(code[0]).strip().endswith("ReviewView(rule_from_query())")
    assert code[0]["outputs"] == [] and code[0]["execution_count"] is None


def test_the_classroom_names_the_same_notebooks_and_titles() -> None:
    from truco_learn.classroom.lesson_names import LESSON_NOTEBOOKS, LESSON_TITLES

    assert LESSON_NOTEBOOKS == {lesson.number: lesson.notebook for lesson in LESSONS}
    assert LESSON_TITLES == {lesson.number: lesson.title for lesson in LESSONS}
