"""Run the installed ``truco-learn`` command as a user would (a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(sys.executable).parent / "truco-learn"
COMMAND = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "truco_learn.cli"]
SCENARIOS = Path("/work/shared/scenarios")


def cli(*args: str, stdin: str | bytes | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    """Run ``truco-learn ARGS`` and return the finished process (bytes out and err)."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([*COMMAND, *args], input=data, capture_output=True, timeout=timeout,
                          cwd=ROOT)


def json_lines(out: bytes) -> list[dict[str, Any]]:
    """Every line of standard output parsed as one JSON object."""
    lines = out.decode().splitlines()
    assert lines, "no output"
    objs = [json.loads(line) for line in lines]
    assert all(isinstance(o, dict) for o in objs)
    return objs


DROP: Any = object()


def scenario(**fields: Any) -> dict[str, Any]:
    """A valid paulista-2p scenario with some fields replaced (``DROP`` removes a field)."""
    base: dict[str, Any] = {"variant": "paulista-2p", "dealer": 1, "score": [0, 0],
                            "vira": "7D", "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]],
                            "actions": []}
    base.update(fields)
    return {k: v for k, v in base.items() if v is not DROP}
