"""RULES.md "Covered card": from the second trick on, never in the first trick nor in an iron
hand; it can neither win nor tie; an all-covered trick is tied and its leader leads again."""

from __future__ import annotations

import pytest

from engine_helpers import deal, report, results, run
from truco_learn.engine import card_str, legal_actions, step
from truco_learn.errors import IllegalActionError

V = "7D"
HANDS = [["3C", "4C", "QC"], ["2H", "5H", "4H"], ["3S", "5S", "6S"], ["2D", "4D", "6D"]]


@pytest.mark.parametrize("variant", ["paulista-4p", "paulista-fpt", "mineiro-4p"])
def test_never_in_the_first_trick(variant: str) -> None:
    s = deal(variant, 3, HANDS, vira=None if variant.startswith("mineiro") else V)
    for _ in range(4):
        assert not any(a.startswith("cover:") for a in legal_actions(s))
        with pytest.raises(IllegalActionError, match="cover:"):
            step(s, "cover:" + legal_actions(s)[0].split(":")[1])
        s = step(s, legal_actions(s)[0])
    assert len(s.tricks) == 1
    left = s.left[s.to_act]
    assert sorted(a for a in legal_actions(s) if a.startswith("cover:")) == sorted(
        "cover:" + card_str(c) for c in left)


def test_covered_card_cannot_win() -> None:
    s = deal("paulista-4p", 3, HANDS, vira=V)
    s = run(s, "play:3C", "play:2H", "play:6S", "play:2D")
    assert results(s) == [0] and s.to_act == 0
    s = run(s, "cover:QC", "play:5H", "cover:5S", "play:4D")  # the zap face down is worth nothing
    assert results(s) == [0, 1] and s.to_act == 1  # 5H alone face up on top
    s = deal("paulista-4p", 3, HANDS, vira=V)
    s = run(s, "play:3C", "play:2H", "play:6S", "play:2D")
    s = run(s, "cover:QC", "play:4H", "cover:5S", "cover:4D")  # the only face-up card wins
    assert results(s) == [0, 1] and s.to_act == 1


def test_covered_card_cannot_tie() -> None:
    s = deal("paulista-4p", 3, HANDS, vira=V)
    s = run(s, "play:3C", "play:2H", "play:6S", "play:2D")
    s = run(s, "play:4C", "play:5H", "cover:5S", "play:4D")  # 5S face down does not tie 5H
    assert results(s) == [0, 1] and s.to_act == 1
    s = run(s, "play:4H", "play:3S", "play:6D", "play:QC")
    assert results(s) == [0, 1, 0] and s.winner == 0


@pytest.mark.parametrize("variant,t2_leader", [("paulista-fpt", 1), ("paulista-4p", 0)])
def test_all_covered_trick_is_tied_and_its_leader_leads_again(variant: str,
                                                               t2_leader: int) -> None:
    hands = [["4C", "5C", "6C"], ["3H", "4H", "5H"], ["3S", "6S", "4S"], ["5D", "6D", "KD"]]
    s = deal(variant, 3, hands, vira=V)
    s = run(s, "play:4C", "play:3H", "play:3S", "play:5D")
    assert results(s) == [-1] and s.to_act == t2_leader
    order = [(t2_leader + k) % 4 for k in range(4)]
    covers = {0: "cover:5C", 1: "cover:4H", 2: "cover:6S", 3: "cover:6D"}
    s = run(s, *[covers[seat] for seat in order])
    assert results(s) == [-1, -1] and not s.over and s.to_act == t2_leader
    rest = {0: "play:6C", 1: "play:5H", 2: "play:4S", 3: "play:KD"}
    s = run(s, *[rest[seat] for seat in order])
    assert results(s) == [-1, -1, 1] and s.winner == 1
    t2 = report(s)["tricks"][1]
    assert t2["tied"] is True and t2["winner"] is None
    assert all(p[1].startswith("cover:") for p in t2["plays"])


def test_two_seat_presets_have_no_covered_card_unless_switched_on() -> None:
    hands = [["3C", "4C", "5C"], ["2H", "5H", "6H"]]
    for variant, vira in (("paulista-2p", V), ("mineiro-2p", None)):
        s = run(deal(variant, 1, hands, vira=vira), "play:3C", "play:2H")
        assert not any(a.startswith("cover:") for a in legal_actions(s))
        s = run(deal(variant, 1, hands, vira=vira, covered_cards=True), "play:3C", "play:2H")
        assert "cover:4C" in legal_actions(s)
        s = run(s, "cover:4C", "play:5H")
        assert results(s) == [0, 1]
        s = run(s, "cover:6H", "cover:5C")  # all covered: tied, seat 1 leader
        assert results(s) == [0, 1, -1] and s.winner == 0  # one each, third tied: first winner


def test_four_seat_preset_switched_off() -> None:
    s = deal("paulista-4p", 3, HANDS, vira=V, covered_cards=False)
    s = run(s, "play:3C", "play:2H", "play:6S", "play:2D")
    assert not any(a.startswith("cover:") for a in legal_actions(s))


def test_covered_card_allowed_in_hand_of_eleven() -> None:
    s = deal("paulista-4p", 3, HANDS, vira=V, score=(11, 4))
    s = run(s, "onze:play", "play:3C", "play:2H", "play:6S", "play:2D")
    assert "cover:QC" in legal_actions(s) and "raise" not in legal_actions(s)


def test_cover_then_raise_order() -> None:
    # a raise is made before the card; a covered card does not change the stake logic
    s = deal("paulista-4p", 3, HANDS, vira=V)
    s = run(s, "play:3C", "play:2H", "play:6S", "play:2D", "raise", "accept", "cover:QC")
    assert s.stake == 3 and s.to_act == 1
