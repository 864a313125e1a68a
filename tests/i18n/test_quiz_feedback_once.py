"""Quiz feedback names the right answer and explains it without saying the same thing twice
("a resposta é Não: só de aceitar esse time já ganharia a partida. Só de aceitar, esse time já
ganharia a partida."), in English and in Portuguese."""

from __future__ import annotations

import re

import pytest

from truco_learn.i18n import language
from truco_learn.quiz.display import localized
from truco_learn.quiz.model import grade
from truco_learn.quiz.registry import make_item

#: the kinds whose answers may be "No: the reason"
KINDS = ("legal", "eleven_legal", "cover_legal", "envido_legal")


def words(text: str) -> str:
    """``text`` by its words (case and punctuation set aside), one space between them."""
    return " ".join(re.findall(r"\w+", text.casefold()))


def times(part: str, text: str) -> int:
    """How many times the words of ``part`` come in ``text``, whole words only."""
    return len(re.findall(r"(?<!\w)" + re.escape(words(part)) + r"(?!\w)", words(text)))


def wrong_choice(item_choices: tuple[str, ...], answer: str) -> str:
    return next(c for c in item_choices if c != answer)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("kind", KINDS)
def test_wrong_answer_feedback_says_each_thing_once(kind: str, lang: str) -> None:
    seen_no = False
    with language(lang):
        for seed in range(40):
            item = make_item(kind, seed)
            shown = localized(item)
            said = grade(item, wrong_choice(shown.choices, shown.answer)).message
            assert shown.answer in said
            assert said.startswith("Not quite" if lang == "en" else "Não foi dessa vez"), said
            head, colon, reason = shown.answer.partition(": ")
            if colon and head in ("No", "Não"):
                seen_no = True
                assert times(reason, said) == 1, said
    assert seen_no


def test_the_reason_is_kept_when_the_answer_does_not_give_it() -> None:
    item = make_item("hand_winner", 3)
    said = grade(item, wrong_choice(item.choices, item.answer)).message
    assert said.endswith(item.explanation)
