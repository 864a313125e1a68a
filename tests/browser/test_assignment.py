"""The assignment page in real Chromium: opened with ``?code=...`` it shows the assignment; a
damaged code gets a friendly message; a student types a name, answers and can download."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from truco_learn.classroom import Assignment

ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENT = Assignment("Ties week", (2, 3), questions=4, pass_pct=75, due="2026-12-15",
                        seed=31337)


@pytest.mark.browser
def test_the_link_opens_the_assignment(voila_url: str, page: Any) -> None:
    page.goto(f"{voila_url}/voila/render/assignment.ipynb?code={ASSIGNMENT.code()}")
    page.wait_for_selector(".tl-assignment-title", timeout=90_000)
    assert page.inner_text(".tl-assignment-title") == "Ties week"
    header = page.inner_text(".tl-assignment")
    assert "4 questions" in header and "pass at 75%" in header and "due 2026-12-15" in header
    lessons = page.inner_text(".tl-assignment-lessons")
    assert "Lesson 2: The vira and the manilhas" in lessons
    assert "Lesson 3: Tricks and ties" in lessons
    hrefs = page.eval_on_selector_all(".tl-assignment-lessons a",
                                      "els => els.map(a => a.getAttribute('href'))")
    assert hrefs == ["02_vira_and_manilhas.ipynb", "03_tricks_and_ties.ipynb"]
    assert page.locator("input[placeholder='your name']").is_visible()
    assert "Traceback" not in page.content()


@pytest.mark.browser
def test_a_damaged_link_says_so(voila_url: str, page: Any) -> None:
    page.goto(f"{voila_url}/voila/render/assignment.ipynb?code={ASSIGNMENT.code()[:-5]}")
    page.wait_for_selector("[role=alert]", timeout=90_000)
    assert "damaged" in page.inner_text("[role=alert]")
    assert page.locator("input[placeholder='paste the assignment code']").is_visible()
    assert "Traceback" not in page.content()


@pytest.mark.browser
def test_a_student_answers_and_downloads(start_voila: Callable[..., Any], page: Any,
                                         tmp_path: Path, artifacts_dir: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # a server of its own, so the progress database is a temporary file, not the user's
    monkeypatch.setenv("TRUCO_LEARN_DB", str(tmp_path / "progress.sqlite3"))
    server = start_voila(ROOT / "lessons")
    page.goto(f"{server.url}/voila/render/assignment.ipynb?code={ASSIGNMENT.code()}")
    page.wait_for_selector("input[placeholder='your name']", timeout=90_000)
    page.fill("input[placeholder='your name']", "Ana Souza")
    page.click("button:has-text('Start')")
    page.wait_for_selector(".tl-quiz-prompt", timeout=60_000)
    (lesson, items), = ASSIGNMENT.quizzes()[:1]
    first = items[0]
    assert first.prompt in page.inner_text(".tl-quiz-prompt")
    assert first.explanation not in page.content()  # no answer key before answering
    page.click(f".tl-quiz button:text-is('{first.answer}')")
    page.wait_for_selector(".tl-quiz [role=status]")
    assert "Right!" in page.inner_text(".tl-quiz [role=status]")
    page.screenshot(path=str(artifacts_dir / "assignment.png"), full_page=True)
    page.wait_for_function("() => document.querySelector('.tl-results-download') !== null")
    href = page.get_attribute(".tl-results-download", "href")
    doc = json.loads(base64.b64decode(href.split(",", 1)[1]))
    assert doc["student"] == "Ana Souza" and doc["claimed"]["right"] == 1
    assert doc["assignment"] == ASSIGNMENT.code()
    assert (tmp_path / "progress.sqlite3").exists()
