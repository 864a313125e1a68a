"""The replay of a hand ("Replay this hand") and the after-hand review grade the learner's
decisions alike: the replay shows the review's own options, numbers and grades where the
review made them (a reviewer found "Blunder: you called truco" in the review and "Good: you
called truco, the coach's choice too" in the replay of the same move)."""

from __future__ import annotations

import pytest

from truco_learn.play.replay_eval import session_replay
from truco_learn.play.session import MatchSession


def raised_hand(seed: int) -> MatchSession | None:
    """A hand in which the learner called truco at its first turn, played to its end and
    reviewed (``None`` if truco was not open there)."""
    s = MatchSession("paulista-2p", bot="coach", seed=seed, level="easy")
    s.run_bots()
    if "raise" not in s.legal():
        return None
    s.act("raise")
    s.run_bots()
    while not s.hand_over:
        s.act(s.legal()[0])
        s.run_bots()
    s.review_hand()
    return s


@pytest.mark.parametrize("seed", [3, 5])
def test_the_replay_shows_the_reviews_numbers_and_grades(seed: int) -> None:
    s = raised_hand(seed)
    assert s is not None
    items = s.review_items
    assert items and items[0].action == "raise" and items[0].options
    board, analysis, _notes = session_replay(s)
    for item in items:
        ev = analysis.at(item.index)
        assert ev is not None
        assert (ev.chosen, ev.best, ev.label) == (item.action, item.best, item.label)
        assert ev.loss == pytest.approx(item.loss)
        by_action = {o.action: o for o in ev.options}
        assert by_action[item.action].ev == pytest.approx(item.ev_taken, abs=1e-3)
        assert by_action[item.best].ev == pytest.approx(item.ev_best, abs=1e-3)
        assert {o[0] for o in item.options} == set(by_action)
        assert ev.samples == item.samples > 0
    # the next hand dealt: that hand's replay still has its review
    number = s.hand_number
    if not s.match_over:
        s.next_hand()
        _b, again, _n = session_replay(s, number)
        first = items[0]
        assert again.at(first.index).label == first.label  # type: ignore[union-attr]


def test_without_a_review_the_replay_still_judges_each_decision() -> None:
    s = raised_hand(3)
    assert s is not None
    s.reviewed.clear()
    board, analysis, _notes = session_replay(s)
    ev = analysis.at(s.review_items[0].index)  # type: ignore[index]
    assert ev is not None and ev.chosen == "raise" and ev.options
