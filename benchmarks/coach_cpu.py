"""CPU time per coach decision, two versions of the code side by side on the same decisions.

The machine may be shared, so this measures CPU time (``time.process_time``) rather than wall
time, and it runs the two versions interleaved (A B A B ...) so that a change of load affects
both alike. Input: the observation runs written by ``benchmarks/coach_identity.py
--observations`` (what each coach seat saw, in order, in seeded arena matches). For each run a
fresh coach with the run's seed is fed its observations in order (the coach learns during a
game, so a run is replayed from its start) and each ``decide`` is timed. Each version runs in
its own worker process with ``PYTHONPATH`` set to its source tree (a directory holding a
``truco_learn`` package, e.g. ``git archive <commit> truco_learn | tar -x -C DIR``); the
workers also check that both versions took the same actions.

Run (the figures of the speed-up, ``BASE`` the old tree, ``.`` this one)::

    .venv/bin/python benchmarks/coach_identity.py --matches 2 --observations /tmp/obs.json
    .venv/bin/python benchmarks/coach_cpu.py /tmp/obs.json --a BASE --b . --rounds 2

It prints, per variant, p50 / p95 / mean CPU milliseconds per decision for A and for B, and
the change of the mean.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()


def worker() -> None:
    """Read one run per line on stdin, answer with its actions and CPU ms per decision."""
    from truco_learn.bots import make_bot

    print(json.dumps({"ready": str(Path(sys.modules["truco_learn"].__file__ or "").parent)}),
          flush=True)
    for line in sys.stdin:
        run = json.loads(line)
        bot = make_bot("coach", run["level"], run["seed"])
        times, actions = [], []
        for ob in run["observations"]:
            t = time.process_time()
            d = bot.decide(ob)
            times.append((time.process_time() - t) * 1000)
            actions.append(d.action)
        print(json.dumps({"ms": times, "actions": actions}), flush=True)


def start(src: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
    p = subprocess.Popen([sys.executable, str(HERE), "--worker"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, env=env,
                         cwd=str(Path(src).resolve()))
    assert p.stdout is not None
    ready = json.loads(p.stdout.readline())["ready"]
    print(f"worker for {src}: truco_learn from {ready}", file=sys.stderr)
    return p


def ask(p: subprocess.Popen[str], run: dict[str, Any]) -> dict[str, Any]:
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(json.dumps(run) + "\n")
    p.stdin.flush()
    answer: dict[str, Any] = json.loads(p.stdout.readline())
    return answer


def pct(values: list[float], q: float) -> float:
    """Nearest-rank quantile, as the arena reports latency."""
    v = sorted(values)
    return v[max(0, min(len(v) - 1, math.ceil(q * len(v)) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("observations", nargs="?")
    ap.add_argument("--a", default=".", help="source tree of version A (before)")
    ap.add_argument("--b", default=".", help="source tree of version B (after)")
    ap.add_argument("--rounds", type=int, default=1, help="times every run is timed per version")
    ap.add_argument("--variants", default="", help="only these variants (comma-separated)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker()
        return
    runs = json.loads(Path(args.observations).read_text())
    if args.variants:
        keep = set(args.variants.split(","))
        runs = [r for r in runs if r["variant"] in keep]
    workers = {"A": start(args.a), "B": start(args.b)}
    ms: dict[str, dict[str, list[float]]] = {}
    mismatches = 0
    for r in range(args.rounds):
        for i, run in enumerate(runs):
            order = ("A", "B") if (i + r) % 2 == 0 else ("B", "A")  # alternate who goes first
            got = {v: ask(workers[v], run) for v in order}
            mismatches += got["A"]["actions"] != got["B"]["actions"]
            for v in ("A", "B"):
                ms.setdefault(run["variant"], {}).setdefault(v, []).extend(got[v]["ms"])
    for p in workers.values():
        assert p.stdin is not None
        p.stdin.close()
        p.wait()
    print(f"{len(runs)} runs x {args.rounds} rounds; runs whose actions differ: {mismatches}")
    print(f"{'variant':14} {'n':>5}  {'A p50':>7} {'A p95':>7} {'A mean':>7}   "
          f"{'B p50':>7} {'B p95':>7} {'B mean':>7}   change of mean")
    for variant, by in ms.items():
        a, b = by["A"], by["B"]
        ma, mb = statistics.fmean(a), statistics.fmean(b)
        print(f"{variant:14} {len(a):5}  {pct(a, .5):7.1f} {pct(a, .95):7.1f} {ma:7.1f}   "
              f"{pct(b, .5):7.1f} {pct(b, .95):7.1f} {mb:7.1f}   {100 * (mb - ma) / ma:+.1f}%")


if __name__ == "__main__":
    main()
