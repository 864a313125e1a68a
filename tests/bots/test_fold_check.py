"""The coach checks the folds it states for its raises against their answers in this match:
the fold shown moves towards what they did, the raise's chance to win the hand and the
decision do not change."""

from __future__ import annotations

import pytest

from truco_learn.bots.coach import CoachBot
from truco_learn.bots.coach_memory import FADE, CoachMemory
from truco_learn.bots.fold_check import FoldCheck
from truco_learn.bots.self_check import logit
from truco_learn.bots.raise_reading import KINDS
from truco_learn.errors import ConfigError
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.observer import parse_observation
from truco_learn.engine.state import HandState

# seat 0 (the coach) won the first trick with 3H over 7H and raises, stating a fold in doubt
HANDS = [["KC", "3H", "4D"], ["AD", "QS", "7H"]]


def _raise_turn(score: tuple[int, int] = (0, 0)) -> HandState:
    s = new_hand("paulista-2p", dealer=1, vira="5H", hands=HANDS, score=score)
    return step(step(s, "play:3H"), "play:7H")


def _next_hand(score: tuple[int, int]) -> dict[str, object]:
    return dict(observation(new_hand("paulista-2p", dealer=1, vira="5H",
                                     hands=[HANDS[1], HANDS[0]], score=score), 0))


def test_a_raise_with_no_later_turn_in_its_hand_was_folded_to() -> None:
    c = FoldCheck()
    s = _raise_turn()
    c.observe(parse_observation(dict(observation(s, 0))))
    c.note(parse_observation(dict(observation(s, 0))), 0.6)
    assert c.raises == []                                   # not settled within the hand
    c.observe(parse_observation(_next_hand((1, 0))))        # the next hand: nothing came back
    assert c.raises == [(logit(0.6), 1.0)]


def test_a_fold_seen_at_the_hands_end_is_a_fold_and_a_watched_hand_settles_as_seen() -> None:
    bot = CoachBot("easy", seed=0)
    assert bot.decide(dict(observation(_raise_turn(), 0))).action == "raise"
    bot.watch(dict(observation(step(step(_raise_turn(), "raise"), "fold"), 0)))
    bot.decide(_next_hand((1, 0)))
    assert [f for _, f in bot.fold_checks[0].raises] == [1.0]
    other = CoachBot("easy", seed=0)
    other.decide(dict(observation(_raise_turn(), 0)))
    accepted = step(step(step(_raise_turn(), "raise"), "accept"), "play:KC")
    later = step(step(accepted, "raise"), "fold")           # a fold later, not their answer
    other.watch(dict(observation(later, 0)))
    other.decide(_next_hand((0, 3)))
    assert [f for _, f in other.fold_checks[0].raises] == [0.0]


def test_an_answer_seen_in_the_hand_settles_it_as_no_fold() -> None:
    for answer in ("accept", "raise"):                     # an accept, a raise back
        c = FoldCheck()
        s = _raise_turn()
        c.observe(parse_observation(dict(observation(s, 0))))
        c.note(parse_observation(dict(observation(s, 0))), 0.6)
        after = step(step(s, "raise"), answer)
        c.observe(parse_observation(dict(observation(after, 0))))
        c.observe(parse_observation(_next_hand((0, 3))))
        assert c.raises == [(logit(0.6), 0.0)], answer


def test_the_shift_follows_their_answers_and_grows_with_them() -> None:
    few, many, bold = FoldCheck(), FoldCheck(), FoldCheck()
    for k in range(30):
        if k < 3:
            few.raises.append((logit(0.5), 1.0))
        many.raises.append((logit(0.5), 1.0 if k % 10 else 0.0))   # folded 9 in 10
        bold.raises.append((logit(0.7), float(k % 5 == 0)))        # stated 0.7, folded 0.2
    assert 0.5 < few.correct(0.5) < many.correct(0.5)
    assert abs(many.correct(0.5) - 0.9) < 0.05
    assert abs(bold.correct(0.7) - 0.2) < 0.08
    assert bold.correct(0.0) == 0.0 and bold.correct(1.0) == 1.0   # certainties stay
    assert FoldCheck().correct(0.4) == 0.4


def test_the_check_changes_the_fold_shown_not_the_decision_nor_the_chance() -> None:
    ob = dict(observation(_raise_turn(), 0))
    plain, checked = CoachBot("easy", seed=0), CoachBot("easy", seed=0)
    bold = FoldCheck()
    bold.raises.extend([(logit(0.7), 0.0)] * 20)          # they never folded
    checked.fold_checks[0] = bold
    a, b = plain.decide(ob), checked.decide(ob)
    assert a.action == b.action == "raise"
    split_a, split_b = a.explanation["facts"]["raise_split"], b.explanation["facts"]["raise_split"]
    assert split_b["they_fold"] < split_a["they_fold"] - 0.3
    assert split_b["played_win"] > split_a["played_win"]      # the total held: the rest
    win_a = {o["action"]: o["win"] for o in a.explanation["options"]}
    win_b = {o["action"]: o["win"] for o in b.explanation["options"]}
    assert win_a == win_b                                  # the chances to win stay
    fold, played = split_b["they_fold"], split_b["played_win"]
    assert abs(fold + (1 - fold) * played - win_b["raise"]) < 0.005
    assert f"They fold about {round(100 * fold)}% of the time" in b.explanation["summary"]
    assert b.explanation["facts"]["self_check"]["folds"]["raises"] == 20


def test_a_fold_is_never_shown_above_the_raises_chance_to_win() -> None:
    ob = dict(observation(_raise_turn(), 0))
    bot = CoachBot("easy", seed=0)
    cautious = FoldCheck()
    cautious.raises.extend([(logit(0.3), 1.0)] * 40)      # they always folded
    bot.fold_checks[0] = cautious
    d = bot.decide(ob)
    split = d.explanation["facts"]["raise_split"]
    win = {o["action"]: o["win"] for o in d.explanation["options"]}["raise"]
    assert d.action == "raise" and split["they_fold"] == win and split["played_win"] == 0.0


def test_the_coach_learns_their_folds_from_its_own_raises() -> None:
    bot = CoachBot("easy", seed=0)
    d = bot.decide(dict(observation(_raise_turn(), 0)))
    assert d.action == "raise"
    stated = d.explanation["facts"]["raise_split"]["they_fold"]
    bot.decide(_next_hand((1, 0)))                         # they folded: my point
    [(x, folded)] = bot.fold_checks[0].raises
    assert folded == 1.0 and abs(x - logit(stated)) < 0.01


def test_a_player_met_again_is_shown_the_folds_it_made_before() -> None:
    ob = dict(observation(_raise_turn(), 0))
    bold = CoachMemory((0.0,) * len(KINDS), folds=((logit(0.7), 0.0, 0.8),) * 15)
    fresh, met = CoachBot("easy", seed=0), CoachBot("easy", seed=0)
    met.recall(bold)
    a, b = fresh.decide(ob), met.decide(ob)
    assert a.action == b.action == "raise"
    assert (b.explanation["facts"]["raise_split"]["they_fold"]
            < a.explanation["facts"]["raise_split"]["they_fold"] - 0.2)
    assert b.explanation["facts"]["self_check"]["folds"]["remembered"] == 12.0
    met.decide(_next_hand((1, 0)))                         # they folded to this one
    later = met.remembered()
    assert later is not None and len(later.folds) == 16
    assert [w for _, _, w in later.folds] == [0.64] * 15 + [FADE]   # faded once more
    assert later.folds[-1][1] == 1.0


def test_a_match_with_no_raise_of_mine_fades_no_fold_it_remembers() -> None:
    memory = CoachMemory((0.0,) * len(KINDS), folds=((0.5, 1.0, 0.8),))
    assert memory.after(memory.evidence, 0).folds == ((0.5, 1.0, 0.64),)
    bot = CoachBot("easy", seed=0)
    bot.recall(memory)
    assert bot.remembered() is memory                      # nothing watched: as it came
    for bad in ((0.5, 0.5, 0.8), (0.5, 1.0, 0.0), (0.5, 1.0)):
        with pytest.raises(ConfigError, match="not a raise the fold check settled"):
            CoachMemory((0.0,), folds=(bad,))  # type: ignore[arg-type]


def test_a_raise_back_whose_answer_went_unseen_is_left_out() -> None:
    s = step(_raise_turn(), "raise")                        # the coach (seat 0) raised ...
    s = step(s, "raise")                                    # ... and they raised back
    c = FoldCheck()
    c.observe(parse_observation(dict(observation(s, 0))))
    c.note(parse_observation(dict(observation(s, 0))), 0.5, back=True)   # the coach's back
    c.observe(parse_observation(_next_hand((0, 6))))
    assert c.raises == []                                   # unseen: either answer may be
    seen = FoldCheck()
    seen.observe(parse_observation(dict(observation(s, 0))))
    seen.note(parse_observation(dict(observation(s, 0))), 0.5, back=True)
    seen.observe(parse_observation(dict(observation(step(step(s, "raise"), "fold"), 0))))
    seen.observe(parse_observation(_next_hand((9, 0))))
    assert [f for _, f in seen.raises] == [1.0]


def test_a_raise_the_table_never_saw_is_left_out() -> None:
    """A coach level's habit may play something else than the raise the coach chose."""
    c = FoldCheck()
    s = _raise_turn()
    c.observe(parse_observation(dict(observation(s, 0))))
    c.note(parse_observation(dict(observation(s, 0))), 0.6)
    played = step(step(s, "play:KC"), "play:AD")            # a card went down instead
    c.observe(parse_observation(dict(observation(played, 0))))
    c.observe(parse_observation(_next_hand((0, 1))))
    assert c.raises == []


def test_a_player_who_folds_more_steeply_than_stated_is_read_with_a_slope() -> None:
    steep = FoldCheck()
    for k in range(60):                 # stated 0.3: folded 1 in 10; stated 0.75: 9 in 10
        steep.raises.append((logit(0.3), float(k % 10 == 0)))
        steep.raises.append((logit(0.75), float(k % 10 != 0)))
    shift, slope = steep.fit()
    assert slope > 1.5
    assert abs(steep.correct(0.3) - 0.1) < 0.04 and abs(steep.correct(0.75) - 0.9) < 0.04
    few = FoldCheck()
    few.raises.extend([(logit(0.3), 0.0), (logit(0.75), 1.0)] * 2)
    assert 1.0 < few.fit()[1] < slope                       # a few raises: nearer a slope of 1
