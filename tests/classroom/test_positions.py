"""A teacher's "what would you do here?" positions: exported from the hand replayer, imported
into an assignment (form, CLI), asked on the student's page, and regraded from the results."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore, grade_paths
from truco_learn.classroom.assignment import AssignmentCodeError
from truco_learn.classroom.lesson_names import POSITIONS_SECTION
from truco_learn.cli import main
from truco_learn.engine.cards import card_name
from truco_learn.play.replay_eval import session_replay
from truco_learn.play.session import MatchSession
from truco_learn.quiz import grade
from truco_learn.quiz.kinds_position import position_item
from truco_learn.widgets.assignment_view import AssignmentView
from truco_learn.widgets.teacher_view import TeacherView

NOTATION = re.compile(r"\b(play|cover|blind|onze):|\bseat \d|\bteam \d|paulista-|mineiro-")


def exported_positions(variant: str, seed: int) -> list[str]:
    """Every position of a finished hand where the learner had a choice, as exported JSON."""
    s = MatchSession(variant, bot="heuristic", seed=seed)
    rng = random.Random(seed)
    while not s.hand_over:
        s.run_bots()
        if s.learner_to_act:
            s.act(rng.choice(s.legal()))
    board, analysis, _ = session_replay(s)
    return [board.scenario_json(ply) for ply in analysis.decisions()]


@pytest.mark.parametrize("variant", ["paulista-2p", "paulista-4p", "mineiro-2p"])
def test_an_exported_position_becomes_a_fair_question(variant: str) -> None:
    asked = 0
    for seed in range(3):
        for text in exported_positions(variant, seed):
            item = position_item(text, seed=5)
            assert item == position_item(json.loads(text), seed=5)  # rebuilt the same
            assert item.kind == "position" and item.answer in item.choices
            assert len(set(item.choices)) == len(item.choices) >= 2
            assert grade(item, item.answer).correct
            assert not NOTATION.search(item.prompt + item.explanation), item.prompt
            # the cards the other seats still hold are never named
            sc = json.loads(text)
            from truco_learn.play.replay_board import HandRecord
            state = HandRecord.from_scenario(sc).states()[-1]
            for seat, cards in enumerate(state.left):
                if seat != state.to_act:
                    for c in cards:
                        name = card_name(c, "french", state.deal.vira, state.deal.opts.manilhas)
                        assert f"the {name}." not in item.prompt.split("Your cards:")[1]
                        assert f"Your cards: the {name}" not in item.prompt
            asked += 1
    assert asked >= 3


def test_positions_travel_in_the_code_and_are_graded(tmp_path: Path) -> None:
    positions = exported_positions("paulista-2p", 1)[:2]
    a = Assignment("Ties week", (3,), questions=2, seed=7, positions=tuple(positions))
    code = a.code()
    assert code.startswith("tl2") and Assignment.from_code(code) == a
    assert "2 positions of yours" in a.describe()
    sections = dict(a.quizzes())
    assert [i.kind for i in sections[POSITIONS_SECTION]] == ["position", "position"]
    s = AssignmentSession(code, ProgressStore(tmp_path / "p.sqlite3"))
    s.set_name("Ana")
    for lesson, quiz in s.quizzes:
        for pos, item in enumerate(quiz):
            s.answer(lesson, pos, item.answer if lesson == POSITIONS_SECTION else next(
                c for c in item.choices if c != item.answer))
    name, data = s.results_file()
    (tmp_path / name).write_bytes(data)
    g = grade_paths(a, [tmp_path / name])
    student = g.students[0]
    assert student.status == "ok" and (student.right, student.total) == (2, 4)


def test_bad_positions_are_refused_with_a_reason() -> None:
    a = Assignment("T", (1,), questions=1, seed=1)
    over = {"variant": "paulista-2p", "dealer": 1, "vira": "7D",
            "hands": [["4H", "5S", "6D"], ["QC", "QH", "3S"]], "actions": ["raise", "fold"]}
    with pytest.raises(AssignmentCodeError, match="position 1 cannot be asked: .*hand is over"):
        a.with_position(over)
    with pytest.raises(AssignmentCodeError, match="not valid JSON"):
        a.with_position("{oops")
    with pytest.raises(AssignmentCodeError, match="at most 10 positions"):
        Assignment("T", (1,), questions=1, positions=tuple(exported_positions(
            "paulista-2p", 1)[:1] * 11))
    good = a.with_position(exported_positions("paulista-2p", 1)[0]).code()
    with pytest.raises(AssignmentCodeError, match="damaged"):
        Assignment.from_code(good[:-3])


def test_the_teacher_form_and_the_student_page(tmp_path: Path) -> None:
    teacher = TeacherView(rng=random.Random(1))
    teacher.title.value, teacher.lessons.value = "Positions", (7,)
    teacher.positions.value = "\n".join(exported_positions("paulista-2p", 2)[:1]) + "\n\n"
    teacher.create()
    code = teacher.code.value
    assert code.startswith("tl2") and "1 position of yours" in teacher.links.value
    teacher.positions.value = "not json"
    teacher.create()
    assert "position 1 cannot be asked" in teacher.links.value
    view = AssignmentView(code, ProgressStore(tmp_path / "p.sqlite3"))
    assert "Your teacher&#x27;s positions" in view.lessons.value
    view.start("Bruno")
    view.picker.value = POSITIONS_SECTION
    assert view.lesson == POSITIONS_SECTION and view.quiz is not None
    item = view.quiz.current
    assert item is not None and item.kind == "position"
    view.quiz.answer(item.answer)
    assert "1 of 1 answered, 1 right" in view.lessons.value


def test_assign_cli_takes_positions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "pos.json"
    f.write_text(exported_positions("paulista-2p", 1)[0], encoding="utf-8")
    assert main(["assign", "--title", "T", "--lessons", "1", "--questions", "1", "--seed", "3",
                 "--position", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["positions"] == 1 and Assignment.from_code(out["code"]).positions
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "paulista-2p"}', encoding="utf-8")
    assert main(["assign", "--title", "T", "--lessons", "1", "--questions", "1",
                 "--position", str(bad)]) != 0
    err = capsys.readouterr().err
    assert "position 1 cannot be asked" in err and "Traceback" not in err
    assert main(["assign", "--title", "T", "--lessons", "1", "--position",
                 str(tmp_path / "missing.json")]) != 0
    assert "cannot read it" in capsys.readouterr().err
