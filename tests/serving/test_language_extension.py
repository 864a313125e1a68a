"""Voilà as a Jupyter server extension (Binder, JupyterHub's single-user servers) serves its
pages in the learner's language too: a real ``jupyter server`` with Voilà's extension and
ours (``truco_learn``), asked over HTTP for the index with ``?lang=``, with the remembered
choice, with a browser's ``Accept-Language``, and with nothing."""

from __future__ import annotations

import os
import re
import sys
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from browser.conftest import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
PAGE = "/voila/render/lessons/index.ipynb"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("language-extension")
    jupyter = Path(sys.executable).parent / "jupyter"
    if not jupyter.exists():
        pytest.skip("jupyter is not installed: run `make install-test` first")
    port = free_port()
    cmd = [str(jupyter), "server", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--IdentityProvider.token=", "--ServerApp.password=",
           f"--ServerApp.root_dir={ROOT}", "--ServerApp.jpserver_extensions={'truco_learn': True}"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    proc = ServerProcess(cmd, port, tmp / "jupyter-server.log", env={
        "TRUCO_LEARN_DB": str(tmp / "progress.sqlite3"),
        "TRUCO_LEARN_TABLES_DB": str(tmp / "tables.sqlite3")}, ready_path="/voila/tree/lessons")
    yield proc
    proc.stop()


def fetch(url: str, headers: dict[str, str]) -> tuple[str, dict[str, str], list[str]]:
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=120) as r:
        body = r.read().decode("utf-8")
        return body, dict(r.headers.items()), r.headers.get_all("Set-Cookie") or []


def html_lang(body: str) -> str:
    found = re.search(r'<html[^>]*\slang="([^"]+)"', body)
    assert found, body[:300]
    return found.group(1)


@pytest.mark.slow
def test_voila_extension_pages_follow_the_learner_language(server: ServerProcess) -> None:
    body, headers, cookies = fetch(server.url + PAGE + "?lang=pt-BR", {})
    assert html_lang(body) == "pt-BR" and headers["Content-Language"] == "pt-BR"
    assert "Aprenda truco" in body and "Learn Truco" not in body
    # Voilà's loading line under the spinner too
    assert "`Executando ${cell_index} de ${cell_count}`" in body and "`Executing " not in body
    # the language cell runs in the kernel; its code is not on the page
    assert "set_language" not in body
    mine = [c for c in cookies if c.startswith("truco_learn_lang=")]
    assert mine and mine[0].startswith("truco_learn_lang=pt-BR;") and "Path=/" in mine[0]

    body, headers, cookies = fetch(server.url + PAGE, {"Cookie": "truco_learn_lang=pt-BR"})
    assert html_lang(body) == "pt-BR" and "Aprenda truco" in body
    assert not [c for c in cookies if c.startswith("truco_learn_lang=")]  # nothing new to keep

    body, _h, _c = fetch(server.url + PAGE, {"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"})
    assert html_lang(body) == "pt-BR" and "Aprenda truco" in body

    body, headers, _c = fetch(server.url + PAGE, {"Accept-Language": "en-US,en;q=0.9"})
    assert html_lang(body) == "en" and headers["Content-Language"] == "en"
    assert "Learn Truco" in body and "Aprenda truco" not in body
    assert "`Executing ${cell_index} of ${cell_count}`" in body
