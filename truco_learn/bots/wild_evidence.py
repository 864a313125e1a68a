"""What a move of theirs says, as it is seen, about the two kinds of player the coach weighs
(:attr:`.OpponentModel.wild`): a wild one that takes every legal action alike whatever its
cards, or a sensible one. Each function returns a log likelihood ratio, wild over sensible:
above 0 the move looks wild, below 0 sensible. Their cards are not read here (the hand's end
weighs their turns again by the moment, :mod:`.raise_reading`, and their card plays,
:mod:`.card_play_reading`).

>>> from truco_learn.engine.actions import ACCEPT, FOLD, RAISE
>>> answer_evidence(RAISE, True) > 0 > answer_evidence(ACCEPT, True)
True
>>> round(answer_evidence(FOLD, False), 3)   # a fold where raising back was not allowed
-0.083
"""

from __future__ import annotations

import math

from ..engine.actions import ACCEPT, COVER, FOLD, RAISE

# a sensible player's answer to a raise: fold, accept, raise again (when it may)
SENSIBLE_ANSWER = {FOLD: 0.5, ACCEPT: 0.42, RAISE: 0.08}
# how often a sensible player raises on a turn where it may, by the cards left in its hand
# (index 1..3). Measured: the heuristic bot raises on 8%, 13% and 38% of such turns in
# paulista-2p; taken a little towards the middle, as people are less regular than the bot.
SENSIBLE_RAISE = (0.1, 0.12, 0.15, 0.3)
SENSIBLE_COVER_LEAD = 0.03  # how often a sensible player leads a trick face down


def turn_evidence(code: int, legal: list[int], cards_left: int) -> tuple[float, float]:
    """Their action ``code`` on a turn of their own where raising is legal (``legal``), with
    ``cards_left`` cards in hand: a wild player's log chance of raising or not, and the log
    likelihood ratio of the choice.

    >>> from truco_learn.engine.actions import RAISE
    >>> wild, ratio = turn_evidence(RAISE, [0, 1, 2, RAISE], 3)
    >>> round(wild, 3), round(ratio, 3)                   # 1/4 against a sensible 0.3
    (-1.386, -0.182)
    """
    rate = SENSIBLE_RAISE[min(cards_left, 3)]
    sensible = rate if code == RAISE else 1.0 - rate
    wild = 1.0 / len(legal) if code == RAISE else 1.0 - 1.0 / len(legal)
    return math.log(wild), math.log(wild / sensible)


def lead_evidence(code: int, legal: list[int]) -> float:
    """A lead face down gives the trick away: a sensible player hardly ever does it, a wild
    one as often as it picks a cover among its card actions. 0 where no cover is legal.

    >>> from truco_learn.engine.actions import COVER
    >>> lead_evidence(0, [0, 1]), round(lead_evidence(COVER, [0, COVER]), 3)
    (0.0, 2.813)
    """
    cards = [c for c in legal if c < RAISE]
    covers = sum(1 for c in cards if c >= COVER)
    if not covers:
        return 0.0
    wild = covers / len(cards)
    if code >= COVER:
        return math.log(wild / SENSIBLE_COVER_LEAD)
    return math.log((1.0 - wild) / (1.0 - SENSIBLE_COVER_LEAD))


def answer_evidence(code: int, may_raise: bool) -> float:
    """Their answer ``code`` to a raise, where raising back was legal or not."""
    p = SENSIBLE_ANSWER[code] if may_raise else SENSIBLE_ANSWER[code] / (
        1.0 - SENSIBLE_ANSWER[RAISE])
    return math.log((1.0 / (3 if may_raise else 2)) / p)


__all__ = ["SENSIBLE_ANSWER", "SENSIBLE_COVER_LEAD", "SENSIBLE_RAISE", "answer_evidence",
           "lead_evidence", "turn_evidence"]
