"""Headless tests of the quiz widget: right and wrong answers, score, feedback, spaced retry."""

from __future__ import annotations

import pytest

from truco_learn.quiz import Feedback, QuizItem, make_item, make_quiz
from truco_learn.widgets.quiz_view import RETRY_GAP, QuizView, item_html


def wrong_choice(item: QuizItem) -> str:
    return next(c for c in item.choices if c != item.answer)


def test_right_answer_scores_and_names_the_rule() -> None:
    items = make_quiz([2, 3], 3, seed=11)
    view = QuizView(items)
    item = view.current
    assert item is items[0] and view.index == 0 and view.score == 0 and view.feedback is None
    fb = view.answer(item.answer)
    assert fb.correct and view.score == 1
    assert view.feedback == fb and fb.rule == item.rule
    assert "Right" in view._feedback.value and item.rule.split(".")[0] in fb.rule
    assert all(b.disabled for b in view._buttons[:len(item.choices)])


def test_wrong_answer_shows_the_answer_and_comes_back_later() -> None:
    items = make_quiz([4], 5, seed=3)
    view = QuizView(items)
    first = view.current
    assert first is not None
    fb = view.answer(wrong_choice(first))
    assert not fb.correct and view.score == 0
    assert fb.answer == first.answer and first.answer in view._feedback.value
    assert view.queue.count(0) == 2 and view.queue.index(0, 1) == 1 + RETRY_GAP
    assert "again" not in view._status.value
    view.next()
    seen = [0]
    while not view.done:
        item = view.current
        assert item is not None
        seen.append(view.queue[view.index])
        assert ("again" in view._status.value) == (len(seen) == 4)
        view.answer(item.answer)
        view.next()
    # the missed item came back after RETRY_GAP others, then the rest followed
    assert seen == [0, 1, 2, 0, 3, 4]
    assert view.score == 4  # the retried item does not count as right at the first try
    assert "4 of 5" in view._status.value and "finished" in view._status.value
    assert view._bar.value == view._bar.max == 6


def test_on_answer_gets_every_attempt() -> None:
    calls: list[tuple[str, str, bool]] = []
    items = [make_item("manilhas", s) for s in range(2)]
    view = QuizView(items, on_answer=lambda i, c, f: calls.append((i.kind, c, f.correct)))
    view.answer(wrong_choice(items[0]))
    view.next()
    view.answer(items[1].answer)
    assert calls == [("manilhas", wrong_choice(items[0]), False),
                     ("manilhas", items[1].answer, True)]


def test_button_click_answers_through_the_same_intent() -> None:
    items = [make_item("trick_winner", 9)]
    view = QuizView(items)
    i = items[0].choices.index(items[0].answer)
    view._buttons[i].click()
    assert isinstance(view.feedback, Feedback) and view.feedback.correct and view.score == 1
    view._next.click()
    assert view.done


def test_bad_intents_are_refused_clearly() -> None:
    view = QuizView([make_item("card_rank", 1)])
    with pytest.raises(ValueError, match="answer this question"):
        view.next()
    with pytest.raises(ValueError, match="not one of this question's choices"):
        view.answer("zap")
    view.answer(view.items[0].answer)
    with pytest.raises(ValueError, match="already answered"):
        view.answer(view.items[0].answer)
    with pytest.raises(ValueError, match="at least one item"):
        QuizView([])


def test_no_answer_key_reaches_the_page_before_answering() -> None:
    item = make_item("bet_points", 4)
    view = QuizView([item])
    page = " ".join(str(getattr(c, "value", "")) for c in view.children)
    assert item.explanation not in page and "Right" not in page
    assert "<svg" in item_html(make_item("trick_winner", 2))


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from truco_learn.widgets.quiz_view import MAX_TRIES  # noqa: E402

_ITEMS = make_quiz([2, 3, 4], 5, seed=8)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.booleans(), min_size=40, max_size=40))
def test_any_run_of_answers_ends_with_a_consistent_score(rights: list[bool]) -> None:
    view = QuizView(_ITEMS)
    firsts: dict[int, bool] = {}
    steps = 0
    while not view.done:
        item = view.current
        assert item is not None
        k = view.queue[view.index]
        ok = rights[steps % len(rights)]
        view.answer(item.answer if ok else wrong_choice(item))
        firsts.setdefault(k, ok)
        view.next()
        steps += 1
    assert view.score == sum(firsts.values())
    assert sorted(firsts) == list(range(len(_ITEMS)))
    assert all(t <= MAX_TRIES for t in view.tries) and steps == len(view.queue)
    # a missed item is asked again until it is right or asked MAX_TRIES times
    for k in range(len(_ITEMS)):
        assert view.tries[k] == 1 or not firsts[k]


def test_lesson_8_items_are_answered_by_clicking() -> None:
    """One item of each envido kind, answered by clicking its buttons: Spanish-deck cards drawn
    with their Spanish names, no vira, feedback that names the rule."""
    from truco_learn.engine import card_name, parse_card
    from truco_learn.quiz.model import RULE_TEXT
    from truco_learn.quiz.registry import LESSON_KINDS

    items = [make_item(kind, 7, "argentino-2p") for kind in LESSON_KINDS[8]]
    view = QuizView(items)
    clicked: list[str] = []
    while not view.done:
        item = view.current
        assert item is not None
        html = view._prompt.value
        assert "tl-vira" not in html and "figcaption" not in html  # no vira at this table
        for card in item.data.get("cards", []):  # the hand drawn, each card by its Spanish name
            name = card_name(parse_card(card), "spanish")
            assert " de " in name and f'aria-label="{name}"' in html
        shown = [b.description for b in view._buttons if b.layout.display != "none"]
        assert shown == list(item.choices)
        first_time = item.kind not in clicked
        pick = (shown.index(wrong_choice(item)) if item is items[0] and first_time
                else shown.index(item.answer))
        view._buttons[pick].click()
        clicked.append(item.kind)
        assert view.feedback is not None and view.feedback.correct == (pick == shown.index(
            item.answer))
        assert RULE_TEXT[item.rule] in view._feedback.value.replace("&#x27;", "'")
        assert all(b.disabled for b in view._buttons[:len(item.choices)])
        view._next.click()
    assert sorted(set(clicked)) == sorted(LESSON_KINDS[8]) and len(clicked) == len(items) + 1
    assert view.score == len(items) - 1  # the first item was missed, then asked again
    assert any(i.data.get("cards") for i in items)
