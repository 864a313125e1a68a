"""The flor's rules (RULES.md, "Flor"): who holds one, who answers, what it pays.

>>> from .cards import parse_card
>>> hands = [[parse_card(c) for c in h] for h in
...          (["5C", "4C", "KC"], ["7H", "6H", "AH"], ["3S", "2D", "QS"], ["JD", "5D", "4S"])]
>>> flor_holders(hands)
(0, 1)
>>> flor_order((0, 1), mao=0, seats=4)
(0, 1)
>>> compare_flors(hands, (0, 1), (), mao=0)     # 29 against 34
1
"""

from __future__ import annotations

from typing import Sequence

from .actions import CONTRAFLOR, CONTRAFLOR_RESTO, FLOR
from .envido import falta_value
from .handpoints import flor_points, has_flor

FLOR_SCORE = 3  # for each flor: a lone team's flors, or every flor when compared after `flor`
CONTRAFLOR_WIN = 6
FOLD_OR_ACHICO = 4


def flor_holders(hands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The seats whose three dealt cards share a suit, in seat order."""
    return tuple(seat for seat, cards in enumerate(hands) if has_flor(cards))


def flor_order(holders: Sequence[int], mao: int, seats: int) -> tuple[int, int] | None:
    """``(first flor, answering seat)`` when both teams hold a flor, else ``None``: the first
    holder in play order from the mão, and the first holder after it on the other team."""
    order = [(mao + k) % seats for k in range(seats) if (mao + k) % seats in holders]
    first = order[0]
    others = [s for s in order if s & 1 != first & 1]
    return (first, others[0]) if others else None


def compare_flors(hands: Sequence[Sequence[int]], holders: Sequence[int],
                  dropped: Sequence[int], mao: int) -> int:
    """The team with the higher flor among its holders still in the hand; a tie (or neither
    team with a flor left) goes to the mão's team."""
    best = [-1, -1]
    for seat in holders:
        if seat not in dropped:
            best[seat & 1] = max(best[seat & 1], flor_points(hands[seat]))
    if best[0] != best[1]:
        return 0 if best[0] > best[1] else 1
    return mao & 1


def compared_points(kind: int, holders: int, target: int, score: Sequence[int]) -> int:
    """What the flors compared at the end of the hand pay: 3 for each flor after ``flor``, 6
    after an accepted contraflor, 6 + what the leader still needs after a contraflor_resto."""
    if kind == FLOR:
        return FLOR_SCORE * holders
    if kind == CONTRAFLOR:
        return CONTRAFLOR_WIN
    assert kind == CONTRAFLOR_RESTO
    return CONTRAFLOR_WIN + falta_value(target, score)
