"""The tables page on a phone, in real Chromium: the lobby and the invite form do not scroll
sideways and pass axe-core; a table in play (heads-up and four seats, bots in the other seats)
fits every size from 320 px like the play page's table (nothing clipped, vira and tricks in
view, actions at least 44 px, the invite link's field and every label inside the column), and
a hand is played to its end by taps. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layout_checks import (SIZES, ZOOM_200, axe_violations, outside_viewport, sideways_overflow,
                           small_actions, small_controls, table_clipping, truncated_text)

from truco_learn.widgets.play_app import VARIANT_LABELS

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LOAD_MS = 90_000
TABLE = ".tl-tables-play .tl-table"
ENABLED = TABLE + " button[data-action]:not([disabled])"


def enabled(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(ENABLED, "els => els.map(e => e.dataset.action)"))


def wait_for_my_move(page: Any) -> list[str]:
    """The actions offered once the table has settled (it redraws as the bots play)."""
    for _ in range(20):
        page.wait_for_function(f"() => document.querySelectorAll({ENABLED!r}).length > 0",
                               timeout=60_000, polling=100)
        page.wait_for_timeout(250)
        acts = enabled(page)
        if acts:
            return acts
    raise AssertionError("the table never settled on a move of mine")


def tap(page: Any, action: str) -> None:
    """Tap an action; one that vanished in a redraw just before the tap is tried again later."""
    from playwright.sync_api import Error

    try:
        page.tap(f'{TABLE} button[data-action="{action}"]', timeout=5_000)
    except Error as exc:
        if "Timeout" not in str(exc) and "not attached" not in str(exc):
            raise


def check_table(page: Any, where: str) -> None:
    assert table_clipping(page) == [], where
    assert outside_viewport(page, ".tl-tables-play .tl-vira") == [], where
    assert outside_viewport(page, ".tl-tables-play .tl-trick:not(.tl-empty)") == [], where
    assert small_actions(page) == [], where
    assert sideways_overflow(page) == [], where


def choose(acts: list[str]) -> str:
    for want in ("accept", "onze:play", "next-hand"):
        if want in acts:
            return want
    plays = [a for a in acts if a.startswith(("play:", "blind:"))]
    return plays[0] if plays else acts[0]


@pytest.mark.parametrize("variant", ["paulista-2p", "paulista-4p"])
def test_a_table_on_a_phone_fits_and_plays_by_touch(variant: str, voila_url: str, browser: Any,
                                                    artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    try:
        page.goto(voila_url + "/voila/render/tables.ipynb")
        page.wait_for_selector(".tl-tables-lobby", timeout=LOAD_MS)
        page.wait_for_timeout(300)
        for width, height in (SIZES[0], ZOOM_200):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            assert sideways_overflow(page) == [], f"lobby, {width} px"
        page.set_viewport_size({"width": 360, "height": 740})
        assert small_controls(page) == [], "lobby: a control under 44 px on a phone"
        assert axe_violations(page) == [], "lobby"
        page.screenshot(path=str(artifacts_dir / "tables-lobby-360.png"), full_page=True)

        page.fill(".tl-tables-lobby input[type=text]", "Ana")
        page.locator(".tl-tables-lobby select").nth(0).select_option(
            label=VARIANT_LABELS[variant])
        page.tap("text=Create table")
        page.wait_for_selector(TABLE, timeout=LOAD_MS)
        wait_for_my_move(page)
        for width, height in [(320, 640), *SIZES, ZOOM_200]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            check_table(page, f"{variant}, {width}×{height}")
            # the invite link's field fits the column (it ran past the right edge)
            assert outside_viewport(page, ".tl-invite-link") == [], f"{width}×{height}"
            assert truncated_text(page) == [], f"{variant}, {width}×{height}"
            page.locator(TABLE).screenshot(
                path=str(artifacts_dir / f"tables-{variant}-{width}x{height}.png"))
        page.set_viewport_size({"width": 360, "height": 740})
        assert axe_violations(page) == [], f"{variant}, a table in play"

        # a whole hand by taps: until the table offers the next hand (or the match ends)
        for _ in range(40):
            acts = wait_for_my_move(page)
            if "next-hand" in acts or "lobby" in acts:
                break
            tap(page, choose(acts))
        else:
            raise AssertionError(f"{variant}: no end of the hand after 40 taps")
        page.locator(TABLE).screenshot(path=str(artifacts_dir / f"tables-{variant}-over-360.png"))
        check_table(page, f"{variant}, the hand over, 360×740")
        assert axe_violations(page) == [], f"{variant}, the hand over"
        # the hand replayed, as this person saw it, with the coach's comments
        page.tap("text=Replay this hand")
        page.wait_for_selector(".tl-replayer", timeout=60_000)
        assert "the hand is over" in page.inner_text(".tl-replay-where")
        assert sideways_overflow(page) == [], f"{variant}, the replayer at 360 px"
        assert axe_violations(page) == [], f"{variant}, the replayer"
        page.screenshot(path=str(artifacts_dir / f"tables-{variant}-replay-360.png"),
                        full_page=True)
        assert "Traceback" not in page.content()
    finally:
        context.close()


def focused_action(page: Any) -> str | None:
    return page.evaluate("""() => {
      const a = document.activeElement;
      return a && a.closest('.tl-table') ? (a.dataset.action || '') : null;
    }""")


def test_a_hand_at_a_table_played_by_keyboard_only(voila_url: str, browser: Any) -> None:
    """Create the table and play a whole hand with Tab, Enter and Space, no mouse; the focused
    control always shows an outline."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    try:
        page.goto(voila_url + "/voila/render/tables.ipynb")
        page.wait_for_selector(".tl-tables-lobby", timeout=LOAD_MS)
        page.focus(".tl-tables-lobby input[type=text]")
        page.keyboard.type("Bia")
        for _tab in range(40):  # on to the "Create table" button
            if page.evaluate("document.activeElement.innerText") == "Create table":
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reached Create table")
        page.keyboard.press("Enter")
        page.wait_for_selector(TABLE, timeout=LOAD_MS)
        key, pressed = "Enter", 0
        for _ in range(40):
            acts = wait_for_my_move(page)
            if "next-hand" in acts or "lobby" in acts:
                break
            want = choose(acts)
            for _tab in range(80):
                if focused_action(page) == want:
                    break
                page.keyboard.press("Tab")
            else:
                raise AssertionError(f"Tab never reached {want}")
            outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
            assert outline not in ("none", ""), want
            page.keyboard.press(key)
            key = " " if key == "Enter" else "Enter"
            pressed += 1
            page.wait_for_timeout(300)
        else:
            raise AssertionError("the hand did not end")
        assert pressed >= 2
    finally:
        context.close()


def test_a_four_seat_table_with_signals_on_a_phone_shows_every_control_whole(
        voila_url: str, browser: Any, artifacts_dir: Path) -> None:
    """A four-seat table with the partners' signals: on a phone the invite link's field and
    copy button are 44 px tall (they were 21 px) and "Signal my best card to my partner" is
    read whole (it was cut to "Signal my best card to my part…", on a desktop too)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    try:
        page.goto(voila_url + "/voila/render/tables.ipynb")
        page.wait_for_selector(".tl-tables-lobby", timeout=LOAD_MS)
        page.fill(".tl-tables-lobby input[type=text]", "Ana")
        page.locator(".tl-tables-lobby select").nth(0).select_option(
            label=VARIANT_LABELS["paulista-4p"])
        page.wait_for_function("() => document.querySelectorAll('.tl-tables-lobby select')"
                               ".length == 7", polling=100)
        page.check("text=Partners vote on answers")
        page.check("text=Secret signals to the partner")
        page.tap("text=Create table")
        page.wait_for_selector(TABLE, timeout=LOAD_MS)
        page.wait_for_selector("button:has-text('Signal my best card to my partner')")
        wait_for_my_move(page)
        assert small_controls(page) == [], "a four-seat table with signals, 390 px"
        assert truncated_text(page) == [], "a four-seat table with signals, 390 px"
        assert sideways_overflow(page) == []
        page.screenshot(path=str(artifacts_dir / "tables-4p-signals-390.png"))
        page.set_viewport_size({"width": 1280, "height": 900})
        page.wait_for_timeout(200)
        assert truncated_text(page) == [], "a four-seat table with signals, 1280 px"
    finally:
        context.close()
