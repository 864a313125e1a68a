"""The teacher's page names the tables (the variant list, the summary of an assignment) in
the page's language, never by their engine codes."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from truco_learn.classroom import Assignment
from truco_learn.i18n import language
from truco_learn.i18n.notebooks import translate_markdown
from truco_learn.widgets.teacher_view import TeacherView


def made(view: TeacherView) -> TeacherView:
    view.title.value, view.lessons.value = "Ties week", (2, 3)
    view.create()
    return view


@pytest.mark.parametrize("lang,name", [("en", "Paulista heads-up"),
                                       ("pt-BR", "Paulista mano a mano")])
def test_variants_are_named_in_the_pages_language(lang: str, name: str) -> None:
    with language(lang):
        view = made(TeacherView(random.Random(1), page_url=""))
        a = Assignment.from_code(view.code.value)
        summary = a.describe()
    labels = [label for label, _value in view.variant.options]
    assert name in labels and view.variant.value == "paulista-2p"
    assert not any("-" in label and label == label.lower() for label in labels), labels
    assert name in summary and "paulista-2p" not in summary
    assert "paulista-2p" not in view.links.value and name in view.links.value


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_pages_intro_names_rules_in_words(lang: str) -> None:
    notebook = json.loads((Path(__file__).parents[2] / "lessons" / "teacher.ipynb").read_text(
        encoding="utf-8"))
    with language(lang):
        intro = "".join(translate_markdown("".join(cell["source"]))
                        for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    assert not re.search(r"`[a-z]+\.[a-z_]+`", intro), "a rule's code name in the intro"
    assert ("first trick tied" if lang == "en" else "primeira rodada empatada") in intro
