"""The Voilà app in real Chromium: the landing page, and a hand against the coach by clicking."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_page import click, enabled, wait_idle

ROOT = Path(__file__).resolve().parents[2]


def status(page) -> str:
    return page.inner_text(".tl-status")


def hand_number(page) -> int:
    return int(re.search(r"Hand (\d+)", page.inner_text(".tl-stake")).group(1))


def score(page) -> int:
    return sum(int(x) for x in page.eval_on_selector_all(
        "[data-team-score]", "els => els.map(e => e.textContent)"))


@pytest.mark.browser
def test_landing_page_lists_the_lessons_and_the_play_page(voila_url: str, page) -> None:
    if not (ROOT / "lessons" / "index.ipynb").exists():
        pytest.skip("lessons/index.ipynb does not exist yet (the lessons engineer writes it)")
    page.goto(voila_url + "/voila/render/index.ipynb")
    page.wait_for_selector("a[href$='play.ipynb']")
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(a => a.getAttribute('href'))")
    lessons = sorted(p.name for p in (ROOT / "lessons").glob("0[1-7]_*.ipynb"))
    assert lessons, "no lesson notebooks"
    for name in lessons:
        assert any(h.endswith(name) for h in hrefs), f"{name} is not linked from the landing page"
    link = page.locator("a[href$='play.ipynb']").first
    assert "Play against the coach" in link.inner_text()
    link.click()
    page.wait_for_selector(".tl-table[data-variant]", timeout=60_000)


@pytest.mark.browser
def test_play_a_hand_against_the_coach_by_clicking(voila_url: str, page,
                                                   artifacts_dir: Path) -> None:
    page.goto(voila_url + "/voila/render/play.ipynb")
    page.wait_for_selector(".tl-table[data-variant]", timeout=90_000)
    wait_idle(page)
    assert page.get_attribute(".tl-table", "data-variant") == "paulista-2p"
    assert "Traceback" not in page.content()
    # an illegal action is greyed out, says why, and a click on it does nothing
    accept = page.locator('.tl-table button[data-action="accept"]')
    assert accept.is_disabled()
    assert page.locator('.tl-tip:has(button[data-action="accept"])').get_attribute(
        "title") == "There is no raise to answer."
    before = page.inner_html(".tl-felt") + page.inner_html(".tl-hand")
    accept.dispatch_event("click")  # says why in words (phones show no tooltip), does nothing
    page.wait_for_timeout(300)
    assert page.inner_html(".tl-felt") + page.inner_html(".tl-hand") == before
    assert page.inner_text(".tl-reason") == "Accept: There is no raise to answer."
    assert page.locator(".tl-message").count() == 0

    page.evaluate("""() => {
      window.sawThinking = false;
      new MutationObserver(() => {
        if (document.querySelector('.tl-thinking')) window.sawThinking = true;
      }).observe(document.body, {childList: true, subtree: true});
    }""")
    called = answered = explained = False
    finished_hands = 0
    for _ in range(250):
        wait_idle(page)
        acts = enabled(page)
        if "accept" in acts:  # the coach raised: answer it
            answered = answered or "Coach called truco" in status(page)
            click(page, "accept")
        elif (not called and "raise" in acts
              and page.inner_text('.tl-table button[data-action="raise"]') == "Truco!"):
            called = True
            click(page, "raise")
        elif any(a.startswith("play:") for a in acts):
            card = next(a for a in acts if a.startswith("play:"))
            click(page, card)
            page.wait_for_selector(f'.tl-play[data-card="{card[5:]}"]')
        elif "next-hand" in acts:
            finished_hands += 1
            assert page.locator(".tl-review").count() == 1
            if called and answered and score(page) > 0:
                break
            click(page, "next-hand")
        elif "new-match" in acts:
            break  # the match ended first: the asserts below say what was missing
        else:
            raise AssertionError(f"nothing to click: {acts}")
        if page.locator(".tl-why .tl-summary").count():
            explained = True
    assert called and answered and explained and score(page) > 0
    assert page.evaluate("window.sawThinking"), "no thinking indicator while the coach decided"
    assert page.locator('.tl-table button[data-action="accept"]').count() == 0  # hand over
    assert page.locator(".tl-message").count() == 0 and "Traceback" not in page.content()
    page.locator(".tl-table").screenshot(path=str(artifacts_dir / "play-table.png"))
    page.screenshot(path=str(artifacts_dir / "play-page.png"), full_page=True)
