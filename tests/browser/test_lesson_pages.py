"""The lessons in a real browser under Voilà: the index links work, the steps and demos respond
to clicks, and the code stays hidden."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LOAD_MS = 90_000


def _next(page: Any, step: int) -> None:
    page.get_by_role("button", name="Next ▶", exact=True).click()
    page.get_by_text(f"Step {step} of", exact=False).wait_for(timeout=20_000)


def test_index_to_lesson_2_and_its_vira_picker(voila_url: str, page: Any) -> None:
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.get_by_text("Learn Truco").first.wait_for(timeout=LOAD_MS)
    assert page.get_by_role("link", name="Play against the coach").count() == 1
    page.get_by_role("link", name="The vira and the manilhas").click()
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
