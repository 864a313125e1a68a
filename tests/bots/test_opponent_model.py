"""The coach learns during a game what the other team does (public log only) and bets by it."""

from __future__ import annotations

from bot_helpers import bluffed_hand

from truco_learn.bots.coach import CoachBot
from truco_learn.bots.opponent import OpponentModel
from truco_learn.engine import new_hand, observation, step


def _facing_truco(hand: list[str]) -> dict:
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=(6, 0),
                 hands=[["QC", "3S", "2D"], hand])
    return observation(step(s, "raise"), 1)


def test_a_coach_that_saw_wild_raises_stops_folding_to_them() -> None:
    obs = _facing_truco(["KH", "AS", "5D"])
    assert CoachBot("normal", seed=3).decide(obs).action == "fold"  # a sensible truco: run
    coach = CoachBot("normal", seed=3)
    for k in range(6):
        coach.decide(observation(bluffed_hand((k, 0)), 1))
    d = coach.decide(obs)
    assert d.action in ("accept", "raise")
    assert d.explanation["facts"]["their_play"]["wild"] > 0.9


def test_the_same_observations_give_the_same_decisions() -> None:
    a, b = CoachBot("easy", seed=4), CoachBot("easy", seed=4)
    seq = [observation(bluffed_hand((k, 0)), 1) for k in range(3)] + [
        _facing_truco(["2S", "KH", "5D"])]
    assert [a.decide(o) for o in seq] == [b.decide(o) for o in seq]


def test_a_fold_to_my_raise_is_read_from_the_next_hands_score() -> None:
    m = OpponentModel()
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=(2, 5),
                 hands=[["QC", "3S", "2D"], ["4H", "5D", "6S"]])
    m.observe(observation(s, 0))
    m.note_own(observation(s, 0), "raise")
    before = m.folds
    nxt = new_hand("paulista-2p", dealer=0, vira="KD", score=(3, 5),
                   hands=[["4C", "5S", "6D"], ["7H", "QS", "JD"]])
    m.observe(observation(nxt, 0))
    assert m.folds == before + 1
    assert m.results == [(1, 0)]


def test_answers_and_raises_are_counted_once_and_only_for_the_other_team() -> None:
    m = OpponentModel()
    s = bluffed_hand((0, 0))
    m.observe(observation(s, 1))
    m.observe(observation(s, 1))
    assert (m.raises, m.raise_chances, m.accepts) == (1, 1, 0)  # seat 1's accept is mine
    m2 = OpponentModel()
    m2.observe(observation(s, 0))  # seen from seat 0: seat 1 accepted a raise
    assert (m2.raises, m2.accepts, m2.folds) == (0, 1, 0)


def test_card_play_without_sense_is_noticed() -> None:
    """Seat 0 leads 4H; seat 1 beats it with the zap while a 5D would have done, then shows
    the 5D: no rule-of-thumb player wastes the zap like that."""
    s = new_hand("paulista-2p", dealer=1, vira="7D",
                 hands=[["4H", "KS", "AC"], ["QC", "5D", "6S"]])
    for a in ["play:4H", "play:QC", "play:5D"]:
        s = step(s, a)
    m = OpponentModel()
    m.observe(observation(s, 0))
    assert (m.checked, m.sensible) == (1, 0) and m.card_sense < 1.0
