"""Next ▶ to a step whose demo takes a while (the quiz, the game) switches the whole step at
once: while the demo is built the page already names the new step, the last step's demo is
gone, a note says what is coming, and Back and Next wait (lesson 7 showed "Quiz" over "Step 2
of 3" and the game table, with Next live, for seconds)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest

from truco_learn.i18n import language
from truco_learn.widgets import lesson_view
from truco_learn.widgets.lesson_view import lesson


def watch_build(monkeypatch: pytest.MonkeyPatch, seen: dict[str, Any]) -> None:
    """Record the view's state at the moment its quiz starts being built."""
    build = lesson_view.quiz_widget

    def spy(number: int, **kwargs: Any) -> Any:
        view = seen["view"]
        seen.update(position=view.position.value, title=view.title.value,
                    next=view.next_button.disabled, back=view.back_button.disabled,
                    shown=view.demo_box.children)
        return build(number, **kwargs)

    monkeypatch.setattr(lesson_view, "quiz_widget", spy)


@pytest.mark.parametrize("lang,note", [("en", "Preparing the quiz…"),
                                       ("pt-BR", "Preparando o questionário…")])
def test_the_quiz_step_is_shown_whole_before_the_quiz_is_built(
        monkeypatch: pytest.MonkeyPatch, lang: str, note: str) -> None:
    seen: dict[str, Any] = {}
    watch_build(monkeypatch, seen)
    with language(lang):
        view = lesson(7, seed=3)
        seen["view"] = view
        last = len(view.lesson.steps)
        view.go(last - 2)
        game = view.current_demo
        assert game is not None
        view.next_button.click()
    assert seen["position"].endswith(f"{last} de {last}" if lang == "pt-BR"
                                     else f"{last} of {last}")
    assert seen["next"] and seen["back"]
    (shown,) = seen["shown"]
    assert shown is not game and isinstance(shown, widgets.HTML) and note in shown.value
    assert view.step_index == last - 1 and view.current_demo is view._demos["quiz"]
    assert not view.back_button.disabled and view.next_button.disabled


def test_a_step_seen_before_comes_back_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    view = lesson(7, seed=3)
    last = len(view.lesson.steps) - 1
    view.go(last)
    quiz = view.current_demo
    view.back()
    shown: list[Any] = []
    view.demo_box.observe(lambda ch: shown.append(ch["new"]), names="children")
    view.next()
    assert shown == [(quiz,)]  # no note for a quiz already built
