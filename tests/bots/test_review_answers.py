"""A learner's raise answered, on the review's drawn deals, as the other side answers it."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any, Mapping

import pytest

from truco_learn.bots import make_bot
from truco_learn.bots.review import review
from truco_learn.bots.coach import LEVELS, decision_rng, estimate
from truco_learn.bots.review_answers import (DRAWS, FOLD_PRIOR_DEALS, Played,
                                             answered_estimate, answered_split, played_part)
from truco_learn.bots.levels import habit_player
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import legal_codes, new_hand, observation, step
from truco_learn.engine.actions import ACTION_STR, FOLD, RAISE
from truco_learn.engine.state import HandState
from truco_learn.engine.cards import parse_card
from truco_learn.errors import IllegalActionError

HANDS = [["QC", "3S", "4H"], ["2H", "5C", "KD"]]


def _start():  # type: ignore[no-untyped-def]
    return new_hand("paulista-2p", dealer=1, vira="7D", hands=HANDS)


class Asked:
    """An answerer that notes every observation it is asked about."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.seen: list[tuple[int, Mapping[str, Any]]] = []

    def __call__(self, index: int, obs: Mapping[str, Any]) -> str:
        self.seen.append((index, obs))
        return str(self.answer(obs) if callable(self.answer) else self.answer)


def test_a_side_that_always_folds_or_never_does() -> None:
    obs = observation(_start(), 0)
    folds = Asked("fold")
    split = answered_split(obs, 0, folds, random.Random(1))
    assert (split["they_fold"], split["fold_points"], split["points_se"], split["draws"]) == (
        round((DRAWS + 2) / (DRAWS + 4), 3), 1.0, 0.0, DRAWS)
    assert 0.5 < split["fold_game"] < 1.0  # a point up at 0-0, the coach's favourite's table
    # folded to on every deal, and no prior: the hand when played is the raise accepted
    assert 0.0 < split["played_win"] < 1.0 and abs(split["played_points"]) <= 12
    assert len(folds.seen) == DRAWS
    accepts = Asked("accept")
    split = answered_split(obs, 0, accepts, random.Random(1))
    assert split["they_fold"] == round(2 / (DRAWS + 4), 3)
    assert 0.0 <= split["played_win"] <= 1.0
    # a truco played: 3 points either way (no raise back from the rule of thumb's side here
    # is certain, so at most the ladder's 12)
    assert -12 <= split["played_points"] <= 12 and 0.0 < split["played_game"] < 1.0
    assert 0.0 < split["points_se"] < 12 / DRAWS ** 0.5  # the deals differ
    assert split == answered_split(obs, 0, Asked("accept"), random.Random(1))  # seeded


def test_the_answerer_is_asked_on_drawn_deals_never_the_true_ones() -> None:
    s = _start()
    asked = Asked("accept")
    answered_split(observation(s, 0), 7, asked, random.Random(2))
    mine = {parse_card(c) for c in HANDS[0]}
    hands = set()
    for index, obs in asked.seen:
        assert index == 7 and obs["seat"] == 1 and obs["log"][-1] == [0, "raise"]
        held = {parse_card(c) for c in obs["hand"]}
        assert len(held) == 3 and not held & mine  # the raiser's cards are not drawn for them
        hands.add(frozenset(held))
    assert len(hands) > DRAWS // 2  # drawn, not read: the true hand is one draw among many


def test_its_fold_follows_how_the_answerer_plays() -> None:
    obs = observation(_start(), 0)

    def on_a_manilha(o: Mapping[str, Any]) -> str:  # accepts only holding a queen (manilha)
        return "accept" if any(c.startswith("Q") for c in o["hand"]) else "fold"

    split = answered_split(obs, 0, Asked(on_a_manilha), random.Random(3), draws=60)
    # 3 queens among the 36 unseen cards: a hand of 3 holds none of them 76% of the time
    assert 0.6 < split["they_fold"] < 0.9
    assert split["they_fold"] > answered_split(obs, 0, Asked("accept"), random.Random(3),
                                               draws=60)["they_fold"] + 0.1


def test_an_answer_the_engine_refuses_is_an_error() -> None:
    with pytest.raises(IllegalActionError):
        answered_split(observation(_start(), 0), 0, Asked("play:QC"), random.Random(1), draws=2)


def test_the_review_takes_its_numbers_from_the_answerer() -> None:
    s = step(step(_start(), "raise"), "fold")
    thumb = review(s, 0, "normal", seed=1)[0]
    folds = Asked("fold")
    asked = review(s, 0, "normal", seed=1, answerer=folds)[0]
    assert thumb.split is not None and asked.split is not None
    fold = round((DRAWS + 2) / (DRAWS + 4), 3)
    assert asked.split["they_fold"] == fold
    # it folded to every draw: the chance when it is played is the playouts' own
    assert asked.split["played_win"] == thumb.split["played_win"]
    assert "90%" in asked.reason
    assert {i for i, _ in folds.seen} == {0}
    # at the levels with habits the pull towards one half is weaker: 16.25 / 16.5
    easy = review(s, 0, "easy", seed=1, answerer=Asked("fold"))[0]
    assert easy.split is not None and easy.split["they_fold"] == round(
        (DRAWS + FOLD_PRIOR_DEALS["easy"] / 2) / (DRAWS + FOLD_PRIOR_DEALS["easy"]), 3) > 0.98


def test_the_grade_of_a_raise_comes_from_the_same_answers() -> None:
    s = step(step(_start(), "raise"), "fold")
    obs = observation(_start(), 0)
    est = estimate(obs, LEVELS["normal"], decision_rng(1, obs))
    i = est.actions.index(RAISE)
    thumb = review(s, 0, "normal", seed=1)[0]
    assert thumb.ev_taken == round(est.ev[i], 3)
    # the review's playouts, taken apart: a fold gives the raiser the 1 point at stake
    prior = played_part(est, i, step(step(_start(), "raise"), "fold"), 0)
    assert prior is not None
    assert est.folded[i] + (1 - est.folded[i]) * prior.points == pytest.approx(est.ev[i])
    assert est.folded[i] * 1 + (1 - est.folded[i]) * prior.win == pytest.approx(est.win[i])
    # a side that folds to every drawn deal: the played hand is the playouts' own, the
    # fold 18 in 20, and the raise's expected points mix the two
    asked = review(s, 0, "normal", seed=1, answerer=Asked("fold"))[0]
    fold = round((DRAWS + 2) / (DRAWS + 4), 3)
    assert asked.ev_taken == round(fold * 1 + (1 - fold) * prior.points, 3)
    # the queen (zap's manilha here), a 3 and a 4: a side that folds to every truco pays 1
    # point where a card led wins about 3.5, so against it the raise is a blunder ...
    assert asked.best == "play:4H" and asked.label == "blunder"
    # ... and against a side that never folds it is worth what the hands played give
    never = review(s, 0, "normal", seed=1, answerer=Asked("accept"))[0]
    assert never.split is not None and never.split["they_fold"] < 0.15
    assert never.ev_taken > asked.ev_taken + 1.5 and never.label == "good"
    # the reason's numbers are those graded
    assert f"({never.ev_taken:+.2f})".replace("-", "\u2212") in never.reason


def test_the_review_asks_a_real_coach() -> None:
    s = step(step(_start(), "raise"), "accept")
    coach = make_bot("coach", "easy", seed=4)
    item = review(s, 0, "easy", seed=1,
                  answerer=lambda index, obs: coach.decide(obs).action)[0]
    assert item.split is not None and 0.0 < item.split["they_fold"] < 1.0


def test_the_deals_are_weighed_by_their_earlier_plays() -> None:
    # seat 1 leads first; it plays a queen (the manilha) when it holds one, else the 4 of
    # clubs, and accepts a raise only holding a queen: leading the 4 says it holds none
    s = new_hand("paulista-2p", dealer=0, vira="7D",
                 hands=[["2H", "5S", "6D"], ["4C", "KD", "AS"]])
    s = step(s, "play:4C")

    def plays(o: Mapping[str, Any]) -> str:
        queens = [c for c in o["hand"] if c.startswith("Q")]
        if o["log"] and o["log"][-1][1] == "raise":
            return "accept" if queens else "fold"
        return f"play:{queens[0]}" if queens else "play:4C"

    obs = observation(s, 0)
    read = answered_split(obs, 1, Asked(plays), random.Random(5), draws=80)
    unread = answered_split(obs, 1, Asked(plays), random.Random(5), draws=80, read_plays=False)
    # drawn at random, 2 hands in 9 keep a queen (4 among 34 unseen cards); read, those
    # deals weigh a fifth
    assert 0.65 < unread["they_fold"] < 0.88
    assert read["they_fold"] > unread["they_fold"] + 0.08


def test_the_hand_when_played_is_drawn_towards_the_prior() -> None:
    obs = observation(_start(), 0)
    low, high = (answered_split(obs, 0, Asked("accept"), random.Random(6),
                                prior_played=Played(p, 3.0 * (2 * p - 1), p)) for p in (0.0, 1.0))
    # every deal played and weighed alike: the prior weighs one deal in DRAWS + 1
    for key, span in (("played_win", 1.0), ("played_points", 6.0), ("played_game", 1.0)):
        assert high[key] - low[key] == pytest.approx(span / (DRAWS + 1), abs=2e-3)
    plain = answered_split(obs, 0, Asked("accept"), random.Random(6))
    assert low["played_win"] < plain["played_win"] < high["played_win"]
    none = answered_split(obs, 0, Asked("fold"), random.Random(6),
                          prior_played=Played(0.42, -0.5, 0.3))
    # folded to every deal: the prior alone
    assert (none["played_win"], none["played_points"], none["played_game"]) == (0.42, -0.5, 0.3)


def test_a_raise_folded_to_in_every_deal_is_played_as_accepted() -> None:
    s = _start()
    est = estimate(observation(s, 0), 20, random.Random(1))
    i = est.actions.index(RAISE)
    folded = replace(est, folded=tuple(1.0 for _ in est.actions))
    # the review's playouts never played it: no prior to draw towards
    assert played_part(folded, i, step(step(s, "raise"), "fold"), 0) is None
    got = answered_split(observation(s, 0), 0, Asked("fold"), random.Random(1), draws=2)
    assert got["they_fold"] > 0.5 and 0.0 <= got["played_win"] <= 1.0
    # the fold asked is kept, whatever the playouts said
    assert answered_estimate(folded, i, got).folded[i] == got["they_fold"]


def test_the_raise_answered_replaces_only_the_raise() -> None:
    s = _start()
    est = estimate(observation(s, 0), 40, random.Random(2))
    i = est.actions.index(RAISE)
    got = answered_split(observation(s, 0), 0, Asked("accept"), random.Random(2), draws=6)
    new = answered_estimate(est, i, got)
    fold = got["they_fold"]
    assert new.ev[i] == pytest.approx(fold * 1 + (1 - fold) * got["played_points"])
    assert new.win[i] == pytest.approx(fold + (1 - fold) * got["played_win"])
    assert new.match[i] == pytest.approx(fold * got["fold_game"] + (1 - fold) * got["played_game"])
    assert (new.se[i], new.folded[i], new.played_win[i]) == (got["points_se"], fold,
                                                             got["played_win"])
    for field in ("ev", "se", "win", "match", "folded", "played_win"):
        old_values, values = getattr(est, field), getattr(new, field)
        assert values[:i] + values[i + 1:] == old_values[:i] + old_values[i + 1:], field
    assert new.points == est.points and new.actions == est.actions


def test_the_other_moves_are_paired_with_the_raise_on_its_deals() -> None:
    obs = observation(_start(), 0)
    others = [c for c in legal_codes(_start()) if c != RAISE]
    got = answered_split(obs, 0, Asked("accept"), random.Random(7),
                         pairs=(others, random.Random(8)))
    assert set(got["paired_se"]) == {ACTION_STR[c] for c in others}
    # the hand each deal deals weighs on the raise and on a card alike: paired, it cancels
    assert all(0.0 < se < got["points_se"] for se in got["paired_se"].values()), got
    plain = answered_split(obs, 0, Asked("accept"), random.Random(7))
    # the pairs' playouts draw from their own generator: the raise's numbers stay
    assert {k: v for k, v in got.items() if k != "paired_se"} == plain


def test_a_raise_asked_is_graded_within_its_paired_noise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import truco_learn.bots.review as reviewing
    seen: list[tuple[float, float]] = []
    label_for = reviewing.label_for

    def spy(loss: float, noise: float = 0.0) -> str:
        seen.append((loss, noise))
        return label_for(loss, noise)

    monkeypatch.setattr(reviewing, "label_for", spy)
    s = step(step(_start(), "raise"), "fold")
    item = review(s, 0, "normal", seed=1, answerer=Asked("fold"))[0]
    assert item.best == "play:4H" and len(seen) == 1
    obs = observation(_start(), 0)
    others = [c for c in sorted(legal_codes(_start())) if c != RAISE]  # as the review's
    got = answered_split(obs, 0, Asked("fold"), random.Random("1|answers|0"),
                         pairs=(others, random.Random("1|pairs|0")))
    assert seen[0][1] == got["paired_se"]["play:4H"] > 0.0


def test_a_raise_named_the_better_move_is_priced_by_the_answerer_too() -> None:
    # seat 0 took the first trick (a jack over a queen) and leads, a king and a 5 left, with
    # the 3s as manilhas: the review's playouts, where the other side folds to a truco as
    # the rule of thumb does, say a truco now is worth more than any card
    s = new_hand("paulista-2p", dealer=1, vira="2H", hands=[["JC", "KD", "5D"],
                                                            ["QC", "3H", "JD"]])
    s = step(step(s, "play:JC"), "play:QC")
    played = step(step(s, "play:KD"), "play:3H")
    while not played.over:
        played = step(played, legal_codes(played)[0])
    thumb = review(played, 0, "normal", seed=1)
    assert thumb[1].action == "play:KD" and thumb[1].best == "raise" and thumb[1].label != "good"
    accepts = Asked("accept")
    asked = review(played, 0, "normal", seed=1, answerer=accepts)
    # asked only at the turns where the playouts named a raise the better move, by more than
    # their noise (the learner did not raise in this hand)
    named = {item.index for item in thumb if item.best == "raise" and item.label != "good"}
    assert 2 in named and {i for i, _ in accepts.seen} == named
    # the raise is priced as the side answers it (on the review's seeds, the chance when
    # played drawn towards its playouts'); the card as it was
    obs = observation(s, 0)
    est = estimate(obs, LEVELS["normal"], decision_rng(1, obs))
    prior = played_part(est, est.actions.index(RAISE), step(step(s, "raise"), "fold"), 0)
    got = answered_split(obs, 2, Asked("accept"), random.Random("1|answers|2"),
                         prior_played=prior)
    fold = got["they_fold"]
    assert asked[1].best == "raise" and asked[1].ev_taken == thumb[1].ev_taken
    assert asked[1].ev_best == pytest.approx(
        fold * got["fold_points"] + (1 - fold) * got["played_points"], abs=2e-3)
    assert asked[1].ev_best != thumb[1].ev_best
    assert asked[1].loss == pytest.approx(asked[1].ev_best - asked[1].ev_taken, abs=2e-3)


def test_the_noise_pairs_a_raise_asked_only_with_the_move_set_against_it() -> None:
    from truco_learn.bots.review import _noise
    est = estimate(observation(_start(), 0), 40, random.Random(3))
    r = est.actions.index(RAISE)
    a, b = [i for i, c in enumerate(est.actions) if c != RAISE][:2]
    paired = {ACTION_STR[est.actions[a]]: 0.11, ACTION_STR[est.actions[b]]: 0.22}
    assert _noise(est, r, a, paired) == 0.11  # the raise named better than the card played
    assert _noise(est, b, r, paired) == 0.22  # the learner raised, a card was better
    # two cards, the raise asked about beside them: the review's own pairing of the two
    assert _noise(est, b, a, paired) == est.diff_se(b, a) != 0.22
    assert _noise(est, a, a, paired) == 0.0 and _noise(est, r, a, {}) == est.diff_se(r, a)


def _runs_and_never_raises(s: HandState, rng: random.Random) -> int:
    """A side that folds to every raise and never raises: its first legal card otherwise."""
    legal = sorted(legal_codes(s))
    return FOLD if s.pending is not None else legal[0]


def _lowest_card_or(answer: str) -> Any:
    """An answerer giving ``answer`` to a raise and otherwise playing its weakest card."""
    def ask(obs: Mapping[str, Any]) -> str:
        s = DealSampler(obs, infer_bets=False).checked
        if s.pending is not None:
            return answer
        cards = [c for c in legal_codes(s) if c < len(s.deal.strength)]
        return ACTION_STR[min(cards, key=lambda c: s.deal.strength[c])]
    return ask


def test_with_replies_the_other_moves_are_priced_on_the_raises_deals() -> None:
    s = _start()
    obs = observation(s, 0)
    est = estimate(obs, 40, random.Random(2))
    i = est.actions.index(RAISE)
    moves = [c for c in est.actions if c != RAISE]
    asked = Asked(_lowest_card_or("fold"))
    got = answered_split(obs, 0, asked, random.Random(3), draws=6,
                         pairs=(moves, random.Random(4)), replies=True)
    # asked for its reply to each card led, on each deal drawn: it played its weakest card
    replied = [o for _i, o in asked.seen if len(o["log"]) == 1 and o["log"][0][1] != "raise"]
    assert len(replied) == 6 * len(moves)
    assert {o["log"][0][1] for o in replied} == {ACTION_STR[c] for c in moves}
    assert set(got["paired"]) == {ACTION_STR[c] for c in moves}
    for numbers in got["paired"].values():
        assert 0.0 <= numbers["win"] <= 1.0 and 0.0 <= numbers["game"] <= 1.0
        assert -12 <= numbers["points"] <= 12
    # the review's estimate takes them, beside the raise's numbers
    new = answered_estimate(est, i, got)
    for c in moves:
        j = est.actions.index(c)
        assert (new.ev[j], new.win[j], new.match[j]) == tuple(
            got["paired"][ACTION_STR[c]][k] for k in ("points", "win", "game"))
    # without replies the other moves keep the review's own numbers
    plain = answered_split(obs, 0, Asked("fold"), random.Random(3), draws=6,
                           pairs=(moves, random.Random(4)))
    assert "paired" not in plain
    assert answered_estimate(est, i, plain).ev[:i] == est.ev[:i]


def _runs_or_first_card(obs: Mapping[str, Any]) -> str:
    """The answerer of a side that plays as :func:`_runs_and_never_raises`."""
    s = DealSampler(obs, infer_bets=False).checked
    return ACTION_STR[_runs_and_never_raises(s, random.Random(0))]


def test_the_other_moves_are_priced_against_the_same_side() -> None:
    s = step(step(_start(), "raise"), "fold")
    # a side that folds to every truco, the other moves played out by the rule of thumb
    # (which accepts many later trucos): a card led looks worth far more than the raise
    alone = review(s, 0, "normal", seed=1, answerer=Asked("fold"))[0]
    assert alone.best == "play:4H" and alone.label == "blunder"
    # played out by that side everywhere, a later truco wins the 1 point this one wins
    replies = Asked(_runs_or_first_card)
    asked = review(s, 0, "normal", seed=1, answerer=replies,
                   their_play=_runs_and_never_raises)[0]
    # the other moves were priced on the raise's deals, the side's replies asked there
    assert any(o["log"][-1][1].startswith("play:") for _i, o in replies.seen)
    assert asked.label == "good" and asked.ev_best - asked.ev_taken < 0.3
    assert asked.ev_best < alone.ev_best - 1.5
    # its fold is the answerer's either way (the same deals drawn and asked)
    assert asked.split is not None and alone.split is not None
    assert asked.split["they_fold"] == alone.split["they_fold"]


@pytest.mark.parametrize("level", ["beginner", "easy"])
def test_a_review_against_a_level_prices_moves_by_its_habits(level: str) -> None:
    # zap, a 3 and a 4 call truco at once; without a manilha the coach at these levels runs,
    # and it would run from a later truco too
    s = step(step(_start(), "raise"), "fold")
    coach = make_bot("coach", level, seed=4)

    def answerer(index: int, obs: Mapping[str, Any]) -> str:
        return copy.deepcopy(coach).decide(obs).action

    thumb = review(s, 0, level, seed=1, answerer=answerer)[0]
    assert thumb.label == "blunder"  # the rule of thumb would have paid 3 for a later truco
    habits = review(s, 0, level, seed=1, answerer=answerer, their_play=habit_player(level))[0]
    assert habits.label == "good" and habits.loss < 0.5
