"""What the table's polite live region says when the table changes (headless: the sentences are
made in Python, from two views of the table)."""

from __future__ import annotations

import re

import pytest

from truco_learn.engine import new_hand, step
from truco_learn.engine.options import VARIANTS
from truco_learn.play.view import table_view
from truco_learn.widgets.play_app import PlayApp
from truco_learn.widgets.table_render import announcement, table_json

NAMES = ("You", "Coach")
HANDS4 = [["3S", "4H", "5C"], ["2H", "KS", "6C"], ["6S", "AH", "JC"], ["QS", "5D", "7C"]]
NAMES4 = ("You", "Coach (right)", "Partner", "Coach (left)")
NUMBERED = re.compile(r"\b(seat|player|team)\s*\d|\b[pP]\d\b|\bteam [01]\b")


def view(h, names=NAMES, **kw):  # type: ignore[no-untyped-def]
    return table_json(table_view(h, 0, names), **kw)


def hand2p():  # type: ignore[no-untyped-def]
    return new_hand("paulista-2p", dealer=1, vira="7D",
                    hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])


def test_a_call_and_its_answer_are_announced_with_names() -> None:
    h = hand2p()
    raised = step(h, "raise")
    said = announcement(view(h), view(raised))
    assert said == "You called truco (3 points): Coach must answer."
    accepted = step(raised, "accept")
    assert announcement(view(raised), view(accepted)) == (
        "Accepted: the hand is worth 3 points. Your turn.")


def test_the_end_of_a_hand_says_who_won_and_the_score() -> None:
    h = step(hand2p(), "raise")
    folded = step(h, "fold")
    said = announcement(view(h), view(folded, hand_number=1))
    assert "Score: 1 for You, 0 for Coach." in said
    assert announcement(view(folded), view(folded)) == ""  # nothing changed, nothing said


def test_four_seats_name_every_player_and_a_covered_card() -> None:
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=HANDS4)
    before = view(s, NAMES4)
    for a in ["play:3S", "play:2H", "play:6S", "play:5D"]:
        s = step(s, a)
    said = announcement(before, view(s, NAMES4))
    assert said.startswith("You played the 3 of spades. Coach (right) played the 2 of hearts. "
                           "Partner played the 6 of spades. Coach (left) played the 5 of diamonds.")
    assert "Trick 1: " in said and not NUMBERED.search(said)
    before = view(s, NAMES4)
    s = step(step(s, "play:4H"), "cover:6C")
    said = announcement(before, view(s, NAMES4))
    assert "Coach (right) covered a card." in said and "6 of clubs" not in said


def test_a_new_hand_names_the_vira_and_the_manilhas() -> None:
    said = announcement(None, view(hand2p(), hand_number=3))
    assert said.startswith("Hand 3. Vira: 7 of diamonds. Manilhas: the queens")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_whole_match_announces_every_change_without_seat_numbers(variant: str) -> None:
    app = PlayApp(variant, bot="random", seed=5)
    heard: list[str] = []
    app.table.observe(lambda c: heard.append(c["new"]), "announce")
    hands = 0
    for _ in range(400):
        acts = app.table.enabled_actions()
        if "new-match" in acts or hands >= 3:
            break
        if "next-hand" in acts:
            hands += 1
        app.click(acts[0])
    assert hands >= 1 and heard
    text = " ".join(heard)
    assert not NUMBERED.search(text), text
    assert re.search(r"Trick [123]: ", text) and "Score: " in text and "Hand 2." in text
    assert re.search(r"(You|Coach[^.]*|Partner) played the ", text)
