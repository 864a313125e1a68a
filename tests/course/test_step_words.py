"""A step's words name the controls its demo really has (lesson 4 spoke of sliders over
number boxes)."""

from __future__ import annotations

from typing import Any, Iterator

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest

from truco_learn.course.steps import LESSONS, Step
from truco_learn.widgets.lesson_demos import demo_for

_NO_WIDGET = ("play", "quiz")  # built by the lesson view itself, with no slider either


def tree(w: Any) -> Iterator[Any]:
    """``w`` and every widget under it."""
    yield w
    for child in getattr(w, "children", ()):
        yield from tree(child)


STEPS = [(lesson.number, i, step) for lesson in LESSONS for i, step in enumerate(lesson.steps)]


@pytest.mark.parametrize("number,index,step", STEPS,
                         ids=[f"L{n}s{i + 1}" for n, i, _s in STEPS])
def test_sliders_are_named_only_over_sliders(number: int, index: int, step: Step) -> None:
    if "slider" not in step.body.lower():
        return
    assert step.demo is not None and step.demo not in _NO_WIDGET, (number, index)
    demo = demo_for(step.demo)
    assert any(isinstance(w, (widgets.IntSlider, widgets.FloatSlider)) for w in tree(demo)), (
        f"lesson {number}, step {index + 1} speaks of sliders its demo does not have")
