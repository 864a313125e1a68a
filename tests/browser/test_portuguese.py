"""The app in Brazilian Portuguese, in real Chromium, on one Voilà server for the module
(``truco-learn-app`` as ``make app`` runs it, with its own progress and tables databases):

- the index opened with ``?lang=pt-BR`` is Portuguese (its prose, the language switch, the
  progress panel) and says so in ``<html lang>``; a browser that prefers Portuguese gets it
  without asking;
- the switch on the index changes the language of the next page opened (the choice is
  remembered), and ``?lang=en`` switches back;
- a lesson with its quiz, and a hand on the play page, in Portuguese, by clicking.

Every text checked goes through ``tests/i18n/english.py`` (no English function word, no
unfilled placeholder).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from i18n.english import assert_portuguese
from truco_learn.classroom.lesson_names import LESSON_TITLES
from truco_learn.i18n import _, language
from play_page import IDLE

ROOT = Path(__file__).resolve().parents[2]
# Portuguese words that are spelled like an English function word: "se a carta for...",
# "sua chance de ganhar".
ALLOW = frozenset({"for", "chance", "chances"})
PLAY_SEED = "1"  # the play page deals the same match every time (as conftest's voila_url)

INDEX_READY = """() => document.querySelector('.tl-language-switch') !== null && (
  document.querySelector('.tl-course-progress') !== null || [...document.querySelectorAll(
  '.tl-course-index input')].some(e => e.offsetParent !== null))"""


@pytest.fixture(scope="module")
def app_url(start_voila: Callable[..., Any], tmp_path_factory: Any) -> str:
    tmp = tmp_path_factory.mktemp("portuguese")
    return str(start_voila(ROOT / "lessons", env={
        "TRUCO_LEARN_SEED": PLAY_SEED, "TRUCO_LEARN_TABLES_DB": str(tmp / "tables.sqlite3"),
        "TRUCO_LEARN_DB": str(tmp / "progress.sqlite3")}).url)


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile (no cookie yet) whose preferred language is English."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    yield ctx
    ctx.close()


def new_page(ctx: Any) -> Any:
    pg = ctx.new_page()
    pg.set_default_timeout(90_000)
    return pg


def html_lang(page: Any) -> str:
    return str(page.get_attribute("html", "lang"))


def markdown_texts(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        ".jp-RenderedMarkdown", "els => els.map(e => e.innerText)")
    return [t for t in texts if t.strip()]


def open_index(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function(INDEX_READY, timeout=90_000, polling=100)


def without_titles(text: str) -> str:
    """The progress panel's text without the lesson titles (the classroom catalog's words,
    checked by its own tests)."""
    with language("pt-BR"):
        for title in LESSON_TITLES.values():
            text = text.replace(_(title), " ")
    return text


@pytest.mark.browser
def test_the_index_in_portuguese(app_url: str, context: Any, browser: Any,
                                 artifacts_dir: Path) -> None:
    page = new_page(context)
    open_index(page, f"{app_url}/voila/render/index.ipynb?lang=pt-BR")
    assert html_lang(page) == "pt-BR"
    prose = markdown_texts(page)
    assert len(prose) >= 4
    for i, text in enumerate(prose):
        assert_portuguese(text, f"index markdown {i + 1}", ALLOW)
    joined = "\n".join(prose)
    assert "Aprenda truco" in joined and "Lições" in joined and "Learn Truco" not in joined
    # the switch: real links, the current language marked, an accessible name in Portuguese
    switch = page.locator("nav.tl-language-switch")
    assert switch.get_attribute("aria-label") == "Idioma"
    assert switch.inner_text().split() == ["English", "|", "Português"]
    assert page.get_attribute(".tl-language-switch a[aria-current]", "lang") == "pt-BR"
    assert page.get_attribute(".tl-language-switch a[lang=en]", "href") == "?lang=en"
    # the progress panel asks for a name, in Portuguese, then shows where the learner is
    index = page.inner_text(".tl-course-index")
    placeholder = page.get_attribute(".tl-course-index input[type=text]", "placeholder")
    assert "Guardar meu progresso" in index and placeholder == "Seu nome"
    assert_portuguese(f"{index} {placeholder}", "the name row", ALLOW)
    page.click(".tl-course-index button:has-text('Ficar anônimo')")
    page.wait_for_selector(".tl-continue")
    progress = page.inner_text(".tl-course-progress")
    assert "Seu progresso (neste computador)." in progress and "Continuar: Lição 1" in progress
    assert_portuguese(without_titles(progress), "the progress panel", ALLOW)
    assert "Traceback" not in page.content()
    page.screenshot(path=str(artifacts_dir / "index-pt-BR.png"), full_page=True)

    # a browser that prefers Portuguese gets it without choosing, from the plain address
    pt_context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    try:
        pt_page = new_page(pt_context)
        open_index(pt_page, f"{app_url}/")
        assert html_lang(pt_page) == "pt-BR"
        assert "Aprenda truco" in "\n".join(markdown_texts(pt_page))
    finally:
        pt_context.close()


@pytest.mark.browser
def test_the_switch_changes_the_language_of_the_next_page(app_url: str, context: Any) -> None:
    page = new_page(context)
    open_index(page, f"{app_url}/")  # an English browser, no choice yet: English
    assert html_lang(page) == "en"
    assert "Learn Truco" in "\n".join(markdown_texts(page))
    assert page.get_attribute(".tl-language-switch a[aria-current]", "lang") == "en"

    page.click(".tl-language-switch a[lang='pt-BR']")
    page.wait_for_url(re.compile(r"\?lang=pt-BR$"))
    page.wait_for_function(INDEX_READY, timeout=90_000, polling=100)
    assert html_lang(page) == "pt-BR" and "Aprenda truco" in "\n".join(markdown_texts(page))
    assert {c["name"]: c["value"] for c in context.cookies()}.get("truco_learn_lang") == "pt-BR"

    # the next pages, opened without ?lang=, follow the choice
    page.goto(f"{app_url}/voila/render/01_cards.ipynb")
    page.wait_for_selector(".truco-lesson")
    assert html_lang(page) == "pt-BR"
    open_index(page, f"{app_url}/")
    assert html_lang(page) == "pt-BR" and "Aprenda truco" in "\n".join(markdown_texts(page))
    assert page.get_attribute(".tl-language-switch a[aria-current]", "lang") == "pt-BR"

    # and back to English
    page.click(".tl-language-switch a[lang='en']")
    page.wait_for_url(re.compile(r"\?lang=en$"))
    page.wait_for_function(INDEX_READY, timeout=90_000, polling=100)
    assert html_lang(page) == "en" and "Learn Truco" in "\n".join(markdown_texts(page))
    page.goto(f"{app_url}/voila/render/01_cards.ipynb")
    page.wait_for_selector(".truco-lesson")
    assert html_lang(page) == "en"
    assert "Traceback" not in page.content()


@pytest.mark.browser
def test_a_lesson_and_its_quiz_in_portuguese(app_url: str, context: Any,
                                             artifacts_dir: Path) -> None:
    page = new_page(context)
    page.goto(f"{app_url}/voila/render/01_cards.ipynb?lang=pt-BR")
    page.wait_for_selector(".truco-lesson")
    assert html_lang(page) == "pt-BR"
    for i, text in enumerate(markdown_texts(page)):
        assert_portuguese(text, f"lesson 1 markdown {i + 1}", ALLOW)
    steps = 0
    while page.locator(".tl-quiz-prompt").count() == 0:
        assert_portuguese(page.inner_text(".truco-lesson"), f"lesson 1 step {steps + 1}", ALLOW)
        step = page.locator(".truco-lesson button:has-text('▶')")
        if step.is_enabled():
            step.click()
            steps += 1
            page.wait_for_timeout(200)
        else:  # the last step: its quiz is still being drawn
            page.wait_for_selector(".tl-quiz-prompt", timeout=90_000)
    assert steps >= 2
    for n in range(3):  # three questions, answered by clicking the first choice
        assert_portuguese(page.inner_text(".tl-quiz"), f"quiz question {n + 1}", ALLOW)
        page.locator(".tl-quiz .widget-button:not(.mod-primary):visible").first.click()
        page.wait_for_selector(".tl-quiz [role=status]")
        assert_portuguese(page.inner_text(".tl-quiz [role=status]"), f"feedback {n + 1}", ALLOW)
        page.click(".tl-quiz button.mod-primary")
        page.wait_for_selector(".tl-quiz [role=status]", state="detached")
    page.screenshot(path=str(artifacts_dir / "lesson-pt-BR.png"), full_page=True)
    assert "Traceback" not in page.content()


@pytest.mark.browser
def test_a_hand_on_the_play_page_in_portuguese(app_url: str, context: Any,
                                               artifacts_dir: Path) -> None:
    page = new_page(context)
    page.goto(f"{app_url}/voila/render/play.ipynb?lang=pt-BR")
    page.wait_for_selector(".tl-table[data-variant]")
    page.wait_for_function(IDLE, timeout=90_000, polling=100)
    assert html_lang(page) == "pt-BR"
    for i, text in enumerate(markdown_texts(page)):
        assert_portuguese(text, f"play page markdown {i + 1}", ALLOW)
    # a greyed-out action says which rule forbids it, in Portuguese
    accept = page.locator('.tl-table button[data-action="accept"]')
    assert accept.is_disabled()
    tip = page.locator('.tl-tip:has(button[data-action="accept"])').get_attribute("title")
    assert_portuguese(str(tip), "the greyed-out accept's tooltip", ALLOW)
    accept.dispatch_event("click")
    page.wait_for_selector(".tl-reason")
    assert_portuguese(page.inner_text(".tl-reason"), "the greyed-out accept's reason", ALLOW)

    explained = False
    for turn in range(60):  # one whole hand, by clicking
        page.wait_for_function(IDLE, timeout=90_000, polling=100)
        assert_portuguese(page.inner_text(".tl-table"), f"the table at turn {turn}", ALLOW)
        if page.locator(".tl-why").count():
            why = page.inner_text(".tl-why")
            explained = explained or bool(why.strip())
            assert_portuguese(why, f"the coach's explanation at turn {turn}", ALLOW)
        acts = page.eval_on_selector_all(".tl-table button[data-action]:not([disabled])",
                                         "els => els.map(e => e.dataset.action)")
        if "next-hand" in acts or "new-match" in acts:
            break
        if "accept" in acts:
            page.click('.tl-table button[data-action="accept"]')
        else:
            card = next(a for a in acts if a.startswith("play:"))
            page.click(f'.tl-table button[data-action="{card}"]')
    else:
        raise AssertionError("the hand did not end within 60 clicks")
    assert explained
    assert page.locator(".tl-review").count() == 1
    assert_portuguese(page.inner_text(".tl-review"), "the review after the hand", ALLOW)
    page.screenshot(path=str(artifacts_dir / "play-pt-BR.png"), full_page=True)
    assert "Traceback" not in page.content()
