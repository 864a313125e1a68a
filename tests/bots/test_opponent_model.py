"""The coach learns during a game what the other team does (public log only) and bets by it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from bot_helpers import bluffed_hand

from truco_learn.bots.coach import CoachBot
from truco_learn.bots.opponent import WILD_PRIOR, OpponentModel
from truco_learn.engine import new_hand, observation, step


def _facing_truco(hand: list[str]) -> dict:
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=(6, 0),
                 hands=[["QC", "3S", "2D"], hand])
    return observation(step(s, "raise"), 1)


def test_a_coach_that_saw_wild_raises_stops_folding_to_them() -> None:
    obs = _facing_truco(["2S", "KH", "5D"])
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


def _sure_of(m: OpponentModel, wild: bool) -> OpponentModel:
    m.evidence = 40.0 if wild else -40.0
    return m


def test_each_playout_draws_the_kind_of_player_and_a_wild_one_answers_at_random() -> None:
    import random

    from truco_learn.bots.playout import playout
    from truco_learn.bots.policy import ROLLOUT
    from truco_learn.engine.actions import ACCEPT, FOLD, RAISE

    s = step(new_hand("paulista-2p", dealer=1, vira="7D",
                      hands=[["QC", "3S", "2D"], ["4H", "5D", "6S"]]), "raise")
    answers = {FOLD: 0, ACCEPT: 0, RAISE: 0}
    wild = _sure_of(OpponentModel(), True)
    for k in range(600):
        end = playout(s, random.Random(k), 0, ROLLOUT, ROLLOUT, wild)
        answers[end.log[1][1]] += 1
    assert all(150 <= n <= 250 for n in answers.values()), answers  # about 200 each
    sensible = _sure_of(OpponentModel(), False)
    ends = [playout(s, random.Random(k), 0, ROLLOUT, ROLLOUT, sensible).log[1][1]
            for k in range(300)]
    assert ends.count(FOLD) > 180  # 4H 5D 6S against a truco: a sensible player mostly runs
    strong = step(new_hand("paulista-2p", dealer=1, vira="7D",
                           hands=[["4H", "5D", "6S"], ["QC", "3S", "2D"]]), "raise")
    back = [playout(strong, random.Random(k), 0, ROLLOUT, ROLLOUT, sensible).log[1][1]
            for k in range(300)]
    assert back.count(RAISE) > 3 * max(1, ends.count(RAISE))  # with the zap it raises back
    assert back.count(FOLD) < 60


def _next_hand(s) -> dict:  # type: ignore[no-untyped-def]
    """Seat 0's first observation of another hand (so the previous one counts as over)."""
    n = new_hand("paulista-2p", dealer=0, vira="2C", score=(1, 1),
                 hands=[["4C", "5C", "6C"], ["4D", "5D", "6D"]])
    return observation(n, 0)


def test_card_play_against_the_rule_of_thumb_counts_for_a_wild_player() -> None:
    """Seat 1 follows seat 0's 4H: cheapest winner 5D is the rule of thumb, the zap is not.
    (The card plays alone: the turn it let pass without a truco is weighed apart, the same
    for both, by :meth:`OpponentModel._turn_evidence`.)"""
    hands = [["4H", "KS", "AC"], ["QC", "5D", "6S"]]
    evidence = {}
    for card in ("5D", "QC"):
        s = new_hand("paulista-2p", dealer=1, vira="7D", hands=hands)
        for a in ["play:4H", f"play:{card}"]:
            s = step(s, a)
        m = OpponentModel()
        m._turn_evidence = lambda read: None  # type: ignore[method-assign]
        m.observe(observation(s, 0))
        before = m.evidence
        m.observe(_next_hand(s))  # the hand is over: its card plays are weighed
        evidence[card] = m.evidence - before
    assert evidence["QC"] > 0.5 > -0.2 > evidence["5D"]


def test_a_lead_face_down_counts_for_a_wild_player() -> None:
    s = new_hand("paulista-4p", dealer=3, vira="7D",
                 hands=[["4H", "5S", "6D"], ["KC", "5C", "6C"], ["4S", "JS", "AS"],
                        ["KD", "JD", "AD"]])
    for a in ["play:4H", "play:KC", "play:4S", "play:KD"]:
        s = step(s, a)
    assert s.to_act == 1  # seat 1, of the other team, leads the second trick
    seen = {}
    for lead in ("cover:5C", "play:5C"):
        m = OpponentModel()
        m.observe(observation(s, 0))
        before = m.evidence
        m.observe(observation(step(s, lead), 2))
        seen[lead] = m.evidence - before
    assert seen["cover:5C"] > 2.0 and seen["play:5C"] < 0


def test_each_sample_reads_a_sensible_raise_fully_and_a_wild_one_not_at_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Which kind of player they are is drawn per sample before its deal: a sensible player's
    truco is read as its raises were shown to mean, a wild player's as nothing. (One trust
    for both kinds, ``1 - wild``, read a sensible player's truco only half-way.)"""
    import math

    from truco_learn.bots import coach_estimate as coach_module
    from truco_learn.bots.sampler import DealSampler

    made: list[tuple[float, bool, list[int]]] = []  # trust, bets read, samples drawn

    class Recording(DealSampler):
        def __init__(self, *args: Any, **kw: Any) -> None:
            super().__init__(*args, **kw)
            self.row = (self.trust, self.infer_bets, [0])
            made.append(self.row)

        def sample(self, rng: random.Random) -> Any:
            self.row[2][0] += 1
            return super().sample(rng)

    monkeypatch.setattr(coach_module, "DealSampler", Recording)
    model = OpponentModel()
    model.evidence = math.log(0.5 / 0.5) - math.log(WILD_PRIOR / (1 - WILD_PRIOR))  # wild 0.5
    assert abs(model.wild - 0.5) < 1e-9
    est = coach_module.estimate(_facing_truco(["2S", "KH", "5D"]), 200, random.Random(5),
                                trust=1.0, model=model)
    assert est.samples == 200
    sensible = [(t, n[0]) for t, bets, n in made if bets]
    wild = [(t, n[0]) for t, bets, n in made if not bets]
    assert sensible[0][0] == 1.0  # not 1 - wild
    assert len(wild) == 1 and 70 <= wild[0][1] <= 130  # about half the samples
    assert sensible[0][1] + wild[0][1] == 200


def test_a_fold_to_my_raise_is_counted_once_when_the_hand_is_watched_to_its_end() -> None:
    """The coach watches the hand's end (:meth:`CoachBot.watch`): their fold to its raise is
    then in the log, and the next hand's score does not count it a second time."""
    m = OpponentModel()
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=(2, 5),
                 hands=[["QC", "3S", "2D"], ["4H", "5D", "6S"]])
    m.observe(observation(s, 0))
    m.note_own(observation(s, 0), "raise")
    m.observe(observation(step(step(s, "raise"), "fold"), 0))  # the end, watched
    assert m.folds == 1
    nxt = new_hand("paulista-2p", dealer=0, vira="KD", score=(3, 5),
                   hands=[["4C", "5S", "6D"], ["7H", "QS", "JD"]])
    m.observe(observation(nxt, 0))
    assert m.folds == 1 and m.results == [(1, 0)]
    assert [a[1] for a in m.answer_reading.answers] == [0]  # filed once: a fold


def _four_seat_deal() -> Any:
    return new_hand("paulista-4p", dealer=3, vira="7D",
                    hands=[["4H", "5S", "6C"], ["5C", "4D", "6D"], ["4C", "5D", "6S"],
                           ["7H", "7C", "JD"]])


def _four_seat_fold_to_my_partner() -> Any:
    s = _four_seat_deal()
    for action in ("play:4H", "play:5C", "raise", "fold"):  # seat 2 raises, seat 3 folds
        s = step(s, action)
    return s


def test_at_four_seats_a_coach_learns_their_folds_to_its_partners_raises() -> None:
    """Seat 0's last turn came before its partner's raise, which they folded: without the
    hand's end it never sees that fold (only the accepts, whose hands go on), and learnt from
    half their folds."""
    end = _four_seat_fold_to_my_partner()
    blind, watching = CoachBot("easy", seed=1), CoachBot("easy", seed=1)
    first = _four_seat_deal()
    blind.decide(observation(first, 0))
    watching.decide(observation(first, 0))
    watching.watch(observation(end, 0))
    nxt = new_hand("paulista-4p", dealer=0, vira="KD", score=(1, 0),
                   hands=[["4C", "5S", "6D"], ["7H", "QS", "JD"], ["2C", "3S", "AD"],
                          ["KH", "5H", "6H"]])
    for bot in (blind, watching):
        bot.watch(observation(nxt, 0))  # the next hand seen: the last one is filed
    _, seen = watching.learnt[0]
    _, unseen = blind.learnt[0]
    assert (seen.folds, unseen.folds) == (1, 0)
    assert len(seen.answer_reading.answers) == 1 and not unseen.answer_reading.answers
