"""Wording a reviewer of the Portuguese app flagged, rendered in pt-BR and checked.

- manilhas by number are named by their numeral ("os 2", never "os dois", which reads
  "both"), the same form on the table, in the lesson's vira demo and in the quiz;
- the review labels keep their sentence case on the page ("Erro grave", no CSS capitalising);
- the review's count of other good decisions has one form, singular and plural;
- a played card has its article ("jogou o as de copas", not "jogou as de copas");
- the partners' demo is not called a tie; the demos say "dupla", not "time";
- the tables' end of hand says the score once;
- a two-seat game never speaks of "sua dupla" in the raise button's reasons.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from truco_learn.course.deals import ALL_LINES, PARTNER_LINES
from truco_learn.course.scripted import hand_frames, narrate
from truco_learn.engine import make_options, new_hand, observation, step
from truco_learn.engine.cards import parse_card
from truco_learn.i18n import _, language
from truco_learn.play.action_words import describe_action
from truco_learn.play.menu import action_bar
from truco_learn.play.view import table_view
from truco_learn.quiz.kinds_cards import vira_text
from truco_learn.quiz.model import rank_plural
from truco_learn.widgets.panels import review_html
from truco_learn.widgets.table_render import announcement, table_json
from truco_learn.widgets.tables_view import state_view

PT = "pt-BR"
HANDS = [["QC", "3S", "4H"], ["2H", "5C", "KD"]]
# vira (diamonds: none of them is in HANDS) -> the manilhas, by name in Portuguese
MANILHAS = {"3D": "os 4", "4D": "os 5", "5D": "os 6", "6D": "os 7", "7D": "as damas",
            "QD": "os valetes", "JD": "os reis", "AD": "os 2", "2D": "os 3"}
NUMBER_WORDS = ("dois", "três", "quatros", "cincos", "seis", "setes")


@pytest.mark.parametrize("vira", sorted(MANILHAS))
def test_the_manilhas_by_number_are_numerals_on_the_table_and_in_the_quiz(vira: str) -> None:
    names = ("Você", "Bruno")
    with language(PT):
        h = new_hand("paulista-2p", dealer=1, vira=vira, hands=HANDS)
        text = table_json(table_view(h, 0, names))["manilha_text"]
        assert text == f"Manilhas: {MANILHAS[vira]} (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."
        quiz = vira_text(make_options("paulista-2p"), parse_card(vira))
        assert quiz.endswith(f", então as manilhas são {MANILHAS[vira]}.")
        for said in (text, quiz):
            assert not any(f" {w} " in said or f" {w}." in said for w in NUMBER_WORDS), said


def test_the_rank_plurals_are_one_form_in_every_catalog() -> None:
    from truco_learn.widgets import lesson_demos

    with language(PT):
        quiz = [rank_plural(r) for r in range(10)]
        demos = [_(p) for p in lesson_demos._RANK_PLURALS]
    assert quiz == demos == ["os 4", "os 5", "os 6", "os 7", "as damas", "os valetes",
                             "os reis", "os ases", "os 2", "os 3"]


def _item(label: str, reason: str) -> SimpleNamespace:
    return SimpleNamespace(index=0, action="accept", best="fold", ev_taken=-1.0, ev_best=0.2,
                           loss=2.0, label=label, reason=reason)


def test_the_review_label_is_in_sentence_case_and_the_count_has_one_form() -> None:
    good = _item("good", "Boa.")
    with language(PT):
        one = review_html([_item("blunder", "correr custava menos."), good])
        two = review_html([_item("blunder", "correr custava menos."), good, good])
    assert '<span class="tl-label">Erro grave</span>' in one
    assert "Mais 1 decisão foi boa." in one and "Mais 2 decisões foram boas." in two
    css = (Path(__file__).parents[2] / "truco_learn/widgets/table.css").read_text()
    label_rule = next(line for line in css.splitlines() if line.startswith(".tl-label"))
    assert "capitalize" not in label_rule  # CSS would print "Erro Grave"


def test_a_played_card_has_its_article() -> None:
    names = ("Você", "Bot treinador")
    with language(PT):
        h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["AH", "3S", "4H"],
                                                                 ["QH", "5C", "KD"]])
        first = table_json(table_view(h, 0, names), deck="spanish")
        h1 = step(h, "play:AH")
        second = table_json(table_view(h1, 0, names), deck="spanish")
        said = announcement(first, second)
        assert "Você jogou o as de copas." in said
        h2 = step(h1, "play:QH")
        said = announcement(second, table_json(table_view(h2, 0, names), deck="spanish"))
        assert "Bot treinador jogou a sota de copas, copas." in said
        assert describe_action(h, 0, "play:AH", names) == "Você joga o ás de copas."
        assert describe_action(h1, 1, "play:QH", names) == (
            "Bot treinador joga a dama de copas, copas.")


def test_the_partners_demo_is_not_called_a_tie_and_the_demos_say_dupla() -> None:
    by_key = {line.key: line for line in ALL_LINES + PARTNER_LINES}
    assert by_key["partners_tie"].title == "Partners with equal cards"
    with language(PT):
        assert _(by_key["partners_tie"].title) == "Parceiros com cartas iguais"
        frames = hand_frames(by_key["all_tied_dealer"])
        story = " ".join(narrate(a, b) for a, b in zip(frames, frames[1:]))
        intro = _(by_key["all_tied_dealer"].lesson_text)
    assert "a dupla de quem deu as cartas leva a mão" in story
    assert "dupla de quem deu as cartas" in intro
    assert " time " not in story + intro


def _state_msg(s: Any, seat: int, over: bool) -> dict[str, Any]:
    return {"seat": seat, "observation": observation(s, seat), "hand": 1, "hand_over": over,
            "game_over": False, "score": list(s.score), "legal": [],
            "players": [{"name": "Ana", "kind": "human"}, {"name": "Bruno", "kind": "human"}]}


def test_the_tables_say_the_score_once_at_the_end_of_a_hand() -> None:
    with language(PT):
        s = new_hand("paulista-2p", dealer=1, vira="7D", hands=HANDS)
        before = state_view(_state_msg(s, 0, False))
        s = step(s, "raise")
        s = step(s, "fold")
        after = state_view(_state_msg(s, 0, True))
        said = announcement(before, after)
    assert "Fim da mão." in said
    assert said.count("Placar") == 1, said


def test_a_two_seat_game_has_no_dupla_in_the_raise_reasons() -> None:
    with language(PT):
        names2 = ("Você", "Bruno")
        s = step(step(new_hand("paulista-2p", dealer=1, vira="7D", hands=HANDS), "raise"),
                 "accept")
        raise_item = next(i for i in action_bar(s, 0, names2) if not i.enabled
                          and "pedido" in i.reason)
        assert raise_item.reason == ("Você fez o último pedido: os pedidos se alternam entre os "
                                     "dois jogadores.")
        s = step(new_hand("paulista-2p", dealer=1, vira="7D", hands=HANDS, score=(0, 9)),
                 "raise")
        reasons = " ".join(i.reason for i in action_bar(s, 1, names2))
        assert "os seus 9 pontos" in reasons and "dupla" not in reasons
        hands4 = [["QC", "3S", "4H"], ["2H", "5C", "KD"], ["6C", "7S", "JH"], ["AC", "4S", "5H"]]
        names4 = ("Você", "Bruno", "Carla", "Davi")
        s = step(step(new_hand("paulista-4p", dealer=3, vira="7D", hands=hands4), "raise"),
                 "accept")
        reasons = " ".join(i.reason for i in action_bar(s, 0, names4))
        assert "Sua dupla fez o último pedido" in reasons
