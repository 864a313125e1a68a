"""A class on one server: N learners at once, each a real Chromium page, against the app
started like ``make app`` (``voila lessons/`` with the repository's ``voila.json``).

Each learner arrives during the ramp and, in one tab, as a student in class would:
1. opens lesson 2 and steps through it (``Next ▶`` three times);
2. opens the assignment page, types a name and answers three quiz questions (``Next`` between);
3. opens the play page and plays four cards against the coach.

Reported for each N: time to interactive of every page (navigation start → the page can be
clicked) p50/p95, click → the page updated p50/p95 (measured inside the page: the click until
the widget's text changed, or the played card is on the table), memory of the server and its
kernels (RSS per kernel, PSS in total, at the peak), and errors (a failed step, a page error, a
traceback, a kernel lost). Chromium runs on the same machine as the server, so the figures are
pessimistic for a real class (whose browsers are on their own computers).

Run (the README's figures)::

    .venv/bin/python benchmarks/class_load.py --learners 10,20,30 --ramp 30 \
        --json test-artifacts/class_load.json
    # the same, with the learners' browsers at the lowest CPU priority
    .venv/bin/python benchmarks/class_load.py --learners 10,20,30 --ramp 30 --browser-nice 19
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from playwright.async_api import Browser, Page, async_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from truco_learn.classroom import Assignment  # noqa: E402

CHROMIUM = os.environ.get("TRUCO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
ASSIGNMENT = Assignment("Class load", (2,), questions=3, pass_pct=50, seed=2026)
PLAY_READY = ".tl-table button.tl-card-btn:not([disabled])"
STEP_TIMEOUT_MS = 120_000
# How often a waiting learner looks at its page (ms). Not every animation frame: polling on
# every frame makes each waiting Chromium page draw 60 frames a second, CPU that the server then
# lacks; 50 ms is finer than any figure reported.
POLL_MS = 50

# Click a button (by its text, inside ``root``) and resolve when ``root``'s text changed.
CLICK_TEXT_JS = """async ([root, label]) => {
  const box = document.querySelector(root);
  const find = () => [...box.querySelectorAll('button')].find(
      b => b.innerText.trim() === label && !b.disabled && b.offsetParent !== null);
  let btn = find();
  for (let i = 0; !btn && i < 600; i++) {  // the last update may still be on its way
    await new Promise(r => setTimeout(r, 100));
    btn = find();
  }
  if (!btn) throw new Error(`no enabled button ${label} in ${root}`);
  const before = box.innerText;
  const t0 = performance.now();
  const changed = new Promise((resolve, reject) => {
    const obs = new MutationObserver(() => {
      if (box.innerText !== before) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(box, { childList: true, subtree: true, characterData: true });
    setTimeout(() => { obs.disconnect(); reject(new Error(`no update after ${label}`)); }, 60000);
  });
  btn.click();
  return await changed;
}"""
# Click a card on the table and resolve when the table shows it played (tests/browser/test_perf.py).
CLICK_CARD_JS = """async (action) => {
  const btn = document.querySelector(`.tl-table button[data-action="${action}"]`);
  const card = action.slice(5);
  const root = btn.closest('.tl-table').parentElement;
  const t0 = performance.now();
  const shown = new Promise((resolve, reject) => {
    const done = () => document.querySelector(`.tl-play[data-card="${card}"]`);
    const obs = new MutationObserver(() => {
      if (done()) { obs.disconnect(); resolve(performance.now() - t0); } });
    obs.observe(root, { childList: true, subtree: true });
    setTimeout(() => { obs.disconnect(); reject(new Error(`card ${card} not shown`)); }, 60000);
  });
  btn.click();
  return await shown;
}"""
IDLE_JS = """() => {
  const t = document.querySelector('.tl-table[data-variant]');
  if (!t || t.parentElement.classList.contains('tl-waiting')) return false;
  if (document.querySelector('.tl-thinking')) return false;
  return t.querySelectorAll('button[data-action]:not([disabled])').length > 0;
}"""


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------- the server and its memory

class AppServer:
    """``voila lessons/`` from the repository root (so ``voila.json`` applies), like make app."""

    def __init__(self, db: str, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        voila = Path(sys.executable).parent / "voila"
        env = dict(os.environ, TRUCO_LEARN_DB=db, TRUCO_LEARN_SEED="1", PYTHONUNBUFFERED="1")
        self._log = open(log, "wb")
        self.proc = subprocess.Popen([str(voila), "lessons/", f"--port={self.port}",
                                      "--no-browser", "--Voila.ip=127.0.0.1"], cwd=ROOT,
                                     env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited: see {log}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        raise RuntimeError(f"voila did not answer within 120 s: see {log}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self._log.close()


class MemorySampler(threading.Thread):
    """Every second: the server's and each kernel's memory; keeps the peak total, the most
    kernels at once, and each kernel's largest RSS (a kernel grows as its page runs)."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.stop_flag = threading.Event()
        self.peak_total_pss = 0
        self.kernel_rss: dict[int, int] = {}  # pid -> largest RSS seen
        self.server_rss = 0
        self.max_kernels = 0
        self.load: list[float] = []  # the machine's 1-minute load average, every second
        # CPU seconds (user + system) of every process seen, by role; a process that exits
        # keeps its last sample (so up to a second of its CPU can be missed)
        self.cpu: dict[int, tuple[str, float]] = {}
        self.me = psutil.Process(os.getpid())
        self.cpu0: dict[int, tuple[str, float]] | None = None  # the first sample: the baseline

    def run(self) -> None:
        while not self.stop_flag.is_set():
            try:
                self.sample()
            except psutil.Error:
                pass
            self.stop_flag.wait(1.0)

    def sample(self) -> None:
        procs = [self.root, *self.root.children(recursive=True)]
        total, kernels = 0, []
        for p in self.me.children(recursive=True):  # the learners' Chromium (and its helpers)
            if p.pid != self.root.pid and p not in procs:
                self._cpu(p, "browsers")
        for p in procs:
            try:
                self._cpu(p, "server" if p is self.root else
                          "kernels" if "ipykernel" in " ".join(p.cmdline()) else "server")
                info = p.memory_full_info()
                total += info.pss
                if p is not self.root and "ipykernel" in " ".join(p.cmdline()):
                    kernels.append(info.rss)
                    self.kernel_rss[p.pid] = max(self.kernel_rss.get(p.pid, 0), info.rss)
                elif p is self.root:
                    self.server_rss = info.rss
            except psutil.Error:
                continue
        self.max_kernels = max(self.max_kernels, len(kernels))
        self.peak_total_pss = max(self.peak_total_pss, total)
        self.load.append(os.getloadavg()[0])
        if self.cpu0 is None:
            self.cpu0 = dict(self.cpu)

    def _cpu(self, p: psutil.Process, role: str) -> None:
        try:
            t = p.cpu_times()
        except psutil.Error:
            return
        self.cpu[p.pid] = (role, t.user + t.system)

    def cpu_seconds(self) -> dict[str, float]:
        out = {"server": 0.0, "kernels": 0.0, "browsers": 0.0}
        base = self.cpu0 or {}
        for pid, (role, seconds) in self.cpu.items():
            out[role] += seconds - base.get(pid, (role, 0.0))[1]
        return {k: round(v, 1) for k, v in out.items()}


# ---------------------------------------------------------------- one learner

@dataclass
class Figures:
    tti_ms: dict[str, list[float]] = field(default_factory=lambda: {
        "lesson": [], "assignment": [], "play": []})
    click_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def open_page(page: Page, url: str, ready_js: str, into: list[float]) -> None:
    """Time to interactive into ``into``; a page that never gets there counts as the timeout
    (and the learner's error), so failures raise the percentiles instead of leaving them."""
    try:
        await page.goto(url, wait_until="commit", timeout=STEP_TIMEOUT_MS)
        handle = await page.wait_for_function(
            f"() => ({ready_js}) ? performance.now() : false", timeout=STEP_TIMEOUT_MS,
            polling=POLL_MS)
    except Exception:
        into.append(float(STEP_TIMEOUT_MS))
        raise
    into.append(float(await handle.json_value()))


async def lesson(page: Page, base: str, fig: Figures) -> None:
    await open_page(page, f"{base}/voila/render/02_vira_and_manilhas.ipynb",
                    "document.querySelector('.truco-lesson') && "
                    "document.querySelector('.truco-lesson').innerText.includes('Step 1 of')",
                    fig.tti_ms["lesson"])
    for _ in range(3):
        fig.click_ms.append(float(await page.evaluate(CLICK_TEXT_JS,
                                                      [".truco-lesson", "Next ▶"])))


async def assignment(page: Page, base: str, fig: Figures, name: str) -> None:
    await open_page(page, f"{base}/voila/render/assignment.ipynb?code={ASSIGNMENT.code()}",
                    "document.querySelector(\"input[placeholder='your name']\")",
                    fig.tti_ms["assignment"])
    await page.fill("input[placeholder='your name']", name)
    await page.click("button:has-text('Start')")
    await page.wait_for_selector(".tl-quiz-prompt", timeout=STEP_TIMEOUT_MS)
    (_lesson, items), = ASSIGNMENT.quizzes()
    for k, item in enumerate(items):
        fig.click_ms.append(float(await page.evaluate(CLICK_TEXT_JS,
                                                      [".tl-quiz", item.answer])))
        if k < len(items) - 1:
            fig.click_ms.append(float(await page.evaluate(CLICK_TEXT_JS, [".tl-quiz", "Next"])))


async def play(page: Page, base: str, fig: Figures, cards: int = 4) -> None:
    await open_page(page, f"{base}/voila/render/play.ipynb",
                    f"document.querySelector('{PLAY_READY}')", fig.tti_ms["play"])
    played = 0
    for _ in range(40):
        if played >= cards:
            return
        await page.wait_for_function(IDLE_JS, timeout=STEP_TIMEOUT_MS, polling=POLL_MS)
        acts: list[str] = await page.eval_on_selector_all(
            ".tl-table button[data-action]:not([disabled])",
            "els => els.map(e => e.dataset.action)")
        hand = [a for a in acts if a.startswith("play:")]
        if hand:
            fig.click_ms.append(float(await page.evaluate(CLICK_CARD_JS, hand[0])))
            played += 1
            continue
        for a in ("accept", "next-hand", "new-match"):
            if a in acts:
                await page.click(f'.tl-table button[data-action="{a}"]')
                await page.wait_for_timeout(100)
                break
        else:
            raise RuntimeError(f"nothing to click on the table: {acts}")
    raise RuntimeError(f"played only {played} cards")


async def learner(k: int, browser: Browser, base: str, delay: float, fig: Figures) -> None:
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    page.on("pageerror", lambda exc: fig.errors.append(
        f"learner {k}: page error on {page.url.split('/')[-1]}: {exc}"))
    step = "lesson"
    try:
        await lesson(page, base, fig)
        step = "assignment"
        await assignment(page, base, fig, f"Learner {k:02d}")
        step = "play"
        await play(page, base, fig)
        body = await page.content()
        if "Traceback" in body or await page.locator(".tl-kernel-gone").count():
            fig.errors.append(f"learner {k}: the page shows a traceback or a lost kernel")
    except Exception as exc:  # every failure is counted and reported, the others go on
        fig.errors.append(f"learner {k} ({step}): {type(exc).__name__}: "
                          f"{str(exc).splitlines()[0][:200]}")
    finally:
        await context.close()


def chromium_at(nice: int, tmp: str) -> str:
    """The Chromium to launch: itself, or (``nice`` > 0) a wrapper that starts it at a lower
    CPU priority, so that the server and its kernels come first, as they would if the
    learners' browsers ran on their own computers."""
    if nice <= 0:
        return CHROMIUM
    wrapper = Path(tmp) / "chromium-niced"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n {nice} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


async def run_class(n: int, ramp: float, base: str, pid: int,
                    chromium: str = CHROMIUM) -> dict[str, Any]:
    fig = Figures()
    sampler = MemorySampler(pid)
    sampler.start()
    t0 = time.monotonic()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS,
                                           headless=True)
        await asyncio.gather(*(learner(k, browser, base, ramp * k / max(1, n), fig)
                               for k in range(n)))
        await browser.close()
    wall = time.monotonic() - t0
    sampler.stop_flag.set()
    sampler.join()
    all_tti = [x for xs in fig.tti_ms.values() for x in xs]
    kernels = list(sampler.kernel_rss.values()) or [0]
    mib = 1024 * 1024
    return {
        "learners": n, "ramp_s": ramp, "wall_s": round(wall, 1),
        "tti_ms": {"p50": round(pct(all_tti, 50)), "p95": round(pct(all_tti, 95)),
                   "max": round(max(all_tti, default=float("nan"))), "n": len(all_tti),
                   **{f"{page}_p95": round(pct(xs, 95)) for page, xs in fig.tti_ms.items()}},
        "click_ms": {"p50": round(pct(fig.click_ms, 50)), "p95": round(pct(fig.click_ms, 95)),
                     "max": round(max(fig.click_ms, default=float("nan"))),
                     "n": len(fig.click_ms)},
        "machine_load_1min": {"mean": round(sum(sampler.load) / max(1, len(sampler.load)), 1),
                              "max": round(max(sampler.load, default=0.0), 1),
                              "cores": os.cpu_count()},
        "memory_mib": {"kernels_at_once_max": sampler.max_kernels,
                       "kernels_seen": len(sampler.kernel_rss),
                       "kernel_rss_mean": round(sum(kernels) / len(kernels) / mib),
                       "kernel_rss_max": round(max(kernels) / mib),
                       "server_rss": round(sampler.server_rss / mib),
                       "total_pss_peak": round(sampler.peak_total_pss / mib)},
        "cpu_seconds": sampler.cpu_seconds(),
        "errors": fig.errors,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--learners", default="10,20,30", help="class sizes, e.g. 10,20,30")
    ap.add_argument("--ramp", type=float, default=30.0,
                    help="seconds over which the learners arrive (0: all at once)")
    ap.add_argument("--db", help="progress store (default: a temporary SQLite file); a "
                                 "postgresql:// URL measures the shared store")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--browser-nice", type=int, default=0, metavar="N",
                    help="run the learners' Chromium at nice N (e.g. 19): the server and its "
                         "kernels first, as when the browsers are on the learners' computers")
    ap.add_argument("--logs", default=str(ROOT / "test-artifacts"),
                    help="where the server logs go (test-artifacts/)")
    args = ap.parse_args(argv)
    try:
        sizes = [int(x) for x in args.learners.split(",") if x.strip()]
    except ValueError:
        print(f"class_load: --learners {args.learners!r}: expected numbers like 10,20,30",
              file=sys.stderr)
        return 2
    if not Path(CHROMIUM).exists():
        print(f"class_load: no Chromium at {CHROMIUM} (set TRUCO_CHROMIUM)", file=sys.stderr)
        return 2
    Path(args.logs).mkdir(parents=True, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="class-load-") as tmp:
        for n in sizes:
            db = args.db or str(Path(tmp) / f"progress-{n}.sqlite3")
            log = Path(args.logs) / f"class-load-voila-{n}.log"
            server = AppServer(db, log)
            try:
                time.sleep(10)  # the preheated pools fill, as on a server started before class
                res = asyncio.run(run_class(n, args.ramp, server.url, server.proc.pid,
                                            chromium_at(args.browser_nice, tmp)))
                res["browser_nice"] = args.browser_nice
            finally:
                server.stop()
            results.append(res)
            t, c, m = res["tti_ms"], res["click_ms"], res["memory_mib"]
            ld = res["machine_load_1min"]
            print(f"N={n:3d}  TTI p50 {t['p50'] / 1000:.1f} s p95 {t['p95'] / 1000:.1f} s "
                  f"(max {t['max'] / 1000:.1f})  click p50 {c['p50']} ms p95 {c['p95']} ms  "
                  f"kernels at once {m['kernels_at_once_max']}, each {m['kernel_rss_mean']} "
                  f"MiB RSS (max {m['kernel_rss_max']}), total {m['total_pss_peak']} MiB PSS  "
                  f"errors {len(res['errors'])}  wall {res['wall_s']} s  "
                  f"load {ld['mean']} (max {ld['max']}) on {ld['cores']} cores", flush=True)
            cpu = res["cpu_seconds"]
            print(f"       CPU seconds: server {cpu['server']}, kernels {cpu['kernels']}, "
                  f"learners' browsers {cpu['browsers']}", flush=True)
            for e in res["errors"][:10]:
                print(f"    {e}", flush=True)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
