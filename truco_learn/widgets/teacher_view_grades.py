"""The class's grades as the teacher's page shows them (:mod:`.teacher_view`): the summary line,
the table of every file (flagged ones included), the charts, the CSV download, and why nothing
of a batch could be graded. HTML only: the grading itself is :mod:`truco_learn.classroom`'s.

>>> from truco_learn.classroom import Assignment, StudentGrade
>>> from truco_learn.classroom.grading import ClassGrades
>>> g = ClassGrades(Assignment("Demo", (1,), questions=2, seed=3),
...                 [StudentGrade("ana.json", "Ana", 2, 2, 100, True)], [("bob.json", "cut short")])
>>> graded_summary(g)
'<p>1 graded, 1 flagged or unreadable (see the table).</p>'
>>> "<td>Ana</td><td>100%</td><td>2/2</td><td>pass</td>" in grades_table(g)
True
"""

from __future__ import annotations

import base64
from html import escape
from pathlib import Path
from typing import Sequence

from ..classroom import ClassGrades
from ..classroom.charts import rule_error_bars, rule_text, score_histogram
from ..classroom.grades_csv import status_label
from ..i18n import _, ngettext
from ..i18n import numbers

__all__ = ["csv_download", "graded_summary", "grades_charts", "grades_table", "nothing_graded"]


def graded_summary(g: ClassGrades) -> str:
    """How many files were graded, and how many are flagged or unreadable."""
    clean = g.clean
    flagged = len(g.students) - len(clean) + len(g.unreadable)
    graded = ngettext("{n} graded", "{n} graded", len(clean)).format(n=len(clean))
    summary = (ngettext("{graded}, {n} flagged or unreadable (see the table).",
                        "{graded}, {n} flagged or unreadable (see the table).",
                        flagged).format(graded=graded, n=flagged)
               if flagged else graded + ".")
    return f"<p>{escape(summary)}</p>"


def grades_table(g: ClassGrades) -> str:
    """The class as an HTML table (flagged files included, with their status)."""
    rows = []
    for s in g.students:
        style = "" if s.status == "ok" else ' style="background:#fde7e7"'
        flag = ("" if s.status == "ok" else
                f"{escape(status_label(s.status))}: {escape('; '.join(s.problems))}")
        if s.notes:
            flag += f" <small>{escape('; '.join(s.notes))}</small>"
        verdict = _("pass") if s.passed else _("fail")
        score, right = numbers.percent(s.percent / 100), f"{s.right}/{s.total}"
        if s.total == 0:  # nothing of this assignment to regrade (another one's file)
            score = right = verdict = "—"
        rows.append(f"<tr{style}><td>{escape(s.name)}</td>"
                    f"<td>{score}</td>"
                    f"<td>{right}</td><td>{escape(verdict)}</td>"
                    f"<td>{_missed_rules(s.missed_rules)}</td><td>{flag}</td>"
                    "</tr>")
    for f, msg in g.unreadable:
        why = escape(_("unreadable: {reason}").format(reason=msg))
        rows.append(f'<tr style="background:#fde7e7"><td colspan="5">{escape(Path(f).name)}'
                    f"</td><td>{why}</td></tr>")
    heads = "".join(f"<th>{escape(h)}</th>" for h in (
        _("student"), _("score"), _("right"), _("result"), _("rules missed"), _("flags")))
    return (f'<table class="tl-grades"><thead><tr>{heads}</tr></thead><tbody>'
            f'{"".join(rows)}</tbody></table>')


def _missed_rules(rules: Sequence[str]) -> str:
    """A student's missed rules, each by its name in the page's language (its id in
    ``data-rule``; the CSV export keeps the ids)."""
    if not rules:
        return ""
    named = sorted((rule_text(r), r) for r in set(rules))
    items = "".join(f'<li data-rule="{escape(r)}">{escape(name)}</li>' for name, r in named)
    return f'<ul class="tl-missed-rules" style="margin:0;padding-left:1.2em">{items}</ul>'


def grades_charts(g: ClassGrades) -> str:
    """The clean grades' score distribution and the error rate per rule."""
    hist = score_histogram([s.percent for s in g.clean], g.assignment.pass_pct)
    scores, errors = escape(_("Scores")), escape(_("Error rate per rule"))
    return (f"<h4>{scores}</h4>{hist}"
            f"<h4>{errors}</h4>"
            f"{rule_error_bars(g.rule_error_rates())}")


def csv_download(g: ClassGrades) -> str:
    """The page's download link of the grades' CSV: header row and statuses in the page's
    language (the columns and their order are those of ``truco-learn grade --csv``, whose
    header is stable)."""
    data = g.csv_text(translated=True).encode("utf-8")
    href = "data:text/csv;base64," + base64.b64encode(data).decode("ascii")
    # Translators: the file name of the grades' CSV download
    name = escape(_("grades.csv"))
    label = escape(_("Download the grades (CSV)"))
    return f'<a download="{name}" href="{href}" class="tl-csv">{label}</a>'


def nothing_graded(g: ClassGrades) -> str:
    """Why no file of a batch could be graded, one line a file (the page keeps its table)."""
    lines = [f"{Path(f).name}: " + _("unreadable: {reason}").format(reason=msg)
             for f, msg in g.unreadable]
    lines += [f"{s.name}: {status_label(s.status)}: {'; '.join(s.problems)}"
              for s in g.students]
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    head = _("Nothing was graded: no file could be graded for this assignment. The grades on "
             "the page have not changed.")
    return (f'<div role="alert" class="tl-nothing-graded" style="color:#b3261e">'
            f"<p>{escape(head)}</p><ul>{items}</ul></div>")
