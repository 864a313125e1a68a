"""Progress across the course, kept in the progress store under the learner's name (or an
anonymous local profile): each lesson not started / in progress / mastered (its quiz score),
where to continue, and the rules to review.

Spaced review: a rule missed in any quiz comes back 1 session later, then 3, then 7, until it
is answered right twice (a miss starts it over). A session is one visit of the course index.
The review quiz brings back the very questions that were missed (rebuilt from their kind and
seed). The tables live beside the assignment tables, in the same database, through the
store's connection.

>>> import tempfile, os
>>> from truco_learn.quiz import make_item
>>> course = CourseProgress(ProgressStore(os.path.join(tempfile.mkdtemp(), "p.sqlite3")))
>>> me = course.profile("Ana")
>>> course.begin_session(me)
1
>>> item = make_item("card_rank", 3)
>>> course.record(me, 1, item, False)
>>> [r.rule for r in course.rules_to_review(me)]   # due from the next session on
[]
>>> course.begin_session(me); [r.rule for r in course.rules_to_review(me)]
2
['cards.order']
>>> course.status(me)[0].state
'in progress'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Sequence

from ..storage import Migration, Transaction, migrate

from ..i18n import N_, _
from ..quiz import QuizItem, make_item
from .assignment import clean_text
from .lesson_names import LESSON_NOTEBOOKS, LESSON_TITLES, lesson_title
from .store import ProgressStore, _as_store_errors, now_iso

__all__ = ["ANONYMOUS", "BROWSER_ENV", "CourseProgress", "LessonStatus", "ReviewRule",
           "INTERVALS", "MASTERY", "RIGHTS_TO_CLEAR", "STATES", "browser_from_env",
           "is_anonymous", "is_browser_id", "state_label"]

ANONYMOUS = "Anonymous (this computer)"
#: The visitor's browser, as the app's page handler tells a Voilà kernel (its
#: ``X-Truco-Learner-Browser`` header, from a cookie of that browser): on a server shared by a
#: class, whose progress a page shows.
BROWSER_ENV = "HTTP_X_TRUCO_LEARNER_BROWSER"
_BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def is_browser_id(value: str) -> bool:
    """A browser id as the page handler makes them (16-64 URL-safe characters)."""
    return _BROWSER_ID.fullmatch(value) is not None


def browser_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """The visitor's browser id from the kernel's environment (``None``: no such visitor, as in
    JupyterLab or a test, where the database has one person).

    >>> browser_from_env({BROWSER_ENV: "abcdefgh12345678"}), browser_from_env({BROWSER_ENV: "x"})
    ('abcdefgh12345678', None)
    """
    value = (os.environ if env is None else env).get(BROWSER_ENV, "")
    return value if is_browser_id(value) else None


def is_anonymous(learner: str) -> bool:
    """The anonymous profile (of this computer, or of one browser on a shared server)."""
    return learner == ANONYMOUS or learner.startswith(ANONYMOUS + " #")
INTERVALS = (1, 3, 7)  # sessions until a missed rule comes back, after each right answer
RIGHTS_TO_CLEAR = 2
MASTERY = 80  # a lesson's quiz score (percent, first tries) that masters it
REVIEW_ITEMS = 5  # questions in a review quiz
#: A lesson's states (keys, in English); :func:`state_label` says them in the page's language.
STATES = (N_("not started"), N_("in progress"), N_("mastered"))


def state_label(state: str) -> str:
    """A lesson's state in the current language.

    >>> from truco_learn.i18n import language
    >>> with language("pt-BR"):
    ...     state_label("mastered")
    'dominada'
    """
    return _(state) if state in STATES else state

COMPONENT = "course"
MIGRATIONS = (
    Migration(1, "course learners, answers, lesson scores and spaced review", (
        "CREATE TABLE IF NOT EXISTS course_learners (learner TEXT PRIMARY KEY, "
        "created_at TEXT NOT NULL, last_seen TEXT NOT NULL, sessions INTEGER NOT NULL DEFAULT 0)",
        "CREATE TABLE IF NOT EXISTS course_answers (id {id_pk}, learner TEXT NOT NULL, "
        "session INTEGER NOT NULL, lesson INTEGER NOT NULL, kind TEXT NOT NULL, "
        "seed INTEGER NOT NULL, variant TEXT NOT NULL, rule TEXT NOT NULL, "
        "correct INTEGER NOT NULL, answered_at TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS course_lessons (learner TEXT NOT NULL, "
        "lesson INTEGER NOT NULL, n_right INTEGER NOT NULL, total INTEGER NOT NULL, "
        "percent INTEGER NOT NULL, finished_at TEXT NOT NULL, PRIMARY KEY (learner, lesson))",
        "CREATE TABLE IF NOT EXISTS course_reviews (learner TEXT NOT NULL, rule TEXT NOT NULL, "
        "misses INTEGER NOT NULL, rights INTEGER NOT NULL, step INTEGER NOT NULL, "
        "due INTEGER NOT NULL, kind TEXT NOT NULL, seed INTEGER NOT NULL, "
        "variant TEXT NOT NULL, PRIMARY KEY (learner, rule))",
    )),
    # a server shared by a class: each browser resumes its own learner, not the last one seen
    Migration(2, "the learner of each browser", (
        "CREATE TABLE IF NOT EXISTS course_browsers (browser TEXT PRIMARY KEY, "
        "learner TEXT NOT NULL, last_seen TEXT NOT NULL)",
    )),
)


@dataclass(frozen=True, slots=True)
class LessonStatus:
    """Where a learner is in one lesson."""

    lesson: int
    title: str  # in the language current when the status was read
    notebook: str
    state: str  # "not started" | "in progress" | "mastered"
    percent: int | None  # best quiz score, first tries (None before a finished quiz)


@dataclass(frozen=True, slots=True)
class ReviewRule:
    """A rule to review now: how often it was missed, and the right answers still needed."""

    rule: str
    misses: int
    rights_needed: int


class CourseProgress:
    """The course's progress tables in ``store``'s database, for the visitor on ``browser``
    (:func:`browser_from_env`; ``None``: the database's one person, as on a learner's own
    computer)."""

    def __init__(self, store: ProgressStore, browser: str | None = None) -> None:
        self.store = store
        self.browser = browser
        with _as_store_errors():
            migrate(store.db, COMPONENT, MIGRATIONS)

    def _write(self, sql: str, params: Sequence[Any] = ()) -> None:
        with _as_store_errors(), self.store.db.transaction() as tx:
            tx.execute(sql, params)

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with _as_store_errors():
            return self.store.db.query(sql, params)

    # ---------------------------------------------------------------- learners
    def profile(self, name: str | None) -> str:
        """The learner's profile (created the first time): a name, or the anonymous profile
        for ``None`` or an empty name (of this computer; of this browser on a shared server);
        raise AssignmentCodeError for a bad name. The browser's learner from now on."""
        if name is None or not name.strip():
            learner = ANONYMOUS if self.browser is None else f"{ANONYMOUS} #{self.browser[:12]}"
        else:
            learner = clean_text(name, "name", 60)
        at = now_iso()
        with _as_store_errors(), self.store.db.transaction() as tx:
            tx.execute(
                "INSERT INTO course_learners (learner, created_at, last_seen) VALUES (?, ?, ?) "
                "ON CONFLICT (learner) DO UPDATE SET last_seen = excluded.last_seen",
                (learner, at, at))
            if self.browser is not None:
                tx.execute(
                    "INSERT INTO course_browsers VALUES (?, ?, ?) ON CONFLICT (browser) DO "
                    "UPDATE SET learner = excluded.learner, last_seen = excluded.last_seen",
                    (self.browser, learner, at))
        return learner

    def last_learner(self) -> str | None:
        """The profile this browser used last (the name is asked once per browser); without a
        browser, the one used last on this database."""
        if self.browser is not None:
            rows = self._read("SELECT learner FROM course_browsers WHERE browser = ?",
                              (self.browser,))
        else:
            rows = self._read(
                "SELECT learner FROM course_learners ORDER BY last_seen DESC, learner LIMIT 1")
        return str(rows[0][0]) if rows else None

    def begin_session(self, learner: str) -> int:
        """Count one more session (a visit of the course index) and return its number."""
        with _as_store_errors(), self.store.db.transaction() as tx:
            tx.execute("UPDATE course_learners SET sessions = sessions + 1, last_seen = ? "
                       "WHERE learner = ?", (now_iso(), learner))
            rows = tx.query("SELECT sessions FROM course_learners WHERE learner = ?",
                            (learner,))
        return int(rows[0][0])

    def session(self, learner: str) -> int:
        rows = self._read("SELECT sessions FROM course_learners WHERE learner = ?", (learner,))
        return int(rows[0][0]) if rows else 0

    # ---------------------------------------------------------------- answers
    def record(self, learner: str, lesson: int, item: QuizItem, correct: bool) -> None:
        """One answer to ``item`` (in lesson ``lesson``'s quiz, or 0 for a review quiz),
        and the spaced review of its rule."""
        now = self.session(learner)
        with _as_store_errors(), self.store.db.transaction() as tx:
            self._record(tx, learner, now, lesson, item, correct)

    @staticmethod
    def _record(c: Transaction, learner: str, now: int, lesson: int, item: QuizItem,
                correct: bool) -> None:
        c.execute("INSERT INTO course_answers (learner, session, lesson, kind, seed, "
                  "variant, rule, correct, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  (learner, now, lesson, item.kind, item.seed, item.variant, item.rule,
                   int(correct), now_iso()))
        rows = c.query("SELECT misses, rights, step, due FROM course_reviews WHERE "
                       "learner = ? AND rule = ?", (learner, item.rule))
        row = rows[0] if rows else None
        if not correct:
            c.execute("INSERT INTO course_reviews VALUES (?, ?, 1, 0, 0, ?, ?, ?, ?) "
                      "ON CONFLICT (learner, rule) DO UPDATE SET misses = course_reviews.misses + 1, "
                      "rights = 0, step = 0, due = excluded.due, kind = excluded.kind, "
                      "seed = excluded.seed, variant = excluded.variant",
                      (learner, item.rule, now + INTERVALS[0], item.kind, item.seed,
                       item.variant))
        elif row is not None and int(row[3]) <= now:  # right while it is due
            rights, step = int(row[1]) + 1, min(int(row[2]) + 1, len(INTERVALS) - 1)
            c.execute("UPDATE course_reviews SET rights = ?, step = ?, due = ? WHERE "
                      "learner = ? AND rule = ?",
                      (rights, step, now + INTERVALS[step], learner, item.rule))

    def finish_quiz(self, learner: str, lesson: int, right: int, total: int) -> None:
        """A lesson's quiz was finished with ``right`` of ``total`` at the first try (the
        best score is kept)."""
        pct = right * 100 // max(total, 1)
        self._write(
            "INSERT INTO course_lessons VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (learner, lesson) "
            "DO UPDATE SET n_right = excluded.n_right, total = excluded.total, "
            "percent = excluded.percent, finished_at = excluded.finished_at "
            "WHERE excluded.percent >= course_lessons.percent",
            (learner, lesson, right, total, pct, now_iso()))

    # ---------------------------------------------------------------- reads
    def status(self, learner: str) -> list[LessonStatus]:
        """Every lesson in order, with where the learner is in it."""
        best = {int(r[0]): int(r[1]) for r in self._read(
            "SELECT lesson, percent FROM course_lessons WHERE learner = ?", (learner,))}
        started = {int(r[0]) for r in self._read(
            "SELECT DISTINCT lesson FROM course_answers WHERE learner = ?", (learner,))}
        out = []
        for n in LESSON_TITLES:
            pct = best.get(n)
            state = ("mastered" if pct is not None and pct >= MASTERY else
                     "in progress" if pct is not None or n in started else "not started")
            out.append(LessonStatus(n, lesson_title(n), LESSON_NOTEBOOKS[n], state, pct))
        return out

    def continue_lesson(self, learner: str) -> LessonStatus | None:
        """Where to go on: the first lesson in progress, else the first not started, else
        ``None`` (every lesson mastered)."""
        lessons = self.status(learner)
        for state in ("in progress", "not started"):
            for s in lessons:
                if s.state == state:
                    return s
        return None

    def rules_to_review(self, learner: str) -> list[ReviewRule]:
        """The rules due for review now, the most missed first."""
        now = self.session(learner)
        rows = self._read(
            "SELECT rule, misses, rights FROM course_reviews WHERE learner = ? AND rights < ? "
            "AND due <= ? ORDER BY misses DESC, rule", (learner, RIGHTS_TO_CLEAR, now))
        return [ReviewRule(str(r[0]), int(r[1]), RIGHTS_TO_CLEAR - int(r[2])) for r in rows]

    def review_items(self, learner: str, rule: str | None = None) -> list[QuizItem]:
        """The review quiz: the missed questions of the rules due now (or of ``rule``)."""
        due = {r.rule for r in self.rules_to_review(learner)}
        rows = self._read(
            "SELECT rule, kind, seed, variant FROM course_reviews WHERE learner = ? "
            "ORDER BY misses DESC, rule", (learner,))
        items = [make_item(str(k), int(s), str(v)) for r, k, s, v in rows
                 if r in due and (rule is None or r == rule)]
        return items[:REVIEW_ITEMS]


class LessonRecorder:
    """The ``on_answer`` hook of a lesson's quiz: every answer goes to the learner's course
    progress, and once every question has a first answer the lesson's score is kept.
    The store is opened at the first answer (``open_course`` builds it)."""

    def __init__(self, lesson: int, items: list[QuizItem], open_course: Any) -> None:
        self.lesson, self.items, self.open_course = lesson, items, open_course
        self.firsts: dict[int, bool] = {}
        self.course: CourseProgress | None = None
        self.learner: str | None = None

    def __call__(self, item: QuizItem, choice: str, feedback: Any) -> None:
        if self.course is None:
            self.course = self.open_course()
            self.learner = self.course.last_learner() or self.course.profile(None)
        assert self.learner is not None
        k = next(i for i, x in enumerate(self.items) if x is item)
        self.course.record(self.learner, self.lesson, item, bool(feedback.correct))
        if k not in self.firsts:
            self.firsts[k] = bool(feedback.correct)
            if len(self.firsts) == len(self.items):
                self.course.finish_quiz(self.learner, self.lesson, sum(self.firsts.values()),
                                        len(self.items))
