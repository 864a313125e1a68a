"""The lessons' scripted-hand walk: the score line follows the points as the narration awards
them (envido and flor points at once, the hand's at its end)."""

from __future__ import annotations

import re

import pytest

from truco_learn.course.deals import ALL_LINES, find_line
from truco_learn.course.deals_argentine import ARGENTINE_LINES, FLOR_LINES
from truco_learn.course.scripted import ScriptedHand
from truco_learn.widgets.lesson_demos import HandWalkView

#: every scripted hand once (lesson 8's are in both lists)
LINES = tuple({ln.key: ln for ln in ALL_LINES + ARGENTINE_LINES}.values())
_SCORE = re.compile(r"class='tl-walk-score'>(\d+)–(\d+)<")


def shown_score(walk: HandWalkView) -> tuple[int, int]:
    """The score the walk's board shows now."""
    found = _SCORE.search(walk.table.value)
    assert found, walk.table.value
    return int(found[1]), int(found[2])


def test_the_score_follows_the_flor_given_in() -> None:
    walk = HandWalkView(FLOR_LINES)
    walk.choose("achico")
    assert shown_score(walk) == (0, 0)
    walk.next_move()
    assert "Ana scores 4 points for the flor" in walk.table.value
    assert shown_score(walk) == (4, 0)
    while not walk.next_button.disabled:
        walk.next_move()
    assert shown_score(walk) == (5, 0)


def test_the_score_shows_the_hand_won_at_its_end() -> None:
    line = find_line("third_tied")
    walk = HandWalkView([line])
    while not walk.next_button.disabled:
        assert shown_score(walk) == line.score
        walk.next_move()
    assert "Ana wins the hand and scores 1 point." in walk.table.value
    assert shown_score(walk) == (line.score[0] + line.points[0], line.score[1] + line.points[1])


@pytest.mark.parametrize("line", LINES, ids=lambda ln: ln.key)
def test_every_walk_ends_on_the_points_the_lesson_claims(line: ScriptedHand) -> None:
    walk = HandWalkView([line])
    for _ in line.actions:
        walk.next_move()
    assert shown_score(walk) == (line.score[0] + line.points[0], line.score[1] + line.points[1])
