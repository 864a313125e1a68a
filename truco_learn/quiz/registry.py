"""Item kinds by name, the kinds each lesson tests, and seeded quizzes.

>>> item = make_item("manilhas", 42)
>>> item == make_item("manilhas", 42)          # the same seed rebuilds the same item
True
>>> [i.kind for i in make_quiz([3], 4, seed=1)]
['trick_winner', 'hand_winner', 'trick_winner', 'hand_winner']
>>> make_item("poker", 1)
Traceback (most recent call last):
...
truco_learn.errors.ConfigError: unknown quiz item kind 'poker' (known: card_rank, manilhas, trick_winner, partner_trick, hand_winner, lead_after_tie, bet_points, eleven, legal, eleven_legal, cover_legal, exposed_card, coach)
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable, Sequence

from ..engine.options import VARIANTS, make_options
from ..errors import ConfigError
from ..i18n import current
from .kinds_betting import bet_points, eleven
from .kinds_cards import card_rank, manilhas, partner_trick, trick_winner
from .kinds_exposed import exposed_card
from .kinds_hands import hand_winner, lead_after_tie
from .kinds_coach import coach
from .kinds_legal import cover_legal, eleven_legal, legal
from .model import QuizItem

Maker = Callable[[int, str, random.Random], QuizItem]

_MAKERS: dict[str, Maker] = {
    "card_rank": card_rank,
    "manilhas": manilhas,
    "trick_winner": trick_winner,
    "partner_trick": partner_trick,
    "hand_winner": hand_winner,
    "lead_after_tie": lead_after_tie,
    "bet_points": bet_points,
    "eleven": eleven,
    "legal": legal,
    "eleven_legal": eleven_legal,
    "cover_legal": cover_legal,
    "exposed_card": exposed_card,
    "coach": coach,
}

ITEM_KINDS: tuple[str, ...] = tuple(_MAKERS)

#: lesson number -> the item kinds its end-of-lesson quiz asks
LESSON_KINDS: dict[int, tuple[str, ...]] = {
    1: ("card_rank",),
    2: ("manilhas", "trick_winner"),
    3: ("trick_winner", "hand_winner"),
    4: ("bet_points", "legal"),
    5: ("eleven", "eleven_legal"),
    6: ("partner_trick", "lead_after_tie", "cover_legal", "exposed_card"),
    7: ("coach",),
}


def register_kind(kind: str, maker: Maker, lessons: Sequence[int] = ()) -> None:
    """Add an item kind (used for kinds whose layer lands later, such as the coach's)."""
    global ITEM_KINDS
    _MAKERS[kind] = maker
    ITEM_KINDS = tuple(_MAKERS)
    for n in lessons:
        if kind not in LESSON_KINDS[n]:
            LESSON_KINDS[n] = LESSON_KINDS[n] + (kind,)


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigError(f"bad seed {seed!r}: a seed is a whole number, 0 or more")
    return seed


# the presets quiz items are built for (the Argentine and gaúcho ones: lesson 8, not yet)
QUIZ_VARIANTS: tuple[str, ...] = tuple(v for v in VARIANTS if not make_options(v).extended)


def make_item(kind: str, seed: int, variant: str = "paulista-2p") -> QuizItem:
    """Build one item of ``kind`` from ``seed``, worded in the current language (the same
    arguments give the same item in every language: the same choices in the same places;
    :func:`truco_learn.quiz.display.answer_key` gives a choice's language-independent key).

    Raises ConfigError for an unknown kind or variant or a bad seed.
    """
    maker = _MAKERS.get(kind) if isinstance(kind, str) else None
    if maker is None:
        raise ConfigError(f"unknown quiz item kind {kind!r} (known: {', '.join(_MAKERS)})")
    if make_options(variant).extended:  # also a clear ConfigError for an unknown variant
        raise ConfigError(f"quiz items are built for the Brazilian presets "
                          f"({', '.join(QUIZ_VARIANTS)}), not {variant}: the Argentine and "
                          "gaúcho items (lesson 8) are not written yet")
    _check_seed(seed)
    item = maker(seed, variant, random.Random(f"{kind}/{variant}/{seed}"))
    return replace(item, lang=current())


def make_quiz(lessons: Sequence[int], n: int, seed: int,
              variant: str = "paulista-2p") -> list[QuizItem]:
    """``n`` items over the kinds of ``lessons`` (in turn), each with its own seed drawn from
    ``seed``: the same arguments give the same quiz."""
    if isinstance(lessons, (str, bytes)) or not lessons:
        raise ConfigError(f"lessons must be a list of lesson numbers, got {lessons!r}")
    kinds: list[str] = []
    for number in lessons:
        if number not in LESSON_KINDS:
            raise ConfigError(f"unknown lesson {number!r} (lessons are 1 to "
                              f"{max(LESSON_KINDS)})")
        kinds += [k for k in LESSON_KINDS[number] if k not in kinds]
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 500:
        raise ConfigError(f"bad number of questions {n!r}: expected 1 to 500")
    rng = random.Random(f"quiz/{_check_seed(seed)}")
    return [make_item(kinds[i % len(kinds)], rng.randrange(2 ** 31), variant) for i in range(n)]
