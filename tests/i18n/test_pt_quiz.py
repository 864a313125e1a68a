"""The quizzes in Brazilian Portuguese: every item kind, its options and its feedback, the quiz
view's words, and the same answer keys in every language.

An item is worded in the language it is built in; the same seed gives the same item in every
language (the same choices in the same places), and the English choice at a place is the
choice's language-independent key, the one results files store. So the checks here are
twofold: no English left in what a pt-BR learner reads, and the answer (its place among the
choices, its key, its grade) exactly the same in both languages.
"""

from __future__ import annotations

import random
import pytest

from tests.i18n.english import assert_portuguese, english_left
from truco_learn.engine.state import legal_actions, step
from truco_learn.errors import TrucoError
from truco_learn.i18n import _, language
from truco_learn.quiz import ITEM_KINDS, RULE_TEXT, QuizItem, grade, make_item, make_quiz
from truco_learn.quiz.deals import random_deal, replay
from truco_learn.quiz.display import answer_key, english, localized, shown_choice
from truco_learn.quiz.kinds_position import position_item
from truco_learn.quiz.registry import BRAZILIAN_VARIANTS, ENVIDO_KINDS, ENVIDO_VARIANTS
from truco_learn.widgets.quiz_view import QuizView, item_html

PER_KIND = 50
SLOW_KINDS = {"coach"}  # the coach's sampling: fewer items per variant, still 50 in all


def seeded_items(kind: str) -> list[QuizItem]:
    """50 items of ``kind``, over every preset it is built on (lesson 8's kinds: the Argentine
    and gaúcho ones)."""
    variants = ENVIDO_VARIANTS if kind in ENVIDO_KINDS else BRAZILIAN_VARIANTS
    return [make_item(kind, 1000 + i, variants[i % len(variants)]) for i in range(PER_KIND)]


def positions(n: int) -> list[QuizItem]:
    """``n`` teacher-style positions (a seeded deal and a few random legal moves)."""
    from truco_learn.engine.options import make_options

    rng = random.Random(14)
    out: list[QuizItem] = []
    while len(out) < n:
        opts = make_options(rng.choice(BRAZILIAN_VARIANTS))
        sc = random_deal(opts, rng.randrange(opts.seats), (rng.randrange(opts.eleven_at + 1),
                                                            rng.randrange(opts.eleven_at)), rng)
        state = replay(sc)
        for _move in range(rng.randrange(7)):
            if state.over:
                break
            a = rng.choice(legal_actions(state))
            sc["actions"].append(a)
            state = step(state, a)
        try:
            out.append(position_item(sc, seed=len(out)))
        except TrucoError:
            continue  # the hand is over, or only one move: not a question
    return out


def others_words(item: QuizItem) -> list[str]:
    """The sentences of ``item`` (in the current language) that other areas write and test:
    the coach's own sentence in a ``coach`` item (bots/, the coach's catalog), the moves so far
    and the moves' names in a ``position`` item (the hand replayer's and the coach's)."""
    shown = localized(item)
    if item.kind == "coach":
        mine = " " + _("{summary} Expected points (coach, {samples} sampled deals): "
                       "{options}.").split("{summary} ", 1)[1].split(" (", 1)[0]
        return [shown.explanation.split(mine, 1)[0]]
    if item.kind == "position":
        first = shown.prompt.split("\n", 1)[0]
        moves = first.split("? ", 1)[1]
        names = [c for c in shown.choices] + [c[:1].lower() + c[1:] for c in shown.choices]
        return [moves] + sorted(names, key=len, reverse=True)
    return []


def without(text: str, pieces: list[str]) -> str:
    for piece in pieces:
        text = text.replace(piece, " ")
    return text


def rendered(item: QuizItem) -> list[tuple[str, str]]:
    """Everything a pt-BR learner reads of ``item``: question, every option, the feedback to a
    right and to a wrong answer, and the rule named under the feedback (without the sentences
    other areas write: :func:`others_words`)."""
    shown = localized(item)
    wrong = next(c for c in item.choices if c != item.answer)
    out = [("question", shown.prompt)]
    out += [(f"option {i + 1}", c) for i, c in enumerate(shown.choices)]
    out += [("feedback right", grade(item, item.answer).message),
            ("feedback wrong", grade(item, wrong).message),
            ("rule", RULE_TEXT[item.rule])]
    others = others_words(item)
    return [(where, without(text, others)) for where, text in out]


@pytest.mark.parametrize("kind", ITEM_KINDS)
def test_every_item_kind_reads_in_portuguese(kind: str) -> None:
    items = seeded_items(kind)
    with language("pt-BR"):
        for item in items:
            for part, text in rendered(item):
                assert_portuguese(text, f"{kind} seed {item.seed} ({item.variant}), {part}")


def test_positions_a_teacher_assigns_read_in_portuguese() -> None:
    with language("pt-BR"):
        for item in positions(PER_KIND):
            for part, text in rendered(item):
                assert_portuguese(text, f"position {item.data['position']}, {part}")


@pytest.mark.parametrize("kind", ITEM_KINDS)
def test_the_same_seed_gives_the_same_answer_in_both_languages(kind: str) -> None:
    n = 3 if kind in SLOW_KINDS else 25
    for i in range(n):
        variants = ENVIDO_VARIANTS if kind in ENVIDO_KINDS else BRAZILIAN_VARIANTS
        variant = variants[i % len(variants)]
        with language("en"):
            en = make_item(kind, i, variant)
            assert localized(en) is en and en.lang == "en"
        with language("pt-BR"):
            pt = make_item(kind, i, variant)
            assert localized(en) == pt and localized(pt) is pt and pt.lang == "pt_BR"
            grades = [grade(pt, c).correct for c in pt.choices]
            key_grades = [grade(pt, c).correct for c in en.choices]  # keys grade the same
            keys = [answer_key(pt, c) for c in pt.choices]
            assert shown_choice(en, en.answer) == pt.answer
        assert english(pt) == en and pt.prompt != en.prompt
        assert (pt.kind, pt.seed, pt.variant, pt.rule, pt.data) == (
            en.kind, en.seed, en.variant, en.rule, en.data)
        assert pt.choices.index(pt.answer) == en.choices.index(en.answer)
        assert keys == list(en.choices) and answer_key(pt, pt.answer) == en.answer
        assert grades == key_grades == [c == en.answer for c in en.choices]
        assert [grade(en, c).correct for c in en.choices] == grades


def test_quizzes_and_positions_are_the_same_in_both_languages() -> None:
    with language("pt-BR"):
        pt = make_quiz([2, 3, 4, 5, 6], 12, seed=7) + positions(3)
    with language("en"):
        en = make_quiz([2, 3, 4, 5, 6], 12, seed=7) + positions(3)
    for p, e in zip(pt, en, strict=True):
        assert (p.kind, p.seed, p.variant, p.rule, p.data) == (e.kind, e.seed, e.variant,
                                                                e.rule, e.data)
        assert p.choices.index(p.answer) == e.choices.index(e.answer)
        assert english(p) == e and answer_key(p, p.answer) == e.answer


def test_the_words_are_the_ones_meant() -> None:
    tie = next(i for i in (make_item("trick_winner", s) for s in range(40))
               if i.answer.startswith("Tie"))
    eleven = next(i for i in (make_item("eleven_legal", s) for s in range(40))
                  if i.rule == "eleven.no_raise")
    ten = next(i for i in (make_item("eleven_legal", s, "mineiro-2p") for s in range(40))
               if i.rule == "eleven.no_raise")
    fold = next(i for i in (make_item("bet_points", s) for s in range(40))
                if i.rule == "betting.fold_pays")
    with language("pt-BR"):
        assert localized(tie).answer == "Empate" and "empata" in localized(tie).explanation
        assert localized(eleven).answer == "Não: ninguém pede truco na mão de onze"
        assert "mão de dez" in localized(ten).answer
        assert "corre" in localized(fold).prompt and "ponto" in localized(fold).answer
        assert grade(fold, fold.answer).message.startswith("Certo! ")
        assert grade(fold, "nonsense").message.startswith("'nonsense' não é uma das opções")
        assert RULE_TEXT["tricks.two_wins"] == "duas rodadas ganham a mão"
        assert RULE_TEXT["eleven.fold"].endswith("1 ponto (no mineiro, 2 pontos)")
        # and the check itself catches English left in a pt-BR text
        assert english_left(localized(fold).prompt) == []
    assert english_left(fold.prompt)


def view_text(view: QuizView) -> list[tuple[str, str]]:
    """Every word the quiz widget shows right now (buttons by their captions)."""
    out = [("status", view._status.value), ("progress", view._bar.description),
           ("prompt", view._prompt.value), ("feedback", view._feedback.value),
           ("next", view._next.description)]
    out += [(f"button {i + 1}", b.description) for i, b in enumerate(view._buttons)
            if b.layout.display != "none"]
    return [(where, text) for where, text in out if text]


def test_the_quiz_view_reads_in_portuguese_after_answering() -> None:
    kinds = [k for k in ITEM_KINDS if k not in SLOW_KINDS]
    seen: list[str] = []
    with language("pt-BR"):  # a pt-BR kernel builds its quiz in pt-BR
        items = [make_item(k, 3, "paulista-4p") for k in kinds] + [make_item("coach", 2)]
        view = QuizView(items, on_answer=lambda item, choice, fb: seen.append(choice))
        for where, text in view_text(view):
            assert_portuguese(text, f"before answering, {where}")
        assert "Pergunta 1 de" in view._status.value
        while not view.done:
            item = view.current
            assert item is not None
            shown = localized(item)
            # the learner answers with what the button says: every other item wrong at first
            k = view.queue[view.index]
            wrong = next(c for c in shown.choices if c != shown.answer)
            choice = wrong if k % 2 == 0 and view.tries[k] == 0 else shown.answer
            fb = view.answer(choice)
            assert fb.correct == (choice == shown.answer)
            assert seen[-1] in english(item).choices  # the hook gets the language-free key
            for where, text in view_text(view):
                assert_portuguese(without(text, others_words(item)),
                                  f"{item.kind} after answering, {where}")
            assert ("Certo!" if fb.correct else "Não foi dessa vez") in view._feedback.value
            assert "Regra:" in view._feedback.value
            view.next()
        for where, text in view_text(view):
            assert_portuguese(text, f"when finished, {where}")
        assert "Fim do quiz." in view._status.value
        assert "Regras para revisar:" in view._prompt.value
        assert view.score == len(items) // 2
        html = item_html(make_item("trick_winner", 3))
        assert "<figcaption>vira</figcaption>" in html and "A vira é" in html


def test_english_learners_see_what_they_saw_before() -> None:
    item = make_item("hand_winner", 5)
    with language("en"):
        view = QuizView([item])
        assert view._next.description == "Next" and "Question 1 of 1" in view._status.value
        view.answer(item.answer)
        assert view._feedback.value.count("Right! ") == 1 and "Rule: " in view._feedback.value


def test_lesson_8_words_are_the_ones_meant() -> None:
    declined = next(i for i in (make_item("envido_declined", s, "argentino-2p")
                                for s in range(40)) if i.data["form"] == "declined")
    legal = next(i for i in (make_item("envido_legal", s, "argentino-2p") for s in range(60))
                 if i.data["action"] == "envido" and i.answer != "Yes, it is legal")
    flor = next(i for i in (make_item("envido_points", s, "gauderio-2p") for s in range(60))
                if i.rule == "flor.no_envido")
    spanish = make_item("envido_points", 2, "argentino-2p")
    with language("pt-BR"):
        assert "não quero" in localized(declined).prompt and "canta" in localized(declined).prompt
        assert "pode cantar envido agora?" in localized(legal).prompt
        assert localized(legal).answer.startswith("Não: ")
        assert localized(flor).answer.startswith("Flor de ")
        assert " de " in localized(spanish).prompt  # Spanish names: "rey de bastos"
        assert any(w in localized(spanish).prompt for w in ("bastos", "oros", "espadas", "copas"))
        assert RULE_TEXT["envido.mao_tie"] == "empate no envido é de quem é mão"
