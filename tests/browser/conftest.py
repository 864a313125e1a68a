"""Browser test fixtures: a real ``voila`` server and a Playwright page in Debian Chromium.

- ``voila_url`` (session): starts the app as ``make app`` does (``.venv/bin/truco-learn-app``:
  Voilà plus the tables API) serving ``lessons/`` on a free 127.0.0.1 port (with the
  repository's ``voila.json``, a fresh tables database, and ``TRUCO_LEARN_SEED`` set so the
  play page deals the same match every time), waits until it answers, yields
  ``"http://127.0.0.1:PORT"``, stops it at the end.
- ``start_voila`` (session): a factory to serve another directory the same way (benchmarks);
  ``start_server`` (session): a factory for any server command on a free port (Binder test).
- ``browser`` (session) / ``page`` (function): Chromium at ``/usr/bin/chromium`` driven by
  Playwright. Without a Chromium the tests are skipped with a message saying so.
- ``artifacts_dir``: ``test-artifacts/`` at the repository root (git-ignored), for screenshots.

Mark browser tests ``@pytest.mark.browser``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from process_tree import stop_tree

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("TRUCO_CHROMIUM", "/usr/bin/chromium")  # override to test the skip
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
STARTUP_TIMEOUT = 90.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def voila_executable() -> str:
    exe = Path(sys.executable).parent / "voila"
    if exe.exists():
        return str(exe)
    venv = ROOT / ".venv" / "bin" / "voila"
    if venv.exists():
        return str(venv)
    found = shutil.which("voila")
    if found is None:
        pytest.skip("voila is not installed: run `make install-test` first")
    return found


def app_executable() -> str:
    """``truco-learn-app`` (what ``make app`` runs), else plain ``voila``."""
    for exe in (Path(sys.executable).parent / "truco-learn-app",
                ROOT / ".venv" / "bin" / "truco-learn-app"):
        if exe.exists():
            return str(exe)
    return voila_executable()


def wait_until_answers(url: str, proc: subprocess.Popen[bytes], log: Path,
                       timeout: float = STARTUP_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"voila did not answer at {url} within {timeout:.0f} s:\n"
                       f"{log.read_text()[-3000:]}")


class ServerProcess:
    """A server process started in its own session; ``stop()`` ends it and every process it
    started (:func:`process_tree.stop_tree`)."""

    def __init__(self, cmd: list[str], port: int, log: Path, cwd: Path = ROOT,
                 env: dict[str, str] | None = None, ready_path: str = "/") -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = log
        full_env = dict(os.environ, PYTHONUNBUFFERED="1", **(env or {}))
        self._log_file = open(log, "wb")
        self.proc = subprocess.Popen(cmd, cwd=cwd, stdout=self._log_file,
                                     stderr=subprocess.STDOUT, env=full_env,
                                     start_new_session=True)
        try:
            wait_until_answers(self.url + ready_path, self.proc, log)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        # its process group, then whatever it started in sessions of its own (Jupyter's
        # kernels, JupyterHub's single-user servers, the tables service's pool workers)
        stop_tree(self.proc, group=True)
        if not self._log_file.closed:
            self._log_file.close()


class VoilaServer(ServerProcess):
    """``voila DIRECTORY`` on a free 127.0.0.1 port."""

    def __init__(self, directory: Path, log: Path, extra: list[str] | None = None,
                 executable: str | None = None, cwd: Path = ROOT,
                 env: dict[str, str] | None = None) -> None:
        port = free_port()
        cmd = [executable or app_executable(), str(directory), f"--port={port}",
               "--no-browser", "--Voila.ip=127.0.0.1", *(extra or [])]
        # the tables API's database: beside the log unless the test chooses one
        db = log.with_suffix(".tables.sqlite3")
        for old in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            old.unlink(missing_ok=True)
        env = {"TRUCO_LEARN_TABLES_DB": str(db), **(env or {})}
        # the progress store too, unless the test chooses one: never the user's own (whose
        # learners' progress would show on the course index and change what a test reads)
        if "TRUCO_LEARN_DB" not in env and "TRUCO_LEARN_DB" not in os.environ:
            progress = log.with_suffix(".progress.sqlite3")
            for old in (progress, progress.with_name(progress.name + "-wal"),
                        progress.with_name(progress.name + "-shm")):
                old.unlink(missing_ok=True)
            env["TRUCO_LEARN_DB"] = str(progress)
        # ready when the file list answers: '/' renders the course index, which takes a kernel
        super().__init__(cmd, port, log, cwd, env, ready_path="/voila/tree")


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    path = ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture(scope="session")
def start_voila(artifacts_dir: Path) -> Iterator[Callable[..., VoilaServer]]:
    servers: list[VoilaServer] = []

    def start(directory: Path, extra: list[str] | None = None, **kw: Any) -> VoilaServer:
        name = f"voila-{Path(directory).name}-{len(servers)}.log"
        server = VoilaServer(Path(directory), artifacts_dir / name, extra, **kw)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def start_server(artifacts_dir: Path) -> Iterator[Callable[..., ServerProcess]]:
    """``start_server(lambda port: cmd, name, **kw)``: any server command on a free port."""
    servers: list[ServerProcess] = []

    def start(make_cmd: Callable[[int], list[str]], name: str, **kw: Any) -> ServerProcess:
        port = free_port()
        server = ServerProcess(make_cmd(port), port, artifacts_dir / f"{name}.log", **kw)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


# The play page deals from this seed in tests, so a test can replay the same match.
PLAY_SEED = "1"


@pytest.fixture(scope="session")
def voila_url(start_voila: Callable[..., VoilaServer], tmp_path_factory: Any) -> str:
    db = tmp_path_factory.mktemp("tables") / "tables.sqlite3"
    return start_voila(ROOT / "lessons", env={"TRUCO_LEARN_SEED": PLAY_SEED,
                                              "TRUCO_LEARN_TABLES_DB": str(db)}).url


def chromium_path() -> str | None:
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if "TRUCO_CHROMIUM" in os.environ:
        return None
    return shutil.which("chromium")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    exe = chromium_path()
    if exe is None:
        pytest.skip(f"browser tests skipped: no Chromium at {CHROMIUM} "
                    "(install it with `apt-get install chromium`; .ci/run does)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser tests skipped: playwright is not installed (make install-test)")
    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True)
    except Exception as exc:  # a broken Chromium is a failure, not a skip
        pw.stop()
        raise RuntimeError(f"could not start Chromium at {exe}: {exc}") from exc
    yield browser
    browser.close()
    pw.stop()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    yield pg
    context.close()
