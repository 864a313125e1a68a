"""Error types and messages: InvalidNotationError for what is no action or card,
IllegalActionError naming the action and the state, InvalidDealError for impossible deals,
ConfigError naming the option; bad input changes nothing."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine_helpers import deal, run
from truco_learn.engine import legal_codes, new_hand, step
from truco_learn.engine.actions import RAISE
from truco_learn.errors import (ConfigError, IllegalActionError, InvalidDealError,
                                InvalidNotationError, TrucoError)

V = "7D"
H2 = [["QC", "3S", "4H"], ["2H", "5C", "KD"]]


@pytest.mark.parametrize("action", [True, False, None, 2.5, 90.0, -1, 85, 103, 500, ["raise"],
                                    b"raise"])
def test_step_rejects_non_actions(action: Any) -> None:
    s = deal("paulista-2p", 1, H2, vira=V)
    with pytest.raises(InvalidNotationError, match="unknown action"):
        step(s, action)
    assert s.log == () and s.to_act == 0


def test_step_accepts_action_codes() -> None:
    s = deal("paulista-2p", 1, H2, vira=V)
    assert RAISE in legal_codes(s)
    assert step(s, RAISE).pending == (0, 3)


@pytest.mark.parametrize("text", ["truco!", "play:", "play:8C", "cover:ZZ", "blind:9",
                                  "blind:-1", "raise:now", "1:", ":raise", "a:raise", "1:2:raise"])
def test_unknown_action_strings(text: str) -> None:
    s = deal("paulista-2p", 1, H2, vira=V)
    with pytest.raises(InvalidNotationError, match="unknown action"):
        step(s, text)


def test_illegal_action_error_names_action_and_state() -> None:
    s = run(deal("paulista-4p", 3, H2 + [["3C", "4C", "6C"], ["2D", "5D", "6D"]], vira=V),
            "play:QC")
    with pytest.raises(IllegalActionError) as err:
        step(s, "onze:play")
    msg = str(err.value)
    assert msg.startswith("onze:play is not legal for seat 1; legal: ")
    assert "<paulista-4p hand: dealer 3, score 0-0, trick 1, stake 1, seat 1 to act>" in msg
    assert isinstance(err.value, TrucoError) and isinstance(err.value, ValueError)


def test_illegal_after_the_end_says_so() -> None:
    s = run(deal("paulista-2p", 1, H2, vira=V), "raise", "fold")
    with pytest.raises(IllegalActionError, match="nobody: the hand is over; legal: none in"):
        step(s, "play:QC")


def test_states_are_frozen() -> None:
    s = deal("paulista-2p", 1, H2, vira=V)
    with pytest.raises(AttributeError):  # an immutable record: no field can be set
        s.stake = 12  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.deal.dealer = 0  # type: ignore[misc]
    t = step(s, "raise")
    assert s.pending is None and t.pending == (0, 3)


@pytest.mark.parametrize("kwargs,words", [
    (dict(dealer=2), "dealer 2 is not a seat (0..1)"),
    (dict(dealer=True), "is not a seat"),
    (dict(hands=[H2[0]]), "needs 2 hands, got 1"),
    (dict(hands=[H2[0], ["2H", "5C"]]), "hand of seat 1 must have 3 cards"),
    (dict(hands=[H2[0], ["2H", "5C", "QC"]]), "card QC is dealt twice"),
    (dict(vira="3S"), "card 3S is dealt twice"),
    (dict(vira=None), "paulista-2p needs a vira"),
    (dict(score=(12, 0)), "must be between 0 and 11"),
    (dict(score=(0, -3)), "must be between 0 and 11"),
    (dict(score=(0,)), "must be two whole numbers"),
    (dict(score=(0.5, 0)), "must be two whole numbers"),
])
def test_invalid_deals(kwargs: dict[str, Any], words: str) -> None:
    args: dict[str, Any] = dict(dealer=1, hands=H2, vira=V, score=(0, 0))
    args.update(kwargs)
    with pytest.raises(InvalidDealError) as err:
        new_hand("paulista-2p", **args)
    assert words in str(err.value)


def test_vira_given_to_mineiro_and_bad_cards() -> None:
    with pytest.raises(InvalidDealError, match="mineiro-2p has fixed manilhas and no vira"):
        new_hand("mineiro-2p", 1, H2, vira="7D")
    with pytest.raises(InvalidNotationError, match="unknown card 'XX'"):
        new_hand("paulista-2p", 1, [["XX", "3S", "4H"], H2[1]], vira=V)
    with pytest.raises(InvalidNotationError, match="unknown card"):
        new_hand("paulista-2p", 1, H2, vira="7")


def test_unknown_variant_in_new_hand() -> None:
    with pytest.raises(ConfigError, match="unknown variant 'truco-argentino'"):
        new_hand("truco-argentino", 1, H2, vira=V)


def test_cards_as_codes_or_strings() -> None:
    a = new_hand("paulista-2p", 1, H2, vira=V)
    b = new_hand("paulista-2p", 1, [[16, "3s", "4♥"], ["2H", "5C", "KD"]], vira="7♦")
    assert a.deal.hands == b.deal.hands and a.deal.vira == b.deal.vira
