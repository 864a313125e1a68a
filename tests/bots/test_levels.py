"""Coach levels a learner can climb: each weak level's named habits show in its play, every
level's decisions are legal, and its explanations say what it did and why (a habit included)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from truco_learn.bots import make_bot
from truco_learn.bots.coach import LEVELS
from truco_learn.bots.levels import LEVEL_HABITS, LevelCoach, habit_player, habit_summary
from truco_learn.engine import (VARIANTS, legal_actions, new_hand, new_match, observation,
                                step)
from truco_learn.engine.actions import ACTION_STR
from truco_learn.engine.cards import manilhas_for, parse_card
from truco_learn.engine.state import IRON, legal_codes


def positions(variant: str, n: int, seed: int) -> list[Any]:
    """``n`` decision points from matches the heuristic plays against itself."""
    rng = random.Random(seed)
    helper = make_bot("heuristic", seed=seed)
    out = []
    while len(out) < n:
        m = new_match(variant, rng)
        while not m.over and len(out) < n:
            out.append(m.hand)
            m = m.apply(helper.decide(observation(m.hand, m.hand.to_act)).action, rng)
    return out


def test_the_levels_climb_in_order() -> None:
    assert list(LEVELS) == ["beginner", "easy", "normal", "strong"]
    assert LEVEL_HABITS["normal"] == LEVEL_HABITS["strong"] == ()
    assert len(LEVEL_HABITS["beginner"]) > len(LEVEL_HABITS["easy"]) > 0


def test_beginner_leads_its_best_card_first() -> None:
    """A beginner's habit: in at least 90% of the first tricks it leads with a card, the card
    is its strongest."""
    rng = random.Random(4)
    led = best = 0
    for game in range(40):
        bot = LevelCoach("beginner", seed=game)
        s = new_match("paulista-2p", rng).hand  # a fresh deal at 0-0
        while not s.over and not s.tricks:
            if s.cur == () and s.pending is None and s.to_act == s.deal.mao:
                d = bot.decide(observation(s, s.to_act))
                if d.action.startswith("play:"):
                    led += 1
                    strength = s.deal.strength
                    card = parse_card(d.action[5:])
                    best += strength[card] == max(strength[c] for c in s.left[s.to_act])
                    break
                s = step(s, d.action)
            else:
                s = step(s, random.Random(game).choice(
                    [a for a in legal_actions(s) if a != "fold"] or legal_actions(s)))
    assert led >= 30 and best >= 0.9 * led, (best, led)


def _holds_manilha(s: Any, seat: int) -> bool:
    return any(c in manilhas_for(s.deal.opts.manilhas, s.deal.vira) for c in s.left[seat])


@pytest.mark.parametrize("level", ["beginner", "easy"])
def test_weak_levels_call_only_with_a_manilha_and_answer_by_their_manilhas(
        level: str) -> None:
    bot = LevelCoach(level, seed=1)
    calls = answers = 0
    for s in positions("paulista-2p", 400, seed={"beginner": 1, "easy": 2}[level]):
        if s.over or s.deal.mode == IRON:
            continue
        legal = legal_actions(s)
        if "raise" not in legal and "accept" not in legal:
            continue
        d = bot.decide(observation(s, s.to_act))
        has = _holds_manilha(s, s.to_act)
        if s.pending is None and d.action == "raise":
            calls += 1
            assert has and level == "easy", "called without a manilha (or as a beginner)"
        if s.pending is not None and "accept" in legal:
            answers += 1
            assert d.action == ("accept" if has else "fold")
    assert answers >= 5


@pytest.mark.parametrize("level", ["beginner", "easy"])
def test_a_levels_habits_play_its_side_in_a_reviews_playouts(level: str) -> None:
    play = habit_player(level)
    assert play is not None and habit_player("normal") is None
    rng = random.Random(5)
    calls = answers = leads = 0
    for s in positions("paulista-2p", 600, seed=3):
        if s.over or s.deal.mode == IRON:
            continue
        code = play(s, rng)
        assert code in legal_codes(s)
        action, has = ACTION_STR[code], _holds_manilha(s, s.to_act)
        if s.pending is None and action == "raise":
            calls += 1
            assert has and level == "easy", "called without a manilha (or as a beginner)"
        if s.pending is not None and "accept" in legal_actions(s):
            answers += 1
            assert action == ("accept" if has else "fold")
        if action.startswith("play:") and not s.cur and s.pending is None:
            leads += 1
            strength = s.deal.strength
            assert strength[code] == max(strength[c] for c in s.left[s.to_act])
    assert answers >= 5 and leads >= 50
    assert (calls > 0) == (level == "easy")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_levels_habits_play_legally_in_every_variant(variant: str) -> None:
    play = habit_player("beginner")
    assert play is not None
    rng = random.Random(6)
    for _ in range(20):
        s = new_match(variant, rng).hand
        while not s.over:
            code = play(s, rng)
            assert code in legal_codes(s), (ACTION_STR[code], s)
            s = step(s, ACTION_STR[code])


@pytest.mark.parametrize("level", ["beginner", "easy", "normal"])
def test_a_forced_move_is_the_move_the_level_makes(level: str) -> None:
    bot = LevelCoach(level, seed=3)
    forced = answers = 0
    for s in positions("paulista-2p", 150, seed=4):
        if s.over:
            continue
        obs = observation(s, s.to_act)
        move = bot.forced_move(obs)
        if s.pending is not None and "accept" in legal_actions(s):
            answers += 1
            assert (move is not None) == (level != "normal")  # by the manilhas held
        if move is not None:
            forced += 1
            assert move == LevelCoach(level, seed=3).decide(obs).action
    assert answers >= 3 and (forced >= answers) == (level != "normal")


def test_beginner_forgets_that_the_queen_is_below_the_jack() -> None:
    # the other player led the jack of clubs; the beginner holds a queen, a 4 and a 5
    s = new_hand("paulista-2p", dealer=0, vira="5D", hands=[["QH", "4S", "5S"], ["JC", "5C", "7S"]])
    s = step(s, "play:JC")  # seat 1 (the mão) leads
    d = LevelCoach("beginner", seed=2).decide(observation(s, 0))
    assert d.action == "play:QH"  # "the queen beats the jack", it thinks: it loses the trick
    habit = d.explanation["facts"]["habit"]
    assert habit["name"] == "queen_above_jack"
    assert d.explanation["summary"].startswith("A beginner's habit: I forget that the queen")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_legally_and_explains_honestly(variant: str, level: str) -> None:
    bot = make_bot("coach", level, seed=3)
    habits = 0
    for s in positions(variant, 6 if level in ("normal", "strong") else 30, seed=7):
        obs = observation(s, s.to_act)
        legal = legal_actions(s)
        d = bot.decide(obs)
        exp = d.explanation
        assert d.action in legal
        assert sorted(o["action"] for o in exp["options"]) == legal
        assert exp["facts"]["decision"]["chosen"] == d.action
        habit = exp["facts"].get("habit")
        if habit is None:
            assert exp["facts"]["decision"]["best"] in legal
            continue
        habits += 1
        assert level in ("beginner", "easy") and habit["level"] == level
        article = "A beginner's habit" if level == "beginner" else "An easy player's habit"
        assert exp["summary"].startswith(f"{article}: I {habit['text']}, so I ")
        if habit["coach_choice"] != d.action:  # it says what thinking would have chosen
            assert ("Thinking it through, I would " in exp["summary"]
                    or "Thinking it through, I could just as well " in exp["summary"])
        else:
            assert "Thinking it through, I would do the same (" in exp["summary"]
        assert habit_summary(exp, public=True) == habit["sentence"]
        assert "play:" not in exp["summary"] and "seat " not in exp["summary"]
    if level in ("normal", "strong"):
        assert habits == 0


def test_a_habit_keeps_its_sentence_on_the_play_page_mid_hand() -> None:
    from truco_learn.play.session import MatchSession

    s = MatchSession("paulista-2p", bot="coach", level="beginner", seed=1)
    rng = random.Random(2)
    seen = 0
    for _ in range(6):
        while not s.hand_over:
            s.run_bots()
            for m, full in zip(s.hand_moves(public=True), s.hand_moves()):
                habit = full.explanation["facts"].get("habit")
                if habit:
                    seen += 1
                    assert m.explanation["summary"] == habit["sentence"]
            if s.learner_to_act:
                s.act(rng.choice(s.legal()))
        if s.match_over:
            break
        s.next_hand()
    assert seen > 0
