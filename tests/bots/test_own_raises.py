"""The coach's own side in its playouts raises as the live coach was seen to (issue 18).

The learnt rate drives its raises beyond the cards from the second step of the ladder on; the
truco itself is aimed at the other side's weak moments instead, at two seats and at four
(``tests/bots/test_aimed_trucos.py``)."""

from __future__ import annotations

import random

from truco_learn.bots.coach import OWN, CoachBot
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.playout import OWN_PRIOR_RATE, OwnRaises, playout
from truco_learn.bots.policy import ROLLOUT
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.actions import RAISE
from truco_learn.engine.state import HandState, legal_codes

WEAK = [["4H", "5S", "6C"], ["2H", "5C", "KD"]]  # vira 7D: the queens are manilhas


def _weak_hand() -> HandState:
    return new_hand("paulista-2p", dealer=1, vira="7D", hands=WEAK)


def test_only_turns_where_the_cards_do_not_call_for_a_raise_are_counted() -> None:
    own = OwnRaises()
    strong = new_hand("paulista-2p", dealer=1, vira="7D",
                      hands=[["QC", "QH", "3S"], ["2H", "5C", "KD"]])
    own.note(strong, 0, True, OWN)                   # the cards call for it: not counted
    own.note(step(_weak_hand(), "raise"), 1, False, OWN)  # an answer is due: not counted
    assert own.model.seen == 0
    own.note(_weak_hand(), 0, True, OWN)
    assert own.model.seen == 1
    assert own.rate(_weak_hand(), 0) > OWN_PRIOR_RATE


def _six_to_ask() -> HandState:
    """They called truco, I accepted and won the first trick: I may ask for six."""
    s = _weak_hand()
    for a in ("play:6C", "raise", "accept", "play:5C"):
        s = step(s, a)
    assert s.to_act == 0 and s.stake == 3 and RAISE in legal_codes(s)
    return s


def _raised_in_playouts(own: OwnRaises | None) -> float:
    s = _six_to_ask()
    raised = 0
    for k in range(400):
        end = playout(s, random.Random(k), 0, OWN, ROLLOUT, OpponentModel(), own)
        raised += any(who == 0 and code == RAISE for who, code in end.log[len(s.log):])
    return raised / 400


def test_a_coach_seen_raising_weak_hands_raises_them_in_its_playouts() -> None:
    before = _raised_in_playouts(OwnRaises())
    learnt = OwnRaises()
    for _ in range(30):
        learnt.note(_six_to_ask(), 0, True, OWN)
    after = _raised_in_playouts(learnt)
    assert before < 0.25 < 0.6 < after, (before, after)
    timid = OwnRaises()
    for _ in range(30):
        timid.note(_six_to_ask(), 0, False, OWN)
    assert _raised_in_playouts(timid) < before


def test_the_coach_learns_its_own_raises_and_stays_deterministic() -> None:
    obs = observation(_weak_hand(), 0)
    a, b = CoachBot("easy", seed=3), CoachBot("easy", seed=3)
    da, db = a.decide(obs), b.decide(obs)
    assert da.action == db.action and da.explanation == db.explanation
    assert a.own[0].model.seen == 1  # a weak hand before any card: a turn beyond the cards
    facts = da.explanation["facts"]["own_raises"]
    assert facts["turns"] == 1 and len(facts["truco_beyond_cards"]) == 4
