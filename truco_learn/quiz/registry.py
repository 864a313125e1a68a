"""Item kinds by name, the kinds each lesson tests, and seeded quizzes.

Every kind may be asked with every preset, so a teacher's mixed assignment (lessons 2 and 8,
say) works whatever its variant: lesson 8's kinds (envido and flor) are built on an Argentine
or gaúcho table (:func:`truco_learn.quiz.envido_words.table_for`: a Brazilian variant gives
``argentino-2p``, or ``argentino-4p`` for four seats), and the Brazilian kinds asked with an
Argentine or gaúcho variant are built on ``paulista-2p`` (``paulista-4p`` for four seats). The
item keeps the variant it was asked with (it rebuilds from it); ``item.data["table"]`` is the
table it was built on.

>>> item = make_item("manilhas", 42)
>>> item == make_item("manilhas", 42)          # the same seed rebuilds the same item
True
>>> [i.kind for i in make_quiz([3], 4, seed=1)]
['trick_winner', 'hand_winner', 'trick_winner', 'hand_winner']
>>> make_item("poker", 1)
Traceback (most recent call last):
...
truco_learn.errors.ConfigError: unknown quiz item kind 'poker' (known: card_rank, manilhas, trick_winner, partner_trick, hand_winner, lead_after_tie, bet_points, eleven, legal, eleven_legal, cover_legal, exposed_card, envido_points, envido_winner, envido_declined, envido_legal, coach)
>>> make_item("envido_points", 3).data["table"], make_item("envido_points", 3, "gauderio-4p").data["table"]
('argentino-2p', 'gauderio-2p')
>>> item = make_item("manilhas", 42, "argentino-4p")
>>> item.variant, item.data["table"]
('argentino-4p', 'paulista-4p')
>>> make_item("manilhas", 42, "argentino")
Traceback (most recent call last):
...
truco_learn.errors.ConfigError: unknown variant 'argentino' (known: paulista-2p, paulista-4p, paulista-fpt, mineiro-4p, mineiro-2p, argentino-2p, argentino-4p, gauderio-2p, gauderio-4p)
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
from .kinds_envido import envido_points, envido_winner
from .kinds_envido_calls import envido_declined, envido_legal
from .kinds_exposed import exposed_card
from .kinds_hands import hand_winner, lead_after_tie
from .kinds_coach import coach
from .kinds_legal import cover_legal, eleven_legal, legal
from .envido_words import table_for
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
    "envido_points": envido_points,
    "envido_winner": envido_winner,
    "envido_declined": envido_declined,
    "envido_legal": envido_legal,
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
    8: ("envido_points", "envido_winner", "envido_declined", "envido_legal"),
}

#: the kinds built on an Argentine or gaúcho table (lesson 8), whatever variant they are asked
#: with; every other kind is built on a Brazilian table
ENVIDO_KINDS: frozenset[str] = frozenset(LESSON_KINDS[8])


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


#: the presets a quiz may be asked with (every one: see the module's docstring)
QUIZ_VARIANTS: tuple[str, ...] = VARIANTS
#: the Brazilian presets, on which the kinds of lessons 1 to 7 are built
BRAZILIAN_VARIANTS: tuple[str, ...] = tuple(v for v in VARIANTS
                                            if not make_options(v).extended)
#: the Argentine and gaúcho presets, on which lesson 8's kinds are built
ENVIDO_VARIANTS: tuple[str, ...] = tuple(v for v in VARIANTS if v not in BRAZILIAN_VARIANTS)


def built_on(kind: str, variant: str) -> str:
    """The preset an item of ``kind`` asked with ``variant`` is built on (ConfigError for an
    unknown variant).

    >>> built_on("legal", "gauderio-2p"), built_on("envido_points", "mineiro-4p")
    ('paulista-2p', 'argentino-4p')
    """
    opts = make_options(variant)
    if kind in ENVIDO_KINDS:
        return variant if variant in ENVIDO_VARIANTS else table_for(variant)
    if variant in BRAZILIAN_VARIANTS:
        return variant
    return f"paulista-{opts.seats}p"


def make_item(kind: str, seed: int, variant: str = "paulista-2p") -> QuizItem:
    """Build one item of ``kind`` from ``seed``, worded in the current language (the same
    arguments give the same item in every language: the same choices in the same places;
    :func:`truco_learn.quiz.display.answer_key` gives a choice's language-independent key).

    Raises ConfigError for an unknown kind or variant or a bad seed.
    """
    maker = _MAKERS.get(kind) if isinstance(kind, str) else None
    if maker is None:
        raise ConfigError(f"unknown quiz item kind {kind!r} (known: {', '.join(_MAKERS)})")
    table = built_on(kind, variant)  # also a clear ConfigError for an unknown variant
    _check_seed(seed)
    item = maker(seed, table, random.Random(f"{kind}/{table}/{seed}"))
    return replace(item, variant=variant, lang=current())


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
