"""A player who raises only on very good cards is read as holding them: the deals the coach
imagines after its truco give it a manilha with a 2, a 3 or another manilha."""

from __future__ import annotations

import random

from truco_learn.bots.answer_model import CLASSES, VERY_STRONG, AnswerModel, RaiseModel, bucket
from truco_learn.bots.coach import SAMPLER_TRIES
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import new_hand, observation, step


def _tight() -> RaiseModel:
    """Learnt from a few hands: it raised every time it held a very strong hand, never else."""
    turns = RaiseModel()
    for _ in range(6):
        for b in range(CLASSES):
            turns.add(0, (b, b), b == VERY_STRONG)
    return turns


def _share_very_strong(turns: RaiseModel, tries: int, resample: bool, n: int = 1500) -> float:
    s = new_hand("paulista-2p", dealer=0, vira="7D",
                 hands=[["4H", "5S", "2C"], ["KC", "JS", "6H"]])
    ob = observation(step(s, "raise"), 0)  # the other seat called truco before any card
    sampler = DealSampler(ob, answers=AnswerModel(), turns=turns, tries=tries,
                          resample=resample)
    rng = random.Random(7)
    hits = 0
    for _ in range(n):
        deal = sampler.sample(rng)
        hits += bucket([deal.deal.strength[c] for c in deal.deal.hands[1]]) == VERY_STRONG
    return hits / n


def test_a_tight_raiser_is_read_as_holding_a_very_strong_hand() -> None:
    prior = _share_very_strong(RaiseModel(), SAMPLER_TRIES, True)
    tight = _share_very_strong(_tight(), SAMPLER_TRIES, True)
    assert tight > prior + 0.1, (prior, tight)
    assert tight > 0.6, tight           # the exact posterior is about 0.7


def test_turned_down_deals_fall_back_on_the_best_fitting() -> None:
    turns = _tight()
    old = _share_very_strong(turns, 8, False)
    new = _share_very_strong(turns, SAMPLER_TRIES, True)
    assert new > old + 0.05, (old, new)
