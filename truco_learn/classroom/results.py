"""The results file a student downloads: assignment code, name, every item's seed, the answers
with their timestamps, and the score the page computed.

The file carries a checksum over its content. The student holds the file, so a checksum cannot
prove anything alone (anyone can recompute it); it catches naive edits. The real check is the
regrade in :mod:`.grading`, which rebuilds every item from the assignment's seed.

>>> from .assignment import Assignment
>>> a = Assignment("Demo", (1,), questions=2, seed=3)
>>> (_, items), = a.quizzes()
>>> doc = build_results(a, "Ana", {(1, 0): [(items[0].answer, "2026-11-30T10:00:00.000Z")]})
>>> doc["claimed"]["right"], doc["claimed"]["total"], verify_checksum(doc)
(1, 2, True)
>>> parse_results_text(json.dumps(doc))["student"]
'Ana'
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import os
import unicodedata
from typing import Any, Mapping, Sequence

from ..errors import TrucoError
from ..i18n import _
from .. import __version__
from ..quiz import QuizItem, grade
from .assignment import Assignment, AssignmentCodeError, clean_text

FORMAT = "truco-learn-results"
VERSION = 1
MAX_FILE_BYTES = 1_000_000
MAX_NAME = 80
MAX_DEPTH = 20  # JSON nesting: a results file's is 5
SECRET_ENV = "TRUCO_LEARN_SECRET"

Answers = Mapping[tuple[int, int], Sequence[tuple[str, str]]]  # (lesson, position) -> attempts


class ResultsFileError(TrucoError):
    """A results file that cannot be read as one (the message says what is wrong)."""


def checksum(doc: Mapping[str, Any]) -> str:
    """SHA-256 over the canonical JSON of everything but the checksum itself."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(("truco-learn/" + text).encode("utf-8")).hexdigest()


def signature(doc: Mapping[str, Any], secret: bytes) -> str:
    """HMAC-SHA256 with the class server's secret over everything but the checksum and the
    signature. Only worth something where students cannot run code on the server (a Voilà app
    the teacher hosts): there the secret stays secret, and a file that verifies came from the
    server unchanged. On Binder or in JupyterLab the student holds the kernel, and the regrade
    remains the check."""
    body = {k: v for k, v in doc.items() if k not in ("checksum", "signature")}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hmac.new(secret, text.encode("utf-8"), hashlib.sha256).hexdigest()


def secret_from_env() -> bytes | None:
    """The class server's signing secret, from ``TRUCO_LEARN_SECRET`` (``None`` if unset)."""
    value = os.environ.get(SECRET_ENV, "")
    return value.encode("utf-8") if value else None


def item_digest(item: QuizItem) -> str:
    """A short fingerprint of what the student saw (prompt and choices, never the answer): if
    the quiz code changes how a seed builds its item, the grader can tell."""
    text = json.dumps([item.kind, item.seed, item.variant, item.prompt, list(item.choices)],
                      ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def verify_checksum(doc: Mapping[str, Any]) -> bool:
    return doc.get("checksum") == checksum(doc)


def score_of(assignment: Assignment, firsts: Mapping[tuple[int, int], bool]) -> dict[str, Any]:
    """The score from first-try correctness: right, total, percent (floored), passed."""
    total = assignment.total_questions
    right = sum(1 for ok in firsts.values() if ok)
    pct = right * 100 // total
    return {"right": right, "total": total, "percent": pct,
            "passed": pct >= assignment.pass_pct}


def build_results(assignment: Assignment, student: str, answers: Answers,
                  created: str | None = None,
                  quizzes: Sequence[tuple[int, Sequence[QuizItem]]] | None = None,
                  secret: bytes | None = None) -> dict[str, Any]:
    """The results document for ``student``. ``answers[(lesson, position)]`` lists the attempts
    ``(choice, ISO time)`` in order; correctness is computed here, in the kernel. ``quizzes``
    are the assignment's items if already built. The document names the assignment by its
    :meth:`~.assignment.Assignment.quiz_code` and holds English choices: it is the same
    whatever language the student read the quiz in."""
    name = clean_text(student, "student name", MAX_NAME)
    items: list[dict[str, Any]] = []
    firsts: dict[tuple[int, int], bool] = {}
    for lesson, quiz in (quizzes if quizzes is not None else assignment.quizzes()):
        for position, item in enumerate(quiz):
            attempts = []
            for choice, at in answers.get((lesson, position), ()):
                ok = grade(item, choice).correct
                attempts.append({"choice": choice, "correct": ok, "at": at})
                firsts.setdefault((lesson, position), ok)
            items.append({"lesson": lesson, "position": position, "kind": item.kind,
                          "seed": item.seed, "variant": item.variant,
                          "digest": item_digest(item), "answers": attempts})
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "assignment": assignment.quiz_code(),
        "title": assignment.title, "student": name, "software": f"truco-learn {__version__}",
        "created": created or dt.datetime.now(dt.timezone.utc).isoformat(
            timespec="seconds").replace("+00:00", "Z"),
        "items": items, "claimed": score_of(assignment, firsts),
    }
    if secret:
        doc["signature"] = signature(doc, secret)
    doc["checksum"] = checksum(doc)
    return doc


def results_filename(doc: Mapping[str, Any]) -> str:
    """A safe download name: ``results-ana-souza.json``.

    >>> results_filename({"student": "Ana Souza / 3ºB"})
    'results-ana-souza-3ob.json'
    """
    base = unicodedata.normalize("NFKD", str(doc.get("student", "student")))
    slug = "".join(ch if ch.isalnum() else "-" for ch in base.encode("ascii", "ignore")
                   .decode("ascii").lower())
    slug = "-".join(p for p in slug.split("-") if p) or "student"
    return f"results-{slug[:40]}.json"


# ---------------------------------------------------------------- reading

def parse_results_bytes(raw: bytes) -> dict[str, Any]:
    """Decode and check a results file's bytes; raise ResultsFileError with one clear line."""
    if len(raw) > MAX_FILE_BYTES:
        # Translators: why a results file cannot be read; the teacher's page shows it beside
        # the file's name
        raise ResultsFileError(_("too large for a results file ({size:,} bytes)").format(
            size=len(raw)))
    if not raw.strip():
        raise ResultsFileError(_("the file is empty"))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ResultsFileError(_("not UTF-8 text (byte {byte}): the file was re-saved in "
                                 "another encoding, so the student name cannot be trusted; ask "
                                 "for the original download").format(byte=exc.start)) from None
    return parse_results_text(text)


def parse_results_text(text: str) -> dict[str, Any]:
    """Parse and check the structure of a results document (not its grades)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        cut = (exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
               or text.count("{") > text.count("}") or text.count("[") > text.count("]"))
        where = (_("it looks cut short") if cut
                 else _("line {number}").format(number=exc.lineno))
        raise ResultsFileError(_("not valid JSON ({where}: {reason}); ask for the file "
                                 "again").format(where=where, reason=exc.msg)) from None
    except RecursionError:  # "[[[[..."
        raise ResultsFileError(_("not a results file: its JSON is nested too deeply")) from None
    except ValueError:  # a number of thousands of digits
        raise ResultsFileError(_("not a results file: it holds a number too long to "
                                 "read")) from None
    if not isinstance(doc, dict):
        raise ResultsFileError(_("not a results file: the JSON is not an object"))
    if _depth(doc) > MAX_DEPTH:  # grading would overflow the stack computing its checksum
        raise ResultsFileError(_("not a results file: its JSON is nested too deeply"))
    try:
        json.dumps(doc, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:  # "\\ud800": half a character, no text can hold it
        raise ResultsFileError(_("not a results file: it holds an invalid character ({code}); "
                                 "ask for the original download").format(
                                     code=f"U+{ord(exc.object[exc.start]):04X}")) from None
    if doc.get("format") != FORMAT:
        raise ResultsFileError(_("not a truco-learn results file (format {format})").format(
            format=repr(doc.get("format"))))
    if doc.get("version") != VERSION:
        raise ResultsFileError(_("results file version {version} is not supported (this "
                                 "truco-learn reads version {supported})").format(
                                     version=repr(doc.get("version")), supported=VERSION))
    for key, typ in (("assignment", str), ("student", str), ("created", str), ("items", list),
                     ("claimed", dict), ("checksum", str)):
        if not isinstance(doc.get(key), typ):
            raise ResultsFileError(_("the field {field} is missing or has the wrong "
                                     "type").format(field=repr(key)))
    try:
        name = clean_text(doc["student"], "student name", MAX_NAME)
    except AssignmentCodeError as exc:
        raise ResultsFileError(str(exc)) from None
    if "\ufffd" in name or _looks_mojibake(name):
        raise ResultsFileError(_("the student name {name} is garbled (wrong text encoding): "
                                 "ask for the original download").format(name=repr(name)))
    doc["student"] = name
    for i, entry in enumerate(doc["items"]):
        _check_item(i, entry)
    claimed = doc["claimed"]
    for key in ("right", "total", "percent"):
        if isinstance(claimed.get(key), bool) or not isinstance(claimed.get(key), int):
            raise ResultsFileError(_("claimed.{key} must be a whole number").format(key=key))
    if not isinstance(claimed.get("passed"), bool):
        raise ResultsFileError(_("claimed.passed must be true or false"))
    return doc


def _depth(doc: Any) -> int:
    """How deep a JSON value nests (a results file: 5), without recursion."""
    deepest, stack = 0, [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:  # past it the answer is known
            children = value.values() if isinstance(value, dict) else (
                value if isinstance(value, list) else ())
            stack.extend((child, depth + 1) for child in children)
    return deepest


def _looks_mojibake(name: str) -> bool:
    """UTF-8 read as Latin-1 leaves pairs like 'Ã©' (é) or 'Ã£' (ã)."""
    try:
        fixed = name.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return False
    return fixed != name


def _check_item(i: int, entry: Any) -> None:
    where = _("item {number}").format(number=i + 1)
    if not isinstance(entry, dict):
        raise ResultsFileError(_("{where} is not an object").format(where=where))
    for key, typ in (("lesson", int), ("position", int), ("kind", str), ("seed", int),
                     ("variant", str), ("answers", list)):
        v = entry.get(key)
        if not isinstance(v, typ) or isinstance(v, bool):
            raise ResultsFileError(_("{where}: the field {field} is missing or has the wrong "
                                     "type").format(where=where, field=repr(key)))
    for j, a in enumerate(entry["answers"]):
        if (not isinstance(a, dict) or not isinstance(a.get("choice"), str)
                or not isinstance(a.get("correct"), bool) or not isinstance(a.get("at"), str)):
            raise ResultsFileError(_("{where}, answer {number}: expected choice, correct and "
                                     "at").format(where=where, number=j + 1))
        try:
            dt.datetime.fromisoformat(a["at"].replace("Z", "+00:00"))
        except ValueError:
            raise ResultsFileError(_("{where}, answer {number}: bad timestamp {stamp}").format(
                where=where, number=j + 1, stamp=repr(a["at"]))) from None
