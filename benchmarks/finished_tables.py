"""Start-up time and memory of the tables service over a store full of finished matches (not a
test): N finished heads-up matches (two scripted players, each action a random legal one, a
raise one time in ten it is legal, to 12 points) and a few open ones in a temporary SQLite
store; then the service is started on it in a fresh process, and its start-up time, tables in
memory and memory (resident size, RSS) are reported, with the time to serve the public view of
100 finished tables.

    .venv/bin/python benchmarks/finished_tables.py --finished 1000
    git worktree add /tmp/wt-old COMMIT    # the code before finished tables left memory
    .venv/bin/python benchmarks/finished_tables.py --finished 1000 --old /tmp/wt-old

With ``--old PATH`` the store is written by the code at PATH (its schema, so that it can read
it), that code's service is started on it first, then this code's: its first start migrates
the store and replays every table once to mark the finished ones, and the starts after it
replay only the open ones. Each start is its own process (``PYTHONPATH`` picks the code).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def rss_mib() -> float:
    """This process's resident memory (``VmRSS``), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def make(db: str, finished: int, open_: int, seed: int) -> dict[str, Any]:
    """Store ``finished`` finished matches and ``open_`` open ones (a few actions each)."""
    import random

    from truco_learn.tables.store import TableStore
    from truco_learn.tables.table import Table, new_table_spec

    store = TableStore(db)
    rng = random.Random(seed)
    events = 0
    start = time.perf_counter()
    for k in range(finished + open_):
        spec = new_table_spec(f"t{k:05d}", {"variant": "paulista-2p",
                                            "seats": ["human", "human"]}, rng.randrange(2**31))
        store.create_table(spec)
        t = Table.create(spec)
        for name in ("Ana", "Bia"):
            seat, token, _new = t.join(name)
            store.add_player(t.id, token, seat, name)
        t.on_event = store.append_event
        while not t.match.over and (k < finished or len(t.events) < 5):
            seat = t.hand.to_act
            legal = t.legal(seat)
            calm = [a for a in legal if a != "raise"]  # people raise now and then
            t.act(seat, rng.choice(calm if calm and rng.random() < 0.9 else legal))
        if t.match.over and hasattr(store, "mark_finished"):
            store.mark_finished(t.id)  # as the service writes it
        events += len(t.events)
    store.close()
    return {"tables": finished + open_, "events": events,
            "seconds": round(time.perf_counter() - start, 1)}


def measure(db: str, views: int) -> dict[str, Any]:
    """Start the service on ``db`` (this process's ``truco_learn``) and measure it."""
    import asyncio
    import gc

    from truco_learn.tables.service import TableService
    from truco_learn.tables.store import TableStore

    gc.collect()
    before = rss_mib()
    start = time.perf_counter()
    service = TableService(TableStore(db))
    seconds = time.perf_counter() - start
    gc.collect()
    after = rss_mib()
    in_memory = len(service.tables)
    ids = [f"t{k:05d}" for k in range(views)]

    async def serve() -> float:
        begin = time.perf_counter()
        for i in ids:
            assert service.view(i)["game_over"]
        return (time.perf_counter() - begin) / len(ids)

    per_view = asyncio.run(serve()) if views else float("nan")
    service.close()
    return {"start_ms": round(seconds * 1000, 1), "tables_in_memory": in_memory,
            "rss_before_mib": round(before, 1), "rss_after_mib": round(after, 1),
            "rss_growth_mib": round(after - before, 1),
            "view_of_a_finished_table_ms": round(per_view * 1000, 2)}


def run(code: Path, *args: str) -> dict[str, Any]:
    """This script's ``args`` in a fresh process whose ``truco_learn`` is the one at ``code``."""
    env = dict(os.environ, PYTHONPATH=str(code))
    out = subprocess.run([sys.executable, __file__, *args], env=env, capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--finished", type=int, default=1000, help="finished matches stored")
    p.add_argument("--open", type=int, default=10, help="open matches stored")
    p.add_argument("--old", type=Path, default=None,
                   help="a checkout of the code before, started first on the same store")
    p.add_argument("--starts", type=int, default=2, help="starts of each code after the first")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--make", default=None, help=argparse.SUPPRESS)
    p.add_argument("--measure", default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.make:
        print(json.dumps(make(args.make, args.finished, args.open, args.seed)))
        return 0
    if args.measure:
        print(json.dumps(measure(args.measure, min(100, args.finished))))
        return 0
    per = ["--finished", str(args.finished), "--open", str(args.open)]
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "tables.sqlite3")
        report: dict[str, Any] = {"store": run(args.old or ROOT, "--make", db, "--seed",
                                               str(args.seed), *per)}
        print(json.dumps(report["store"] | {"made_by": "old" if args.old else "this"}),
              flush=True)
        if args.old:
            for k in range(args.starts):
                print(json.dumps({"code": "old", "start": k + 1} | run(args.old, "--measure",
                                                                        db, *per)), flush=True)
        for k in range(args.starts + 1):
            print(json.dumps({"code": "this", "start": k + 1} | run(ROOT, "--measure", db,
                                                                     *per)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
