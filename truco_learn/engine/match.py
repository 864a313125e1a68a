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
from .cards import DECK, NUM_CARDS
from .options import Options, make_options
from .state import HandState, dealt_hand, legal_actions, step

__all__ = ["Match", "deal_hand", "new_match", "legal_actions", "shuffle_cards", "shuffled_deck"]


_BITS = tuple((i + 1).bit_length() for i in range(NUM_CARDS))


def shuffle_cards(cards: list[int], rng: random.Random, tail: int | None = None) -> None:
    """Shuffle ``cards`` (at most the 40 of the deck) in place exactly as ``rng.shuffle``
    would: the same Fisher-Yates swaps and the same draws, inlined for a plain
    ``random.Random`` (a third of a hand's cost in random play, and a fifth of a drawn deal's
    in the coach's sampler, was the shuffle's function calls).

    With ``tail``, only the last ``tail`` places are sure to hold what ``rng.shuffle`` would
    put there (the swaps after those places are settled are left out), for a caller that
    takes only those; ``rng`` still makes the very same draws.

    >>> a, b, c = random.Random(5), random.Random(5), random.Random(5)
    >>> x, y, z = list(range(30)), list(range(30)), list(range(30))
    >>> a.shuffle(x); shuffle_cards(y, b); shuffle_cards(z, c, tail=4)
    >>> x == y and z[-4:] == x[-4:] and a.random() == b.random() == c.random()
    True
    """
    if type(rng) is not random.Random or len(cards) > NUM_CARDS:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    last = 0 if tail is None else max(0, len(cards) - 1 - tail)  # swaps down to i > last
    for i in range(len(cards) - 1, last, -1):
        n = i + 1
        k = bits[i]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
    for i in range(last, 0, -1):  # places no one reads: only the draws
        n = i + 1
        k = bits[i]
        while getrandbits(k) >= n:
            pass


def shuffled_deck(rng: random.Random) -> list[int]:
    """The 40 cards in the order ``rng.shuffle`` would leave them (:func:`shuffle_cards`).

    >>> a, b = random.Random(5), random.Random(5)
    >>> deck = list(DECK); a.shuffle(deck)
    >>> shuffled_deck(b) == deck and a.random() == b.random()
    True
    """
    deck = list(DECK)
    shuffle_cards(deck, rng)
    return deck


def deal_hand(opts: Options, dealer: int, score: Sequence[int], rng: random.Random) -> HandState:
    """Shuffle with ``rng`` and deal three cards each, one at a time, starting with the mão;
    then turn up the vira (vira variants)."""
    n = opts.seats
    deck = shuffled_deck(rng)
    mao = (dealer + 1) % n
    hands: list[tuple[int, ...]] = [()] * n
    for j in range(n):  # the j-th seat from the mão gets cards j, j + n, j + 2n
        hands[(mao + j) % n] = (deck[j], deck[j + n], deck[j + 2 * n])
    vira = deck[3 * n] if opts.manilhas == "vira" else None
    return dealt_hand(opts, dealer, hands, vira, (score[0], score[1]))


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
