"""How a trick and a hand are decided from the strengths of the cards played, the tie rules every
variant shares: a trick goes to the team that played the top card face up, and is tied when
both teams did or no card was face up; a tied first trick leaves the hand to the next trick
that is not tied, and a later tie goes to the team that won the first trick.
:func:`.state.close_trick` applies them to a hand, with the endings that depend on the variant
(the exposed card, an all-tied hand).

>>> hand_outcome([0, 1, -1])      # one trick each, the third tied: the first trick's team
0
"""

from __future__ import annotations

from typing import Sequence

ALL_TIED = -2  # :func:`hand_outcome` when all three tricks tied


def trick_top(strength: Sequence[int], plays: Sequence[tuple[int, int, bool]],
              leader: int) -> tuple[int, int, int]:
    """``(top strength, team bit mask, first seat)`` among a trick's face-up cards: the mask
    has bit ``team`` set for each team that played the top strength (0 when nothing is face
    up), and the first seat is the first, in play order, to play it (``leader`` if none)."""
    best, mask, first = -1, 0, leader
    for seat, card, up in plays:
        if up:
            st = strength[card]
            if st > best:
                best, mask, first = st, 1 << (seat & 1), seat
            elif st == best:
                mask |= 1 << (seat & 1)
    return best, mask, first


def trick_outcome(strength: Sequence[int], plays: Sequence[tuple[int, int, bool]],
                  leader: int, lead_after_tie: str) -> tuple[int, int]:
    """``(result, next leader)`` of a finished trick: result is the winning team, or -1 when
    tied (both teams played the top strength, or nothing is face up).

    >>> trick_outcome([0, 5, 5, 1], [(0, 1, True), (1, 2, True)], 0, "leader")
    (-1, 0)
    >>> trick_outcome([0, 5, 5, 1], [(1, 3, True), (0, 1, True)], 1, "leader")
    (0, 0)
    """
    best, mask, first = trick_top(strength, plays, leader)
    if mask == 3:
        return -1, (leader if lead_after_tie == "leader" else first)
    if mask == 0:
        return -1, leader
    return first & 1, first


def hand_outcome(results: Sequence[int]) -> int | None:
    """Who wins the hand after these trick results (team, or -1 for a tie).

    Returns the team, ``ALL_TIED`` when all three tricks tied, or ``None`` while undecided.

    >>> hand_outcome([0, 0]), hand_outcome([-1, 1]), hand_outcome([0, -1]), hand_outcome([1, 0, -1])
    (0, 1, 0, 1)
    >>> hand_outcome([0]), hand_outcome([-1, -1]), hand_outcome([-1, -1, -1]) == ALL_TIED
    (None, None, True)
    """
    n = len(results)
    if n < 2:
        return None
    r0, r1 = results[0], results[1]
    if r0 == -1:
        if r1 != -1:
            return r1
        if n == 2:
            return None
        return results[2] if results[2] != -1 else ALL_TIED
    if r1 == -1 or r1 == r0:
        return r0
    if n == 2:
        return None
    return r0 if results[2] == -1 else results[2]


__all__ = ["ALL_TIED", "hand_outcome", "trick_outcome", "trick_top"]
