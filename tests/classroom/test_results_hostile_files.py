"""Results files made to break the grader: JSON nested thousands deep, numbers of thousands of
digits, half a character (a lone surrogate escape). Each is one unreadable line with its reason,
in the teacher's language; the rest of the class is still graded; nothing raises."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from truco_learn.classroom import Assignment
from truco_learn.classroom.grading import grade_uploads
from truco_learn.classroom.results import build_results
from truco_learn.cli import main
from truco_learn.i18n import language
from truco_learn.widgets.teacher_view import TeacherView

A = Assignment("Ties week", (2,), questions=2, pass_pct=50, seed=41)


def _good(name: str = "Ana") -> bytes:
    return json.dumps(build_results(A, name, {})).encode()


def _with(field: str, raw_value: bytes) -> bytes:
    """A good file whose ``field`` holds ``raw_value`` (JSON text written as is)."""
    good = _good("Bia")
    key = json.dumps(field).encode() + b": "
    start = good.index(key) + len(key)
    doc = json.loads(good)
    end = start + len(json.dumps(doc[field]).encode())
    return good[:start] + raw_value + good[end:]


HOSTILE = {
    "deep-top.json": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "deep-title.json": (_with("title", b"[" * 995 + b"]" * 995), "nested too deeply"),
    "deep-items.json": (_with("items", b"[" * 50_000 + b"]" * 50_000), "nested too deeply"),
    "long-number.json": (_with("version", b"1" * 5000), "a number too long"),
    "surrogate-name.json": (_with("student", b'"Ana\\ud800"'), "invalid character (U+D800)"),
    "surrogate-title.json": (_with("title", b'"\\udfff"'), "invalid character (U+DFFF)"),
}


def test_each_hostile_file_is_one_line_and_the_class_is_graded() -> None:
    uploads = [("ana.json", _good())] + [(k, raw) for k, (raw, _) in HOSTILE.items()]
    g = grade_uploads(A, uploads)
    assert [s.name for s in g.students] == ["Ana"]
    reasons = dict(g.unreadable)
    for name, (_, why) in HOSTILE.items():
        assert why in reasons[name], (name, reasons.get(name))
    g.csv_text()  # the CSV is written too


def test_grade_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, (raw, _) in HOSTILE.items():
        (tmp_path / name).write_bytes(raw)
    (tmp_path / "ana.json").write_bytes(_good())
    status = main(["grade", str(tmp_path), "--assignment", A.code(), "--csv",
                   str(tmp_path / "grades.out")])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert status in (0, 1)
    assert out.out.count("unreadable") == len(HOSTILE)


def test_teacher_page_in_portuguese() -> None:
    with language("pt-BR"):
        view = TeacherView(page_url="http://127.0.0.1:8866/voila/render/teacher.ipynb")
        view.grade_code.value = A.code()
        view.grade_files([("ana.json", _good())] + [(k, raw) for k, (raw, _) in HOSTILE.items()])
        shown = view.table.value
    assert "Ana" in shown
    assert "nested too deeply" not in shown and "invalid character" not in shown
    for name in HOSTILE:
        assert name in shown
