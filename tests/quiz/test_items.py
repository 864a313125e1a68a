"""Every item kind: the stored answer agrees with the engine on thousands of seeded items, and
rebuilding an item from its seed gives the same item.

The checks replay each item's scenario with the PROTOCOL.md replay (``run_scenario``) or ask the
engine's strength tables directly, so they do not reuse the reading the generators do.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from truco_learn.bots import make_bot
from truco_learn.engine import VARIANTS, make_options, manilhas_for, parse_card, strength_table
from truco_learn.engine.scenario import load_scenario, run_scenario
from truco_learn.engine.state import step
from truco_learn.errors import ConfigError
from truco_learn.quiz.registry import BRAZILIAN_VARIANTS, ENVIDO_KINDS
from truco_learn.quiz import (ITEM_KINDS, LESSON_KINDS, RULE_TEXT, QuizItem, card_label, grade,
                              make_item, make_quiz)
from truco_learn.quiz.kinds_cards import TIE
from truco_learn.quiz.kinds_coach import action_words
from truco_learn.quiz.kinds_hands import NOBODY
from truco_learn.quiz.kinds_legal import YES
from truco_learn.bots.review_sentences import second_person
from truco_learn.quiz.model import restates, seat_label, team_label
from truco_learn.widgets.quiz_view import MAX_CHOICES

PER_VARIANT = 200  # x 5 variants = 1000 items per kind
CARD_KINDS = [k for k in ITEM_KINDS if k != "coach" and k not in ENVIDO_KINDS]  # lesson 8's: test_envido_items.py


def label_to_code(label: str) -> int:
    return parse_card(label)


def points(text: str) -> int:
    return int(text.split()[0])


def replayed(item: QuizItem) -> dict[str, Any]:
    out, status = run_scenario(item.data["scenario"])
    assert status == 0, out
    return out


def strengths(item: QuizItem) -> tuple[int, ...]:
    opts = make_options(item.data["table"])
    vira = item.data.get("vira")
    return strength_table(opts.manilhas, None if vira is None else parse_card(vira))


def check_card_rank(item: QuizItem) -> None:
    from truco_learn.engine import card_name

    if item.data["form"] == "decks":
        asked = parse_card(item.data["asked"])
        assert item.answer == card_name(asked, "french") and item.rule == "cards.decks"
        assert card_name(asked, "spanish") in item.prompt
        return
    opts = make_options(item.data["table"])
    vira = item.data["ordinary_vira"]
    st = strength_table(opts.manilhas, None if vira is None else parse_card(vira))
    cards = [parse_card(c) for c in item.data["cards"]]
    assert all(st[c] < 10 for c in cards), "card_rank asks about ordinary cards only"
    assert item.data["vira"] is None  # no vira is drawn: lesson 1 comes before the vira
    best = [c for c in cards if st[c] == max(st[x] for x in cards)]
    assert len(best) == 1 and item.answer == card_name(best[0], item.data["deck"])


def check_manilhas(item: QuizItem) -> None:
    st = strengths(item)
    form = item.data["form"]
    if form == "rank":
        vira = parse_card(item.data["vira"])
        rank_names = ["fours", "fives", "sixes", "sevens", "queens", "jacks", "kings", "aces",
                      "twos", "threes"]
        r = rank_names.index(item.answer)
        assert all(st[r * 4 + s] >= 10 for s in range(4))
        assert set(manilhas_for("vira", vira)) == {r * 4 + s for s in range(4)}
    else:
        cards = [parse_card(c) for c in item.data["cards"]]
        best = max(cards, key=lambda c: st[c])
        assert item.answer == card_label(best)
        if form == "mineiro":
            assert sum(st[c] >= 10 for c in cards) == 1 and st[best] >= 10


def check_trick_winner(item: QuizItem) -> None:
    out = replayed(item)
    trick = out["tricks"][0]
    st = strengths(item)
    if trick["tied"]:
        assert item.answer == TIE
        return
    assert item.answer != TIE
    card = label_to_code(item.answer)
    seat = next(s for s, a in trick["plays"] if a.startswith("play:") and parse_card(a[5:]) == card)
    assert seat % 2 == trick["winner"]
    assert st[card] == max(st[parse_card(a[5:])] for _, a in trick["plays"])


def check_partner_trick(item: QuizItem) -> None:
    trick = replayed(item)["tricks"][-1]
    expected = TIE if trick["tied"] else team_label(trick["winner"], 4)
    assert item.answer == expected
    form = item.data["form"]
    if form == "partners":
        assert not trick["tied"]
    if form == "tie":
        assert trick["tied"]
    if form == "covered":
        assert any(a.startswith("cover:") for _, a in trick["plays"])


def check_hand_winner(item: QuizItem) -> None:
    out = replayed(item)
    assert out["hand_over"]
    n = make_options(item.data["table"]).seats
    w = out["hand_winner"]
    assert item.answer == (NOBODY if w is None else team_label(w, n))
    ties = [t["tied"] for t in out["tricks"]]
    line = item.data["line"]
    assert ties == [m == "T" for m in {"two_wins": "aa", "one_each": "aba", "one_each_b": "abb",
                                       "first_tied": "Ta", "two_tied": "TTa", "second_tied": "aT",
                                       "third_tied": "abT", "all_tied": "TTT"}[line]]


def check_lead_after_tie(item: QuizItem) -> None:
    out = replayed(item)
    assert out["tricks"][0]["tied"] and item.answer == seat_label(out["to_act"])


def check_bet_points(item: QuizItem) -> None:
    out = replayed(item)
    if out["hand_over"]:  # a fold
        assert out["log"][-1][1] == "fold"
        assert points(item.answer) == max(out["points"])
        # the fold pays the stake accepted before the refused proposal
        assert points(item.answer) == out["stake"]
    else:
        assert points(item.answer) == out["stake"]


def check_eleven(item: QuizItem) -> None:
    out = replayed(item)
    assert out["hand_over"] and out["hand_winner"] is not None
    assert points(item.answer) == out["points"][out["hand_winner"]]
    opts = make_options(item.data["table"])
    expected = {"play": opts.eleven_value, "fold": opts.eleven_fold, "iron": opts.iron_value}
    assert points(item.answer) == expected[item.data["form"]]


def check_legal(item: QuizItem) -> None:
    out = replayed(item)
    action = item.data["action"]
    is_legal = action in out["legal"]
    assert (item.answer == YES) == is_legal
    state, actions = load_scenario(item.data["scenario"])
    for a in actions:
        state = step(state, a)
    d = state.deal
    rule = item.rule
    if not is_legal:  # the named rule really is what forbids it here
        if rule == "betting.alternate":
            assert state.last_raise_team == state.to_act % 2 and state.pending is None
        elif rule == "betting.top":
            assert state.stake == d.opts.ladder[-1]
        elif rule == "betting.pointless":
            assert d.opts.no_pointless_raise and state.pending is not None
            assert d.score[state.to_act % 2] + state.pending[1] >= d.opts.target
        elif rule == "betting.answer_first":
            assert state.pending is not None and action.startswith("play:")
        elif rule == "eleven.no_raise":
            assert d.mode == 1
        elif rule == "iron.no_raise":
            assert d.mode == 2
        elif rule == "covered.first_trick":
            assert not state.tricks and d.opts.covered_cards
        elif rule == "covered.variant":
            assert state.tricks and not d.opts.covered_cards
        else:
            raise AssertionError(f"unexpected rule {rule}")


def check_exposed_card(item: QuizItem) -> None:
    from truco_learn.quiz.kinds_exposed import GOES_ON

    out = replayed(item)
    assert out["tricks"][0]["tied"] and make_options(item.data["table"]).exposed_card
    if item.answer == GOES_ON:
        assert not out["hand_over"]
        assert item.data["form"] in ("raised_before", "no_raise")
    else:
        assert out["hand_over"] and item.answer.startswith(team_label(out["hand_winner"], 4))
        raiser = next(seat for seat, a in out["log"] if a == "raise") % 2
        assert out["hand_winner"] == 1 - raiser  # the team that raised lost
        assert item.data["form"] in ("exposed_other", "exposed_own")


CHECKS = {"card_rank": check_card_rank, "manilhas": check_manilhas,
          "trick_winner": check_trick_winner, "partner_trick": check_partner_trick,
          "hand_winner": check_hand_winner, "lead_after_tie": check_lead_after_tie,
          "bet_points": check_bet_points, "eleven": check_eleven, "legal": check_legal,
          "eleven_legal": check_legal, "cover_legal": check_legal,
          "exposed_card": check_exposed_card}


def check_common(item: QuizItem) -> None:
    assert item.answer in item.choices
    assert len(set(item.choices)) == len(item.choices) >= 2
    assert len(item.choices) <= MAX_CHOICES  # the quiz view has that many buttons
    assert item.rule in RULE_TEXT, item.rule
    assert item.prompt and item.explanation
    json.dumps(item.data)
    assert grade(item, item.answer).correct
    wrong = next(c for c in item.choices if c != item.answer)
    fb = grade(item, wrong)
    assert not fb.correct and fb.answer == item.answer and item.answer in fb.message
    # the explanation, unless the answer already says it ("No: the reason")
    assert item.explanation in fb.message or restates(item.answer, item.explanation)


@pytest.mark.parametrize("kind", CARD_KINDS)
def test_answers_agree_with_the_engine(kind: str) -> None:
    seen_rules: set[str] = set()
    for variant in BRAZILIAN_VARIANTS:
        for seed in range(PER_VARIANT):
            item = make_item(kind, seed, variant)
            assert (item.kind, item.seed, item.variant) == (kind, seed, variant)
            check_common(item)
            CHECKS[kind](item)
            seen_rules.add(item.rule)
            if seed % 50 == 0:
                assert make_item(kind, seed, variant) == item
    if kind == "hand_winner":  # every tie line comes up
        assert {"ties.first_trick", "ties.second_trick", "ties.third_trick",
                "ties.all_tied", "tricks.two_wins"} <= seen_rules


def test_tie_lines_and_forms_all_come_up() -> None:
    lines = {make_item("hand_winner", s).data["line"] for s in range(300)}
    assert lines == {"two_wins", "one_each", "one_each_b", "first_tied", "two_tied",
                     "second_tied", "third_tied", "all_tied"}
    forms = {make_item("legal", s, "paulista-2p").data["form"] for s in range(300)}
    assert forms == {"alternate", "top", "pointless", "answer_first", "raise_ok", "answer_raise"}
    assert "pointless" not in {make_item("legal", s, "paulista-4p").data["form"]
                               for s in range(100)}
    assert {make_item("eleven_legal", s).data["form"] for s in range(50)} == {
        "eleven_raise", "iron_raise"}
    assert {make_item("cover_legal", s).data["form"] for s in range(20)} == {"cover_variant"}
    assert {make_item("cover_legal", s, "paulista-4p").data["form"] for s in range(50)} == {
        "cover_first", "cover_ok"}
    rank_viras = {make_item("manilhas", s).data["vira"][0] for s in range(300)
                  if make_item("manilhas", s).data["form"] == "rank"}
    assert {"3", "7", "Q"} <= rank_viras  # the wrap 3 -> 4 and the queen below the jack
    presets = {make_item("lead_after_tie", s).data["table"] for s in range(100)}
    assert presets == {"paulista-4p", "paulista-fpt"}


def test_coach_items_are_the_coach_s_best_move_and_rebuild() -> None:
    for variant in ("paulista-2p", "paulista-4p", "mineiro-2p"):
        for seed in range(6):
            item = make_item("coach", seed, variant)
            check_common(item)
            obs = item.data["observation"]
            decision = make_bot("coach", item.data["level"], seed).decide(obs)
            assert decision.action == item.data["coach_action"]
            state, actions = load_scenario(item.data["scenario"])
            for a in actions:
                state = step(state, a)
            assert item.answer == action_words(decision.action, state)
            assert second_person(decision.explanation["summary"]) in item.explanation
            assert make_item("coach", seed, variant) == item


def test_quizzes_are_seeded_and_follow_the_lessons() -> None:
    quiz = make_quiz([2, 3], 8, seed=99)
    assert quiz == make_quiz([2, 3], 8, seed=99)
    assert quiz != make_quiz([2, 3], 8, seed=100)
    assert {i.kind for i in quiz} == {"manilhas", "trick_winner", "hand_winner"}
    for item in quiz:
        assert make_item(item.kind, item.seed, item.variant) == item
    for lesson, kinds in LESSON_KINDS.items():
        assert kinds and set(kinds) <= set(ITEM_KINDS), lesson
    assert set().union(*LESSON_KINDS.values()) == set(ITEM_KINDS)


@pytest.mark.parametrize("call,match", [
    (lambda: make_item("poker", 1), "unknown quiz item kind"),
    (lambda: make_item("manilhas", -1), "bad seed"),
    (lambda: make_item("manilhas", 1, "argentino"), "unknown variant"),
    (lambda: make_quiz([9], 3, 1), "unknown lesson 9"),
    (lambda: make_quiz([], 3, 1), "lessons must be"),
    (lambda: make_quiz([1], 0, 1), "bad number of questions"),
])
def test_bad_arguments_get_clear_errors(call: Any, match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        call()


@pytest.mark.parametrize("kind", CARD_KINDS)
def test_the_checks_catch_a_wrong_stored_answer(kind: str) -> None:
    import dataclasses

    caught = 0
    for seed in range(20):
        item = make_item(kind, seed, "paulista-4p" if seed % 2 else "paulista-2p")
        wrong = next(c for c in item.choices if c != item.answer)
        try:
            CHECKS[kind](dataclasses.replace(item, answer=wrong))
        except AssertionError:
            caught += 1
    assert caught == 20


@pytest.mark.slow
def test_many_coach_items_are_legal_moves_the_coach_rates_best() -> None:
    from truco_learn.engine.scenario import run_scenario

    for variant in BRAZILIAN_VARIANTS:
        for seed in range(100, 130):
            item = make_item("coach", seed, variant)
            check_common(item)
            out, status = run_scenario(item.data["scenario"])
            assert status == 0 and not out["hand_over"]
            assert item.data["coach_action"] in out["legal"]  # a legal move, says the engine
            assert out["to_act"] == item.data["observation"]["seat"]
