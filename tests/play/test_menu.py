"""The action bar and the card items: enabled exactly when the engine allows, and every greyed-out
action says which rule forbids it."""

import random

import pytest

from truco_learn.engine import VARIANTS, new_hand, new_match, step
from truco_learn.engine.state import legal_actions
from truco_learn.play.menu import action_bar, card_items, raise_name, stake_name


def offered(s, seat):
    acts = {i.action for i in action_bar(s, seat) if i.enabled}
    for c in card_items(s, seat):
        if c.enabled:
            acts.add(c.action)
        if c.cover_enabled:
            acts.add(c.cover_action)
    return acts


@pytest.mark.parametrize("variant", VARIANTS)
def test_enabled_is_exactly_legal_and_every_refusal_has_a_reason(variant: str) -> None:
    rng = random.Random(11)
    checked = 0
    for game in range(6):
        m = new_match(variant, rng)
        while not m.over and checked < 4000:
            h = m.hand
            for seat in range(h.opts.seats):
                acts = offered(h, seat)
                expect = set(legal_actions(h)) if seat == h.to_act else set()
                # every legal action is reachable from the bar or a card, nothing else is
                assert acts == expect, (h, seat)
                for item in action_bar(h, seat):
                    assert item.enabled or item.reason.strip(), (h, seat, item)
                for c in card_items(h, seat):
                    assert c.enabled or c.reason.strip()
                    assert c.cover_enabled or c.cover_reason.strip()
                checked += 1
            m = m.apply(rng.choice(legal_actions(h)), rng)
    assert checked > 100


TWO = dict(dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])


def bar(s, seat):
    return {i.action: i for i in action_bar(s, seat)}


def test_raise_is_named_for_the_next_step_of_the_ladder() -> None:
    s = new_hand("paulista-2p", **TWO)
    assert raise_name(s) == "Truco!"
    s = step(s, "raise")
    assert raise_name(s) == "Seis!"   # answering truco with a raise proposes seis
    s = step(s, "raise")
    assert raise_name(s) == "Nove!"
    m = new_hand("mineiro-2p", dealer=1, hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    assert raise_name(m) == "Truco!"
    assert [stake_name(v, (2, 4, 6, 10, 12)) for v in (4, 6, 10, 12)] == [
        "truco", "seis", "dez", "doze"]


def test_not_your_turn_names_who_is_to_act() -> None:
    s = new_hand("paulista-2p", **TWO)
    b = bar(s, 1)
    assert not b["raise"].enabled
    assert b["raise"].reason == "It is not your turn: seat 0 is to act."
    names = ("Coach", "You")
    assert action_bar(s, 1, names)[0].reason == "It is not your turn: Coach is to act."


def test_raises_alternate_between_teams() -> None:
    s = step(step(new_hand("paulista-2p", **TWO), "raise"), "accept")
    b = bar(s, 0)
    assert not b["raise"].enabled and "alternate" in b["raise"].reason
    assert not b["accept"].enabled and b["accept"].reason == "There is no raise to answer."


def test_top_of_the_ladder() -> None:
    s = new_hand("paulista-2p", **TWO)
    for a in ["raise", "raise", "raise", "raise"]:  # truco, seis, nove, doze
        s = step(s, a)
    b = bar(s, 0)  # seat 1 called doze: seat 0 answers
    assert b["accept"].enabled and not b["raise"].enabled
    assert "top of the ladder" in b["raise"].reason


def test_pointless_raise_is_greyed_out_with_the_rule() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=(0, 10),
                 hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    s = step(step(s, "raise"), "accept")  # seat 0 called truco; stake 3; seat 0 plays
    s = step(s, "play:4H")
    b = bar(s, 1)
    assert not b["raise"].enabled
    assert "Pointless raise" in b["raise"].reason and "10" in b["raise"].reason


def test_hand_of_eleven_and_iron_hand() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", score=(11, 4),
                 hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    b = bar(s, 0)
    assert b["onze:play"].enabled and b["onze:fold"].enabled
    assert not b["raise"].enabled and "hand of eleven" in b["raise"].reason
    cards = card_items(s, 0)
    assert not cards[0].enabled and "hand of eleven" in cards[0].reason
    s = step(s, "onze:play")
    assert "No raises in a hand of eleven" in bar(s, 0)["raise"].reason
    iron = new_hand("paulista-2p", dealer=1, vira="7D", score=(11, 11),
                    hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    items = card_items(iron, 0)
    assert [c.card for c in items] == [None, None, None]
    assert [c.action for c in items] == ["blind:0", "blind:1", "blind:2"]
    assert [c.enabled for c in items] == [True, False, False]  # paulista-2p flips the top card
    assert "top card" in items[1].reason
    assert "iron hand" in bar(iron, 0)["raise"].reason


def test_covered_cards_rules() -> None:
    hands = [["3S", "4H", "5C"], ["2H", "KS", "6C"], ["6S", "AH", "JC"], ["QS", "5D", "7C"]]
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=hands)
    c = card_items(s, 0)[0]
    assert c.enabled and not c.cover_enabled and "first trick" in c.cover_reason
    for a in ["play:3S", "play:2H", "play:6S", "play:5D"]:
        s = step(s, a)
    assert card_items(s, 0)[0].cover_enabled  # the second trick: covering is allowed
    two = card_items(new_hand("paulista-2p", **TWO), 0)[0]
    assert not two.cover_enabled and two.cover_reason == "No covered cards in paulista-2p."
