"""The play page in Brazilian Portuguese in real Chromium: the table's own words (drawn by
table.js from the widget's ``words``), the action bar, a greyed-out action's reason and the
log of a hand, by clicking. The app runs with its process language set to pt-BR
(``TRUCO_LEARN_LANG``), as a kernel serving a Portuguese learner does."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
from test_play import click, enabled, wait_idle

from i18n.english import assert_portuguese

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pt_url(start_voila: Callable[..., Any], tmp_path_factory: Any) -> str:
    db = tmp_path_factory.mktemp("tables-pt") / "tables.sqlite3"
    return str(start_voila(ROOT / "lessons", env={"TRUCO_LEARN_SEED": "1",
                                                  "TRUCO_LEARN_TABLES_DB": str(db),
                                                  "TRUCO_LEARN_LANG": "pt-BR"}).url)


@pytest.mark.browser
def test_a_hand_on_the_play_page_in_portuguese(pt_url: str, page: Any,
                                               artifacts_dir: Path) -> None:
    page.goto(pt_url + "/voila/render/play.ipynb?lang=pt-BR")
    page.wait_for_selector(".tl-table[data-variant]", timeout=90_000)
    wait_idle(page)
    assert page.inner_text('.tl-table button[data-action="raise"]') == "Truco!"
    assert page.inner_text('.tl-table button[data-action="accept"]') == "Aceito"
    assert page.inner_text('.tl-table button[data-action="fold"]') == "Corro"
    tip = page.locator('.tl-tip:has(button[data-action="accept"])')
    assert tip.get_attribute("title") == "Não há pedido para responder."
    assert tip.get_attribute("aria-label") == "Aceito: agora não. Não há pedido para responder."
    page.locator('.tl-table button[data-action="accept"]').dispatch_event("click")
    page.wait_for_timeout(300)
    assert page.inner_text(".tl-reason") == "Aceito: Não há pedido para responder."
    assert page.inner_text(".tl-stake").startswith("Mão 1 · vale")
    assert page.get_attribute(".tl-hand", "aria-label") == "Suas cartas"
    for _ in range(60):  # play the hand out: cards and answers, never a raise
        wait_idle(page)
        acts = enabled(page)
        if "next-hand" in acts:
            break
        act = next((a for a in acts if a.startswith("play:")), None) or (
            "accept" if "accept" in acts else acts[0])
        click(page, act)
    else:
        raise AssertionError("the hand did not end")
    table = page.inner_text(".tl-table")
    assert "Próxima mão" in table and "1ª rodada" in table.lower(), table  # CSS: uppercase
    assert page.inner_text(".tl-review h3") == "Sua mão, comentada"
    words = page.evaluate("""() => [...document.querySelectorAll(
        '.tl-table [aria-label], .tl-table [title]')].flatMap(e => [
        e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])""")
    for text in [table, page.inner_text(".tl-setup"), *words]:
        assert_portuguese(text, "play page")
    assert "Traceback" not in page.content()
    page.locator(".tl-table").screenshot(path=str(artifacts_dir / "play-table-pt.png"))
