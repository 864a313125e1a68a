"""RULES.md "Seats, teams, dealing" and the match driver: the seeded deal, dealer rotation,
redeals, the game to the target."""

from __future__ import annotations

import random

import pytest

from engine_helpers import deal, run
from truco_learn.engine import IRON, Match, deal_hand, legal_actions, make_options, new_match
from truco_learn.engine.cards import DECK
from truco_learn.errors import IllegalActionError


@pytest.mark.parametrize("variant", ["paulista-2p", "paulista-4p", "mineiro-4p", "mineiro-2p"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_one_card_at_a_time_from_the_mao_then_the_vira(variant: str, dealer: int) -> None:
    opts = make_options(variant)
    n = opts.seats
    deck = list(DECK)
    random.Random(42).shuffle(deck)
    s = deal_hand(opts, dealer, (0, 0), random.Random(42))
    mao = (dealer + 1) % n
    for k in range(3):
        for j in range(n):
            assert s.deal.hands[(mao + j) % n][k] == deck[k * n + j]
    assert s.deal.vira == (deck[3 * n] if opts.manilhas == "vira" else None)
    assert s.deal.dealer == dealer and s.deal.mao == mao and s.to_act == mao


def test_new_match_is_reproducible_and_draws_the_first_dealer() -> None:
    a = new_match("paulista-4p", random.Random(3))
    b = new_match("paulista-4p", random.Random(3))
    assert a.dealer == b.dealer and a.hand.deal.hands == b.hand.deal.hands
    assert a.dealer == random.Random(3).randrange(4)
    dealers = {new_match("paulista-4p", random.Random(k)).dealer for k in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_global_rng_untouched() -> None:
    random.seed(123)
    before = random.getstate()
    m = new_match("mineiro-4p", random.Random(1))
    for k in range(200):
        if m.over:
            break
        m = m.apply(legal_actions(m.hand)[-1], random.Random(k))
    assert random.getstate() == before


def test_dealer_moves_each_hand_and_score_carries() -> None:
    m = new_match("paulista-2p", random.Random(5))
    first = m.dealer
    m = m.apply("raise", random.Random(0))
    m = m.apply("fold", random.Random(1))
    assert len(m.history) == 1 and m.history[0].points in ((1, 0), (0, 1))
    assert m.dealer == (first + 1) % 2 and m.hand.deal.dealer == m.dealer
    assert m.hand.deal.score == m.history[0].score and m.score == m.history[0].score
    assert not m.hand.over


def test_redeal_keeps_the_dealer_and_the_score() -> None:
    opts = make_options("paulista-2p")
    hand = deal("paulista-2p", 1, [["3C", "2C", "AC"], ["3H", "2H", "AH"]], vira="7D",
                score=(11, 11))
    m = Match(opts, 1, hand)
    for k in range(6):
        m = m.apply("blind:0", random.Random(k))
    assert m.history[-1].redeal and m.dealer == 1 and m.score == (11, 11)
    assert m.hand.deal.mode == IRON and not m.over


def test_match_ends_at_target_and_refuses_more_actions() -> None:
    opts = make_options("paulista-2p")
    hand = deal("paulista-2p", 1, [["3C", "2D", "5C"], ["4H", "5H", "6H"]], vira="7D",
                score=(11, 4))
    m = Match(opts, 1, hand)
    for a in ["onze:play", "play:3C", "play:4H", "play:2D", "play:5H"]:
        m = m.apply(a, random.Random(0))
    assert m.over and m.winner == 0 and m.score == (14, 4)
    with pytest.raises(IllegalActionError, match="match is over"):
        m.apply("play:5C", random.Random(0))


def test_illegal_action_leaves_match_unchanged() -> None:
    m = new_match("paulista-2p", random.Random(9))
    with pytest.raises(IllegalActionError):
        m.apply("accept", random.Random(0))
    assert m.history == () and m.hand.log == ()


def test_random_matches_finish() -> None:
    for variant in ("paulista-2p", "paulista-fpt", "mineiro-2p"):
        rng = random.Random(11)
        m = new_match(variant, rng)
        for _ in range(5000):
            if m.over:
                break
            m = m.apply(rng.choice(legal_actions(m.hand)), rng)
        assert m.over and max(m.score) >= 12 and m.winner == m.score.index(max(m.score))


def test_next_hand_requires_a_finished_hand() -> None:
    m = new_match("paulista-2p", random.Random(1))
    with pytest.raises(IllegalActionError, match="not over"):
        m.next_hand(random.Random(2))
    s = run(m.hand, "raise", "fold")
    assert s.over
