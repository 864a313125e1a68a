"""The lesson demos in Brazilian Portuguese: every scripted hand's narration, 600 seeded random
hands narrated over every preset, and every demo widget's visible text after driving it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest

from truco_learn.course.cards_demo import deck_cards, mineiro_manilhas, vira_facts
from truco_learn.course.deals import ALL_LINES, LINE_GROUPS, PARTNER_LINES
from truco_learn.course.iron import iron_choices, iron_play, iron_start, iron_story, iron_summary
from truco_learn.course.scripted import hand_frames, lead_sentence, narrate
from truco_learn.course.stakes import answer_values, call_values, eleven_values
from truco_learn.engine import deal_hand, make_options
from truco_learn.engine.actions import RAISE
from truco_learn.engine.options import PRESETS
from truco_learn.engine.state import HandState, apply_legal, legal_codes
from truco_learn.i18n import language
from truco_learn.widgets.lesson_demos import (DeckView, HandWalkView, IronHandView,
                                              StakeCalculatorView, ViraPicker, demo_for,
                                              hand_html, mineiro_html)

from .english import assert_portuguese as _assert_portuguese

#: Portuguese words that are English words too ("Sua chance de ganhar a mão")
ALLOW = frozenset({"chance"})


_SVG = re.compile(r"<svg[^>]*>.*?<title>(.*?)</title>.*?</svg>", re.S)


def assert_portuguese(text: str, where: str = "") -> None:
    """Portuguese, with each drawn card reduced to its title (the name a reader hears)."""
    _assert_portuguese(_SVG.sub(r"[\1]", text), where, ALLOW)

RANDOM_HANDS = 600


def visible(w: Any) -> Iterator[tuple[str, str]]:
    """Every text a learner sees in a widget tree: HTML, labels, button captions, choices."""
    kind = type(w).__name__
    if isinstance(w, widgets.HTML):
        yield kind, w.value
    if getattr(w, "description", ""):
        yield f"{kind}.description", w.description
    if getattr(w, "tooltip", None):
        yield f"{kind}.tooltip", w.tooltip
    for label in getattr(w, "_options_labels", ()):
        yield f"{kind}.option", label
    for child in getattr(w, "children", ()):
        yield from visible(child)


def check(w: Any, where: str) -> None:
    for part, text in visible(w):
        assert_portuguese(text, f"{where} {part}")


def _random_hands(n: int) -> Iterator[tuple[str, list[HandState]]]:
    """``n`` hands over every preset, with random legal actions (raises made often), from
    scores that reach a hand of eleven and an iron hand, under each table option that changes
    the narration."""
    rng = random.Random("pt-demos")
    names = sorted(PRESETS)
    for i in range(n):
        variant = names[i % len(names)]
        o = make_options(variant)
        overrides = rng.choice([{}, {"all_tied": "dealer_team"}, {"all_tied": "mao_team"},
                                {"exposed_card": True}])
        o = make_options(variant, overrides)
        at = o.eleven_at
        score = rng.choice([(0, 0), (at, 3), (4, at), (5, 7), (at, at)] if at < o.target
                           else [(0, 0), (5, 7), (o.target - 3, 2)])
        s = deal_hand(o, rng.randrange(o.seats), score, rng)
        frames = [s]
        while not s.over:
            codes = legal_codes(s)
            code = RAISE if RAISE in codes and rng.random() < 0.4 else rng.choice(codes)
            s = apply_legal(s, code)
            frames.append(s)
        yield variant, frames


def test_scripted_hands_are_narrated_in_portuguese() -> None:
    with language("pt-BR"):
        for line in ALL_LINES + PARTNER_LINES:
            frames = hand_frames(line)
            for i, (a, b) in enumerate(zip(frames, frames[1:])):
                assert_portuguese(narrate(a, b), f"{line.key} move {i + 1}")
            for f in frames:
                assert_portuguese(lead_sentence(f), f"{line.key} lead")
                assert_portuguese(hand_html(f), f"{line.key} table")


def test_random_hands_over_every_preset_are_narrated_in_portuguese() -> None:
    seen: set[str] = set()
    sentences = 0
    with language("pt-BR"):
        for variant, frames in _random_hands(RANDOM_HANDS):
            seen.add(variant)
            for a, b in zip(frames, frames[1:]):
                text = narrate(a, b)
                assert_portuguese(text, f"{variant}: {text}")
                assert_portuguese(lead_sentence(b), variant)
                sentences += 1
            assert_portuguese(hand_html(frames[-1]), f"{variant} table")
    assert seen == set(PRESETS)
    assert sentences > 4 * RANDOM_HANDS


def test_every_hand_walk_clicked_through_in_portuguese() -> None:
    with language("pt-BR"):
        for group, lines in LINE_GROUPS.items():
            view = HandWalkView(lines)
            for line in lines:
                view.choose(line.key)
                check(view, f"{group}/{line.key} start")
                while not view.next_button.disabled:
                    view.next_button.click()
                    check(view, f"{group}/{line.key} move {view.frame}")
                view.back_button.click()
                check(view, f"{group}/{line.key} back")


def test_deck_vira_picker_and_mineiro_cards_in_portuguese() -> None:
    with language("pt-BR"):
        deck = DeckView()
        check(deck, "deck")
        deck.deck_choice.value = "spanish"
        check(deck, "spanish deck")
        assert "bastos (paus)" in deck.cards.value and "sota" in deck.cards.value
        picker = ViraPicker()
        for _label, code in picker.picker.options:
            picker.picker.value = code
            check(picker, f"vira {code}")
        picker.pick("7D")
        assert "os <b>damas</b>" not in picker.facts.value  # no masculine article
        assert "as damas" in picker.facts.value and "Depois do 7 vem a dama" in picker.facts.value
        assert_portuguese(mineiro_html(), "mineiro manilhas")
        assert "As manilhas do truco mineiro" in mineiro_html()
        for vira in range(40):
            for deck_name in ("french", "spanish"):
                f = vira_facts(vira, deck_name)
                assert_portuguese(" ".join(f.notes + f.order), f"vira facts {vira} {deck_name}")
        assert_portuguese(" · ".join(deck_cards() + mineiro_manilhas()), "deck cards")


def test_stake_calculator_in_portuguese_with_decimal_commas() -> None:
    with language("pt-BR"):
        calc = StakeCalculatorView()
        for name in calc.TABLES:
            calc.ladder.value = name
            for _label, stake in list(calc.stake.options):
                calc.stake.value = stake
                for win in (0, 25, 35, 50, 70, 100):
                    for fold in (0, 30, 55):
                        calc.win.value, calc.fold.value = win, fold
                        check(calc, f"{name} stake {stake} win {win} fold {fold}")
        calc.ladder.value = next(n for n in calc.TABLES if n.startswith("Paulista"))
        calc.stake.value, calc.win.value, calc.fold.value = 1, 25, 50
        text = calc.result.value
        assert "Eles pedem 3. Aceitar ou correr?" in text
        assert "em média, −0,25 pontos" in text  # decimal comma, real minus sign
        assert "Melhor: <b>correr</b>" in text and "Mão de onze: jogar ou correr?" in text
        assert re.search(r"\d,\d", text)
        assert not re.search(r"\d\.\d", text), text
        with_mineiro = next(n for n in calc.TABLES if n.startswith("Mineiro"))
        calc.ladder.value = with_mineiro
        assert "Mão de dez: jogar ou correr?" in calc.result.value
        assert calc.their.description == "Pontos deles, quando você está com 10:"
        # the model's own sentences, straight from the course
        for text in (answer_values((1, 3, 6, 9, 12), 3, 0.4).explain(),
                     call_values((2, 4, 6, 10, 12), 2, 0.6, 0.2).explain(),
                     eleven_values(0.35).explain(), eleven_values(0.9).explain()):
            assert_portuguese(text, "stakes")


def test_iron_hand_played_by_clicking_in_portuguese() -> None:
    with language("pt-BR"):
        for seed in range(8):
            view = IronHandView(seed)
            check(view, f"iron {seed} start")
            assert "Mão de ferro em 11 a 11" in view.board.value
            while not view.state.over:
                view.card_buttons[iron_choices(view.state)[-1]].click()
                check(view, f"iron {seed}")
            view.turn_up(0)  # the hand is over: a friendly message, in Portuguese
            assert "a mão acabou" in view.board.value
            check(view, f"iron {seed} over")
            view.deal_button.click()
            check(view, f"iron {seed} dealt again")
        rng = random.Random(7)
        for _ in range(30):
            s = iron_start(rng)
            while not s.over:
                s = iron_play(s, iron_choices(s)[0], rng)
            assert_portuguese(" ".join(iron_story(s) + [iron_summary(s)]), "iron story")


@pytest.mark.parametrize("name", ["hand:truco_accepted", "lines:tie", "deck", "vira_picker",
                                  "mineiro", "calculator", "iron", "top_cards", "envido_walk",
                                  "envido_ladder", "lines:envido", "lines:flor", "lines:drop"])
def test_every_demo_a_lesson_names_is_portuguese(name: str) -> None:
    with language("pt-BR"):
        check(demo_for(name, seed=3), name)


def test_spot_checks_of_the_narration() -> None:
    by_key = {line.key: line for line in ALL_LINES + PARTNER_LINES}

    def story(key: str) -> list[str]:
        frames = hand_frames(by_key[key])
        return [narrate(a, b) for a, b in zip(frames, frames[1:])]

    with language("pt-BR"):
        assert story("truco_folded") == [
            "Ana pede truco! A mão passaria a valer 3 pontos.",
            "Bruno corre e entrega a mão. Ana ganha a mão e marca 1 ponto."]
        assert story("seis_answer")[1] == ("Bruno aceita os 3 e já aumenta: seis! A mão "
                                           "passaria a valer 6 pontos.")
        assert story("eleven_play")[0].startswith("Ana decide jogar a mão de onze")
        assert "corre da mão de onze" in story("eleven_run")[0]
        third = story("third_tied")[-1]
        assert "A 3ª rodada empatou (cangou)" in third
        assert "quem ganhou a 1ª rodada leva a mão" in third
        assert "a dama de espadas" in story("plain")[-1]  # a feminine card, its article
        assert "Ana e Carla vencem a 1ª rodada" in " ".join(story("partners_tie"))
        assert "Regra da carta exposta" in story("exposed_rule")[-1]
        assert "joga uma carta encoberta" in " ".join(story("covered_card"))
        assert lead_sentence(hand_frames(by_key["plain"])[0]) == (
            "Ana é mão: ela começa a 1ª rodada.")
    # and English is still the message id
    assert story("truco_folded")[0] == "Ana calls truco! The hand would be worth 3 points."


def test_lesson_8_demos_clicked_through_in_portuguese() -> None:
    from truco_learn.widgets.lesson_demos_argentine import (EnvidoLadderView, EnvidoWalkView,
                                                            TopCardsView)

    with language("pt-BR"):
        top = TopCardsView()
        for deck in ("spanish", "french"):
            top.deck_choice.value = deck
            check(top, f"top cards, {deck} deck")
        walk = EnvidoWalkView(seed=2)
        kinds = set()
        for hand in range(40):
            for _ in range(EnvidoWalkView.STEPS):
                walk.next_button.click()
            check(walk, f"envido walk, hand {hand}")
            kinds.add((walk.count.bonus > 0, walk.count.flor))
            walk.deal_button.click()
        walk.deal(["7S", "5S", "KS"])  # a flor: its sentence too
        for _ in range(EnvidoWalkView.STEPS):
            walk.next_step()
        check(walk, "envido walk, a flor")
        assert "pontos de flor" in walk.board.value and "Envido: 20 + 7 + 5 = 32." in \
            walk.board.value
        assert {(True, False), (False, False)} <= kinds
        ladder = EnvidoLadderView()
        for calls in ladder.sequences:
            ladder.choose(calls, (4, 17))
            check(ladder, f"envido ladder {calls}")
        ladder.choose(("envido", "real_envido"), (0, 0))
        assert "Quero: a dupla com mais pontos de envido marca 5 pontos." in ladder.result.value
        assert "Não quero: Bruno, que fez o último pedido, marca 2 pontos." in \
            ladder.result.value
