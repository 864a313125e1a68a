"""The play page's Argentine and gaúcho presets in real Voilà and Chromium: pick the preset, ask
for your envido points, call envido, see the coach's answer and the points it paid; the flor
chips; the scoreboard with the target and its halves, also on a phone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from layout_checks import outside_viewport, sideways_overflow, table_clipping

from truco_learn.engine.cards import parse_card
from truco_learn.engine.handpoints import envido_points
from truco_learn.widgets.play_app import VARIANT_LABELS
from play_page import LOAD_MS, PLAY, click, enabled, wait_idle

pytestmark = [pytest.mark.browser]


def events(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".tl-events li", "els => els.map(e => e.textContent)"))


def start_match(page: Any, variant: str) -> None:
    page.get_by_label("Variant").select_option(label=VARIANT_LABELS[variant])
    page.get_by_role("button", name="New match").click()
    page.wait_for_selector(f'.tl-table[data-variant="{variant}"]', timeout=60_000)
    wait_idle(page)


def my_cards(page: Any) -> list[str]:
    acts = page.eval_on_selector_all(".tl-hand [data-action]",
                                     "els => els.map(e => e.dataset.action)")
    return [a.split(":")[1] for a in acts if a.startswith("play:")]


def ask_my_points(page: Any) -> str:
    click(page, "toggle-envido")
    page.wait_for_selector(".tl-envido-count")
    return page.inner_text(".tl-envido-count")


@pytest.mark.parametrize("variant", ["argentino-2p", "gauderio-2p"])
def test_call_envido_see_the_answer_and_the_points(variant: str, voila_url: str, page: Any,
                                                   artifacts_dir: Path) -> None:
    page.goto(voila_url + PLAY)
    page.wait_for_selector(".tl-table[data-variant]", timeout=LOAD_MS)
    wait_idle(page)
    start_match(page, variant)
    target = page.inner_text(".tl-target")
    assert "to 30" in target if variant.startswith("argentino") else "to 24" in target
    assert ("15 malas, then 15 buenas" in target if variant.startswith("argentino")
            else "12 malos, then 12 buenos" in target)
    assert page.locator(".tl-half").count() == 2
    called = flor_seen = False
    for _ in range(120):
        wait_idle(page)
        acts = enabled(page)
        if page.locator(".tl-flor").count():
            flor_seen = True
        if "envido" in acts and not called:
            cards = my_cards(page)
            assert len(cards) == 3
            own = envido_points([parse_card(c) for c in cards])
            text = ask_my_points(page)
            assert text.startswith(f"You hold {own} for envido"), text
            # a second click hides it again
            click(page, "toggle-envido")
            page.wait_for_selector(".tl-envido-count", state="detached")
            before = [int(x) for x in page.eval_on_selector_all(
                "[data-team-score]", "els => els.map(e => e.textContent)")]
            click(page, "envido")
            called = True
            page.wait_for_function("() => [...document.querySelectorAll('.tl-events li')]"
                                   ".some(e => e.textContent === 'You call envido.')", polling=100)
            continue
        if called and page.locator(".tl-bet").count() and "accept" in acts:
            click(page, "accept")  # the coach raised the envido: quiero
            continue
        if called:
            log = events(page)
            if any("for the envido." in e for e in log):
                assert any(re.match(r"Coach (says|calls) ", e) and "envido" in e for e in log)
                after = [int(x) for x in page.eval_on_selector_all(
                    "[data-team-score]", "els => els.map(e => e.textContent)")]
                assert sum(after) > sum(before)
                if any(e.startswith("Envido points: ") for e in log):
                    assert page.inner_text(".tl-envido-line").startswith("Envido: ")
                page.locator(".tl-table").screenshot(
                    path=str(artifacts_dir / f"play-{variant}-envido.png"))
                break
        if "accept" in acts:
            click(page, "accept")
        elif any(a.startswith("play:") for a in acts):
            click(page, next(a for a in acts if a.startswith("play:")))
        elif "next-hand" in acts:
            click(page, "next-hand")
        elif "new-match" in acts:
            click(page, "new-match")
        else:
            click(page, acts[0])
    else:
        raise AssertionError(f"the envido was never settled (called: {called})")
    if flor_seen:
        assert page.locator(".tl-flor").first.get_attribute("title").startswith("declared a flor")
    assert page.locator(".tl-message").count() == 0 and "Traceback" not in page.content()


@pytest.mark.parametrize("variant", ["argentino-2p", "gauderio-4p"])
def test_the_scoreboard_and_the_envido_points_fit_a_phone(variant: str, voila_url: str,
                                                          browser: Any,
                                                          artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    try:
        page.goto(voila_url + PLAY)
        page.wait_for_selector(".tl-table[data-variant]", timeout=LOAD_MS)
        wait_idle(page)
        start_match(page, variant)
        page.tap('.tl-table button[data-action="toggle-envido"]')
        page.wait_for_selector(".tl-envido-count")
        for width, height in [(320, 640), (360, 740), (390, 844)]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            where = f"{variant}, {width}×{height}"
            assert table_clipping(page) == [], where
            assert sideways_overflow(page) == [], where
            for sel in (".tl-scoreboard", ".tl-half", ".tl-halves", ".tl-envido-count"):
                assert page.locator(sel).first.is_visible(), (sel, where)
                assert outside_viewport(page, sel) == [], (sel, where)
            box = page.locator(".tl-scoreboard").bounding_box()
            assert box is not None and box["height"] < 140, (box, where)  # a compact bar
            page.locator(".tl-table").screenshot(
                path=str(artifacts_dir / f"scoreboard-{variant}-{width}x{height}.png"))
    finally:
        context.close()
