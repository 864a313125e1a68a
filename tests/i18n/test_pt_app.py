"""The app's own words in pt-BR (the index page, its progress panel and language switch, the
review header, the kernel-watch banner, the full-server message), and how a page's language is
chosen, remembered and handed to Voilà (:mod:`truco_learn.serving.language`).

Lesson titles and rule texts shown inside the progress panel belong to the classroom and quiz
catalogs (their tests check them); here they are cut out of the text before it is checked.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import nbformat
import pytest
from tornado import web
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from i18n.english import assert_portuguese, english_left
from truco_learn.classroom.lesson_names import LESSON_TITLES
from truco_learn.classroom.course_progress import CourseProgress
from truco_learn.classroom.store import ProgressStore
from truco_learn.i18n import _, language
from truco_learn.i18n.notebooks import COOKIE, translate_markdown
from truco_learn.quiz import RULE_TEXT, make_quiz
from truco_learn.serving import language as lang_mod
from truco_learn.serving.kernels import full_message
from truco_learn.serving.language_pools import hooked_languages
from truco_learn.serving.language import (LanguageVoilaHandler, chosen_language, install,
                                          language_hook, remembered, replace_render_handler,
                                          with_html_lang, with_loading_text)
from truco_learn.widgets.course_index import CourseIndex, ReviewView
from truco_learn.widgets.kernel_watch import KernelWatch
from truco_learn.widgets.language_switch import switch_html

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "lessons" / "index.ipynb"
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_TAGS = re.compile(r"<[^>]*>")


def visible(html: str) -> str:
    """The words of an HTML fragment (tags and link targets dropped, entities kept simple)."""
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(_TAGS.sub(" ", html))).strip()


def others_cut(text: str) -> str:
    """``text`` without the lesson titles and rule texts (other catalogs' words)."""
    for title in LESSON_TITLES.values():
        text = text.replace(_(title), " ")
    for rule in RULE_TEXT.values():
        text = text.replace(_(rule), " ")
    return text


# ---------------------------------------------------------------- the index page's prose

def index_markdown() -> list[str]:
    cells = json.loads(INDEX.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def test_the_index_prose_is_portuguese_in_pt_br_and_english_otherwise() -> None:
    blocks = [b for b in index_markdown() if not b.lstrip().startswith("<")]
    assert len(blocks) >= 4
    with language("pt-BR"):
        shown = [translate_markdown(b) for b in blocks]
    for i, text in enumerate(shown):
        assert_portuguese(_LINK_TARGET.sub("]", text), f"index markdown cell {i + 1}")
    joined = "\n".join(shown)
    assert "# Aprenda truco" in joined and "## Lições" in joined
    # the links still go to the same pages, in the same order
    targets = re.findall(r"\]\(([^)]*)\)", "\n".join(blocks))
    assert re.findall(r"\]\(([^)]*)\)", joined) == targets
    assert "[A mão de onze e a mão de ferro](05_eleven_and_iron.ipynb)" in joined
    # English stays the notebook's own text, byte for byte
    assert [translate_markdown(b).strip() for b in blocks] == [b.strip() for b in blocks]
    assert english_left(_LINK_TARGET.sub("]", blocks[0])), "the check can fail"


# ---------------------------------------------------------------- the index's widgets

def test_the_language_switch_names_each_language_in_its_own_words() -> None:
    with language("pt-BR"):
        html = switch_html()
    assert 'aria-label="Idioma"' in html
    assert re.search(r'href="\?lang=pt-BR"[^>]*lang="pt-BR" aria-current="page">Português<', html)
    assert re.search(r'href="\?lang=en"[^>]*lang="en">English<', html)
    en = switch_html()
    assert 'aria-label="Language"' in en and 'aria-current="page">English<' in en


def test_the_course_index_in_pt_br(tmp_path: Path) -> None:
    store = ProgressStore(str(tmp_path / "p.sqlite3"))
    with language("pt-BR"):
        index = CourseIndex(store)
        for where, text in [("name placeholder", index.name_box.placeholder),
                            ("name label", index.name_box.description),
                            ("save button", index.name_button.description),
                            ("anonymous button", index.anon_button.description),
                            ("anonymous tooltip", index.anon_button.tooltip)]:
            assert_portuguese(text, where)
        assert index.name_button.description == "Guardar meu progresso"
        index.start("")  # an empty name: the learner is asked again, in Portuguese
        if index.message.value:
            assert "Confira seu nome" in index.message.value
        index.start(None)
        first = visible(index.progress.value)
        assert "Seu progresso (neste computador)." in first
        assert "Continuar: Lição 1" in first and "não começada" in first
        assert "Nada para revisar agora." in first
        assert_portuguese(others_cut(first), "the progress panel, first visit")

        course = CourseProgress(store)
        me = course.profile("Ana")
        course.begin_session(me)
        items = make_quiz([1], 4, 1)
        for item in items:
            course.record(me, 1, item, True)
        course.finish_quiz(me, 1, 4, 4)
        wrong = make_quiz([2], 2, 1)
        course.record(me, 2, wrong[0], False)
        course.record(me, 2, wrong[1], False)
        again = CourseIndex(store)  # the next visit: Ana, one lesson mastered, rules to review
        text = visible(again.progress.value)
        assert "Progresso de Ana." in text
        assert "dominada (100% no questionário)" in text
        assert "em andamento" in text and "Continuar: Lição 2" in text
        assert "Regras para revisar" in text and "errou 1 vez" in text
        assert "acerte mais 2 vezes" in text and "Revisar todas" in text
        assert_portuguese(others_cut(text), "the progress panel with rules to review")

        header = ReviewView(store=store).header.value
        assert "Revisão: as regras que estão na hora de revisar." in visible(header)
        assert_portuguese(visible(header), "the review page's header")
        rule = wrong[0].rule
        one = visible(ReviewView(rule, store=store).header.value)
        assert one.startswith("Revisão: ") and "Voltar para as lições" in one
        assert_portuguese(others_cut(one), "the review page's header for one rule")
        none = visible(ReviewView("no.such.rule", store=ProgressStore(
            str(tmp_path / "q.sqlite3"))).header.value)
        assert_portuguese(others_cut(none).replace("no.such.rule", ""), "nothing to review")
    # the same visit in English is unchanged
    assert "Progress of Ana." in visible(CourseIndex(store).progress.value)


def test_the_kernel_watch_banner_and_the_full_server_message_in_pt_br() -> None:
    with language("pt-BR"):
        watch = KernelWatch()
        full = full_message(40)
    for where, text in [("gone", watch.gone_text), ("server", watch.server_text),
                        ("reload", watch.reload_label), ("full server", full)]:
        assert_portuguese(text, where)
    assert watch.reload_label == "Recarregar a página" and "40 páginas" in full
    english = KernelWatch()
    assert english.reload_label == "Reload the page"
    assert english.gone_text.startswith("This page was stopped on the server")


# ---------------------------------------------------------------- choosing the language

@pytest.mark.parametrize("query,cookie,accept,want", [
    ("pt-BR", None, None, "pt_BR"),
    ("en", "pt-BR", "pt-BR", "en"),           # ?lang= wins over the remembered choice
    (None, "pt-BR", "en-US,en;q=0.9", "pt_BR"),  # the remembered choice wins over the browser
    (None, None, "pt-BR,pt;q=0.9,en;q=0.8", "pt_BR"),
    (None, None, "fr-FR,pt;q=0.5", "pt_BR"),  # the first language we have
    (None, None, "fr-FR,de;q=0.5", "en"),
    ("klingon", None, "pt", "pt_BR"),         # an unknown ?lang= is passed over
    (None, "garbage", None, "en"),
    (None, None, None, "en"),
])
def test_the_page_language(query: str | None, cookie: str | None, accept: str | None,
                           want: str) -> None:
    assert chosen_language(query, cookie, accept) == want


def test_only_a_language_we_have_is_remembered() -> None:
    assert remembered("pt_br") == "pt-BR" and remembered("EN-gb") == "en"
    assert remembered("klingon") is None and remembered("") is None
    assert COOKIE == "truco_learn_lang"


def test_the_hook_translates_the_notebook_and_sets_the_kernel_language() -> None:
    nb = nbformat.read(str(INDEX), as_version=4)
    n = len(nb.cells)
    out = language_hook("pt_BR")(None, notebook=nb, cwd=str(INDEX.parent))
    assert len(out.cells) == n + 1
    first = out.cells[0]
    assert first.cell_type == "code" and "set_language('pt-BR')" in first.source
    assert first.source.rstrip().endswith(";")  # nothing shown on the page
    ns: dict[str, Any] = {}
    exec(first.source, ns)  # the kernel's language is set (then put back for the other tests)
    from truco_learn.i18n import current, set_language
    try:
        assert current() == "pt_BR"
    finally:
        set_language("en")
    md = "\n".join(c.source for c in out.cells if c.cell_type == "markdown")
    assert "# Aprenda truco" in md and "Learn Truco" not in md
    nbformat.validate(out)


def test_html_lang_is_rewritten_once() -> None:
    page = '<!DOCTYPE html>\n<html lang="en" class="x">\n<body><pre><html lang="en"></pre>'
    assert with_html_lang(page, "pt_BR") == (
        '<!DOCTYPE html>\n<html lang="pt-BR" class="x">\n<body><pre><html lang="en"></pre>')
    assert with_html_lang("<html>", "en") == '<html lang="en">'


def test_voilas_loading_line_in_pt_br() -> None:
    js = "const a = `Executing ${cell_index} of ${cell_count}`; const b = `Reading ${cell_index} of ${cell_count}`"
    with language("pt-BR"):
        out = with_loading_text(js)
    assert out == ("const a = `Executando ${cell_index} de ${cell_count}`; "
                   "const b = `Lendo ${cell_index} de ${cell_count}`")
    assert with_loading_text(js) == js  # English: Voilà's own words


def test_voila_page_handler_is_replaced_in_the_app_and_in_a_server_extension() -> None:
    rules = [("/voila/tree", web.RequestHandler), ("/voila/render/(.*)", TornadoVoilaHandler,
                                                   {"template_paths": []})]
    out = replace_render_handler(rules)
    assert out[0] == rules[0] and out[1][1] is LanguageVoilaHandler and out[1][2] == rules[1][2]
    app = web.Application([(r"/other", web.RequestHandler)])
    app.add_handlers(".*$", [(r"/voila/render/(.*)", TornadoVoilaHandler, {})])
    assert install(app) >= 1
    assert install(app) == 0  # done once
    assert install(web.Application()) == 0  # no Voilà: nothing to do


def test_a_page_through_the_language_hook_takes_no_preheated_kernel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    handler = LanguageVoilaHandler.__new__(LanguageVoilaHandler)
    data = {"template": "lab", "theme": "light"}
    assert handler.should_use_rendered_notebook(data, 1, None, None, {}) is True
    assert handler.should_use_rendered_notebook({}, 1, None, None, {}) is False  # Voilà's own
    handler.use_pool = False  # a page served through the language hook: a kernel of its own
    assert handler.should_use_rendered_notebook(data, 1, None, None, {}) is False
    monkeypatch.setenv("TRUCO_LEARN_LANG", "pt-BR")  # a Portuguese server's kernels
    assert lang_mod.server_language() == "pt_BR"
    assert hooked_languages() == ("en", "pt_BR")  # its English pages need the hook too


def test_a_bad_name_on_the_index_is_refused_in_portuguese(tmp_path: Any) -> None:
    from truco_learn.classroom.store import ProgressStore
    from truco_learn.widgets.course_index import CourseIndex

    with language("pt-BR"):
        page = CourseIndex(store=ProgressStore(str(tmp_path / "p.sqlite3")))
        page.start("x" * 80)
        assert "longo demais" in page.message.value
        page.start("Ana\x07")
        assert "caractere" in page.message.value
        assert_portuguese(page.message.value, "name refused")
