"""What a learner's browser downloads: three pages opened one after the other in one real
Chromium profile (lesson 1, lesson 2, the play page), against a running app.

For each page: the requests, the bytes of the answers' bodies as they came over the network
(compressed when the server compressed them; files the browser had cached count 0), how many
came gzipped, and the time from navigation until the page can be used. ``--mbit N`` makes
Chromium's network N Mbit/s each way with 20 ms of latency (a learner's share of a classroom's
Wi-Fi), through the DevTools protocol.

Run against ``make app`` (or ``truco-learn-app lessons/ --port=8871 --no-browser``)::

    .venv/bin/python benchmarks/page_weight.py --url http://127.0.0.1:8871 --runs 3 --mbit 10
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("TRUCO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
PAGES = [("01_cards.ipynb", ".truco-lesson"), ("02_vira_and_manilhas.ipynb", ".truco-lesson"),
         ("play.ipynb", ".tl-table")]


def one_visit(browser: Any, base: str, mbit: float | None) -> list[dict[str, Any]]:
    """The three pages in a fresh profile (an empty cache): one row each."""
    context = browser.new_context()
    out = []
    try:
        for name, ready in PAGES:
            page = context.new_page()
            if mbit:
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                rate = mbit * 1_000_000 / 8
                cdp.send("Network.emulateNetworkConditions", {
                    "offline": False, "latency": 20, "downloadThroughput": rate,
                    "uploadThroughput": rate})
            rows: list[tuple[int, bool]] = []

            def finished(req: Any, rows: list[tuple[int, bool]] = rows) -> None:
                resp = req.response()
                size = req.sizes().get("responseBodySize", 0)
                gz = resp is not None and resp.headers.get("content-encoding") == "gzip"
                rows.append((max(0, int(size)), gz))
            page.on("requestfinished", finished)
            t0 = time.perf_counter()
            page.goto(f"{base}/voila/render/{name}")
            page.wait_for_selector(ready, timeout=120_000)
            seconds = time.perf_counter() - t0
            page.wait_for_timeout(1500)  # the requests still under way when it drew
            out.append({"page": name, "requests": len(rows), "bytes": sum(r[0] for r in rows),
                        "gzipped": sum(1 for r in rows if r[1]), "ready_s": seconds})
            page.close()
    finally:
        context.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", default="http://127.0.0.1:8866")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--mbit", type=float, default=None,
                    help="the browser's network speed in Mbit/s (default: not limited)")
    args = ap.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        visits = [one_visit(browser, args.url.rstrip("/"), args.mbit) for _ in range(args.runs)]
        browser.close()
    for k, (name, _) in enumerate(PAGES):
        rows = [v[k] for v in visits]
        size = statistics.median(r["bytes"] for r in rows)
        ready = [r["ready_s"] for r in rows]
        runs = ", ".join(f"{t:.2f}" for t in ready)
        print(f"{name:28s} requests {rows[0]['requests']:3d}  bytes {size:>10,.0f}  gzipped "
              f"{rows[0]['gzipped']:3d}  ready median {statistics.median(ready):.2f} s "
              f"(runs: {runs})")


if __name__ == "__main__":
    main()
