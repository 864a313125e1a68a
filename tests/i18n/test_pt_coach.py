"""The coach in Brazilian Portuguese: 1,000 random positions over every preset, explained and
reviewed in pt-BR with no English left; a few translations checked word for word; the bot
protocol's optional ``"lang"`` through the real ``truco-learn bot`` process."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest

from truco_learn.bots import make_bot
from truco_learn.bots.coach import best_index, estimate, explain
from truco_learn.bots.envido_explain import summary_of
from truco_learn.bots.review_sentences import did_text, review_reason, second_person
from truco_learn.bots.sentences import summarize
from truco_learn.engine import VARIANTS, new_hand, observation, step
from truco_learn.i18n import language

from .coach_corpus import position, texts
from .english import assert_portuguese

# "chance" is Portuguese too ("sua chance de ganhar a partida")
ALLOW = frozenset({"chance"})
POSITIONS = 1000


@pytest.fixture(scope="module")
def portuguese() -> list[tuple[str, str]]:
    with language("pt-BR"):
        return list(texts(POSITIONS))


def test_a_thousand_positions_in_every_preset_are_explained_and_reviewed_in_portuguese(
        portuguese: list[tuple[str, str]]) -> None:
    kinds = Counter(where.split("]")[-1].split()[0] for where, _ in portuguese)
    assert kinds["summary"] == POSITIONS and kinds["review"] == POSITIONS
    assert kinds["public"] == POSITIONS and kinds["habit"] == POSITIONS
    assert kinds["verdict"] == POSITIONS and kinds["option"] >= 2 * POSITIONS
    presets = Counter(where.split()[1] for where, _ in portuguese if where.endswith("summary"))
    assert set(presets) == set(VARIANTS), presets
    assert min(presets.values()) >= POSITIONS // len(VARIANTS) // 2, presets
    for where, text in portuguese:
        assert text.strip(), where
        assert_portuguese(text, where, allow=ALLOW)


def test_the_positions_reach_every_kind_of_sentence(portuguese: list[tuple[str, str]]) -> None:
    summaries = " ".join(t for w, t in portuguese if w.endswith("summary"))
    for words in ("Mão de onze:", "Mão de dez:", "Mão de ferro:", "Um blefe:",
                  "Correr dá", "de envido;", "Ir ao baralho", "Saio com minha carta mais",
                  "empata com o", "encoberta"):
        assert words in summaries, words
    reviews = " ".join(t for w, t in portuguese if " review " in w)
    for words in ("Erro grave: você", "Imprecisão: você", "Boa: você", "você correu",
                  "Você ganha esta mão", "Seu pedido: Eles correm"):
        assert words in reviews, words
    habits = " ".join(t for w, t in portuguese if " habit " in w)
    assert "Hábito de iniciante: sempre" in habits and "Pensando bem, eu" in habits
    argentine = " ".join(t for w, t in portuguese if "argentino" in w or "gauderio" in w)
    assert "Cantar envido:" in argentine and "canto" in argentine
    assert "retruco" in argentine and "vale quatro" in argentine
    # the Argentine games have no hand of eleven: their moves are never called one
    assert "mão de 30" not in argentine and "mão de 24" not in argentine


def test_numbers_use_the_decimal_comma_and_a_real_minus() -> None:
    ex = {"options": [{"action": "accept", "ev": 0.47, "win": 0.62},
                      {"action": "fold", "ev": -1.0, "win": 0.0}],
          "facts": {"decision": {"kind": "answer", "chosen": "accept", "bluff": False},
                    "stake": 1, "pending": 3, "ladder": [1, 3, 6, 9, 12]}}
    with language("pt-BR"):
        text = summarize(ex)
        learner = summarize(ex, you=True)
    assert text == ("Correr dá 1 a eles; aceitar faz a mão valer 3. Ganho esta mão 62% das "
                    "vezes (ponto de equilíbrio: 33%), então aceitar vale +0,47, contra −1,00 "
                    "para correr.")
    assert "Você ganha esta mão 62% das vezes" in learner and "Ganho" not in learner
    assert summarize(ex).endswith("so accepting is worth +0.47 against −1.00 for folding.")


def test_cards_the_hand_of_eleven_and_the_review_read_as_at_a_brazilian_table() -> None:
    with language("pt-BR"):
        assert did_text("play:QS", {}) == "você jogou a dama de espadas"
        assert did_text("play:KD", {}) == "você jogou o rei de ouros"
        assert did_text("raise", {"stake": 3, "ladder": [1, 3, 6, 9, 12]}) == "você pediu seis (6)"
        s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"],
                                                                 ["QC", "QH", "3S"]])
        s = step(s, "raise")
        obs = observation(s, 1)
        est = estimate(obs, 40, random.Random(3))
        best = best_index(est, "points")
        why = explain(obs, est, best, best, False)
        text = review_reason("blunder", "fold", why["facts"]["decision"]["chosen"],
                             -1.0, 1.5, why)
        assert text.startswith("Erro grave: você correu (−1,00);"), text
        assert "valia +1,50." in text and "Você ganha esta mão" in text
        assert_portuguese(text, "review", ALLOW)
        eleven = new_hand("mineiro-2p", dealer=1, hands=[["4H", "5S", "6D"],
                                                          ["QC", "QH", "3S"]], score=(10, 4))
        d = make_bot("coach", "easy", seed=1).decide(observation(eleven, 0))
        assert d.explanation["summary"].startswith("Mão de dez:"), d.explanation["summary"]


def test_english_spoken_to_the_learner_is_the_coach_sentence_turned_word_by_word() -> None:
    """The catalog's "You ..." messages (what translators translate for the learner's seat)
    say in English what the coach's own sentence says turned to "you"."""
    rng = random.Random(7)
    checked = 0
    i = 0
    while checked < 150:
        s = position(i, rng)
        i += 1
        if s is None:
            continue
        obs = observation(s, s.to_act)
        est = estimate(obs, 4, random.Random(i))
        for chosen in range(len(est.actions)):
            ex = explain(obs, est, chosen, best_index(est), rng.random() < 0.3)
            # (the word-by-word turn also capitalises a word after a colon)
            assert (summary_of(ex, you=True).lower()
                    == second_person(summary_of(ex)).lower()), ex["facts"]
            checked += 1


def _bot(name: str, *lines: object) -> list[dict[str, object]]:
    text = "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
    proc = subprocess.run([sys.executable, "-m", "truco_learn.cli", "bot", name, "--seed", "4",
                           *(["--level", "easy"] if name == "coach" else [])],
                          input=text, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


OBS = observation(new_hand("paulista-2p", dealer=1, vira="7D",
                           hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]]), 0)
ARG = observation(new_hand("argentino-2p", dealer=1, hands=[["7S", "6S", "4H"],
                                                             ["2H", "5C", "KD"]]), 0)


@pytest.mark.parametrize("name", ["coach", "heuristic"])
def test_the_bot_process_explains_in_the_language_a_decide_request_asks(name: str) -> None:
    answers = _bot(name,
                   {"cmd": "decide", "id": 1, "observation": OBS},
                   {"cmd": "decide", "id": 2, "observation": OBS, "lang": "pt-BR"},
                   {"cmd": "decide", "id": 3, "observation": ARG, "lang": "pt-BR"},
                   {"cmd": "decide", "id": 4, "observation": OBS, "lang": "en"},
                   {"cmd": "decide", "id": 5, "observation": OBS},
                   {"cmd": "quit"})
    assert [a["id"] for a in answers] == [1, 2, 3, 4, 5]
    english = [a["explanation"]["summary"] for a in answers]  # type: ignore[index]
    for k in (0, 3, 4):
        assert " the " in f" {english[k]} " or " I " in f" {english[k]} ", english[k]
    assert english[0] == english[4]  # a request in Portuguese changes nothing after it
    for k in (1, 2):
        assert_portuguese(str(english[k]), f"decide {k + 1}", ALLOW)
    assert answers[0]["action"] == answers[1]["action"]  # the language never changes the move
    assert set(answers[1]["explanation"]) == set(answers[0]["explanation"])  # type: ignore[arg-type]


def test_an_unknown_language_is_an_error_line_and_the_bot_goes_on() -> None:
    answers = _bot("coach",
                   {"cmd": "decide", "id": 1, "observation": OBS, "lang": "klingon"},
                   {"cmd": "decide", "id": 2, "observation": OBS, "lang": 5},
                   {"cmd": "decide", "id": 3, "observation": OBS},
                   {"cmd": "quit"})
    assert answers[0] == {"error": "unknown language 'klingon': choose one of en, pt-BR",
                          "id": 1}
    assert answers[1]["id"] == 2 and "lang" in str(answers[1]["error"])
    assert answers[2]["id"] == 3 and "action" in answers[2]
    assert "I" in str(answers[2]["explanation"]["summary"]).split()  # type: ignore[index]
