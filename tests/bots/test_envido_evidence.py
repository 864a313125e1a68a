"""What the other side's envido calls and answers say of its points
(:mod:`truco_learn.bots.envido_evidence`). Before, the coach drew their hidden cards as if they
had said nothing: after their falta envido it still imagined their envido as any three cards
give, raised their envido back on 5 points and said quiero to a falta envido on 27, stating
that 74% of their possible hands were lower (``benchmarks/coach-rounds.md``, round 23)."""

from __future__ import annotations

import random

from truco_learn.bots import make_bot
from truco_learn.bots.envido_evidence import EnvidoEvidence, read_step
from truco_learn.bots.envido_explain import envido_facts
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import HandState, new_hand, observation, step
from truco_learn.engine.actions import ENVIDO
from truco_learn.engine.handpoints import envido_points
from truco_learn.engine.observer import parse_observation

THEIRS = ["3S", "4C", "7S"]  # seat 1, the mão: 30 for envido


def _hand(mine: list[str] = ["5S", "3C", "4H"]) -> HandState:  # noqa: B006 (never changed)
    return new_hand("argentino-2p", dealer=0, hands=[mine, THEIRS], score=(5, 13))


def _their_points(s: HandState, n: int = 300) -> list[int]:
    sampler = DealSampler(observation(s, 0))
    rng = random.Random(1)
    return [envido_points(sampler.sample(rng).deal.hands[1]) for _ in range(n)]


def _share(points: list[int], at_least: int) -> float:
    return sum(p >= at_least for p in points) / len(points)


def test_the_deals_drawn_follow_their_envido_calls() -> None:
    plain = _their_points(_hand())
    after_falta = _their_points(step(_hand(), "falta_envido"))
    after_envido = _their_points(step(_hand(), "envido"))
    assert _share(plain, 30) < 0.1
    assert _share(after_falta, 30) > 0.35, _share(after_falta, 30)
    assert _share(after_envido, 27) > 0.5 > 0.3 > _share(plain, 27)


def test_their_no_quiero_says_their_envido_is_poor() -> None:
    folded = _their_points(step(step(step(_hand(), "play:3S"), "envido"), "fold"))
    assert _share(folded, 27) < 0.05


def test_my_own_calls_and_a_flor_are_not_read_as_theirs() -> None:
    s = _hand()
    assert read_step(s, 1, ENVIDO) is not None
    mine = step(step(s, "play:3S"), "envido")  # seat 0 (the coach's side) calls
    assert EnvidoEvidence.of(observation(mine, 0)).steps == ()
    assert EnvidoEvidence.of(observation(mine, 1)).steps != ()  # seat 1 reads seat 0's call


def test_the_coach_answers_their_envido_by_what_it_says() -> None:
    """Holding 5 it no longer raises the mão's envido back (it did in 4 of these 6 seeds:
    envido and falta envido); holding 27 it no longer says quiero to their falta envido, and
    the share of their hands below 27 it states is read after their call."""
    s = step(_hand(), "envido")
    assert [make_bot("coach", "normal", k).decide(observation(s, 0)).action
            for k in range(6)] == ["fold"] * 6
    t = step(_hand(["7H", "QH", "2C"]), "falta_envido")
    d = make_bot("coach", "normal", 0).decide(observation(t, 0))
    assert d.action == "fold"
    after = d.explanation["facts"]["envido"]["share_below"]
    quiet = _hand(["7H", "QH", "2C"])  # nothing said: any three cards
    plain = envido_facts(parse_observation(observation(quiet, 0)), quiet, "envido",
                         random.Random(0))["envido"]["share_below"]
    assert after < 0.45 < 0.7 < plain, (after, plain)
