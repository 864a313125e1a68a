"""A student's side of an assignment, without widgets: the name, the quizzes from the code,
every answer graded in the kernel and stored, progress per lesson, and the results file.

Answers are kept in memory as well as in SQLite: if the database cannot be written (locked,
read-only disk), nothing is lost: the answer waits and is written with the next one, and the
results file is built from memory.

>>> import tempfile, os
>>> from .assignment import Assignment
>>> from .store import ProgressStore
>>> code = Assignment("Demo", (2, 3), questions=4, seed=9).code()
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.sqlite3"))
>>> s = AssignmentSession(code, store)
>>> s.set_name("Ana")
>>> item = s.quizzes[0][1][0]
>>> s.answer(2, 0, item.answer).correct, s.progress()[0]
(True, LessonProgress(lesson=2, total=2, answered=1, right=1))
>>> AssignmentSession(code, store, "Ana").progress()[0].answered   # a second tab resumes
1
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..i18n import current
from ..quiz import Feedback, QuizItem, grade
from .assignment import Assignment, clean_text
from .progress_client import RemoteProgress
from .results import MAX_NAME, build_results, results_filename, secret_from_env
from .store import ProgressStore, StoreError, now_iso


@dataclass(frozen=True, slots=True)
class LessonProgress:
    lesson: int
    total: int
    answered: int
    right: int  # right at the first try


@dataclass(frozen=True, slots=True)
class _Pending:
    lesson: int
    position: int
    item: QuizItem
    choice: str
    correct: bool
    at: str


class AssignmentSession:
    """Raises AssignmentCodeError for a bad code; store errors never lose an answer."""

    def __init__(self, code: str, store: ProgressStore | RemoteProgress | None = None,
                 student: str | None = None) -> None:
        self.assignment = Assignment.from_code(code)
        # the store and the results file know the quiz, not the page's language
        self.code = self.assignment.quiz_code()
        self.quizzes: list[tuple[int, list[QuizItem]]] = self.assignment.quizzes()
        self._shown: dict[str, list[tuple[int, list[QuizItem]]]] = {}
        self.store = store
        self.student: str | None = None
        self.attempts: dict[tuple[int, int], list[tuple[str, str]]] = {}
        self.pending: list[_Pending] = []
        self.store_problem: str | None = None
        if student is not None:
            self.set_name(student)

    def item(self, lesson: int, position: int) -> QuizItem:
        for n, quiz in self.quizzes:
            if n == lesson:
                return quiz[position]
        raise KeyError(f"lesson {lesson} is not in this assignment")

    def shown(self, lesson: int) -> list[QuizItem]:
        """One section's items worded in the current language, for the page (the answers
        are recorded as the English choices, see :meth:`english_choice`)."""
        lang = current()
        if lang not in self._shown:
            self._shown[lang] = self.assignment.shown_quizzes()
        return next(q for n, q in self._shown[lang] if n == lesson)

    def english_choice(self, lesson: int, position: int, choice: str) -> str:
        """The English choice at the place of ``choice`` among the shown item's choices
        (the same text when it is not one of them: it is graded wrong all the same)."""
        shown = self.shown(lesson)[position]
        item = self.item(lesson, position)
        if choice in shown.choices and len(shown.choices) == len(item.choices):
            return item.choices[shown.choices.index(choice)]
        return choice

    def shown_choice(self, lesson: int, position: int, choice: str) -> str:
        """The inverse of :meth:`english_choice` (to show a stored answer again)."""
        shown = self.shown(lesson)[position]
        item = self.item(lesson, position)
        if choice in item.choices and len(shown.choices) == len(item.choices):
            return shown.choices[item.choices.index(choice)]
        return choice

    def set_name(self, name: str) -> None:
        """Set the student's name (once) and load the answers stored under it."""
        clean = clean_text(name, "name", MAX_NAME)
        if self.student is not None and clean != self.student:
            raise ValueError(f"the name is already set to {self.student!r}")
        self.student = clean
        if self.store is None:
            return
        try:
            self.store.start(self.code, clean)
        except StoreError as exc:
            self.store_problem = str(exc)
            return
        self.refresh()

    def refresh(self) -> None:
        """Reload the answers from the store (another tab may have added some), plus the ones
        still waiting to be written. If the store cannot be read, keep what is in memory."""
        if self.store is None or self.student is None:
            return
        try:
            stored = self.store.answers(self.code, self.student)
        except StoreError as exc:
            self.store_problem = str(exc)
            return
        attempts: dict[tuple[int, int], list[tuple[str, str]]] = {}
        for a in stored:
            attempts.setdefault((a.lesson, a.position), []).append((a.choice, a.answered_at))
        for p in self.pending:
            attempts.setdefault((p.lesson, p.position), []).append((p.choice, p.at))
        self.attempts = attempts

    def answer(self, lesson: int, position: int, choice: str) -> Feedback:
        """Grade an answer (an English choice: see :meth:`english_choice`) in the kernel,
        keep it, and write it to the store."""
        if self.student is None:
            raise ValueError("type your name first")
        item = self.item(lesson, position)
        fb = grade(item, choice)
        at = now_iso()
        self.attempts.setdefault((lesson, position), []).append((choice, at))
        self.pending.append(_Pending(lesson, position, item, choice, fb.correct, at))
        self.flush()
        return fb

    def flush(self) -> bool:
        """Write the answers waiting for the store; ``False`` (and ``store_problem`` says why)
        if the store refused, in which case they wait for the next try."""
        if self.store is None or self.student is None:
            self.pending.clear()
            return True
        while self.pending:
            p = self.pending[0]
            try:
                self.store.record(self.code, self.student, p.lesson, p.position, p.item.kind,
                                  p.item.seed, p.item.variant, p.choice, p.correct, p.item.rule,
                                  p.at)
            except StoreError as exc:
                self.store_problem = str(exc)
                return False
            self.pending.pop(0)
        self.store_problem = None
        return True

    def first_answers(self, lesson: int) -> dict[int, str]:
        """Position -> the first answer given, for one lesson (to resume a quiz)."""
        return {pos: att[0][0] for (n, pos), att in self.attempts.items() if n == lesson and att}

    def progress(self) -> list[LessonProgress]:
        """Per lesson, in order: questions, answered, right at the first try."""
        self.refresh()
        out = []
        for lesson, quiz in self.quizzes:
            firsts = self.first_answers(lesson)
            right = sum(1 for pos, choice in firsts.items() if grade(quiz[pos], choice).correct)
            out.append(LessonProgress(lesson, len(quiz), len(firsts), right))
        return out

    def results(self) -> dict[str, Any]:
        """The results document (see :mod:`.results`). With the class's progress service,
        the one it builds and signs from what it stored (once every answer is there); from
        memory, unsigned, if it cannot be reached."""
        if self.student is None:
            raise ValueError("type your name first")
        if isinstance(self.store, RemoteProgress) and self.flush():
            try:
                return self.store.results(self.code)
            except StoreError as exc:
                self.store_problem = str(exc)
        self.refresh()
        return build_results(self.assignment, self.student, self.attempts,
                             quizzes=self.quizzes, secret=secret_from_env())

    def results_file(self, doc: dict[str, Any] | None = None) -> tuple[str, bytes]:
        """``(file name, UTF-8 JSON bytes)`` for the download (of ``doc``, else of
        :meth:`results`)."""
        doc = self.results() if doc is None else doc
        return results_filename(doc), json.dumps(doc, ensure_ascii=False, indent=1).encode(
            "utf-8")
