"""An answer to an envido call is quiero or no quiero: the coach's and the review's sentences
name it so, not "accepting" or "folding" (which answer a truco)."""

from __future__ import annotations

import pytest

from truco_learn.bots.review import review
from truco_learn.engine import new_hand, step
from truco_learn.i18n import language


@pytest.mark.parametrize("answer", ["accept", "fold"])
def test_the_review_of_an_envido_answer_names_the_other_answer_as_quiero(answer: str) -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[["2H", "5S", "6D"], ["KC", "KH", "5C"]])
    item = review(step(step(s, "envido"), answer), 1, "easy", seed=1)[-1]
    other = "saying no quiero" if answer == "accept" else "saying quiero"
    assert other in item.reason, item.reason
    assert "folding" not in item.reason and "accepting" not in item.reason, item.reason


def test_the_envido_answer_in_portuguese() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[["2H", "5S", "6D"], ["KC", "KH", "5C"]])
    with language("pt-BR"):
        item = review(step(step(s, "envido"), "accept"), 1, "easy", seed=1)[-1]
    assert "dizer «Não quero»" in item.reason, item.reason
    assert "correr" not in item.reason, item.reason


def test_a_truco_answer_is_still_accepting_or_folding() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="3D", hands=[["4H", "5S", "6D"], ["KC", "KH", "5C"]])
    item = review(step(step(s, "raise"), "accept"), 1, "easy", seed=1)[-1]
    assert "folding" in item.reason or "running" in item.reason or "ran" in item.reason, (
        item.reason)
    assert "quiero" not in item.reason
