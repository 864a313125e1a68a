"""Lesson 4's stake arithmetic, with what a fold pays checked through the engine."""

from __future__ import annotations

import pytest

from truco_learn.course.stakes import (answer_values, call_values, eleven_values, fold_pays,
                                       next_value)
from truco_learn.engine import make_options, new_hand, step
from truco_learn.errors import ConfigError

P = (1, 3, 6, 9, 12)
M = (2, 4, 6, 10, 12)


@pytest.mark.parametrize("variant", ["paulista-4p", "mineiro-4p"])
def test_fold_pays_agrees_with_the_engine_at_every_rung(variant: str) -> None:
    ladder = make_options(variant).ladder
    hands = [["4C", "5C", "6C"], ["4H", "5H", "6H"], ["4S", "5S", "6S"], ["7C", "7H", "7S"]]
    vira = "3D" if variant.startswith("paulista") else None
    for raises in range(1, len(ladder)):
        s = new_hand(variant, 3, hands, vira)
        for _ in range(raises):
            s = step(s, "raise")  # each answer raises again
        s = step(s, "fold")
        proposed = ladder[raises]
        assert max(s.points) == fold_pays(ladder, proposed), (variant, proposed)


def test_break_even_is_where_accept_equals_run() -> None:
    for ladder in (P, M):
        for stake in ladder[:-1]:
            be = answer_values(ladder, stake, 0.5).break_even
            at = answer_values(ladder, stake, be)
            assert at.accept == pytest.approx(at.fold)
            assert answer_values(ladder, stake, min(1.0, be + 0.01)).best == "accept"
            assert answer_values(ladder, stake, max(0.0, be - 0.01)).best == "fold"
    assert answer_values(P, 1, 0.5).break_even == pytest.approx(1 / 3)


def test_call_values() -> None:
    c = call_values(P, 1, 1.0, 0.0)
    assert c.call == 3 and c.no_call == 1 and c.best == "call"
    c = call_values(P, 1, 0.0, 0.0)  # a sure loser with no bluff: do not call
    assert c.call == -3 and c.no_call == -1 and c.best == "no call"
    c = call_values(P, 3, 0.0, 1.0)  # they always run
    assert c.call == 3 and c.best == "call"
    assert "they run 100%" in c.explain()


def test_next_value_and_errors() -> None:
    assert next_value(M, 6) == 10
    with pytest.raises(ConfigError, match="top of the ladder"):
        answer_values(P, 12, 0.5)
    with pytest.raises(ConfigError, match="not on the ladder"):
        answer_values(P, 2, 0.5)
    with pytest.raises(ConfigError, match="from 0 to 1"):
        answer_values(P, 1, 1.5)
    with pytest.raises(ConfigError, match="fold chance"):
        call_values(P, 1, 0.5, -0.1)
    with pytest.raises(ConfigError, match="rising"):
        answer_values((3, 1), 3, 0.5)
    with pytest.raises(ConfigError, match="propose"):
        fold_pays(P, 1)


@pytest.mark.parametrize("variant,score", [("paulista-2p", (11, 0)), ("mineiro-2p", (10, 0))])
def test_eleven_values_use_the_engine_points(variant: str, score: tuple[int, int]) -> None:
    opts = make_options(variant)
    vira = "3D" if opts.manilhas == "vira" else None
    hands = [["4C", "5C", "6C"], ["4H", "5H", "6H"]] if vira else [["5C", "6C", "QC"],
                                                                   ["5H", "6H", "QH"]]
    s = step(new_hand(variant, 1, hands, vira, score), "onze:fold")
    e = eleven_values(0.5, opts.eleven_value, opts.eleven_fold)
    assert s.points == (0, e.fold)
    s = new_hand(variant, 1, hands, vira, score)
    assert s.stake == e.value
    at = eleven_values(e.break_even, e.value, e.fold)
    assert at.play == pytest.approx(at.run)
    assert eleven_values(1.0).best == "play" and eleven_values(0.0).best == "run"


def test_eleven_values_errors() -> None:
    with pytest.raises(ConfigError, match="from 0 to 1"):
        eleven_values(2)
    with pytest.raises(ConfigError, match="makes no sense"):
        eleven_values(0.5, value=1, fold=3)
