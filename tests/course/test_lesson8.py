"""Lesson 8 (Truco argentino and gaudério): every step renders with its demo, the demos are
driven through their methods and buttons, and every number they show is the engine's."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from truco_learn.course.argentine import (call_sequences, deal_three, envido_count, exchange,
                                          ordinary_order, top_cards)
from truco_learn.course.deals import line_group
from truco_learn.course.steps import get_lesson
from truco_learn.course.tables import ladder_text, step_name
from truco_learn.engine import new_hand, step
from truco_learn.engine.cards import DECK, card_str, strength_table
from truco_learn.engine.envido import accepted_points, declined_points, next_calls
from truco_learn.engine.actions import ACTION_STR
from truco_learn.engine.handpoints import FACE_VALUE, envido_points, flor_points
from truco_learn.engine.options import PRESETS
from truco_learn.errors import ConfigError, TrucoError
from truco_learn.widgets.lesson_demos_argentine import EnvidoLadderView, EnvidoWalkView, TopCardsView
from truco_learn.widgets.lesson_view import lesson

LESSON = get_lesson(8)


def test_lesson_8_is_the_argentine_lesson_with_a_game_and_a_quiz_on_its_table() -> None:
    assert LESSON.slug == "08_argentine_and_gauderio" and LESSON.variant == "argentino-2p"
    demos = [s.demo for s in LESSON.steps]
    assert demos[:3] == ["top_cards", "envido_walk", "envido_ladder"]
    assert demos[-2:] == ["play", "quiz"]
    assert {"lines:envido", "lines:flor", "lines:drop"} <= set(demos)


def test_every_step_renders_with_its_demo() -> None:
    view = lesson(8, seed=5)
    kinds = []
    for i in range(len(LESSON.steps) - 1):  # the quiz: tests/lessons (it needs lesson 8's kinds)
        view.go(i)
        assert view.body.value and LESSON.steps[i].title in view.title.value
        kinds.append(type(view.current_demo).__name__ if view.current_demo else None)
    assert kinds[:3] == ["TopCardsView", "EnvidoWalkView", "EnvidoLadderView"]
    assert kinds[3:6] == ["HandWalkView"] * 3 and kinds[6] is None
    assert view.play_app is not None and view.play_app.variant.value == "argentino-2p"


def test_no_seat_numbers_or_notation_in_the_learner_text() -> None:
    for st in LESSON.steps:
        text = st.title + st.body
        assert not re.search(r"\bseat\b|\bteam [01]\b|\b(?:play|cover):|\b[2-7AKQJ][CHSD]\b|"
                             r"real_envido|falta_envido", text), (st.title, text)


# ---------------------------------------------------------------- the top cards

def test_top_cards_view_shows_the_engine_order_strongest_first() -> None:
    strength = strength_table("argentine", None)
    tops = top_cards()
    assert [card_str(c) for c in tops] == ["AS", "AC", "7S", "7D"]
    order = list(tops) + [c for _rank, cards in ordinary_order() for c in cards]
    assert sorted(order) == list(DECK)
    values = [strength[c] for c in order]
    assert values == sorted(values, reverse=True)
    # cards of one rank group are equal; groups strictly decrease
    groups = [{strength[c] for c in cards} for _r, cards in ordinary_order()]
    assert all(len(g) == 1 for g in groups)
    assert [r for r, _c in ordinary_order()] == list("32AKJQ7654")
    view = TopCardsView()
    html = view.cards.value
    names = ["ancho de espadas", "ancho de bastos", "siete de espadas", "siete de oros"]
    assert [html.index(n) for n in names] == sorted(html.index(n) for n in names)
    view.deck_choice.value = "french"
    assert "ancho de espadas" in view.cards.value and view.cards.value != html


# ---------------------------------------------------------------- the envido walker

def _referee(cards: tuple[int, ...]) -> int:
    """The lesson's words, straight: face cards 0, two of a suit 20 + the two highest numbers,
    otherwise the highest number."""
    number = {"4": 4, "5": 5, "6": 6, "7": 7, "Q": 0, "J": 0, "K": 0, "A": 1, "2": 2, "3": 3}
    best = max(number[card_str(c)[0]] for c in cards)
    for suit in "CHSD":
        same = sorted((number[card_str(c)[0]] for c in cards if card_str(c)[1] == suit),
                      reverse=True)
        if len(same) >= 2:
            best = max(best, 20 + same[0] + same[1])
    return best


def test_the_counting_the_lesson_teaches_is_the_engines_for_every_hand() -> None:
    for cards in itertools.combinations(DECK, 3):
        c = envido_count(cards)
        assert c.total == envido_points(cards) == _referee(cards), cards
        assert c.face_values == tuple(FACE_VALUE[x // 4] for x in cards)
        assert c.bonus + sum(c.values) == c.total
        assert c.values == tuple(FACE_VALUE[x // 4] for x in c.counted)
        if c.flor:
            assert c.flor_total == flor_points(cards)


def test_walker_steps_through_seeded_hands_with_the_engines_numbers() -> None:
    walk = EnvidoWalkView(rng=random.Random(11))
    expect = random.Random(11)
    seen_pair = seen_single = 0
    for _ in range(60):
        cards = deal_three(expect)
        assert walk.count.cards == cards
        assert walk.back_button.disabled and not walk.next_button.disabled
        for _s in range(EnvidoWalkView.STEPS):
            walk.next_button.click()
        assert walk.next_button.disabled
        total = envido_points(cards)
        last = walk.lines()[3]  # the total (a flor adds a sentence after it)
        assert last.endswith(f"{total}."), (last, total)
        if walk.count.bonus:
            a, b = walk.count.values
            assert f"20 + {a} + {b} = {total}" in walk.board.value
            seen_pair += 1
        else:
            seen_single += 1
        for value in (FACE_VALUE[c // 4] for c in cards):
            assert f"<small>{value}</small>" in walk.board.value
        walk.back_button.click()
        assert walk.count_step == EnvidoWalkView.STEPS - 1 and f"= {total}" not in walk.lines()[-1]
        walk.deal_button.click()
    assert seen_pair and seen_single  # both kinds of count were walked through


def test_walker_shows_a_given_hand_and_names_a_flor() -> None:
    walk = EnvidoWalkView(seed=0)
    walk.deal(["7S", "5S", "KS"])
    walk.next_step(); walk.next_step(); walk.next_step()
    text = " ".join(walk.lines())
    assert "20 + 7 + 5 = 32" in text and "20 + 7 + 5 + 0 = 32 flor points" in text
    walk.deal(["KC", "JH", "QS"])
    walk.next_step(); walk.next_step(); walk.next_step()
    assert walk.lines()[-1] == "Envido: 0."
    with pytest.raises(ValueError):
        walk.deal(["7S", "7S", "KS"])


def test_walker_deals_from_its_seed() -> None:
    a, b = EnvidoWalkView(seed=4), EnvidoWalkView(seed=4)
    assert a.count == b.count
    a.deal(); b.deal()
    assert a.count == b.count


# ---------------------------------------------------------------- the envido ladder

def _engine_settles(calls: tuple[str, ...], score: tuple[int, int]) -> tuple[int, int, int]:
    """Play the exchange in the engine on dealt hands of its own: (quiero, no quiero, the
    team no quiero pays)."""
    s = new_hand("argentino-2p", dealer=0, hands=[["4C", "5H", "QS"], ["6D", "6C", "KH"]],
                 score=score)  # Bruno is the mão here: he calls first
    for call in calls:
        s = step(s, call)
    yes, no = step(s, "accept"), step(s, "fold")
    return yes.ext.env_points, no.ext.env_points, no.ext.env_winner


@pytest.mark.parametrize("score", [(0, 0), (12, 5), (3, 27), (29, 29)])
def test_ladder_demo_pays_what_the_engine_settles_for_every_sequence(
        score: tuple[int, int]) -> None:
    view = EnvidoLadderView()
    seqs = view.sequences
    assert len(seqs) == 11 and set(seqs) == set(call_sequences())
    for calls in seqs:
        view.choose(calls, score)
        quiero, no_quiero, _team = _engine_settles(calls, score[::-1])
        assert (view.paid.accepted, view.paid.declined) == (quiero, no_quiero), calls
        codes = [ACTION_STR.index(c) for c in calls]
        assert view.paid.accepted == accepted_points(codes, 30, score)
        assert view.paid.declined == declined_points(codes)
        caller = "Ana" if len(calls) % 2 else "Bruno"
        assert view.paid.declined_to == (0 if caller == "Ana" else 1)
        assert f"No quiero: {caller}, who made the last call" in view.result.value
        assert f"scores {quiero} point" in view.result.value


def test_ladder_sequences_are_exactly_what_the_engine_allows() -> None:
    seqs = set(call_sequences())
    for calls in seqs:
        codes = [ACTION_STR.index(c) for c in calls]
        for i in range(1, len(codes)):
            assert codes[i] in next_calls(codes[:i], False)
        longer = next_calls(codes, False)
        assert {calls + (ACTION_STR[c],) for c in longer} <= seqs
    assert len(call_sequences(True)) > len(seqs)  # gaúcho tables repeat real envido


def test_ladder_demo_refuses_an_exchange_the_table_has_not() -> None:
    view = EnvidoLadderView()
    before = view.result.value
    with pytest.raises(TrucoError, match="no envido exchange"):
        view.choose(("real_envido", "envido"))
    assert view.result.value == before
    with pytest.raises(ConfigError):
        exchange(())


def test_ladder_demo_reacts_to_the_widgets() -> None:
    view = EnvidoLadderView()
    view.calls.value = ("falta_envido",)
    view.ana.value, view.bruno.value = 10, 22
    assert view.paid.accepted == 30 - 22 and "scores 8 points" in view.result.value


# ---------------------------------------------------------------- the ladder's names

def test_the_argentine_ladder_is_named_truco_retruco_vale_cuatro() -> None:
    for variant in ("argentino-2p", "argentino-4p", "gauderio-2p", "gauderio-4p"):
        o = PRESETS[variant]
        assert [step_name(o, v) for v in o.ladder[1:]] == ["truco", "retruco", "vale cuatro"]
        assert ladder_text(o) == "1 → 2 (truco) → 3 (retruco) → 4 (vale cuatro)"
    assert ladder_text(PRESETS["paulista-2p"]).endswith("12 (doze)")


def test_lesson_groups_hold_the_argentine_hands() -> None:
    assert [ln.key for ln in line_group("flor")] == ["flor_lone", "contraflor", "achico"]
    assert all(ln.variant.startswith("gauderio") for ln in line_group("flor"))
    assert [ln.key for ln in line_group("drop")] == ["drop_at_once", "drop_later"]
