"""Seats that dropped out of the hand (irse al mazo): who comes next, who answers, when a
trick is complete.

>>> next_active(1, 4, (2,)), answering_seat(1, 4, (2,)), answering_seat(3, 4, (0,))
(3, 0, 2)
>>> trick_complete(((0, 5, True), (1, 9, True), (3, 30, True)), 4, (2,))
True
"""

from __future__ import annotations

from typing import Sequence


def next_active(seat: int, seats: int, dropped: Sequence[int]) -> int:
    """The next seat after ``seat`` in play order that is still in the hand."""
    nxt = (seat + 1) % seats
    while nxt in dropped:
        nxt = (nxt + 1) % seats
    return nxt


def answering_seat(seat: int, seats: int, dropped: Sequence[int]) -> int:
    """The next seat after ``seat`` of the other team that is still in the hand."""
    nxt = (seat + 1) % seats
    while nxt in dropped or nxt & 1 == seat & 1:
        nxt = (nxt + 1) % seats
    return nxt


def trick_complete(cur: Sequence[tuple[int, int, bool]], seats: int,
                   dropped: Sequence[int]) -> bool:
    """Every seat still in the hand has played to this trick (a seat drops instead of
    playing, so no dropped seat is among the plays)."""
    return len(cur) + len(dropped) >= seats


def team_out(team: int, seats: int, dropped: Sequence[int]) -> bool:
    """Every seat of ``team`` has dropped out."""
    return all(s in dropped for s in range(team, seats, 2))
