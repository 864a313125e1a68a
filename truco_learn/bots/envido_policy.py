"""Rules of thumb for envido and flor (the heuristic bot's choice and the coach's playouts).

Like :mod:`.policy` it reads only what the acting seat knows: its own dealt cards and the
public table, so it may run inside a determinized deal.

>>> import random
>>> from truco_learn.engine import new_hand, action_str
>>> s = new_hand("argentino-2p", dealer=1, hands=[["7S", "6S", "KC"], ["6H", "4H", "AD"]])
>>> action_str(envido_choice(s, random.Random(0)))       # 33: the best envido there is
'real_envido'
>>> s = new_hand("gauderio-4p", dealer=3, hands=[["5C", "4C", "KC"], ["7H", "6H", "AH"],
...                                              ["3S", "2D", "QS"], ["JD", "5D", "4S"]])
>>> action_str(envido_choice(s, random.Random(0)))       # a flor of 34 against a first flor
'contraflor'
"""

from __future__ import annotations

import random

from ..engine.actions import (ACCEPT, ACHICO, CONTRAFLOR, ENVIDO, FALTA_ENVIDO, FLOR, FOLD,
                              REAL_ENVIDO)
from ..engine.handpoints import envido_points, flor_points
from ..engine.state import HandState, legal_codes

OPEN_ENVIDO = 27  # call envido at this many points
OPEN_REAL = 31  # call real envido at this many
ACCEPT_AT = 26  # accept an envido call at this many (one less as the mão: ties are mine)
FALTA_AT = 30  # accept or call the falta envido at this many
CONTRA_AT = 33  # answer a flor with contraflor at this many flor points
ACCEPT_CONTRA_AT = 32
BLUFF = 0.05  # call envido anyway now and then


def envido_choice(s: HandState, rng: random.Random, bluff: float = BLUFF,
                  legal: list[int] | None = None, margin: int = 0) -> int | None:
    """The action for an envido or flor decision of the seat to act, or ``None`` when there is
    none to take (no envido or flor waits, and this seat does not open an envido); ``legal``:
    the legal codes of ``s``, if the caller has them already; ``margin``: say quiero to an
    envido or a falta envido with this many points fewer than the rule of thumb."""
    x = s.ext
    if x is None or s.to_act < 0:
        return None
    d = s.deal
    seat = s.to_act
    cards = d.hands[seat]
    if x.flor_wait == 1:
        pts = flor_points(cards)
        if pts >= CONTRA_AT:
            return CONTRAFLOR
        if pts <= 22 and d.mao & 1 != seat & 1:
            return ACHICO
        return FLOR
    if x.flor_wait == 2:
        return ACCEPT if flor_points(cards) >= ACCEPT_CONTRA_AT else FOLD
    if legal is None:
        legal = legal_codes(s)
    if not x.env_open and ENVIDO not in legal:
        return None
    mine = envido_points(cards)
    mao = 1 if d.mao & 1 == seat & 1 else 0
    if x.env_open:
        calls = [c for _, c in x.env_calls]
        if FALTA_ENVIDO in calls:
            return ACCEPT if mine + mao + margin >= FALTA_AT else FOLD
        if mine >= 33 and FALTA_ENVIDO in legal:
            return FALTA_ENVIDO
        # raise to real envido once: with real_envido_repeat (gaúcho) two strong hands would
        # otherwise raise each other for ever
        if mine + mao >= OPEN_REAL + 1 and REAL_ENVIDO in legal and REAL_ENVIDO not in calls:
            return REAL_ENVIDO
        return ACCEPT if mine + mao + margin >= ACCEPT_AT + len(calls) - 1 else FOLD
    if mine >= OPEN_REAL:
        return REAL_ENVIDO
    if mine + mao >= OPEN_ENVIDO or rng.random() < bluff:
        return ENVIDO
    return None
