"""The coach as reviewer: labels by expected-point loss, the better action named."""

from __future__ import annotations

import pytest

from truco_learn.bots.fold_check import FoldCheck
from truco_learn.bots.review import ReviewItem, label_for, review
from truco_learn.bots.self_check import _logit
from truco_learn.engine import new_hand, step
from truco_learn.errors import ConfigError


def _hand(hands: list[list[str]], actions: list[str], vira: str = "7D"):  # type: ignore[no-untyped-def]
    s = new_hand("paulista-2p", dealer=1, vira=vira, hands=hands)
    for a in actions:
        s = step(s, a)
    return s


def test_running_with_zap_and_copas_is_a_blunder() -> None:
    s = _hand([["4H", "5S", "6D"], ["QC", "QH", "3S"]], ["raise", "fold"])
    assert s.over
    items = review(s, 1, "easy", seed=1)
    assert [i.index for i in items] == [1]
    item = items[0]
    assert item.action == "fold" and item.best in ("accept", "raise")
    assert item.label == "blunder" and item.loss >= 1.0
    assert item.ev_taken == -1.0 and item.ev_best > 0
    assert item.loss == pytest.approx(item.ev_best - item.ev_taken, abs=1e-3)
    assert "Blunder" in item.reason and ("accepting" in item.reason or "raising" in item.reason)


def test_a_full_hand_reviews_only_that_seats_real_choices() -> None:
    s = _hand([["QC", "3S", "4H"], ["2H", "5C", "KD"]],
              ["play:4H", "play:2H", "play:KD", "play:QC", "play:3S", "play:5C"])
    assert s.over
    items = review(s, 0, "easy", seed=2)
    mine = [i for i, (who, _) in enumerate(s.log) if who == 0]
    assert [i.index for i in items][:2] == [0, 3] and {i.index for i in items} <= set(mine)
    assert all(isinstance(i, ReviewItem) and i.label in
               ("good", "inaccuracy", "mistake", "blunder") for i in items)
    assert all(i.ev_best >= i.ev_taken and i.loss >= 0 for i in items)
    assert [i.action for i in items][:2] == ["play:4H", "play:QC"]
    other = review(s, 1, "easy", seed=2)
    assert [i.index for i in other][:2] == [1, 2]


def test_playing_the_best_move_is_good() -> None:
    s = _hand([["4H", "5S", "6D"], ["QC", "QH", "3S"]], ["raise"])
    from truco_learn.bots import make_bot
    from truco_learn.engine import observation

    best = make_bot("coach", "easy", seed=3).decide(observation(s, 1)).action
    s = step(s, best)
    item = review(s, 1, "easy", seed=3)[0]
    # the coach's own move loses nothing (a tie with another action may be named best)
    assert item.action == best and item.label == "good" and item.loss == 0
    assert item.ev_taken == item.ev_best


def test_labels_and_bad_input() -> None:
    assert [label_for(x) for x in (0.0, 0.25, 0.6, 1.5)] == [
        "good", "inaccuracy", "mistake", "blunder"]
    s = _hand([["4H", "5S", "6D"], ["QC", "QH", "3S"]], ["raise", "fold"])
    with pytest.raises(ConfigError):
        review(s, 2)
    with pytest.raises(ConfigError):
        review(s, 1, level="grandmaster")


def test_a_raises_fold_is_shown_as_the_answers_seen_put_it() -> None:
    """The review's "they fold about x%" moves with the answers a session has seen (the
    playouts answer by the rule of thumb, the coach does not); the grade and the raise's
    chance to win the hand stay, and the hand's raise and its answer are taken in."""
    s = _hand([["QS", "3S", "4D"], ["4C", "5H", "6S"]], ["raise", "fold"])
    plain = review(s, 0, "easy", seed=1)[0]
    assert plain.action == "raise" and plain.split is not None
    fresh = FoldCheck()
    assert review(s, 0, "easy", seed=1, folds=fresh)[0].split == plain.split  # nothing seen
    assert fresh.raises == [(pytest.approx(_logit(plain.split["they_fold"]), abs=0.01), 1.0)]

    folds = FoldCheck()
    for _ in range(12):                  # they folded to every raise seen at a fold of 0.3
        folds.add(0.3, True)
    item = review(s, 0, "easy", seed=1, folds=folds)[0]
    assert item.split is not None
    f0, p0 = plain.split["they_fold"], plain.split["played_win"]
    f1, p1 = item.split["they_fold"], item.split["played_win"]
    assert f1 > f0 + 0.05
    assert f1 + (1 - f1) * p1 == pytest.approx(f0 + (1 - f0) * p0, abs=0.005)  # win stays
    assert (item.ev_taken, item.ev_best, item.label) == (plain.ev_taken, plain.ev_best,
                                                        plain.label)
    assert f"{round(100 * f1)}%" in item.reason and f"{round(100 * f0)}%" in plain.reason
    assert len(folds.raises) == 13 and folds.raises[-1][1] == 1.0


def test_a_raise_accepted_is_taken_in_as_no_fold() -> None:
    s = _hand([["QS", "3S", "4D"], ["4C", "5H", "6S"]],
              ["raise", "accept", "play:3S", "play:4C", "play:QS", "play:5H"])
    assert s.over
    folds = FoldCheck()
    items = review(s, 0, "easy", seed=2, folds=folds)
    assert [i.action for i in items if i.split is not None] == ["raise"]
    assert [y for _, y in folds.raises] == [0.0]
    review(s, 1, "easy", seed=2, folds=folds)   # the other seat raised nothing
    assert len(folds.raises) == 1
