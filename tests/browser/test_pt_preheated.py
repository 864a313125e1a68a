"""Portuguese pages from preheated kernels (``truco_learn/serving/language_pools.py``), on a
``truco-learn-app`` of their own: beside ``voila.json``'s pools of the index and the play page
the app fills one pool in Portuguese each, and a Portuguese visitor takes a kernel from it,
with the page in Portuguese, widgets included, and the course progress its browser's own.
Without those pools (``--TrucoApp.preheat_languages=False``) the same page starts a kernel
as before and is just as Portuguese."""

from __future__ import annotations

import re
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable

import pytest

from i18n.english import assert_portuguese
from truco_learn.classroom import ProgressStore
from truco_learn.classroom.course_progress import CourseProgress
from truco_learn.serving.language import BROWSER_COOKIE

ROOT = Path(__file__).resolve().parents[2]
PT_INDEX = "index.ipynb?lang=pt_BR"
INDEX_READY = """() => document.querySelector('.tl-language-switch') !== null && (
  document.querySelector('.tl-course-progress') !== null || [...document.querySelectorAll(
  '.tl-course-index input')].some(e => e.offsetParent !== null))"""
ALLOW = frozenset({"for", "chance", "chances"})


def wait_for_log(log: Path, pattern: str, count: int = 1, timeout: float = 120) -> None:
    """Until ``pattern`` has been logged ``count`` times."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(re.findall(pattern, log.read_text(errors="replace"))) >= count:
            return
        time.sleep(0.3)
    raise AssertionError(f"{pattern!r} not logged {count} times:\n"
                         f"{log.read_text(errors='replace')[-3000:]}")


def filled(name: str) -> str:
    return re.escape(f"Kernel pool of {name} is filled")


def used(name: str) -> str:
    return r"Using pre-heated kernel: \S+ for " + re.escape(name) + r"\s"


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as response:
        return str(response.read().decode("utf-8"))


def prose(html: str) -> str:
    text = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


@pytest.mark.browser
def test_a_portuguese_visitor_gets_a_kernel_preheated_in_portuguese(
        start_voila: Callable[..., Any], browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    server = start_voila(ROOT / "lessons", env={"TRUCO_LEARN_DB": str(db)})
    log = server.log
    wait_for_log(log, filled(PT_INDEX))
    wait_for_log(log, filled("play.ipynb?lang=pt_BR"))
    assert "preheated pools in other languages: " in log.read_text()

    ana, bia = (browser.new_context().new_page() for _ in range(2))
    for p in (ana, bia):
        p.set_default_timeout(90_000)
    ana.goto(f"{server.url}/voila/render/index.ipynb?lang=pt-BR")
    ana.wait_for_function(INDEX_READY, polling=100)
    wait_for_log(log, used(PT_INDEX))
    assert ana.get_attribute("html", "lang") == "pt-BR"
    text = ana.inner_text(".tl-course-index")
    assert_portuguese(text, ALLOW)  # the widgets' words: the kernel speaks Portuguese
    ana.fill(".tl-course-index input[type=text]", "Ana")
    ana.click(".tl-course-index button:has-text('Guardar meu progresso')")
    ana.wait_for_selector(".tl-continue")
    assert "Continuar" in ana.inner_text(".tl-continue")

    # the pool refilled: Bia's page is preheated too, and is Bia's browser's, not Ana's
    wait_for_log(log, filled(PT_INDEX), count=2)
    bia.goto(f"{server.url}/voila/render/index.ipynb?lang=pt-BR")
    bia.wait_for_function(INDEX_READY, polling=100)
    wait_for_log(log, used(PT_INDEX), count=2)
    assert "Ana" not in bia.inner_text(".tl-course-index")
    assert bia.is_visible(".tl-course-index input[type=text]")

    ana.goto(f"{server.url}/voila/render/index.ipynb")  # remembered: Portuguese again
    ana.wait_for_function(INDEX_READY, polling=100)
    assert "Progresso de Ana" in ana.inner_text(".tl-course-index")
    # the preheated kernel learnt of Ana's browser from her request (its cookie), as English
    # pages' kernels do
    cookie = next(c["value"] for c in ana.context.cookies() if c["name"] == BROWSER_COOKIE)
    assert CourseProgress(ProgressStore(db), cookie).last_learner() == "Ana"

    # English visitors still take the English pool, which never ran the Portuguese page
    page = browser.new_context().new_page()
    page.goto(f"{server.url}/voila/render/index.ipynb?lang=en")
    page.wait_for_function(INDEX_READY, polling=100)
    wait_for_log(log, used("index.ipynb"))
    assert page.get_attribute("html", "lang") == "en"
    assert "Save my progress" in page.inner_text(".tl-course-index")
    for p in (ana, bia, page):
        p.context.close()
    assert "Traceback" not in log.read_text()


@pytest.mark.browser
def test_the_play_page_from_its_portuguese_pool_and_without_one(
        start_voila: Callable[..., Any], tmp_path: Path) -> None:
    pooled = start_voila(ROOT / "lessons", env={"TRUCO_LEARN_DB": str(tmp_path / "a.db")})
    plain = start_voila(ROOT / "lessons", ["--TrucoApp.preheat_languages=False"],
                        env={"TRUCO_LEARN_DB": str(tmp_path / "b.db")})
    wait_for_log(pooled.log, filled("play.ipynb?lang=pt_BR"))
    wait_for_log(plain.log, filled("play.ipynb"))
    pages = {}
    for server in (pooled, plain):
        html = fetch(f"{server.url}/voila/render/play.ipynb?lang=pt-BR")
        assert '<html lang="pt-BR"' in html
        assert "Jogue contra o treinador" in prose(html)
        assert "Play against the coach" not in prose(html)
        pages[server.url] = html
    wait_for_log(pooled.log, used("play.ipynb?lang=pt_BR"))
    assert "?lang=pt_BR" not in plain.log.read_text()  # no pool in Portuguese: a new kernel
    assert not re.search(used("play.ipynb?lang=pt_BR"), plain.log.read_text())
    # the same page either way, but for the ids Voilà gives its widgets and kernel
    ids = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}")
    a, b = (ids.sub("ID", prose(h)) for h in pages.values())
    assert a == b
