"""The coach's own side in its playouts calls truco beyond its cards where the other side, as
the coach learnt it answers (:mod:`truco_learn.bots.answer_reading`), would fold to it (issue
18): the live coach aims its trucos at the other side's weak moments, and playouts that raised
at a learnt rate alone rated its card plays too low. At two seats and at four alike: in
paulista-4p the playouts expected too few folds until the truco was aimed there too, and the
card plays were stated about 0.05 to 0.15 too low in a match's first hands."""

from __future__ import annotations

import random
from typing import Callable

import pytest

from truco_learn.bots.answer_reading import AnswerReading
from truco_learn.bots.coach import OWN
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.playout import AIM, OwnRaises, own_choose, playout
from truco_learn.bots.policy import ROLLOUT
from truco_learn.engine import new_hand, step
from truco_learn.engine.actions import ACCEPT, RAISE
from truco_learn.engine.state import HandState, legal_codes

MINE = ["4H", "5S", "6C"]  # vira 7D: the queens are manilhas; nothing here calls for a raise
THEIR_POOR = ["5C", "4D", "6D"]
THEIR_STRONG = ["QC", "QH", "3S"]


def _hand(theirs: list[str]) -> HandState:
    """Two seats, seat 0 (mine) to act; seat 1 (``theirs``) answers a truco."""
    return new_hand("paulista-2p", dealer=1, vira="7D", hands=[MINE, theirs])


def _four(theirs: list[str]) -> HandState:
    """Four seats, seat 0 (mine) to act; seat 1 (``theirs``) answers a truco."""
    return new_hand("paulista-4p", dealer=3, vira="7D",
                    hands=[MINE, theirs, ["4C", "5D", "6S"], ["7H", "7C", "JD"]])


TABLES: dict[str, Callable[[list[str]], HandState]] = {"two seats": _hand, "four seats": _four}


def _timid() -> OwnRaises:
    """A coach never seen raising beyond its cards: the learnt rate alone would not raise."""
    own = OwnRaises()
    for _ in range(40):
        own.note(_hand(THEIR_POOR), 0, False, OWN)
    return own


def _trucos(s: HandState, model: OpponentModel, own: OwnRaises, n: int = 200) -> float:
    """Share of playouts from ``s`` in which my side (seat 0) calls truco."""
    hits = 0
    for k in range(n):
        end = playout(s, random.Random(k), 0, OWN, ROLLOUT, model, own)
        hits += any(who == 0 and code == RAISE for who, code in end.log)
    return hits / n


@pytest.mark.parametrize("table", TABLES)
def test_they_fold_a_poor_hand_and_not_a_strong_one(table: str) -> None:
    deal, reading = TABLES[table], AnswerReading()
    poor, strong = reading.fold_chance(deal(THEIR_POOR)), reading.fold_chance(deal(THEIR_STRONG))
    assert poor >= AIM > strong, (poor, strong)


def _six_to_ask(score: tuple[int, int]) -> HandState:
    """Four seats (pointless raises are allowed there): they called truco, we accepted, and
    we may ask for six."""
    s = new_hand("paulista-4p", dealer=3, vira="7D", score=score,
                 hands=[MINE, THEIR_POOR, ["4C", "5D", "6S"], ["7H", "7C", "JD"]])
    for a in ("play:6C", "raise", "accept", "play:5C"):
        s = step(s, a)
    assert s.to_act == 2 and RAISE in legal_codes(s)
    return s


def test_nobody_folds_where_a_fold_hands_over_the_game() -> None:
    assert AnswerReading().fold_chance(_six_to_ask((9, 0))) == 0.0   # 9 + the 3 at stake
    assert AnswerReading().fold_chance(_six_to_ask((8, 0))) > 0.0


@pytest.mark.parametrize("table", TABLES)
def test_the_truco_is_aimed_at_their_weak_hands_whatever_the_learnt_rate(table: str) -> None:
    deal, own = TABLES[table], _timid()
    assert own.rate(deal(THEIR_POOR), 0) < 0.05
    model = OpponentModel()
    rng = random.Random(0)
    assert own_choose(deal(THEIR_POOR), rng, OWN, own, model) == RAISE
    assert own_choose(deal(THEIR_STRONG), rng, OWN, own, model) != RAISE
    assert _trucos(deal(THEIR_POOR), model, own) > 0.95
    assert _trucos(deal(THEIR_STRONG), model, own) < 0.2


@pytest.mark.parametrize("table", TABLES)
def test_no_truco_at_a_player_seen_accepting_in_poor_moments(table: str) -> None:
    deal, model = TABLES[table], OpponentModel()
    for _ in range(12):  # accepted every truco, also in the poorest moments
        model.answer_reading.add((0.5, 0.5, 0.0, 0.0, 0.0), ACCEPT, True)
    assert model.answer_reading.fold_chance(deal(THEIR_POOR)) < AIM
    assert _trucos(deal(THEIR_POOR), model, _timid()) < 0.2


def test_later_steps_keep_the_learnt_rate() -> None:
    model = OpponentModel()
    # the second step: they called truco, I accepted, won the first trick and lead the next,
    # and they would fold to a six
    s = step(step(step(step(_hand(THEIR_POOR), "play:6C"), "raise"), "accept"), "play:5C")
    assert s.to_act == 0 and s.stake == 3 and RAISE in legal_codes(s)
    assert model.answer_reading.fold_chance(s) >= AIM
    assert own_choose(s, random.Random(0), OWN, _timid(), model) != RAISE
