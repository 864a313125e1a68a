"""What the other side's envido calls and answers say of its envido points (issue 18).

A player who calls envido mostly holds a good one; a real envido or a falta envido says more,
and a no quiero says less. The coach's deal sampler (:class:`.sampler.DealSampler`) and the
share of their hands below its own points (:mod:`.envido_explain`) once drew the hidden cards
as if nobody had said a word: after a falta envido it imagined their envido as any three cards
give (30 or more in 9 hands of 100), so it answered as if most of their hands were weak, and
the sentence's "of the hands they may hold" was not true. Now each drawn deal is kept with
the chance that a sensible player holding that seat's points would have said what it said
(soft, as for their trucos: a bluff or a lapse is always possible, no hand is ruled out).

The chance, by the points held (the mão's point of a tie counted), rises from ``floor`` to 1
around a centre near the rule of thumb's own numbers (:mod:`.envido_policy`: an envido from
27, a real envido from 31, a falta envido from 33, quiero to an envido from 26 and one more
per raise, to a falta envido from 30), softened by :data:`SPREAD` points either way. Where
the coach has learnt the player (at two seats without flor), an envido it opens is read with
the bluff rate learnt for it (:mod:`.envido_calls`) as the floor, and its quiero or no quiero
by the points it was seen to say quiero from (:mod:`.envido_reading`).

>>> from truco_learn.engine import new_hand, observation, step
>>> s = new_hand("argentino-2p", dealer=0, hands=[["5S", "3C", "4H"], ["3S", "4C", "7S"]])
>>> ev = EnvidoEvidence.of(observation(step(s, "falta_envido"), 0))   # seat 1 (the mão)
>>> from truco_learn.engine.cards import parse_card
>>> def held(*cards: str) -> list[list[int]]: return [[], [parse_card(c) for c in cards]]
>>> round(ev.chance(held("4H", "5S", "KC")), 3), round(ev.chance(held("7S", "6S", "KC")), 3)
(0.05, 0.967)
>>> EnvidoEvidence.of(observation(s, 0)).steps        # nothing said yet
()
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Mapping, Sequence

from ..engine.actions import ACCEPT, ENVIDO, ENVIDO_CALLS, FALTA_ENVIDO, FOLD, REAL_ENVIDO
from ..engine.handpoints import envido_points
from ..engine.observer import Observed, determinize, parse_observation
from ..engine.state import HandState, apply_legal, new_hand
from .envido_policy import ACCEPT_AT, FALTA_AT, OPEN_ENVIDO
from .envido_reading import EnvidoAnswers, call_kind

SPREAD = 1.5  # points: within this of a centre the chance goes 0.12 to 0.88 of the way up
MAX_POINTS = 34  # one more than the best envido (33) with the mão's point
TRIES = 40  # hidden deals drawn at most for one kept (the last is kept after that)
# (centre, floor) of each call: an opening call, or a raise of an open exchange
CALLS: dict[tuple[int, bool], tuple[float, float]] = {
    (ENVIDO, False): (OPEN_ENVIDO - 0.5, 0.08), (ENVIDO, True): (OPEN_ENVIDO + 0.5, 0.08),
    (REAL_ENVIDO, False): (30.0, 0.06), (REAL_ENVIDO, True): (30.5, 0.06),
    (FALTA_ENVIDO, False): (31.5, 0.05), (FALTA_ENVIDO, True): (31.5, 0.05),
}
# a quiero's centre (an envido's: one more per raise), the rule of thumb's less half a point
QUIERO = {"envido": ACCEPT_AT - 0.5, "falta": FALTA_AT - 0.5}
LAPSE = 0.1  # a quiero or a no quiero against the points, as often as this

#: one read action: the seat, the chance of it by the seat's points (0..MAX_POINTS)
Step = tuple[int, tuple[float, ...]]
#: what was learnt of the player (:func:`read_step`): its answers to my envido calls, and how
#: often it opens an envido on a weak one
EnvidoLearnt = tuple[EnvidoAnswers, float]


def rising(centre: float, floor: float) -> tuple[float, ...]:
    """The chance of a call by the points held (0..MAX_POINTS): from ``floor`` up to 1 around
    ``centre``, soft by :data:`SPREAD` points either way."""
    return tuple(floor + (1.0 - floor) / (1.0 + math.exp(-2.0 * (p - centre) / SPREAD))
                 for p in range(MAX_POINTS + 1))


def read_step(t: HandState, who: int, code: int, answers: EnvidoAnswers | None = None,
              bluff: float | None = None) -> Step | None:
    """The chance of ``who``'s envido action ``code`` in ``t`` by the points it holds, or
    None when it is no envido call nor an answer to one (a flor's are not read). With what was
    learnt of the player: a quiero or no quiero by ``answers`` (:mod:`.envido_reading`), an
    envido opened on a weak one as often as ``bluff`` (:mod:`.envido_calls`).

    >>> from truco_learn.engine import new_hand
    >>> s = new_hand("argentino-2p", dealer=0, hands=[["5S", "3C", "4H"], ["3S", "4C", "7S"]])
    >>> seat, chance = read_step(s, 1, ENVIDO)
    >>> seat, round(chance[20], 2), round(chance[30], 2)
    (1, 0.08, 0.99)
    """
    x = t.ext
    if x is None or x.flor_wait:
        return None
    if code in ENVIDO_CALLS:
        centre, floor = CALLS[code, x.env_open]
        if bluff is not None and code == ENVIDO and not x.env_open:
            floor = bluff
        return who, rising(centre, floor)
    if code not in (ACCEPT, FOLD) or not x.env_open or not x.env_calls:
        return None
    calls = [c for _, c in x.env_calls]
    kind = call_kind(calls)
    raised = len(calls) - 1 if kind == "envido" else 0  # each raise asks one point more
    if answers is None:
        quiero = rising(QUIERO[kind] + raised, LAPSE / 2)
    else:  # (the points here count the mão's point, as :func:`.answer_points` does)
        quiero = tuple(LAPSE / 2 + (1.0 - LAPSE) * answers.accept_chance(kind, p - raised)
                       for p in range(MAX_POINTS + 1))
    return who, quiero if code == ACCEPT else tuple(1.0 - q for q in quiero)


class EnvidoEvidence:
    """The envido actions of the other team read from a public log, and the chance of a drawn
    deal under them (the product over the actions, as far as ``trust`` goes)."""

    def __init__(self, steps: Sequence[Step], mao: int, trust: float = 1.0) -> None:
        self.steps = tuple(steps)
        self.mao = mao
        self.trust = trust

    @classmethod
    def of(cls, observation: Mapping[str, Any] | Observed, trust: float = 1.0,
           answers: EnvidoAnswers | None = None, bluff: float | None = None
           ) -> EnvidoEvidence:
        """The other team's envido actions in the observation's log (read by what was learnt
        of the player, when given: see :func:`read_step`)."""
        ob = (observation if isinstance(observation, Observed)
              else parse_observation(observation))
        s = determinize(ob, random.Random(0))
        if s.ext is None:
            return cls((), s.deal.mao, trust)
        d = s.deal
        t = new_hand(d.opts, d.dealer, d.hands, d.vira, d.score)
        steps: list[Step] = []
        for who, code in s.log:
            if who & 1 != ob.seat & 1:
                step = read_step(t, who, code, answers, bluff)
                if step is not None:
                    steps.append(step)
            t = apply_legal(t, code)
        return cls(steps, d.mao, trust)

    def chance(self, hands: Sequence[Sequence[int]]) -> float:
        """The chance of the actions read, with these hands dealt (1.0 when nothing was
        read)."""
        p = 1.0
        for who, curve in self.steps:
            points = envido_points(hands[who]) + (self.mao & 1 == who & 1)
            p *= 1.0 - self.trust * (1.0 - curve[min(points, MAX_POINTS)])
        return p

    def draw(self, draw: Callable[[random.Random], tuple[list[list[int]], dict[int, list[int]]]],
             rng: random.Random, tries: int = TRIES
             ) -> tuple[list[list[int]], dict[int, list[int]]]:
        """Hidden cards from ``draw`` kept with their :meth:`chance` (the last draw after
        ``tries``)."""
        got = draw(rng)
        if not self.steps:
            return got
        for _ in range(tries - 1):
            if rng.random() < self.chance(got[0]):
                return got
            got = draw(rng)
        return got


__all__ = ["CALLS", "EnvidoEvidence", "EnvidoLearnt", "MAX_POINTS", "QUIERO", "read_step",
           "rising"]
