"""The match driver: the seeded deal (the only chance event), dealer rotation, redeals, and the
game to the target.

>>> import random
>>> m = new_match("paulista-2p", random.Random(7))
>>> m.hand.deal.dealer == m.dealer and m.score == (0, 0)
True
>>> while not m.over:
...     m = m.apply(legal_actions(m.hand)[0], random.Random(len(m.history)))
>>> max(m.score) >= 12
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Sequence

from ..errors import IllegalActionError
from .cards import DECK
from .options import Options, make_options
from .state import HandState, legal_actions, new_hand, step

__all__ = ["Match", "deal_hand", "new_match", "legal_actions"]


def deal_hand(opts: Options, dealer: int, score: Sequence[int], rng: random.Random) -> HandState:
    """Shuffle with ``rng`` and deal three cards each, one at a time, starting with the mão;
    then turn up the vira (vira variants)."""
    n = opts.seats
    deck = list(DECK)
    rng.shuffle(deck)
    mao = (dealer + 1) % n
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(3 * n):
        hands[(mao + k) % n].append(deck[k])
    vira = deck[3 * n] if opts.manilhas == "vira" else None
    return new_hand(opts, dealer, hands, vira, score)


@dataclass(frozen=True, slots=True)
class Match:
    """A game to the target: the current hand plus the finished ones."""

    opts: Options
    dealer: int
    hand: HandState
    history: tuple[HandState, ...] = ()  # finished hands, in order

    @property
    def score(self) -> tuple[int, int]:
        """Team scores now (the current hand's points included once it is over)."""
        return self.hand.score

    @property
    def over(self) -> bool:
        return self.hand.over and self.hand.game_over

    @property
    def winner(self) -> int | None:
        return self.hand.game_winner if self.over else None

    def apply(self, action: str | int, rng: random.Random) -> "Match":
        """Apply an action to the current hand; when the hand ends and the game goes on, deal
        the next one with ``rng`` (the same dealer again after a void iron hand)."""
        if self.over:
            raise IllegalActionError(f"{action!r} is not legal: the match is over ({self.score})")
        hand = step(self.hand, action)
        if not hand.over:
            return replace(self, hand=hand)
        return replace(self, hand=hand).next_hand(rng) if not hand.game_over else replace(
            self, hand=hand)

    def next_hand(self, rng: random.Random) -> "Match":
        """Deal the next hand after a finished one."""
        done = self.hand
        if not done.over:
            raise IllegalActionError(f"the hand is not over: {done}")
        n = self.opts.seats
        dealer = self.dealer if done.redeal else (self.dealer + 1) % n
        score = done.score
        return Match(self.opts, dealer, deal_hand(self.opts, dealer, score, rng),
                     self.history + (done,))


def new_match(options: Options | str, rng: random.Random,
              score: Sequence[int] = (0, 0)) -> Match:
    """Start a match: the first dealer is drawn with ``rng``, then the first hand is dealt."""
    opts = make_options(options) if isinstance(options, str) else options
    dealer = rng.randrange(opts.seats)
    return Match(opts, dealer, deal_hand(opts, dealer, score, rng))
