"""The other side's answers to the coach's envido calls are learnt from what it does
(:mod:`truco_learn.bots.envido_reading`), not taken to be the rule of thumb's. Before, the
coach's playouts had every player fold a falta envido below 30 points, and it called falta
envido on a weak envido as a bluff against strangers (``benchmarks/coach-rounds.md``, round
23)."""

from __future__ import annotations

import random

from bot_helpers import envido_hand, watch_from_seat0
from truco_learn.bots.coach_estimate import estimate
from truco_learn.bots.envido_reading import PRIOR, EnvidoAnswers, answer_points
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.policy import ROLLOUT
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.actions import ACCEPT, FALTA_ENVIDO, FOLD


def test_a_player_who_says_quiero_on_weak_points_is_read_so() -> None:
    a = EnvidoAnswers()
    before = a.accept_chance("falta", 24)
    for _ in range(5):
        a.add("falta", True, 24)
    assert before < 0.1 < 0.7 < a.accept_chance("falta", 24)
    assert a.seen == {"envido": 0, "falta": 5}


def test_a_player_who_folds_is_read_as_saying_quiero_less() -> None:
    a = EnvidoAnswers()
    before = a.accept_chance("envido", 27)
    for _ in range(8):
        a.add("envido", False, None)  # no quiero, the points never shown
    assert a.accept_chance("envido", 27) < before - 0.2
    b = EnvidoAnswers()
    for _ in range(8):
        b.add("envido", False, 29)  # no quiero with 29 shown later: a player who asks more
    assert b.accept_chance("envido", 29) < 0.25 < before


def test_the_prior_is_spread_around_the_rule_of_thumb() -> None:
    a = EnvidoAnswers()
    # the rule of thumb says quiero to a falta envido from 30; a stranger may do so lower
    assert 0.1 < a.accept_chance("falta", 28) < 0.9
    assert a.accept_chance("falta", 33) > 0.9 and a.accept_chance("falta", 5) < 0.05
    assert set(PRIOR) == {"envido", "falta"}
    assert answer_points(26, True, 2, "envido") == 26  # the mão's point, one more asked


def test_the_model_files_their_quiero_with_the_points_they_sang() -> None:
    m = OpponentModel()
    before = m.envido_answers.accept_chance("falta", 3)
    s = watch_from_seat0(m, envido_hand(), ("falta_envido", "accept", "play:4H", "play:AS",
                                            "play:AC", "play:5S"))
    assert s.over
    assert m.envido_answers.seen["falta"] == 0  # filed once the hand is over and seen so
    m.observe(observation(new_hand("argentino-2p", dealer=0, score=(8, 5),
                                   hands=[["4C", "5H", "6D"], ["7H", "7C", "JD"]]), 0))
    assert m.envido_answers.seen["falta"] == 1
    assert m.envido_answers.accept_chance("falta", 3) > before + 0.05


def test_their_no_quiero_is_filed_and_our_own_answers_are_not() -> None:
    m = OpponentModel()
    watch_from_seat0(m, envido_hand(), ("falta_envido", "fold", "play:4H", "play:AS", "play:AC",
                                        "play:5S"))
    s = new_hand("argentino-2p", dealer=0, score=(4, 5), hands=[["4C", "5H", "6D"],
                                                                ["7H", "7C", "JD"]])
    watch_from_seat0(m, s, ("envido", "accept", "play:7H", "play:4C", "play:7C", "play:5H"))
    m.observe(observation(envido_hand(score=(6, 9)), 0))
    # their fold of our falta (3D never shown) is filed; our quiero to their envido is not
    assert m.envido_answers.seen == {"envido": 0, "falta": 1}
    assert m.envido_answers.accept_chance("falta", 28) < EnvidoAnswers().accept_chance(
        "falta", 28)


def test_in_the_playouts_they_answer_as_learnt() -> None:
    s = step(envido_hand(), "falta_envido")  # seat 1, holding 3 points, answers
    sure, never = OpponentModel(), OpponentModel()
    for _ in range(6):
        sure.envido_answers.add("falta", True, 3)
        never.envido_answers.add("falta", False, 31)
    rng = random.Random(1)
    said = [sure.choose(s, rng, ROLLOUT) for _ in range(50)]
    assert said.count(ACCEPT) > 40
    said = [never.choose(s, rng, ROLLOUT) for _ in range(50)]
    assert said.count(FOLD) > 45


def _falta_worth(thresholds: dict[int, float] | None) -> float:
    """The coach's worth of a falta envido on 5 points at 12 to 14 (it risks 16 points), with
    the other side saying quiero to it from these thresholds (None: a stranger, the prior)."""
    s = new_hand("argentino-2p", dealer=1, hands=[["4H", "5S", "KC"], ["6D", "7C", "QH"]],
                 score=(12, 14))
    model = OpponentModel()
    if thresholds is not None:
        model.envido_answers.weights["falta"] = thresholds
    est = estimate(observation(s, 0), 300, random.Random(7), model=model)
    return est.ev[est.actions.index(FALTA_ENVIDO)]


def test_a_falta_bluff_is_worth_what_their_quiero_makes_it() -> None:
    """Against the rule of thumb (quiero from 30 only) a falta envido on 5 points looked worth
    its risk; a stranger may say quiero lower, and a player seen to fold every falta makes it
    worth more."""
    thumb, stranger, folder = (_falta_worth({30: 1.0}), _falta_worth(None),
                               _falta_worth({99: 1.0}))
    assert folder > thumb > stranger + 0.3, (folder, thumb, stranger)


def test_at_four_seats_their_answers_are_a_strangers_too() -> None:
    """Without the learnt model (four seats with envido, or flor) the other team's quiero to
    my side's envido in the playouts is a stranger's (the prior), not the rule of thumb's."""
    from truco_learn.bots.playout import OwnRaises

    s = new_hand("argentino-4p", dealer=3, score=(12, 14),
                 hands=[["4H", "5S", "KC"], ["6D", "7C", "QH"], ["2S", "3H", "JD"],
                        ["5D", "4C", "KH"]])
    worth = []
    for thresholds in ({30: 1.0}, None):
        answers = EnvidoAnswers()
        if thresholds is not None:
            answers.weights["falta"] = thresholds
        est = estimate(observation(s, 0), 200, random.Random(3), own=OwnRaises(),
                       envido=answers)
        worth.append(est.ev[est.actions.index(FALTA_ENVIDO)])
    thumb, stranger = worth
    assert thumb > stranger + 0.3, worth
