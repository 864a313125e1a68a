"""A table's review of a person's hand: against the coach's seats, the coach's habits at the
table's level play its side of the review's playouts; against people or other bots, the rule
of thumb does."""

from __future__ import annotations

import pytest

from truco_learn.engine import new_hand, step
from truco_learn.tables.service import coach_level, review_message
from truco_learn.tables.table import Table, new_table_spec


def _table(variant: str, seats: list[str], level: str = "easy") -> Table:
    return Table(new_table_spec("t1", {"variant": variant, "seats": seats, "level": level}, 7))


@pytest.mark.parametrize("seats, seat, level", [
    (["human", "bot:coach"], 0, "easy"),
    (["bot:coach", "human"], 1, "easy"),
    (["human", "human"], 0, None),
    (["human", "bot:heuristic"], 0, None),
    (["human", "bot:coach", "human", "bot:coach"], 2, "easy"),
    (["human", "bot:coach", "human", "human"], 0, None),  # a person on the other team
    (["human", "human", "bot:coach", "human"], 0, None),  # the coach is the partner
])
def test_the_coach_level_is_the_tables_when_the_other_team_is_the_coach(
        seats: list[str], seat: int, level: str | None) -> None:
    variant = "paulista-4p" if len(seats) == 4 else "paulista-2p"
    assert coach_level(_table(variant, seats), seat) == level


def test_a_truco_the_coach_runs_from_is_not_graded_against_a_later_one() -> None:
    # zap, a 3 and a 4 call truco at once; the coach at ``easy`` (a table's default level)
    # runs from any raise without a manilha, and would run from a later truco too
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                            ["2H", "5C", "KD"]])
    s = step(step(s, "raise"), "fold")
    thumb = review_message(s, 0, 1, 1)["items"][0]
    assert thumb["action"] == "raise" and thumb["label"] != "good"
    habits = review_message(s, 0, 1, 1, against="easy")["items"][0]
    assert habits["action"] == "raise" and habits["label"] == "good", habits
    assert review_message(s, 0, 1, 1, against="normal") == review_message(s, 0, 1, 1)
