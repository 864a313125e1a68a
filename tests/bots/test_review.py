"""The coach as reviewer: labels by expected-point loss, the better action named."""

from __future__ import annotations

import pytest

from truco_learn.bots.review import ReviewItem, label_for, review
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


def test_a_raises_review_keeps_its_two_numbers_as_its_words_give_them() -> None:
    s = _hand([["QS", "3S", "4D"], ["4C", "5H", "6S"]], ["raise", "fold"])
    item = review(s, 0, "easy", seed=1)[0]
    assert item.action == "raise" and item.split is not None
    fold, played = item.split["they_fold"], item.split["played_win"]
    assert 0.0 < fold < 1.0 and 0.0 <= played <= 1.0
    assert (f"They fold about {round(100 * fold)}% of the time; when it is played you win "
            f"about {round(100 * played)}%") in item.reason
    s = _hand([["QC", "3S", "4H"], ["2H", "5C", "KD"]], ["play:4H", "play:2H"])
    assert all(i.split is None for i in review(s, 0, "easy", seed=2))   # no raise, no split
