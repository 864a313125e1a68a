"""The hand replayer in real Chromium: finish a hand on the play page, open the replayer, step
through every move to the end, read the coach's evaluation of the learner's decisions and
export a position."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from test_play import click, enabled, wait_idle
from truco_learn.engine.scenario import run_scenario


def move_counter(page) -> tuple[int, int]:
    m = re.search(r"Move (\d+) of (\d+)", page.inner_text(".tl-replay-where"))
    assert m, page.inner_text(".tl-replay-where")
    return int(m.group(1)), int(m.group(2))


@pytest.mark.browser
def test_step_through_a_finished_hand_on_the_play_page(voila_url: str, page,
                                                       artifacts_dir: Path) -> None:
    page.goto(voila_url + "/voila/render/play.ipynb")
    page.wait_for_selector(".tl-table[data-variant]", timeout=90_000)
    for _ in range(60):  # play the first legal card (or accept) until the hand is over
        wait_idle(page)
        acts = enabled(page)
        if "next-hand" in acts or "new-match" in acts:
            break
        choice = "accept" if "accept" in acts else next(
            (a for a in acts if a.startswith(("play:", "onze:play"))), acts[0])
        click(page, choice)
    else:
        raise AssertionError("the hand did not end")
    page.click("button.tl-replay-open")
    page.wait_for_selector(".tl-replayer .tl-replay-where")
    ply, total = move_counter(page)
    assert ply == 0 and total > 0
    evaluated = 0
    for step in range(1, total + 1):
        # the board and the analysis are two widgets, updated one after the other: read the
        # analysis only once it is the one of this position, not the last one's
        page.wait_for_selector(f'.tl-replay-analysis[data-ply="{step - 1}"]')
        if page.locator(".tl-replay-analysis .tl-eval").count():
            evaluated += 1
            verdict = page.inner_text(".tl-replay-analysis .tl-verdict")
            assert verdict.split(":")[0] in ("Good", "Inaccuracy", "Mistake", "Blunder")
            assert page.locator(".tl-eval tbody tr").count() >= 2
            assert "play:" not in verdict and not re.search(r"-\d", verdict)
        page.click("button.tl-replay-forward")
        page.wait_for_function(
            "n => document.querySelector('.tl-replay-where').textContent"
            ".startsWith('Move ' + n + ' of')", arg=step, polling=100)
    assert evaluated >= 1, "no decision of the learner was evaluated"
    assert "the hand is over" in page.inner_text(".tl-replay-where")
    # everyone's cards: the coach's hand is drawn, not only face-down backs
    coach_row = page.locator(".tl-replayer .tl-seat-1")
    assert coach_row.locator("svg[aria-label]").count() >= 1 or coach_row.inner_text().endswith(
        "no cards left")
    page.click("button.tl-replay-back")
    page.wait_for_function(
        "n => document.querySelector('.tl-replay-where').textContent.startsWith('Move ' + n)",
        arg=total - 1, polling=100)
    page.click("button.tl-replay-export")
    page.wait_for_function("() => { const t = document.querySelector('.tl-replay-json textarea');"
                           " return t && t.value.startsWith('{'); }", polling=100)
    exported = json.loads(page.eval_on_selector(".tl-replay-json textarea", "t => t.value"))
    out, status = run_scenario(exported)
    assert status == 0 and len(out["log"]) == total - 1
    assert "Traceback" not in page.content()
    page.locator(".tl-replayer-app").screenshot(path=str(artifacts_dir / "replayer.png"))
