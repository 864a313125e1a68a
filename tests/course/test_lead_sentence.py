"""The scripted hands' "who acts now" sentence: a seat that must answer a call (a raise, an
envido, a flor, a contraflor) is never told it "is to play"."""

from __future__ import annotations

import pytest

from truco_learn.course.deals import ALL_LINES, find_line
from truco_learn.course.deals_argentine import ARGENTINE_LINES
from truco_learn.course.scripted import ScriptedHand, hand_frames, lead_sentence
from truco_learn.engine.actions import COVER
from truco_learn.engine.state import legal_codes

#: every scripted hand once (lesson 8's are in both lists)
LINES = tuple({ln.key: ln for ln in ALL_LINES + ARGENTINE_LINES}.values())


def test_contraflor_is_answered_not_played() -> None:
    frames = hand_frames(find_line("contraflor"))
    assert lead_sentence(frames[1]) == ("Ana must answer the contraflor: quiero or no "
                                        "quiero.")


@pytest.mark.parametrize("line", LINES, ids=lambda ln: ln.key)
def test_is_to_play_only_when_a_card_may_be_played(line: ScriptedHand) -> None:
    for state in hand_frames(line):
        if not state.over and lead_sentence(state).endswith("is to play."):
            assert any(code < COVER for code in legal_codes(state)), (line.key, state)
