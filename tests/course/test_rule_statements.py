"""The rule-statement check: every sentence the course shows a learner, rendered for every
Brazilian preset the page can show, against the engine's options for that preset.

Lesson steps and notebook prose (they speak about every table, or the tables they name), the
scripted hands' narration, the calculator and the iron demo, every quiz kind's prompt, choices
and feedback, every menu label and reason, and every coach sentence kind. The claims are read by
:mod:`rule_claims` (ladders, what running pays, the eleven's name, value and fold, covered
cards, the iron hand's choice, who leads after a tie, pointless raises, ...); the menu and the
coach get checks of their own against the state (a "lowest card", "could not take this trick",
a raise label where no truco was called).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from rule_claims import (BRAZILIAN, LESSON_CHECKS, TABLE_CHECKS, lead_rule_named_everywhere,
                         problems, sentences)

from truco_learn.bots.coach import Estimate, explain
from truco_learn.bots.sentences import card_text, public_summary
from truco_learn.course import LESSONS
from truco_learn.course.deals import ALL_LINES
from truco_learn.course.iron import iron_start, iron_story, iron_summary, iron_play, iron_choices
from truco_learn.course.scripted import SEAT_NAMES, hand_frames, narrate
from truco_learn.engine import (ELEVEN, HandState, apply_legal, card_str,
                                deal_hand, make_options, new_hand, observation, parse_card)
from truco_learn.engine.actions import ACTION_STR, RAISE
from truco_learn.engine.state import legal_actions, legal_codes
from truco_learn.play.menu import action_bar, card_items
from truco_learn.play.session import describe_action
from truco_learn.play.view import table_view
from truco_learn.quiz import ITEM_KINDS, RULE_TEXT
from truco_learn.quiz.registry import make_item

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "lessons").glob("0*.ipynb")) + [ROOT / "lessons" / "index.ipynb"]


# ---------------------------------------------------------------- lessons

def lesson_texts() -> Iterator[tuple[str, str]]:
    for lesson in LESSONS:
        yield f"lesson {lesson.number} summary", lesson.summary
        for i, st in enumerate(lesson.steps):
            yield f"lesson {lesson.number} step {i + 1} ({st.title})", st.title + ". " + st.body
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "markdown":
                yield path.name, "".join(cell["source"]).replace("**", "")


def step_problems(text: str) -> list[str]:
    """Rules a whole step must respect beyond single clauses."""
    out = problems(text, BRAZILIAN, LESSON_CHECKS) + lead_rule_named_everywhere(text)
    low = text.lower()
    if "winner of the first trick wins" in low and any(
            make_options(v).exposed_card for v in BRAZILIAN) and "exposed-card" not in low:
        out.append("the winner of the first trick wins, except where the exposed-card rule "
                   "decides first: the step must say so")
    return out


def test_every_lesson_sentence_holds_at_every_table_it_speaks_about() -> None:
    bad = {where: p for where, text in lesson_texts() if (p := step_problems(text))}
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


def test_the_check_reads_the_lessons() -> None:
    """The check is not vacuous: it finds the lesson's ladders, folds and eleven values."""
    text = " ".join(t for _, t in lesson_texts())
    assert re.search(r"1 → 3 \(truco\) → 6", text) and "2 → 4 (truco)" in text
    assert problems(text.replace("scores 2;", "scores 1;"), BRAZILIAN)
    assert problems(text.replace("team 2. Its iron", "team 1. Its iron"), BRAZILIAN)


# ------------------------------------------------- scripted hands, calculator, iron demo

def _narrations(frames: list[HandState]) -> list[str]:
    return [narrate(a, b) for a, b in zip(frames, frames[1:])]


def narration_problems(frames: list[HandState]) -> list[str]:
    """The narration of a hand against the engine: what the text says decided the hand, and
    who leads after a tie."""
    opts = frames[0].opts
    story = _narrations(frames)
    out = problems(" ".join(story), [opts.variant], TABLE_CHECKS)
    last = frames[-1]
    text = story[-1] if story else ""
    if last.over and last.winner >= 0 and opts.exposed_card:
        # an independent oracle: the same actions without the rule
        off = _replay(last, {"exposed_card": False})
        decided = off is None or off.winner != last.winner or not off.over
        if decided and "Exposed-card rule" not in text:
            out.append(f"the exposed-card rule decided this hand, the narration does not say so:"
                       f" {text}")
        if not decided and "Exposed-card rule" in text:
            out.append(f"the exposed-card rule did not decide this hand: {text}")
    if "hand of eleven" in " ".join(story) and not any(f.deal.mode == ELEVEN for f in frames):
        out.append(f"no hand of eleven here: {' '.join(story)}")
    if last.over and "all three tricks are tied" in text.lower():
        results = [t.result for t in last.tricks]
        if results != [-1, -1, -1]:
            out.append(f"not all three tricks tied: {text}")
        if "hand of eleven" in text and last.deal.mode != ELEVEN:
            out.append(f"not a hand of eleven: {text}")
        if "dealer's team" in text and opts.all_tied != "dealer_team":
            out.append(f"this table does not give an all-tied hand to the dealer: {text}")
    for before, after, sentence in zip(frames, frames[1:], story):
        m = re.search(r"(\w+), who led the tied trick, leads again", sentence)
        if m and len(after.tricks) > len(before.tricks):
            led = SEAT_NAMES[after.tricks[-1].leader]
            if m.group(1) != led:
                out.append(f"{m.group(1)} did not lead the tied trick ({led} did): {sentence}")
    return out


def _replay(state: HandState, overrides: dict[str, Any]) -> HandState | None:
    """The same deal and actions under other options (None if an action becomes illegal)."""
    d = state.deal
    opts = make_options(d.opts.variant, {**d.opts.overrides(), **overrides})
    s = new_hand(opts, d.dealer, [list(h) for h in d.hands], d.vira, d.score)
    for _, code in state.log:
        if s.over or code not in legal_codes(s):
            return None
        s = apply_legal(s, code)
    return s


def test_scripted_lines_say_what_the_engine_did() -> None:
    bad = {}
    for line in ALL_LINES:
        frames = hand_frames(line)
        p = narration_problems(frames) + problems(line.lesson_text + " " + line.title,
                                                   [line.variant], TABLE_CHECKS)
        m = re.search(r"leads again: (\w+)", line.lesson_text)
        if m:
            tied = next(t for t in frames[-1].tricks if t.result < 0)
            if SEAT_NAMES[tied.leader] != m.group(1):
                p.append(f"{m.group(1)} did not lead the tied trick: {line.lesson_text}")
        if p:
            bad[line.key] = p
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


def _random_hand(variant: str, overrides: dict[str, Any], score: tuple[int, int],
                 rng: random.Random) -> list[HandState]:
    opts = make_options(variant, overrides)
    s = deal_hand(opts, rng.randrange(opts.seats), score, rng)
    frames = [s]
    while not s.over:
        codes = legal_codes(s)
        raises = [c for c in codes if c == RAISE]
        code = raises[0] if raises and rng.random() < 0.4 else rng.choice(codes)
        s = apply_legal(s, code)
        frames.append(s)
    return frames


@pytest.mark.parametrize("variant", BRAZILIAN)
def test_narration_of_random_hands(variant: str) -> None:
    rng = random.Random(f"narration/{variant}")
    o = make_options(variant)
    bad = []
    for i in range(120):
        overrides = rng.choice([{}, {"all_tied": "dealer_team"}, {"all_tied": "mao_team"},
                                {"exposed_card": True}])
        score = rng.choice([(0, 0), (o.eleven_at, 3), (4, o.eleven_at), (5, 7)])
        bad += narration_problems(_random_hand(variant, overrides, score, rng))
    assert not bad, "\n".join(bad[:10])


def test_all_tied_dealer_demo_names_its_rule() -> None:
    line = next(line for line in ALL_LINES if line.key == "all_tied_dealer")
    last = _narrations(hand_frames(line))[-1]
    assert "dealer's team takes the hand" in last and "eleven" not in last


def test_calculator_states_the_rules_of_the_ladder_it_shows() -> None:
    from truco_learn.widgets.lesson_demos import StakeCalculatorView

    calc = StakeCalculatorView()
    bad = []
    for name, o in calc.TABLES.items():
        calc.ladder.value = name
        for their in (0, 3, o.eleven_at - 1):
            for win in (0, 35, 70, 100):
                calc.their.value, calc.win.value = their, win
                text = calc.result.value
                bad += problems(text, [o.variant], TABLE_CHECKS)
                eleven = [s for s in sentences(text) if "play or run" in s.lower()]
                if not any("win the game" in s for s in sentences(text)):
                    bad.append(f"{name}: the eleven line must speak of winning the game: {eleven}")
    assert not bad, "\n".join(sorted(set(bad))[:10])


def test_iron_demo_text() -> None:
    rng = random.Random(3)
    bad = []
    for _ in range(10):
        s = iron_start(rng)
        bad += problems(iron_summary(s), ["paulista-2p"], TABLE_CHECKS)
        while not s.over:
            s = iron_play(s, iron_choices(s)[0], rng)
        bad += problems(" ".join(iron_story(s)) + " " + iron_summary(s), ["paulista-2p"],
                        TABLE_CHECKS)
    assert not bad, bad


# ---------------------------------------------------------------- quiz

SEEDS = {"coach": 2}


@pytest.mark.parametrize("variant", BRAZILIAN)
def test_every_quiz_kind_states_its_table_rules(variant: str) -> None:
    bad = []
    for kind in ITEM_KINDS:
        for seed in range(SEEDS.get(kind, 25)):
            item = make_item(kind, seed, variant)
            table = item.data.get("table") or variant
            text = " ".join([item.prompt, *item.choices, item.explanation])
            bad += [f"{kind}/{seed}: {p}" for p in problems(text, [table], TABLE_CHECKS)]
    assert not bad, "\n".join(bad[:10])


def test_rule_texts_hold_at_every_table() -> None:
    bad = {rule: p for rule, text in RULE_TEXT.items() if (p := problems(text + ".", BRAZILIAN))}
    assert not bad, bad


# ---------------------------------------------------------------- menu

def _states(variant: str, rng: random.Random) -> Iterator[HandState]:
    o = make_options(variant)
    scores = [(0, 0), (o.eleven_at, 2), (3, o.eleven_at), (o.eleven_at, o.eleven_at),
              (o.eleven_at, min(o.eleven_at + 1, o.target - 1)), (o.target - 3, 5), (6, o.target - 3), (9, 6)]
    for score in scores:
        for _ in range(8):
            s = deal_hand(o, rng.randrange(o.seats), score, rng)
            yield s
            while not s.over:
                codes = legal_codes(s)
                raises = [c for c in codes if c == RAISE]
                s = apply_legal(s, raises[0] if raises and rng.random() < 0.5
                                else rng.choice(codes))
                yield s


def menu_problems(s: HandState, names: tuple[str, ...]) -> list[str]:
    out = []
    variant = s.opts.variant
    raised = any(code == RAISE for _, code in s.log)
    for seat in range(s.opts.seats):
        texts = []
        for item in action_bar(s, seat, names):
            texts += [item.label, item.reason]
            if item.action == "raise" and item.label not in ("Truco!", "Raise") and not raised:
                out.append(f"{item.label!r} where no truco was called (score "
                           f"{s.deal.score}, mode {s.deal.mode})")
            if "accepting alone" in item.reason and (s.pending is None or s.pending[0] == seat % 2):
                out.append(f"nobody is answering a raise here: {item.reason}")
            if item.action == "onze:fold" and not item.label.startswith("Run"):
                out.append(f"the lessons say run: {item.label}")
        for card in card_items(s, seat, names):
            texts += [card.reason, card.cover_reason]
        view = table_view(s, seat, names)  # the table's own lines, and the log's sentences
        texts += [view.status, view.mode_text, view.pending_text, view.manilha_rule]
        if s.to_act == seat:
            texts += [describe_action(s, seat, a, names) for a in legal_actions(s)]
        m = [re.search(r"both teams have (\d+) points(?! or more)", t) for t in texts]
        for hit in filter(None, m):
            if not all(x == int(hit.group(1)) for x in s.deal.score):
                out.append(f"not both at exactly {hit.group(1)}: {hit.group(0)} at "
                           f"{s.deal.score}")
        out += problems(". ".join(t for t in texts if t), [variant], TABLE_CHECKS)
    return out


@pytest.mark.parametrize("variant", BRAZILIAN)
def test_every_menu_label_and_reason_and_table_line(variant: str) -> None:
    rng = random.Random(f"menu/{variant}")
    names = tuple(["You", "Bruno", "Carla", "Davi"][:make_options(variant).seats])
    bad = sorted({p for s in _states(variant, rng) for p in menu_problems(s, names)})
    assert not bad, "\n".join(bad[:10])


# ---------------------------------------------------------------- coach sentences

def coach_sentences(s: HandState, rng: random.Random) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """For every legal action of the seat to act: the coach's sentence had it chosen it (its
    real fact selection and wording; made-up numbers), private and public."""
    codes = tuple(legal_codes(s))
    obs = observation(s, s.to_act)
    n = len(codes)
    ev = tuple(rng.uniform(-3, 3) for _ in codes)
    game = tuple(rng.uniform(0.1, 0.9) for _ in codes)
    est = Estimate(actions=codes, ev=ev, se=(0.01,) * n, win=tuple(rng.uniform(0.2, 0.8)
                                                                      for _ in codes),
                   samples=10, example=s, points=((0.0,),) * n, match=game)
    for i, code in enumerate(codes):
        exp = explain(obs, est, i, i, False)
        yield ACTION_STR[code], exp["summary"], exp["facts"]
        yield ACTION_STR[code], public_summary(exp), exp["facts"]


def coach_problems(s: HandState, action: str, text: str, facts: dict[str, Any]) -> list[str]:
    out = [f"{action}: {p}" for p in problems(text, [s.opts.variant], TABLE_CHECKS)]
    strength = s.deal.strength
    mine = [parse_card(c) for c in facts["my_cards"]]
    m = re.search(r"my lowest card, (\S+?)\.", text)
    if m:
        low = min(strength[c] for c in mine)
        if not any(card_text(card_str(c)) == m.group(1) and strength[c] == low for c in mine):
            out.append(f"{m.group(1)} is not the lowest of {facts['my_cards']}: {text}")
    if "could not take this trick" in text:
        table = facts.get("table")
        kind, _, card = action.partition(":")
        if table is None:
            out.append(f"nothing is on the table yet: {text}")
        elif kind == "cover" and strength[parse_card(card)] >= strength[parse_card(table["best"])]:
            out.append(f"{card} could take or tie this trick over {table['best']}: {text}")
    if action.startswith("onze:") and "win the game" not in text:
        out.append(f"at eleven the choice is a chance to win the game: {text}")
    return out


@pytest.mark.parametrize("variant", BRAZILIAN)
def test_every_coach_sentence_kind(variant: str) -> None:
    rng = random.Random(f"coach/{variant}")
    bad, kinds = [], set()
    for s in _states(variant, rng):
        if s.over or rng.random() < 0.6:
            continue
        for action, text, facts in coach_sentences(s, rng):
            kinds.add(facts["decision"]["reason"] or facts["decision"]["kind"])
            bad += coach_problems(s, action, text, facts)
    assert not bad, "\n".join(sorted(set(bad))[:10])
    assert {"onze", "answer", "lead_low"} <= kinds
