"""The course: eight lessons, each a sequence of short steps.

A step has a title, a short HTML body for a newcomer, and optionally the name of a demo the
lesson view shows under it. Demo names:

- ``deck``: the 40 cards in order, French or Spanish;
- ``vira_picker``: pick a vira, see that hand's manilhas;
- ``mineiro``: Truco Mineiro's four fixed manilhas;
- ``top_cards``: the Argentine deck in order, the four fixed top cards first;
- ``envido_walk``: deal hands and count their envido points step by step;
- ``envido_ladder``: choose a sequence of envido calls, see what quiero and no quiero pay;
- ``hand:KEY``: step through the scripted hand ``KEY`` of :mod:`truco_learn.course.deals`;
- ``lines:GROUP``: choose among a group of scripted hands (``tie``, ``betting``, ``eleven``,
  ``partners``) and step through it;
- ``calculator``: the expected-points calculator;
- ``iron``: a blind iron hand to play;
- ``play``: a match against the coach (on the lesson's table, :attr:`Lesson.variant`);
- ``quiz``: the lesson's quiz (always the last step; its items on the lesson's table).

>>> [lesson.slug for lesson in LESSONS]
['01_cards', '02_vira_and_manilhas', '03_tricks_and_ties', '04_betting', '05_eleven_and_iron', '06_partners', '07_play_and_review', '08_argentine_and_gauderio']
>>> get_lesson(3).steps[-1].demo
'quiz'
>>> get_lesson(8).variant
'argentino-2p'
>>> get_lesson(9)
Traceback (most recent call last):
...
truco_learn.errors.ConfigError: there is no lesson 9: lessons are numbered 1 to 8
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import ConfigError
from ..i18n import N_, _

SIMPLE_DEMOS = ("deck", "vira_picker", "mineiro", "calculator", "iron", "top_cards",
                "envido_walk", "envido_ladder", "play", "quiz")


@dataclass(frozen=True, slots=True)
class Step:
    """One screen of a lesson. Its words are made when they are read, in the language of that
    moment: ``title_id`` is the English title (a catalog message), ``text`` writes the body.

    >>> from truco_learn.i18n import language
    >>> step = get_lesson(1).steps[-1]
    >>> step.title, step.body[:18]
    ('Quiz', '<p>Check what you ')
    >>> with language("pt-BR"):
    ...     step.body[:20]
    '<p>Confira o que voc'
    """

    title_id: str
    text: Callable[[], str]  # the HTML body, in the current language
    demo: str | None = None

    @property
    def title(self) -> str:
        return _(self.title_id)

    @property
    def body(self) -> str:
        """The step's HTML."""
        return self.text()


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson: its number, notebook name, title, one-line summary and steps, and the table
    its game and its quiz are played on."""

    number: int
    slug: str
    title_id: str  # English, a catalog message
    summary_id: str
    steps: tuple[Step, ...]
    variant: str = "paulista-2p"

    @property
    def title(self) -> str:
        return _(self.title_id)

    @property
    def summary(self) -> str:
        return _(self.summary_id)

    @property
    def notebook(self) -> str:
        return f"{self.slug}.ipynb"


def _with_quiz(number: int, slug: str, title: str, summary: str,
               steps: tuple[Step, ...], variant: str = "paulista-2p") -> Lesson:
    quiz = Step(N_("Quiz"), _quiz_text, "quiz")
    return Lesson(number, slug, title, summary, steps + (quiz,), variant)


def para(text: str) -> str:
    """A paragraph of a step: ``<p>text</p>`` (``text`` already in the learner's language)."""
    return f"<p>{text}</p>"


def html(*blocks: str, lead: str = "\n") -> str:
    """A step's body: its blocks (paragraphs, lists) one a line."""
    return lead + "\n".join(blocks)


def _quiz_text() -> str:
    return para(_("Check what you learned. Each answer gets instant feedback that names the "
                  "rule. Missed questions come back later."))


def _build() -> tuple[Lesson, ...]:
    from .text_argentine import ARGENTINE
    from .text_basics import BASICS
    from .text_play import PLAY

    return tuple(_with_quiz(*spec) for spec in BASICS + PLAY + ARGENTINE)


LESSONS: tuple[Lesson, ...] = _build()


def get_lesson(number: int) -> Lesson:
    """Lesson ``number`` (1..8); raise ConfigError for any other value."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(LESSONS):
        raise ConfigError(f"there is no lesson {number!r}: lessons are numbered 1 to "
                          f"{len(LESSONS)}")
    return LESSONS[number - 1]


def demo_kind(demo: str) -> tuple[str, str]:
    """Split a demo name into ``(kind, argument)`` and check it exists.

    >>> demo_kind("hand:first_tied"), demo_kind("lines:tie"), demo_kind("deck")
    (('hand', 'first_tied'), ('lines', 'tie'), ('deck', ''))
    >>> demo_kind("juggling")
    Traceback (most recent call last):
    ...
    truco_learn.errors.ConfigError: unknown demo 'juggling'
    """
    from .deals import find_line, line_group

    kind, _, arg = demo.partition(":")
    if kind == "hand":
        find_line(arg)
        return kind, arg
    if kind == "lines":
        line_group(arg)
        return kind, arg
    if kind in SIMPLE_DEMOS and not arg:
        return kind, ""
    raise ConfigError(f"unknown demo {demo!r}")
