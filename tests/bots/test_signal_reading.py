"""A coach partner reads its partner's secret signal (the table custom): every deal its sampler
imagines gives the partner the card the signal names."""

from __future__ import annotations

import random

from truco_learn.bots.coach import estimate
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.cards import parse_card

HANDS = [["4H", "5C", "6D"], ["2H", "KS", "6C"], ["QC", "AH", "JC"], ["QS", "5D", "7C"]]


def partner_cards(ob: dict[str, object], n: int = 200) -> list[list[int]]:
    sampler = DealSampler(ob, infer_bets=False)
    rng = random.Random(7)
    return [list(sampler.sample(rng).deal.hands[2]) for _ in range(n)]


def test_a_zap_signal_puts_the_zap_in_the_partners_hand_in_every_imagined_deal() -> None:
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=HANDS)
    ob = observation(step(step(s, "play:4H"), "play:2H"), 0)  # seat 0 looks on
    zap = parse_card("QC")
    with_signal = partner_cards({**ob, "signals": [[2, "zap"]]})
    without = partner_cards(ob)
    assert all(zap in h for h in with_signal)
    assert sum(zap in h for h in without) < 0.6 * len(without)


def test_a_rank_signal_and_signals_of_the_other_team_are_read_rightly() -> None:
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=HANDS)
    ob = observation(step(step(s, "play:4H"), "play:2H"), 0)
    aces = [h for h in partner_cards({**ob, "signals": [[2, "ace"]]})]
    assert all(any(c // 4 == 7 for c in h) for h in aces)  # rank index 7 is the ace
    # an opponent's signal is not this seat's to read: no constraint from it
    other = partner_cards({**ob, "signals": [[1, "zap"]]})
    assert other == partner_cards(ob)


def test_the_coach_estimate_uses_the_signal() -> None:
    """At the first move, a partner who signals the zap makes the coach's chances better."""
    ob = observation(new_hand("paulista-4p", dealer=3, vira="7D", hands=HANDS), 0)
    plain = estimate(ob, 80, random.Random(1))
    signalled = estimate({**ob, "signals": [[2, "zap"]]}, 80, random.Random(1))
    assert max(signalled.win) > max(plain.win) + 0.05
