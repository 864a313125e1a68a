"""A real tables service (``truco-learn tables``) on a free 127.0.0.1 port, and small clients
(imported by ``conftest.py`` and the tests; a module name of its own, so that it never clashes
with another directory's ``conftest``)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import websocket
from process_tree import stop_tree


def run_async(make: Any) -> Any:
    """``asyncio.run(make())`` in a thread of its own (the browser tests' Playwright keeps an
    event loop running in the main thread for the whole session)."""
    out: dict[str, Any] = {}

    def target() -> None:
        try:
            out["value"] = asyncio.run(make())
        except BaseException as exc:  # re-raised in the caller
            out["error"] = exc

    t = threading.Thread(target=target)
    t.start()
    t.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``truco-learn tables`` in a subprocess; ``restart()`` keeps the same database."""

    def __init__(self, db: Path, away: float = 60.0, vote: float = 10.0) -> None:
        self.db = db
        self.port = free_port()
        self.env = dict(os.environ, TRUCO_LEARN_TABLES_AWAY_SECONDS=str(away),
                        TRUCO_LEARN_TABLES_VOTE_SECONDS=str(vote))
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/truco/api"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "truco_learn.cli", "tables", "--port", str(self.port),
             "--db", str(self.db)], env=self.env, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.base + "/tables", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the tables service did not start")

    def stop(self) -> None:
        if self.proc is not None:  # killed, as by a crash; its review worker ended too
            stop_tree(self.proc, sig=signal.SIGKILL)
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    # ------------------------------------------------------------ HTTP
    def request(self, method: str, path: str, body: Any = None,
                raw: bytes | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.base + path, data=data, method=method)
        try:
            with urllib.request.urlopen(req, timeout=20) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")

    def create(self, **body: Any) -> str:
        status, out = self.request("POST", "/tables", body)
        assert status == 201, out
        return str(out["table"])

    def join(self, table: str, name: str = "Ana", **more: Any) -> tuple[int | None, str]:
        status, out = self.request("POST", f"/tables/{table}/join", {"name": name, **more})
        assert status == 200, out
        return out["seat"], out["token"]

    def connect(self, table: str, token: str) -> "Client":
        return Client(websocket.create_connection(
            f"ws://127.0.0.1:{self.port}/truco/api/tables/{table}/ws?token={token}",
            timeout=20))


class Client:
    """A WebSocket client that keeps the last state it received."""

    def __init__(self, ws: websocket.WebSocket) -> None:
        self.ws = ws
        self.state: dict[str, Any] | None = None
        self.seen: list[dict[str, Any]] = []

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        self.ws.settimeout(timeout)
        msg: dict[str, Any] = json.loads(self.ws.recv())
        self.seen.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return msg

    def until(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        """Read messages until ``pred(msg)`` holds; return that message."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = self.recv(max(0.1, deadline - time.monotonic()))
            if pred(msg):
                return msg
        raise AssertionError("no such message in time")

    def drain(self, quiet: float = 0.3) -> None:
        """Read until nothing arrives for ``quiet`` seconds."""
        while True:
            try:
                self.recv(quiet)
            except websocket.WebSocketTimeoutException:
                return

    def close(self) -> None:
        self.ws.close()
