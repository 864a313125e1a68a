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
    page.wait_for_function("() => document.querySelector('.tl-results-download') !== null",
                           polling=100)
    href = page.get_attribute(".tl-results-download", "href")
    doc = json.loads(base64.b64decode(href.split(",", 1)[1]))
    assert doc["student"] == "Ana Souza" and doc["claimed"]["right"] == 1
    assert doc["assignment"] == ASSIGNMENT.code()
    assert (tmp_path / "progress.sqlite3").exists()


@pytest.mark.browser
def test_the_teacher_makes_an_assignment_and_grades_uploads(voila_url: str, page: Any,
                                                            tmp_path: Path,
                                                            artifacts_dir: Path) -> None:
    from truco_learn.classroom import AssignmentSession

    page.goto(f"{voila_url}/voila/render/teacher.ipynb")
    page.wait_for_selector(".tl-teacher", timeout=90_000)
    page.fill(".tl-teacher input[placeholder='Ties week']", "Betting week")
    page.select_option(".tl-teacher select[multiple]", label=["4. Betting"])
    page.click("button:has-text('Make assignment')")
    page.wait_for_function("() => document.body.innerText.includes('assignment.ipynb?code=')",
                           polling=100)
    code = page.input_value(".tl-teacher input[disabled]")
    made = Assignment.from_code(code)
    assert made.title == "Betting week" and made.lessons == (4,)
    # two students' files (made in this process: no database involved), and a broken one
    paths = []
    for name, right in (("Ana", True), ("Bia", False)):
        s = AssignmentSession(code, None, name)
        for lesson, quiz in s.quizzes:
            for pos, item in enumerate(quiz):
                s.answer(lesson, pos, item.answer if right else
                         next(c for c in item.choices if c != item.answer))
        fname, data = s.results_file()
        (tmp_path / fname).write_bytes(data)
        paths.append(str(tmp_path / fname))
    (tmp_path / "broken.json").write_text('{"format": "truco-learn-results"', encoding="utf-8")
    paths.append(str(tmp_path / "broken.json"))
    with page.expect_file_chooser() as chooser:  # the upload button opens a file dialog
        page.click(".tl-teacher .widget-upload")
    chooser.value.set_files(paths)
    page.wait_for_function("() => document.querySelector('.tl-teacher .widget-upload')"
                           ".innerText.includes('3')", polling=100)
    page.click("button:text-is('Grade')")
    page.wait_for_selector("table.tl-grades", timeout=60_000)
    table = page.inner_text("table.tl-grades")
    assert "Ana" in table and "100%" in table and "Bia" in table and "0%" in table
    assert "broken.json" in table and "cut short" in table
    # the table, the charts and the download are three widgets, each rendered as its update
    # arrives: the download comes last
    page.wait_for_selector("a.tl-csv[download='grades.csv']", timeout=60_000)
    page.wait_for_selector("svg[aria-label='error rate per rule']", timeout=60_000)
    assert page.locator("svg[aria-label^='score distribution of 2 students']").count() == 1
    assert page.locator("svg[aria-label='error rate per rule']").count() == 1
    assert page.locator("a.tl-csv[download='grades.csv']").count() == 1
    page.locator("a.tl-csv").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "teacher.png"))


@pytest.mark.browser
def test_a_portuguese_assignment_opens_in_portuguese_and_grades_in_english(
        start_voila: Callable[..., Any], page: Any, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`assign --lang pt-BR`: the link the teacher sends opens the page in Portuguese; the
    results file holds the English choices and the English code."""
    from truco_learn.i18n import language

    monkeypatch.setenv("TRUCO_LEARN_DB", str(tmp_path / "progress.sqlite3"))
    server = start_voila(ROOT / "lessons")
    pt = Assignment("Semana dos empates", (2, 3), questions=4, pass_pct=75, seed=31337,
                    lang="pt-BR")
    link = pt.voila_url(server.url)
    assert link.endswith("&lang=pt-BR")
    page.goto(link.replace("&lang=pt-BR", ""))  # the code alone carries the language
    page.wait_for_selector("input[placeholder='seu nome']", timeout=90_000)
    text = page.inner_text(".tl-assignment")
    assert "4 perguntas" in text and "aprovação com 75%" in text
    lessons = page.inner_text(".tl-assignment-lessons")
    assert "Lição 2: A vira e as manilhas" in lessons and "Lição 3: Rodadas e empates" in lessons
    hrefs = page.eval_on_selector_all(".tl-assignment-lessons a",
                                      "els => els.map(a => a.getAttribute('href'))")
    assert hrefs == ["02_vira_and_manilhas.ipynb?lang=pt-BR", "03_tricks_and_ties.ipynb?lang=pt-BR"]
    page.fill("input[placeholder='seu nome']", "Ana Souza")
    page.click("button:has-text('Começar')")
    page.wait_for_selector(".tl-quiz-prompt", timeout=60_000)
    with language("pt-BR"):
        shown = pt.shown_quizzes()[0][1][0]
    english = pt.quizzes()[0][1][0]
    k = next(i for i, c in enumerate(shown.choices) if "'" not in c)
    page.click(f".tl-quiz button:text-is('{shown.choices[k]}')")
    page.wait_for_selector(".tl-quiz [role=status]")
    page.wait_for_function("() => document.querySelector('.tl-assignment-lessons')"
                           ".innerText.includes('1 de 2 respondidas')", polling=100)
    assert "Baixar seus resultados" in page.inner_text(".tl-results-download")
    href = page.get_attribute(".tl-results-download", "href")
    doc = json.loads(base64.b64decode(href.split(",", 1)[1]))
    assert doc["assignment"] == pt.quiz_code() and doc["assignment"].startswith("tl1")
    assert doc["items"][0]["answers"][0]["choice"] == english.choices[k]
    assert "Traceback" not in page.content()
