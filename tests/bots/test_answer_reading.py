"""Their answers read by the moment they answered in (issue 18): a strong dealt hand that lost
the first trick answers like the poor hand it has become, and a player who accepts poor
moments is learnt to fold less, from the hands it played."""

from __future__ import annotations

import random

from bot_helpers import watch_hands
from truco_learn.bots.answer_model import AnswerModel
from truco_learn.bots.answer_reading import GRADES, PRIOR, AnswerReading, answer_moment
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.policy import ROLLOUT
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.actions import ACCEPT, FOLD, RAISE


def _one_grade(g: int) -> tuple[float, ...]:
    return tuple(1.0 if k == g else 0.0 for k in range(GRADES))


def test_the_chances_are_learnt_from_the_answers_seen() -> None:
    caller, folder = AnswerReading(), AnswerReading()
    for _ in range(12):
        caller.add(_one_grade(1), ACCEPT, True)
        folder.add(_one_grade(2), FOLD, True)
    assert caller.rates(1)[0] < PRIOR[1][0] / 3
    assert folder.rates(2)[0] > PRIOR[2][0] + 0.5
    assert caller.rates(3) == AnswerReading().rates(3)   # a grade never seen keeps the prior
    # an answer whose moment is uncertain counts most where it is likeliest
    spread = AnswerReading()
    for _ in range(12):
        spread.add((0.5, 0.0, 0.0, 0.0, 0.5), FOLD, True)
    assert spread.counts[0][0] > spread.counts[4][0] + 1.0


def test_a_moment_reads_the_tricks_not_only_the_dealt_hand() -> None:
    hands = [["QC", "2S", "4H"], ["3S", "KD", "4C"]]
    before = step(new_hand("paulista-2p", dealer=1, vira="7D", hands=hands), "raise")
    lost = new_hand("paulista-2p", dealer=1, vira="7D", hands=hands)
    for a in ("play:QC", "play:3S", "raise"):   # its 3 lost to the zap; a truco now
        lost = step(lost, a)
    assert lost.to_act == 1 and before.to_act == 1
    assert answer_moment(lost, 1) == 0 < answer_moment(before, 1)
    m = OpponentModel()
    m.evidence = -40.0   # a sensible player
    folds = [m.choose(lost, random.Random(k), ROLLOUT) for k in range(400)].count(FOLD)
    assert abs(folds / 400 - PRIOR[0][0]) < 0.06


def _accepts_poor_moments(hands_played: int) -> OpponentModel:
    """Seat 1 lost the first trick with its 3 to my zap, then accepted my truco holding a king
    and a 4 (a hopeless moment), and every card was played."""
    m = OpponentModel()
    watch_hands(m, [["QC", "2S", "4H"], ["3S", "KD", "4C"]],
                ("play:QC", "play:3S", "raise", "accept", "play:2S", "play:KD"), hands_played,
                lambda k: (0, k % 5))
    return m


def test_the_coach_learns_their_answers_from_the_hands_it_saw() -> None:
    m = _accepts_poor_moments(6)
    assert m.answer_reading.seen == 6
    assert m.answer_reading.rates(0)[0] < PRIOR[0][0] - 0.3
    assert _accepts_poor_moments(6).answer_reading.counts == m.answer_reading.counts


def test_a_fold_to_my_raise_is_read_from_the_score() -> None:
    m = OpponentModel()
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=(0, 0),
                 hands=[["QC", "2S", "4H"], ["3S", "KD", "4C"]])
    for a in ("play:QC", "play:3S"):
        s = step(s, a)
    m.observe(observation(s, 0))
    m.note_own(observation(s, 0), "raise")          # I call truco; they fold (1 point to me)
    m.observe(observation(new_hand("paulista-2p", dealer=0, vira="KD", score=(1, 0),
                                   hands=[["4C", "5S", "6D"], ["7H", "QS", "JD"]]), 0))
    assert m.answer_reading.seen == 1
    assert m.answer_reading.counts[0][0] > 0.5     # a fold, in a hopeless moment


def test_a_folding_style_leans_every_grade() -> None:
    leaned = AnswerReading()
    leaned.lean(1.0, 0.0)
    assert all(leaned.rates(g)[0] > AnswerReading().rates(g)[0] for g in range(GRADES))
    # four folds to my trucos, read from the score: they fold more also in good moments,
    # where no fold of theirs was seen
    m = OpponentModel()
    for k in range(4):
        s = new_hand("paulista-2p", dealer=1, vira="7D", score=(k, 0),
                     hands=[["QC", "2S", "4H"], ["3S", "KD", "4C"]])
        m.observe(observation(s, 0))
        m.note_own(observation(s, 0), "raise")
        m.observe(observation(new_hand("paulista-2p", dealer=0, vira="KD", score=(k + 1, 0),
                                       hands=[["4C", "5S", "6D"], ["7H", "QS", "JD"]]), 0))
    assert m.answer_reading.seen == 4
    assert m.answer_reading.rates(3)[0] > PRIOR[3][0] + 0.05


def _raise_back_moments(reading: AnswerReading | None, seats: str = "paulista-2p"
                        ) -> list[int]:
    """I called truco before any card and seat 1 raised back: the grade of seat 1's answer
    moment in the deals the coach draws then (its answers read by ``reading``)."""
    hands = [["4H", "5S", "6D"], ["QC", "3S", "KD"]]
    if seats == "paulista-4p":
        hands += [["4C", "5D", "6S"], ["7H", "7C", "JD"]]
    s = new_hand(seats, dealer=len(hands) - 1, vira="7D", hands=hands)
    s = step(step(s, "raise"), "raise")
    sampler = DealSampler(observation(s, 0), answers=AnswerModel(), answer_reading=reading,
                          tries=16, resample=True)
    rng = random.Random(6)
    out = []
    for _ in range(300):
        d = sampler.sample(rng).deal
        before = step(new_hand(d.opts, d.dealer, d.hands, d.vira, d.score), "raise")
        out.append(answer_moment(before, 1))
    return out


def test_a_raise_back_is_read_by_the_moments_this_player_raises_back_in() -> None:
    """The deals the coach draws after a raise back give the player the moments it was seen
    raising back in: the best ones for a player who raises back only there, poorer ones for a
    player who raises back on fair moments too."""
    best, fair = AnswerReading(), AnswerReading()
    for _ in range(10):
        best.add(_one_grade(3), ACCEPT, True)
        best.add(_one_grade(4), RAISE, True)
        fair.add(_one_grade(2), RAISE, True)
        fair.add(_one_grade(3), RAISE, True)
    stranger = _raise_back_moments(AnswerReading())
    on_best, on_fair = _raise_back_moments(best), _raise_back_moments(fair)
    assert on_best.count(4) > stranger.count(4) + 40, (on_best.count(4), stranger.count(4))
    assert sum(on_fair) < sum(stranger) - 60, (sum(on_fair), sum(stranger))
    # without an answer reading, a raise back is read by the dealt hand's strength as before
    assert _raise_back_moments(None) != on_best
    # at four seats the answers are read by the dealt strength (the reading is for two seats)
    assert _raise_back_moments(best, "paulista-4p") == _raise_back_moments(None, "paulista-4p")
