"""Every page a learner opens, in real Chromium on a phone (360 px) and at 200% zoom: no sideways
scrolling on any step of any lesson (demos and quizzes included); the teacher's page says on a
phone that it wants a wider screen; axe-core finds no serious or critical accessibility problem
on any page. Screenshots go to ``test-artifacts/``.

A new learner page is one more line in ``LEARNER_PAGES``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layout_checks import (SIZES, ZOOM_200, axe_violations, next_step, open_page,
                           sideways_overflow, small_controls)

from truco_learn.classroom import Assignment

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENT = Assignment("Ties week", (2, 3), questions=4, pass_pct=75, seed=31337)

# (notebook and query, a selector that is on the page once it has drawn)
LEARNER_PAGES = [
    ("index.ipynb", "a[href$='play.ipynb']"),
    ("01_cards.ipynb", "text=Step 1 of"),
    ("02_vira_and_manilhas.ipynb", "text=Step 1 of"),
    ("03_tricks_and_ties.ipynb", "text=Step 1 of"),
    ("04_betting.ipynb", "text=Step 1 of"),
    ("05_eleven_and_iron.ipynb", "text=Step 1 of"),
    ("06_partners.ipynb", "text=Step 1 of"),
    ("07_play_and_review.ipynb", "text=Step 1 of"),
    ("play.ipynb", ".tl-table[data-variant] button[data-action]:not([disabled])"),
    (f"assignment.ipynb?code={ASSIGNMENT.code()}", ".tl-assignment-title"),
]
TEACHER = ("teacher.ipynb", ".tl-teacher")


@pytest.mark.parametrize("name,ready", LEARNER_PAGES, ids=[p[0].split("?")[0]
                                                           for p in LEARNER_PAGES])
def test_no_sideways_scrolling_and_no_serious_axe_problem(name: str, ready: str, voila_url: str,
                                                         browser: Any,
                                                         artifacts_dir: Path) -> None:
    """On every step (a lesson's demos and quiz included): no sideways scrolling at 360 px nor
    at 200% zoom, and axe-core finds no serious or critical problem."""
    context, page = open_page(browser, f"{voila_url}/voila/render/{name}", ready,
                              {"width": 360, "height": 740})
    stem = name.split(".")[0]
    try:
        step = 1
        while True:
            for width, height in (SIZES[0], ZOOM_200):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(150)
                assert sideways_overflow(page) == [], f"{name}, step {step}, {width} px"
            page.set_viewport_size({"width": 360, "height": 740})
            page.wait_for_timeout(150)
            assert small_controls(page) == [], f"{name}, step {step}: under 44 px on a phone"
            assert axe_violations(page) == [], f"{name}, step {step}"
            if step == 1:
                page.screenshot(path=str(artifacts_dir / f"page-{stem}-360.png"), full_page=True)
            if not next_step(page, step):
                break
            step += 1
        answers = page.locator(".tl-quiz .widget-hbox button:not([disabled])")
        if answers.count():  # the quiz's feedback fits and reads well too
            answers.first.click()
            page.locator(".tl-quiz .widget-html").last.wait_for()
            page.wait_for_timeout(500)
            assert sideways_overflow(page) == [], f"{name}, quiz feedback"
            assert axe_violations(page) == [], f"{name}, quiz feedback"
        assert "Traceback" not in page.content()
    finally:
        context.close()


def test_the_teachers_page_asks_for_a_wider_screen_on_a_phone(voila_url: str, browser: Any,
                                                             artifacts_dir: Path) -> None:
    name, ready = TEACHER
    context, page = open_page(browser, f"{voila_url}/voila/render/{name}", ready,
                              {"width": 360, "height": 740})
    try:
        note = page.locator(".tl-wide-note")
        assert note.is_visible() and "wider screen" in note.inner_text()
        page.screenshot(path=str(artifacts_dir / "page-teacher-360.png"))
        assert axe_violations(page) == []
        page.set_viewport_size({"width": 1280, "height": 900})
        page.wait_for_timeout(150)
        assert not note.is_visible()  # not on a computer
    finally:
        context.close()
