"""The table and the play page on phones, tablets and a desktop, in real Chromium: in every preset
nothing of the table is clipped, the vira and every trick are inside the viewport, every enabled
action is at least 44×44 px, and the page never scrolls sideways. One hand is played by touch
(taps), one by keyboard only. Screenshots of each size go to ``test-artifacts/``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from layout_checks import (SIZES, ZOOM_200, axe_violations, outside_viewport, sideways_overflow,
                           small_actions, small_controls, table_clipping, truncated_text)

from truco_learn.engine.options import VARIANTS
from truco_learn.widgets.play_app import VARIANT_LABELS
from play_page import LOAD_MS, PLAY, enabled, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def choose(acts: list[str]) -> str:
    """A short, legal way through a hand: accept a raise, play a card, go on when it is over."""
    for want in ("accept", "onze:play", "next-hand", "new-match", "continue"):
        if want in acts:
            return want
    plays = [a for a in acts if a.startswith(("play:", "blind:"))]
    if plays:
        return plays[0]
    raise AssertionError(f"nothing to do with {acts}")


def check_table(page: Any, where: str) -> None:
    assert table_clipping(page) == [], where
    assert outside_viewport(page, ".tl-vira") == [], where
    assert outside_viewport(page, ".tl-trick:not(.tl-empty)") == [], where
    assert outside_viewport(page, ".tl-manilha-text") == [], where
    assert small_actions(page) == [], where
    assert sideways_overflow(page) == [], where
    assert page.locator(".tl-vira svg").count() in (0, 1)
    assert page.locator(".tl-manilha-text").is_visible(), where


def start_match(page: Any, variant: str) -> None:
    page.get_by_label("Variant").select_option(label=VARIANT_LABELS[variant])
    page.get_by_role("button", name="New match").click()
    page.wait_for_selector(f'.tl-table[data-variant="{variant}"]', timeout=60_000)
    wait_idle(page)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_table_fits_every_size_in_every_preset(variant: str, voila_url: str, browser: Any,
                                                   artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    try:
        page.goto(voila_url + PLAY)
        page.wait_for_selector(".tl-table[data-variant]", timeout=LOAD_MS)
        wait_idle(page)
        if variant != page.get_attribute(".tl-table", "data-variant"):
            start_match(page, variant)
        for moment in ("start", "after a trick"):
            for width, height in [(320, 640), *SIZES, ZOOM_200]:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(150)
                where = f"{variant}, {moment}, {width}×{height}"
                check_table(page, where)
                if moment == "after a trick":
                    page.locator(".tl-table").screenshot(
                        path=str(artifacts_dir / f"table-{variant}-{width}x{height}.png"))
            page.set_viewport_size({"width": 360, "height": 740})
            assert axe_violations(page) == [], f"{variant}, {moment}"
            # play on until a trick is on the table and it is the learner's move again
            for _ in range(12):
                if page.locator(".tl-trick:not(.tl-empty) .tl-play").count() >= 2:
                    break
                wait_idle(page)
                act = choose(enabled(page))
                if act in ("next-hand", "new-match"):
                    break
                page.tap(f'.tl-table button[data-action="{act}"]')
            wait_idle(page)
        assert page.locator(".tl-message").count() == 0 and "Traceback" not in page.content()
    finally:
        context.close()


def phone_play_page(browser: Any, voila_url: str) -> tuple[Any, Any]:
    """The play page on a phone (390×844, touch, twice the pixels), once its table is drawn;
    the caller closes the context."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    page.goto(voila_url + PLAY)
    page.wait_for_selector(".tl-table[data-variant]", timeout=LOAD_MS)
    return context, page


def test_a_hand_played_by_touch_on_a_phone(voila_url: str, browser: Any,
                                          artifacts_dir: Path) -> None:
    context, page = phone_play_page(browser, voila_url)
    try:
        # the page asks for the phone's width (no zoomed-out desktop layout)
        assert page.evaluate("innerWidth") == 390
        wait_idle(page)
        # a tap on a greyed-out action says why, in words, and does nothing else
        tip = page.locator('.tl-tip[data-for="accept"]')
        page.evaluate("""() => { window.heard = [];
          new MutationObserver(() => window.heard.push(document.querySelector('.tl-live').textContent))
            .observe(document.querySelector('.tl-live'), {childList: true, characterData: true,
                                                          subtree: true}); }""")
        tip.tap(force=True)  # aria-disabled: Playwright would wait for it to be enabled
        assert page.inner_text(".tl-reason") == "Accept: There is no raise to answer."
        assert "accept" not in enabled(page) and page.locator(".tl-message").count() == 0
        taps = 0
        for _ in range(60):
            wait_idle(page)
            acts = enabled(page)
            if "next-hand" in acts or "new-match" in acts:
                break
            act = choose(acts)
            page.tap(f'.tl-table button[data-action="{act}"]')
            taps += 1
        else:
            raise AssertionError("the hand did not end")
        assert taps >= 2
        # a screen reader heard the hand: one polite live region, kept across redraws
        live = page.locator(".tl-live")
        assert live.count() == 1 and live.get_attribute("aria-live") == "polite"
        assert live.get_attribute("role") == "status"
        assert "Score: " in live.inner_text() or "the hand" in live.inner_text(), live.inner_text()
        assert re.search(r"wins the hand|win the hand|won the hand|points?", page.inner_text(
            ".tl-status")), page.inner_text(".tl-status")
        heard = " ".join(page.evaluate("window.heard"))
        assert re.search(r"You played the [a-z0-9]", heard), heard
        assert re.search(r"Trick 1: ", heard), heard
        assert sideways_overflow(page) == []
        assert axe_violations(page) == []  # with tricks won and lost, the review, the log
        page.screenshot(path=str(artifacts_dir / "play-phone-touch-390x844.png"))
        page.tap('.tl-table button[data-action="next-hand"]')
        wait_idle(page)
        assert re.search(r"Hand 2", page.inner_text(".tl-stake"))
    finally:
        context.close()


def focused_action(page: Any) -> str | None:
    return page.evaluate("""() => {
      const a = document.activeElement;
      return a && a.closest('.tl-table') ? (a.dataset.action || a.dataset.for || '') : null;
    }""")


def test_a_hand_played_by_keyboard_only(voila_url: str, browser: Any,
                                       artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    try:
        page.goto(voila_url + PLAY)
        page.wait_for_selector(".tl-table[data-variant]", timeout=LOAD_MS)
        wait_idle(page)
        # a greyed-out action reached with Tab shows its reason, no mouse needed
        for _tab in range(80):
            if focused_action(page) == "accept":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('tl-tip')")
        assert page.inner_text(".tl-reason") == "Accept: There is no raise to answer."
        page.keyboard.press("Enter")  # does nothing but say it again
        assert "accept" not in enabled(page) and page.locator(".tl-message").count() == 0
        pressed = 0
        key = "Enter"
        for _ in range(60):
            wait_idle(page)
            acts = enabled(page)
            if "next-hand" in acts or "new-match" in acts:
                break
            want = choose(acts)
            for _tab in range(80):  # Tab (forwards only) until the wanted control has focus
                if focused_action(page) == want:
                    break
                page.keyboard.press("Tab")
            else:
                raise AssertionError(f"Tab never reached {want}")
            # the focus is visible: an outline drawn around the focused control
            outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
            assert outline not in ("none", ""), want
            page.keyboard.press(key)
            key = " " if key == "Enter" else "Enter"  # Space and Enter both play
            pressed += 1
        else:
            raise AssertionError("the hand did not end")
        assert pressed >= 2
        page.screenshot(path=str(artifacts_dir / "play-keyboard-360x740.png"))
    finally:
        context.close()


def test_the_replay_buttons_on_a_phone_are_whole_and_44_px(voila_url: str, browser: Any,
                                                           artifacts_dir: Path) -> None:
    """Below the table, "Replay this hand" ("Replay the last hand" once the next hand is dealt)
    and the hand replayer's buttons are thumb-sized on a phone, their words never cut (they were
    28 px tall, and "Replay the last h…")."""
    context, page = phone_play_page(browser, voila_url)
    try:
        for _ in range(60):
            wait_idle(page)
            acts = enabled(page)
            if "next-hand" in acts or "new-match" in acts:
                break
            page.tap(f'.tl-table button[data-action="{choose(acts)}"]')
        else:
            raise AssertionError("the hand did not end")
        page.wait_for_selector("button.tl-replay-open")
        assert small_controls(page) == [] and truncated_text(page) == [], "the hand over"
        if "next-hand" in enabled(page):
            page.tap('.tl-table button[data-action="next-hand"]')
            wait_idle(page)
            page.wait_for_selector("button.tl-replay-open:has-text('Replay the last hand')")
            assert small_controls(page) == [] and truncated_text(page) == [], "the next hand"
        page.tap("button.tl-replay-open")
        page.wait_for_selector(".tl-replayer-app .tl-replay-forward", timeout=60_000)
        page.wait_for_timeout(300)
        assert small_controls(page) == [], "the replayer"
        assert truncated_text(page) == [], "the replayer"
        assert sideways_overflow(page) == []
        page.screenshot(path=str(artifacts_dir / "play-phone-replay-390x844.png"))
    finally:
        context.close()
