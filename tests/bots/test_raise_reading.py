"""Their raises read against the rule of thumb's (issue 18): a player who raises only when the
moment is good makes the coach imagine hands that make it good."""

from __future__ import annotations

import random

from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.policy import ROLLOUT, thumb_raise
from truco_learn.bots.raise_reading import PRIOR, RaiseReading
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.state import new_hand as dealt


def _strict() -> RaiseReading:
    r = RaiseReading()
    for _ in range(30):
        r.add(0.0, False)   # never raises where the rule of thumb would not
        r.add(1.0, True)    # raises where it would
    return r


def _loose() -> RaiseReading:
    r = RaiseReading()
    for _ in range(30):
        r.add(0.0, True)    # raises where the rule would not
        r.add(1.0, True)
    return r


def test_the_chances_are_learnt_from_the_turns_seen() -> None:
    strict, loose = _strict(), _loose()
    assert strict.rate(False) < PRIOR[0] / 3 and strict.rate(True) > PRIOR[1]
    assert loose.rate(False) > 0.7
    assert strict.factor(False, True) < 0.1 < 0.8 < loose.factor(False, True)
    assert strict.factor(True, True) == 1.0


def _share_good_moments(reading: RaiseReading | None) -> float:
    """Seat 1, the first to play, calls truco before any card: in the deals drawn for me
    (seat 0), how often would the rule of thumb have called it with seat 1's cards?"""
    s = new_hand("paulista-2p", dealer=0, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "3S", "KD"]])
    s = step(s, "raise")
    ob = observation(s, 0)
    sampler = DealSampler(ob, turns=OpponentModel().turns, reading=reading, tries=16,
                          resample=True)
    rng = random.Random(4)
    good = 0
    for _ in range(300):
        deal = sampler.sample(rng).deal
        good += thumb_raise(dealt(deal.opts, deal.dealer, deal.hands, deal.vira, deal.score),
                            1, ROLLOUT)
    return good / 300


def test_after_a_strict_players_raise_the_deals_drawn_make_the_moment_good() -> None:
    plain, strict, loose = (_share_good_moments(None), _share_good_moments(_strict()),
                            _share_good_moments(_loose()))
    assert strict > plain + 0.15, (plain, strict)
    assert loose < strict - 0.15, (loose, strict)


def test_the_coach_learns_the_reading_from_hands_it_saw_to_the_end() -> None:
    m = OpponentModel()
    for k in range(6):   # seat 1 holds the zap and a 3 and calls truco on its first turn
        s = new_hand("paulista-2p", dealer=1, vira="7D", score=(0, k),
                     hands=[["4H", "5S", "6D"], ["QC", "3S", "KD"]])
        for a in ("play:4H", "raise", "accept", "play:3S"):
            if s.to_act == 0:
                m.observe(observation(s, 0))
            s = step(s, a)
        m.observe(observation(s, 0))
        m.observe(observation(new_hand("paulista-2p", dealer=0, vira="KD", score=(9, 9),
                                       hands=[["4C", "5S", "6D"], ["7H", "QS", "JD"]]), 0))
    assert m.reading.seen >= 6
    assert m.reading.rate(True) > PRIOR[1] + 0.1
