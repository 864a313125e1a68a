"""The coach learns, from public cards only, whether the other team's raises mean good cards."""

from __future__ import annotations

from bot_helpers import bluffed_hand

from truco_learn.bots.coach import CoachBot
from truco_learn.bots.credibility import RaiseCredibility
from truco_learn.engine import new_hand, observation, step


def test_bluffs_shown_lower_trust_and_each_raise_counts_once() -> None:
    c = RaiseCredibility()
    s = bluffed_hand((0, 0))
    c.observe(observation(s, 1))
    c.observe(observation(s, 1))  # the same hand seen again adds nothing
    assert (c.total, c.strong) == (1, 0)
    first = c.trust
    c.observe(observation(bluffed_hand((1, 0)), 1))
    c.observe(observation(bluffed_hand((2, 3)), 1))
    assert c.total == 3 and 0.0 <= c.trust < first < 1.0


def test_raises_on_good_cards_keep_full_trust() -> None:
    c = RaiseCredibility()
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                             ["4C", "5D", "6S"]])
    for a in ["raise", "accept", "play:3S", "play:6S", "play:4H"]:
        s = step(s, a)
    c.observe(observation(s, 1))
    assert (c.total, c.strong) == (1, 1) and c.trust == 1.0
    c.observe(observation(s, 0))  # my own team's raises are no evidence about them
    assert c.total == 1


def test_the_coach_reports_what_it_learnt() -> None:
    coach = CoachBot("easy", seed=1)
    for k in range(3):
        coach.decide(observation(bluffed_hand((k, 0)), 1))  # seat 1 sees three bluffs
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["2C", "KS", "4H"],
                                                             ["AH", "3D", "6S"]])
    s = step(s, "raise")
    facts = coach.decide(observation(s, 1)).explanation["facts"]["their_raises"]
    assert facts["raises_seen"] == 3 and facts["raises_with_good_cards"] == 0
    assert facts["trust"] < 0.5
