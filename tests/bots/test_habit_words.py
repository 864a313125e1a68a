"""The level habits speak the game's words: the Argentine and gaucho games have no manilhas
(their four top cards are the same every hand), and the Spanish deck's sota is plainly below
its caballo, so no beginner there mixes them up."""

from __future__ import annotations

import pytest

from truco_learn.bots.base import Decision
from truco_learn.bots.level_words import explain_habit
from truco_learn.bots.levels import (ACCEPTS_ONLY_WITH_MANILHA, LEADS_BEST, QUEEN_ABOVE_JACK,
                                     LevelCoach)
from truco_learn.engine import new_hand, step
from truco_learn.engine.actions import ACTION_STR
from truco_learn.engine.observer import observation
from truco_learn.engine.state import HandState, legal_codes
from truco_learn.i18n import language


def _truco_to_a_weak_hand(variant: str) -> HandState:
    vira = {"vira": "3D"} if variant.startswith("paulista") else {}
    s = new_hand(variant, dealer=1, hands=[["4H", "5S", "6D"], ["KC", "KH", "5C"]], **vira)
    return step(s, "raise")


@pytest.mark.parametrize("variant", ["argentino-2p", "gauderio-2p"])
def test_the_argentine_habits_name_the_four_top_cards(variant: str) -> None:
    d = LevelCoach("easy", seed=1).decide(observation(_truco_to_a_weak_hand(variant), 1))
    habit = d.explanation["facts"]["habit"]
    assert habit["name"] == ACCEPTS_ONLY_WITH_MANILHA.name and d.action == "fold"
    assert "manilha" not in d.explanation["summary"], d.explanation["summary"]
    assert ("I accept a raise when I hold one of the four top cards and run when I do not, "
            "so I run.") in d.explanation["summary"]
    with language("pt-BR"):
        pt = LevelCoach("easy", seed=1).decide(observation(_truco_to_a_weak_hand(variant), 1))
    assert "uma das quatro cartas fixas" in pt.explanation["summary"], pt.explanation["summary"]
    assert "manilha" not in pt.explanation["summary"]


def test_the_brazilian_habits_still_name_the_manilha() -> None:
    d = LevelCoach("easy", seed=1).decide(observation(_truco_to_a_weak_hand("paulista-2p"), 1))
    assert "I accept a raise when I hold a manilha and run when I do not" in (
        d.explanation["summary"])


def _following_with_queen_and_jack(variant: str) -> HandState:
    vira = {"vira": "3D"} if variant.startswith("paulista") else {}
    s = new_hand(variant, dealer=1, hands=[["6H", "5S", "4D"], ["QC", "JH", "5C"]], **vira)
    return step(s, "play:6H")


@pytest.mark.parametrize("variant,applies", [("gauderio-2p", True), ("paulista-2p", True),
                                             ("argentino-2p", False)])
def test_the_queen_above_the_jack_is_no_habit_with_the_spanish_deck(variant: str,
                                                                    applies: bool) -> None:
    s = _following_with_queen_and_jack(variant)
    legal = sorted(legal_codes(s))
    card = ACTION_STR.index("play:5C")
    played = QUEEN_ABOVE_JACK.rule(s, 1, legal, {"chosen": card, "by_ev": [card]})
    # believing the queen beats the jack, it follows with the queen (its "highest" winner)
    assert (played == ACTION_STR.index("play:QC")) if applies else played is None, played


def _habit_over(coach_ev: float, habit_ev: float) -> str:
    """The habit's sentence where the coach would play the queen of hearts (``coach_ev``) and
    the habit leads the king of hearts (``habit_ev``)."""
    s = new_hand("paulista-2p", dealer=1, vira="3D", hands=[["QH", "KH", "5C"], ["6C", "7C", "5D"]])
    d = Decision("play:QH", {"summary": "", "facts": {}, "options": [
        {"action": "play:QH", "ev": coach_ev, "win": 0.6},
        {"action": "play:KH", "ev": habit_ev, "win": 0.6}]})
    out = explain_habit(d, "easy", (LEADS_BEST.name, LEADS_BEST.text), ACTION_STR.index("play:KH"),
                        s)
    return str(out.explanation["summary"])


def test_a_habit_move_worth_as_much_as_the_coachs_is_not_called_worse() -> None:
    assert _habit_over(2.411, 2.409).endswith(
        "Thinking it through, I could just as well play the queen of hearts: both are worth "
        "+2.41 points on average."), _habit_over(2.411, 2.409)
    assert _habit_over(2.5, 2.1).endswith(
        "Thinking it through, I would play the queen of hearts (+2.50 points on average "
        "against +2.10).")
