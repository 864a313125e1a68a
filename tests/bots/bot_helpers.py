"""Hands shared by the bots' tests."""

from __future__ import annotations

from truco_learn.engine import HandState, new_hand, step


def bluffed_hand(score: tuple[int, int]) -> HandState:
    """Seat 0 calls truco on 5C 4S 6H, seat 1 accepts, seat 0 shows two of them."""
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=score,
                 hands=[["5C", "4S", "6H"], ["4H", "5D", "6S"]])
    for a in ["raise", "accept", "play:5C", "play:4H", "play:4S"]:
        s = step(s, a)
    return s
