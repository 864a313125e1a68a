"""Their raises read by how good the moment was (issue 18): a player who raises only on the
best moments makes the coach imagine hands that make the moment that good."""

from __future__ import annotations

import random

from bot_helpers import watch_hands
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.raise_reading import GRADES, PRIOR, RaiseReading, moment
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.state import new_hand as dealt


def _only_best() -> RaiseReading:
    r = RaiseReading()
    for _ in range(30):
        for g in range(GRADES - 1):
            r.add([1.0 if k == g else 0.0 for k in range(GRADES)], False)
        r.add([0.0] * (GRADES - 1) + [1.0], True)   # raises on the best moments only
    return r


def _any() -> RaiseReading:
    r = RaiseReading()
    for _ in range(30):
        for g in range(GRADES):
            r.add([1.0 if k == g else 0.0 for k in range(GRADES)], True)   # raises on any
    return r


def test_the_chances_are_learnt_from_the_turns_seen() -> None:
    best, any_ = _only_best(), _any()
    assert best.rate(0) < PRIOR[0] / 3 and best.rate(3) > PRIOR[3]
    assert best.rate(2) < PRIOR[2] / 3
    assert any_.rate(0) > 0.7
    assert best.factor(1, True) < 0.1 < 0.8 < any_.factor(1, True)
    assert best.factor(3, True) == 1.0


def test_a_moment_grades_the_hand_with_the_table() -> None:
    s = new_hand("paulista-2p", dealer=0, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "QH", "3S"]])
    weak = new_hand("paulista-2p", dealer=0, vira="7D", hands=[["4H", "5S", "6D"], ["4C", "5D", "6S"]])
    assert moment(s, 1) == GRADES - 1 and moment(weak, 1) == 0


def _share_best_moments(reading: RaiseReading | None) -> float:
    """Seat 1, the first to play, calls truco before any card: in the deals drawn for me
    (seat 0), how often does seat 1 hold a moment of the best grade?"""
    s = new_hand("paulista-2p", dealer=0, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "3S", "KD"]])
    s = step(s, "raise")
    sampler = DealSampler(observation(s, 0), turns=OpponentModel().turns, reading=reading,
                          tries=16, resample=True)
    rng = random.Random(4)
    best = 0
    for _ in range(300):
        deal = sampler.sample(rng).deal
        start = dealt(deal.opts, deal.dealer, deal.hands, deal.vira, deal.score)
        best += moment(start, 1) == GRADES - 1
    return best / 300


def test_after_a_raise_from_a_player_of_best_moments_the_deals_drawn_are_best_moments() -> None:
    plain, best, any_ = (_share_best_moments(None), _share_best_moments(_only_best()),
                         _share_best_moments(_any()))
    assert best > plain + 0.15, (plain, best)
    assert any_ < best - 0.3, (any_, best)


def test_the_coach_learns_the_reading_from_hands_it_saw_to_the_end() -> None:
    m = OpponentModel()
    # seat 1 holds the zap and a 3 and calls truco on its first turn
    watch_hands(m, [["4H", "5S", "6D"], ["QC", "3S", "KD"]],
                ("play:4H", "raise", "accept", "play:3S"), 6, lambda k: (0, k))
    assert m.reading.seen >= 6
    assert max(m.reading.rate(g) - PRIOR[g] for g in range(GRADES)) > 0.1
