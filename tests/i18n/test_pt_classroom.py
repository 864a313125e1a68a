"""The classroom in Brazilian Portuguese: the assignment page, the teacher's dashboard, the hand
replayer, the review page's text, the charts and the CSV; an assignment's language goes from
the teacher (code, ``truco-learn assign --lang``) to the student's page; grading does not care
which language the student read.

Text from other areas (a quiz item's wording, a move told by the play page, the coach's
sentences, the rules' meanings) is cut out of what is checked here, piece by piece: those areas
test it in their own files."""

from __future__ import annotations

import base64
import csv
import io
import json
import random
import re
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import pytest

from tests.i18n.english import assert_portuguese
from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore
from truco_learn.classroom.lesson_names import POSITIONS_SECTION, section_title
from truco_learn.classroom.charts import rule_error_bars, rule_text, score_histogram
from truco_learn.classroom.course_progress import STATES, CourseProgress, state_label
from truco_learn.classroom.grading import CSV_COLUMNS, grade_documents
from truco_learn.classroom.results import checksum
from truco_learn.cli import main
from truco_learn.engine.cards import DECK
from truco_learn.engine.options import make_options
from truco_learn.engine.state import legal_actions, new_hand, step
from truco_learn.i18n import current, language, set_language
from truco_learn.i18n.notebooks import markdown_blocks, translate_markdown
from truco_learn.play.replay_board import HandRecord, ReplayBoard
from truco_learn.play.replay_eval import HandAnalysis
from truco_learn.quiz import RULE_TEXT
from truco_learn.widgets.assignment_view import AssignmentView, lang_from_query
from truco_learn.widgets.replayer import Replayer
from truco_learn.widgets.teacher_view import TeacherView

ROOT = Path(__file__).resolve().parents[2]
_TAG = re.compile(r"<[^>]*>")
_STYLE = re.compile(r"<style>.*?</style>", re.S)
_CODE_SPAN = re.compile(r"`[^`]*`")


@pytest.fixture(autouse=True)
def english_process() -> Iterator[None]:
    """The assignment page sets the kernel's language: put English back after each test."""
    set_language("en")
    yield
    set_language("en")


def shown_text(html: str, cut: tuple[str, ...] = ()) -> str:
    """What a reader sees of an HTML fragment (styles and tags dropped), without ``cut``."""
    text = _STYLE.sub(" ", html)
    for piece in sorted(cut, key=len, reverse=True):
        if piece:
            text = text.replace(escape(piece, quote=False), " ").replace(escape(piece), " ")
    return _TAG.sub(" ", text)


def widget_texts(widget: Any, skip: Any = None) -> Iterator[tuple[str, str]]:
    """Every text a widget tree shows: labels, placeholders, tooltips, options and HTML
    (``skip``: a subtree left out)."""
    name = type(widget).__name__
    for attr in ("description", "placeholder", "tooltip", "value"):
        value = getattr(widget, attr, None) if attr != "value" or isinstance(
            widget, w.HTML) else None
        if isinstance(value, str) and value.strip():
            yield f"{name}.{attr}", value
    for label in getattr(widget, "_options_labels", ()) or ():
        yield f"{name}.option", str(label)
    for child in getattr(widget, "children", ()) or ():
        if child is not skip:
            yield from widget_texts(child, skip)


def seeded_answers(session: AssignmentSession, rng: random.Random) -> None:
    """A student who answers every question, right or wrong at random (seeded)."""
    for lesson, quiz in session.quizzes:
        for position, item in enumerate(quiz):
            session.answer(lesson, position, rng.choice(item.choices))


# ---------------------------------------------------------------- the language of an assignment

def test_an_assignment_carries_its_language_through_the_code_and_the_links() -> None:
    a = Assignment("Semana dos empates", (2, 3), questions=4, seed=77, due="2026-12-15",
                   lang="pt-BR")
    back = Assignment.from_code(a.code())
    assert back == a and back.lang == "pt_BR"
    assert a.code().startswith("tl3") and a.voila_url().endswith("&lang=pt-BR")
    assert "lang%3Dpt-BR" in a.binder_url("me/truco-learn")
    with_pos = a.with_position({"variant": "paulista-2p", "dealer": 1, "vira": "7D",
                                "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]],
                                "actions": []})
    assert with_pos.code().startswith("tl2") and Assignment.from_code(with_pos.code()) == with_pos
    # English codes are what they were, and old codes (no language) open in English
    english = Assignment("Semana dos empates", (2, 3), questions=4, seed=77, due="2026-12-15")
    assert english.code().startswith("tl1") and a.quiz_code() == english.code()
    assert Assignment.from_code(english.code()).lang == "en"
    assert "lang=" not in english.voila_url()
    with pytest.raises(ValueError, match="unknown language 'klingon'"):
        Assignment("T", (1,), 1, lang="klingon")


def test_the_command_line_stores_the_language_and_refuses_an_unknown_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["assign", "--title", "Semana", "--lessons", "2,3", "--seed", "5",
                 "--lang", "pt-BR", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["lang"] == "pt-BR" and out["voila_url"].endswith("&lang=pt-BR")
    assert Assignment.from_code(out["code"]).lang == "pt_BR"
    assert main(["assign", "--title", "Semana", "--lessons", "2,3", "--seed", "5",
                 "--lang", "pt-BR"]) == 0
    text = capsys.readouterr().out
    assert "pass at 80%" in text and "opens in pt-BR" in text  # the command line is English
    assert main(["assign", "--title", "T", "--lessons", "2", "--lang", "xx"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and "Traceback" not in err.err
    assert err.err.strip() == "truco-learn: --lang: unknown language 'xx': choose one of en, pt-BR"


def test_a_results_file_grades_the_same_whatever_language_the_student_read(
        tmp_path: Path) -> None:
    pt = Assignment("Semana dos empates", (1, 2, 3, 4), questions=12, seed=4242, lang="pt-BR")
    en = Assignment.from_code(pt.quiz_code())
    docs = []
    for code, lang in ((pt.code(), "pt-BR"), (en.code(), "en")):
        view = AssignmentView(code, ProgressStore(tmp_path / f"{lang}.sqlite3"))
        assert current() == ("pt_BR" if lang == "pt-BR" else "en")
        view.start("Ana")
        rng = random.Random(9)  # the same clicks on both pages
        s = view.session
        assert s is not None
        for lesson in [*pt.lessons]:
            view.open_quiz(lesson)
            assert view.quiz is not None
            shown = s.shown(lesson)
            assert view.quiz.items == shown
            while view.quiz.current is not None:
                item = view.quiz.current
                view.quiz.answer(rng.choice(item.choices))
                view.quiz.next()
        docs.append(s.results())
        set_language("en")
    pt_doc, en_doc = docs
    assert pt_doc["assignment"] == en_doc["assignment"] == en.code()
    answers = [[a["choice"] for a in i["answers"]] for i in pt_doc["items"]]
    assert answers == [[a["choice"] for a in i["answers"]] for i in en_doc["items"]]
    english_choices = {c for _, quiz in en.quizzes() for item in quiz for c in item.choices}
    assert all(c in english_choices for row in answers for c in row)  # stored in English
    for key in ("right", "total", "percent", "passed"):
        assert pt_doc["claimed"][key] == en_doc["claimed"][key]
    for a in (pt, en):  # either code grades both files, and the same
        g = grade_documents(a, [("pt.json", pt_doc), ("en.json", en_doc)])
        assert [s.status for s in g.students] == ["ok", "duplicate"] or [
            s.status for s in g.students] == ["duplicate", "ok"]
        assert {s.percent for s in g.students} == {pt_doc["claimed"]["percent"]}


# ---------------------------------------------------------------- the student's page

def test_the_assignment_page_opens_in_portuguese_and_shows_no_english(tmp_path: Path) -> None:
    a = Assignment("Semana dos empates", (2, 3), questions=4, pass_pct=75, due="2026-12-15",
                   seed=31, lang="pt-BR")
    a = a.with_position({"variant": "paulista-2p", "dealer": 1, "vira": "7D",
                         "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]], "actions": []})
    view = AssignmentView(a.code(), ProgressStore(tmp_path / "p.sqlite3"))
    assert current() == "pt_BR"  # set before the widgets were drawn
    texts = dict(widget_texts(view))
    view.start("")
    assert "Digite seu nome" in view.error.value
    view.start("Ana Souza")
    assert view.quiz is not None and view.lesson == 2
    item = view.quiz.current
    assert item is not None
    view.quiz.answer(item.choices[0])
    # the quiz's own wording (in view.quiz_box) is the quiz area's
    for where, text in [*texts.items(), *widget_texts(view, skip=view.quiz_box)]:
        if where.endswith(".option") or where.startswith("HTML"):
            text = shown_text(text, ("Semana dos empates", "Ana Souza"))
        assert_portuguese(text, f"the assignment page ({where})")
    assert "Lição 3: Rodadas e empates" in shown_text(view.lessons.value)
    assert "04_betting" not in view.lessons.value
    assert "03_tricks_and_ties.ipynb?lang=pt-BR" in view.lessons.value  # lessons open in pt-BR
    assert "prazo 2026-12-15" in view.header.value and "aprovação com 75%" in view.header.value
    assert "Baixar seus resultados" in view.download.value
    assert [label for label, _ in view.picker.options] == ["Lição 2", "Lição 3",
                                                          "Posições do professor"]
    assert "1 de 2 respondidas, acertos: 1" in view.lessons.value
    for section in (2, 3, POSITIONS_SECTION):
        with language("pt-BR"):
            assert_portuguese(section_title(section), "a section's title")


def test_bad_links_and_names_are_told_in_portuguese(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    with language("pt-BR"):
        for code in (None, ""):
            view = AssignmentView(code, store)
            assert_portuguese(shown_text(view.error.value), "a missing code")
            assert_portuguese(shown_text(view.header.value), "the page's title")
        code = Assignment("T", (1,), 2, seed=1, lang="pt-BR").code()
        for bad, words in ((code[:-4], "danificado"), ("olá", "não é um código")):
            view = AssignmentView(bad, store)
            assert words in view.error.value and view.session is None
            assert_portuguese(shown_text(view.error.value), f"a bad code {bad!r}")
        view = AssignmentView(code, store)
        view.start("x" * 200)
        assert "longo demais" in view.error.value
        assert_portuguese(shown_text(view.error.value), "a name too long")
        for hidden in ("Ana\u202e", "A\u200bna", "Ana\x00"):  # a right-to-left mark, a zero
            view.start(hidden)                                # width space, a NUL
            assert "não é letra nem sinal" in view.error.value, hidden
            assert_portuguese(shown_text(view.error.value), f"the name {hidden!r}")
            assert view.session is not None and view.session.student is None
    # a code pasted on an English page brings its language
    set_language("en")
    pasted = AssignmentView(None, store)
    assert pasted.name_button.description == "Start"
    pasted.open_code(code)
    assert current() == "pt_BR" and pasted.name_button.description == "Começar"
    assert "seu nome" == pasted.name_box.placeholder and pasted.session is not None
    set_language("en")
    assert lang_from_query("code=tl3x&lang=en") == "en"
    # the link's own ?lang= wins over the assignment's
    AssignmentView(code, store, lang="en")
    assert current() == "en"


# ---------------------------------------------------------------- the teacher's page

def _class_files(code: str, store: ProgressStore, n: int, seed: int) -> list[tuple[str, bytes]]:
    rng = random.Random(seed)
    files = []
    for k in range(n):
        s = AssignmentSession(code, store, f"Aluno {k + 1}")
        seeded_answers(s, rng)
        files.append(s.results_file())
    return files


def test_the_teacher_dashboard_charts_and_csv_are_in_portuguese(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    with language("pt-BR"):
        view = TeacherView(rng=random.Random(3), store=store)
        view.title.value = "Semana das apostas"
        view.create()
        problem = shown_text(view.links.value)
        assert "Escolha pelo menos uma lição" in problem
        assert_portuguese(problem, "the form's message")
        view.lessons.value = (3, 4, 5)
        view.questions.value = 9
        view.due.value = None
        view.create()
        a = Assignment.from_code(view.code.value)
        assert a.lang == "pt_BR"  # the teacher's page's language is the default
        assert "&amp;lang=pt-BR" in view.links.value or "&lang=pt-BR" in view.links.value
        files = _class_files(a.code(), store, 12, seed=8)
        files.append(files[0])  # a duplicate
        files.append(("quebrado.json", b"{"))
        doc = json.loads(files[1][1])
        doc["claimed"]["percent"], doc["student"] = 100, "Aluno 99"  # an altered file
        doc["checksum"] = checksum(doc)  # even with its checksum made again
        files.append(("alterado.json", json.dumps(doc).encode("utf-8")))
        view.grade_files(files)
        assert view.grades is not None and len(view.grades.clean) == 12
        rules = sorted(RULE_TEXT, key=len, reverse=True)
        meanings = tuple(rule_text(r) for r in RULE_TEXT) + tuple(rules)
        unreadable = tuple(msg for _, msg in view.grades.unreadable)  # a ResultsFileError's
        for where, text in widget_texts(view):
            if where.endswith(".value") and "<" in text:
                text = shown_text(text, meanings + unreadable + ("Semana das apostas",
                                                                 "paulista-2p"))
            text = _CODE_SPAN.sub(" ", text)
            if text.strip() in ("https://github.com/OWNER/NAME", "resultados/") or \
                    text.strip().startswith(("tl1", "tl2", "tl3")):
                continue
            assert_portuguese(text, f"the teacher's page ({where})")
        table = shown_text(view.table.value)
        assert "alterado" in table and "duplicado" in table and "ilegível" in table
        assert "aluno" in view.table.value and "regras erradas" in view.table.value
        assert "distribuição das notas de 12 alunos" in view.charts.value
        m = re.search(r'download="([^"]+)" href="data:text/csv;base64,([^"]+)"',
                      view.export.value)
        assert m and m.group(1) == "notas.csv"
        rows = list(csv.reader(io.StringIO(base64.b64decode(m.group(2)).decode("utf-8"))))
        header = rows[0]
        assert header == ["aluno", "arquivo", "situação", "porcentagem", "acertos", "total",
                          "aprovado", "respondidas", "regras erradas", "problemas",
                          "observações"]
        assert_portuguese(" ".join(header), "the CSV's header row")
        assert {r[2] for r in rows[1:]} <= {"ok", "alterado", "duplicado", "ilegível"}
        assert {r[6] for r in rows[1:] if r[6]} <= {"sim", "não"}
        for r in rows[1:]:
            for cell in (r[9], r[10]):
                if cell and cell not in unreadable:
                    assert_portuguese(cell, "a problem or note in the CSV")
        # the command line's CSV keeps its keys, whatever the page's language
        assert view.grades.csv_text().splitlines()[0] == ",".join(CSV_COLUMNS)
        # charts on their own: every label in the page's language
        hist = score_histogram([s.percent for s in view.grades.clean], 80)
        assert_portuguese(shown_text(hist), "the score histogram")
        rates = view.grades.rule_error_rates()
        bars = rule_error_bars(rates)
        assert 'aria-label="taxa de erro por regra"' in bars
        assert_portuguese(shown_text(bars, meanings), "the error-rate chart")
        assert_portuguese(shown_text(rule_error_bars([])), "an empty error-rate chart")


def test_the_live_dashboard_and_its_messages_in_portuguese(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    a = Assignment("Semana", (1,), 3, seed=5, lang="pt-BR")
    with language("pt-BR"):
        view = TeacherView(store=store)
        view.grade_code.value = a.code()
        assert view.refresh_live() is False
        assert_portuguese(shown_text(view.message.value), "nobody started")
        _class_files(a.code(), store, 2, seed=1)
        assert view.refresh_live() is True
        assert "2 alunos" in view.live_status.value
        assert_portuguese(shown_text(view.live_status.value, (store.where,)), "the live line")
        view.upload.value = ()
        view._grade_clicked()
        assert_portuguese(shown_text(view.message.value), "nothing to grade")
        view.grade_folder(str(tmp_path / "nenhuma"))
        assert_portuguese(shown_text(view.message.value, (repr(str(tmp_path / "nenhuma")),)),
                          "not a folder")


# ---------------------------------------------------------------- the replayer

def seeded_hand(seed: int, variant: str) -> HandRecord:
    """A hand dealt and played at random (seeded) to its end, mostly by playing cards."""
    rng = random.Random(seed)
    opts = make_options(variant)
    cards = rng.sample(DECK, 3 * opts.seats + 1)
    hands = [cards[3 * k:3 * k + 3] for k in range(opts.seats)]
    vira = None if opts.manilhas == "mineiro" else cards[-1]
    h = new_hand(opts, rng.randrange(opts.seats), hands, vira)
    while not h.over:
        legal = legal_actions(h)
        plays = [x for x in legal if x.startswith("play:") or x == "accept"]
        h = step(h, rng.choice(plays if plays and rng.random() < 0.85 else legal))
    return HandRecord.from_hand(h)


@pytest.mark.parametrize("seed,variant", [(1, "paulista-2p"), (2, "mineiro-2p"),
                                          (3, "paulista-4p")])
def test_every_position_of_the_replayer_is_in_portuguese(seed: int, variant: str) -> None:
    record = seeded_hand(seed, variant)
    seats = record.opts.seats
    names = ("Você", "Treinador") if seats == 2 else ("Você", "Bruno", "Carla", "Davi")
    with language("pt-BR"):
        board = ReplayBoard(record, 0, names)
        r = Replayer(board, HandAnalysis(board, "easy", seed=seed),
                     notes={1: "Jogo a maior carta."})
        for _, button in r.buttons.items():
            assert_portuguese(button.description, "a replayer button")
            assert_portuguese(button.tooltip.replace("truco-learn replay", ""),
                              "a replayer tooltip")
        moves = tuple(m.text for m in board.moves())  # the play area's sentences
        seen_verdict = False
        for ply in range(board.length + 1):
            board.goto(ply)
            r.redraw()
            ev = r.analysis.at(ply) if ply < board.length else None
            coach = () if ev is None else (ev.sentence, *(o.words for o in ev.options))
            assert_portuguese(shown_text(r.board_html.value, moves + names),
                              f"the replayer's board at move {ply}")
            assert_portuguese(shown_text(r.analysis_html.value, moves + coach),
                              f"the replayer's analysis at move {ply}")
            seen_verdict |= "pontos esperados" in r.analysis_html.value
        assert "Lance 0 de" not in r.board_html.value and "a mão acabou" in r.board_html.value
        assert "rodada" in r.board_html.value and "Placar: " in r.board_html.value
        assert seen_verdict  # the learner had a decision with options to weigh
        r.press("first")
        assert "Lance 0 de" in r.board_html.value and "a distribuição" in r.board_html.value


# ---------------------------------------------------------------- notebooks and course text

@pytest.mark.parametrize("notebook", ["assignment", "teacher", "review"])
def test_the_pages_markdown_is_in_portuguese(notebook: str) -> None:
    cells = json.loads((ROOT / "lessons" / f"{notebook}.ipynb").read_text("utf-8"))["cells"]
    blocks = [b for c in cells if c["cell_type"] == "markdown"
              for b in markdown_blocks("".join(c["source"]))]
    assert blocks
    with language("pt-BR"):
        for block in blocks:
            text = translate_markdown(block)
            assert text != block or not re.search(r"[a-z]{3}", block)
            # commands, variables and rule ids in `code` are not prose
            assert_portuguese(_CODE_SPAN.sub(" ", text), f"{notebook}.ipynb: {block[:40]!r}",
                              allow=frozenset({"Binder", "JupyterHub", "PostgreSQL"}))


def test_course_progress_speaks_the_pages_language(tmp_path: Path) -> None:
    course = CourseProgress(ProgressStore(tmp_path / "p.sqlite3"))
    me = course.profile("Ana")
    with language("pt-BR"):
        titles = [s.title for s in course.status(me)]
        assert titles[0] == "As cartas" and titles[4] == "A mão de onze e a mão de ferro"
        for t in titles:
            assert_portuguese(t, "a lesson's title")
        for state in STATES:
            assert_portuguese(state_label(state), "a lesson's state")
        assert state_label("mastered") == "dominada"
    assert course.status(me)[0].state == "not started"  # the key stays English


@pytest.mark.parametrize("lesson", [1, 2, 3, 4, 5, 6, 7])
def test_a_question_shown_in_portuguese_has_its_choices_where_the_english_has_them(
        lesson: int) -> None:
    """The page records the English choice at the place the student clicked: every item must
    have the same number of choices, and the right one at the same place, in both languages."""
    for seed in range(3):
        a = Assignment("T", (lesson,), questions=6, seed=1000 * lesson + seed,
                       variant=("mineiro-2p" if seed % 2 else "paulista-2p"), lang="pt-BR")
        with language("pt-BR"):
            shown = a.shown_quizzes()
        for (n, items), (m, english) in zip(shown, a.quizzes()):
            assert n == m and len(items) == len(english)
            for s, e in zip(items, english):
                assert (s.kind, s.seed, s.rule) == (e.kind, e.seed, e.rule)
                assert len(s.choices) == len(e.choices)
                assert s.choices.index(s.answer) == e.choices.index(e.answer), (s, e)
