"""The coach's sentences agree with the numbers they give: a fold never "beats" an accept
worth more, "only" is said of a chance below break-even, and two moves worth the same as
written are said to be worth as much (not one "against" the other)."""

from __future__ import annotations

import random
import re

from truco_learn.bots import make_bot
from truco_learn.bots.coach_words import signed
from truco_learn.bots.sentences import summarize
from truco_learn.engine import legal_actions, new_match, observation

LADDER = [1, 3, 6, 9, 12]


def _answer(fold_game: float, accept: dict[str, float]) -> str:
    return summarize({"options": [{"action": "fold", "ev": -1.0, "win": 0.0, "game": fold_game},
                                  {"action": "accept", **accept}],
                      "facts": {"decision": {"kind": "answer", "chosen": "fold", "bluff": False},
                                "stake": 1, "pending": 3, "ladder": LADDER}})


def test_a_fold_does_not_beat_an_accept_worth_more() -> None:
    text = _answer(0.331, {"ev": -0.97, "win": 0.33, "game": 0.329})
    assert "beats" not in text, text
    assert "accepting is worth −0.97, folding −1.00" in text
    assert "about the same either way (33%)" in text
    text = _answer(0.49, {"ev": -0.11, "win": 0.54, "game": 0.40})
    assert "beats" not in text and "only" not in text, text
    assert "my chance to win the game is higher this way (49% against 40%)" in text


def test_only_is_said_below_break_even() -> None:
    below = _answer(0.2, {"ev": -2.6, "win": 0.09, "game": 0.1})
    assert "only 9% of the time (break-even 33%), so folding (−1.00) beats" in below
    above = _answer(0.2, {"ev": -1.18, "win": 0.34, "game": 0.1})
    assert "only" not in above and "counting the raises that may follow" in above, above


def test_moves_worth_the_same_are_said_to_be() -> None:
    text = summarize({"options": [{"action": "accept", "ev": 2.561, "win": 0.77, "game": 0.8},
                                  {"action": "raise", "ev": 2.558, "win": 0.75, "game": 0.8},
                                  {"action": "fold", "ev": -3.0, "win": 0.0, "game": 0.4}],
                      "facts": {"decision": {"kind": "answer", "chosen": "accept",
                                             "bluff": False},
                                "stake": 3, "pending": 6, "ladder": LADDER}})
    assert "+2.56, as much as raising to nove (9)" in text, text
    assert "against +2.56" not in text


def test_every_sentence_of_seeded_matches_agrees_with_its_numbers() -> None:
    rng = random.Random(11)
    checked = folds = 0
    for k in range(6):
        coach = make_bot("coach", "normal", seed=k)
        m = new_match("paulista-2p", rng)
        while not m.over and checked < 400:
            s = m.hand
            if s.to_act % 2 == 0:
                d = coach.decide(observation(s, s.to_act))
                text, evs = d.explanation["summary"], {
                    o["action"]: o["ev"] for o in d.explanation["options"]}
                written = {signed(v) for v in evs.values()}
                assert set(re.findall(r"[+−]\d+\.\d\d", text)) <= written, (text, evs)
                if "beats accepting" in text:
                    assert evs["fold"] >= evs["accept"], (text, evs)
                folds += text.startswith("Folding pays them")
                for a, b in re.findall(r"worth ([+−]\d+\.\d\d)[^.]*? against ([+−]\d+\.\d\d)",
                                       text):
                    assert a != b, text
                checked += 1
                m = m.apply(d.action, rng)
            else:
                m = m.apply(rng.choice(legal_actions(s)), rng)
    assert checked > 100 and folds > 0
