"""The step-by-step lesson widget: Back / Next through a lesson's steps, with the step's demo
under its text and the lesson's quiz at the end.

In a notebook: ``from truco_learn.widgets.lesson_view import lesson; lesson(3)``.

>>> view = lesson(2)
>>> view.step_index, view.title.value.startswith("<h3")
(0, True)
>>> view.next_button.click(); view.step_index
1
>>> type(view.current_demo).__name__
'ViraPicker'
>>> view.back_button.click(); view.step_index, view.back_button.disabled
(0, True)
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..course.deals import find_line, line_group
from ..course.steps import Lesson, demo_kind, get_lesson
from ..errors import TrucoError
from ..i18n import _
from ..quiz import make_quiz
from .course_index import lesson_recorder
from .lesson_demos import HandWalkView, demo_for
from .page_style import page_style
from .play_app import PlayApp, seed_from_env
from .quiz_view import QuizView

__all__ = ["LessonView", "lesson", "QUIZ_SIZE"]

QUIZ_SIZE = 8  # questions in a lesson's end quiz
_SLOW = ("quiz", "play")  # demos that take a while to build: a note stands in meanwhile


def quiz_widget(number: int, *, seed: int = 0, size: int = QUIZ_SIZE,
                variant: str = "paulista-2p") -> QuizView:
    """The end-of-lesson quiz: ``QuizView(make_quiz([number], size, seed, variant))``; its
    answers go to the learner's course progress (:mod:`.course_index`)."""
    items = make_quiz([number], size, seed, variant)
    return QuizView(items, on_answer=lesson_recorder(number, items))


class LessonView(widgets.VBox):  # type: ignore[misc]
    """One lesson as a sequence of steps. Intents: :meth:`next`, :meth:`back`, :meth:`go`
    (or click ``next_button`` / ``back_button``). Demos are built the first time their step is
    shown and kept, so the page never holds more widgets than the steps seen so far need."""

    def __init__(self, course_lesson: Lesson, *, seed: int | None = None,
                 **kwargs: Any) -> None:
        self.lesson = course_lesson
        self.seed = seed if seed is not None else seed_from_env()
        self.title = widgets.HTML()
        self.body = widgets.HTML()
        self.progress = widgets.IntProgress(value=1, min=1, max=len(course_lesson.steps),
                                            description="", layout=widgets.Layout(width="12em"))
        self.position = widgets.HTML()
        self.back_button = widgets.Button(description=_("◀ Back"), tooltip=_("Previous step"))
        self.next_button = widgets.Button(description=_("Next ▶"), tooltip=_("Next step"),
                                          button_style="primary")
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.demo_box = widgets.VBox()
        self.play_app: PlayApp | None = None  # lessons 7 and 8's game, once its step is shown
        self.hand_walk: HandWalkView | None = None  # shared by every step with a scripted hand
        self._demos: dict[str, widgets.Widget] = {}
        self.step_index = 0
        nav = widgets.HBox([self.back_button, self.next_button, self.progress, self.position],
                           layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        super().__init__([page_style(), self.title, nav, self.body, self.demo_box], **kwargs)
        self.add_class("truco-lesson")
        self.go(0)

    @property
    def step(self) -> Any:
        return self.lesson.steps[self.step_index]

    @property
    def current_demo(self) -> widgets.Widget | None:
        """The demo shown under the current step (``None`` if the step has none)."""
        children = self.demo_box.children
        return children[0] if children else None

    def go(self, index: int) -> None:
        """Show step ``index`` (0-based); a step that does not exist changes nothing."""
        steps = self.lesson.steps
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(steps):
            raise TrucoError(f"lesson {self.lesson.number} has steps 0 to {len(steps) - 1}, "
                             f"not {index!r}")
        self.step_index = index
        step = steps[index]
        # The whole step changes before its demo is built (a quiz takes seconds): Back and Next
        # wait, and a note stands where the last step's demo was.
        self.back_button.disabled = self.next_button.disabled = True
        title = escape(step.title)
        # Translators: read aloud by a screen reader for the step's heading.
        label = _("Lesson {lesson}, step {step}: {title}").format(
            lesson=self.lesson.number, step=index + 1, title=title)
        self.title.value = f"<h3 aria-label='{label}'>{title}</h3>"
        self.progress.value = index + 1
        self.position.value = _("Step {step} of {steps}").format(step=index + 1,
                                                                  steps=len(steps))
        self.body.value = f"<div class='truco-step'>{step.body}</div>"
        if step.demo is None:
            self.demo_box.children = ()
        else:
            if step.demo in _SLOW and step.demo not in self._demos:
                self.demo_box.children = (self._preparing(step.demo),)
            self.demo_box.children = (self._demo(step.demo),)
        self.back_button.disabled = index == 0
        self.next_button.disabled = index == len(steps) - 1

    @staticmethod
    def _preparing(name: str) -> widgets.HTML:
        """The note shown while a slow demo (``quiz`` or ``play``) is being built."""
        text = _("Preparing the quiz…") if name == "quiz" else _("Preparing the game…")
        note = widgets.HTML(f"<p class='tl-preparing' role='status'>{escape(text)}</p>")
        note.add_class("tl-preparing-note")
        return note

    def next(self) -> None:
        if self.step_index < len(self.lesson.steps) - 1:
            self.go(self.step_index + 1)

    def back(self) -> None:
        if self.step_index > 0:
            self.go(self.step_index - 1)

    def _demo(self, name: str) -> widgets.Widget:
        kind, arg = demo_kind(name)
        if kind in ("hand", "lines"):  # one hand walk for the whole lesson: fewer widgets
            lines = [find_line(arg)] if kind == "hand" else list(line_group(arg))
            if self.hand_walk is None:
                self.hand_walk = HandWalkView(lines)
            else:
                self.hand_walk.set_lines(lines)
            return self.hand_walk
        if name not in self._demos:
            if name == "quiz":
                self._demos[name] = quiz_widget(self.lesson.number, seed=self.seed,
                                                variant=self.lesson.variant)
            elif name == "play":
                self.play_app = PlayApp(self.lesson.variant, seed=self.seed)
                self._demos[name] = self.play_app.widget
            else:
                self._demos[name] = demo_for(name, seed=self.seed)
        return self._demos[name]


def lesson(number: int, *, seed: int | None = None) -> LessonView:
    """The lesson widget for lesson ``number`` (1..8). ``seed`` fixes its quiz, its iron hand
    and its game; without one, ``TRUCO_LEARN_SEED`` or a fresh seed is used (as on the play
    page)."""
    return LessonView(get_lesson(number), seed=seed)
