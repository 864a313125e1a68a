"""The Binder environment, built the way repo2docker builds it, without Docker.

A fresh venv (``.binder-venv/``, git-ignored) gets ``binder/requirements.txt``, then
``binder/postBuild`` runs from the repository root with that venv first on ``PATH``. Then a
Jupyter server from that venv serves the repository, as on Binder, and Chromium opens the
badge's URL (``/voila/render/lessons/index.ipynb``) and the play page through Voilà.

The venv is rebuilt whenever ``binder/`` or ``pyproject.toml`` change (a stamp holds their
hash); ``TRUCO_BINDER_FRESH=1`` forces a rebuild. Building needs PyPI the first time.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any, Callable

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"
VENV = ROOT / ".binder-venv"
STAMP = VENV / ".binder-stamp"


def binder_hash() -> str:
    h = hashlib.sha256()
    for path in sorted(BINDER.iterdir()) + [ROOT / "pyproject.toml"]:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def base_python() -> str:
    """The interpreter the project's venv was made from (repo2docker's would be python-3.11)."""
    return getattr(sys, "_base_executable", None) or sys.executable


def build_binder_venv(log: Path) -> Path:
    wanted = binder_hash()
    bin_dir = VENV / "bin"
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               VIRTUAL_ENV=str(VENV), PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    steps = [[str(BINDER / "postBuild")]]  # the package itself: always, its source may change
    if not (STAMP.exists() and STAMP.read_text() == wanted
            and os.environ.get("TRUCO_BINDER_FRESH") != "1"):
        shutil.rmtree(VENV, ignore_errors=True)
        steps = [
            [base_python(), "-m", "venv", str(VENV)],
            [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "-r",
             str(BINDER / "requirements.txt")],
        ] + steps
    with open(log, "w") as out:
        for cmd in steps:
            out.write(f"$ {' '.join(cmd)}\n")
            out.flush()
            done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                  timeout=1800)
            if done.returncode != 0:
                raise AssertionError(f"binder build step failed ({done.returncode}): "
                                     f"{' '.join(cmd)}\n{log.read_text()[-3000:]}")
    STAMP.write_text(wanted)
    return VENV


def test_binder_files_follow_repo2docker_rules() -> None:
    post = BINDER / "postBuild"
    text = post.read_text()
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"
    assert text.startswith("#!") and "set -e" in text
    assert "pip install" in text and " ." in text  # installs truco-learn itself
    reqs = [line.split("#")[0].strip() for line in (BINDER / "requirements.txt").read_text(
    ).splitlines()]
    reqs = [r for r in reqs if r]
    assert all("==" in r for r in reqs), "pin every requirement"
    names = {r.split("==")[0].lower().replace("-", "_") for r in reqs}
    assert {"voila", "ipywidgets", "anywidget", "jupyterlab"} <= names


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.timeout(2400)
def test_binder_environment_serves_the_app(start_server: Callable[..., Any], browser: Any,
                                           artifacts_dir: Path, tmp_path: Path) -> None:
    venv = build_binder_venv(artifacts_dir / "binder-build.log")
    jupyter = str(venv / "bin" / "jupyter")
    server = start_server(
        lambda port: [jupyter, "server", "--no-browser", "--ServerApp.ip=127.0.0.1",
                      f"--ServerApp.port={port}", "--IdentityProvider.token=",
                      "--ServerApp.password=", f"--ServerApp.root_dir={ROOT}"]
        + (["--allow-root"] if os.geteuid() == 0 else []),
        "binder-jupyter-server", cwd=ROOT,
        env={"PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
             "VIRTUAL_ENV": str(venv),
             # its own data directory: the tables and progress of this machine's user (a
             # `make app` run here before) are not this fresh server's
             "XDG_DATA_HOME": str(tmp_path / "data")},
        ready_path="/voila/tree/lessons")
    # installing the package enabled its server extension: the tables API is on this server
    with urllib.request.urlopen(f"{server.url}/truco/api/tables", timeout=30) as r:
        assert r.status == 200 and json.loads(r.read()) == {"tables": []}
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        landing = "index.ipynb" if (ROOT / "lessons" / "index.ipynb").exists() else None
        if landing:
            page.goto(f"{server.url}/voila/render/lessons/{landing}", timeout=120_000)
            page.wait_for_selector("a[href$='play.ipynb']", timeout=120_000)
        else:
            page.goto(f"{server.url}/voila/tree/lessons", timeout=120_000)
            page.wait_for_selector("a[href$='play.ipynb']", timeout=120_000)
        page.goto(f"{server.url}/voila/render/lessons/play.ipynb", timeout=120_000)
        # the learner's turn: some action is enabled (a card, or an answer to the coach's truco)
        page.wait_for_selector(".tl-table button[data-action]:not([disabled])", timeout=120_000)
        assert "Traceback" not in page.content()
        page.screenshot(path=str(artifacts_dir / "binder-play.png"))
    finally:
        context.close()
