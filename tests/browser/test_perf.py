"""Page timings in real Chromium, printed (and saved to test-artifacts/perf.json), never asserted.

- time to interactive (navigation start → the page can be clicked) of the play page against a
  trivial one-widget notebook, served by the same Voilà in the same run, with the app's
  ``voila.json`` (preheated kernels) and without preheating;
- click on a card → the table shows it (p50/p95), the coach's thinking time aside, and click →
  the coach has answered, for reference.

Run: ``.venv/bin/python -m pytest -s tests/browser/test_perf.py``.

No wait here polls on animation frames (Playwright's default): a headless page can stop
getting them, and a wait that polls on them then never ends. The moment a page becomes ready
is taken by a ``MutationObserver`` the page gets before its first script (:data:`READY_AT`),
and the test polls for it on a timer.
"""

from __future__ import annotations

import json
import shutil
import statistics
import time
from pathlib import Path
from typing import Any, Callable

import nbformat
import pytest
from play_page import MOVES_CSS

ROOT = Path(__file__).resolve().parents[2]
LOADS = 3
PLAY_READY = ".tl-table button.tl-card-btn:not([disabled])"
TRIVIAL_READY = ".widget-button"

CLICK_JS = """async (action) => {
  const btn = document.querySelector(`.tl-table button[data-action="${action}"]`);
  const card = action.slice(5);
  const root = btn.closest('.tl-table').parentElement;
  const t0 = performance.now();
  const shown = new Promise((resolve) => {
    const done = () => document.querySelector(`.tl-play[data-card="${card}"]`);
    const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve(performance.now()); } });
    obs.observe(root, { childList: true, subtree: true });
  });
  btn.click();
  return (await shown) - t0;
}"""
# Before any of the page's scripts: the moment the selector (the script's argument) first
# matches, in the page's performance.now() (the same clock as navigation start).
READY_AT = """((sel) => {
  const check = () => {
    if (window.__tlReadyAt === undefined && document.querySelector(sel)) {
      window.__tlReadyAt = performance.now();
      obs.disconnect();
    }
  };
  const obs = new MutationObserver(check);
  obs.observe(document, { childList: true, subtree: true, attributes: true });
})(%s);"""
POLL_MS = 20  # how often the test looks (a timer, not animation frames)
READY_TIMEOUT_MS = 120_000
IDLE = """() => {
  const t = document.querySelector('.tl-table[data-variant]');
  if (!t || t.parentElement.classList.contains('tl-waiting')) return false;
  if (document.querySelector('.tl-thinking')) return false;
  return t.querySelectorAll('%s').length > 0 ? performance.now() : false;
}""" % MOVES_CSS


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


def make_site(tmp: Path) -> Path:
    site = tmp / "site"
    site.mkdir()
    shutil.copy(ROOT / "lessons" / "play.ipynb", site / "play.ipynb")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        'import ipywidgets as widgets\nwidgets.Button(description="Click me")')]
    nbformat.write(nb, site / "trivial.ipynb")
    config = json.loads((ROOT / "voila.json").read_text())
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    pools["trivial.ipynb"] = dict(pools["play.ipynb"])  # the same treatment for both pages
    (tmp / "voila.json").write_text(json.dumps(config))
    return site


def what_went_wrong(page: Any, server: Any, label: str) -> str:
    """What the page showed and the server's log said, when a page never became ready (the
    page's picture is saved beside the log)."""
    try:
        shown = page.evaluate("() => document.body ? document.body.innerText : ''")
        page.screenshot(path=str(server.log.with_name(f"{label}.png")))
    except Exception as err:  # the page itself may be gone
        shown = f"(the page could not be read: {err})"
    log = server.log.read_text(errors="replace").splitlines()[-40:]
    return (f"{label}: {page.url} never became ready.\nThe page showed:\n{shown[:2000]}\n"
            f"The server's log ended with:\n" + "\n".join(log))


def time_to_interactive(browser: Any, server: Any, name: str, ready: str, label: str) -> float:
    """Navigation start → ``ready`` is on the page, in ms (as :data:`READY_AT` saw it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(READY_AT % json.dumps(ready))
    page = context.new_page()
    try:
        page.goto(f"{server.url}/voila/render/{name}.ipynb", wait_until="commit")
        try:
            handle = page.wait_for_function("() => window.__tlReadyAt ?? false",
                                            timeout=READY_TIMEOUT_MS, polling=POLL_MS)
        except Exception as err:
            raise AssertionError(what_went_wrong(page, server, label)) from err
        return float(handle.json_value())
    finally:
        context.close()


def measure_tti(browser: Any, server: Any, pause: float, label: str) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"trivial": [], "play": []}
    for load in range(LOADS):
        for name, ready in (("trivial", TRIVIAL_READY), ("play", PLAY_READY)):
            time.sleep(pause)  # let a preheated pool refill, as between two visitors
            out[name].append(time_to_interactive(browser, server, name, ready,
                                                 f"perf-{label}-{name}-{load}"))
    return out


def measure_clicks(browser: Any, base: str, clicks: int = 30) -> dict[str, list[float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    shown, answered = [], []
    try:
        page.goto(f"{base}/voila/render/play.ipynb")
        page.wait_for_function(IDLE, timeout=READY_TIMEOUT_MS, polling=POLL_MS)
        while len(shown) < clicks:
            acts = page.eval_on_selector_all(
                ".tl-table button[data-action]:not([disabled])",
                "els => els.map(e => e.dataset.action)")
            cards = [a for a in acts if a.startswith("play:")]
            if cards:
                t0 = page.evaluate("performance.now()")
                shown.append(float(page.evaluate(CLICK_JS, cards[0])))
                t1 = page.wait_for_function(IDLE, timeout=60_000, polling=POLL_MS).json_value()
                answered.append(float(t1) - float(t0))
                continue
            for a in ("accept", "next-hand", "new-match"):
                if a in acts:
                    page.click(f'.tl-table button[data-action="{a}"]')
                    break
            else:
                raise AssertionError(f"nothing to click: {acts}")
            page.wait_for_timeout(50)
            page.wait_for_function(IDLE, timeout=60_000, polling=POLL_MS)
    finally:
        context.close()
    return {"shown": shown, "answered": answered}


@pytest.mark.browser
@pytest.mark.slow
def test_page_timings(start_voila: Callable[..., Any], browser: Any, tmp_path: Path,
                      artifacts_dir: Path) -> None:
    site = make_site(tmp_path)
    figures: dict[str, Any] = {"loads": LOADS}
    hot = start_voila(site, cwd=tmp_path, env={"TRUCO_LEARN_SEED": "3"})
    time.sleep(8)  # the pools fill once at start
    tti = measure_tti(browser, hot, pause=8, label="preheated")
    clicks = measure_clicks(browser, hot.url)
    hot.stop()
    cold = start_voila(site, ["--VoilaConfiguration.preheat_kernel=False"], cwd=tmp_path)
    cold_tti = measure_tti(browser, cold, pause=1, label="cold")
    cold.stop()
    for label, data in (("preheated", tti), ("cold", cold_tti)):
        triv, play = statistics.median(data["trivial"]), statistics.median(data["play"])
        figures[label] = {"trivial_ms": data["trivial"], "play_ms": data["play"],
                          "trivial_median_ms": triv, "play_median_ms": play,
                          "ratio": play / triv}
    figures["click_to_table_ms"] = {"p50": pct(clicks["shown"], 50),
                                    "p95": pct(clicks["shown"], 95),
                                    "max": max(clicks["shown"]), "n": len(clicks["shown"])}
    figures["click_to_coach_answered_ms"] = {"p50": pct(clicks["answered"], 50),
                                             "p95": pct(clicks["answered"], 95)}
    (artifacts_dir / "perf.json").write_text(json.dumps(figures, indent=2))
    print("\n" + json.dumps(figures, indent=2))
    assert len(clicks["shown"]) >= 30 and all(v["ratio"] > 0 for v in (
        figures["preheated"], figures["cold"]))
