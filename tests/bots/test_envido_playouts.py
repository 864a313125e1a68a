"""With envido, flor or dropping out (the Argentine presets) the coach's own side in its
playouts raises as the live coach does, as in the Brazilian hands: beyond its cards at the rate
it was seen to, and its truco aimed where the other side would fold (here without a learnt
model: answering by the rule of thumb). Before, its side raised on the cards
alone, and its card plays at the first stake were stated 0.12 (two seats) and 0.17 (four
seats) below the share of hands it then won against the heuristic
(``benchmarks/calibration_log.py record --variant argentino-2p``, ``coach-rounds.md`` round 21)."""

from __future__ import annotations

import random

import pytest

from truco_learn.bots.coach import OWN, CoachBot
from truco_learn.bots.policy import ROLLOUT
from truco_learn.bots.playout import OwnRaises, own_choose, playout, thumb_folds
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.actions import ENVIDO_CALLS, RAISE
from truco_learn.engine.state import HandState, legal_codes

MINE = ["4H", "5S", "6C"]  # nothing here calls for a truco, and an envido of 6
THEIR_POOR = ["4C", "5H", "6D"]
THEIR_STRONG = ["AS", "AC", "7S"]  # the two top cards of the Argentine deck


def _hand(theirs: list[str], variant: str = "argentino-2p") -> HandState:
    """Seat 0 (mine, the hand) to act; seat 1 (``theirs``) answers a truco."""
    hands = [MINE, theirs] if variant.endswith("2p") else [
        MINE, theirs, ["4D", "5C", "6S"], ["7H", "7C", "JD"]]
    return new_hand(variant, dealer=len(hands) - 1, hands=hands)


def _timid() -> OwnRaises:
    """A coach never seen raising beyond its cards: the learnt rate alone would not raise."""
    own = OwnRaises()
    for _ in range(40):
        own.note(_hand(THEIR_POOR), 0, False, OWN)
    return own


def _trucos(s: HandState, own: OwnRaises, n: int = 200) -> float:
    """Share of playouts from ``s`` in which my side (seat 0) calls truco."""
    hits = 0
    for k in range(n):
        end = playout(s, random.Random(k), 0, OWN, ROLLOUT, None, own)
        assert end.over
        hits += any(who == 0 and code == RAISE for who, code in end.log)
    return hits / n


def test_an_envido_hand_counts_as_a_turn_beyond_the_cards() -> None:
    own = OwnRaises()
    own.note(_hand(THEIR_POOR), 0, True, OWN)
    assert own.model.seen == 1
    own.note(step(_hand(THEIR_POOR), "envido"), 1, False, OWN)  # an envido waits: no raise
    assert own.model.seen == 1


@pytest.mark.parametrize("variant", ["argentino-2p", "argentino-4p"])
def test_the_truco_is_aimed_where_the_rule_of_thumb_folds(variant: str) -> None:
    poor, strong = _hand(THEIR_POOR, variant), _hand(THEIR_STRONG, variant)
    assert thumb_folds(poor, random.Random(0)) and not thumb_folds(strong, random.Random(0))
    timid = _timid()
    assert _trucos(poor, timid) > 0.9
    assert _trucos(strong, timid) < 0.1


def test_envido_calls_are_left_alone() -> None:
    """Where the rule of thumb calls envido first, my side does not swap it for a truco."""
    s = new_hand("argentino-2p", dealer=1, hands=[["7H", "6H", "4S"], THEIR_POOR])
    called = 0
    for k in range(50):
        code = own_choose(s, random.Random(k), OWN, _timid())
        assert code in legal_codes(s)
        called += code in ENVIDO_CALLS
    assert called == 50  # 33 of envido: the rule of thumb calls it, every time


def test_the_learnt_rate_drives_the_later_raises() -> None:
    """After the truco (accepted, and the first trick mine), a coach seen raising weak hands
    asks for more in its playouts than one never seen doing it."""
    s = _hand(THEIR_POOR)
    for a in ("play:6C", "raise", "accept", "play:4C"):  # their truco, my trick
        s = step(s, a)
    assert s.to_act == 0 and RAISE in legal_codes(s)
    bold = OwnRaises()
    for _ in range(30):
        bold.note(s, 0, True, OWN)
    assert _trucos(s, _timid()) < _trucos(s, bold)


def test_the_coach_learns_its_own_raises_in_an_envido_hand() -> None:
    obs = observation(_hand(THEIR_POOR), 0)
    a, b = CoachBot("easy", seed=3), CoachBot("easy", seed=3)
    da, db = a.decide(obs), b.decide(obs)
    assert da.action == db.action and da.explanation == db.explanation
    assert a.own[0].model.seen == 1
    assert da.explanation["facts"]["own_raises"]["turns"] == 1
