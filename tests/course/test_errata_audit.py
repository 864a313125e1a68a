"""The errata of the rules audit (every learner-visible rule statement, in English and in
Portuguese, against ../shared/RULES.md). Each test failed before its fix."""

from __future__ import annotations

import re
from typing import Iterator

import pytest
from test_rule_statements import lesson_texts

from truco_learn.course.deals import ALL_LINES
from truco_learn.engine import VARIANTS, make_options
from truco_learn.i18n import _, language

LANGS = ("en", "pt-BR")


def _texts() -> Iterator[tuple[str, str]]:
    """What the course shows about ties, in the current language: every lesson step and
    notebook block, and every scripted hand's title and text."""
    yield from lesson_texts()
    for line in ALL_LINES:
        yield f"scripted hand {line.key}", _(line.title) + ". " + _(line.lesson_text)


# every table the app offers, in both languages
_EVERY_TABLE = re.compile(r"every table this app offers|todas as mesas deste (?:app|aplicativo)",
                          re.I)
_NOBODY = re.compile(r"nobody scores|ninguém marca", re.I)


@pytest.mark.parametrize("lang", LANGS)
def test_all_tied_is_said_only_of_the_tables_that_play_it(lang: str) -> None:
    """Finding 1: "If all three tricks are tied, nobody scores at every table this app offers"
    (lesson 3 and its scripted hand): the Argentine and gaúcho tables the app also offers give
    an all-tied hand to the mão's team (RULES.md, Argentine presets: all_tied = mao_team)."""
    with language(lang):
        texts = list(_texts())
    said = [(where, t) for where, t in texts if _EVERY_TABLE.search(t) and _NOBODY.search(t)]
    wrong = {make_options(v).all_tied for v in VARIANTS} - {"nobody"}
    assert wrong == {"mao_team"}  # the presets the claim must not speak of
    assert not said, said
    with language(lang):
        step3 = next(t for where, t in lesson_texts() if "(All three tied)" in where or
                     "(As três empatadas)" in where)
    assert re.search(r"Paulista and Mineiro|paulista e mineiro", step3), step3
