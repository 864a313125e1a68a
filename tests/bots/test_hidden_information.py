"""The bots decide from the observation only: changing hidden cards changes nothing."""

from __future__ import annotations

from typing import Sequence

import pytest

from truco_learn.bots import make_bot
from truco_learn.engine import HandState, card_str, new_hand, observation, step


def _play(variant: str, hands: Sequence[Sequence[str]], actions: Sequence[str],
          vira: str = "7D") -> HandState:
    seats = len(hands)
    s = new_hand(variant, dealer=seats - 1, vira=vira, hands=hands)  # seat 0 leads
    for a in actions:
        if a.startswith("cover:") and s.to_act == 1 and a[6:] not in [
                card_str(c) for c in s.left[1]]:
            a = "cover:" + card_str(s.left[1][-1])  # hands B cover their own card
        s = step(s, a)
    return s


# (variant, observing seat, actions, hands A, hands B): A and B differ only in cards the
# observing seat cannot see.
CASES = [
    ("paulista-2p", 0, [],
     [["QC", "3S", "4H"], ["2H", "5C", "KD"]], [["QC", "3S", "4H"], ["QH", "AC", "6S"]]),
    ("paulista-2p", 1, ["play:4H"],
     [["QC", "3S", "4H"], ["2H", "5C", "KD"]], [["QS", "JS", "4H"], ["2H", "5C", "KD"]]),
    ("paulista-2p", 0, ["play:3S", "raise"],
     [["QC", "3S", "4H"], ["2H", "3C", "KD"]], [["QC", "3S", "4H"], ["7C", "3C", "QD"]]),
    ("paulista-4p", 2, ["play:3S", "play:2H", "play:6S", "play:5D", "play:4H", "cover:6C"],
     [["3S", "4H", "5C"], ["2H", "KS", "6C"], ["6S", "AH", "JC"], ["QS", "5D", "7C"]],
     [["3S", "4H", "KC"], ["2H", "KS", "JD"], ["6S", "AH", "JC"], ["QS", "5D", "QC"]]),
]


@pytest.mark.parametrize("variant,seat,actions,hands_a,hands_b", CASES)
@pytest.mark.parametrize("bot", ["coach", "heuristic", "random", "bluffer", "anti-random",
                                 "tight", "loose", "reraiser", "caller", "sampler"])
def test_hidden_cards_do_not_change_the_decision(variant: str, seat: int, actions: list[str],
                                                 hands_a: list[list[str]],
                                                 hands_b: list[list[str]], bot: str) -> None:
    a = _play(variant, hands_a, actions)
    b = _play(variant, hands_b, actions)
    assert a.deal.hands != b.deal.hands
    assert a.to_act == seat == b.to_act
    obs_a, obs_b = observation(a, seat), observation(b, seat)
    assert obs_a == obs_b
    da = make_bot(bot, "easy", seed=5).decide(obs_a)
    db = make_bot(bot, "easy", seed=5).decide(obs_b)
    assert da == db


def test_the_coach_does_depend_on_what_it_sees() -> None:
    """The check above could pass for a bot that ignores everything: this one cannot."""
    strong = _play("paulista-2p", [["4H", "5S", "6D"], ["QC", "QH", "3S"]], ["raise"])
    weak = _play("paulista-2p", [["QC", "QH", "3S"], ["4H", "5S", "6D"]], ["raise"])
    coach = make_bot("coach", "easy", seed=1)
    assert coach.decide(observation(strong, 1)).action in ("accept", "raise")
    assert coach.decide(observation(weak, 1)).action == "fold"


def test_same_seed_same_answer_whatever_came_before() -> None:
    s = _play("paulista-2p", [["QC", "3S", "4H"], ["2H", "5C", "KD"]], [])
    coach = make_bot("coach", "easy", seed=9)
    first = coach.decide(observation(s, 0))
    coach.decide(observation(step(s, "play:4H"), 1))
    assert coach.decide(observation(s, 0)) == first
