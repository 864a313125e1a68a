"""Lesson 8's facts about Argentine and gaúcho truco, read from the engine: the order of the
cards, how a hand's envido is counted (for the walker), and what an envido exchange pays when
it is accepted or declined (for the ladder demo).

Nothing here states a rule of its own: the order comes from the engine's strength table, the
envido from :mod:`truco_learn.engine.handpoints`, and the payments from playing the calls in the
engine and reading what it scored.

>>> [card_str(c) for c in top_cards()]
['AS', 'AC', '7S', '7D']
>>> [rank for rank, _cards in ordinary_order()][:4]
['3', '2', 'A', 'K']
>>> count = envido_count(("7S", "5S", "KC"))
>>> count.total, count.bonus, [card_str(c) for c in count.counted], count.values
(32, 20, ['7S', '5S'], (7, 5))
>>> envido_count(("KC", "JH", "QS")).total
0
>>> [call_words(seq) for seq in call_sequences()][:3]
['envido', 'envido, envido', 'envido, real envido']
>>> exchange_pays(("envido", "real_envido")), exchange_pays(("falta_envido",), score=(12, 20))
((5, 2), (10, 1))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple, Sequence

from ..engine.actions import ACTION_STR, ENVIDO, FALTA_ENVIDO, REAL_ENVIDO
from ..engine.cards import DECK, RANKS, card_str, parse_card, strength_table
from ..engine.envido import next_calls
from ..engine.handpoints import (FACE_VALUE, envido_cards, envido_points, flor_points,
                                 has_flor)
from ..engine.options import PRESETS, Options
from ..engine.state import new_hand, step
from ..errors import ConfigError

__all__ = ["EnvidoCount", "Exchange", "call_sequences", "call_words", "deal_three",
           "envido_count", "exchange", "exchange_pays", "ordinary_order", "top_cards"]

ARGENTINO = "argentino-2p"
GAUCHO = "gauderio-2p"
#: the calls as a learner says them (Spanish words: they are not translated at the table)
CALL_WORDS = {ENVIDO: "envido", REAL_ENVIDO: "real envido", FALTA_ENVIDO: "falta envido"}
# a fixed deal the ladder demo plays its calls on (who wins does not change what is paid)
_LADDER_HANDS = (("7S", "5S", "KC"), ("6H", "4H", "AD"))


def _strength(opts: Options) -> tuple[int, ...]:
    if opts.manilhas != "argentine":
        raise ConfigError(f"{opts.variant} has no fixed Argentine top cards")
    return strength_table(opts.manilhas, None)


def top_cards(variant: str = ARGENTINO) -> tuple[int, ...]:
    """The four cards above all others, strongest first, as the engine ranks them."""
    strength = _strength(PRESETS[variant])
    ordinary = max(c // 4 for c in DECK)
    tops = [c for c in DECK if strength[c] > ordinary]
    return tuple(sorted(tops, key=lambda c: -strength[c]))


def ordinary_order(variant: str = ARGENTINO) -> list[tuple[str, tuple[int, ...]]]:
    """Every other card, grouped by rank, strongest rank first: ``[('3', (3C, 3H, 3S, 3D)),
    ('2', ...), ('A', (AH, AD)), ...]`` (the top cards left out of their ranks)."""
    strength = _strength(PRESETS[variant])
    tops = set(top_cards(variant))
    groups: dict[int, list[int]] = {}
    for c in DECK:
        if c not in tops:
            groups.setdefault(strength[c], []).append(c)
    return [(RANKS[cards[0] // 4], tuple(cards))
            for _s, cards in sorted(groups.items(), key=lambda kv: -kv[0])]


@dataclass(frozen=True, slots=True)
class EnvidoCount:
    """How one hand's envido is counted: the cards that count, their face values, the 20 for a
    pair of one suit, and the total (the engine's :func:`envido_points`)."""

    cards: tuple[int, int, int]
    face_values: tuple[int, int, int]  # every card's face value, in ``cards`` order
    suit: int | None  # the suit of the counted pair, or None when no two cards share one
    counted: tuple[int, ...]  # the cards whose face values make the envido
    values: tuple[int, ...]  # their face values
    bonus: int  # 20 for a pair of one suit, else 0
    total: int
    flor: bool  # three cards of one suit (a flor where the table plays flor)
    flor_total: int  # 20 + all three face values (the flor's points, meaningful for a flor)


def envido_count(hand: Sequence[object]) -> EnvidoCount:
    """The counting of a three-card hand (cards as codes or notation); ConfigError if the
    parts do not add up to the engine's envido (the walker would then teach a wrong sum)."""
    cards = tuple(c if isinstance(c, int) else parse_card(c) for c in hand)
    if len(cards) != 3 or len(set(cards)) != 3:
        raise ConfigError(f"an envido is counted on three different cards, not {hand!r}")
    face = tuple(FACE_VALUE[c // 4] for c in cards)
    total = envido_points(cards)
    counted = envido_cards(cards)
    paired = len(counted) == 2
    suit: int | None = counted[0] % 4 if paired else None
    bonus = 20 if paired else 0
    values = tuple(FACE_VALUE[c // 4] for c in counted)
    if bonus + sum(values) != total:
        raise ConfigError(f"the envido of {[card_str(c) for c in cards]} is {total}, not "
                          f"{bonus} + {values}")
    return EnvidoCount((cards[0], cards[1], cards[2]), (face[0], face[1], face[2]), suit,
                       counted, values, bonus, total, has_flor(cards), flor_points(cards))


def deal_three(rng: random.Random) -> tuple[int, int, int]:
    """Three cards from a shuffled deck (``rng`` injected and seeded by the caller)."""
    a, b, c = rng.sample(DECK, 3)
    return a, b, c


def call_sequences(real_repeat: bool = False) -> list[tuple[str, ...]]:
    """Every envido exchange a table allows (the engine's :func:`next_calls`), shortest calls
    first; with ``real_repeat`` real envido is repeated at most twice (the list stays short)."""
    out: list[tuple[int, ...]] = []
    todo: list[tuple[int, ...]] = [(ENVIDO,), (REAL_ENVIDO,), (FALTA_ENVIDO,)]
    while todo:
        seq = todo.pop(0)
        out.append(seq)
        if seq.count(REAL_ENVIDO) < 2:
            todo += [seq + (c,) for c in next_calls(seq, real_repeat)]
    out.sort(key=lambda s: (s[0], len(s), s))
    return [tuple(ACTION_STR[c] for c in seq) for seq in out]


def call_words(calls: Sequence[str]) -> str:
    """``'envido, real envido'``: the calls as players say them."""
    return ", ".join(c.replace("_", " ") for c in calls)


class Exchange(NamedTuple):
    """An envido exchange as the engine settled it: the points after quiero and after no
    quiero, and the team the no quiero pays (the last caller's: 0 is Ana's)."""

    accepted: int
    declined: int
    declined_to: int


def exchange(calls: Sequence[str], score: tuple[int, int] = (0, 0),
             variant: str = ARGENTINO) -> Exchange:
    """Play the calls in the engine (Ana, the mão, calls first; the players take turns) at
    ``score``, then once ``accept`` and once ``fold``, and read what it scored. Bad calls or
    scores raise the engine's own errors (a ``ValueError``)."""
    if not calls:
        raise ConfigError("an envido exchange has at least one call")
    state = new_hand(variant, dealer=1, hands=[list(h) for h in _LADDER_HANDS], score=score)
    for call in calls:
        state = step(state, call)
    yes, no = step(state, "accept"), step(state, "fold")
    assert yes.ext is not None and no.ext is not None
    return Exchange(yes.ext.env_points, no.ext.env_points, no.ext.env_winner)


def exchange_pays(calls: Sequence[str], score: tuple[int, int] = (0, 0),
                  variant: str = ARGENTINO) -> tuple[int, int]:
    """What the engine scores for the exchange ``calls``: ``(accepted, declined)`` (the
    winner's points after quiero, the last caller's after no quiero), played at ``score``."""
    e = exchange(calls, score, variant)
    return e.accepted, e.declined
