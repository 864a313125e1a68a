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


def _get(url: str, gzip_ok: bool) -> tuple[str | None, bytes]:
    import gzip

    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(req, timeout=120) as r:
        encoding, body = r.headers.get("Content-Encoding"), r.read()
    return encoding, gzip.decompress(body) if encoding == "gzip" else body


def test_the_app_sends_compressed_what_the_browser_accepts_compressed(voila_url: str) -> None:
    """`truco-learn-app` gzips its answers (TrucoApp.compress): Voilà's scripts are about 5 MB
    for a learner's first page, about 1.5 MB compressed. The streamed page and the scripts
    arrive whole."""
    script = voila_url + "/voila/static/voila.js"
    encoding, packed = _get(script, gzip_ok=True)
    assert encoding == "gzip"
    assert _get(script, gzip_ok=False) == (None, packed)
    encoding, page = _get(voila_url + "/voila/render/01_cards.ipynb", gzip_ok=True)
    assert encoding == "gzip" and page.rstrip().endswith(b"</html>")
    assert b"truco-lesson" in page or b"application/vnd.jupyter.widget-view+json" in page
