"""The coach checks its stated chances against the hands it won in this game: the shown chances
move towards what came true, the decisions do not change."""

from __future__ import annotations

import math

from truco_learn.bots.coach import CoachBot
from truco_learn.bots.self_check import CENTERS, PRIOR_WEIGHT, SelfCheck, for_seats
from truco_learn.engine import new_hand, observation, step

HANDS = [["QC", "3S", "4H"], ["2H", "5C", "KD"]]


def _ob(score: tuple[int, int], dealer: int = 1, seat: int = 0) -> dict[str, object]:
    return dict(observation(new_hand("paulista-2p", dealer=dealer, vira="7D", hands=HANDS,
                                     score=score), seat))


def test_a_hand_is_settled_by_the_next_hands_score() -> None:
    c = SelfCheck()
    c.note(_ob((0, 0)), "card play", 0.7)
    c.note(_ob((0, 0)), "own raise", 0.8)          # the same hand: nothing settled yet
    assert c.seen == {}
    c.observe(_ob((0, 3), dealer=0))              # they got the points: both lost
    assert [w for _, w in c.seen["card play"]] == [0.0]
    assert [w for _, w in c.seen["own raise"]] == [0.0]
    c.note(_ob((0, 3), dealer=0), "card play", 0.4)
    c.observe(_ob((1, 3)))                        # my team got the point: won
    assert [w for _, w in c.seen["card play"]] == [0.0, 1.0]
    c.note(_ob((1, 3)), "card play", 0.4)
    c.observe(_ob((2, 4), dealer=0))              # both teams scored: a hand went by unseen
    c.note(_ob((2, 4), dealer=0), "card play", 0.4)
    c.observe(_ob((0, 0)))                        # a new game: nothing settled
    assert len(c.seen["card play"]) == 2


def test_the_shift_follows_the_outcomes_and_grows_with_the_evidence() -> None:
    few, many = SelfCheck(), SelfCheck()
    for k in range(40):
        if k < 5:
            few.add("answer", 0.6, float(k == 0))
        many.add("answer", 0.6, float(k % 5 == 0))   # stated 0.6, won a fifth
    assert many.correct("answer", 0.6) < few.correct("answer", 0.6) < 0.6
    assert abs(many.correct("answer", 0.6) - 0.2) < 0.08
    optimistic = SelfCheck()
    for k in range(40):
        optimistic.add("card play", 0.3, float(k % 3 != 0))   # stated 0.3, won two thirds
    assert optimistic.correct("card play", 0.3) > 0.5
    assert optimistic.correct("answer", 0.3) == 0.3           # other kinds untouched
    assert optimistic.correct("card play", 0.0) == 0.0        # certainties stay


def test_the_check_changes_the_numbers_shown_not_the_decision() -> None:
    ob = _ob((0, 0))
    plain = CoachBot("easy", seed=5)
    biased = CoachBot("easy", seed=5)
    check = SelfCheck()
    for _ in range(60):
        check.add("card play", 0.5, 0.0)
        check.add("own raise", 0.5, 0.0)
    biased.checked[0] = check
    a, b = plain.decide(ob), biased.decide(ob)
    assert a.action == b.action
    wins_a = {o["action"]: o["win"] for o in a.explanation["options"]}
    wins_b = {o["action"]: o["win"] for o in b.explanation["options"]}
    assert all(wins_b[k] <= wins_a[k] + 1e-9 for k in wins_a)
    assert any(wins_b[k] < wins_a[k] - 0.05 for k in wins_a)
    raw = b.explanation["facts"]["self_check"]["raw_win"]
    assert raw == wins_a[a.action]


def test_a_centred_prior_moves_the_first_numbers_and_yields_to_the_evidence() -> None:
    c = SelfCheck(center={"answer": 0.7})
    first = c.correct("answer", 0.6)
    assert first > 0.7 and c.correct("card play", 0.6) == 0.6   # before any hand is settled
    for k in range(200):                                         # stated 0.6, won 0.6
        c.add("answer", 0.6, float(k % 5 < 3))
    assert abs(c.correct("answer", 0.6) - 0.6) < abs(first - 0.6) / 3
    assert CENTERS[2] == {}                                      # two seats: centred at 0


def _four_seat_answer() -> dict[str, object]:
    """Seat 0 called truco before any card; seat 1 (the coach) answers."""
    hands = [["4H", "5S", "6C"], ["QC", "2S", "KH"], ["4C", "5D", "6S"], ["7H", "7C", "JD"]]
    s = step(new_hand("paulista-4p", dealer=3, vira="7D", hands=hands), "raise")
    return dict(observation(s, 1))


def test_at_four_seats_the_coachs_answer_is_shown_with_the_centred_shift() -> None:
    d = CoachBot("easy", seed=3).decide(_four_seat_answer())
    raw = d.explanation["facts"]["self_check"]["raw_win"]
    shown = {o["action"]: o["win"] for o in d.explanation["options"]}[d.action]
    assert d.action == "accept" and 0.0 < raw < 1.0
    expected = 1 / (1 + math.exp(-(math.log(raw / (1 - raw)) + CENTERS[4]["answer"])))
    assert abs(shown - expected) < 0.01 and shown > raw
    two = CoachBot("easy", seed=5).decide(_ob((0, 0)))              # two seats: as stated
    raw2 = two.explanation["facts"]["self_check"]["raw_win"]
    assert {o["action"]: o["win"] for o in two.explanation["options"]}[two.action] == raw2


def test_at_four_seats_the_same_evidence_moves_the_card_plays_less() -> None:
    two, four = for_seats(2), for_seats(4)
    for k in range(12):                                  # stated 0.5, won a quarter
        for c in (two, four):
            c.add("card play", 0.5, float(k % 4 == 0))
    assert two.correct("card play", 0.5) < four.correct("card play", 0.5) < 0.5
    assert four.prior_weight > two.prior_weight == PRIOR_WEIGHT


def _arg(score: tuple[int, int], dealer: int = 1) -> dict[str, object]:
    return dict(observation(new_hand("argentino-2p", dealer=dealer, score=score,
                                     hands=[["7S", "5S", "KC"], ["6H", "4H", "AD"]]), 0))


def test_envido_points_are_not_the_hands_to_settle() -> None:
    """In an Argentine hand the score also moves by the envido (or flor): my team's 2 envido
    points and their 1 truco point make a hand my team lost, not one skipped; unseen envido
    points that make both teams score settle nothing."""
    c = SelfCheck()
    c.note(_arg((0, 0)), "card play", 0.6, bonus=(2, 0))   # my envido, seen at my decision
    c.observe(_arg((2, 1), dealer=0))                      # their truco point
    assert [w for _, w in c.seen["card play"]] == [0.0]
    c.note(_arg((2, 1), dealer=0), "card play", 0.6, bonus=(0, 2))  # their envido
    c.observe(_arg((3, 3)))                                # and my truco point: won
    assert [w for _, w in c.seen["card play"]] == [0.0, 1.0]
    c.note(_arg((3, 3)), "card play", 0.6)                 # an envido I did not see
    c.observe(_arg((5, 4), dealer=0))                      # both scored: nothing settled
    assert len(c.seen["card play"]) == 2


def test_the_coach_checks_its_numbers_in_an_envido_hand_too() -> None:
    bot = CoachBot("easy", seed=2)
    d = bot.decide(_arg((0, 0)))
    facts = d.explanation["facts"]["self_check"]
    assert facts["by_kind"] == {} and 0.0 <= facts["raw_win"] <= 1.0
    bot.decide(_arg((0, 1)))                               # the next hand: theirs
    assert sum(n["decisions"] for n in bot.checked[0].facts().values()) == 1
