"""The coach stops sampling half-way when its choice is already clear, and only then."""

from __future__ import annotations

import random

from truco_learn.bots.coach import ANSWER_DEALS, CoachBot, estimate
from truco_learn.bots.early_stop import clear_lead
from truco_learn.engine import HandState, new_hand, observation, step


def _state(hands: list[list[str]], actions: list[str]) -> HandState:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=hands)
    for a in actions:
        s = step(s, a)
    return s


# seat 1 holds the zap (QC) against a lone 2H on the table: any other card loses the trick
CLEAR = _state([["2H", "5S", "6D"], ["QC", "4C", "5C"]], ["play:2H"])
# seat 0 leads with three middling cards: which one hardly matters, and the deals say so slowly
CLOSE = _state([["KS", "JS", "AH"], ["4D", "5D", "6H"]], [])


def test_a_stopped_estimate_is_the_full_one_cut_short() -> None:
    ob = observation(CLEAR, 1)
    full = estimate(ob, 60, random.Random(4))
    cut = estimate(ob, 60, random.Random(4), stop="match")
    assert cut.samples == 30 and full.samples == 60
    assert cut.actions == full.actions
    for mine, theirs in zip(cut.points, full.points):
        assert mine == theirs[:30]  # the same deals, played out the same way


def test_a_close_choice_takes_every_sample() -> None:
    ob = observation(CLOSE, 0)
    est = estimate(ob, 60, random.Random(4), stop="match")
    assert est.samples == 60


# the last trick, the next raise is theirs to make: seat 0 can only play the card it holds
ONLY = _state([["QC", "5S", "6D"], ["4C", "7C", "7H"]],
              ["raise", "accept", "play:5S", "play:7C", "play:4C", "play:QC"])


def test_the_only_legal_action_stops_half_way() -> None:
    ob = observation(ONLY, 0)
    assert len(estimate(ob, 40, random.Random(1)).actions) == 1
    assert estimate(ob, 40, random.Random(1), stop="match").samples == 20


def test_the_coach_stops_only_when_asked() -> None:
    ob = observation(ONLY, 0)
    quick = CoachBot("easy", seed=3).decide(ob)
    slow = CoachBot("easy", seed=3, early_stop=False).decide(ob)
    assert quick.action == slow.action == "play:6D"
    assert quick.explanation["samples"] == 20 and slow.explanation["samples"] == 40


def test_an_answer_plays_out_twice_the_deals_and_never_stops_early() -> None:
    """Facing a truco with the zap and a 3 the choice is clear (raise back or accept, never
    fold), yet the answer plays out every deal, twice the level's."""
    s = _state([["4H", "5S", "6D"], ["QC", "3C", "7H"]], ["raise"])
    answer = CoachBot("easy", seed=3).decide(observation(s, 1))
    assert {o["action"] for o in answer.explanation["options"]} == {"accept", "fold", "raise"}
    assert answer.explanation["samples"] == ANSWER_DEALS * 40
    quick = CoachBot("easy", seed=3).decide(observation(ONLY, 0))  # not an answer: it stops
    assert quick.explanation["samples"] == 20


def test_clear_lead_needs_the_lead_beyond_the_noise() -> None:
    rng = random.Random(8)
    noisy = [[rng.random() for _ in range(40)] for _ in range(2)]
    ahead = [[x + 0.5 for x in noisy[0]], noisy[1]]
    assert clear_lead(ahead)
    assert not clear_lead(noisy)
    assert not clear_lead([[1.0], [0.0]])  # one deal says nothing about the noise
