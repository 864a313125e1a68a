"""Lesson 8's item kinds (envido and flor): 1,000 seeded items per kind agree with the engine run
through the replay (``run_scenario``, what ``truco-learn replay`` prints), and with a second,
independent count written here straight from RULES.md ("Envido points and flor points").
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Callable

import pytest

from truco_learn.engine import make_options, parse_card
from truco_learn.engine.scenario import run_scenario
from truco_learn.errors import ConfigError
from truco_learn.quiz import QuizItem, grade, make_item, make_quiz
from truco_learn.quiz.model import RULE_TEXT
from truco_learn.quiz.registry import (BRAZILIAN_VARIANTS, ENVIDO_KINDS, ENVIDO_VARIANTS,
                                       LESSON_KINDS, built_on)
from truco_learn.widgets.quiz_view import MAX_CHOICES

PER_VARIANT = 250  # x 4 Argentine and gaúcho presets = 1,000 items per kind


# ---------------------------------------------------------------- an independent count (RULES.md)

def face(card: str) -> int:
    """A = 1, 2..7 their number, Q J K = 0."""
    rank = card[0]
    return {"A": 1, "Q": 0, "J": 0, "K": 0}.get(rank, int(rank) if rank.isdigit() else 0)


def my_envido(cards: list[str]) -> int:
    best = max(face(c) for c in cards)
    for suit in "CHSD":
        values = sorted((face(c) for c in cards if c[-1] == suit), reverse=True)
        if len(values) >= 2:
            best = max(best, 20 + values[0] + values[1])
    return best


def my_flor(cards: list[str]) -> int | None:
    return 20 + sum(face(c) for c in cards) if len({c[-1] for c in cards}) == 1 else None


def replayed(item: QuizItem) -> dict[str, Any]:
    out, status = run_scenario(item.data["scenario"])
    assert status == 0, out
    return out


# ---------------------------------------------------------------- the checks, one per kind

def check_envido_points(item: QuizItem) -> None:
    out = replayed(item)
    cards = item.data["cards"]
    assert cards == item.data["scenario"]["hands"][0] and item.data["vira"] is None
    opts = make_options(item.data["table"])
    assert opts.seats == 2
    if item.rule == "flor.no_envido":  # the flor is declared, the envido may not be called
        assert opts.flor and out["flor"] is not None and 0 in out["flor"]["seats"]
        assert "envido" not in out["legal"] and out["envido"] is None
        flor = my_flor(cards)
        assert flor is not None and item.answer.startswith(f"A flor of {flor}:")
        assert str(my_envido(cards)) in item.choices  # the tempting count is offered
        return
    assert item.rule == "envido.points"
    assert out["envido"]["result"] == "accepted" and out["envido"]["calls"][0] == [0, "envido"]
    value = out["envido"]["values"][0]  # 2 seats: Ana's team's envido is Ana's
    assert int(item.answer) == value == my_envido(cards)
    assert all(c.isdigit() for c in item.choices)


CHECKS: dict[str, Callable[[QuizItem], None]] = {
    "envido_points": check_envido_points,
}


def check_common(item: QuizItem) -> None:
    assert item.answer in item.choices
    assert len(set(item.choices)) == len(item.choices) >= 2
    assert len(item.choices) <= MAX_CHOICES
    assert item.rule in RULE_TEXT, item.rule
    assert item.prompt and item.explanation
    assert item.data["table"] in ENVIDO_VARIANTS
    json.dumps(item.data)
    assert grade(item, item.answer).correct
    wrong = next(c for c in item.choices if c != item.answer)
    fb = grade(item, wrong)
    assert not fb.correct and fb.answer == item.answer and item.explanation in fb.message


@pytest.mark.parametrize("kind", sorted(ENVIDO_KINDS))
def test_a_thousand_items_agree_with_the_replay(kind: str) -> None:
    forms: set[str] = set()
    for variant in ENVIDO_VARIANTS:
        for seed in range(PER_VARIANT):
            item = make_item(kind, seed, variant)
            assert (item.kind, item.seed, item.variant) == (kind, seed, variant)
            check_common(item)
            CHECKS[kind](item)
            forms.add(item.data["form"])
            if seed % 50 == 0:
                assert make_item(kind, seed, variant) == item
    if kind == "envido_points":
        assert forms == {"pair", "none", "faces", "max", "flor"}


def test_envido_points_shows_every_case() -> None:
    items = [make_item("envido_points", s, v) for s in range(200) for v in ENVIDO_VARIANTS]
    answers = {i.answer for i in items}
    assert {"0", "33"} <= answers  # three face cards; the 7 and 6 of a suit
    flor_off = [i for i in items if i.data["form"] == "flor" and i.data["table"].startswith("arg")]
    assert flor_off and all(i.rule == "envido.points" for i in flor_off)
    flor_on = [i for i in items if i.data["form"] == "flor" and i.data["table"].startswith("gau")]
    assert flor_on and all(i.rule == "flor.no_envido" for i in flor_on)
    spanish = make_item("envido_points", 1, "argentino-2p")
    assert " de " in spanish.prompt  # the Spanish deck keeps its Spanish names


@pytest.mark.parametrize("kind", sorted(ENVIDO_KINDS))
def test_the_checks_catch_a_wrong_stored_answer(kind: str) -> None:
    caught = 0
    for seed in range(20):
        item = make_item(kind, seed, ENVIDO_VARIANTS[seed % 4])
        wrong = next(c for c in item.choices if c != item.answer)
        try:
            CHECKS[kind](dataclasses.replace(item, answer=wrong))
        except AssertionError:
            caught += 1
    assert caught == 20


# ---------------------------------------------------------------- variants and lessons

def test_lesson_8_asks_the_envido_kinds_on_argentine_tables() -> None:
    assert set(LESSON_KINDS[8]) == ENVIDO_KINDS
    quiz = make_quiz([8], 8, seed=3)  # the default variant (paulista-2p) builds in argentino-2p
    assert {i.data["table"] for i in quiz} <= {"argentino-2p"}
    assert all(i.variant == "paulista-2p" for i in quiz)
    assert {i.data["table"] for i in make_quiz([8], 8, 3, "gauderio-4p")} <= {
        "gauderio-2p", "gauderio-4p"}
    for item in quiz:
        assert make_item(item.kind, item.seed, item.variant) == item


@pytest.mark.parametrize("variant", BRAZILIAN_VARIANTS + ENVIDO_VARIANTS)
def test_a_mixed_quiz_works_with_every_variant(variant: str) -> None:
    quiz = make_quiz([2, 8], 6, seed=11, variant=variant)
    seats = make_options(variant).seats
    for item in quiz:
        assert item.variant == variant and item.answer in item.choices
        table = item.data["table"]
        if item.kind in ENVIDO_KINDS:
            assert table in ENVIDO_VARIANTS
        else:
            assert table in BRAZILIAN_VARIANTS
            assert make_options(table).seats == seats
        assert built_on(item.kind, variant) == make_options(built_on(item.kind, variant)).variant
        assert make_item(item.kind, item.seed, variant) == item  # it rebuilds from its variant
    assert {i.kind for i in quiz} >= {"manilhas", "trick_winner"}


def test_brazilian_kinds_on_an_argentine_variant_build_on_paulista() -> None:
    item = make_item("legal", 5, "argentino-2p")
    assert item.variant == "argentino-2p" and item.data["table"] == "paulista-2p"
    assert item.data["scenario"]["variant"] == "paulista-2p"
    item = make_item("partner_trick", 5, "gauderio-4p")
    assert make_options(item.data["table"]).seats == 4 and item.data["table"] in BRAZILIAN_VARIANTS


@pytest.mark.parametrize("kind", sorted(ENVIDO_KINDS))
def test_bad_arguments_get_clear_errors(kind: str) -> None:
    with pytest.raises(ConfigError, match="unknown variant 'argentino'"):
        make_item(kind, 1, "argentino")
    with pytest.raises(ConfigError, match="bad seed"):
        make_item(kind, -1, "argentino-2p")


def test_cards_are_codes_the_engine_reads() -> None:
    item = make_item("envido_points", 4, "gauderio-2p")
    assert [parse_card(c) for c in item.data["cards"]]
