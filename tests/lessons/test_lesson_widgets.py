"""Headless tests of the lesson widgets: click Next/Back, pick viras, move the calculator's
sliders, step through hands and play the iron hand, then check what the widgets show."""

from __future__ import annotations

from html import escape

import pytest

from truco_learn.course.deals import find_line, line_group
from truco_learn.course.steps import LESSONS
from truco_learn.engine import card_str, parse_card
from truco_learn.errors import TrucoError
from truco_learn.widgets.lesson_demos import (DeckView, HandWalkView, IronHandView,
                                              StakeCalculatorView, ViraPicker)
from truco_learn.widgets.lesson_view import LessonView, lesson


@pytest.mark.parametrize("number", range(1, 8))
def test_click_through_every_lesson(number: int) -> None:
    view = lesson(number, seed=1)
    steps = view.lesson.steps
    assert view.back_button.disabled and not view.next_button.disabled
    seen = []
    for i in range(len(steps) - 1):
        assert view.position.value == f"Step {i + 1} of {len(steps)}"
        assert escape(steps[i].title) in view.title.value
        if steps[i].demo is None:
            assert view.demo_box.children == ()
        else:
            assert view.demo_box.children == (view.current_demo,)
            seen.append(view.current_demo)
        view.next_button.click()
    assert view.step_index == len(steps) - 1 and view.next_button.disabled
    assert view.progress.value == len(steps)
    view.next_button.click()  # on the last step Next does nothing
    assert view.step_index == len(steps) - 1
    for _ in steps:
        view.back_button.click()
    assert view.step_index == 0 and view.back_button.disabled
    # a demo shown twice is the same widget (built once); one hand walk serves every step
    for i, step in enumerate(steps):
        if step.demo and step.demo.startswith(("hand:", "lines:")):
            view.go(i)
            assert view.current_demo is view.hand_walk
            key = step.demo.partition(":")[2]
            assert view.hand_walk.line.key == key or step.demo.startswith("lines:")
        elif step.demo:
            view.go(i)
            assert view.current_demo is view._demos[step.demo]


def test_go_to_a_missing_step_changes_nothing() -> None:
    view = lesson(3)
    view.go(2)
    with pytest.raises(TrucoError, match="lesson 3 has steps 0 to"):
        view.go(99)
    assert view.step_index == 2 and view.position.value.startswith("Step 3 of")


def test_vira_picker_shows_that_hands_manilhas() -> None:
    picker = ViraPicker()
    assert [card_str(c) for c in picker.manilhas] == ["QC", "QH", "QS", "QD"]  # vira 7D
    picker.picker.value = parse_card("3H")  # as the dropdown does
    assert [card_str(c) for c in picker.manilhas] == ["4C", "4H", "4S", "4D"]
    assert "wraps" in picker.facts.value and "The manilhas are the <b>fours</b>" in picker.facts.value
    picker.pick("QS")
    assert "<b>jacks</b>" in picker.facts.value and "below the jack" in picker.facts.value
    with pytest.raises(TrucoError):
        picker.pick("9X")
    assert picker.picker.value == parse_card("QS")


def test_vira_picker_inside_lesson_2() -> None:
    view = lesson(2)
    view.next()
    demo = view.current_demo
    assert isinstance(demo, ViraPicker)
    demo.picker.value = parse_card("KD")
    assert "aria-label=\"ace of clubs, zap\"" in demo.facts.value


def test_calculator_reacts_to_its_sliders() -> None:
    calc = StakeCalculatorView()
    calc.win.value = 25
    assert "Best: <b>run</b>" in calc.result.value
    calc.win.value = 40
    assert "Best: <b>accept</b>" in calc.result.value
    calc.stake.value = 6
    assert "They raise to 9" in calc.result.value
    calc.ladder.value = "Mineiro 2-4-6-10-12"
    assert calc.stake.value == 2 and "They raise to 4" in calc.result.value
    assert [v for _, v in calc.stake.options] == [2, 4, 6, 10]
    calc.win.value, calc.fold.value = 0, 100
    assert "You raise to 4?</b> Best: <b>call</b>" in calc.result.value
    calc.fold.value = 0
    assert "Best: <b>no call</b>" in calc.result.value
    calc.their.value = 0
    assert "Hand of ten: play or run?</b> Best: <b>run</b>" in calc.result.value  # Mineiro: ten
    calc.ladder.value = "Paulista 1-3-6-9-12"
    calc.their.value, calc.win.value = 4, 35
    assert "Hand of eleven: play or run?</b> Best: <b>run</b>" in calc.result.value
    assert "win the game" in calc.result.value
    calc.win.value = 60
    assert "Hand of eleven: play or run?</b> Best: <b>play</b>" in calc.result.value


def test_hand_walk_steps_back_and_forth() -> None:
    walk = HandWalkView(line_group("tie"))
    assert walk.back_button.disabled and "Move 0 of" in walk.table.value
    walk.choose("third_tied")
    for _ in range(len(find_line("third_tied").actions) + 2):
        walk.next_button.click()
    assert walk.next_button.disabled and walk.frames[walk.frame].over
    assert "Ana wins the hand and scores 1 point." in walk.table.value
    walk.back_button.click()
    assert walk.frame == len(walk.frames) - 2 and "wins the hand" not in walk.table.value
    walk.picker.value = "all_tied"
    assert walk.frame == 0 and walk.line.key == "all_tied"
    with pytest.raises(TrucoError, match="no hand 'zzz'"):
        walk.choose("zzz")
    assert walk.line.key == "all_tied"


def test_hand_walk_hides_the_covered_card() -> None:
    walk = HandWalkView([find_line("covered_card")])
    for _ in range(5):
        walk.next_move()
    assert 'aria-label="covered card"' in walk.table.value
    assert walk.picker not in walk.children  # one hand: no chooser


def test_iron_hand_is_played_by_clicking() -> None:
    view = IronHandView(seed=2)
    clicks = 0
    while not view.state.over:
        enabled = [b for b in view.card_buttons if not b.disabled]
        assert enabled and "face-down card" in view.board.value
        enabled[0].click()
        clicks += 1
    assert clicks <= 3 and all(b.disabled for b in view.card_buttons)
    assert "iron hand" in view.board.value.lower()
    view.turn_up(0)  # the hand is over: a message, no change
    assert "cannot turn up" in view.board.value
    view.deal_button.click()
    assert not view.state.over and view.state.log == () or view.state.to_act == 0


def test_deck_view_switches_names() -> None:
    deck = DeckView()
    assert "queen" in deck.cards.value and deck.cards.value.count("<svg") >= 40
    deck.deck_choice.value = "spanish"
    assert "sota" in deck.cards.value and "bastos" in deck.cards.value


def test_lesson_view_widget_count_stays_small() -> None:
    def count(w: object) -> int:
        return 1 + sum(count(c) for c in getattr(w, "children", ()))

    for number in range(1, 8):
        view = lesson(number)
        for _ in LESSONS[number - 1].steps[:-1]:
            view.next()
        assert count(view) < 60, number


def test_lesson_view_from_a_lesson_object() -> None:
    view = LessonView(LESSONS[0], seed=3)
    assert view.seed == 3 and "Lesson 1, step 1" in view.title.value


@pytest.mark.parametrize("number", range(1, 8))
def test_each_lesson_ends_with_its_quiz(number: int) -> None:
    from truco_learn.quiz import LESSON_KINDS

    view = lesson(number, seed=4)
    view.go(len(view.lesson.steps) - 1)
    quiz = view.current_demo
    assert type(quiz).__name__ == "QuizView"
    item = quiz.current
    assert item.kind in LESSON_KINDS[number]
    assert quiz.answer(item.answer).correct and quiz.score == 1
    quiz.next()
    wrong = next(c for c in quiz.current.choices if c != quiz.current.answer)
    assert not quiz.answer(wrong).correct and quiz.score == 1


def test_lesson_7_embeds_a_game_against_the_coach() -> None:
    view = lesson(7, seed=5)
    view.next()
    app = view.play_app
    assert app is not None and view.current_demo is app.widget
    session = app.session
    assert session is not None and session.learner_to_act
    before = len(session.events)
    app.click(app.table.enabled_actions()[0])
    assert len(app.session.events) > before  # type: ignore[union-attr]


def test_without_a_seed_the_lesson_uses_the_page_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUCO_LEARN_SEED", "77")
    assert lesson(1).seed == 77
    assert lesson(1, seed=3).seed == 3


def test_mineiro_demo_draws_the_four_fixed_manilhas() -> None:
    from truco_learn.widgets.lesson_demos import demo_for

    html = demo_for("mineiro").value
    for label in ("4 of clubs, zap", "7 of hearts, copas", "ace of spades, espadilha",
                  "7 of diamonds, mole"):
        assert f'aria-label="{label}"' in html


def test_one_hand_walk_serves_every_step_of_lesson_3() -> None:
    view = lesson(3, seed=1)
    view.next()
    walk = view.hand_walk
    assert walk is not None and walk.line.key == "first_tied"
    walk.next_move()
    assert walk.picker not in walk.children
    view.go(5)  # "All three tied": the whole list to choose from
    assert view.hand_walk is walk and walk.picker in walk.children and walk.frame == 0
    walk.picker.value = "all_tied_dealer"
    assert walk.line.key == "all_tied_dealer"
    view.go(1)
    assert walk.line.key == "first_tied" and walk.picker not in walk.children
