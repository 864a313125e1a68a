"""The other side's answering style, learnt over all strengths at once, and answers in the
playouts that read the table once cards are on it (issue 18)."""

from __future__ import annotations

import random

from truco_learn.bots.answer_model import (MIDDLING, PRIOR, STRONG, VERY_STRONG, WEAK,
                                           AnswerModel)
from truco_learn.bots.answer_reading import AnswerReading, answer_moment
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.policy import ROLLOUT
from truco_learn.engine import new_hand, step
from truco_learn.engine.actions import ACCEPT, FOLD, RAISE


def _fitted(answers: list[tuple[tuple[int, int], int]]) -> AnswerModel:
    m = AnswerModel()
    for strengths, code in answers:
        m.add(0, strengths, code, True)
    m.refit()
    return m


def test_folds_with_no_card_shown_move_every_strength_towards_folding() -> None:
    folder = _fitted([((WEAK, VERY_STRONG), FOLD)] * 6)
    assert folder.shift[0] > 0.8
    for b in (MIDDLING, STRONG):  # never seen, yet read as folding more than the prior says
        assert folder.rates(0, b)[0] > PRIOR[b][0] + 0.15
    caller = _fitted([((b, b), ACCEPT) for b in (WEAK, MIDDLING, MIDDLING, STRONG, WEAK)])
    assert caller.shift[0] < -0.5 and caller.rates(0, WEAK)[0] < PRIOR[WEAK][0] - 0.2
    backer = _fitted([((b, b), RAISE) for b in (STRONG, VERY_STRONG, MIDDLING, STRONG)])
    assert backer.shift[1] > 0.8 and backer.rates(0, MIDDLING)[2] > PRIOR[MIDDLING][2] + 0.2
    again = _fitted([((WEAK, VERY_STRONG), FOLD)] * 6)
    assert again.shift == folder.shift  # the same answers, the same style


def test_the_style_is_held_near_the_prior_by_few_answers() -> None:
    one = _fitted([((WEAK, VERY_STRONG), FOLD)])
    many = _fitted([((WEAK, VERY_STRONG), FOLD)] * 12)
    assert 0.0 < one.shift[0] < many.shift[0]
    assert _fitted([]).shift == (0.0, 0.0)


def test_an_answer_reads_the_moment_not_only_the_dealt_hand() -> None:
    """At four seats, seat 1 was dealt a 3 (a middling hand) and lost the first trick with it
    to the zap; a truco now finds it with a king and a 4: the learnt answers of a middling hand
    would accept half the time, a sensible player who reads the table folds. The playouts
    answer by the moment at two seats and four alike (:mod:`.answer_reading`)."""
    hands = [["QC", "2S", "4H"], ["3S", "KD", "4C"], ["5H", "6H", "7C"], ["5S", "6S", "7S"]]
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=hands)
    for a in ("play:QC", "play:3S", "play:5H", "play:5S", "raise"):
        s = step(s, a)
    assert s.pending is not None and s.to_act == 1
    m = OpponentModel()
    m.evidence = -40.0  # surely a sensible player
    folds = [m.choose(s, random.Random(k), ROLLOUT) for k in range(300)].count(FOLD) / 300
    assert answer_moment(s, 1) == 0 and folds > 0.75, folds
    assert abs(folds - AnswerReading().rates(0)[0]) < 0.07, folds
    # at two seats the same dealt hand, before any card, answers by the rates of its moment
    two = step(new_hand("paulista-2p", dealer=1, vira="7D", hands=hands[:2]), "raise")
    early = [m.choose(two, random.Random(k), ROLLOUT) for k in range(600)]
    share = early.count(FOLD) / 600
    assert abs(share - AnswerReading().rates(answer_moment(two, 1))[0]) < 0.07, share


def test_a_learnt_folder_folds_more_in_the_playouts() -> None:
    """Their folds, learnt over all strengths (:attr:`.AnswerModel.shift`), lean every grade
    of the answers by the moment towards folding, as the model does when it files a hand's
    answers: the playouts then expect more folds, at four seats as at two."""
    hands = [["4H", "5S", "6C"], ["AC", "KD", "4D"], ["4C", "5D", "6S"], ["7H", "7C", "JD"]]
    s = step(new_hand("paulista-4p", dealer=3, vira="7D", hands=hands), "raise")
    assert s.pending is not None and s.to_act == 1
    m = OpponentModel()
    m.evidence = -40.0  # surely a sensible player

    def folds() -> float:
        return [m.choose(s, random.Random(k), ROLLOUT) for k in range(400)].count(FOLD) / 400

    plain = folds()
    for _ in range(8):
        m.answers.add(0, (WEAK, VERY_STRONG), FOLD, True)
    m.answers.refit()
    m.answer_reading.lean(*m.answers.shift)
    assert m.answers.shift[0] > 0.5
    assert folds() > plain + 0.05, (plain, folds())
