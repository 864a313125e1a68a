"""The fixtures themselves: Voilà answers and Chromium renders its pages."""

import urllib.request

import pytest


@pytest.mark.browser
def test_voila_serves_the_lessons_tree(page, voila_url: str) -> None:
    with urllib.request.urlopen(voila_url + "/voila/tree") as r:
        assert r.status == 200
    page.goto(voila_url + "/voila/tree")
    assert "Voil" in page.title()


def test_without_chromium_the_browser_tests_skip_with_a_message(tmp_path) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).parent
    env = dict(os.environ, TRUCO_CHROMIUM=str(tmp_path / "no-chromium"))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-rs", "-q", "-p", "no:cacheprovider",
         str(here / "test_server.py::test_voila_serves_the_lessons_tree")],
        cwd=here.parents[1], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 skipped" in done.stdout
    assert "browser tests skipped: no Chromium at" in done.stdout
