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


def test_kept_envido_points_are_the_computed_ones_for_every_hand_in_every_order() -> None:
    from itertools import permutations

    from truco_learn.engine import handpoints

    handpoints._ENVIDO.clear()
    for hand in permutations(DECK, 3):
        want = handpoints._envido_points(hand)
        assert handpoints.envido_points(hand) == want  # computed
        assert handpoints.envido_points(list(hand)) == want  # kept, asked as a list
    assert handpoints.envido_points([]) == 0
    assert len(handpoints._ENVIDO) <= handpoints._ENVIDO_MAX


def test_a_full_envido_store_is_emptied(monkeypatch: pytest.MonkeyPatch) -> None:
    from truco_learn.engine import handpoints

    monkeypatch.setattr(handpoints, "_ENVIDO_MAX", 3)
    handpoints._ENVIDO.clear()
    for hand in [(0, 4, 8), (1, 5, 9), (2, 6, 10), (3, 7, 11), (0, 1, 2)]:
        assert handpoints.envido_points(hand) == handpoints._envido_points(hand)
        assert len(handpoints._ENVIDO) <= 3


@pytest.mark.parametrize("size", [1, 2, 9, 33, 36])
def test_a_shuffled_tail_is_the_library_shuffle_s_tail_with_the_same_draws(size: int) -> None:
    for tail in range(size + 2):
        for seed in range(40):
            a, b = random.Random(seed), random.Random(seed)
            x = list(DECK[:size])
            y = list(x)
            a.shuffle(x)
            shuffle_cards(y, b, tail=tail)
            assert y[size - min(tail, size):] == x[size - min(tail, size):]
            assert sorted(y) == sorted(x)
            assert b.getrandbits(64) == a.getrandbits(64)


@pytest.mark.parametrize("variant", ["paulista-2p", "paulista-4p", "mineiro-4p", "argentino-2p"])
def test_drawn_deals_are_those_of_a_fully_shuffled_pool(variant: str) -> None:
    from dataclasses import replace

    from truco_learn.bots.heuristic import HeuristicBot
    from truco_learn.engine.match import new_match
    from truco_learn.engine.observer import HiddenCards, observation, parse_observation

    rng = random.Random(4)
    draws = 0
    for game in range(6):
        m = new_match(variant, rng, (rng.randrange(12), rng.randrange(12)))
        bots = [HeuristicBot(seed=game * 8 + k) for k in range(m.opts.seats)]
        while not m.over and draws < 3000:
            for seat in range(m.opts.seats):
                hidden = HiddenCards.of(parse_observation(observation(m.hand, seat)))
                full = replace(hidden, needed=None)
                for k in range(3):
                    a, b = random.Random(k), random.Random(k)
                    assert hidden.draw(a) == full.draw(b)
                    assert a.random() == b.random()
                    draws += 1
            m = m.apply(bots[m.hand.to_act].decide(observation(m.hand, m.hand.to_act)).action,
                        rng)
    assert draws > 500


@pytest.mark.parametrize("variant", ["paulista-2p", "argentino-2p"])
def test_an_unchecked_play_of_a_card_not_in_the_hand_leaves_the_hand_as_it_was(
        variant: str) -> None:
    from truco_learn.engine import new_hand
    from truco_learn.engine.cards import parse_card
    from truco_learn.engine.state import apply_legal

    s = new_hand(variant, dealer=1, hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]],
                 vira="7D" if variant.startswith("paulista") else None)
    t = apply_legal(s, parse_card("6S"))  # garbage in (bots' fast path: no check)
    assert t.left[0] == s.left[0] and t.cur[-1][1] == parse_card("6S")
    assert apply_legal(s, parse_card("3S")).left[0] == (parse_card("QC"), parse_card("4H"))
