"""The teacher's grades table and error-rate chart name each rule in the page's language (the
names the learners' "Rules to review" use); the rule ids stay in data attributes and the CSV."""

from __future__ import annotations

import base64
import re
from html import unescape

import pytest

from truco_learn.classroom import Assignment, ClassGrades
from truco_learn.classroom.charts import rule_error_bars
from truco_learn.classroom.grading import StudentGrade
from truco_learn.i18n import language
from truco_learn.quiz import RULE_TEXT
from truco_learn.widgets.teacher_view import TeacherView, grades_table

TIES, TWO, UNKNOWN = "ties.first_trick", "tricks.two_wins", "made.up_rule"
NAMES = {"en": ("first trick tied: the next trick that is not tied decides",
                "two tricks win the hand"),
         "pt-BR": ("primeira rodada empatada: decide a próxima rodada que não empatar",
                   "duas rodadas ganham a mão")}


def shown(html: str) -> str:
    """The text a reader sees: tags (and their attributes) dropped, entities read."""
    html = re.sub(r"<title>.*?</title>", " ", html, flags=re.S)  # tooltips: checked apart
    return unescape(re.sub(r"<[^>]+>", " ", html))


def graded() -> ClassGrades:
    a = Assignment("Ties week", (3,), questions=3, pass_pct=50, seed=4)
    ana = StudentGrade("ana.json", "Ana", right=1, total=3, percent=33, answered=3,
                       missed_rules=[TIES, UNKNOWN],
                       rule_results=[(TIES, False), (TWO, True), (UNKNOWN, False)])
    return ClassGrades(a, [ana], [])


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_rules_are_named_in_the_pages_language(lang: str) -> None:
    ties, two = NAMES[lang]
    with language(lang):
        assert (RULE_TEXT[TIES], RULE_TEXT[TWO]) == (ties, two)  # the learners' names
        view = TeacherView(page_url="")
        view._show(graded())
        table, charts = view.table.value, view.charts.value
        assert grades_table(graded()) == table
    for html in (table, charts):
        text = shown(html)
        assert ties in text, text
        assert TIES not in text and TWO not in text, f"a rule id shown as its label: {text}"
        assert UNKNOWN in text  # no name: the id is all there is
        assert f'data-rule="{TIES}"' in html and f'data-rule="{UNKNOWN}"' in html
    assert two in shown(charts) and f'data-rule="{TWO}"' in charts
    assert two not in shown(table)  # answered right: not a missed rule
    tips = re.findall(r"<title>(.*?)</title>", charts.split("<h4>")[-1], flags=re.S)[1:]
    assert len(tips) == 3
    for tip in tips:
        assert TIES not in tip and TWO not in tip, tip
        assert ("wrong of" if lang == "en" else "de erros em") in tip, tip


def test_the_chart_alone_names_its_rules() -> None:
    with language("pt-BR"):
        svg = rule_error_bars([(TIES, 0.5, 4), (UNKNOWN, 0.25, 4)])
    assert NAMES["pt-BR"][0] in shown(svg) and UNKNOWN in shown(svg)
    assert TIES not in shown(svg) and f'data-rule="{TIES}"' in svg


def test_long_names_are_wrapped_inside_the_chart() -> None:
    longest = max(RULE_TEXT, key=lambda r: len(RULE_TEXT[r]))
    svg = rule_error_bars([(longest, 1.0, 2)])
    lines = re.findall(r"<tspan[^>]*>([^<]*)</tspan>", svg)
    assert len(lines) > 1 and " ".join(lines) == RULE_TEXT[longest]
    assert all(len(line) <= 95 for line in lines)


def test_the_csv_keeps_the_rule_ids() -> None:
    view = TeacherView(page_url="")
    view._show(graded())
    m = re.search(r'href="data:text/csv;base64,([^"]+)"', view.export.value)
    assert m
    csv = base64.b64decode(m.group(1)).decode("utf-8")
    assert TIES in csv and RULE_TEXT[TIES] not in csv
