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

An assignment made in another language (``truco-learn assign --lang pt-BR``) opens in it: the
view sets the kernel's language before it draws anything (a ``lang`` given by the link wins).
The quiz is shown in that language, and the answers are recorded as the English choices, so
the results file grades the same in every language.
"""

from __future__ import annotations

import base64
import os
from html import escape
from urllib.parse import parse_qs

import ipywidgets as w  # type: ignore[import-untyped]

from ..classroom import AssignmentSession, ProgressStore, StoreError
from ..classroom.progress_client import RemoteProgress, open_progress
from ..classroom.assignment import Assignment
from ..classroom.lesson_names import LESSON_NOTEBOOKS, POSITIONS_SECTION, section_title
from ..classroom.results import MAX_NAME
from ..errors import TrucoError
from ..i18n import DEFAULT, _, current, html_lang, ngettext, set_language
from ..i18n import numbers
from ..quiz import Feedback, QuizItem
from ..names import tidy_name
from .name_check import name_problem
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


def lang_from_query(query: str | None = None) -> str | None:
    """The ``lang`` parameter of the page's query string (``None`` when absent).

    >>> lang_from_query("code=tl1abc&lang=pt-BR"), lang_from_query("code=tl1abc")
    ('pt-BR', None)
    """
    q = os.environ.get("QUERY_STRING", "") if query is None else query
    values = parse_qs(q).get("lang")
    return values[0] if values else None


def page_language(code: str | None, lang: str | None = None) -> str:
    """Set the kernel's language for an assignment page and return it: ``lang`` (the link's
    ``?lang=``) when it names a language, else the assignment's own when it is not English,
    else the kernel's language as it was. A bad code or tag changes nothing here (the page
    says what is wrong with the code).

    >>> from truco_learn.i18n import language
    >>> with language("en"):
    ...     page_language(Assignment("T", (1,), 1, seed=1, lang="pt-BR").code())
    'pt_BR'
    >>> _ = set_language("en")
    """
    if lang:
        try:
            return set_language(lang)
        except TrucoError:
            pass
    if code:
        try:
            a = Assignment.from_code(code)
        except TrucoError:
            return current()
        if a.lang != DEFAULT:
            return set_language(a.lang)
    return current()


def _lang_query() -> str:
    """``?lang=pt-BR`` for the links to lessons, so they open in the page's language."""
    return "" if current() == DEFAULT else f"?lang={html_lang()}"


def _message(text: str, kind: str = "error") -> str:
    colour = {"error": "#b3261e", "warning": "#8a5a00", "info": "#1f5fbf"}[kind]
    return f'<p role="alert" style="color:{colour}">{escape(text)}</p>'


def _name_problem(name: str) -> str | None:
    """What is wrong with a name typed on the page, in the page's language (``None``: fine;
    the session checks it again)."""
    if not isinstance(name, str) or not tidy_name(name):
        return _("Please type your name first.")
    return name_problem(name, MAX_NAME)


class AssignmentView(w.VBox):  # type: ignore[misc]
    """``AssignmentView(code)``; with no code, a box to paste one. Intents: ``open_code``,
    ``start(name)``, ``open_quiz(lesson)``; ``quiz`` is the open :class:`QuizView`."""

    def __init__(self, code: str | None = None,
                 store: ProgressStore | RemoteProgress | None = None,
                 store_path: str | None = None, lang: str | None = None) -> None:
        page_language(code, lang)  # before any widget is drawn
        self._link_lang = lang
        self.session: AssignmentSession | None = None
        self.quiz: QuizView | None = None
        self.lesson: int | None = None
        self._store = store
        self._store_path = store_path
        self.header = w.HTML()
        self.error = w.HTML()
        self.code_box = w.Text()
        self.code_button = w.Button()
        self.code_button.on_click(lambda _b: self.open_code(self.code_box.value))
        self.name_box = w.Text()
        self.name_button = w.Button(button_style="primary")
        self.name_button.on_click(lambda _b: self.start(self.name_box.value))
        self.lessons = w.HTML()
        self.picker = w.ToggleButtons(options=[])
        self._label()
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

    def _label(self) -> None:
        """The widgets' own words, in the page's language."""
        self.code_box.placeholder, self.code_box.description = (
            _("paste the assignment code"), _("Code"))
        self.code_button.description = _("Open")
        self.name_box.placeholder, self.name_box.description = _("your name"), _("Name")
        self.name_button.description = _("Start")
        self.picker.description = _("Quiz")

    def open_code(self, code: str | None) -> None:
        """Open an assignment from its code; a bad code is a friendly message on the page.
        A code pasted on the page brings its language too (unless the link chose one)."""
        self.session = None
        if code and not self._link_lang:
            before = current()
            if page_language(code) != before:
                self._label()
        if code:
            store: ProgressStore | RemoteProgress | None
            try:
                store = self._store or open_progress(self._store_path)
            except StoreError as exc:
                store = None
                self.error.value = _message(_(
                    "Your progress cannot be saved on this computer ({reason}). You can still "
                    "answer: download your results before closing the page.").format(
                        reason=exc), "warning")
            try:
                self.session = AssignmentSession(code, store)
                if store is not None:
                    self.error.value = ""
            except TrucoError as exc:
                self.error.value = _message(_(
                    "This link does not open an assignment: {reason}").format(reason=exc))
            if self.session is not None and isinstance(store, RemoteProgress):
                self._sign_in(store)
                return
        elif code is None:
            self.error.value = _message(_("Open the link your teacher sent, or paste the "
                                          "assignment code here."), "info")
        else:
            self.error.value = _message(_("The code is empty: paste the whole assignment "
                                          "code."))
        self._render()

    def _sign_in(self, store: RemoteProgress) -> None:
        """On a hub with the class's progress service, the student is the one who signed in
        to the hub: no name to type (nor to type as somebody else)."""
        assert self.session is not None
        try:
            name = store.whoami()
        except StoreError as exc:
            self.session.store = None  # answer all the same, and download the file
            self.error.value = _message(_(
                "Your progress cannot be saved on this computer ({reason}). You can still "
                "answer: download your results before closing the page.").format(
                    reason=exc), "warning")
            self._render()
            return
        self.start(name)

    def start(self, name: str) -> None:
        """Set the student's name (once) and show the lessons and quizzes."""
        if self.session is None:
            return
        problem = _name_problem(name)
        if problem:
            self.error.value = _message(problem)
            return
        try:
            self.session.set_name(name)
        except (TrucoError, ValueError) as exc:
            self.error.value = _message(_("Please check your name: {reason}").format(
                reason=exc))
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
        items = s.shown(lesson)  # worded in the page's language
        view = QuizView(items, on_answer=lambda item, choice, fb: self._answered(
            lesson, items, item, choice, fb))
        view.restore({pos: s.shown_choice(lesson, pos, choice)
                      for pos, choice in s.first_answers(lesson).items()})
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
        self.session.answer(lesson, position,
                            self.session.english_choice(lesson, position, choice))
        self._warn_store()
        self._render_progress()

    def _warn_store(self) -> None:
        s = self.session
        if s is not None and s.store_problem:
            self.error.value = _message(_(
                "Your last answer is kept in this page but could not be saved yet ({reason}). "
                "Keep going, and download your results before closing.").format(
                    reason=s.store_problem), "warning")

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
            self.header.value = "<h2>" + escape(_("Assignment")) + "</h2>"
            self.lessons.value = self.download.value = ""
            self.quiz_box.children = []
            return
        a = s.assignment
        facts = [ngettext("{n} question", "{n} questions", a.total_questions).format(
                     n=a.total_questions),
                 _("pass at {percent}").format(percent=numbers.percent(a.pass_pct / 100))]
        if a.due:
            facts.append(_("due {date}").format(date=a.due))
        signed = ""
        if s.student and isinstance(s.store, RemoteProgress):  # the hub said who this is
            signed = '<p class="tl-signed-in">' + escape(_(
                "You are signed in as {name}: your teacher gets each answer as you give "
                "it.").format(name=s.student)) + "</p>"
        elif s.student:
            facts.append(s.student)
        self.header.value = (f'<h2 class="tl-assignment-title">{escape(a.title)}</h2>'
                             f"<p>{escape(' · '.join(facts))}</p>{signed}")
        if named:
            self.picker.options = [(_("Lesson {n}").format(n=n), n) for n in a.lessons] + (
                [(_("Your teacher's positions"), POSITIONS_SECTION)] if a.positions else [])
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
            done = (_("{answered} of {total} answered, {right} right").format(
                        answered=p.answered, total=p.total, right=p.right) if p else
                    _("type your name to start"))
            title = escape(section_title(n))
            link = (f'<a href="{LESSON_NOTEBOOKS[n]}{_lang_query()}" target="_blank">{title}</a>'
                    if n in LESSON_NOTEBOOKS else title)
            rows.append(f"<li>{link} — {escape(done)}</li>")
        self.lessons.value = f'<ol class="tl-assignment-lessons">{"".join(rows)}</ol>'
        if s.student is None:
            self.download.value = ""
            return
        doc = s.results()
        name, data = s.results_file(doc)
        claimed = doc["claimed"]
        href = "data:application/json;base64," + base64.b64encode(data).decode("ascii")
        label = escape(_("Download your results"))
        link = (f'<a download="{escape(name)}" href="{href}" class="tl-results-download">'
                f"{label}</a>")
        text = escape(_("Score so far: {right} of {total} right at the first try ({percent}). "
                        "{link} and send the file to your teacher."))
        self.download.value = "<p>" + text.format(
            right=claimed["right"], total=claimed["total"],
            percent=numbers.percent(claimed["percent"] / 100), link=link) + "</p>"
