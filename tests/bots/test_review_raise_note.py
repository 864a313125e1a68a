"""The review's note on a learner's raise: its two numbers said once, and no chance of a hand
played on that is (almost) never played."""

from __future__ import annotations

from truco_learn.bots.review import ReviewItem, review
from truco_learn.engine import new_hand, step
from truco_learn.engine.state import HandState


def _after(hands: list[list[str]], actions: list[str]) -> HandState:
    s = new_hand("paulista-2p", dealer=1, vira="3D", hands=hands)
    for a in actions:
        s = step(s, a)
    return s


def _the_raise(s: HandState) -> ReviewItem:
    """The review of the learner's (seat 0's) last move, a raise."""
    item = review(s, 0, "easy", seed=1)[-1]
    assert item.action == "raise", item
    return item


def test_a_raise_that_was_the_best_move_gives_its_numbers_once() -> None:
    # zap and copas after taking the first trick: the review names the raise the best move,
    # and its reason (the best move's) already gives their fold and the hand played on
    s = _after([["4C", "4H", "AS"], ["5H", "6C", "QD"]], ["play:AS", "play:QD", "raise"])
    item = _the_raise(s)
    assert item.action == item.best == "raise", item
    assert item.reason.count("They fold about") == 1, item.reason
    # nobody was asked how they answer: that is still said, without the numbers again
    assert item.reason.endswith("These numbers assume they answer as a typical player does."), (
        item.reason)


def test_a_raise_they_always_fold_to_gives_no_chance_of_the_hand_played_on() -> None:
    s = _after([["4C", "KH", "2S"], ["5H", "6C", "QD"]], ["play:2S", "play:QD", "raise"])
    item = _the_raise(s)
    assert item.action == "raise" and item.split is not None
    assert round(100 * item.split["they_fold"]) == 100, item.split
    assert "when it is played" not in item.reason, item.reason
    assert "They fold about 100% of the time: the hand is almost never played on." in (
        item.reason)


def test_a_raise_that_was_not_the_best_still_gets_its_note() -> None:
    s = _after([["4C", "3H", "2S"], ["5H", "6C", "KD"]], ["raise"])
    item = _the_raise(s)
    assert item.action == "raise" and item.best != "raise"
    assert "Your raise, if they answer as a typical player does: They fold about" in item.reason
