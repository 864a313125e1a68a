"""Teachers assign lesson 8 (Truco argentino and gaudério): on the command line and the teacher
page, with an Argentine or gaúcho variant or a Brazilian one, alone or mixed with other lessons;
a student answers in Portuguese and the grade is the same as in English."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore
from truco_learn.classroom.lesson_names import LESSON_NOTEBOOKS, LESSON_TITLES, lesson_title
from truco_learn.cli import main
from truco_learn.engine import make_options
from truco_learn.i18n import language
from truco_learn.quiz import QuizItem
from truco_learn.quiz.registry import BRAZILIAN_VARIANTS, ENVIDO_KINDS, ENVIDO_VARIANTS
from truco_learn.widgets.teacher_view import TeacherView


def wrong(item: QuizItem) -> str:
    return next(c for c in item.choices if c != item.answer)


def test_lesson_8_has_its_title_and_notebook() -> None:
    assert lesson_title(8) == "Truco argentino and gaudério"
    assert LESSON_NOTEBOOKS[8] == "08_argentine_and_gauderio.ipynb"
    with language("pt-BR"):
        assert lesson_title(8) == "Truco argentino e gaudério"


@pytest.mark.parametrize("variant", ["argentino-2p", "gauderio-4p", "paulista-2p"])
def test_a_lesson_8_assignment_asks_envido_items_on_an_argentine_table(variant: str) -> None:
    a = Assignment("Envido week", (8,), questions=8, variant=variant, seed=31)
    back = Assignment.from_code(a.code())
    assert back == a and back.variant == variant
    [(lesson, items)] = back.quizzes()
    assert lesson == 8 and len(items) == 8
    assert {i.kind for i in items} == ENVIDO_KINDS  # every kind of lesson 8, in turn
    for item in items:
        assert item.variant == variant and item.data["table"] in ENVIDO_VARIANTS
        family = "gauderio" if variant.startswith("gauderio") else "argentino"
        assert item.data["table"].startswith(family)


@pytest.mark.parametrize("variant", ["paulista-4p", "argentino-2p", "gauderio-2p"])
def test_a_mixed_assignment_works_with_any_variant(variant: str) -> None:
    a = Assignment("Two styles", (2, 8), questions=6, variant=variant, seed=5)
    quizzes = Assignment.from_code(a.code()).quizzes()
    assert [n for n, _ in quizzes] == [2, 8] and quizzes == a.quizzes()
    seats = make_options(variant).seats
    for lesson, items in quizzes:
        for item in items:
            table = item.data["table"]
            if lesson == 8:
                assert item.kind in ENVIDO_KINDS and table in ENVIDO_VARIANTS
            else:  # lesson 2 (vira and manilhas) on a Brazilian table with as many seats
                assert table in BRAZILIAN_VARIANTS and make_options(table).seats == seats


def test_assign_lesson_8_on_the_cli_then_grade_a_portuguese_student(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["assign", "--title", "Envido", "--lessons", "2,8", "--questions", "8",
                 "--variant", "argentino-2p", "--seed", "88", "--pass", "50"]) == 0
    out = capsys.readouterr().out
    code = out.split("Assignment code: ")[1].split()[0]
    a = Assignment.from_code(code)
    assert a.lessons == (2, 8) and a.variant == "argentino-2p"
    store = ProgressStore(tmp_path / "p.sqlite3")
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    # Ana reads the page in Portuguese and clicks the Portuguese choices: right on lesson 8,
    # wrong on lesson 2; Bia answers in English: right on both
    with language("pt-BR"):
        s = AssignmentSession(code, store, "Ana")
        for lesson, quiz in s.quizzes:
            shown = s.shown(lesson)
            for pos, item in enumerate(quiz):
                assert shown[pos].prompt != item.prompt and shown[pos].lang == "pt_BR"
                said = shown[pos].choices[item.choices.index(
                    item.answer if lesson == 8 else wrong(item))]
                s.answer(lesson, pos, s.english_choice(lesson, pos, said))
        name, data = s.results_file()
    (inbox / name).write_bytes(data)
    s = AssignmentSession(code, store, "Bia")
    for lesson, quiz in s.quizzes:
        for pos, item in enumerate(quiz):
            assert s.answer(lesson, pos, item.answer).correct
    name, data = s.results_file()
    (inbox / name).write_bytes(data)
    out_csv = tmp_path / "grades.csv"
    assert main(["grade", str(inbox), "--assignment", code, "--csv", str(out_csv)]) == 0
    rows = {r["student"]: r for r in csv.DictReader(out_csv.open(encoding="utf-8"))}
    assert {n: (r["right"], r["total"], r["status"]) for n, r in rows.items()} == {
        "Ana": ("4", "8", "ok"), "Bia": ("8", "8", "ok")}


def test_the_cli_refuses_a_lesson_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["assign", "--title", "T", "--lessons", "8,9"]) != 0
    err = capsys.readouterr().err
    assert "lesson numbers from 1 to 8" in err and "Traceback" not in err


def test_the_teacher_page_offers_lesson_8_and_the_argentine_presets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRUCO_LEARN_SECRET", raising=False)
    view = TeacherView()
    assert (f"8. {LESSON_TITLES[8]}", 8) in view.lessons.options
    assert set(ENVIDO_VARIANTS) <= {value for _label, value in view.variant.options}
    view.title.value = "Gaúcho envido"
    view.lessons.value = (4, 8)
    view.variant.value = "gauderio-2p"
    view.questions.value = 4
    view.create()
    a = Assignment.from_code(view.code.value)
    assert (a.lessons, a.variant) == ((4, 8), "gauderio-2p")
    with language("pt-BR"):
        pt = TeacherView()
        assert (f"8. {lesson_title(8)}", 8) in pt.lessons.options
