"""The grades CSV a teacher opens in a spreadsheet: a student's name, a file's name or a problem
that quotes them never runs as a formula (OWASP "CSV injection": such a cell starts with a
single quote), on the command line's ``grade --csv`` and the teacher page's download alike;
also behind leading spaces (which spreadsheets skip), in full-width (＝ ＋ － ＠), or on a line of
its own inside a cell; numbers stay numbers."""

from __future__ import annotations

import base64
import csv
import io
import re
from pathlib import Path

import pytest

from truco_learn.classroom import Assignment
from truco_learn.classroom.grading import grade_uploads
from truco_learn.classroom.results import build_results
from truco_learn.cli import main
from truco_learn.i18n import language
from truco_learn.widgets.teacher_view import TeacherView

A = Assignment("Ties week", (2,), questions=2, pass_pct=50, seed=31)
FORMULAS = ['=HYPERLINK("http://x","click")', "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3",
            "=1+1", "+1", "-", "@", "＝HYPERLINK(\"http://x\")", "＋1", "－2+3", "＠SUM(1)",
            "=A1"]
#: names the results file keeps (whitespace is collapsed, so a leading tab or CR goes)
FILE_NAMES = ['=HYPERLINK("http://x","click").json', "\t=1+1.json", "\r@SUM(1).json",
              "-2+3.json", "x\r=HYPERLINK(\"http://x\").json",  # a bare CR starts a row
              " =1+1.json", "\u00a0@SUM(1).json", "\u3000\u2009+1.json", "\u200b=1.json",
              "＝1+1.json", "  ＠SUM(1).json", "x\n  =1+1.json", "x\r\n\u00a0－1.json"]
DANGER = ("=", "+", "-", "@", "\t", "\r", "\n")
#: what a spreadsheet may read as these too: full-width forms, behind spaces it skips
WIDE = ("＝", "＋", "－", "＠")
SKIPPED = " \t\r\n\u00a0\u1680\u2000\u2001\u2002\u2003\u2009\u200a\u202f\u205f\u3000\u200b\ufeff"


def _uploads() -> list[tuple[str, bytes]]:
    import json

    out = []
    for i, name in enumerate(FORMULAS):
        doc = build_results(A, name, {}, created=f"2026-12-0{1 + i % 5}T10:00:00Z")
        fname = FILE_NAMES[i % len(FILE_NAMES)] if i < len(FILE_NAMES) else f"{name}.json"
        out.append((fname, json.dumps(doc).encode()))
    dup = build_results(A, "=1+1", {}, created="2026-12-09T10:00:00Z")  # "a second file for =1+1"
    out.append(("=dup.json", json.dumps(dup).encode()))
    out.append(("=broken.json", b"{not json"))  # an unreadable file's row
    out.append(("\u00a0\u00a0=broken.json", b"{not json"))
    return out


def _runs(text: str) -> bool:
    """Whether a spreadsheet could take ``text``, the start of a cell, for a formula."""
    return text.startswith(DANGER) or text.lstrip(SKIPPED).startswith(DANGER + WIDE)


def _check(text: str, header: bool = True) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    body = rows[1:] if header else rows
    assert body
    for row in body:
        for cell in row:
            assert not _runs(cell), f"formula cell {cell!r} in {row}"
            for line in cell.splitlines()[1:]:  # a program that splits a cell's lines
                assert not _runs(line), f"formula line {line!r} in {cell!r}"
    return body


def test_csv_text_quotes_every_formula_cell() -> None:
    g = grade_uploads(A, _uploads())
    body = _check(g.csv_text())
    assert len(body) == len(_uploads())  # one row per file: no text broke a row in two
    names = {row[0] for row in body if row[0]}
    assert {"'" + n for n in FORMULAS} <= names  # the name is kept, behind the quote
    files = {row[1] for row in body}
    assert "'\t=1+1.json" in files and "'=broken.json" in files
    assert {"' =1+1.json", "'\u00a0@SUM(1).json", "'\u200b=1.json", "'＝1+1.json",
            "'  ＠SUM(1).json", "x\n'  =1+1.json", "x\n'\u00a0－1.json",
            "'\u00a0\u00a0=broken.json"} <= files  # kept, behind the quote
    problems = " ".join(row[9] for row in body)
    assert "a second file for =1+1" in problems
    for row in body:  # numbers stay numbers
        if row[0]:
            assert re.fullmatch(r"\d+", row[3]) and re.fullmatch(r"\d+", row[4]), row


def test_grade_command_csv(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    for i, (_, raw) in enumerate(_uploads()):
        (inbox / f"s{i}.json").write_bytes(raw)
    (inbox / "=evil.json").write_bytes(b"[1]")
    out = tmp_path / "grades.csv"
    assert main(["grade", str(inbox), "--assignment", A.code(), "--csv", str(out)]) in (0, 1)
    body = _check(out.read_text(encoding="utf-8"))
    assert any(row[1].endswith("=evil.json") for row in body)  # a path: starts with "/"
    assert any(row[0] == "'@SUM(1)" for row in body)
    assert any(row[0] == "'＝HYPERLINK(\"http://x\")" for row in body)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_teacher_page_download(lang: str) -> None:
    with language(lang):
        view = TeacherView(page_url="http://127.0.0.1:8866/voila/render/teacher.ipynb")
        view.grade_code.value = A.code()
        view.grade_files(_uploads())
        href = re.search(r'href="data:text/csv;base64,([^"]+)"', view.export.value)
        assert href is not None
        text = base64.b64decode(href.group(1)).decode("utf-8")
    body = _check(text)
    assert any(row[0] == "'=HYPERLINK(\"http://x\",\"click\")" for row in body)
    assert any(row[0] == "'＠SUM(1)" for row in body)
    assert any(row[1] == "' =1+1.json" for row in body)
