"""The course in Brazilian Portuguese: every lesson step (title, body, the lesson's title and
summary), the lesson widget's own words, the rule sentences built from every preset's facts,
and every lesson notebook's markdown, rendered in pt-BR with no English left and no
placeholder unfilled; a few translations checked for the words a truco table uses."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from truco_learn.course import LESSONS
from truco_learn.course.stakes import fold_pays
from truco_learn.course.steps import Lesson
from truco_learn.course.text_basics import NEXT_MOVE, line_name, shown
from truco_learn.course.tables import (BRAZILIAN, TABLES, by_seats, fold_text, join, labels,
                                       ladder_text, step_name, table_label)
from truco_learn.engine.options import PRESETS
from truco_learn.i18n import language
from truco_learn.i18n.notebooks import markdown_blocks, translate_markdown
from truco_learn.widgets.lesson_view import LessonView

from .english import assert_portuguese, english_left

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "lessons").glob("0*.ipynb"))
# "chance" is Portuguese too ("a sua chance de ganhar")
ALLOW = frozenset({"chance"})
LINK = re.compile(r"\]\(([^)]+)\)")
# titles that are the same words at a Brazilian table
SAME_WORDS = {"Truco!", "Zap, copas, espadilha, mole"}


# Names the steps quote from another part of the page: the hand walk's button and the scripted
# hands' names. Their words are the demos catalog's (tests/i18n of the demos check them); here a
# step must quote them exactly as the page shows them, and every other word must be Portuguese.
QUOTED_LINES = ("all_tied", "all_tied_dealer", "tie_leader_leads", "tie_first_tying_leads")


def _quoted() -> list[str]:
    return [shown(NEXT_MOVE)] + [line_name(key) for key in QUOTED_LINES]


def _own(text: str) -> str:
    """``text`` without the names it quotes from the demos (in the current language)."""
    for name in _quoted():
        text = text.replace(f"<b>{name}</b>", "<b></b>").replace(f"<i>{name}</i>", "<i></i>")
        text = text.replace(f"\n{name}.", "\n.")
    return text


def _step_texts(lesson: Lesson) -> list[tuple[str, str]]:
    out = [(f"lesson {lesson.number} title", lesson.title),
           (f"lesson {lesson.number} summary", lesson.summary)]
    for i, step in enumerate(lesson.steps):
        where = f"lesson {lesson.number} step {i + 1} ({step.title_id})"
        out += [(where + " title", step.title), (where, step.body)]
    return out


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag != "br":
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.slug for lesson in LESSONS])
def test_every_step_of_every_lesson_is_portuguese(lesson: Lesson) -> None:
    english = dict(_step_texts(lesson))
    with language("pt-BR"):
        texts = _step_texts(lesson)
    with language("pt-BR"):
        own = {where: _own(text) for where, text in texts}
    for where, text in texts:
        assert_portuguese(own[where], where, ALLOW)
        assert text != english[where] or text in SAME_WORDS, \
            f"{where} is the English text: {text!r}"
        parser = _Balance()
        parser.feed(text)
        assert not parser.errors and not parser.stack, (where, parser.errors, parser.stack)
    for where, text in texts:
        if " step " in where and not where.endswith("title"):
            assert len(text) < 1200, f"{where} is too long for one screen in pt-BR"


def test_steps_quote_the_demos_names_as_the_page_shows_them() -> None:
    for lang in ("en", "pt-BR"):
        with language(lang):
            l3, l6 = LESSONS[2], LESSONS[5]
            button = shown(NEXT_MOVE)
            assert lang != "en" or button == "Next move"
            assert f"<b>{button}</b>" in l3.steps[0].body and f"\n{button}." in l3.steps[1].body
            assert (f"<i>{line_name('all_tied')}</i>, " in l3.steps[5].body
                    and f"<i>{line_name('all_tied_dealer')}</i>" in l3.steps[5].body)
            assert (f"<i>{line_name('tie_leader_leads')}</i>" in l6.steps[2].body
                    and f"<i>{line_name('tie_first_tying_leads')}</i>" in l6.steps[2].body)
            quoted = _quoted()
            assert all(_own(f"<b>{q}</b> <i>{q}</i>") == "<b></b> <i></i>" for q in quoted)


def test_the_check_can_fail() -> None:
    """English left in a step is caught: the lesson's English bodies trip the check."""
    bodies = [s.body for lesson in LESSONS for s in lesson.steps]
    assert all(english_left(b, ALLOW) for b in bodies)
    with pytest.raises(AssertionError, match="English"):
        assert_portuguese(LESSONS[0].steps[0].body, "lesson 1 step 1 in English")


@pytest.mark.parametrize("number", [lesson.number for lesson in LESSONS])
def test_the_lesson_view_speaks_portuguese_at_every_step(number: int) -> None:
    with language("pt-BR"):
        view = LessonView(LESSONS[number - 1], seed=1)
        steps = view.lesson.steps
        for i, step in enumerate(steps):
            view.go(i)
            assert view.position.value == f"Passo {i + 1} de {len(steps)}"
            assert f"aria-label='Lição {number}, passo {i + 1}: " in view.title.value
            for where, text in (("heading", view.title.value), ("body", view.body.value),
                                ("position", view.position.value)):
                assert_portuguese(_own(text), f"lesson {number} step {i + 1} {where}", ALLOW)
            assert step.body in view.body.value
    assert (view.back_button.description, view.next_button.description) == ("◀ Voltar",
                                                                            "Próximo ▶")
    assert (view.back_button.tooltip, view.next_button.tooltip) == ("Passo anterior",
                                                                    "Próximo passo")


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_rule_sentences_of_every_preset_are_portuguese_with_its_facts(variant: str) -> None:
    opts = PRESETS[variant]
    with language("pt-BR"):
        label = table_label(variant)
        assert_portuguese(label, variant)
        if len(opts.ladder) >= 3:
            fold = fold_text(opts)
            assert_portuguese(fold, f"{variant} fold")
            assert re.findall(r"\d+", fold) == [str(fold_pays(opts.ladder, opts.ladder[1])),
                                                 str(fold_pays(opts.ladder, opts.ladder[2]))]
        ladder = ladder_text(opts)
        assert_portuguese(ladder, f"{variant} ladder")
        for value in opts.ladder[1:]:
            assert f"{value} ({step_name(opts, value)})" in ladder
    with language("en"):
        # the calls keep their names; only the Argentine "vale cuatro" is said "vale quatro"
        assert (ladder_text(opts) == ladder.replace("vale quatro", "vale cuatro")
                or "raise to" in ladder_text(opts))
    if opts.manilhas == "argentine":
        assert ladder.endswith("3 (retruco) → 4 (vale quatro)")


def test_a_rule_said_per_kind_of_table_is_one_portuguese_sentence() -> None:
    with language("pt-BR"):
        split = by_seats(lambda o: "ninguém cobre" if o.seats == 2 else "você pode cobrir")
        same = by_seats(lambda o: "ninguém marca")
        names = labels(lambda o: o.seats == 4)
        every = [t.label for t in TABLES]
    assert split == "Nas mesas mano a mano, ninguém cobre; nas mesas em duplas, você pode cobrir."
    assert same == "Ninguém marca."
    assert names == "Paulista em duplas, Federação Paulista e Mineiro em duplas"
    assert every == ["Paulista mano a mano", "Paulista em duplas", "Federação Paulista",
                     "Mineiro em duplas", "Mineiro mano a mano"]
    with language("pt-BR"):
        assert join(["a", "b"]) == "a e b"
    assert len(every) == len(BRAZILIAN)


def _markdown(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_lesson_notebook_reads_in_portuguese(path: Path) -> None:
    for i, source in enumerate(_markdown(path)):
        with language("pt-BR"):
            text = translate_markdown(source)
        where = f"{path.name} markdown cell {i + 1}"
        assert markdown_blocks(source), where
        for block in markdown_blocks(text):
            # a link's target is a file name, not text a learner reads
            assert_portuguese(LINK.sub("]()", block), where, ALLOW)
        # the same links, in the same order; the headings keep their level
        assert LINK.findall(text) == LINK.findall(source), where
        assert [ln.split(" ")[0] for ln in text.splitlines() if ln.startswith("#")] == \
            [ln.split(" ")[0] for ln in source.splitlines() if ln.startswith("#")], where


def test_lesson_titles_agree_between_notebooks_and_steps() -> None:
    """The notebook's heading and the lesson's title are translated alike."""
    for lesson, path in zip(LESSONS, NOTEBOOKS):
        with language("pt-BR"):
            heading = translate_markdown(f"# Lesson {lesson.number}: {lesson.title_id}")
            title = lesson.title
        assert heading == f"# Lição {lesson.number}: {title}", path.name
        assert any(heading in md for md in _translated(path)), path.name
    with language("pt-BR"):
        titles = {lesson.number: lesson.title for lesson in LESSONS}
    links = [m for path in NOTEBOOKS for md in _translated(path)
             for m in re.findall(r"\[(?:← )?Lição (\d): ([^\]→]+?)(?: →)?\]", md)]
    assert len(links) == 2 * (len(LESSONS) - 1)  # every lesson links the next and the last
    for number, title in links:
        assert titles[int(number)] == title, (number, title)


def _translated(path: Path) -> list[str]:
    with language("pt-BR"):
        return [translate_markdown(md) for md in _markdown(path)]


def _all_pt() -> str:
    with language("pt-BR"):
        return " ".join(text for lesson in LESSONS for _w, text in _step_texts(lesson))


@pytest.mark.parametrize("term", [
    "rodada", "empate", "cangou", "manilha", "zap", "espadilha", "pica-fumo", "mole",
    "mão de onze", "mão de dez", "mão de ferro", "encoberta", "correr", "dupla", "parceir",
    "quem deu as cartas", "dama", "valete", "rei", "ás", "paus", "ouros", "blefe",
    "1 → 3 (truco) → 6 (seis) → 9 (nove) → 12 (doze)", "Federação Paulista"])
def test_the_course_uses_the_words_of_a_brazilian_truco_table(term: str) -> None:
    assert term in _all_pt()


def test_a_few_translations_say_what_they_mean() -> None:
    with language("pt-BR"):
        l1, l2, l3, l4, l5, l6, _l7, l8 = LESSONS
        assert l1.steps[0].title == "Boas-vindas ao truco"
        assert "Quem fizer 12 pontos primeiro ganha a partida." in l1.steps[0].body
        assert "<b>4 de paus, zap</b>" in l2.steps[5].body  # Mineiro's manilhas, by name
        assert "quem ganhou a primeira rodada leva" in l3.steps[2].body
        assert "só nas mesas Federação Paulista" in l3.steps[2].body  # the exposed-card exception
        assert "No Truco Paulista:\nquem pediu marca 1 se a outra dupla corre do truco, e 3" in \
            l4.steps[1].body
        assert "<b>1 em 3</b>" in l4.steps[5].body and "<b>1 em 4</b>" in l4.steps[5].body
        assert "precisa de mais\n1 ponto" in l5.steps[0].body
        assert "50%" in l5.steps[3].body
        assert "A Federação Paulista acrescenta duas regras" in l5.steps[5].body
        assert "nas mesas em duplas, você pode jogar uma carta <b>encoberta</b>" in \
            l6.steps[1].body
        # lesson 8: the envido's words as a gaúcho table says them, the numbers the engine's
        assert "O melhor envido é 33" in l8.steps[1].body
        assert "<b>quero</b> (aceita), <b>não quero</b> (recusa)" in l8.steps[2].body
        assert "<li><i>envido, real envido</i>: 5 / 2</li>" in l8.steps[2].body
        assert "o truco espera" in l8.steps[3].body and "<b>flor</b>" in l8.steps[4].body
        assert "(ir ao baralho)" in l8.steps[5].body
        assert "4 (vale quatro)" in l8.steps[6].body and "<td>30</td><td>24</td>" in \
            l8.steps[6].body
