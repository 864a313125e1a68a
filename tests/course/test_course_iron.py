"""Lesson 5's blind iron hand, played through the engine."""

from __future__ import annotations

import random

import pytest

from truco_learn.course.iron import (IRON_OPTIONS, LEARNER, iron_choices, iron_play, iron_start,
                                     iron_story, iron_summary)
from truco_learn.engine import IRON
from truco_learn.errors import IllegalActionError


def test_many_iron_hands_end_properly() -> None:
    outcomes = set()
    for seed in range(200):
        rng = random.Random(seed)
        s = iron_start(rng)
        assert s.deal.mode == IRON and s.deal.score == (11, 11) and s.stake == 3
        while not s.over:
            assert s.to_act == LEARNER
            s = iron_play(s, iron_choices(s)[-1], rng)
        outcomes.add("redeal" if s.redeal else s.winner)
        if not s.redeal:
            assert s.points[s.winner] == 3 and s.game_over
        assert len(iron_story(s)) == len(s.log)
    assert {0, 1} <= outcomes


def test_the_learners_choice_turns_up_that_card() -> None:
    rng = random.Random(3)
    s = iron_start(rng, dealer=1)  # Ana is the mão: she plays first
    assert s.log == () and iron_choices(s) == [0, 1, 2]
    card = s.left[LEARNER][2]
    s = iron_play(s, 2, rng)
    assert s.log[0] == (LEARNER, 82) and card not in s.left[LEARNER]
    assert "plays blind and turns up" in iron_story(s)[0]


def test_bad_choice_changes_nothing() -> None:
    rng = random.Random(5)
    s = iron_start(rng, dealer=1)
    with pytest.raises(IllegalActionError, match="cannot turn up card 3"):
        iron_play(s, 3, rng)
    assert s.log == ()


def test_summary_and_options() -> None:
    assert IRON_OPTIONS.iron_choice == "any"
    s = iron_start(random.Random(0))
    assert "Pick one of your 3 face-down cards" in iron_summary(s)


def test_the_last_card_is_not_one_of_one() -> None:
    """With one card left the line said "Pick one of your 1 face-down cards"."""
    from truco_learn.i18n import language

    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = iron_start(rng, dealer=1)
        while not s.over:
            if len(s.left[LEARNER]) == 1:
                for lang, said in (("en", "Turn up your last face-down card"),
                                   ("pt-BR", "Desvire a sua última carta virada para baixo")):
                    with language(lang):
                        line = iron_summary(s)
                    assert said in line and " 1 " not in line, line
                seen += 1
            s = iron_play(s, iron_choices(s)[0], rng)
    assert seen > 5
