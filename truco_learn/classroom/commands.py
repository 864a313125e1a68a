"""The ``assign`` and ``grade`` subcommands (``truco_learn.cli`` registers them).

Bad input raises a TrucoError, which the CLI prints as one line with a non-zero exit status.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

from ..engine.options import VARIANTS
from ..errors import TrucoError
from ..i18n import DEFAULT, html_lang, language
from .assignment import Assignment, AssignmentCodeError, assignment_language, parse_lessons
from .grading import grade_paths, grade_store
from .results import SECRET_ENV, secret_from_env
from .store import ProgressStore

REPO_ENV = "TRUCO_LEARN_REPO"


def default_config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "truco-learn" / "config.json"


def load_config(path: str | None) -> dict[str, Any]:
    """The JSON config (``{"repo": "https://github.com/OWNER/NAME"}``); ``{}`` when the default
    file does not exist; a TrucoError for an unreadable one."""
    p = Path(path) if path else default_config_path()
    if not p.exists():
        if path:
            raise TrucoError(f"config file {p} does not exist")
        return {}
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TrucoError(f"cannot read the config file {p}: {exc}") from None
    if not isinstance(data, dict):
        raise TrucoError(f"the config file {p} must hold a JSON object like "
                         '{"repo": "https://github.com/OWNER/NAME"}')
    return data


def add_assign_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--title", required=True, help="what students see, e.g. 'Ties week'")
    p.add_argument("--lessons", required=True, help="lesson numbers in order, e.g. 2,3,4")
    p.add_argument("--questions", type=int, default=10, help="quiz questions in all (10)")
    p.add_argument("--pass", dest="pass_pct", type=int, default=80, metavar="PERCENT",
                   help="pass mark in percent (80)")
    p.add_argument("--variant", default="paulista-2p", choices=VARIANTS)
    p.add_argument("--due", help="due date, YYYY-MM-DD")
    p.add_argument("--seed", type=int, help="quiz seed (default: a fresh random one)")
    p.add_argument("--repo", help="GitHub repository URL for the Binder link "
                                  f"(else ${REPO_ENV}, else \"repo\" in the config file)")
    p.add_argument("--config", help=f"config JSON file (default {default_config_path()})")
    p.add_argument("--voila", default="http://localhost:8866",
                   help="base URL of the local Voilà server (http://localhost:8866)")
    p.add_argument("--position", action="append", default=[], metavar="FILE.json",
                   help="a 'what would you do here?' position: a replay scenario exported from "
                        "the hand replayer (repeat for more)")
    p.add_argument("--lang", default="en", metavar="LANG",
                   help="the language the student's page opens in: en or pt-BR (en); the "
                        "quiz and the grading are the same in every language")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _read_position(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise AssignmentCodeError(f"--position {path}: cannot read it ({exc})") from None


def run_assign(args: argparse.Namespace) -> int:
    """The command line speaks English, whatever ``TRUCO_LEARN_LANG`` says."""
    with language(DEFAULT):
        return _run_assign(args)


def _run_assign(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    seed = args.seed if args.seed is not None else rng.randrange(2 ** 30)
    try:
        lang = assignment_language(args.lang)
    except AssignmentCodeError as exc:
        raise AssignmentCodeError(f"--lang: {exc}") from None
    a = Assignment(args.title, parse_lessons(args.lessons), args.questions, args.pass_pct,
                   args.variant, args.due, seed,
                   tuple(_read_position(f) for f in args.position), lang)
    repo = args.repo or os.environ.get(REPO_ENV) or load_config(args.config).get("repo")
    binder = a.binder_url(repo) if repo else None
    local = a.voila_url(args.voila)
    if args.json:
        print(json.dumps({"code": a.code(), "title": a.title, "lessons": list(a.lessons),
                          "questions": a.questions, "pass": a.pass_pct, "variant": a.variant,
                          "due": a.due, "seed": a.seed, "positions": len(a.positions),
                          "lang": html_lang(a.lang),
                          "voila_url": local,
                          "binder_url": binder}, ensure_ascii=False))
        return 0
    print(f"Assignment code: {a.code()}")
    print(f"  {a.describe()}")
    if a.lang != DEFAULT:
        print(f"  the student's page opens in {html_lang(a.lang)}")
    print(f"Local (make app): {local}")
    if binder:
        print(f"Binder:           {binder}")
    else:
        print(f"Binder:           give --repo https://github.com/OWNER/NAME (or set {REPO_ENV}) "
              "for a Binder link")
    return 0


def add_grade_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="RESULTS_DIR_OR_FILES",
                   help="results files, or directories holding them (none: grade from --db)")
    p.add_argument("--assignment", required=True, metavar="CODE", help="the assignment code")
    p.add_argument("--csv", metavar="OUT.csv", help="also write the grades as CSV")
    p.add_argument("--db", metavar="PROGRESS.sqlite3|postgresql://...",
                   help="the app's progress database (a SQLite file or a PostgreSQL URL), "
                        "when students used a shared server: "
                        "each file's answers must match it; with no files, grade from it")
    p.add_argument("--signed", action="store_true",
                   help="require files signed by the class server (the secret in "
                        "$TRUCO_LEARN_SECRET, as on the server)")


def run_grade(args: argparse.Namespace) -> int:
    """Exit 0 when every file was read and trustworthy, 1 when some were flagged or unreadable
    (the rest are graded all the same). The report and the CSV are in English (the CSV's
    header row is :data:`~.grading.CSV_COLUMNS`, for programs)."""
    with language(DEFAULT):
        return _run_grade(args)


def _run_grade(args: argparse.Namespace) -> int:
    try:
        a = Assignment.from_code(args.assignment)
    except AssignmentCodeError as exc:
        raise AssignmentCodeError(f"--assignment: {exc}") from None
    store = None
    if args.db:
        if "://" not in args.db and not Path(args.db).is_file():
            raise TrucoError(f"--db: {args.db} is not a file")
        store = ProgressStore(args.db, readonly=True)
    if not args.paths and store is None:
        raise TrucoError("give results files (or a folder of them), or --db to grade from the "
                         "progress database")
    secret = secret_from_env() if args.signed else None
    if args.signed and secret is None:
        raise TrucoError(f"--signed: set {SECRET_ENV} to the class server's secret")
    if args.paths:
        grades = grade_paths(a, args.paths, store, secret)
        if not grades.students and not grades.unreadable:
            raise TrucoError("no results files found (looked for *.json in "
                             f"{', '.join(args.paths)})")
    else:
        assert store is not None
        grades = grade_store(a, store)
        if not grades.students:
            raise TrucoError(f"nobody has started this assignment in {args.db}")
    for line in grades.report_lines():
        print(line)
    if args.csv:
        try:
            Path(args.csv).write_text(grades.csv_text(), encoding="utf-8")
        except OSError as exc:
            raise TrucoError(f"cannot write {args.csv}: {exc.strerror or exc}") from None
        print(f"wrote {args.csv}", file=sys.stderr)
    flagged = grades.unreadable or any(s.status != "ok" for s in grades.students)
    return 1 if flagged else 0
