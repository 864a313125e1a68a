"""The grades as a CSV file a teacher opens in a spreadsheet: its columns, their headers and the
statuses in the page's language, and cells that no spreadsheet runs as a formula.

>>> from .assignment import Assignment
>>> from .grading import ClassGrades, StudentGrade
>>> g = ClassGrades(Assignment("Demo", (1,), questions=2, seed=3),
...                 [StudentGrade("=a.json", "@Ana", right=2, total=2, percent=100)], [])
>>> print(grades_csv(g))
student,file,status,percent,right,total,passed,answered,missed_rules,problems,notes
'@Ana,'=a.json,ok,100,2,2,no,0,,,
<BLANKLINE>
"""

from __future__ import annotations

import csv
import io
import unicodedata
from typing import TYPE_CHECKING, Any

from ..i18n import DEFAULT, N_, _, current, pgettext

if TYPE_CHECKING:
    from .grading import ClassGrades

__all__ = ["CSV_COLUMNS", "CSV_HEADERS", "csv_cell", "grades_csv", "status_label"]

#: The CSV's columns: these keys are the header row of ``truco-learn grade --csv`` in every
#: language (programs read them); the teacher page's download shows them translated.
CSV_COLUMNS = ("student", "file", "status", "percent", "right", "total", "passed", "answered",
               "missed_rules", "problems", "notes")
#: Each column's header in the page's language (``_(CSV_HEADERS[column])``).
CSV_HEADERS = {
    # Translators: the header row of the grades' CSV a teacher downloads (one word each)
    "student": N_("student"), "file": N_("file"), "status": N_("status"),
    "percent": N_("percent"), "right": N_("right"), "total": N_("total"),
    "passed": N_("passed"), "answered": N_("answered"), "missed_rules": N_("missed rules"),
    "problems": N_("problems"), "notes": N_("notes"),
}


#: What a spreadsheet reads as the start of a formula (OWASP, "CSV injection"), also after
#: leading spaces, and in any compatibility form (full-width ``＝ ＋ － ＠``, small, superscript).
_FORMULA_CHARS = frozenset("=+-@")
#: What starts a formula, or a cell of its own, when it comes first (OWASP lists tab and CR;
#: a carriage return is made a line break first).
_FORMULA_FIRST = ("\t", "\n")


def _skipped(ch: str) -> bool:
    """Whether a spreadsheet may skip ``ch`` before reading a formula: white space (spaces,
    tabs, no-break and other Unicode spaces) and invisible controls and format characters
    (zero-width spaces, a byte order mark, direction marks)."""
    return ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf")


def _runs(text: str) -> bool:
    """Whether a spreadsheet could read ``text``, at the start of a cell, as a formula.

    >>> _runs("=1"), _runs(" \\u00a0\\u3000=1"), _runs("\\u200b+1"), _runs("\\uff20A1")
    (True, True, True, True)
    >>> _runs("Ana"), _runs(" Ana = 1"), _runs("")
    (False, False, False)
    """
    if text.startswith(_FORMULA_FIRST):
        return True
    first = next((ch for ch in text if not _skipped(ch)), "")
    return unicodedata.normalize("NFKC", first)[:1] in _FORMULA_CHARS


def csv_cell(value: Any) -> Any:
    """A CSV cell no spreadsheet runs as a formula: a text that starts with ``=``, ``+``,
    ``-``, ``@``, a tab or a line break gets a leading single quote (OWASP's advice), and so
    does one where such a character (or its full-width form ``＝ ＋ － ＠``) follows leading
    spaces, which spreadsheets skip; a line inside the cell that would start a formula gets
    its own quote, for a program that splits the cell's lines into rows. A carriage return
    inside becomes a line break, which the CSV writer quotes (a bare one would start a new
    row in a spreadsheet, its text a cell of its own). Numbers stay numbers; a text that
    looks like one (``"-3"``) is a text, quoted like any other.

    >>> csv_cell("=1+1"), csv_cell("@SUM(1)"), csv_cell("Ana"), csv_cell(-3), csv_cell(1.5)
    ("'=1+1", "'@SUM(1)", 'Ana', -3, 1.5)
    >>> csv_cell("-3"), csv_cell("\\t1")
    ("'-3", "'\\t1")
    >>> csv_cell("  =1+1"), csv_cell("\\u00a0@SUM(1)"), csv_cell("\\u3000\\t+1")
    ("'  =1+1", "'\\xa0@SUM(1)", "'\\u3000\\t+1")
    >>> csv_cell("\\uff1d1+1"), csv_cell("\\uff0b1"), csv_cell("\\uff0d1"), csv_cell("\\uff20A1")
    ("'＝1+1", "'＋1", "'－1", "'＠A1")
    >>> csv_cell("x\\r=1+1"), csv_cell("x\\n  \\uff1d1+1"), csv_cell("a\\nb = 1")
    ("x\\n'=1+1", "x\\n'  ＝1+1", 'a\\nb = 1')
    """
    if not isinstance(value, str):
        return value
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    first, *rest = value.splitlines(keepends=True) or [""]
    lines = [first] + ["'" + line if _runs(line) else line for line in rest]
    return ("'" if _runs(value) else "") + "".join(lines)


def status_label(status: str) -> str:
    """A grade's status (one of :data:`.grading.STATUSES`, or ``unreadable``) in the current language.

    >>> status_label("altered")
    'altered'
    """
    labels = {"ok": pgettext("grade status", "ok"),
              "quiz changed": pgettext("grade status", "quiz changed"),
              "altered": pgettext("grade status", "altered"),
              "duplicate": pgettext("grade status", "duplicate"),
              "other assignment": pgettext("grade status", "other assignment"),
              "unreadable": pgettext("grade status", "unreadable")}
    return labels.get(status, status)


def grades_csv(g: ClassGrades, translated: bool = False) -> str:
    """The grades as CSV (one row per file, flagged ones included, with their status).

    By default the header row is :data:`CSV_COLUMNS` and the status and passed cells are
    the English keys (``altered``, ``yes``), whatever the language: that is what
    ``truco-learn grade --csv`` writes, for programs. ``translated=True`` (the teacher
    page's download) writes the header row, the statuses and yes/no in the current
    language; the columns are the same, in the same order. A text cell that a
    spreadsheet would run as a formula starts with a single quote (:func:`csv_cell`).
    """
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([_(CSV_HEADERS[c]) for c in CSV_COLUMNS]
               if translated and current() != DEFAULT else CSV_COLUMNS)
    status = status_label if translated else str
    yes, no = (_("yes"), _("no")) if translated else ("yes", "no")
    for s in g.students:  # names, file names and problems come from students
        w.writerow([csv_cell(c) for c in (
            s.name, s.file, status(s.status), s.percent, s.right, s.total,
            yes if s.passed else no, s.answered, " ".join(s.missed_rules),
            " | ".join(s.problems), " | ".join(s.notes))])
    for f, msg in g.unreadable:
        w.writerow([csv_cell(c) for c in ("", f, status("unreadable"), "", "", "", "", "",
                                           "", msg, "")])
    return out.getvalue()
