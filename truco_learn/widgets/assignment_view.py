"""The student's assignment page: the assignment from its code, the name typed once, the
lessons in order with their progress, one quiz at a time, and the results download.

Grading happens in the kernel (:class:`truco_learn.classroom.AssignmentSession`); the page gets
prompts, choices, feedback after each answer, and the results file, never an answer key.

>>> import os, tempfile
>>> from truco_learn.classroom import Assignment, ProgressStore
>>> code = Assignment("Demo", (2,), questions=2, seed=3).code()
>>> view = AssignmentView(code, ProgressStore(os.path.join(tempfile.mkdtemp(), "p.sqlite3")))
>>> view.start("Ana"); view.open_quiz(2)
>>> item = view.quiz.current; view.quiz.answer(item.answer).correct
True
>>> view.session.progress()[0].answered
1
>>> AssignmentView("tl1broken").error.value.startswith("<p")
True
"""

from __future__ import annotations

import base64
import os
from html import escape
from urllib.parse import parse_qs

import ipywidgets as w  # type: ignore[import-untyped]

from ..classroom import AssignmentSession, ProgressStore, StoreError
from ..classroom.assignment import LESSON_NOTEBOOKS, POSITIONS_SECTION, section_title
from ..errors import TrucoError
from ..quiz import Feedback, QuizItem
from .page_style import page_style
from .quiz_view import QuizView


def code_from_query(query: str | None = None) -> str | None:
    """The ``code`` parameter of the page's query string (Voilà puts it in ``QUERY_STRING``).

    >>> code_from_query("code=tl1abc&x=1"), code_from_query("")
    ('tl1abc', None)
    """
    q = os.environ.get("QUERY_STRING", "") if query is None else query
    values = parse_qs(q).get("code")
    return values[0] if values else None


def _message(text: str, kind: str = "error") -> str:
    colour = {"error": "#b3261e", "warning": "#8a5a00", "info": "#1f5fbf"}[kind]
    return f'<p role="alert" style="color:{colour}">{escape(text)}</p>'


class AssignmentView(w.VBox):  # type: ignore[misc]
    """``AssignmentView(code)``; with no code, a box to paste one. Intents: ``open_code``,
    ``start(name)``, ``open_quiz(lesson)``; ``quiz`` is the open :class:`QuizView`."""

    def __init__(self, code: str | None = None, store: ProgressStore | None = None,
                 store_path: str | None = None) -> None:
        self.session: AssignmentSession | None = None
        self.quiz: QuizView | None = None
        self.lesson: int | None = None
        self._store = store
        self._store_path = store_path
        self.header = w.HTML()
        self.error = w.HTML()
        self.code_box = w.Text(placeholder="paste the assignment code", description="Code")
        self.code_button = w.Button(description="Open")
        self.code_button.on_click(lambda _b: self.open_code(self.code_box.value))
        self.name_box = w.Text(placeholder="your name", description="Name")
        self.name_button = w.Button(description="Start", button_style="primary")
        self.name_button.on_click(lambda _b: self.start(self.name_box.value))
        self.lessons = w.HTML()
        self.picker = w.ToggleButtons(options=[], description="Quiz")
        self.picker.observe(self._picked, names="value")
        self.quiz_box = w.VBox()
        self.download = w.HTML()
        super().__init__([page_style(), self.header, self.error,
                          w.HBox([self.code_box, self.code_button],
                                 layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.name_box, self.name_button],
                                 layout=w.Layout(flex_flow="row wrap")), self.lessons, self.picker,
                          self.quiz_box, self.download])
        self.add_class("tl-assignment")
        self.open_code(code)

    # ---------------------------------------------------------------- intents

    def open_code(self, code: str | None) -> None:
        """Open an assignment from its code; a bad code is a friendly message on the page."""
        self.session = None
        if code:
            try:
                store = self._store or ProgressStore(self._store_path)
            except StoreError as exc:
                store = None
                self.error.value = _message(f"Your progress cannot be saved on this computer "
                                            f"({exc}). You can still answer: download your "
                                            "results before closing the page.", "warning")
            try:
                self.session = AssignmentSession(code, store)
                if store is not None:
                    self.error.value = ""
            except TrucoError as exc:
                self.error.value = _message(f"This link does not open an assignment: {exc}")
        elif code is None:
            self.error.value = _message("Open the link your teacher sent, or paste the "
                                        "assignment code here.", "info")
        else:
            self.error.value = _message("The code is empty: paste the whole assignment code.")
        self._render()

    def start(self, name: str) -> None:
        """Set the student's name (once) and show the lessons and quizzes."""
        if self.session is None:
            return
        try:
            self.session.set_name(name)
        except (TrucoError, ValueError) as exc:
            self.error.value = _message(f"Please check your name: {exc}")
            return
        self.error.value = ""
        self._warn_store()
        self._render()  # filling the lesson picker may already open the first quiz
        if self.quiz is None:
            self.open_quiz(self.session.assignment.lessons[0])

    def open_quiz(self, lesson: int) -> None:
        """Show one lesson's quiz (answers given earlier count and are not asked again)."""
        s = self.session
        if s is None or s.student is None:
            return
        items = next(q for n, q in s.quizzes if n == lesson)
        view = QuizView(items, on_answer=lambda item, choice, fb: self._answered(
            lesson, items, item, choice, fb))
        view.restore(s.first_answers(lesson))
        self.quiz, self.lesson = view, lesson
        self.quiz_box.children = [view]
        if self.picker.value != lesson:
            self.picker.value = lesson

    # ---------------------------------------------------------------- plumbing

    def _picked(self, change: dict[str, object]) -> None:
        value = change.get("new")
        if isinstance(value, int) and value != self.lesson:
            self.open_quiz(value)

    def _answered(self, lesson: int, items: list[QuizItem], item: QuizItem, choice: str,
                  fb: Feedback) -> None:
        assert self.session is not None
        position = next(i for i, x in enumerate(items) if x is item)
        self.session.answer(lesson, position, choice)
        self._warn_store()
        self._render_progress()

    def _warn_store(self) -> None:
        s = self.session
        if s is not None and s.store_problem:
            self.error.value = _message(
                f"Your last answer is kept in this page but could not be saved yet "
                f"({s.store_problem}). Keep going, and download your results before closing.",
                "warning")

    def _render(self) -> None:
        s = self.session
        has = s is not None
        named = has and s is not None and s.student is not None
        self.code_box.layout.display = "none" if has else ""
        self.code_button.layout.display = "none" if has else ""
        self.name_box.layout.display = "none" if not has or named else ""
        self.name_button.layout.display = "none" if not has or named else ""
        self.picker.layout.display = "" if named else "none"
        if s is None:
            self.header.value = "<h2>Assignment</h2>"
            self.lessons.value = self.download.value = ""
            self.quiz_box.children = []
            return
        a = s.assignment
        due = f" · due {escape(a.due)}" if a.due else ""
        who = f" · {escape(s.student)}" if s.student else ""
        self.header.value = (f'<h2 class="tl-assignment-title">{escape(a.title)}</h2>'
                             f"<p>{a.total_questions} questions · pass at {a.pass_pct}%{due}{who}</p>")
        if named:
            self.picker.options = [(f"Lesson {n}", n) for n in a.lessons] + (
                [("Your teacher's positions", POSITIONS_SECTION)] if a.positions else [])
        self._render_progress()

    def _render_progress(self) -> None:
        s = self.session
        if s is None:
            return
        rows = []
        progress = {p.lesson: p for p in s.progress()} if s.student else {}
        sections = list(s.assignment.lessons) + (
            [POSITIONS_SECTION] if s.assignment.positions else [])
        for n in sections:
            p = progress.get(n)
            done = (f"{p.answered} of {p.total} answered, {p.right} right" if p else
                    "type your name to start")
            title = escape(section_title(n))
            link = (f'<a href="{LESSON_NOTEBOOKS[n]}" target="_blank">{title}</a>'
                    if n in LESSON_NOTEBOOKS else title)
            rows.append(f"<li>{link} — {done}</li>")
        self.lessons.value = f'<ol class="tl-assignment-lessons">{"".join(rows)}</ol>'
        if s.student is None:
            self.download.value = ""
            return
        name, data = s.results_file()
        claimed = s.results()["claimed"]
        href = "data:application/json;base64," + base64.b64encode(data).decode("ascii")
        self.download.value = (
            f"<p>Score so far: {claimed['right']} of {claimed['total']} right at the first try "
            f"({claimed['percent']}%). <a download=\"{escape(name)}\" href=\"{href}\" "
            f'class="tl-results-download">Download your results</a> and send the file to your '
            "teacher.</p>")
