"""The teacher's page: a form that makes an assignment code and its links, and a dashboard
that regrades uploaded results files, or reads the class live from the shared progress store
(SQLite on one server, PostgreSQL behind a JupyterHub): a table, the score distribution, the
error rate per rule, and the CSV export. All logic is in :mod:`truco_learn.classroom`.

>>> view = TeacherView()
>>> view.title.value, view.lessons.value = "Ties week", (2, 3)
>>> view.create()
>>> view.code.value.startswith("tl1") and "assignment.ipynb?code=" in view.links.value
True
"""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import random
from html import escape
from pathlib import Path
from typing import Sequence

import ipywidgets as w  # type: ignore[import-untyped]

from ..classroom import (Assignment, ClassGrades, ProgressStore, grade_paths, grade_store,
                         grade_uploads)
from ..classroom.assignment import LESSON_TITLES
from ..classroom.charts import rule_error_bars, score_histogram
from ..classroom.results import SECRET_ENV, secret_from_env
from ..quiz.registry import QUIZ_VARIANTS
from ..errors import TrucoError
from ..quiz import RULE_TEXT


_WIDE = w.Layout(width="min(100%, 640px)")
# The teacher's page is made for a computer or a tablet; on a phone it says so.
WIDE_SCREEN_NOTE = (
    "<style>.tl-wide-note{display:none;background:#fff4d6;color:#5a3b00;border-left:5px solid "
    "#e0a100;border-radius:8px;padding:6px 10px;margin:6px 0}@media (max-width:700px)"
    "{.tl-wide-note{display:block}}</style><p class=\"tl-wide-note\" role=\"note\">This page "
    "needs a wider screen: open it on a computer or a tablet to make assignments and grade "
    "them. Your students' pages work on a phone.</p>")
LIVE_INTERVAL_S = 5.0  # how often the live dashboard asks the store for new answers


def grades_table(g: ClassGrades) -> str:
    """The class as an HTML table (flagged files included, with their status)."""
    rows = []
    for s in g.students:
        style = "" if s.status == "ok" else ' style="background:#fde7e7"'
        flag = "" if s.status == "ok" else f"{escape(s.status)}: {escape('; '.join(s.problems))}"
        if s.notes:
            flag += f" <small>{escape('; '.join(s.notes))}</small>"
        rows.append(f"<tr{style}><td>{escape(s.name)}</td><td>{s.percent}%</td>"
                    f"<td>{s.right}/{s.total}</td><td>{'pass' if s.passed else 'fail'}</td>"
                    f"<td>{escape(', '.join(sorted(set(s.missed_rules))))}</td><td>{flag}</td>"
                    "</tr>")
    for f, msg in g.unreadable:
        rows.append(f'<tr style="background:#fde7e7"><td colspan="5">{escape(Path(f).name)}'
                    f"</td><td>unreadable: {escape(msg)}</td></tr>")
    return ('<table class="tl-grades"><thead><tr><th>student</th><th>score</th><th>right</th>'
            "<th>result</th><th>rules missed</th><th>flags</th></tr></thead><tbody>"
            f'{"".join(rows)}</tbody></table>')


class TeacherView(w.VBox):  # type: ignore[misc]
    """Intents: ``create()`` (the form's button), ``grade_files(uploads)`` and
    ``grade_folder(path)``; ``grades`` holds the last :class:`ClassGrades`."""

    def __init__(self, rng: random.Random | None = None,
                 store: ProgressStore | None = None) -> None:
        self.rng = rng or random.Random()
        self._store = store
        self._live_stamp: tuple[int, int, int] | None = None
        self._live_task: asyncio.Task[None] | None = None
        self.grades: ClassGrades | None = None
        self.title = w.Text(description="Title", placeholder="Ties week", layout=_WIDE)
        self.lessons = w.SelectMultiple(
            options=[(f"{n}. {t}", n) for n, t in LESSON_TITLES.items()], rows=7,
            description="Lessons", layout=_WIDE)
        self.questions = w.BoundedIntText(value=10, min=1, max=100, description="Questions")
        self.pass_pct = w.BoundedIntText(value=80, min=0, max=100, step=5, description="Pass %")
        self.variant = w.Dropdown(options=list(QUIZ_VARIANTS), value="paulista-2p",
                                  description="Variant")
        self.due = w.DatePicker(description="Due")
        self.positions = w.Textarea(
            description="Positions", layout=_WIDE,
            placeholder="optional: \"what would you do here?\" positions, one replay JSON per "
                        "line (the hand replayer's Export this position)")
        self.positions.add_class("tl-teacher-positions")
        self.repo = w.Text(description="Repository", placeholder="https://github.com/OWNER/NAME",
                           layout=_WIDE)
        self.create_button = w.Button(description="Make assignment", button_style="primary")
        self.create_button.on_click(lambda _b: self.create())
        self.code = w.Text(description="Code", disabled=True, layout=_WIDE)
        self.links = w.HTML()
        self.grade_code = w.Text(description="Code", placeholder="the assignment code",
                                 layout=_WIDE)
        self.upload = w.FileUpload(accept=".json", multiple=True, description="Results files")
        self.folder = w.Text(description="or folder", placeholder="results/")
        self.signed = w.Checkbox(description="require this server's signature", indent=False)
        self.grade_button = w.Button(description="Grade", button_style="primary")
        self.grade_button.on_click(lambda _b: self._grade_clicked())
        self.db_button = w.Button(description="Grade from this server's progress",
                                  layout=w.Layout(width="auto"))
        self.db_button.on_click(lambda _b: self.grade_database())
        self.live = w.ToggleButton(description="Watch the class live", icon="eye",
                                   tooltip="re-read the class from the progress store every "
                                           f"{LIVE_INTERVAL_S:.0f} seconds",
                                   layout=w.Layout(width="auto"))
        self.live.observe(lambda ch: self._live_toggled(bool(ch["new"])), names="value")
        self.live_status = w.HTML()
        self.message = w.HTML()
        self.table = w.HTML()
        self.charts = w.HTML()
        self.export = w.HTML()
        super().__init__([
            w.HTML(WIDE_SCREEN_NOTE), w.HTML("<h3>Make an assignment</h3>"), self.title,
            self.lessons, self.questions, self.pass_pct, self.variant, self.due, self.positions,
            self.repo, self.create_button, self.code,
            self.links, w.HTML("<h3>Grade results</h3>"), self.grade_code,
            w.HBox([self.upload, self.folder]), self.signed,
            w.HBox([self.grade_button, self.db_button, self.live]), self.live_status,
            self.message, self.table,
            self.charts, self.export])
        self.add_class("tl-teacher")

    # ---------------------------------------------------------------- intents

    def create(self) -> None:
        """Make the assignment from the form; a bad field is a message, nothing else changes."""
        due = self.due.value.isoformat() if isinstance(self.due.value, dt.date) else None
        try:
            a = Assignment.new(self.title.value, tuple(self.lessons.value), self.rng,
                               questions=self.questions.value, pass_pct=self.pass_pct.value,
                               variant=self.variant.value, due=due)
            for line in str(self.positions.value).splitlines():
                if line.strip():
                    a = a.with_position(line)
            binder = a.binder_url(self.repo.value) if self.repo.value.strip() else None
        except TrucoError as exc:
            self.links.value = f'<p role="alert" style="color:#b3261e">{escape(str(exc))}</p>'
            return
        self.code.value = a.code()
        self.grade_code.value = a.code()
        local = a.voila_url()
        parts = [f"<p>{escape(a.describe())}</p>",
                 f'<p>Local app: <a href="{escape(local)}" target="_blank">{escape(local)}</a></p>']
        if binder:
            parts.append(f'<p>Binder: <a href="{escape(binder)}" target="_blank">'
                         f"{escape(binder)}</a></p>")
        else:
            parts.append("<p>Fill in the repository for a Binder link.</p>")
        self.links.value = "".join(parts)

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
        if a is not None:
            if not Path(path).expanduser().is_dir():
                self.message.value = _alert(f"{path!r} is not a folder")
                return
            ok, secret = self._secret()
            if ok:
                self._show(grade_paths(a, [Path(path).expanduser()], secret=secret))

    def grade_database(self) -> None:
        """Grade from the progress store (every student who used this app, on this server or,
        with PostgreSQL, on any server of the hub)."""
        a = self._assignment()
        if a is None:
            return
        try:
            store = self._shared_store()
            g = grade_store(a, store)
        except TrucoError as exc:
            self.message.value = _alert(str(exc))
            return
        if not g.students:
            self.message.value = _alert(f"nobody has started this assignment yet "
                                        f"({store.where})")
            return
        self._show(g)

    def refresh_live(self) -> bool:
        """Re-read the class from the store; regrade only when a student started or answered
        since the last look. ``True`` when the dashboard changed."""
        a = self._assignment()
        if a is None:
            return False
        try:
            store = self._shared_store()
            stamp = store.stamp(a.code())
        except TrucoError as exc:
            self.live_status.value = _alert(f"live: {exc}")
            return False
        when = dt.datetime.now().strftime("%H:%M:%S")
        self.live_status.value = (f'<p class="tl-live">Live from {escape(store.where)}: '
                                  f"{stamp[0]} student{'s' if stamp[0] != 1 else ''}, "
                                  f"{stamp[1]} answer{'s' if stamp[1] != 1 else ''} "
                                  f"(checked {when})</p>")
        if stamp == self._live_stamp:
            return False
        self._live_stamp = stamp
        if stamp[0] == 0:
            self.message.value = _alert("nobody has started this assignment yet")
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
            self.message.value = _alert("upload results files or give a folder first")

    def _secret(self) -> tuple[bool, bytes | None]:
        if not self.signed.value:
            return True, None
        secret = secret_from_env()
        if secret is None:
            self.message.value = _alert(f"this server has no signing secret: set {SECRET_ENV} "
                                        "where the app runs, or untick the signature box")
            return False, None
        return True, secret

    def _assignment(self) -> Assignment | None:
        try:
            return Assignment.from_code(self.grade_code.value)
        except TrucoError as exc:
            self.message.value = _alert(str(exc))
            return None

    def _show(self, g: ClassGrades) -> None:
        self.grades = g
        clean = g.clean
        flagged = len(g.students) - len(clean) + len(g.unreadable)
        self.message.value = (f"<p>{len(clean)} graded"
                              + (f", {flagged} flagged or unreadable (see the table)"
                                 if flagged else "") + ".</p>")
        self.table.value = grades_table(g)
        rates = g.rule_error_rates()
        legend = "".join(f"<li><b>{escape(r)}</b>: {escape(RULE_TEXT.get(r, r))}</li>"
                         for r, rate, _ in rates if rate > 0)
        hist = score_histogram([s.percent for s in clean], g.assignment.pass_pct)
        self.charts.value = (f"<h4>Scores</h4>{hist}"
                             f"<h4>Error rate per rule</h4>{rule_error_bars(rates)}"
                             f"<ul>{legend}</ul>")
        data = g.csv_text().encode("utf-8")
        href = "data:text/csv;base64," + base64.b64encode(data).decode("ascii")
        self.export.value = (f'<a download="grades.csv" href="{href}" class="tl-csv">'
                             "Download the grades (CSV)</a>")


def _alert(text: str) -> str:
    return f'<p role="alert" style="color:#b3261e">{escape(text)}</p>'


__all__: list[str] = ["TeacherView", "grades_table"]
