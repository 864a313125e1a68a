"""Reading and clicking the play page's table, shared by the browser tests of the play page
(plain functions on a Playwright page; no fixtures here).

- ``IDLE``: JavaScript that is true once the table has settled on a move of the learner's;
- ``wait_idle(page)``, ``enabled(page)`` (the moves that can be clicked now), ``click(page,
  action)``.

The page's own show/hide switches (``toggle-cover``, ``toggle-envido``) are no moves: they are
always clickable, so neither ``IDLE`` nor ``enabled`` counts them.
"""

from __future__ import annotations

from typing import Any

PLAY = "/voila/render/play.ipynb"
LOAD_MS = 90_000

MOVES_CSS = 'button[data-action]:not([disabled]):not([data-action^="toggle-"])'
IDLE = """() => {
  const MOVES = '%s';
  const t = document.querySelector('.tl-table[data-variant]');
  if (!t || t.parentElement.classList.contains('tl-waiting')) return false;
  if (document.querySelector('.tl-thinking')) return false;
  return t.querySelectorAll(MOVES).length > 0;
}""" % MOVES_CSS


def wait_idle(page: Any) -> None:
    page.wait_for_function(IDLE, timeout=60_000, polling=100)


def enabled(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(
        ".tl-table " + MOVES_CSS, "els => els.map(e => e.dataset.action)"))


def click(page: Any, action: str) -> None:
    page.click(f'.tl-table button[data-action="{action}"]')
