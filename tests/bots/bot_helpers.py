"""Hands shared by the bots' tests."""

from __future__ import annotations

from typing import Any, Callable

from truco_learn.engine import HandState, new_hand, observation, step


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
