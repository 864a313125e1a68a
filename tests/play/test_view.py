"""The table view shows a seat what it may see, and nothing more."""

import random

import pytest

from truco_learn.engine import VARIANTS, card_str, new_hand, new_match, step
from truco_learn.engine.state import legal_actions
from truco_learn.play.view import table_view

HANDS4 = [["3S", "4H", "5C"], ["2H", "KS", "6C"], ["6S", "AH", "JC"], ["QS", "5D", "7C"]]
NAMES4 = ("You", "Coach (right)", "Partner", "Coach (left)")


def test_covered_cards_hidden_from_others_but_not_from_their_owner() -> None:
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=HANDS4)
    for a in ["play:3S", "play:2H", "play:6S", "play:5D", "play:4H", "cover:6C"]:
        s = step(s, a)
    mine = table_view(s, 1, NAMES4)
    theirs = table_view(s, 0, NAMES4)
    assert card_str(mine.tricks[1].plays[1].card) == "6C"
    assert theirs.tricks[1].plays[1].card is None and not theirs.tricks[1].plays[1].face_up
    # trick 1: 3S, 2H, 6S, 5D with vira 7D (queens are manilhas): the 3 of spades wins
    assert theirs.tricks[0].finished and theirs.tricks[0].text == "Your team won"
    assert mine.tricks[0].text == "Coaches won"  # seat 1 sees it from the other side


def test_trick_results_stake_score_turn() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    s = step(s, "raise")
    v = table_view(s, 0, ("You", "Coach"))
    assert v.status == "You called truco (3 points): Coach must answer."
    assert v.pending_text == "Truco (3)?" and v.stake == 1 and v.to_act == 1
    s = step(step(step(s, "accept"), "play:QC"), "play:2H")
    v = table_view(s, 0, ("You", "Coach"))
    assert v.stake == 3 and v.tricks[0].text == "You won" and v.tricks[0].winner == 0
    assert v.status == "Your turn." and v.seats[0].to_act and not v.seats[1].to_act
    assert [c.item.action for c in v.hand] == ["play:3S", "play:4H"]
    s = step(step(s, "play:3S"), "play:5C")
    v = table_view(s, 0, ("You", "Coach"), "You won the hand: +3 points.")
    assert v.hand_over and v.score == (3, 0) and v.status == "You won the hand: +3 points."
    assert v.to_act is None and not any(i.enabled for i in v.bar)


def test_manilhas_are_marked_in_the_hand() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "QH"], ["2H", "5C", "KD"]])
    v = table_view(s, 0, ("You", "Coach"))
    assert [c.manilha for c in v.hand] == ["zap", None, "copas"]
    assert [card_str(c) for c in v.manilhas] == ["QC", "QH", "QS", "QD"]


def test_partner_cards_only_in_a_hand_of_eleven() -> None:
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=HANDS4)
    assert all(sv.shown is None for sv in table_view(s, 0, NAMES4).seats)
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=HANDS4, score=(11, 5))
    v = table_view(s, 0, NAMES4)
    assert [card_str(c) for c in v.seats[2].shown] == HANDS4[2]
    assert v.seats[1].shown is None and v.seats[3].shown is None
    assert table_view(s, 1, NAMES4).seats[3].shown is None  # the other team sees nothing
    assert "Hand of 11" in v.mode_text


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_hidden_card_ever_reaches_the_view(variant: str) -> None:
    rng = random.Random(3)
    m = new_match(variant, rng)
    for _ in range(400):
        if m.over:
            m = new_match(variant, rng)
        h = m.hand
        seat = 0
        v = table_view(h, seat, NAMES4 if h.opts.seats == 4 else ("You", "Coach"))
        seen = {c.item.card for c in v.hand} | {p.card for t in v.tricks for p in t.plays}
        for sv in v.seats:
            seen |= set(sv.shown or ())
        seen.discard(None)
        allowed = set(h.deal.hands[seat]) if h.deal.mode != 2 else set()
        allowed |= {c for t in h.tricks for (_, c, up) in t.plays if up}
        allowed |= {c for (_, c, up) in h.cur if up}
        if h.opts.seats == 4 and h.deal.mode == 1 and h.deal.eleven_team == 0:
            allowed |= set(h.deal.hands[2])
        assert seen <= allowed, (h, seen - allowed)
        m = m.apply(rng.choice(legal_actions(h)), rng)
