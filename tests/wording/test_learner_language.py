"""Every text the app generates speaks a learner's language (issue 13, item 1).

Over every quiz item kind (200 seeded items each at every Brazilian preset; the coach-decided
kind, which runs the coach per item, 6 per preset), 200 coach explanations and reviews from
random positions at every preset the play page offers, the Argentine and gaúcho ones included
(the engine's random play, seeded), every greyed-out reason and table line there, and every
lesson step and scripted hand's narration: no engine notation, no preset code name, no raw
option or action name, no ASCII minus sign, no unfilled placeholder, no review label
written twice, and a review of the learner's move speaks to the learner ("you"), not as "I".
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Iterator

import pytest
from learner_language import first_person, notation_problems, review_problems

from truco_learn.bots.coach import Estimate, explain
from truco_learn.bots.review import ReviewItem, label_for, review
from truco_learn.bots.review_sentences import review_reason
from truco_learn.bots.sentences import public_summary, why_best
from truco_learn.course import ALL_LINES, LESSONS
from truco_learn.course.iron import iron_choices, iron_play, iron_start, iron_story, iron_summary
from truco_learn.course.scripted import hand_frames, narrate
from truco_learn.course.tables import BRAZILIAN
from truco_learn.engine import VARIANTS, HandState, apply_legal, deal_hand, make_options, observation
from truco_learn.engine.actions import ACTION_STR, RAISE
from truco_learn.engine.state import legal_actions, legal_codes
from truco_learn.play.menu import action_bar, card_items
from truco_learn.play.session import BotMove, describe_action, seat_names
from truco_learn.play.view import table_view
from truco_learn.quiz import ITEM_KINDS, RULE_TEXT
from truco_learn.quiz.model import grade
from truco_learn.quiz.registry import make_item
from truco_learn.widgets.panels import explanation_html, review_html

ITEMS = 200
COACH_ITEMS = 6  # the coach kind samples deals with the coach for every item: slow
EXPLANATIONS = 200  # per preset


def _plain(html: str) -> str:
    text = re.sub(r"<style.*?</style>|<script.*?</script>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"\s+", " ", text).replace("&lt;", "<").replace("&gt;", ">").replace(
        "&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"')


def _bad(where: str, text: str, out: dict[str, list[str]]) -> None:
    p = notation_problems(text)
    if p:
        out[where] = p + [text[:300]]


# ---------------------------------------------------------------- quiz

@pytest.mark.parametrize("variant", BRAZILIAN)
def test_every_quiz_item_kind(variant: str) -> None:
    bad: dict[str, list[str]] = {}
    for kind in ITEM_KINDS:
        for seed in range(COACH_ITEMS if kind == "coach" else ITEMS):
            item = make_item(kind, seed, variant)
            wrong = next(c for c in item.choices if c != item.answer)
            texts = [item.prompt, *item.choices, item.explanation, grade(item, wrong).message]
            _bad(f"{kind}/{seed}", " | ".join(texts), bad)
            if len(bad) > 20:
                break
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


def test_rule_texts() -> None:
    bad: dict[str, list[str]] = {}
    for rule, text in RULE_TEXT.items():
        _bad(rule, text, bad)
    assert not bad, bad


# ---------------------------------------------------- coach explanations and reviews

def _random_states(variant: str, rng: random.Random, n: int) -> Iterator[HandState]:
    """``n`` undecided positions reached by the engine's random play (raises often)."""
    o = make_options(variant)
    at = min(o.eleven_at, o.target - 1)  # no hand of eleven in the Argentine presets
    scores = [(0, 0), (at, 3), (2, at), (at, at), (o.target - 3, 5), (6, 4)]
    made = 0
    while made < n:
        s = deal_hand(o, rng.randrange(o.seats), rng.choice(scores), rng)
        while not s.over and made < n:
            if len(legal_codes(s)) > 1 and rng.random() < 0.5:
                made += 1
                yield s
            codes = legal_codes(s)
            raises = [c for c in codes if c == RAISE]
            s = apply_legal(s, raises[0] if raises and rng.random() < 0.4 else rng.choice(codes))


def _estimate(s: HandState, rng: random.Random) -> Estimate:
    codes = tuple(legal_codes(s))
    n = len(codes)
    if all(ACTION_STR[c].startswith("blind:") for c in codes):  # blind cards: one gamble
        ev, win = (rng.uniform(-3, 3),) * n, (rng.uniform(0.05, 0.95),) * n
    else:
        ev = tuple(rng.uniform(-3, 3) for _ in codes)
        win = tuple(rng.uniform(0.05, 0.95) for _ in codes)
    return Estimate(actions=codes, ev=ev, se=(0.02,) * n, win=win,
                    samples=40, example=s, points=((0.0,),) * n,
                    match=tuple(rng.uniform(0.1, 0.9) for _ in codes))


@pytest.mark.parametrize("variant", VARIANTS)
def test_coach_explanations_and_reviews(variant: str) -> None:
    """200 explanations at each preset, the Argentine ones included (the coach's real fact selection and wording,
    made-up numbers), each as the coach's own move, as the public summary, in the Why? panel,
    and as the review of a learner who took another move."""
    rng = random.Random(f"wording/{variant}")
    bad: dict[str, list[str]] = {}
    names = ("You", "Coach") if make_options(variant).seats == 2 else seat_names(4, 0, "coach")
    for k, s in enumerate(_random_states(variant, rng, EXPLANATIONS)):
        est = _estimate(s, rng)
        obs = observation(s, s.to_act)
        best = max(range(len(est.actions)), key=lambda i: est.ev[i])
        taken = rng.randrange(len(est.actions))
        mine = explain(obs, est, best, best, False)
        _bad(f"{k} summary", mine["summary"], bad)
        _bad(f"{k} public", public_summary(mine), bad)
        act = ACTION_STR[est.actions[best]]
        move = BotMove(1, s.to_act, names[s.to_act], act, describe_action(s, s.to_act, act, names),
                       mine)
        _bad(f"{k} why panel", _plain(explanation_html([move])), bad)
        # the learner took ``taken``; the reviewer names the better move and says why
        loss = est.ev[best] - est.ev[taken]
        label = label_for(loss)
        reason = review_reason(label, ACTION_STR[est.actions[taken]], act, est.ev[taken],
                               est.ev[best], mine)
        item = ReviewItem(1, ACTION_STR[est.actions[taken]], act, est.ev[taken], est.ev[best],
                          loss, label, reason)
        shown = _plain(review_html([item]))
        p = review_problems(shown)
        if first_person(reason):
            p.append(f"the review of the learner's move says {first_person(reason)!r}")
        if label != "good" and not why_best(mine["options"], act, mine["facts"], against=
                                            ACTION_STR[est.actions[taken]]):
            p.append("no sentence says why the better move wins")
        if p:
            bad[f"{k} review"] = p + [shown[:400]]
        if len(bad) > 20:
            break
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_real_reviews(variant: str) -> None:
    """The real reviewer over random hands (the coach's easy level, so it runs in seconds)."""
    rng = random.Random(f"review/{variant}")
    o = make_options(variant)
    bad: dict[str, list[str]] = {}
    for h in range(3):
        s = deal_hand(o, rng.randrange(o.seats), (rng.randrange(o.eleven_at), 0), rng)
        while not s.over:
            codes = legal_codes(s)
            raises = [c for c in codes if c == RAISE]
            s = apply_legal(s, raises[0] if raises and rng.random() < 0.3 else rng.choice(codes))
        items = review(s, 0, "easy", seed=h)
        for i in items:
            text = _plain(review_html([i]))
            p = review_problems(text)
            if first_person(i.reason):
                p.append(f"says {first_person(i.reason)!r}")
            if p:
                bad[f"{h}/{i.index}"] = p + [text]
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


# ---------------------------------------------------------------- menu and table

@pytest.mark.parametrize("variant", VARIANTS)
def test_every_greyed_out_reason_label_and_table_line(variant: str) -> None:
    rng = random.Random(f"menu-words/{variant}")
    o = make_options(variant)
    names = ("You", "Coach") if o.seats == 2 else seat_names(4, 0, "coach")
    texts: set[str] = set()
    for s in _random_states(variant, rng, 600):
        for seat in range(o.seats):
            for item in action_bar(s, seat, names):
                texts |= {item.label, item.reason}
            for card in card_items(s, seat, names):
                texts |= {card.reason, card.cover_reason}
            view = table_view(s, seat, names)
            texts |= {view.status, view.mode_text, view.pending_text}
            texts |= {t.text for t in view.tricks}
        texts |= {describe_action(s, s.to_act, a, names) for a in legal_actions(s)}
    bad: dict[str, list[str]] = {}
    for t in sorted(texts):
        _bad(t, t, bad)
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)
    assert len(texts) > 20


# ---------------------------------------------------------------- lessons

def test_every_lesson_step_notebook_and_narration() -> None:
    bad: dict[str, list[str]] = {}
    for lesson in LESSONS:
        _bad(f"lesson {lesson.number} summary", lesson.summary, bad)
        for i, st in enumerate(lesson.steps):
            _bad(f"lesson {lesson.number} step {i + 1}", _plain(st.title + ". " + st.body), bad)
    for line in ALL_LINES:
        frames = hand_frames(line)
        story = [narrate(a, b) for a, b in zip(frames, frames[1:])]
        _bad(f"hand {line.key}", " ".join([line.title, line.lesson_text, *story]), bad)
    for path in sorted((Path(__file__).resolve().parents[2] / "lessons").glob("*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text())["cells"]):
            if cell["cell_type"] == "markdown":
                _bad(f"{path.name} cell {i}", _plain("".join(cell["source"])), bad)
    rng = random.Random(5)
    for k in range(10):
        s = iron_start(rng)
        texts = [iron_summary(s)]
        while not s.over:
            s = iron_play(s, iron_choices(s)[0], rng)
        _bad(f"iron {k}", " ".join(texts + iron_story(s) + [iron_summary(s)]), bad)
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


def test_lesson_demos() -> None:
    """The stake calculator's sentences for every table, score and chance it offers."""
    from truco_learn.widgets.lesson_demos import StakeCalculatorView

    calc = StakeCalculatorView()
    bad: dict[str, list[str]] = {}
    for name, o in calc.TABLES.items():
        calc.ladder.value = name
        for their in (0, 3, o.eleven_at - 1):
            for win in (0, 20, 35, 50, 70, 100):
                calc.their.value, calc.win.value = their, win
                _bad(f"{name}/{their}/{win}", _plain(calc.result.value), bad)
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


def test_the_check_is_not_vacuous() -> None:
    """Each kind of problem is caught, in the forms the app wrote before issue 13."""
    assert notation_problems("In the first trick seat 0 plays Q♠, seat 1 plays Q♦")
    assert notation_problems("Team 0 (seats 0 and 2)")
    assert notation_problems("Playing paulista-2p (1-3-6-9-12), score 0-0")
    assert notation_problems("you chose play:QS")
    assert notation_problems("No covered cards in covered_cards.")
    assert notation_problems("Good: you chose falta_envido (+0.50)")
    assert not notation_problems("Good: you called falta envido (+0.50)")
    assert notation_problems("playing Q♠ is worth -0.39")
    assert notation_problems("At this table ({rule}).")
    assert not notation_problems("score 0-0, ladder 1-3-6-9-12, worth −0.39 or +0.47, 89%")
    assert review_problems("Mistake: you chose play Q♠. Mistake: playing Q♠ is worth −0.39")
    assert first_person("I win this hand 89% of the time") == "I"
