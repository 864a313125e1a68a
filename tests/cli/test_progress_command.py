"""``truco-learn progress`` refuses to start, with a message and exit 2 (never a traceback),
where it could not do its work: outside a hub, on a bad port, on a database it cannot open."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from cli_helpers import COMMAND, ROOT


def run(*args: str, token: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB_")}
    if token is not None:
        env["JUPYTERHUB_API_TOKEN"] = token
    return subprocess.run([*COMMAND, "progress", *args], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, env=env)


@pytest.mark.parametrize("args, token, words", [
    (("--port", "8871"), None, "runs as a JupyterHub service"),
    (("--port", "0"), "t", "bad port 0"),
    (("--port", "8871", "--db", "/nonexistent/dir/p.sqlite3"), "t", "/nonexistent/dir"),
])
def test_progress_refuses_with_a_message(args: tuple[str, ...], token: str | None,
                                         words: str, tmp_path: Path) -> None:
    done = run(*args, token=token)
    assert done.returncode == 2, done
    assert words in done.stderr and "Traceback" not in done.stderr, done.stderr
