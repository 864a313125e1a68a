"""Where the learner is in the course: each lesson not started / in progress / mastered (with
its quiz score), a "Continue" link and the rules to review, each linking to a short review
quiz (``review.ipynb?rule=...``). A view over :mod:`truco_learn.classroom.course_progress`.

>>> import tempfile, os
>>> from truco_learn.classroom.store import ProgressStore
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.sqlite3"))
>>> index = CourseIndex(store)
>>> index.name_box.layout.display          # the name is asked once
''
>>> index.start("Ana")
>>> "Continue: Lesson 1" in index.progress.value, index.learner
(True, 'Ana')
>>> CourseIndex(store).name_box.layout.display   # the next visit remembers it
'none'
"""

from __future__ import annotations

import logging
import os
from html import escape
from typing import Any
from urllib.parse import parse_qs, quote

import ipywidgets as w  # type: ignore[import-untyped]

from ..classroom.course_progress import (CourseProgress, LessonRecorder, browser_from_env,
                                         is_anonymous)
from ..classroom.store import ProgressStore
from ..errors import TrucoError
from ..i18n import N_, _, ngettext
from ..quiz import RULE_TEXT, QuizItem
from .page_style import page_style
from .quiz_view import QuizView
from .name_check import name_problem
from .visit import wait_for_visit

__all__ = ["CourseIndex", "ReviewView", "lesson_recorder", "rule_from_query"]

log = logging.getLogger(__name__)


#: What each lesson state reads as (``CourseProgress.status``'s states).
STATE_TEXT = {"not started": N_("not started"), "in progress": N_("in progress"),
              "mastered": N_("mastered")}

_STYLE = ("<style>.tl-course-progress a,.tl-review-quiz a{color:#1f5fbf;text-decoration:"
          "underline}.tl-course-progress .tl-continue{font-weight:600;font-size:110%}</style>")


def _message(text: str) -> str:
    return f'<p role="alert" class="tl-course-message" style="color:#8a5a00">{escape(text)}</p>'


def _open(store: ProgressStore | None) -> CourseProgress:
    """The course progress of this page's visitor (their browser, on a shared server)."""
    return CourseProgress(store if store is not None else ProgressStore(), browser_from_env())


def rule_from_query(query: str | None = None) -> str | None:
    """The ``rule`` parameter of the page's query string.

    >>> rule_from_query("rule=ties.first_trick"), rule_from_query("")
    ('ties.first_trick', None)
    """
    q = os.environ.get("QUERY_STRING", "") if query is None else query
    values = parse_qs(q).get("rule")
    return values[0] if values else None


def lesson_recorder(lesson: int, items: list[QuizItem],
                    store: ProgressStore | None = None) -> Any:
    """The lesson quiz's hook into the course progress; a store problem never stops the
    quiz (the answer is still graded, only not kept)."""
    recorder = LessonRecorder(lesson, items, lambda: _open(store))

    def hook(item: QuizItem, choice: str, feedback: Any) -> None:
        try:
            recorder(item, choice, feedback)
        except TrucoError:
            log.warning("course progress not saved", exc_info=True)
    return hook


NAME_LIMIT = 60  # as the progress store keeps it (course_progress.profile)


class CourseIndex(w.VBox):  # type: ignore[misc]
    """The index's progress panel. Intents: ``start(name)`` (``None``: stay anonymous)."""

    def __init__(self, store: ProgressStore | None = None) -> None:
        self.message = w.HTML()
        # on a JupyterHub, the name the learner signed in with
        self.name_box = w.Text(value=os.environ.get("JUPYTERHUB_USER", "")[:NAME_LIMIT],
                               placeholder=_("Your name"), description=_("Your name"))
        self.name_button = w.Button(description=_("Save my progress"), button_style="primary")
        self.anon_button = w.Button(description=_("Stay anonymous"),
                                    tooltip=_("Keep your progress on this computer without a "
                                              "name"))
        for b in (self.name_button, self.anon_button):  # the whole label, wrapped on a phone
            b.layout = w.Layout(width="auto", max_width="100%")
            b.add_class("tl-wrap")
        self.name_button.on_click(lambda _b: self.start(self.name_box.value))
        self.anon_button.on_click(lambda _b: self.start(None))
        self.name_row = w.HBox([self.name_box, self.name_button, self.anon_button],
                               layout=w.Layout(flex_flow="row wrap"))  # fits a phone
        self.progress = w.HTML()
        super().__init__([page_style(), self.message, self.name_row, self.progress])
        self.add_class("tl-course-index")
        self.learner: str | None = None
        self.course: CourseProgress | None = None
        wait_for_visit()  # a preheated kernel reads the progress at the visit, not before
        try:
            self.course = _open(store)
            known = self.course.last_learner()
        except TrucoError as exc:
            self.message.value = _message(_("Your progress cannot be kept on this computer "
                                            "({error}). The lessons still work.").format(
                                                error=exc))
            self._show_name(False)
            return
        if known is None:
            self._show_name(True)
        else:
            self._begin(known)

    def _show_name(self, shown: bool) -> None:
        for x in (self.name_box, self.name_button, self.anon_button, self.name_row):
            x.layout.display = "" if shown else "none"

    def start(self, name: str | None) -> None:
        """Set the learner's name once (or the anonymous local profile)."""
        if self.course is None:
            return
        problem = name_problem(name, NAME_LIMIT) if isinstance(name, str) else None
        if problem:
            self.message.value = _message(problem)
            return
        try:
            learner = self.course.profile(name)
        except TrucoError as exc:
            self.message.value = _message(_("Please check your name: {error}").format(
                error=exc))
            return
        self.message.value = ""
        self._begin(learner)

    def _begin(self, learner: str) -> None:
        assert self.course is not None
        self.learner = learner
        self.course.begin_session(learner)
        self._show_name(False)
        self.render()

    def render(self) -> None:
        """Draw the lessons, the Continue link and the rules to review."""
        if self.course is None or self.learner is None:
            return
        c, me = self.course, self.learner
        whose = (_("Progress of you (on this computer).") if is_anonymous(me) else
                 _("Progress of {name}.").format(name=escape(me)))
        rows = []
        for s in c.status(me):
            state = _(STATE_TEXT.get(s.state, s.state))
            if s.percent is not None:
                state = _("{state} ({percent}% in its quiz)").format(state=state,
                                                                     percent=s.percent)
            lesson = _("Lesson {lesson}: {title}").format(lesson=s.lesson, title=escape(_(s.title)))
            rows.append(f'<li class="tl-lesson-status" data-lesson="{s.lesson}" '
                        f'data-state="{s.state}"><a href="{s.notebook}">{lesson}</a> — '
                        f"{state}</li>")
        nxt = c.continue_lesson(me)
        go = (f'<a class="tl-continue" href="{nxt.notebook}">'
              + _("Continue: Lesson {lesson}, {title}").format(lesson=nxt.lesson,
                                                               title=escape(_(nxt.title)))
              + "</a>" if nxt is not None else
              '<a class="tl-continue" href="play.ipynb">'
              + _("Continue: every lesson is mastered. Play against the coach") + "</a>")
        due = c.rules_to_review(me)
        heading = _("Rules to review")
        if due:
            items = "".join(
                f'<li class="tl-review-rule" data-rule="{escape(r.rule)}"><a href="review.ipynb'
                f'?rule={quote(r.rule)}">{escape(_(RULE_TEXT.get(r.rule, r.rule)))}</a> — '
                + ngettext("missed {n} time", "missed {n} times", r.misses).format(n=r.misses)
                + "; " + ngettext("answer it right {n} more time",
                                  "answer it right {n} more times",
                                  r.rights_needed).format(n=r.rights_needed)
                + "</li>"
                for r in due)
            all_of_them = _("Review them all")
            review = (f'<h3>{heading}</h3><ol class="tl-rules-to-review">{items}</ol>'
                      f'<p><a href="review.ipynb">{all_of_them}</a></p>')
        else:
            review = (f'<h3>{heading}</h3><p class="tl-muted tl-nothing-to-review">'
                      + _("Nothing to review now. A rule you miss in a quiz comes back here "
                          "later.") + "</p>")
        self.progress.value = (f'{_STYLE}<div class="tl-course-progress"><p>{whose}</p>'
                               f"<p>{go}</p><ol class=\"tl-lesson-list\">{''.join(rows)}</ol>"
                               f"{review}</div>")


class ReviewView(w.VBox):  # type: ignore[misc]
    """The review quiz for the learner of the last visit: the missed questions of the rules
    due now (of one ``rule`` when given)."""

    def __init__(self, rule: str | None = None, store: ProgressStore | None = None) -> None:
        self.header = w.HTML()
        self.style = page_style()
        super().__init__([self.style, self.header])
        self.add_class("tl-review-quiz")
        self.quiz: QuizView | None = None
        try:
            course = _open(store)
            learner = course.last_learner() or course.profile(None)
            items = course.review_items(learner, rule)
        except TrucoError as exc:
            self.header.value = _message(_("Your progress cannot be read ({error}).").format(
                error=exc))
            return
        back_text = _("Back to the lessons")
        back = f'<a href="index.ipynb">{back_text}</a>'
        if rule is not None and rule not in RULE_TEXT:  # a link cut short or typed by hand
            unknown = escape(_("This link names no rule of the lessons ({rule}).").format(
                rule=rule[:80]))
            self.header.value = f'<p class="tl-unknown-rule" role="alert">{unknown} {back}</p>'
            return
        what = escape(_(RULE_TEXT[rule])) if rule else ""
        if not items:
            nothing = (_("Nothing to review now for {rule}.").format(rule=what) if rule else
                       _("Nothing to review now: no rule is due yet."))
            self.header.value = f'<p class="tl-nothing-to-review">{nothing} {back}</p>'
            return
        intro = (_("Review: {rule}. Answer right twice, over different visits, and it leaves "
                   "your list.").format(rule=what) if rule else
                 _("Review: the rules due for review. Answer right twice, over different "
                   "visits, and it leaves your list."))
        self.header.value = f"{_STYLE}<p>{intro} {back}</p>"

        def hook(item: QuizItem, choice: str, feedback: Any) -> None:
            try:
                course.record(learner, 0, item, bool(feedback.correct))
            except TrucoError:
                log.warning("review answer not saved", exc_info=True)
        self.quiz = QuizView(items, on_answer=hook)
        self.children = (self.style, self.header, self.quiz)
