"""The errata of the rules audit (every learner-visible rule statement, in English and in
Portuguese, against ../shared/RULES.md). Each test failed before its fix."""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest
from test_rule_statements import lesson_texts

from truco_learn.bots.coach import CoachBot, Estimate, explain
from truco_learn.course.deals import ALL_LINES
from truco_learn.engine import VARIANTS, make_options, new_hand, observation, step
from truco_learn.engine.actions import ACTION_STR
from truco_learn.engine.state import legal_codes
from truco_learn.i18n import _, language

LANGS = ("en", "pt-BR")


def _texts() -> Iterator[tuple[str, str]]:
    """What the course shows about ties, in the current language: every lesson step and
    notebook block, and every scripted hand's title and text."""
    yield from lesson_texts()
    for line in ALL_LINES:
        yield f"scripted hand {line.key}", _(line.title) + ". " + _(line.lesson_text)


# every table the app offers, in both languages
_EVERY_TABLE = re.compile(r"every table this app offers|todas as mesas deste (?:app|aplicativo)",
                          re.I)
_NOBODY = re.compile(r"nobody scores|ninguém marca", re.I)


@pytest.mark.parametrize("lang", LANGS)
def test_all_tied_is_said_only_of_the_tables_that_play_it(lang: str) -> None:
    """Finding 1: "If all three tricks are tied, nobody scores at every table this app offers"
    (lesson 3 and its scripted hand): the Argentine and gaúcho tables the app also offers give
    an all-tied hand to the mão's team (RULES.md, Argentine presets: all_tied = mao_team)."""
    with language(lang):
        texts = list(_texts())
    said = [(where, t) for where, t in texts if _EVERY_TABLE.search(t) and _NOBODY.search(t)]
    wrong = {make_options(v).all_tied for v in VARIANTS} - {"nobody"}
    assert wrong == {"mao_team"}  # the presets the claim must not speak of
    assert not said, said
    with language(lang):
        step3 = next(t for where, t in lesson_texts() if "(All three tied)" in where or
                     "(As três empatadas)" in where)
    assert re.search(r"Paulista and Mineiro|paulista e mineiro", step3), step3


# ---------------------------------------------------------------- the coach's sentences

def _says(state: Any, action: str, win: float = 0.3, lang: str = "en") -> str:
    """The coach's sentence for ``action`` (its real facts and wording; made-up numbers)."""
    codes = tuple(legal_codes(state))
    n = len(codes)
    est = Estimate(actions=codes, ev=(0.5,) * n, se=(0.01,) * n, win=(win,) * n, samples=10,
                   example=state, points=((0.0,),) * n, match=(0.5,) * n)
    i = [ACTION_STR[c] for c in codes].index(action)
    with language(lang):
        return str(explain(observation(state, state.to_act), est, i, i, False)["summary"])


TWO = [["4C", "5D", "6H"], ["7S", "3H", "KC"]]
FOUR = TWO + [["4D", "5S", "QH"], ["2C", "2H", "JD"]]


def test_dropping_out_says_what_the_engine_pays() -> None:
    """Finding 2: "Dropping out gives them the 1 the hand is worth now" where the engine gives
    them 2 (two seats, no card played, an envido still possible) or nothing yet (four seats:
    the partner plays on). RULES.md, Dropping out."""
    s = new_hand("argentino-2p", 1, TWO)
    assert step(s, "drop").points == (0, 2)
    said = _says(s, "drop")
    assert "gives them 2" in said and "gives them the 1" not in said, said
    assert "plus 1" in said
    pt = _says(s, "drop", lang="pt-BR")
    assert "dá 2 a eles" in pt and "mais 1" in pt, pt
    played = step(step(s, "play:4C"), "play:7S")  # Bruno took the first trick, Bruno leads
    played = step(played, "play:3H")
    assert step(played, "drop").points == (0, 1)
    said = _says(played, "drop")
    assert "gives them the 1 the hand is worth now" in said and "plus 1" not in said, said
    four = new_hand("argentino-4p", 3, FOUR)
    after = step(four, "drop")
    assert not after.over and after.points == (0, 0)
    said = _says(four, "drop")
    assert "gives them" not in said and "partner plays the hand on alone" in said, said
    assert "parceiro continua a mão sozinho" in _says(four, "drop", lang="pt-BR")


def test_dropping_out_does_not_say_the_cards_win_never() -> None:
    """Finding 2: the chance named was the drop's own (0% at two seats: the hand is given up),
    said as "my cards would win it only 0% of the time"."""
    s = new_hand("argentino-2p", 1, TWO)
    d = CoachBot("easy", samples=40).decide(observation(s, 0))
    options = {o["action"]: o for o in d.explanation["options"]}
    assert options["drop"]["win"] == 0.0
    codes = tuple(legal_codes(s))
    names = [ACTION_STR[c] for c in codes]
    est = Estimate(actions=codes, ev=tuple(-2.0 if a == "drop" else -2.5 for a in names),
                   se=(0.01,) * len(codes),
                   win=tuple(0.0 if a == "drop" else 0.2 for a in names), samples=10,
                   example=s, points=((0.0,),) * len(codes), match=(0.5,) * len(codes))
    i = names.index("drop")
    said = str(explain(observation(s, 0), est, i, i, False)["summary"])
    assert "only 0%" not in said and "only 20%" in said, said


def _exposed_tie(variant: str) -> Any:
    """Ana's team took trick 1; in trick 2 Bruno's 3♥ is face up, Carla calls truco, Davi
    accepts: Carla may tie with 3♦."""
    hands = [["2C", "3S", "4H"], ["4D", "3H", "5S"], ["5C", "3D", "6H"], ["6C", "7S", "7D"]]
    s = new_hand(variant, 3, hands, "KD")
    for a in ("play:2C", "play:4D", "play:5C", "play:6C", "play:4H", "play:3H", "raise",
              "accept"):
        s = step(s, a)
    assert s.to_act == 2
    return s


def test_the_tie_sentence_knows_the_exposed_card_rule() -> None:
    """Finding 3: at a Federação table the coach said "3♦ ties their 3♥: we won the first trick,
    so a tie in this one wins us the hand." while the engine gives the hand to the other team
    (RULES.md, Exposed-card rule: the team that made the trick's last raise loses)."""
    s = _exposed_tie("paulista-fpt")
    end = step(step(s, "play:3D"), "play:7S")
    assert end.over and end.winner == 1
    said = _says(s, "play:3D")
    assert "wins us the hand" not in said, said
    assert "exposed-card rule" in said and "loses us the hand" in said, said
    assert "regra da carta exposta" in _says(s, "play:3D", lang="pt-BR")
    # without the rule the old sentence is the truth
    usual = _exposed_tie("paulista-4p")
    end = step(step(usual, "play:3D"), "play:7S")
    assert end.over and end.winner == 0
    assert "we won the first trick, so a tie in this one wins us the hand" in _says(
        usual, "play:3D")


def test_the_tie_sentence_when_the_other_team_raised_on_an_exposed_card() -> None:
    """The same rule the other way round: they raised while their own tying card was face up,
    so a tie wins us the hand although they took the first trick."""
    hands = [["4H", "3S", "5S"], ["2C", "3H", "4D"], ["5C", "6H", "7C"], ["6C", "7D", "QS"]]
    s = new_hand("paulista-fpt", 3, hands, "KD")
    for a in ("play:4H", "play:2C", "play:5C", "play:6C",  # Bruno takes trick 1
              "play:3H", "play:6H", "raise", "accept", "play:7D"):
        s = step(s, a)
    assert s.to_act == 0  # Davi raised with Bruno's 3♥ face up; Ana may tie with 3♠
    end = step(s, "play:3S")
    assert end.over and end.winner == 0
    said = _says(s, "play:3S")
    assert "loses the hand" not in said, said
    assert "wins us the hand" in said and "exposed-card rule" in said, said
    usual = new_hand("paulista-4p", 3, hands, "KD")
    for a in ("play:4H", "play:2C", "play:5C", "play:6C", "play:3H", "play:6H", "raise",
              "accept", "play:7D"):
        usual = step(usual, a)
    assert step(usual, "play:3S").winner == 1
    assert "they won the first trick, so a tie in this one loses the hand" in _says(
        usual, "play:3S")


@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_page_names_every_answer_partners_vote_on(lang: str) -> None:
    """The tables page said partners vote "when your team must answer a truco or decide a
    hand of eleven"; RULES.md's votes custom (and the table) also puts an envido's and a
    contraflor's answer to the vote."""
    from pathlib import Path

    from truco_learn.i18n.notebooks import translate_markdown
    from truco_learn.tables.customs import is_team_decision

    s = new_hand("argentino-4p", 3, FOUR)
    assert is_team_decision(step(s, "envido"))  # the table votes on an envido's answer
    nb = Path(__file__).resolve().parents[2] / "lessons" / "tables.ipynb"
    block = next(b for b in ("".join(c["source"]) for c in json.loads(nb.read_text())["cells"]
                             if c["cell_type"] == "markdown") if "**votes**" in b)
    with language(lang):
        text = translate_markdown(block)
    words = {"en": ("truco", "envido", "contraflor", "hand of eleven"),
             "pt-BR": ("truco", "envido", "contraflor", "mão de onze")}[lang]
    assert all(w in text for w in words), text


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_gives_the_play_pages_game_its_targets(lang: str) -> None:
    """The course index said the play page is "a full game to 12 points"; the play page also
    deals the Argentine and gaúcho presets, played to their own targets."""
    from pathlib import Path

    from truco_learn.i18n.notebooks import translate_markdown

    nb = Path(__file__).resolve().parents[2] / "lessons" / "index.ipynb"
    block = next(line for c in json.loads(nb.read_text())["cells"]
                 if c["cell_type"] == "markdown" for line in c["source"]
                 if "(play.ipynb)" in line)
    with language(lang):
        text = translate_markdown(block)
    targets = {make_options(v).target for v in VARIANTS}
    assert targets == {12, 24, 30} and all(str(t) in text for t in targets), text
