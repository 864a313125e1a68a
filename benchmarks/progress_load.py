"""Benchmark of the class's progress service under a class (not a test): N students answer an
assignment at once, each answer as the page sends it (the answer, which the service
authenticates, grades again and writes in its own transaction, then the student's answers and
results file that the page shows next, which the service now sends with its reply to the
answer: one request, where it took three before; or the answer's request alone with
``--record-only``); prints answers per second and the latency a student waits.

    .venv/bin/python benchmarks/progress_load.py --students 30 --answers 12
    .venv/bin/python benchmarks/progress_load.py --students 30 --answers 12 --temp-postgres

The hub's "whose token is this?" is stood in by a table of tokens (on a hub, HubAuth asks the
hub once per token and keeps the answer for 60 s, so a class pays it once per student and
minute). Each student is a thread of this process with its own connection, as each student's
kernel is; the service runs in this process too, on its own event loop.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tables_store import temp_postgres  # benchmarks/tables_store.py

from truco_learn.classroom import Assignment, ProgressStore
from truco_learn.classroom.progress_client import RemoteProgress
from truco_learn.classroom.progress_service import ProgressService, make_app, service_store

ROOT = Path(__file__).resolve().parents[1]


def serve(store: ProgressStore, tokens: dict[str, str]) -> tuple[str, Any]:
    async def identify(token: str) -> str | None:
        return tokens.get(token)

    loop = asyncio.new_event_loop()
    ready = threading.Event()
    holder: dict[str, Any] = {}

    async def start() -> None:
        server = make_app(ProgressService(store, b"bench"), identify).listen(0, "127.0.0.1")
        holder["port"] = next(iter(server._sockets.values())).getsockname()[1]
        ready.set()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(start())
        loop.run_forever()

    threading.Thread(target=run, daemon=True).start()
    ready.wait(10)
    return f"http://127.0.0.1:{holder['port']}/truco/progress/", loop


def measure(target: str, students: int, answers: int, kept: bool = True,
            as_page: bool = True) -> dict[str, Any]:
    a = Assignment("Load", (2, 3, 4), questions=answers, seed=11)
    quizzes = a.quizzes()
    store = service_store(target) if kept else ProgressStore(target)
    tokens = {f"tok-{i}": f"student{i:03d}" for i in range(students)}
    url, loop = serve(store, tokens)
    waits: list[float] = []
    lock = threading.Lock()
    errors: list[str] = []
    go = threading.Barrier(students + 1)

    def student(i: int) -> None:
        client = RemoteProgress(url, f"tok-{i}", timeout=60)
        client.start(a.code(), "")
        go.wait()
        mine = []
        for lesson, quiz in quizzes:
            for position, item in enumerate(quiz):
                t = time.perf_counter()
                try:
                    client.record(a.code(), "", lesson, position, item.kind, item.seed,
                                  item.variant, item.choices[(i + position) % len(item.choices)],
                                  False, item.rule)
                    if as_page:  # what the page then shows: the answers, the results file
                        client.answers(a.code(), "")
                        client.results(a.code())
                except Exception as exc:  # counted, reported
                    errors.append(str(exc))
                mine.append(time.perf_counter() - t)
        with lock:
            waits.extend(mine)

    threads = [threading.Thread(target=student, args=(i,)) for i in range(students)]
    for th in threads:
        th.start()
    go.wait()
    start = time.perf_counter()
    for th in threads:
        th.join()
    elapsed = time.perf_counter() - start
    loop.call_soon_threadsafe(loop.stop)
    stored = store.count()
    waits.sort()
    return {"database": store.where, "kept_open": kept, "as_page": as_page,
            "students": students, "answers": len(waits),
            "stored": stored, "errors": len(errors), "seconds": round(elapsed, 2),
            "answers_per_s": round(len(waits) / elapsed, 1),
            "p50_ms": round(1000 * statistics.median(waits), 1),
            "p95_ms": round(1000 * waits[int(0.95 * (len(waits) - 1))], 1),
            "max_ms": round(1000 * waits[-1], 1)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--students", type=int, default=30)
    p.add_argument("--answers", type=int, default=12, help="questions of the assignment each "
                   "student answers")
    p.add_argument("--db", default=None, help="a postgresql:// URL (an empty database)")
    p.add_argument("--temp-postgres", action="store_true")
    p.add_argument("--per-request", action="store_true", help="a connection per request, "
                   "as the page's own store opens them (for comparison)")
    p.add_argument("--record-only", action="store_true", help="time the answer's own "
                   "request alone, not the answers and results file the page then shows")
    args = p.parse_args()
    if args.temp_postgres:
        with temp_postgres() as url:
            print(json.dumps(measure(url, args.students, args.answers, not args.per_request,
                                     not args.record_only)))
        return
    target = args.db or str(Path(tempfile.mkdtemp()) / "progress.sqlite3")
    print(json.dumps(measure(target, args.students, args.answers, not args.per_request,
                             not args.record_only)))


if __name__ == "__main__":
    sys.exit(main())
