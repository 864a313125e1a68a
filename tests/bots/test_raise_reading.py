"""Their raises read by how good the moment was (issue 18): a player who raises only on the
best moments makes the coach imagine hands that make the moment that good."""

from __future__ import annotations

import random

from bot_helpers import any_moment_reading, only_best_reading, share_best_moments, watch_hands
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.raise_reading import GRADES, RaiseReading, moment
from truco_learn.bots.sampler import DealSampler
from truco_learn.bots.policy import their_raises
from truco_learn.bots.raise_reading import may_read
from truco_learn.engine import HandState, new_hand, observation, step
from truco_learn.engine.state import apply_legal
from truco_learn.engine.state import new_hand as dealt

PRIOR = RaiseReading().rates()  # a stranger's raising, before any turn


_only_best, _any = only_best_reading, any_moment_reading


def test_the_chances_are_learnt_from_the_turns_seen() -> None:
    best, any_ = _only_best(), _any()
    top = GRADES - 1
    assert best.rate(0) < PRIOR[0] / 3 and best.rate(top) > 0.75
    assert best.rate(top - 2) < PRIOR[top - 2] / 3
    assert any_.rate(0) > 0.15 > PRIOR[0] * 2
    assert best.factor(1, True) < 0.1 < 0.6 < any_.factor(1, True)
    assert best.factor(top, True) == 1.0


def _one(grade: int) -> list[float]:
    return [1.0 if k == grade else 0.0 for k in range(GRADES)]


UNSEEN = [0.55, 0.08, 0.07, 0.07, 0.06, 0.05, 0.05, 0.07]  # a hand never shown: any deal's


def test_raises_whose_cards_were_never_shown_go_where_raises_were_seen() -> None:
    # a player who never bluffs: every shown hand passes the poor moments and raises the best;
    # raises of hands folded to (their cards never shown) and passes of unshown hands as well
    r = RaiseReading()
    for _ in range(6):
        for g in range(GRADES - 2):
            r.add(_one(g), False)
        r.add(_one(GRADES - 1), True)
        r.add(UNSEEN, True)
        for _ in range(4):
            r.add(UNSEEN, False)
    assert r.rate(0) < PRIOR[0] / 2, [round(r.rate(g), 3) for g in range(GRADES)]
    assert r.rate(GRADES - 1) > PRIOR[GRADES - 1]
    # and a player seen raising on poor moments keeps its unseen raises there too
    b = RaiseReading()
    for _ in range(6):
        b.add(_one(0), True)
        b.add(_one(GRADES - 1), False)
        b.add(UNSEEN, True)
        for _ in range(4):
            b.add(UNSEEN, False)
    assert b.rate(0) > 2 * PRIOR[0] and b.rate(GRADES - 1) < PRIOR[GRADES - 1]


def test_every_kind_of_turn_speaks_to_the_same_player() -> None:
    # passing good moments (from 0.72 to 0.82) says "raises only from higher up"; a player
    # seen doing so is then read as raising less in the middling moments it was never seen in
    r = RaiseReading()
    for _ in range(4):
        r.add(_one(4), False)
        r.add(_one(5), False)
    assert r.rate(3) < PRIOR[3] / 2 and r.rate(2) < PRIOR[2]


def test_a_moment_grades_the_hand_with_the_table() -> None:
    s = new_hand("paulista-2p", dealer=0, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "QH", "3S"]])
    weak = new_hand("paulista-2p", dealer=0, vira="7D", hands=[["4H", "5S", "6D"], ["4C", "5D", "6S"]])
    assert moment(s, 1) == GRADES - 1 and moment(weak, 1) == 0


def _share_best_moments(reading: RaiseReading | None) -> float:
    """Seat 1, the first to play, calls truco before any card (:func:`share_best_moments`)."""
    s = new_hand("paulista-2p", dealer=0, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "3S", "KD"]])
    return share_best_moments(step(s, "raise"), reading)


def test_after_a_raise_from_a_player_of_best_moments_the_deals_drawn_are_best_moments() -> None:
    plain, best, any_ = (_share_best_moments(None), _share_best_moments(_only_best()),
                         _share_best_moments(_any()))
    assert best > plain + 0.15, (plain, best)
    assert any_ < best - 0.3, (any_, best)


def test_the_coach_learns_the_reading_from_hands_it_saw_to_the_end() -> None:
    m = OpponentModel()
    # seat 1 holds the zap and a 3 and calls truco on its first turn
    watch_hands(m, [["4H", "5S", "6D"], ["QC", "3S", "KD"]],
                ("play:4H", "raise", "accept", "play:3S"), 6, lambda k: (0, k))
    assert m.reading.seen >= 6
    assert max(m.reading.rate(g) - PRIOR[g] for g in range(GRADES)) > 0.05


def test_a_player_who_leaves_the_raising_to_others_is_not_read_as_weak_when_quiet() -> None:
    # a passive caller: quiet on its best moments too
    r = RaiseReading()
    assert r.factor(GRADES - 1, False) < 0.3   # a stranger's quiet turn: likely no best moment
    for _ in range(5):
        r.add(_one(GRADES - 1), False)
        r.add(_one(GRADES - 2), False)
        for _ in range(3):
            r.add(UNSEEN, False)
    assert r.factor(GRADES - 1, False) > 0.7
    facts = r.facts()
    assert facts["hardly_raises"] > 0.8 and facts["turns"] == 25
    # the explanation carries what was read
    assert OpponentModel().facts()["raise_reading"] == RaiseReading().facts()


def test_the_reading_says_how_likely_each_choice_was() -> None:
    import math

    assert math.isclose(RaiseReading().add(_one(GRADES - 1), True), math.log(PRIOR[-1]))
    assert math.isclose(RaiseReading().add(_one(0), False), math.log(1.0 - PRIOR[0]))
    assert RaiseReading().add([0.0] * GRADES, True) is None  # no moment graded: not read


def _evidence_when_filed(theirs: list[str]) -> float:
    """Seat 1 holds ``theirs``, calls truco on its first turn, seat 0 accepts, and seat 1
    plays its cards by the rule of thumb: how far filing the hand moves seat 0's model
    towards a wild player."""
    from truco_learn.bots.policy import card_choice
    from truco_learn.engine.actions import ACTION_STR, RAISE
    from truco_learn.engine.state import legal_codes

    m = OpponentModel()
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=(3, 3),
                 hands=[["KC", "JH", "AS"], theirs])
    raised = False
    while not s.over:
        if s.to_act == 0:
            m.observe(observation(s, 0))
            action = "accept" if s.pending is not None else ACTION_STR[
                min(c for c in legal_codes(s) if c < RAISE)]
        elif not raised:
            action, raised = "raise", True
        else:
            cards = [c for c in legal_codes(s) if c < RAISE]
            action = ACTION_STR[card_choice(s, 1, cards)]
        s = step(s, action)
    m.observe(observation(s, 0))
    before = m.evidence
    m.observe(observation(new_hand("paulista-2p", dealer=0, vira="KD", score=(6, 3),
                                   hands=[["4C", "5S", "6D"], ["7H", "QS", "JD"]]), 0))
    return m.evidence - before


def test_a_truco_is_weighed_by_the_moment_once_the_hand_is_shown() -> None:
    """Once their cards are shown, a truco called on a very good moment reads as a sensible
    player's, one called on the poorest as a wild one's: the rate by cards left counted at the
    turn itself cannot tell them apart."""
    assert _evidence_when_filed(["QC", "QH", "3S"]) < -0.5   # two manilhas and a 3
    assert _evidence_when_filed(["4H", "5D", "6S"]) > 0.5    # nothing at all


def _answers(fold_from: int) -> RaiseReading:
    """A player who folds every raise in the answer grades below ``fold_from``."""
    r = RaiseReading()
    for _ in range(4):
        for g in range(5):
            r.add_answer([1.0 if k == g else 0.0 for k in range(5)], g < fold_from)
    return r


def test_a_player_who_folds_good_moments_is_read_as_raising_only_on_better_ones() -> None:
    start = RaiseReading().facts()["raises_from"]
    cautious, bold = _answers(3), _answers(1)   # folds up to 0.2 over the break-even / below -0.1
    assert cautious.facts()["raises_from"] > start + 0.05
    assert bold.facts()["raises_from"] < start - 0.05
    assert cautious.rate(3) < RaiseReading().rate(3) < bold.rate(3)
    assert cautious.seen == bold.seen == 0   # answers are not turns


def test_the_coach_reads_their_answers_into_their_raising() -> None:
    m = OpponentModel()
    before = m.reading.facts()["raises_from"]
    # seat 1 accepts a truco with a 3 and a 2 (a little over the break-even: a cautious player
    # folds it), and the hand is played to the end
    watch_hands(m, [["QC", "3S", "KD"], ["3C", "2D", "6S"]],
                ("raise", "accept", "play:QC", "play:3C", "play:3S", "play:2D"), 3,
                lambda k: (0, k))
    assert m.answer_reading.seen == 3
    assert m.reading.facts()["raises_from"] < before - 0.02
    # a bold answerer also raises from poorer moments once we have raised (a six after its
    # accepted truco): more so than a stranger
    assert m.reading.rate(3, raises=1) > RaiseReading().rate(3, raises=1) + 0.1


def _six_after_truco() -> tuple[HandState, int]:
    """I (seat 0) called truco, seat 1 accepted, lost the first trick to my zap and, after my
    lead to the second, asks for six on its turn (the state before its six, and its seat)."""
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "4H", "5S"], ["3S", "2D", "KD"]])
    for a in ("raise", "accept", "play:QC", "play:KD", "play:4H"):
        s = step(s, a)
    return s, 1


def test_a_player_who_makes_little_of_our_raises_is_read_so_from_its_sixes() -> None:
    """The moments are graded less 0.2 for each raise of ours; a player who raises a six after
    our accepted truco from the moments (so graded) it would not raise a truco from makes less
    of our raises than the rule of thumb, and is read so, with its trucos left alone."""
    r = RaiseReading()
    for _ in range(8):
        for g in (1, 2, 3):    # sixes from middling (graded) moments
            r.add(_one(g), True, raises=1)
        r.add(_one(0), False, raises=1)
        r.add(_one(3), False)   # no truco from a middling moment
        r.add(_one(7), True)
    assert r.facts()["respect"] < RaiseReading().facts()["respect"] - 0.05
    assert r.rate(2, raises=1) > RaiseReading().rate(2, raises=1) + 0.2
    assert r.rate(2, raises=1) > r.rate(2) + 0.2
    s, seat = _six_after_truco()
    assert their_raises(s, seat) == 1 and may_read(s)
    sampler = DealSampler(observation(step(s, "raise"), 0), reading=r,
                          turns=OpponentModel().turns, tries=16, resample=True)
    stranger = DealSampler(observation(step(s, "raise"), 0), reading=RaiseReading(),
                           turns=OpponentModel().turns, tries=16, resample=True)

    def poorest(sp: DealSampler) -> float:
        rng = random.Random(5)
        deals = [sp.sample(rng) for _ in range(300)]
        return sum(moment(_before_six(d), seat) == 0 for d in deals) / len(deals)

    # the six from such a player is not read as a bluff from the poorest moments
    assert poorest(sampler) < poorest(stranger) - 0.1, (poorest(sampler), poorest(stranger))


def _before_six(deal: HandState) -> HandState:
    d = deal.deal
    t = dealt(d.opts, d.dealer, d.hands, d.vira, d.score)
    for _, code in deal.log[:-1]:
        t = apply_legal(t, code)
    return t
