"""Hands shared by the bots' tests."""

from __future__ import annotations

from typing import Any, Callable

import random

from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.raise_reading import GRADES, RaiseReading, moment
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import HandState, new_hand, observation, step
from truco_learn.engine.state import new_hand as dealt


def bluffed_hand(score: tuple[int, int]) -> HandState:
    """Seat 0 calls truco on 5C 4S 6H, seat 1 accepts, seat 0 shows two of them."""
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=score,
                 hands=[["5C", "4S", "6H"], ["4H", "5D", "6S"]])
    for a in ["raise", "accept", "play:5C", "play:4H", "play:4S"]:
        s = step(s, a)
    return s


def watch_hands(model: Any, hands: list[list[str]], actions: tuple[str, ...], times: int,
                score: Callable[[int], tuple[int, int]]) -> None:
    """Seat 0's ``model`` watches ``times`` hands dealt ``hands`` (dealer 1, vira 7D, the
    ``score(k)`` of the k-th) played with ``actions``: an observation at each of seat 0's
    turns and at the end, then the first one of a next hand, which closes it."""
    for k in range(times):
        s = new_hand("paulista-2p", dealer=1, vira="7D", score=score(k), hands=hands)
        for a in actions:
            if s.to_act == 0:
                model.observe(observation(s, 0))
            s = step(s, a)
        model.observe(observation(s, 0))
        model.observe(observation(new_hand("paulista-2p", dealer=0, vira="KD", score=(9, 9),
                                           hands=[["4C", "5S", "6D"], ["7H", "QS", "JD"]]), 0))


def envido_hand(score: tuple[int, int] = (3, 5)) -> HandState:
    """An ``argentino-2p`` hand: seat 0 (the coach's side) is the mão; seat 1 holds 3 envido
    points."""
    return new_hand("argentino-2p", dealer=1, hands=[["4H", "5S", "KC"], ["AS", "AC", "3D"]],
                    score=score)


def watch_from_seat0(model: Any, s: HandState, actions: tuple[str, ...]) -> HandState:
    """Seat 0's ``model`` watches ``s`` played with ``actions``: an observation at each of
    seat 0's turns and at the end (the hand is not closed by a next one)."""
    for a in actions:
        if s.to_act == 0:
            model.observe(observation(s, 0))
        s = step(s, a)
    model.observe(observation(s, 0))
    return s


def _one(grade: int) -> list[float]:
    return [1.0 if k == grade else 0.0 for k in range(GRADES)]


def only_best_reading() -> RaiseReading:
    """A raise reading that saw a player raise on the best moments only, 30 times."""
    r = RaiseReading()
    for _ in range(30):
        for g in range(GRADES - 1):
            r.add(_one(g), False)
        r.add(_one(GRADES - 1), True)
    return r


def any_moment_reading() -> RaiseReading:
    """A raise reading that saw a player raise on every moment alike, 30 times over."""
    r = RaiseReading()
    for _ in range(30):
        for g in range(GRADES):
            r.add(_one(g), True)
    return r


def share_best_moments(raised: HandState, reading: RaiseReading | None) -> float:
    """Seat 1 has just called truco in ``raised``: in the deals drawn for seat 0, how often
    does seat 1 hold a moment of the best grade (its hand as dealt)?"""
    sampler = DealSampler(observation(raised, 0), turns=OpponentModel().turns, reading=reading,
                          tries=16, resample=True)
    rng = random.Random(4)
    best = 0
    for _ in range(300):
        deal = sampler.sample(rng).deal
        start = dealt(deal.opts, deal.dealer, deal.hands, deal.vira, deal.score)
        best += moment(start, 1) == GRADES - 1
    return best / 300
