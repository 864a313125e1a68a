"""Grading results files: rebuild every item from the assignment's seed, regrade every answer,
and flag files that are altered, from another assignment, or duplicates.

>>> from .assignment import Assignment
>>> from .results import build_results
>>> a = Assignment("Demo", (1,), questions=2, seed=3)
>>> (_, items), = a.quizzes()
>>> doc = build_results(a, "Ana", {(1, 0): [(items[0].answer, "2026-11-30T10:00:00.000Z")]})
>>> g = grade_documents(a, [("ana.json", doc)])
>>> (g.students[0].name, g.students[0].percent, g.students[0].status)
('Ana', 50, 'ok')
>>> doc["claimed"]["right"] = 2; doc["claimed"]["percent"] = 100
>>> grade_documents(a, [("ana.json", doc)]).students[0].status
'altered'
"""

from __future__ import annotations

import datetime as dt
import hmac
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..i18n import _, ngettext
from ..quiz import QuizItem, grade
from .assignment import Assignment
from .charts import rule_text
# the CSV's columns, cells and status words are grades_csv's; importable from here as before
from .grades_csv import CSV_COLUMNS as CSV_COLUMNS
from .grades_csv import CSV_HEADERS, grades_csv
from .grades_csv import csv_cell as csv_cell
from .grades_csv import status_label as status_label
from .store import ProgressStore
from .results import (ResultsFileError, build_results, checksum, item_digest,
                      parse_results_bytes, score_of, signature)

#: A grade's statuses, from low to high (:func:`status_label` says them in the page's language).
STATUSES = ("ok", "quiz changed", "altered", "duplicate", "other assignment")


@dataclass
class StudentGrade:
    """One results file, regraded."""

    file: str
    name: str
    right: int = 0
    total: int = 0
    percent: int = 0
    passed: bool = False
    status: str = "ok"  # one of STATUSES
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # worth knowing, not a flag (late answers)
    missed_rules: list[str] = field(default_factory=list)  # wrong or unanswered, first try
    rule_results: list[tuple[str, bool]] = field(default_factory=list)  # answered items
    answered: int = 0

    def flag(self, status: str, problem: str) -> None:
        """Add a problem; the status becomes the gravest one seen."""
        if STATUSES.index(status) > STATUSES.index(self.status):
            self.status = status
        self.problems.append(problem)


@dataclass
class ClassGrades:
    """Every file graded, the lines for files that could not be read, and class figures."""

    assignment: Assignment
    students: list[StudentGrade]
    unreadable: list[tuple[str, str]]  # (file, one-line message)

    @property
    def clean(self) -> list[StudentGrade]:
        """The trustworthy grades (status ok): these make the class figures."""
        return [s for s in self.students if s.status == "ok"]

    def rule_error_rates(self) -> list[tuple[str, float, int]]:
        """``(rule, error rate, answers)`` over the clean grades, worst first."""
        tally: dict[str, list[int]] = {}
        for s in self.clean:
            for rule, ok in s.rule_results:
                t = tally.setdefault(rule, [0, 0])
                t[0] += 0 if ok else 1
                t[1] += 1
        rates = [(rule, wrong / n, n) for rule, (wrong, n) in tally.items()]
        return sorted(rates, key=lambda r: (-r[1], r[0]))

    def csv_text(self, translated: bool = False) -> str:
        """The grades as CSV, one row per file (flagged ones included, with their status):
        :func:`.grades_csv.grades_csv` (``translated=True``: the teacher page's download)."""
        return grades_csv(self, translated)

    def report_lines(self) -> list[str]:
        """The plain-text report the ``grade`` command prints: a student's missed rules by
        their ids (as in the CSV's ``missed_rules``), and the class's most missed each on a line
        of its own, with what the rule says as the learners read it in their quizzes."""
        a = self.assignment
        lines = [f"{a.describe()}"]
        width = max([len(s.name) for s in self.students] + [8])
        for s in self.students:
            verdict = "pass" if s.passed else "FAIL"
            line = (f"  {s.name:<{width}} {s.percent:>3}%  {s.right}/{s.total}  {verdict}")
            if s.missed_rules:
                line += f"  missed: {', '.join(sorted(set(s.missed_rules)))}"
            if s.notes:
                line += f"  ({'; '.join(s.notes)})"
            if s.status != "ok":
                line += f"  [{s.status.upper()}: {'; '.join(s.problems)}]"
            lines.append(line)
        for f, msg in self.unreadable:
            lines.append(f"  {f}: unreadable: {msg}")
        clean = self.clean
        if clean:
            mean = sum(s.percent for s in clean) / len(clean)
            passed = sum(s.passed for s in clean)
            lines.append(f"class: {len(clean)} graded, mean {mean:.0f}%, {passed} passed")
            worst = [f"  {r} {rate:.0%}: {rule_text(r)}"
                     for r, rate, _ in self.rule_error_rates()[:5] if rate > 0]
            if worst:
                lines += ["rules most missed:", *worst]
        else:
            lines.append("class: no trustworthy results file to grade")
        return lines


def _shown(value: Any) -> str:
    """A score's value as a problem's sentence says it: yes or no for passed, in the current
    language; else as the file holds it (a number, or a text in quotes).

    >>> _shown(True), _shown(99), _shown("99")
    ('yes', '99', "'99'")
    """
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return repr(value)


def name_key(name: str) -> str:
    """Names that differ only in case, accents' encoding or spacing are the same student."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def expected_items(a: Assignment) -> dict[tuple[int, int], QuizItem]:
    """``(lesson, position) -> item``, rebuilt from the assignment's seed."""
    return {(lesson, i): item for lesson, quiz in a.quizzes() for i, item in enumerate(quiz)}


def _regrade(a: Assignment, expected: dict[tuple[int, int], QuizItem], doc: dict[str, Any],
             g: StudentGrade) -> None:
    listed: dict[tuple[int, int], dict[str, Any]] = {}
    for entry in doc["items"]:
        key = (entry["lesson"], entry["position"])
        if key in listed:
            g.flag("altered", _("lesson {lesson} question {question} is listed twice").format(
                lesson=key[0], question=key[1] + 1))
        listed[key] = entry
    for key in sorted(set(listed) - set(expected)):
        g.flag("altered", _("lesson {lesson} question {question} is not in this "
                            "assignment").format(lesson=key[0], question=key[1] + 1))
    firsts: dict[tuple[int, int], bool] = {}
    for key, item in expected.items():
        at = {"lesson": key[0], "question": key[1] + 1}
        entry = listed.get(key)
        if entry is None:
            g.flag("altered", _("lesson {lesson} question {question} is missing from the "
                                "file").format(**at))
            g.missed_rules.append(item.rule)
            continue
        if (entry["kind"], entry["seed"], entry["variant"]) != (item.kind, item.seed,
                                                                item.variant):
            g.flag("altered", _("lesson {lesson} question {question} was swapped for another "
                                "item (seed {seed}, the assignment's is {expected})").format(
                                    seed=entry["seed"], expected=item.seed, **at))
        elif isinstance(entry.get("digest"), str) and entry["digest"] != item_digest(item):
            g.flag("quiz changed", _("lesson {lesson} question {question} is not the question "
                                     "the student saw: the quiz code changed since the file "
                                     "was made ({software}); grade with that version").format(
                                         software=doc.get("software"), **at))
        for n, ans in enumerate(entry["answers"]):
            ok = grade(item, ans["choice"]).correct
            if ok != ans["correct"]:
                said = (_("lesson {lesson} question {question}, answer {n}: the file says "
                          "right, the regrade says wrong") if ans["correct"] else
                        _("lesson {lesson} question {question}, answer {n}: the file says "
                          "wrong, the regrade says right"))
                g.flag("altered", said.format(n=n + 1, **at))
            if n == 0:
                firsts[key] = ok
                g.rule_results.append((item.rule, ok))
        if not firsts.get(key, False):
            g.missed_rules.append(item.rule)
    score = score_of(a, firsts)
    g.right, g.total, g.percent, g.passed = (score["right"], score["total"], score["percent"],
                                             score["passed"])
    g.answered = len(firsts)
    late = _late_answers(a, doc)
    if late:
        g.notes.append(ngettext("{n} answer after the due date {due}",
                                "{n} answers after the due date {due}", late).format(
                                    n=late, due=a.due))
    claimed = doc["claimed"]
    for k in ("right", "total", "percent", "passed"):
        if claimed.get(k) != score[k]:
            g.flag("altered", _("the file claims {key} = {claimed}, the regrade gives "
                                "{regrade}").format(key=_(CSV_HEADERS[k]),
                                                    claimed=_shown(claimed.get(k)),
                                                    regrade=_shown(score[k])))
    if doc["checksum"] != checksum(doc):
        g.flag("altered", _("the content was edited after download (checksum does not "
                            "match)"))


def _cross_check(doc: dict[str, Any], g: StudentGrade, store: ProgressStore) -> None:
    """Where the progress database (the app's own record) has a first answer, the file must
    have the same one."""
    stored: dict[tuple[int, int], str] = {}
    for ans in store.answers(doc["assignment"], doc["student"]):
        stored.setdefault((ans.lesson, ans.position), ans.choice)
    files = {(e["lesson"], e["position"]): e["answers"][0]["choice"]
             for e in doc["items"] if e["answers"]}
    for key, choice in sorted(stored.items()):
        if files.get(key) != choice:
            g.flag("altered", _("lesson {lesson} question {question}: the file's first answer "
                                "differs from the progress database").format(
                                    lesson=key[0], question=key[1] + 1))


def _check_signature(doc: dict[str, Any], g: StudentGrade, secret: bytes) -> None:
    sig = doc.get("signature")
    if not isinstance(sig, str):
        g.flag("altered", _("the file is not signed by the class server"))
    elif not hmac.compare_digest(sig, signature(doc, secret)):
        g.flag("altered", _("the server's signature does not match the content"))


def _late_answers(a: Assignment, doc: dict[str, Any]) -> int:
    """How many answers were given after the due date (the end of that day, UTC)."""
    if a.due is None:
        return 0
    end = dt.datetime.fromisoformat(a.due + "T23:59:59.999+00:00")
    late = 0
    for entry in doc["items"]:
        for ans in entry["answers"]:
            at = dt.datetime.fromisoformat(ans["at"].replace("Z", "+00:00"))
            if at.tzinfo is None:
                at = at.replace(tzinfo=dt.timezone.utc)
            late += at > end
    return late


def grade_documents(a: Assignment, docs: Sequence[tuple[str, dict[str, Any]]],
                    unreadable: Sequence[tuple[str, str]] = (),
                    store: ProgressStore | None = None,
                    secret: bytes | None = None) -> ClassGrades:
    """Regrade parsed results documents ``(file name, document)`` against assignment ``a``;
    with ``store`` (the app's progress database), also check the answers against it; with
    ``secret`` (the class server's signing secret), require a valid signature."""
    codes = {a.code(), a.quiz_code()}  # the language of the page is not part of the quiz
    expected = expected_items(a)
    graded: list[tuple[StudentGrade, dict[str, Any]]] = []
    for fname, doc in docs:
        g = StudentGrade(fname, doc["student"])
        if doc["assignment"] not in codes:
            g.flag("other assignment", _("this file is from another assignment"))
        else:
            _regrade(a, expected, doc, g)
            if store is not None:
                _cross_check(doc, g, store)
            if secret is not None:
                _check_signature(doc, g, secret)
        graded.append((g, doc))
    # duplicates: the trustworthy file of a student counts, then the earliest; later ones flag
    graded.sort(key=lambda gd: (gd[0].status != "ok", gd[1].get("created", ""), gd[0].file))
    seen_names: dict[str, str] = {}
    seen_sums: dict[str, str] = {}
    grades: list[StudentGrade] = []
    for g, doc in graded:
        key = name_key(doc["student"])
        if doc["checksum"] in seen_sums:
            g.flag("duplicate", _("the same file as {file}").format(
                file=seen_sums[doc["checksum"]]))
        elif key in seen_names and g.status != "other assignment":
            g.flag("duplicate", _("a second file for {student} (first: {file})").format(
                student=doc["student"], file=seen_names[key]))
        seen_sums.setdefault(doc["checksum"], g.file)
        if g.status != "other assignment":
            seen_names.setdefault(key, g.file)
        grades.append(g)
    grades.sort(key=lambda s: (name_key(s.name), s.file))
    return ClassGrades(a, grades, list(unreadable))


def collect_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[tuple[str, str]]]:
    """Expand directories to their ``*.json`` files; a path that does not exist is one line."""
    files: list[Path] = []
    missing: list[tuple[str, str]] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(x for x in p.iterdir() if x.suffix.lower() == ".json"
                                and x.is_file()))
        elif p.is_file():
            files.append(p)
        else:
            missing.append((str(p), _("no such file or directory")))
    return files, missing


def grade_paths(a: Assignment, paths: Iterable[str | Path],
                store: ProgressStore | None = None, secret: bytes | None = None) -> ClassGrades:
    """Read and regrade every results file under ``paths`` (files or directories)."""
    files, unreadable = collect_files(paths)
    docs: list[tuple[str, dict[str, Any]]] = []
    for f in files:
        try:
            docs.append((str(f), parse_results_bytes(f.read_bytes())))
        except ResultsFileError as exc:
            unreadable.append((str(f), str(exc)))
        except OSError as exc:
            unreadable.append((str(f), _("cannot read it: {reason}").format(
                reason=exc.strerror or exc)))
    return grade_documents(a, docs, unreadable, store, secret)


def grade_store(a: Assignment, store: ProgressStore) -> ClassGrades:
    """Grade straight from the app's progress database (a class on one shared server): one
    results document per student registered on the assignment, built from the stored answers."""
    code = a.quiz_code()
    quizzes = a.quizzes()
    docs: list[tuple[str, dict[str, Any]]] = []
    for name in store.students(code):
        attempts: dict[tuple[int, int], list[tuple[str, str]]] = {}
        for ans in store.answers(code, name):
            attempts.setdefault((ans.lesson, ans.position), []).append(
                (ans.choice, ans.answered_at))
        docs.append((f"{store.name}: {name}",
                     build_results(a, name, attempts, quizzes=quizzes)))
    return grade_documents(a, docs)


def grade_uploads(a: Assignment, uploads: Sequence[tuple[str, bytes]],
                  secret: bytes | None = None) -> ClassGrades:
    """Regrade uploaded files ``(name, bytes)`` (the teacher notebook's upload button)."""
    docs: list[tuple[str, dict[str, Any]]] = []
    unreadable: list[tuple[str, str]] = []
    for name, raw in uploads:
        try:
            docs.append((name, parse_results_bytes(raw)))
        except ResultsFileError as exc:
            unreadable.append((name, str(exc)))
    return grade_documents(a, docs, unreadable, secret=secret)
