"""The engine's fast paths give exactly what the plain library calls give."""

from __future__ import annotations

import random

import pytest

from truco_learn.engine.cards import DECK
from truco_learn.engine.match import shuffle_cards


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 33, 36, 40])
def test_shuffle_cards_is_the_library_shuffle_and_leaves_the_rng_where_it_leaves_it(
        size: int) -> None:
    for seed in range(200):
        a, b = random.Random(seed), random.Random(seed)
        x = list(DECK[:size])
        y = list(x)
        a.shuffle(x)
        shuffle_cards(y, b)
        assert y == x
        assert b.getrandbits(64) == a.getrandbits(64)


def test_shuffle_cards_leaves_a_subclass_of_random_to_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle_cards(cards, Reversing(0))
    assert cards == [3, 2, 1]
