"""Where the tables API lives: inside a Jupyter server (the ``truco_learn`` extension, as on
Binder and JupyterHub), inside the app (``truco-learn-app``, what ``make app`` runs), or on its
own (``truco-learn tables``) with the app pointed at it by ``TRUCO_LEARN_TABLES_URL``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest
from process_tree import stop_tree

from tables_helpers import Server, free_port, run_async

pytestmark = [pytest.mark.timeout(240), pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def wait(url: str, proc: subprocess.Popen[bytes], timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the server exited"
        try:
            urllib.request.urlopen(url, timeout=5).read()
            return
        except urllib.error.HTTPError:
            return  # it answers
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"{url} did not answer")


@pytest.fixture
def started(tmp_path: Path) -> Iterator[Any]:
    procs: list[subprocess.Popen[bytes]] = []

    def start(cmd: list[str], env: dict[str, str], ready: str) -> None:
        log = open(tmp_path / f"server-{len(procs)}.log", "wb")
        p = subprocess.Popen(cmd, env={**os.environ, **env}, stdout=log,
                             stderr=subprocess.STDOUT, cwd=ROOT)
        procs.append(p)
        wait(ready, p)

    yield start
    for p in procs:
        stop_tree(p, timeout=20)


def test_the_jupyter_server_extension_serves_the_api(started: Any, tmp_path: Path) -> None:
    port = free_port()
    started([str(BIN / "jupyter"), "server", "--no-browser", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={port}", "--IdentityProvider.token=", "--ServerApp.password=",
             f"--ServerApp.root_dir={ROOT}",
             "--ServerApp.jpserver_extensions={'truco_learn': True}"]
            + (["--allow-root"] if os.geteuid() == 0 else []),
            {"TRUCO_LEARN_TABLES_DB": str(tmp_path / "t.sqlite3")},
            f"http://127.0.0.1:{port}/truco/api/tables")
    status, body = get(f"http://127.0.0.1:{port}/truco/api/tables")
    assert status == 200 and json.loads(body) == {"tables": []}
    req = urllib.request.Request(f"http://127.0.0.1:{port}/truco/api/tables", method="POST",
                                 data=json.dumps({"variant": "paulista-2p"}).encode())
    with urllib.request.urlopen(req) as r:
        out = json.loads(r.read())
    assert r.status == 201
    assert out["invite"].endswith(f"/voila/render/lessons/tables.ipynb?table={out['table']}")


def test_the_extension_mounts_no_service_when_the_app_points_at_one(started: Any,
                                                                    tmp_path: Path) -> None:
    """On a JupyterHub every user's server points at the hub's one service: a service of its
    own on the same (shared) database would fight it for the tables."""
    port = free_port()
    started([str(BIN / "jupyter"), "server", "--no-browser", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={port}", "--IdentityProvider.token=", "--ServerApp.password=",
             f"--ServerApp.root_dir={ROOT}",
             "--ServerApp.jpserver_extensions={'truco_learn': True}"]
            + (["--allow-root"] if os.geteuid() == 0 else []),
            {"TRUCO_LEARN_TABLES_DB": str(tmp_path / "t.sqlite3"),
             "TRUCO_LEARN_TABLES_URL": "http://127.0.0.1:9/truco/api/"},
            f"http://127.0.0.1:{port}/api/status")
    assert get(f"http://127.0.0.1:{port}/truco/api/tables")[0] == 404
    assert not (tmp_path / "t.sqlite3").exists()


def test_as_a_hub_service_the_api_is_also_under_the_hub_prefix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """JupyterHub's proxy sends ``/services/tables/...`` to the service with the path kept."""
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/tables/")
    service = Server(tmp_path / "t.sqlite3")
    try:
        t = service.create(variant="paulista-2p", seats=["human", "human"])
        prefixed = f"http://127.0.0.1:{service.port}/services/tables/truco/api/tables"
        status, body = get(prefixed)
        assert status == 200 and [x["table"] for x in json.loads(body)["tables"]] == [t]
        status, body = get(f"{prefixed}/{t}")
        assert status == 200 and json.loads(body)["table"] == t
        assert get(f"http://127.0.0.1:{service.port}/services/other/truco/api/tables")[0] == 404
    finally:
        service.stop()


def test_the_package_enables_its_extension_by_a_jupyter_config_file() -> None:
    conf = json.loads((ROOT / "jupyter-config" / "jupyter_server_config.d" /
                       "truco_learn.json").read_text())
    assert conf == {"ServerApp": {"jpserver_extensions": {"truco_learn": True}}}
    assert "jupyter-config/jupyter_server_config.d/truco_learn.json" in (
        ROOT / "pyproject.toml").read_text()
    import truco_learn

    assert truco_learn._jupyter_server_extension_points() == [
        {"module": "truco_learn.tables.server"}]


def test_the_app_lands_on_the_course_index_and_serves_the_api(started: Any,
                                                              tmp_path: Path) -> None:
    port = free_port()
    started([str(BIN / "truco-learn-app"), "lessons/", f"--port={port}", "--no-browser",
             "--Voila.ip=127.0.0.1", "--VoilaConfiguration.preheat_kernel=False"],
            {"TRUCO_LEARN_TABLES_DB": str(tmp_path / "t.sqlite3"),
             "TRUCO_LEARN_TABLES_URL": ""}, f"http://127.0.0.1:{port}/truco/api/tables")
    req = urllib.request.Request(f"http://127.0.0.1:{port}/", method="GET")
    opener = urllib.request.build_opener(type("NoRedirect", (urllib.request.HTTPRedirectHandler,),
                                              {"redirect_request": lambda *a, **k: None}))
    try:
        opener.open(req, timeout=10)
        raise AssertionError("the root did not redirect")
    except urllib.error.HTTPError as e:
        assert e.code in (301, 302) and e.headers["Location"].endswith(
            "/voila/render/index.ipynb")
    assert get(f"http://127.0.0.1:{port}/truco/api/tables")[0] == 200


def test_the_app_points_at_a_service_of_its_own_with_one_setting(
        started: Any, tmp_path: Path) -> None:
    service = Server(tmp_path / "shared.sqlite3")
    try:
        url = f"http://127.0.0.1:{service.port}/truco/api/"
        port = free_port()
        started([str(BIN / "truco-learn-app"), "lessons/", f"--port={port}", "--no-browser",
                 "--Voila.ip=127.0.0.1", "--VoilaConfiguration.preheat_kernel=False"],
                {"TRUCO_LEARN_TABLES_DB": str(tmp_path / "own.sqlite3"),
                 "TRUCO_LEARN_TABLES_URL": url}, f"http://127.0.0.1:{port}/voila/tree")
        # the app mounts no service of its own...
        assert get(f"http://127.0.0.1:{port}/truco/api/tables")[0] == 404
        # ...and its page's client, configured by the same setting, uses the shared one
        os.environ["TRUCO_LEARN_TABLES_URL"] = url
        try:
            from truco_learn.tables.client import TablesClient

            async def use() -> dict[str, Any]:
                c = TablesClient()
                made = await c.create({"variant": "paulista-2p", "seats": ["human", "human"]})
                await c.join(made["table"], name="Ana")
                return await c.view(made["table"])

            view = run_async(use)
        finally:
            del os.environ["TRUCO_LEARN_TABLES_URL"]
        assert view["players"][0]["name"] == "Ana"
        status, listed = service.request("GET", "/tables")
        assert [t["table"] for t in listed["tables"]] == [view["table"]]
    finally:
        service.stop()
