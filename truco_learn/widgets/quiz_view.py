"""The quiz widget: one item at a time, a progress bar, a score, feedback and spaced retry.

A thin view over :mod:`truco_learn.quiz`: grading is :func:`truco_learn.quiz.grade`, run in the
kernel; the page only ever gets the prompt, the choices and, after an answer, the feedback
(no answer key is sent to the browser). The intents are methods tests call without a browser.

Every word is in the current language: the items are shown through
:func:`truco_learn.quiz.display.localized`. ``answer`` takes a choice as the learner reads it,
as the item words it, or its language-independent key; ``on_answer`` always receives the key
(:func:`truco_learn.quiz.display.answer_key`: the English choice at its place), so what is
stored does not depend on the language.

>>> from truco_learn.quiz import make_quiz
>>> items = make_quiz([2], 2, seed=5)
>>> view = QuizView(items)
>>> view.answer(view.current.answer).correct, view.score
(True, 1)
>>> view.next(); view.answer("nonsense")
Traceback (most recent call last):
...
ValueError: 'nonsense' is not one of this question's choices: ...
"""

from __future__ import annotations

from html import escape
from typing import Callable, Mapping, Sequence

import ipywidgets as w  # type: ignore[import-untyped]

from ..engine.cards import parse_card
from ..engine.options import make_options
from ..i18n import _
from ..quiz import RULE_TEXT, Feedback, QuizItem, grade
from ..quiz.display import answer_key, english, localized
from .svg import card_svg

AnswerHook = Callable[[QuizItem, str, Feedback], None]
RETRY_GAP = 2  # a missed item comes back after this many other questions
MAX_TRIES = 3  # an item is asked at most this many times
MAX_CHOICES = 6
_FIG = "margin:0 6px 0 0;text-align:center"


def item_html(item: QuizItem) -> str:
    """The question as HTML, in the current language: the prompt and, when the item names
    cards, those cards drawn (no manilha marks: they would give the answer away)."""
    cards = item.data.get("cards") or []
    vira = item.data.get("vira")
    table = item.data.get("table") or item.variant
    deck = item.data.get("deck") or make_options(table).deck
    pics = []
    if vira:
        caption = escape(_("vira"))
        pics.append(f'<figure class="tl-vira" style="{_FIG}">'
                    f'{card_svg(parse_card(vira), deck=deck, width=52)}'
                    f"<figcaption>{caption}</figcaption></figure>")
    for c in cards:
        if c != vira:
            pics.append(f'<figure style="{_FIG}">{card_svg(parse_card(c), deck=deck, width=52)}'
                        "</figure>")
    row = (f'<div class="tl-quiz-cards" style="display:flex;gap:6px;flex-wrap:wrap">'
           f'{"".join(pics)}</div>' if pics else "")
    prompt = localized(item).prompt
    return f'<div class="tl-quiz-prompt"><p>{escape(prompt)}</p>{row}</div>'


class QuizView(w.VBox):  # type: ignore[misc]
    """One question at a time. ``answer(choice)`` grades, ``next()`` moves on; ``index`` is the
    position in the run (missed items are asked again later, so the run can grow), ``score`` the
    items right at the first try, ``feedback`` the last :class:`Feedback` (``None`` before an
    answer). ``on_answer(item, choice, feedback)`` is called for every answer given."""

    def __init__(self, items: Sequence[QuizItem], on_answer: AnswerHook | None = None) -> None:
        if not items:
            raise ValueError("a quiz needs at least one item")
        self.items: list[QuizItem] = list(items)
        self.on_answer = on_answer
        self.queue: list[int] = list(range(len(self.items)))
        self.tries: list[int] = [0] * len(self.items)
        self.first_try: list[bool | None] = [None] * len(self.items)
        self.index = 0
        self.score = 0
        self.feedback: Feedback | None = None
        self.missed_rules: list[str] = []
        self._status = w.HTML()
        self._bar = w.IntProgress(min=0, max=len(self.queue), value=0,
                                  description=_("Progress"), layout=w.Layout(width="60%"))
        self._prompt = w.HTML()
        # a long answer wraps onto more lines (page_style's ``tl-wrap``), never cut with "…"
        self._buttons = [w.Button(layout=w.Layout(width="auto", max_width="100%"))
                         for _i in range(MAX_CHOICES)]
        for i, b in enumerate(self._buttons):
            b.add_class("tl-wrap")
            b.on_click(lambda _b, i=i: self._clicked(i))
        self._feedback = w.HTML()
        self._next = w.Button(description=_("Next"), button_style="primary")
        self._next.on_click(lambda _b: self.next())
        super().__init__([self._status, self._bar, self._prompt,
                          w.HBox(self._buttons, layout=w.Layout(flex_flow="row wrap")),
                          self._feedback, self._next])
        self.add_class("tl-quiz")
        self._render()

    # ---------------------------------------------------------------- state

    @property
    def done(self) -> bool:
        return self.index >= len(self.queue)

    @property
    def current(self) -> QuizItem | None:
        return None if self.done else self.items[self.queue[self.index]]

    def restore(self, first_answers: Mapping[int, str]) -> None:
        """Resume after a reload: ``first_answers[k]`` is the first answer given to item ``k``
        earlier (stored elsewhere). Those items count in the score; the missed ones are asked
        again, after the ones not yet seen. ``on_answer`` is not called."""
        for k, choice in first_answers.items():
            if not 0 <= k < len(self.items) or self.first_try[k] is not None:
                continue
            ok = grade(self.items[k], choice).correct
            self.first_try[k] = ok
            self.tries[k] = 1
            self.score += ok
            if not ok:
                self.missed_rules.append(self.items[k].rule)
        unseen = [k for k in range(len(self.items)) if self.first_try[k] is None]
        missed = [k for k in range(len(self.items)) if self.first_try[k] is False]
        self.queue, self.index, self.feedback = unseen + missed, 0, None
        self._render()

    # ---------------------------------------------------------------- intents

    def answer(self, choice: str) -> Feedback:
        """Grade ``choice`` (one of the current item's choices, as the learner reads it, as the
        item words it, or its key) for the current question; raise ValueError if there is no
        open question or the choice is not one of its choices."""
        item = self.current
        if item is None:
            raise ValueError("the quiz is finished: there is no question to answer")
        if self.feedback is not None:
            raise ValueError("this question is already answered: press Next")
        key = answer_key(item, choice)
        keys = english(item).choices
        if key not in keys:
            raise ValueError(f"{choice!r} is not one of this question's choices: "
                             f"{', '.join(item.choices)}")
        k = self.queue[self.index]
        fb = grade(item, item.choices[keys.index(key)])
        self.tries[k] += 1
        if self.first_try[k] is None:
            self.first_try[k] = fb.correct
            self.score += fb.correct
        if not fb.correct:
            self.missed_rules.append(fb.rule)
            if self.tries[k] < MAX_TRIES:
                self.queue.insert(min(len(self.queue), self.index + 1 + RETRY_GAP), k)
        self.feedback = fb
        if self.on_answer is not None:
            self.on_answer(item, key, fb)
        self._render()
        return fb

    def next(self) -> None:
        """Move to the next question (after answering this one)."""
        if self.done:
            raise ValueError("the quiz is finished")
        if self.feedback is None:
            raise ValueError("answer this question before moving on")
        self.index += 1
        self.feedback = None
        self._render()

    def _clicked(self, i: int) -> None:
        item = self.current
        if item is not None and self.feedback is None and i < len(item.choices):
            self.answer(item.choices[i])

    # ---------------------------------------------------------------- view

    def summary(self) -> str:
        """``'Score: 3 of 5 right at the first try'``, in the current language."""
        return _("Score: {right} of {total} right at the first try").format(
            right=self.score, total=len(self.items))

    def _render(self) -> None:
        self._bar.max = max(1, len(self.queue))
        self._bar.value = (self._bar.max if self.done
                           else self.index + (1 if self.feedback is not None else 0))
        item = self.current
        if item is None:
            finished = escape(_("Quiz finished."))
            self._status.value = f"<b>{finished}</b> {escape(self.summary())}."
            missed = sorted(set(self.missed_rules))
            review = "".join(f"<li>{escape(RULE_TEXT.get(r, r))}</li>" for r in missed)
            to_review = escape(_("Rules to review:"))
            all_right = escape(_("Every answer right. Well played!"))
            self._prompt.value = (f"<p>{to_review}</p><ul>{review}</ul>" if missed
                                  else f"<p>{all_right}</p>")
            self._feedback.value = ""
            for b in self._buttons:
                b.layout.display = "none"
            self._next.layout.display = "none"
            return
        asked_before = self.tries[self.queue[self.index]] > (0 if self.feedback is None else 1)
        if asked_before:
            where = _("Question {n} of {total} (again: you missed it earlier)")
        else:
            where = _("Question {n} of {total}")
        where = where.format(n=self.index + 1, total=len(self.queue))
        self._status.value = f"{escape(where)} · {escape(self.summary())}"
        self._prompt.value = item_html(item)
        shown = localized(item)
        for i, b in enumerate(self._buttons):
            if i < len(item.choices):
                b.description = shown.choices[i]
                b.layout.display = ""
                b.disabled = self.feedback is not None
                chosen = self.feedback is not None and item.choices[i] == self.feedback.answer
                b.button_style = "success" if chosen else ""
            else:
                b.layout.display = "none"
        fb = self.feedback
        if fb is None:
            self._feedback.value = ""
        else:
            colour = "#1b7a2f" if fb.correct else "#b3261e"
            rule = _("Rule: {rule}").format(rule=RULE_TEXT.get(fb.rule, fb.rule))
            self._feedback.value = (f'<div role="status" style="color:{colour}">'
                                    f"{escape(fb.message)}<br><small>{escape(rule)}</small>"
                                    "</div>")
        self._next.disabled = fb is None
        self._next.layout.display = ""
