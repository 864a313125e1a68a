"""One test per erratum of issue 16 (the course must never teach something false). Each failed
before its fix; the sweep over every text is :mod:`test_rule_statements`."""

from __future__ import annotations

import random
import re
from typing import Any

from rule_claims import BRAZILIAN, TABLE_CHECKS, lead_rule_named_everywhere, problems, sentences
from test_rule_statements import _replay, lesson_texts

from truco_learn.bots.coach import Estimate, explain
from truco_learn.course import get_lesson
from truco_learn.course.deals import find_line
from truco_learn.course.scripted import hand_frames, narrate
from truco_learn.course.stakes import eleven_values, game_chance
from truco_learn.engine import (apply_legal, deal_hand, legal_actions, make_options, new_hand,
                                observation, step)
from truco_learn.engine.actions import ACTION_STR
from truco_learn.engine.state import legal_codes
from truco_learn.engine.tricks import hand_outcome
from truco_learn.play.menu import action_bar, card_items
from truco_learn.quiz import RULE_TEXT, make_item


def _step(lesson: int, title: str) -> str:
    return next(s.title + ". " + s.body for s in get_lesson(lesson).steps
                if s.title.startswith(title))


def _story(key: str) -> list[str]:
    frames = hand_frames(find_line(key))
    return [narrate(a, b) for a, b in zip(frames, frames[1:])]


def _coach_says(state: Any, action: str) -> str:
    """The coach's sentence for ``action`` in ``state`` (its real facts and wording)."""
    codes = tuple(legal_codes(state))
    n = len(codes)
    est = Estimate(actions=codes, ev=(0.5,) * n, se=(0.01,) * n, win=(0.5,) * n, samples=10,
                   example=state, points=((0.0,),) * n, match=(0.5,) * n)
    i = [ACTION_STR[c] for c in codes].index(action)
    return str(explain(observation(state, state.to_act), est, i, i, False)["summary"])


# 1 ------------------------------------------------------------------------------------------

def test_01_all_tied_dealer_demo_names_the_dealer_rule_not_a_hand_of_eleven() -> None:
    last = _story("all_tied_dealer")[-1]
    assert "eleven" not in last and "Federação" not in last
    assert "at this table the dealer's team takes the hand" in last


def test_01_the_exposed_card_rule_is_named_whenever_it_decides() -> None:
    """Also when the tie lines alone would have decided the hand (first trick won, second tied
    on an exposed card): the old narration only named the rule when they had not."""
    hands = [["2C", "3S", "7C"], ["4H", "4D", "7H"], ["5C", "5D", "7S"], ["6H", "3H", "7D"]]
    s = new_hand("paulista-fpt", 3, hands, "KD")
    for a in ("play:2C", "play:4H", "play:5C", "play:6H",  # Ana takes the first trick
              "play:3S", "play:4D", "raise", "accept", "play:5D", "play:3H"):
        before, s = s, step(s, a)
    assert s.over and s.winner == 1 and hand_outcome([t.result for t in s.tricks]) == 0
    said = narrate(before, s)
    assert "Exposed-card rule" in said and "Ana and Carla lose the hand" in said


# 2 ------------------------------------------------------------------------------------------

def test_02_covered_card_step_says_heads_up_tables_play_without_it() -> None:
    body = _step(6, "The covered card")
    assert "At heads-up tables nobody plays a card face down" in body
    assert not problems(body, BRAZILIAN)
    item = make_item("cover_legal", 0, "paulista-2p")  # the lesson's own quiz agrees
    assert item.answer == "No: this table plays without covered cards"


# 3 ------------------------------------------------------------------------------------------

def test_03_pointless_raise_as_an_answer_counts_the_proposed_value() -> None:
    body = _step(4, "Who may not raise")
    assert "your score plus the value just proposed to you reaches 12" in body
    assert not problems(body, BRAZILIAN)
    # the quiz's case: 6-9, truco called; the side on 9 may not answer seis
    s = step(new_hand("paulista-2p", 1, [["4C", "5C", "6C"], ["4H", "5H", "6H"]], "3D", (6, 9)),
             "raise")
    assert s.to_act == 1 and "raise" not in legal_actions(s)


# 4 ------------------------------------------------------------------------------------------

def test_04_who_may_not_raise_keeps_raising_as_an_answer() -> None:
    body = _step(4, "Who may not raise")
    assert "the team\nthat answers may raise as its answer" in body or \
        "the team that answers may raise as its answer" in re.sub(r"\s+", " ", body)
    assert problems("You may not raise when a call is still waiting for its answer, when your "
                    "team made the last accepted raise.", BRAZILIAN)


# 5 ------------------------------------------------------------------------------------------

def test_05_lowest_card_only_when_it_is_the_lowest() -> None:
    # Bruno leads a 3; Ana holds J♦, Q♠, 4♣ (fives are the manilhas) and plays Q♠
    s = step(new_hand("paulista-2p", 0, [["JD", "QS", "4C"], ["3C", "KH", "7S"]], "4D"),
             "play:3C")
    assert "lowest card" not in _coach_says(s, "play:QS")
    assert "my lowest card, 4♣" in _coach_says(s, "play:4C")
    m = step(new_hand("mineiro-2p", 0, [["6S", "4S", "5H"], ["3C", "KH", "QS"]], None),
             "play:3C")
    assert "lowest card" not in _coach_says(m, "play:6S")


# 6 ------------------------------------------------------------------------------------------

def test_06_covered_card_could_not_take_the_trick_only_when_true() -> None:
    hands = [["4H", "JH", "QD"], ["5D", "5S", "6D"], ["6C", "6H", "5C"], ["3C", "7S", "KD"]]
    s = new_hand("mineiro-4p", 2, hands, None)
    for a in ("play:3C", "play:4H", "play:5D", "play:6C", "play:7S"):
        s = step(s, a)
    assert s.to_act == 0  # Davi won the first trick and led 7♠; J♥ would beat it
    assert "could not take" not in _coach_says(s, "cover:JH")
    # Ana leads the second trick face down: nothing is on the table
    lead = new_hand("mineiro-4p", 3, [["3C", "JH", "QD"], ["5D", "5S", "6D"],
                                      ["6C", "6H", "5C"], ["4H", "7S", "KD"]], None)
    for a in ("play:3C", "play:5D", "play:6C", "play:4H"):
        lead = step(lead, a)
    assert lead.to_act == 0 and "could not take" not in _coach_says(lead, "cover:QD")


# 7 ------------------------------------------------------------------------------------------

def test_07_iron_hand_step_says_how_each_table_turns_the_cards() -> None:
    body = _step(5, "The iron hand")
    assert "At heads-up tables each turn flips your top card" in body
    assert not problems(body, BRAZILIAN)


# 8 ------------------------------------------------------------------------------------------

def test_08_no_paulista_number_stated_as_the_rule_of_every_table() -> None:
    lesson4 = " ".join(s.title + ". " + s.body for s in get_lesson(4).steps)
    assert not problems(lesson4, BRAZILIAN)
    assert "run from a truco and the caller scores 2" in lesson4  # Mineiro, named
    assert "1 in 4" in lesson4
    glossary = [t for where, t in lesson_texts() if where == "04_betting.ipynb"]
    assert not problems(" ".join(glossary), BRAZILIAN)
    assert not problems(RULE_TEXT["betting.accept"], BRAZILIAN)


# 9 ------------------------------------------------------------------------------------------

def test_09_lead_after_tie_names_every_table_and_the_all_covered_case() -> None:
    body = _step(6, "Who leads after a tie")
    assert not lead_rule_named_everywhere(body) and not problems(body, BRAZILIAN)
    assert "Mineiro four-seat" in body and "all covered" in body
    assert "leads again" not in find_line("tie_first_tying_leads").lesson_text


# 10 -----------------------------------------------------------------------------------------

def test_10_mineiro_variations_and_the_whole_hand_stake() -> None:
    text = " ".join(t for _, t in lesson_texts())
    assert "seis 8" in text and "bet only the current trick" in text
    assert "Some Mineiro tables play a hand of eleven instead" in text
    assert "every raise stakes the whole hand" in text


# 11 -----------------------------------------------------------------------------------------

def test_11_exposed_card_exception_and_two_federacao_rules() -> None:
    for title in ("Won, then tied", "One each, then tied"):
        assert "exposed-card rule" in _step(3, title)
    body = _step(5, "Ten in Mineiro")
    assert "adds two rules" in body and not problems(body, BRAZILIAN)


# 12 -----------------------------------------------------------------------------------------

def test_12_eleven_arithmetic_is_the_chance_to_win_the_game() -> None:
    body = _step(5, "The arithmetic of eleven")
    assert "win the game" in body and not problems(body, BRAZILIAN)
    assert "1 in 3" not in body
    e = eleven_values(0.35, 3, 1, at=11, their=4)
    assert e.play == 0.35 + 0.65 * game_chance(7, value=3, at=11, target=12)
    assert "win the game" in e.explain() and e.best == "run"  # points alone said: play
    s = new_hand("paulista-2p", 0, [["JD", "QS", "4C"], ["3C", "KH", "7S"]], "4D", (11, 4))
    said = _coach_says(s, "onze:play")
    assert "chance to win the game" in said and "is worth" not in said


# 13 -----------------------------------------------------------------------------------------

def test_13_mineiro_hand_of_ten_by_its_name() -> None:
    for seed in range(30):
        item = make_item("eleven", seed, "mineiro-2p")
        text = " ".join([item.prompt, *item.choices, item.explanation])
        assert "eleven" not in text, text
    named = set()
    for seed in range(30):
        item = make_item("eleven_legal", seed, "mineiro-4p")
        text = " ".join([item.prompt, *item.choices, item.explanation])
        assert "eleven" not in text, text
        named |= {c for c in item.choices if "hand of ten" in c}
    assert named == {"No: nobody raises in a hand of ten"}
    s = new_hand("mineiro-2p", 0, [["6S", "4S", "5H"], ["3C", "KH", "QS"]], None, (3, 10))
    assert "eleven" not in _coach_says(s, "onze:fold")
    iron = new_hand("mineiro-2p", 0, [["6S", "4S", "5H"], ["3C", "KH", "QS"]], None, (10, 11))
    texts = [i.label + " " + i.reason for seat in (0, 1) for i in action_bar(iron, seat)]
    assert not any("eleven" in t for t in texts)
    assert any("both teams have 10 points or more" in t for t in texts)
    ten = new_hand("mineiro-2p", 0, [["6S", "4S", "5H"], ["3C", "KH", "QS"]], None, (10, 3))
    texts = [i.label + " " + i.reason for seat in (0, 1) for i in action_bar(ten, seat)]
    texts += [c.reason for seat in (0, 1) for c in card_items(ten, seat)]
    assert not any("eleven" in t for t in texts) and any("hand of ten" in t for t in texts)


# 14 -----------------------------------------------------------------------------------------

def test_14_covering_reason_matches_its_demo() -> None:
    body = _step(6, "The covered card")
    assert "partner already took the trick" not in body and "Ana leads the second trick" in body
    frames = hand_frames(find_line("covered_card"))
    cover = next(i for i, a in enumerate(find_line("covered_card").actions)
                 if a.startswith("cover"))
    assert frames[cover].to_act == frames[cover].leader == 0  # Ana covers while leading


def test_14_partners_see_the_cards_for_the_whole_hand() -> None:
    body = _step(5, "Deciding")
    assert "for the whole\nhand" in body or "for the whole hand" in body
    assert "before the decision" not in body


def test_14_vira_picker_plural() -> None:
    from truco_learn.widgets.lesson_demos import ViraPicker

    v = ViraPicker()
    v.picker.value = 4  # vira 5♣: the sixes are the manilhas
    assert "<b>sixes</b>" in v.facts.value and "sixs" not in v.facts.value


def test_14_coach_quiz_feedback_keeps_card_capitals() -> None:
    for variant in ("paulista-2p", "mineiro-2p"):
        item = make_item("coach", 1, variant)
        assert not re.search(r"(?<!\w)[qjka][♣♥♠♦]", item.explanation), item.explanation


def test_14_menu_pointless_raise_and_greyed_labels() -> None:
    hands = [["4C", "5C", "6C"], ["4H", "5H", "6H"]]
    s = new_hand("paulista-2p", 1, [["6C", "5C", "4C"], ["4H", "5H", "6H"]], "KD", (9, 2))
    for a in ("play:6C", "raise", "accept", "play:4H"):  # Bruno's truco, accepted: stake 3
        s = step(s, a)
    assert s.to_act == 0 and s.stake == 3  # Ana (9) leads the second trick
    bar = {i.action: i for i in action_bar(s, 0)}
    assert not bar["raise"].enabled and "accepting" not in bar["raise"].reason
    assert "winning this hand as it stands already wins you the game" in bar["raise"].reason
    eleven = new_hand("paulista-2p", 1, hands, "3D", (11, 2))
    bar = {i.action: i for i in action_bar(eleven, 0)}
    assert bar["raise"].label == "Truco!" and bar["onze:fold"].label == "Run from the hand of eleven"
    iron = new_hand("paulista-2p", 1, hands, "3D", (11, 11))
    assert {i.action: i for i in action_bar(iron, 0)}["raise"].label == "Truco!"


def test_the_errata_texts_fail_the_check() -> None:
    """The check itself flags each false sentence the issue quoted."""
    old = {
        "Run from a truco: the caller scores 1. Run from a seis: the caller scores 3.": 8,
        "Accepting truco pays as soon as you win more than 1 in 3 of such hands.": 8,
        "From the second trick on, you may play a card face down.": 2,
        "Heads-up (2 players) tables also grey out a pointless raise: when your score plus "
        "what the hand is already worth reaches 12, winning the hand wins the game anyway.": 3,
        "You may not raise when a call is still waiting for its answer.": 4,
        "Usually whoever led the tied trick leads again.": 9,
        "The Federação Paulista adds one rule: a hand of eleven with all three tricks tied is "
        "lost by the team at eleven.": 11,
        "Playing risks 3 points to win 3. Running costs 1. So playing pays, on average, as soon "
        "as you win more than 1 in 3 of such hands at eleven.": 12,
        "Play one: pick a face-down card to turn up.": 7,
        "With four players the two partners at eleven see each other's cards before the "
        "decision.": 14,
    }
    for text, finding in old.items():
        assert problems(text, BRAZILIAN), (finding, text)
    assert problems("Running from the hand of eleven gives the other team 2 points.",
                    ["mineiro-2p"], TABLE_CHECKS)
    assert problems("Expected points: play k♥ +0.21.", ["paulista-2p"], TABLE_CHECKS)
    assert problems("Fold the hand of 11.", ["paulista-2p"], TABLE_CHECKS)
    assert lead_rule_named_everywhere("Under the Federação rules the player of the first tying "
                                      "card leads.")
    assert sentences("<p>A. B.</p><p>C.</p>") == ["A.", "B.", "C."]
