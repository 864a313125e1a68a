"""The teacher's page: a form that makes an assignment code and its links, and a dashboard
that regrades uploaded results files, or reads the class live from the shared progress store
(SQLite on one server, PostgreSQL behind a JupyterHub): a table, the score distribution, the
error rate per rule, and the CSV export (drawn by :mod:`.teacher_view_grades`). All logic is
in :mod:`truco_learn.classroom`.

>>> view = TeacherView()
>>> view.title.value, view.lessons.value = "Ties week", (2, 3)
>>> view.create()
>>> view.code.value.startswith("tl1") and "assignment.ipynb?code=" in view.links.value
True
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from html import escape
from pathlib import Path
from typing import Sequence

import ipywidgets as w  # type: ignore[import-untyped]

from ..classroom import (Assignment, ClassGrades, ProgressStore, grade_paths, grade_store,
                         grade_uploads)
from ..classroom.lesson_names import LESSON_TITLES, lesson_title
from ..classroom.links import page_beside, request_url
from ..classroom.results import SECRET_ENV, secret_from_env
from ..classroom.teacher_access import check_password, password_required
from ..course.tables import table_label
from ..quiz.registry import QUIZ_VARIANTS
from ..errors import TrucoError
from ..i18n import DEFAULT, N_, _, current, languages, ngettext
from .teacher_view_grades import (csv_download, graded_summary, grades_charts, grades_table,
                                  nothing_graded)


_WIDE = w.Layout(width="min(100%, 640px)")
# The teacher's page is made for a computer or a tablet; on a phone it says so.
_WIDE_NOTE_TEXT = N_("This page needs a wider screen: open it on a computer or a tablet to "
                     "make assignments and grade them. Your students' pages work on a phone.")
_WIDE_NOTE_STYLE = (
    "<style>.tl-wide-note{display:none;background:#fff4d6;color:#5a3b00;border-left:5px solid "
    "#e0a100;border-radius:8px;padding:6px 10px;margin:6px 0}@media (max-width:700px)"
    "{.tl-wide-note{display:block}}</style>")
WIDE_SCREEN_NOTE = (_WIDE_NOTE_STYLE + "<p class=\"tl-wide-note\" role=\"note\">"
                    + _WIDE_NOTE_TEXT + "</p>")  # in English; wide_screen_note() translates
#: How the form names each language of the students' page (in that language).
LANGUAGE_NAMES = {"en": "English", "pt_BR": "Português (Brasil)"}


def wide_screen_note() -> str:
    """The phone note of the teacher's page, in the current language."""
    return (_WIDE_NOTE_STYLE + "<p class=\"tl-wide-note\" role=\"note\">"
            + escape(_(_WIDE_NOTE_TEXT)) + "</p>")


LIVE_INTERVAL_S = 5.0  # how often the live dashboard asks the store for new answers


class TeacherView(w.VBox):  # type: ignore[misc]
    """Intents: ``create()`` (the form's button), ``grade_files(uploads)`` and
    ``grade_folder(path)``; ``grades`` holds the last :class:`ClassGrades`."""

    def __init__(self, rng: random.Random | None = None,
                 store: ProgressStore | None = None, *, page_url: str | None = None) -> None:
        self.rng = rng or random.Random()
        # the address this page was served from (Voilà's; ``page_url`` in tests): the students'
        # link goes to the same server and port
        self.page_url = request_url() if page_url is None else page_url
        self._store = store
        self._live_stamp: tuple[int, int, int] | None = None
        self._live_task: asyncio.Task[None] | None = None
        self.grades: ClassGrades | None = None
        self.title = w.Text(description=_("Title"), placeholder=_("Ties week"), layout=_WIDE)
        self.lessons = w.SelectMultiple(
            options=[(f"{n}. {lesson_title(n)}", n) for n in LESSON_TITLES],
            rows=len(LESSON_TITLES),
            description=_("Lessons"), layout=_WIDE)
        self.questions = w.BoundedIntText(value=10, min=1, max=100,
                                          description=_("Questions"))
        self.pass_pct = w.BoundedIntText(value=80, min=0, max=100, step=5,
                                         description=_("Pass %"))
        self.variant = w.Dropdown(options=[(table_label(v), v) for v in QUIZ_VARIANTS],
                                  value="paulista-2p",
                                  description=_("Variant"))
        # Translators: the language the students' page of an assignment opens in
        self.lang = w.Dropdown(options=[(LANGUAGE_NAMES.get(x, x.replace("_", "-")), x)
                                        for x in languages()],
                               value=current(), description=_("Language"))
        self.lang.add_class("tl-teacher-lang")
        self.due = w.DatePicker(description=_("Due"))
        self.positions = w.Textarea(
            description=_("Positions"), layout=_WIDE,
            placeholder=_("optional: \"what would you do here?\" positions, one replay JSON "
                          "per line (the hand replayer's Export this position)"))
        self.positions.add_class("tl-teacher-positions")
        self.repo = w.Text(description=_("Repository"),
                           placeholder="https://github.com/OWNER/NAME", layout=_WIDE)
        self.create_button = w.Button(description=_("Make assignment"), button_style="primary")
        self.create_button.on_click(lambda _b: self.create())
        self.code = w.Text(description=_("Code"), disabled=True, layout=_WIDE)
        self.links = w.HTML()
        self.grade_code = w.Text(description=_("Code"), placeholder=_("the assignment code"),
                                 layout=_WIDE)
        self.upload = w.FileUpload(accept=".json", multiple=True,
                                   description=_("Results files"))
        self.folder = w.Text(description=_("or folder"), placeholder=_("results/"))
        self.signed = w.Checkbox(description=_("require this server's signature"),
                                 indent=False)
        # Translators: the teacher's password, asked when the server sets one
        self.password = w.Password(description=_("Password"), layout=w.Layout(
            display=None if password_required() else "none"))
        self.grade_button = w.Button(description=_("Grade"), button_style="primary")
        self.grade_button.on_click(lambda _b: self._grade_clicked())
        self.db_button = w.Button(description=_("Grade from this server's progress"),
                                  layout=w.Layout(width="auto"))
        self.db_button.on_click(lambda _b: self.grade_database())
        self.live = w.ToggleButton(description=_("Watch the class live"), icon="eye",
                                   tooltip=_("re-read the class from the progress store every "
                                             "{seconds} seconds").format(
                                                 seconds=f"{LIVE_INTERVAL_S:.0f}"),
                                   layout=w.Layout(width="auto"))
        self.live.observe(lambda ch: self._live_toggled(bool(ch["new"])), names="value")
        self.live_status = w.HTML()
        self.message = w.HTML()
        self.table = w.HTML()
        self.charts = w.HTML()
        self.export = w.HTML()
        make_head = "<h3>" + escape(_("Make an assignment")) + "</h3>"
        grade_head = "<h3>" + escape(_("Grade results")) + "</h3>"
        super().__init__([
            w.HTML(wide_screen_note()), w.HTML(make_head),
            self.title, self.lessons, self.questions, self.pass_pct, self.variant, self.lang,
            self.due, self.positions, self.repo, self.create_button, self.code,
            self.links, w.HTML(grade_head), self.grade_code,
            w.HBox([self.upload, self.folder]), self.signed, self.password,
            w.HBox([self.grade_button, self.db_button, self.live]), self.live_status,
            self.message, self.table,
            self.charts, self.export])
        self.add_class("tl-teacher")

    # ---------------------------------------------------------------- intents

    def create(self) -> None:
        """Make the assignment from the form; a bad field is a message, nothing else changes."""
        due = self.due.value.isoformat() if isinstance(self.due.value, dt.date) else None
        problem = self._form_problem()
        if problem:
            self.links.value = _alert(problem)
            return
        try:
            a = Assignment.new(self.title.value, tuple(self.lessons.value), self.rng,
                               questions=self.questions.value, pass_pct=self.pass_pct.value,
                               variant=self.variant.value, due=due,
                               lang=self.lang.value or DEFAULT)
            for line in str(self.positions.value).splitlines():
                if line.strip():
                    a = a.with_position(line)
            binder = a.binder_url(self.repo.value) if self.repo.value.strip() else None
        except TrucoError as exc:
            self.links.value = f'<p role="alert" style="color:#b3261e">{escape(str(exc))}</p>'
            return
        self.code.value = a.code()
        self.grade_code.value = a.code()
        page = page_beside(self.page_url, "assignment.ipynb")
        local = a.page_url(page) if page else a.voila_url()

        def link(label: str, url: str) -> str:
            anchor = f'<a href="{escape(url)}" target="_blank">{escape(url)}</a>'
            return f"<p>{escape(label).format(link=anchor)}</p>"

        parts = [f"<p>{escape(a.describe())}</p>", link(_("Local app: {link}"), local)]
        if binder:
            parts.append(link(_("Binder: {link}"), binder))
        else:
            parts.append("<p>" + escape(_("Fill in the repository for a Binder link.")) + "</p>")
        self.links.value = "".join(parts)

    def _form_problem(self) -> str | None:
        """What is wrong with the form, said in the page's language (``None``: the assignment
        checks the rest)."""
        if not " ".join(str(self.title.value).split()):
            return _("Give the assignment a title.")
        if not self.lessons.value:
            return _("Pick at least one lesson (lesson numbers {first} to {last}).").format(
                first=min(LESSON_TITLES), last=max(LESSON_TITLES))
        if self.questions.value < len(self.lessons.value):
            return _("Ask at least one question per lesson: {n} lessons need {n} questions or "
                     "more.").format(n=len(self.lessons.value))
        return None

    def grade_files(self, uploads: Sequence[tuple[str, bytes]]) -> None:
        """Regrade uploaded results files ``(name, bytes)``."""
        a = self._assignment()
        if a is not None:
            ok, secret = self._secret()
            if ok:
                self._show(grade_uploads(a, uploads, secret))

    def grade_folder(self, path: str) -> None:
        """Regrade every ``*.json`` results file in a folder on the server."""
        a = self._assignment()
        if a is not None and self._teacher():
            if not Path(path).expanduser().is_dir():
                self.message.value = _alert(_("{path} is not a folder").format(
                    path=repr(path)))
                return
            ok, secret = self._secret()
            if ok:
                self._show(grade_paths(a, [Path(path).expanduser()], secret=secret))

    def grade_database(self) -> None:
        """Grade from the progress store (every student who used this app, on this server or,
        with PostgreSQL, on any server of the hub)."""
        a = self._assignment()
        if a is None or not self._teacher():
            return
        try:
            store = self._shared_store()
            g = grade_store(a, store)
        except TrucoError as exc:
            self.message.value = _alert(str(exc))
            return
        if not g.students:
            self.message.value = _alert(_("nobody has started this assignment yet "
                                          "({where})").format(where=store.where))
            return
        self._show(g)

    def refresh_live(self) -> bool:
        """Re-read the class from the store; regrade only when a student started or answered
        since the last look. ``True`` when the dashboard changed."""
        a = self._assignment()
        if a is None or not self._teacher():
            return False
        try:
            store = self._shared_store()
            stamp = store.stamp(a.quiz_code())
        except TrucoError as exc:
            self.live_status.value = _alert(_("live: {reason}").format(reason=exc))
            return False
        when = dt.datetime.now().strftime("%H:%M:%S")
        students = ngettext("{n} student", "{n} students", stamp[0]).format(n=stamp[0])
        answers = ngettext("{n} answer", "{n} answers", stamp[1]).format(n=stamp[1])
        self.live_status.value = '<p class="tl-live">' + escape(_(
            "Live from {where}: {students}, {answers} (checked {time})").format(
                where=store.where, students=students, answers=answers, time=when)) + "</p>"
        if stamp == self._live_stamp:
            return False
        self._live_stamp = stamp
        if stamp[0] == 0:
            self.message.value = _alert(_("nobody has started this assignment yet"))
            return False
        self.grade_database()
        return True

    # ---------------------------------------------------------------- plumbing

    def _shared_store(self) -> ProgressStore:
        if self._store is None:
            self._store = ProgressStore(readonly=True)
        return self._store

    def _live_toggled(self, on: bool) -> None:
        if self._live_task is not None:
            self._live_task.cancel()
            self._live_task = None
        if not on:
            self.live_status.value = ""
            return
        if not self._teacher():  # no watching without the password (when one is set)
            self.live.value = False
            return
        self._live_stamp = None
        self.refresh_live()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a plain script): one refresh, no watching
            return
        self._live_task = loop.create_task(self._watch())

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(LIVE_INTERVAL_S)
            self.refresh_live()

    def _grade_clicked(self) -> None:
        files = [(f["name"], bytes(f["content"])) for f in self.upload.value]
        if files:
            self.grade_files(files)
        elif self.folder.value.strip():
            self.grade_folder(self.folder.value.strip())
        else:
            self.message.value = _alert(_("upload results files or give a folder first"))

    def _teacher(self) -> bool:
        """Whether the class may be read from this server (the password, when one is set)."""
        if check_password(str(self.password.value)):
            return True
        self.message.value = _alert(_("This server keeps its class's progress behind the "
                                      "teacher's password: type it in the Password box."))
        return False

    def _secret(self) -> tuple[bool, bytes | None]:
        if not self.signed.value:
            return True, None
        secret = secret_from_env()
        if secret is None:
            self.message.value = _alert(_("this server has no signing secret: set {variable} "
                                          "where the app runs, or untick the signature "
                                          "box").format(variable=SECRET_ENV))
            return False, None
        return True, secret

    def _assignment(self) -> Assignment | None:
        if not str(self.grade_code.value).strip():  # (the code's own message is the students')
            self.message.value = _alert(_("Paste the assignment's code first: the code Make "
                                          "assignment gave, which is also in your students' "
                                          "link."))
            return None
        try:
            return Assignment.from_code(self.grade_code.value)
        except TrucoError as exc:
            self.message.value = _alert(str(exc))
            return None

    def _show(self, g: ClassGrades) -> None:
        if not g.clean:  # nothing gradable in this batch: say why, keep the class on the page
            self.message.value = nothing_graded(g)
            return
        self.grades = g
        self.message.value = graded_summary(g)
        self.table.value = grades_table(g)
        self.charts.value = grades_charts(g)
        self.export.value = csv_download(g)


def _alert(text: str) -> str:
    return f'<p role="alert" style="color:#b3261e">{escape(text)}</p>'


__all__: list[str] = ["TeacherView", "grades_table"]
