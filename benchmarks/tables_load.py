"""Load benchmark of the tables service (not a test): N tables of two scripted clients each
play heads-up matches at once against one ``truco-learn tables`` process; report actions per
second and the act→state latency (from sending an action to receiving the state it caused).

    .venv/bin/python benchmarks/tables_load.py --tables 10 40 100 --seconds 30
    .venv/bin/python benchmarks/tables_load.py --tables 40 --temp-postgres

``--temp-postgres`` keeps the tables in a throwaway local PostgreSQL (a fresh database per N);
``--db URL`` in yours (an empty database, one N at a time).

A new table replaces each finished match. Every error message and every action whose state
had not come back 3 seconds after its match (or the run) ended counts against the run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def count_lost(stats: "Stats", sent: dict[int, float]) -> None:
    """An action still unanswered 3 s after its match (or the run) ended is lost."""
    await asyncio.sleep(3.0)
    stats.lost += len(sent)


class Stats:
    def __init__(self) -> None:
        self.checks: list[Any] = []
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.lost = 0
        self.matches = 0


async def post(http: AsyncHTTPClient, url: str, body: Any) -> Any:
    resp = await http.fetch(HTTPRequest(url, method="POST", body=json.dumps(body)))
    return json.loads(resp.body)


async def play_tables(base: str, stats: Stats, rng: random.Random, stop: float,
                      review: bool) -> None:
    """One table slot: two clients play matches until ``stop``."""
    http = AsyncHTTPClient()
    while time.monotonic() < stop:
        t = (await post(http, base + "/tables", {"variant": "paulista-2p",
                                                  "seats": ["human", "human"],
                                                  "review": review}))["table"]
        tokens = [(await post(http, f"{base}/tables/{t}/join", {"name": n}))["token"]
                  for n in ("A", "B")]
        done = asyncio.Event()
        sent: dict[int, float] = {}
        acted: dict[int, tuple[int, int]] = {}  # the position each client last acted in
        conns: list[Any] = []

        def handler(k: int):  # type: ignore[no-untyped-def]
            def on(msg: str | None) -> None:
                if msg is None:
                    return
                m = json.loads(msg)
                if m["type"] == "error":
                    stats.errors.append(m["message"])
                    print("error:", m["message"], file=sys.stderr)
                    return
                if m["type"] != "state":
                    return
                if k in sent:
                    stats.latencies.append(time.monotonic() - sent.pop(k))
                if m["game_over"]:
                    done.set()
                    return
                position = (m["hand"], len(m["observation"]["log"]))
                if (m["legal"] and not m["hand_over"] and time.monotonic() < stop
                        and acted.get(k) != position):  # a repeated state (someone joined)
                    acted[k] = position
                    sent[k] = time.monotonic()
                    conns[k].write_message(json.dumps(
                        {"type": "act", "action": rng.choice(m["legal"])}))
            return on

        ws_base = base.replace("http", "ws", 1)
        for k, tok in enumerate(tokens):
            conns.append(await websocket_connect(f"{ws_base}/tables/{t}/ws?token={tok}",
                                                 on_message_callback=handler(k)))
        while not done.is_set() and time.monotonic() < stop:
            await asyncio.sleep(0.2)
        stats.checks.append(asyncio.ensure_future(count_lost(stats, sent)))
        stats.matches += done.is_set()
        for c in conns:
            c.close()


async def run(n: int, seconds: float, base: str, review: bool) -> dict[str, Any]:
    stats = Stats()
    stop = time.monotonic() + seconds
    started = time.monotonic()
    await asyncio.gather(*(play_tables(base, stats, random.Random(k), stop, review)
                           for k in range(n)))
    elapsed = time.monotonic() - started
    lat = sorted(stats.latencies)
    await asyncio.gather(*stats.checks)
    return {"tables": n, "actions": len(lat), "actions_per_s": round(len(lat) / elapsed, 1),
            "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
            "p95_ms": round(1000 * lat[int(0.95 * (len(lat) - 1))], 1) if lat else None,
            "errors": len(stats.errors), "lost": stats.lost, "matches": stats.matches}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, nargs="+", default=[10, 40, 100])
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--no-review", action="store_true",
                   help="tables without the coach's after-hand reviews")
    p.add_argument("--db", default=None,
                   help="the tables database (a postgresql:// URL of an empty database, "
                   "for one N at a time; default: a fresh SQLite file per N)")
    p.add_argument("--temp-postgres", action="store_true",
                   help="the tables in a throwaway local PostgreSQL, a fresh database per N")
    args = p.parse_args()
    if args.db and len(args.tables) != 1:
        p.error("--db takes one --tables N (a second run would restore the first one's tables)")
    pg = start_temp_postgres() if args.temp_postgres else None
    try:
        run_all(args, pg)
    finally:
        if pg is not None:
            pg.stop()
    return 0


def start_temp_postgres() -> Any:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    from postgres_server import PostgresServer, find_bindir

    bindir = find_bindir()
    if bindir is None:
        raise SystemExit("no PostgreSQL binaries (apt-get install postgresql)")
    return PostgresServer(bindir).start()


def run_all(args: argparse.Namespace, pg: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.tables:
            port = free_port()
            server = subprocess.Popen(
                [sys.executable, "-m", "truco_learn.cli", "tables", "--port", str(port),
                 "--db", (pg.create_database(f"load{n}") if pg is not None else args.db)
                 or os.path.join(tmp, f"load-{n}.sqlite3")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                time.sleep(2.5)
                base = f"http://127.0.0.1:{port}/truco/api"
                out = asyncio.run(run(n, args.seconds, base, not args.no_review))
                out["review"] = not args.no_review
                out["store"] = "postgresql" if pg is not None or args.db else "sqlite"
                print(json.dumps(out), flush=True)
            finally:
                server.terminate()
                server.wait(10)


if __name__ == "__main__":
    sys.exit(main())
