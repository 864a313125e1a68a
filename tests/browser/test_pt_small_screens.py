"""Portuguese pages on a phone (390×844), in real Chromium: Portuguese words are longer than
English ones, so no button or label may be cut ("Guardar meu progr…", "Valor da …", a quiz
answer ending in "…os pedidos se alte…"). Checked on the index, on every step of lessons 4 and 5
(their calculators), and on the first questions of lesson 4's quiz. Screenshots go to
``test-artifacts/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
from layout_checks import next_step, open_page, sideways_overflow, truncated_text

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parents[2]
ANSWERS = ".tl-quiz .widget-hbox button"
QUESTIONS = 4


def check_quiz(page: Any, where: str) -> None:
    """The first questions of the quiz: every answer shown whole, on as many lines as needed."""
    for q in range(1, QUESTIONS + 1):
        answers = page.locator(f"{ANSWERS}:visible")
        assert answers.count() > 0, f"{where}, question {q}: no answers"
        assert truncated_text(page) == [], f"{where}, question {q}"
        nowrap = answers.evaluate_all(
            "els => els.filter(e => getComputedStyle(e).whiteSpace === 'nowrap')"
            ".map(e => e.innerText)")
        assert nowrap == [], f"{where}, question {q}: answers kept on one line"
        assert sideways_overflow(page) == [], f"{where}, question {q}"
        answers.first.click()
        page.wait_for_timeout(800)
        proceed = page.get_by_role("button", name="Próximo", exact=True)
        if proceed.count() == 0 or not proceed.first.is_visible():
            return  # the quiz is over
        proceed.first.click()
        page.wait_for_timeout(800)


def test_the_index_shows_every_button_whole(start_voila: Callable[..., Any], browser: Any,
                                             artifacts_dir: Path) -> None:
    # a server of its own, with a progress store nobody has used: the index asks the name (on
    # the shared server an earlier test's quiz answers make a learner it remembers)
    url = start_voila(ROOT / "lessons").url
    context, page = open_page(browser, f"{url}/voila/render/index.ipynb?lang=pt-BR",
                              ".tl-course-index button", PHONE, touch=True)
    try:
        page.locator(".tl-course-index").screenshot(path=str(artifacts_dir / "pt-index-390.png"))
        assert page.get_by_role("button", name="Guardar meu progresso").is_visible()
        assert truncated_text(page) == []
        assert sideways_overflow(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("lesson", ["04_betting", "05_eleven_and_iron"])
def test_a_lesson_shows_every_label_and_answer_whole(lesson: str, voila_url: str, browser: Any,
                                                     artifacts_dir: Path) -> None:
    context, page = open_page(browser, f"{voila_url}/voila/render/{lesson}.ipynb?lang=pt-BR",
                              "text=Passo 1 de", PHONE, touch=True)
    try:
        step = 1
        while True:
            where = f"{lesson}, step {step}"
            if page.locator(f"{ANSWERS}:visible").count():
                page.locator(".tl-quiz").screenshot(
                    path=str(artifacts_dir / f"pt-{lesson}-quiz-390.png"))
                check_quiz(page, where)
                break
            assert truncated_text(page) == [], where
            assert sideways_overflow(page) == [], where
            if page.locator(".widget-dropdown").count():
                page.locator(".widget-dropdown").last.scroll_into_view_if_needed()
                page.screenshot(path=str(artifacts_dir / f"pt-{lesson}-{step}-390.png"))
            if not next_step(page, step, "pt-BR", settle_ms=500):
                break
            step += 1
    finally:
        context.close()
