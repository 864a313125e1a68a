"""The lessons in a real browser under Voilà: the index links work, the steps and demos respond
to clicks, and the code stays hidden."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LOAD_MS = 90_000
PLAY_SEED = "1"  # the seed conftest's voila_url gives the pages (TRUCO_LEARN_SEED)


def _next(page: Any, step: int) -> None:
    page.get_by_role("button", name="Next ▶", exact=True).click()
    page.get_by_text(f"Step {step} of", exact=False).wait_for(timeout=20_000)


def test_index_to_lesson_2_and_its_vira_picker(voila_url: str, page: Any) -> None:
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.get_by_text("Learn Truco").first.wait_for(timeout=LOAD_MS)
    assert page.get_by_role("link", name="Play against the coach").count() == 1
    # the lesson list's link (the progress list names it "Lesson 2: The vira and ...")
    page.get_by_role("link", name="The vira and the manilhas", exact=True).click()
    page.get_by_text("Step 1 of", exact=False).wait_for(timeout=LOAD_MS)
    assert "render/02_vira_and_manilhas.ipynb" in page.url
    assert "import" not in page.inner_text("body")  # Voilà strips the code
    _next(page, 2)
    page.get_by_text("The manilhas are the queens").wait_for(timeout=20_000)  # vira 7♦
    page.get_by_label("Vira:").select_option(label="3♥")
    page.get_by_text("The manilhas are the fours").wait_for(timeout=20_000)
    assert page.locator('svg[aria-label="4 of clubs, zap"]').count() == 1


def test_lesson_3_steps_through_a_tied_hand(voila_url: str, page: Any) -> None:
    page.goto(f"{voila_url}/voila/render/03_tricks_and_ties.ipynb")
    page.get_by_text("Step 1 of", exact=False).wait_for(timeout=LOAD_MS)
    _next(page, 2)
    for _ in range(4):
        page.get_by_role("button", name="Next move ▶", exact=True).click()
    page.get_by_text("Bruno wins the hand and scores 1 point.", exact=False).wait_for(
        timeout=20_000)
    page.get_by_role("button", name="◀ Back", exact=True).click()
    page.get_by_text("Step 1 of", exact=False).wait_for(timeout=20_000)


def test_lesson_8_walks_an_envido_count_and_answers_a_quiz_question(voila_url: str,
                                                                    page: Any) -> None:
    from truco_learn.course.argentine import deal_three, envido_count
    from truco_learn.course.steps import get_lesson
    from truco_learn.quiz import make_quiz
    from truco_learn.widgets.lesson_view import QUIZ_SIZE

    seed = int(PLAY_SEED)  # the page's seed (TRUCO_LEARN_SEED): its walker and its quiz
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.get_by_text("Learn Truco").first.wait_for(timeout=LOAD_MS)
    page.get_by_role("link", name="Truco argentino and gaudério").first.click()
    page.get_by_text("Step 1 of", exact=False).wait_for(timeout=LOAD_MS)
    assert "render/08_argentine_and_gauderio.ipynb" in page.url
    page.get_by_text("Strongest on the left").wait_for(timeout=20_000)
    assert page.locator('svg[aria-label="as de espadas, ancho de espadas"]').count() == 1
    # step 2: the walker counts the hand dealt from the page's seed, as the engine counts it
    _next(page, 2)
    count = envido_count(deal_three(random.Random(seed)))
    for _ in range(3):
        page.get_by_role("button", name="Next step ▶", exact=True).click()
    page.get_by_text(f"= {count.total}." if count.bonus else f"Envido: {count.total}.",
                     exact=False).wait_for(timeout=20_000)
    # step 3: the ladder demo, then straight to the quiz
    _next(page, 3)
    page.get_by_label("Calls:").select_option(label="envido, real envido")
    page.get_by_text("Quiero: the team with more envido points scores 5 points.").wait_for(
        timeout=20_000)
    steps = len(get_lesson(8).steps)
    for step in range(4, steps + 1):
        _next(page, step)
    first = make_quiz([8], QUIZ_SIZE, seed, "argentino-2p")[0]
    page.wait_for_selector(".tl-quiz-prompt", timeout=60_000)
    assert first.prompt in page.inner_text(".tl-quiz-prompt")
    page.click(f".tl-quiz button:text-is('{first.answer}')")
    page.wait_for_selector(".tl-quiz [role=status]")
    assert "Right!" in page.inner_text(".tl-quiz [role=status]")
