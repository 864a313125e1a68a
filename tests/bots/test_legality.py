"""Every answer is legal, and every explanation is well formed, across thousands of random
decisions in all presets (normal hands, hands of eleven, iron hands)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from truco_learn.bots import legal_from_observation, make_bot
from truco_learn.bots.coach import CoachBot
from truco_learn.engine import VARIANTS, legal_actions, make_options, new_match, observation

STARTS = [(0, 0), (11, 4), (5, 11), (11, 11), (9, 10)]


def _check_explanation(exp: dict[str, Any], legal: list[str], numeric: bool,
                       bound: int = 12) -> None:
    assert isinstance(exp["summary"], str) and exp["summary"].strip()
    assert isinstance(exp["samples"], int)
    assert sorted(o["action"] for o in exp["options"]) == legal
    if numeric:
        for o in exp["options"]:
            assert 0.0 <= o["win"] <= 1.0
            assert -bound <= o["ev"] <= bound and o["se"] >= 0
        assert exp["facts"]["decision"]["chosen"] in legal


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_answer_is_legal(variant: str) -> None:
    rng = random.Random(variant)
    bots = {"random": make_bot("random", seed=1), "heuristic": make_bot("heuristic", seed=2)}
    coach = CoachBot("easy", seed=3, samples=6)
    opts = make_options(variant)
    # a falta envido or a contraflor al resto can be worth what the leader still needs
    bound = 2 * opts.target if opts.extended else 12
    asked = coached = 0
    for start in STARTS:
        for game in range(8):
            m = new_match(variant, rng, score=start if start[0] < 12 else (0, 0))
            while not m.over and len(m.history) < 8:
                seat = m.hand.to_act
                obs = observation(m.hand, seat)
                legal = legal_actions(m.hand)
                assert legal_from_observation(obs) == legal
                for name, bot in bots.items():
                    d = bot.decide(obs)
                    assert d.action in legal, (name, obs)
                    _check_explanation(d.explanation, legal, numeric=False)
                    asked += 1
                if rng.random() < 0.35:
                    d = coach.decide(obs)
                    assert d.action in legal, obs
                    _check_explanation(d.explanation, legal, numeric=True, bound=bound)
                    coached += 1
                mover = bots["heuristic"] if rng.random() < 0.7 else bots["random"]
                m = m.apply(mover.decide(obs).action, rng)
    assert asked > 700 and coached > 80  # over 4000 answers across the presets


@pytest.mark.parametrize("variant", ["argentino-2p", "argentino-4p", "gauderio-2p",
                                     "gauderio-4p"])
def test_heuristic_bets_envido_and_answers_flors(variant: str) -> None:
    """Whole games between heuristic bots: every move legal, envido called and answered, the
    flor answered in the gaúcho presets, nobody ever drops out."""
    rng = random.Random(variant)
    bots = [make_bot("heuristic", seed=1), make_bot("heuristic", seed=2)]
    seen: set[str] = set()
    for _ in range(6):
        m = new_match(variant, rng)
        while not m.over:
            seat = m.hand.to_act
            d = bots[seat & 1].decide(observation(m.hand, seat))
            assert d.action in legal_actions(m.hand) and d.action != "drop"
            assert d.explanation["summary"]
            seen.add(d.action)
            m = m.apply(d.action, rng)
    assert {"envido", "real_envido", "accept", "fold"} <= seen
    if variant.startswith("gauderio"):
        assert seen & {"flor", "contraflor", "achico"}
