"""A page's kernel starts light: running a notebook's cells in a fresh process does not import
the Jupyter server (or Voilà, which imports it).

A page served in another language than the server's (a Portuguese page on an English server)
has no preheated kernel: its kernel runs the cells when the learner opens the page, and the
Jupyter server's import alone (jsonschema compiling its URI grammars) took about 3.7 s of the
Portuguese index's 6 s on the shared 2-core machine. A preheated kernel waits for its visitor with
:func:`truco_learn.widgets.visit.wait_for_visit`, which asks Voilà's query socket without
importing Voilà; it is tested here against Voilà's own socket handler.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from truco_learn.widgets.visit import wait_for_visit

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
HEAVY = ("jupyter_server", "voila", "jsonschema")

RUN_CELLS = """
import json, sys
from truco_learn.i18n import set_language
set_language(sys.argv[2])
cells = json.load(open(sys.argv[1], encoding="utf-8"))["cells"]
scope = {}
for cell in cells:
    if cell["cell_type"] == "code":
        exec(compile("".join(cell["source"]), sys.argv[1], "exec"), scope)
print(json.dumps(sorted(m for m in %r if m in sys.modules)))
""" % (HEAVY,)


@pytest.mark.parametrize("notebook", sorted(p.name for p in LESSONS_DIR.glob("*.ipynb")))
def test_a_page_for_one_visitor_does_not_import_the_jupyter_server(notebook: str,
                                                                    tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOILA_")}
    env.update(TRUCO_LEARN_DB=str(tmp_path / "progress.sqlite3"), QUERY_STRING="")
    done = subprocess.run([sys.executable, "-c", RUN_CELLS, str(LESSONS_DIR / notebook), "pt-BR"],
                          capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def _voila_query_socket() -> tuple[Any, int, Any]:
    """Voilà's own query socket handler, served on a free port by a loop in its own thread."""
    from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]

    ready = threading.Event()
    box: dict[str, Any] = {}

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = web.Application([(r"/base/voila/query/(.*)", RequestInfoSocketHandler)])
        sock, port = bind_unused_port("127.0.0.1")
        server = HTTPServer(app)
        server.add_sockets([sock])
        box.update(loop=loop, port=port, server=server)
        ready.set()
        loop.run_forever()
        server.stop()
        loop.close()

    threading.Thread(target=serve, daemon=True).start()
    assert ready.wait(10)
    return box["loop"], box["port"], RequestInfoSocketHandler


@pytest.mark.parametrize("visit_first", [True, False], ids=["visit-first", "kernel-first"])
def test_a_preheated_kernel_waits_for_its_visitor_and_gets_the_request(visit_first: bool) -> None:
    loop, port, handler = _voila_query_socket()
    kernel = f"k-{visit_first}"
    env = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_KERNEL_ID": kernel,
           "VOILA_SERVER_URL": "/base/"}
    request = {"QUERY_STRING": "lang=pt-BR", "SCRIPT_NAME": "/base/voila/render/index.ipynb"}
    visit = functools.partial(handler.send_updates,
                              {"kernel_id": kernel, "payload": json.dumps(request)})
    try:
        if visit_first:  # Voilà keeps the request until the kernel asks
            loop.call_soon_threadsafe(visit)
        else:  # the kernel waits, the visitor comes later
            loop.call_later(0.5, visit)
        waiting = threading.Thread(target=wait_for_visit, args=(env,))
        waiting.start()
        waiting.join(30)
        assert not waiting.is_alive()
        assert {k: env.get(k) for k in request} == request
    finally:
        loop.call_soon_threadsafe(loop.stop)


def test_a_kernel_of_a_visit_does_not_wait() -> None:
    for env in ({}, {"VOILA_PREHEAT": "False", "VOILA_KERNEL_ID": "k"}):
        before = dict(env)
        wait_for_visit(env)  # no server to ask: it would fail if it asked
        assert env == before


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_preheated_kernel_with_no_query_socket_renders_anyway() -> None:
    """Voilà's socket refuses (a 404 here) or nothing listens: the page renders without the
    request's variables, as Voilà's own helper does, and nothing is raised (not even in the
    waiting thread: a kernel prints that to the page's output)."""
    loop, port, _handler = _voila_query_socket()
    try:
        for env in ({"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port),
                     "VOILA_KERNEL_ID": "k", "VOILA_SERVER_URL": "/elsewhere/"},
                    {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": "9", "VOILA_KERNEL_ID": "k"}):
            before = dict(env)
            wait_for_visit(env)
            assert env == before
    finally:
        loop.call_soon_threadsafe(loop.stop)
