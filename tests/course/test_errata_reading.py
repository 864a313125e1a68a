"""The errata of the reading audit (lesson text, quiz explanations and demo narration read
against ../shared/RULES.md, in English and in Portuguese). Each test failed before its fix."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from truco_learn.course import get_lesson
from truco_learn.course.deals import find_line
from truco_learn.course.scripted import hand_frames, narrate
from truco_learn.engine import make_options
from truco_learn.i18n import LOCALE_DIR, language
from truco_learn.quiz import RULE_TEXT, make_item
from truco_learn.quiz.deals import replay

LANGS = ("en", "pt-BR")
_EXPOSED = {"en": "exposed-card rule", "pt-BR": "carta exposta"}
# the lesson 3 steps that say how a tied trick decides the hand
_TIE_DEMOS = ("hand:first_tied", "hand:second_tied", "hand:third_tied", "hand:two_tied",
              "lines:tie")


@pytest.mark.parametrize("lang", LANGS)
def test_every_tie_rule_of_lesson_3_names_the_exposed_card_exception(lang: str) -> None:
    """"A tied first trick: the next trick that is not tied decides the hand" (and "two ties:
    the third trick decides", "all three tied: nobody scores") was said of every table; at a
    Federação Paulista table (exposed_card) a tie on a card already face up at the trick's last
    raise ends the hand at once, the first trick's tie too (lesson 6's own demo). Only the
    steps "won, then tied" and "one each, then tied" named the exception."""
    with language(lang):
        steps = [s for s in get_lesson(3).steps if s.demo in _TIE_DEMOS]
        assert len(steps) == len(_TIE_DEMOS)
        for s in steps:
            assert _EXPOSED[lang] in s.body, (s.title, s.body)
    # the engine: a tied FIRST trick ends the hand at once under the exposed-card rule
    frames = hand_frames(find_line("exposed_rule"))
    last = frames[-1]
    assert last.opts.exposed_card and last.over and len(last.tricks) == 1
    assert last.tricks[0].result == -1 and last.winner == 0


def _raise_answer_items() -> list:
    items = [make_item("bet_points", seed, variant)
             for seed, variant in itertools.product(range(60), ("paulista-2p", "mineiro-4p"))]
    return [i for i in items if i.rule == "betting.raise_answer"]


def test_raising_as_an_answer_accepts_the_value_proposed_not_the_stake_on_the_table() -> None:
    """RULES.md: a raise given as an answer "accepts the proposed value and proposes the next
    one". The quiz said it "accepts the stake on the table" (the stake before the call: 1 when
    truco is answered with seis, while the seis accepts the 3)."""
    items = _raise_answer_items()
    assert items
    for item in items:
        assert "stake on the table" not in item.explanation
        assert "accepts the value just proposed" in item.explanation
        # the engine: after truco and a raise as its answer, a fold pays the truco's value,
        # so the answer accepted the value truco proposed, above the stake before it
        scenario = dict(item.data["scenario"])
        acts = list(scenario["actions"])
        first_two = acts[:acts.index("raise", acts.index("raise") + 1) + 1]
        state = replay({**scenario, "actions": first_two + ["fold"]})
        opts = make_options(item.data["table"])
        assert state.points[state.winner] == opts.ladder[1] > opts.ladder[0]
    assert "accepts the value proposed" in RULE_TEXT["betting.raise_answer"]
    with language("pt-BR"):
        assert "valor pedido" in RULE_TEXT["betting.raise_answer"]
        pt = make_item("bet_points", items[0].seed, items[0].variant)
        assert "aceita o valor que acabou de ser pedido" in pt.explanation


def _msgstrs(domain: str) -> list[str]:
    path = Path(LOCALE_DIR) / "pt_BR" / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as f:
        cat = read_po(f)
    out: list[str] = []
    for m in cat:
        s = m.string
        out += [x for x in s if x] if isinstance(s, tuple) else [s]
    return out


@pytest.mark.parametrize("domain", ["course", "demos", "quiz"])
def test_a_tied_trick_has_its_brazilian_name(domain: str) -> None:
    """The Portuguese lessons, demos and quiz called a tied trick "cangaço" ("em Minas se diz
    cangaço"); at Brazilian tables a tied trick "canga" (cangar, "cangou", also "melou"),
    as the brief's list of real truco words says; "cangaço" is the bandits of the sertão."""
    said = " ".join(_msgstrs(domain))
    assert "cangaço" not in said
    assert re.search(r"\bcang(a|ou)\b", said)


def test_the_lessons_say_cangou_where_they_named_the_tie() -> None:
    with language("pt-BR"):
        body = next(s.body for s in get_lesson(1).steps if s.title == "O naipe não conta")
    assert "cangou" in body and "Minas se diz" not in body


def test_con_flor_me_achico_is_said_as_the_table_says_it() -> None:
    """"se achica (com flor me achico)": the call is the Spanish "con flor me achico", as
    every other place (quiz, coach, lesson 8) writes it."""
    frames = hand_frames(find_line("achico"))
    with language("pt-BR"):
        said = " ".join(narrate(a, b) for a, b in zip(frames, frames[1:]))
    assert "(con flor me achico)" in said and "com flor me achico" not in said



def test_an_accepted_envido_question_says_who_won_it() -> None:
    """"Bruno calls envido, Ana says quiero. How many points does Ana score?" asked for the
    winner's points without saying who won (no 0 among the choices, no hands shown): the
    question now says it, as the engine settled it."""
    items = [make_item("envido_declined", seed) for seed in range(40)]
    accepted = [i for i in items if i.data["form"] == "accepted"]
    assert accepted
    for item in accepted:
        state = replay(item.data["scenario"])
        assert state.ext is not None
        winner = "Ana" if state.ext.env_winner == 0 else "Bruno"
        assert f"{winner} wins the envido." in item.prompt
        with language("pt-BR"):
            assert f"{winner} ganha o envido." in make_item("envido_declined", item.seed).prompt


@pytest.mark.parametrize("lang", LANGS)
def test_the_english_says_what_the_portuguese_says(lang: str) -> None:
    """Two sentences where the English and the Portuguese said different things: "a manilha,
    or two 3s and 2s" (pt: two high cards, 3s or 2s), and the French deck "(spades for espadas,
    clubs for bastos)" (pt: clubs for bastos, diamonds for oros)."""
    with language(lang):
        deciding = next(s.body for s in get_lesson(5).steps if s.demo == "lines:eleven")
        tops = next(s.body for s in get_lesson(8).steps if s.demo == "top_cards")
    if lang == "en":
        assert "two high cards (3s or 2s)" in deciding
        assert "clubs for bastos, diamonds for oros" in tops
    else:
        assert "duas cartas altas (3 ou 2)" in deciding
        assert "paus no lugar de bastos, ouros no lugar de oros" in tops


def test_the_lone_flor_names_the_suit_its_deck_shows() -> None:
    """The gaúcho table plays with the French deck (lesson 8 says so), and the demo's own
    narration says "the 7 of spades"; the hand's text said "all swords"."""
    line = find_line("flor_lone")
    assert make_options(line.variant).deck == "french"
    frames = hand_frames(line)
    said = " ".join(narrate(a, b) for a, b in zip(frames, frames[1:]))
    assert "7 of spades" in said
    assert "all spades" in line.lesson_text and "swords" not in line.lesson_text


@pytest.mark.parametrize("lang", LANGS)
def test_running_from_eleven_says_when_the_next_hand_is_the_iron_hand(lang: str) -> None:
    """Lesson 5 said that after running from the hand of eleven "you play the next hand at
    eleven again": not when the point for running takes the other team to eleven too, where
    the engine deals the iron hand (RULES.md: both teams at eleven)."""
    import random

    from truco_learn.engine.match import Match, deal_hand
    from truco_learn.engine.state import IRON

    iron = {"en": "iron hand", "pt-BR": "mão de ferro"}[lang]
    with language(lang):
        body = next(s for s in get_lesson(5).steps if s.demo == "lines:eleven").body
    assert iron in body, body
    opts = make_options("paulista-2p")
    rng = random.Random(5)
    m = Match(opts, 1, deal_hand(opts, 1, (opts.eleven_at, opts.eleven_at - 1), rng))
    assert m.hand.deal.mode != IRON and m.hand.deal.score == (11, 10)
    m = m.apply("onze:fold", rng)  # team 0 runs from its hand of eleven
    assert m.hand.deal.score == (11, 11) and m.hand.deal.mode == IRON


@pytest.mark.parametrize("lang", LANGS)
def test_a_declined_contraflor_al_resto_is_said_to_pay_too(lang: str) -> None:
    """Lesson 8 gave the contraflor al resto's value accepted and not declined, where RULES.md
    says "declined, 4 at once" (as the contraflor; tests/engine/test_flor.py pins the engine)."""
    from truco_learn.engine.flor import FOLD_OR_ACHICO

    said = {"en": f"refused, {FOLD_OR_ACHICO} as well", "pt-BR": f"recusada, também dá "
            f"{FOLD_OR_ACHICO}"}[lang]
    with language(lang):
        body = next(s for s in get_lesson(8).steps if s.demo == "lines:flor").body
    resto = body[body.index("Contraflor al resto"):]
    assert said in resto[:resto.index("achico")], resto
    assert FOLD_OR_ACHICO == 4
