"""Lesson 8's item kinds (envido and flor): 1,000 seeded items per kind agree with the engine run
through the replay (``run_scenario``, what ``truco-learn replay`` prints), and with a second,
independent count written here straight from RULES.md ("Envido points and flor points").
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Callable

import pytest

from truco_learn.engine import make_options, parse_card
from truco_learn.engine.scenario import run_scenario
from truco_learn.errors import ConfigError
from truco_learn.quiz import QuizItem, grade, make_item, make_quiz
from truco_learn.quiz.kinds_legal import YES
from truco_learn.quiz.model import RULE_TEXT, restates, team_label
from truco_learn.quiz.registry import (BRAZILIAN_VARIANTS, ENVIDO_KINDS, ENVIDO_VARIANTS,
                                       LESSON_KINDS, built_on)
from truco_learn.widgets.quiz_view import MAX_CHOICES

PER_VARIANT = 250  # x 4 Argentine and gaúcho presets = 1,000 items per kind


# ---------------------------------------------------------------- an independent count (RULES.md)

def face(card: str) -> int:
    """A = 1, 2..7 their number, Q J K = 0."""
    rank = card[0]
    return {"A": 1, "Q": 0, "J": 0, "K": 0}.get(rank, int(rank) if rank.isdigit() else 0)


def my_envido(cards: list[str]) -> int:
    best = max(face(c) for c in cards)
    for suit in "CHSD":
        values = sorted((face(c) for c in cards if c[-1] == suit), reverse=True)
        if len(values) >= 2:
            best = max(best, 20 + values[0] + values[1])
    return best


def my_flor(cards: list[str]) -> int | None:
    return 20 + sum(face(c) for c in cards) if len({c[-1] for c in cards}) == 1 else None


def points(text: str) -> int:
    return int(text.split()[0])


def replayed(item: QuizItem) -> dict[str, Any]:
    out, status = run_scenario(item.data["scenario"])
    assert status == 0, out
    return out


# ---------------------------------------------------------------- the checks, one per kind

def check_envido_points(item: QuizItem) -> None:
    out = replayed(item)
    cards = item.data["cards"]
    assert cards == item.data["scenario"]["hands"][0] and item.data["vira"] is None
    opts = make_options(item.data["table"])
    assert opts.seats == 2
    if item.rule == "flor.no_envido":  # the flor is declared, the envido may not be called
        assert opts.flor and out["flor"] is not None and 0 in out["flor"]["seats"]
        assert "envido" not in out["legal"] and out["envido"] is None
        flor = my_flor(cards)
        assert flor is not None and item.answer.startswith(f"A flor of {flor}:")
        assert str(my_envido(cards)) in item.choices  # the tempting count is offered
        return
    assert item.rule == "envido.points"
    assert out["envido"]["result"] == "accepted" and out["envido"]["calls"][0] == [0, "envido"]
    value = out["envido"]["values"][0]  # 2 seats: Ana's team's envido is Ana's
    assert int(item.answer) == value == my_envido(cards)
    assert all(c.isdigit() for c in item.choices)


def my_winner(hands: list[list[str]], dropped: list[int], mao: int, tiebreak: str) -> int:
    """RULES.md: a team's envido is its best seat's still in the hand; higher wins; a tie goes
    to the mão's team, except that a gaúcho tie at 0 first goes to the highest face card."""
    best = [max(my_envido(h) for s, h in enumerate(hands) if s % 2 == t and s not in dropped)
            for t in (0, 1)]
    if best[0] != best[1]:
        return 0 if best[0] > best[1] else 1
    if tiebreak == "face_cards" and best[0] == 0:
        order = {"K": 3, "J": 2, "Q": 1}
        face = [max(order.get(c[0], 0) for s, h in enumerate(hands) if s % 2 == t
                    and s not in dropped for c in h) for t in (0, 1)]
        if face[0] != face[1]:
            return 0 if face[0] > face[1] else 1
    return mao % 2


def check_envido_winner(item: QuizItem) -> None:
    out = replayed(item)
    sc = item.data["scenario"]
    opts = make_options(item.data["table"])
    env = out["envido"]
    assert env["result"] == "accepted" and not out["hand_over"]
    winner = env["winner"]
    assert item.answer == team_label(winner, opts.seats)
    mao = (sc["dealer"] + 1) % opts.seats
    assert winner == my_winner(sc["hands"], out["dropped"], mao, opts.envido_zero_tiebreak)
    values = env["values"]
    assert f" {values[0]}" in item.explanation and f" {values[1]}" in item.explanation
    form = item.data["form"]
    if form == "dropped":
        assert out["dropped"] == [mao] and item.rule == "envido.dropped"
        # the dropped seat's cards would have won it for its team
        assert my_winner(sc["hands"], [], mao, opts.envido_zero_tiebreak) != winner
    elif form in ("tie", "zero"):
        assert values[0] == values[1] and (values[0] == 0) == (form == "zero")
        assert item.rule == ("envido.face_cards" if form == "zero" and opts.flor
                             else "envido.mao_tie")
    else:
        assert values[0] != values[1] and item.rule == "envido.winner"


def check_envido_declined(item: QuizItem) -> None:
    out = replayed(item)
    sc = item.data["scenario"]
    env = out["envido"]
    calls = [a for _seat, a in env["calls"]]
    assert calls == sc["actions"][:-1] and item.data["team"] == env["winner"]
    assert points(item.answer) == env["points"] == out["points"][env["winner"]]
    # RULES.md, straight: envido 2, real envido 3; the falta what the leader still needs
    falta = make_options(item.data["table"]).target - max(sc["score"])
    worth = [{"envido": 2, "real_envido": 3}.get(c, falta) for c in calls]
    if env["result"] == "declined":
        assert sc["actions"][-1] == "fold" and item.data["form"] == "declined"
        assert env["winner"] == env["calls"][-1][0] % 2  # the last caller's team
        assert points(item.answer) == (1 if len(calls) == 1 else sum(worth[:-1]))
        assert item.rule == "envido.declined"
    else:
        assert sc["actions"][-1] == "accept" and item.data["form"] == "accepted"
        expected = falta if "falta_envido" in calls else sum(worth)
        assert points(item.answer) == expected
        assert item.rule == ("envido.falta" if "falta_envido" in calls else "envido.accepted")


def check_envido_legal(item: QuizItem) -> None:
    out = replayed(item)
    action = item.data["action"]
    is_legal = action in out["legal"]
    assert (item.answer == YES) == is_legal
    assert out["to_act"] == item.data["seat"]
    opts = make_options(item.data["table"])
    rule = item.rule
    plays = [p for t in out["tricks"] for p in t["plays"]]
    env = out["envido"]
    if is_legal:
        assert rule in ("envido.when", "envido.first", "envido.order", "envido.real_repeat",
                        "drop.when")
        if rule == "envido.real_repeat":
            assert opts.real_envido_repeat and env["calls"][-1][1] == "real_envido"
        if rule == "envido.first":
            assert out["pending"] == {"team": 1 - out["to_act"] % 2, "value": 2} and env is None
        return
    if rule == "envido.first_trick":
        assert len(out["tricks"]) == 1 and len(out["tricks"][0]["plays"]) == 2  # trick 2 next
    elif rule == "envido.own_card":
        assert any(seat == out["to_act"] for seat, _a in plays)
        assert out["pending"] == {"team": 1 - out["to_act"] % 2, "value": 2}
    elif rule == "envido.after_truco":
        assert out["stake"] == 2 and out["pending"] is None and not plays
    elif rule == "envido.order":
        assert env is not None and env["result"] is None
        assert out["pending"]["envido"] == env["calls"][-1][1]
        last = [c for _s, c in env["calls"]]
        assert (last.count("envido") == 2 and action == "envido"
                or "falta_envido" in last
                or "real_envido" in last and action == "real_envido"
                and not opts.real_envido_repeat)
    elif rule == "envido.once":
        assert env is not None and env["result"] == "declined"
    elif rule == "envido.flor":
        assert opts.flor and out["flor"]["seats"] and not plays
    elif rule == "drop.pending":
        assert action == "drop" and out["pending"] is not None
    else:
        raise AssertionError(f"unexpected rule {rule}")


CHECKS: dict[str, Callable[[QuizItem], None]] = {
    "envido_points": check_envido_points,
    "envido_winner": check_envido_winner,
    "envido_declined": check_envido_declined,
    "envido_legal": check_envido_legal,
}


def check_common(item: QuizItem) -> None:
    assert item.answer in item.choices
    assert len(set(item.choices)) == len(item.choices) >= 2
    assert len(item.choices) <= MAX_CHOICES
    assert item.rule in RULE_TEXT, item.rule
    assert item.prompt and item.explanation
    assert item.data["table"] in ENVIDO_VARIANTS
    json.dumps(item.data)
    assert grade(item, item.answer).correct
    wrong = next(c for c in item.choices if c != item.answer)
    fb = grade(item, wrong)
    assert not fb.correct and fb.answer == item.answer and item.answer in fb.message
    # the explanation, unless the answer already says it ("No: the reason")
    assert item.explanation in fb.message or restates(item.answer, item.explanation)


@pytest.mark.parametrize("kind", sorted(ENVIDO_KINDS))
def test_a_thousand_items_agree_with_the_replay(kind: str) -> None:
    forms: set[str] = set()
    for variant in ENVIDO_VARIANTS:
        for seed in range(PER_VARIANT):
            item = make_item(kind, seed, variant)
            assert (item.kind, item.seed, item.variant) == (kind, seed, variant)
            check_common(item)
            CHECKS[kind](item)
            forms.add(item.data["form"])
            if seed % 50 == 0:
                assert make_item(kind, seed, variant) == item
    expected_forms = {
        "envido_points": {"pair", "none", "faces", "max", "flor"},
        "envido_winner": {"higher", "tie", "zero", "dropped"},
        "envido_declined": {"declined", "accepted"},
        "envido_legal": {"open", "answer_card", "second_trick", "own_card", "truco_accepted",
                         "envido_first", "twice_then_real", "three_envidos", "real_after_falta",
                         "real_twice", "once", "flor_table", "drop_truco", "drop_envido",
                         "drop_ok"}}
    assert forms == expected_forms[kind]


def test_envido_points_shows_every_case() -> None:
    items = [make_item("envido_points", s, v) for s in range(200) for v in ENVIDO_VARIANTS]
    answers = {i.answer for i in items}
    assert {"0", "33"} <= answers  # three face cards; the 7 and 6 of a suit
    flor_off = [i for i in items if i.data["form"] == "flor" and i.data["table"].startswith("arg")]
    assert flor_off and all(i.rule == "envido.points" for i in flor_off)
    flor_on = [i for i in items if i.data["form"] == "flor" and i.data["table"].startswith("gau")]
    assert flor_on and all(i.rule == "flor.no_envido" for i in flor_on)
    spanish = make_item("envido_points", 1, "argentino-2p")
    assert " de " in spanish.prompt  # the Spanish deck keeps its Spanish names


@pytest.mark.parametrize("kind", sorted(ENVIDO_KINDS))
def test_the_checks_catch_a_wrong_stored_answer(kind: str) -> None:
    caught = 0
    for seed in range(20):
        item = make_item(kind, seed, ENVIDO_VARIANTS[seed % 4])
        wrong = next(c for c in item.choices if c != item.answer)
        try:
            CHECKS[kind](dataclasses.replace(item, answer=wrong))
        except AssertionError:
            caught += 1
    assert caught == 20


# ---------------------------------------------------------------- variants and lessons

def test_lesson_8_asks_the_envido_kinds_on_argentine_tables() -> None:
    assert set(LESSON_KINDS[8]) == ENVIDO_KINDS
    quiz = make_quiz([8], 8, seed=3)  # the default variant (paulista-2p) builds in argentino-2p
    assert {i.data["table"] for i in quiz} <= {"argentino-2p"}
    assert all(i.variant == "paulista-2p" for i in quiz)
    assert {i.data["table"] for i in make_quiz([8], 8, 3, "gauderio-4p")} <= {
        "gauderio-2p", "gauderio-4p"}
    for item in quiz:
        assert make_item(item.kind, item.seed, item.variant) == item


@pytest.mark.parametrize("variant", BRAZILIAN_VARIANTS + ENVIDO_VARIANTS)
def test_a_mixed_quiz_works_with_every_variant(variant: str) -> None:
    quiz = make_quiz([2, 8], 6, seed=11, variant=variant)
    seats = make_options(variant).seats
    for item in quiz:
        assert item.variant == variant and item.answer in item.choices
        table = item.data["table"]
        if item.kind in ENVIDO_KINDS:
            assert table in ENVIDO_VARIANTS
        else:
            assert table in BRAZILIAN_VARIANTS
            assert make_options(table).seats == seats
        assert built_on(item.kind, variant) == make_options(built_on(item.kind, variant)).variant
        assert make_item(item.kind, item.seed, variant) == item  # it rebuilds from its variant
    assert {i.kind for i in quiz} >= {"manilhas", "trick_winner"}


def test_brazilian_kinds_on_an_argentine_variant_build_on_paulista() -> None:
    item = make_item("legal", 5, "argentino-2p")
    assert item.variant == "argentino-2p" and item.data["table"] == "paulista-2p"
    assert item.data["scenario"]["variant"] == "paulista-2p"
    item = make_item("partner_trick", 5, "gauderio-4p")
    assert make_options(item.data["table"]).seats == 4 and item.data["table"] in BRAZILIAN_VARIANTS


@pytest.mark.parametrize("kind", sorted(ENVIDO_KINDS))
def test_bad_arguments_get_clear_errors(kind: str) -> None:
    with pytest.raises(ConfigError, match="unknown variant 'argentino'"):
        make_item(kind, 1, "argentino")
    with pytest.raises(ConfigError, match="bad seed"):
        make_item(kind, -1, "argentino-2p")


def test_cards_are_codes_the_engine_reads() -> None:
    item = make_item("envido_points", 4, "gauderio-2p")
    assert [parse_card(c) for c in item.data["cards"]]


def test_envido_winner_and_declined_show_every_case() -> None:
    winners = [make_item("envido_winner", s, v) for s in range(120) for v in ENVIDO_VARIANTS]
    face = [i for i in winners if i.rule == "envido.face_cards"]
    mao_team = [team_label(i.data["mao"] % 2, make_options(i.data["table"]).seats) for i in face]
    # the gaúcho face-card tie-break sometimes beats the mão, sometimes the mão keeps it
    assert any(i.answer != m for i, m in zip(face, mao_team))
    assert any(i.answer == m for i, m in zip(face, mao_team))
    assert {i.data["table"] for i in winners} == set(ENVIDO_VARIANTS)
    paid = [make_item("envido_declined", s, v) for s in range(120) for v in ENVIDO_VARIANTS]
    sequences = {tuple(i.data["scenario"]["actions"]) for i in paid}
    for seq in [("envido", "fold"), ("envido", "envido", "fold"), ("envido", "real_envido", "fold"),
                ("falta_envido", "fold"), ("real_envido", "falta_envido", "fold"),
                ("falta_envido", "accept"), ("envido", "real_envido", "accept")]:
        assert seq in sequences, seq
    assert any(i.rule == "envido.falta" for i in paid)


def test_the_replay_command_prints_what_the_checks_read(tmp_path: Any) -> None:
    """The checks above read ``run_scenario``; ``truco-learn replay`` (the contract) prints the
    same for the items' scenarios, one JSON line each."""
    import subprocess
    import sys
    from pathlib import Path

    items = [make_item(kind, seed, ENVIDO_VARIANTS[seed % 4]) for kind in sorted(ENVIDO_KINDS)
             for seed in range(10)]
    path = Path(tmp_path) / "scenarios.jsonl"
    path.write_text("\n".join(json.dumps(i.data["scenario"]) for i in items) + "\n",
                    encoding="utf-8")
    exe = Path(sys.executable).with_name("truco-learn")
    done = subprocess.run([str(exe), "replay", str(path)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    printed = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert printed == [replayed(i) for i in items]
    for item, out in zip(items, printed):
        CHECKS[item.kind](item)
        if item.kind in ("envido_points", "envido_winner", "envido_declined") and out["envido"]:
            assert out["envido"]["result"] in ("accepted", "declined")
