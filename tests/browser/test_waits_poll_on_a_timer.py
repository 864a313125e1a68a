"""Every ``wait_for_function`` in the browser tests and benchmarks names its ``polling``.

Playwright polls on animation frames unless told otherwise, and a headless page can stop
getting them: the wait then never ends, though the page is ready (the one CI failure of
``test_perf.py``, a 120 s timeout that never came back in 66 loads on a quiet machine). A timer
keeps polling. Reads the sources only: no browser.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def frame_polled_waits(source: str, name: str) -> list[str]:
    """``name:line`` of each ``wait_for_function`` call in ``source`` that names no polling
    (or polls on animation frames)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function"):
            continue
        polling = [k.value for k in node.keywords if k.arg == "polling"]
        if not polling or (isinstance(polling[0], ast.Constant) and polling[0].value == "raf"):
            found.append(f"{name}:{node.lineno}")
    return found


def test_the_check_finds_a_wait_on_animation_frames() -> None:
    src = ('page.wait_for_function("() => true")\n'
           'page.wait_for_function("() => true", polling="raf")\n'
           'page.wait_for_function("() => true", timeout=5, polling=100)\n')
    assert frame_polled_waits(src, "x.py") == ["x.py:1", "x.py:2"]


def test_no_wait_polls_on_animation_frames() -> None:
    files = sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")])
    assert len(files) > 50
    found = [hit for f in files
             for hit in frame_polled_waits(f.read_text(), str(f.relative_to(ROOT)))]
    assert not found, f"waits polling on animation frames (give them polling=100): {found}"
