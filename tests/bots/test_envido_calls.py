"""The coach learns how often a player opens an envido on a weak one
(:mod:`truco_learn.bots.envido_calls`), and reads their envido calls and answers by what it
learnt (:mod:`truco_learn.bots.envido_evidence`): before, every player's envido call was read
with one fixed bluff rate, and their quiero or no quiero with the rule of thumb's numbers even
where the coach had learnt the player's own."""

from __future__ import annotations

import math
import random

import pytest

from bot_helpers import envido_hand, watch_from_seat0
from truco_learn.bots.coach_memory import BLUFF_RATES, CoachMemory
from truco_learn.bots.envido_calls import BLUFFS, EnvidoCalls
from truco_learn.bots.envido_evidence import EnvidoEvidence
from truco_learn.bots.envido_explain import envido_facts
from truco_learn.bots.envido_reading import EnvidoAnswers
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.policy import Style
from truco_learn.bots.raise_reading import KINDS
from truco_learn.bots.sampler import DealSampler
from truco_learn.engine import HandState, new_hand, observation, step
from truco_learn.engine.actions import ENVIDO
from truco_learn.engine.handpoints import envido_points
from truco_learn.engine.observer import parse_observation
from truco_learn.errors import ConfigError

# seat 0 (the coach's side, the mão) plays a card; seat 1 (3 envido points) opens an envido
# on it, seat 0 says quiero (the envido is sung: seat 1 shows its 3) and the hand goes on
BLUFF_SHOWN = ("play:4H", "envido", "accept", "play:AS", "play:AC", "play:5S")
NO_CALL = ("play:4H", "play:AS", "play:AC", "play:5S")  # seat 1 does not open (points unseen)


def _watched(actions: tuple[str, ...], hands: int) -> OpponentModel:
    m = OpponentModel()
    for k in range(hands):   # each hand at another score: a new hand files the one before
        watch_from_seat0(m, envido_hand((k, k)), actions)
    return m


def test_a_player_seen_opening_envidos_on_weak_points_is_read_as_a_bluffer() -> None:
    stranger = OpponentModel().envido_calls.bluff()
    bluffer = _watched(BLUFF_SHOWN, 4)
    assert bluffer.envido_calls.seen == 3 and bluffer.envido_calls.pending()
    assert bluffer.envido_calls.bluff() > stranger + 0.15
    # a player who lets the chance go, its points unseen, is read a little less a bluffer
    quiet = _watched(NO_CALL, 4)
    assert quiet.envido_calls.seen == 3
    assert quiet.envido_calls.bluff() < stranger


def test_the_chances_are_weighed_by_the_points_shown() -> None:
    strong, weak, unseen = EnvidoCalls(), EnvidoCalls(), EnvidoCalls()
    for _ in range(5):
        strong.add(True, 30, mao=False)   # an envido on 30: what anyone does
        weak.add(True, 12, mao=False)     # on 12: a bluff
        unseen.add(True, None, mao=False)
    stranger = EnvidoCalls().bluff()
    assert strong.bluff() == pytest.approx(stranger, abs=0.01)
    assert weak.bluff() > unseen.bluff() > stranger + 0.005
    never = EnvidoCalls()
    for _ in range(30):
        never.add(False, 12, mao=True)
    assert never.bluff() < 0.03


def test_only_a_seat_s_first_chance_to_open_in_a_hand_is_noted() -> None:
    calls = EnvidoCalls()
    s = envido_hand()
    calls.note(s, 0, ENVIDO)       # seat 0's first chance: noted
    calls.note(s, 0, ENVIDO)       # the same seat again in the same hand: not
    opened = step(s, "envido")
    calls.note(opened, 1, ENVIDO)  # a raise of an open envido is no opening
    assert calls.pending() and len(calls._noted) == 1
    calls.file_hand(parse_observation(observation(opened, 0)))
    assert calls.seen == 1 and not calls.pending()


def _their_points_after(s: HandState, answers: EnvidoAnswers, bluff: float,
                        below: int = 27, draws: int = 400) -> float:
    """The share of the deals drawn for seat 0 in ``s`` that give seat 1 under ``below``
    envido points, their envido read as learnt."""
    sampler = DealSampler(observation(s, 0), envido=(answers, bluff))
    rng = random.Random(3)
    weak = sum(envido_points(sampler.sample(rng).deal.hands[1]) < below for _ in range(draws))
    return weak / draws


def test_a_bluffer_s_envido_leaves_more_weak_hands_in_the_deals_drawn() -> None:
    called = step(step(envido_hand(), "play:4H"), "envido")
    answers = EnvidoAnswers()
    careful = _their_points_after(called, answers, BLUFFS[0])
    bluffer = _their_points_after(called, answers, BLUFFS[-1])
    assert bluffer > careful + 0.2
    # the sentence's share of their hands below mine reads the same
    ob = parse_observation(observation(called, 0))
    said = {b: envido_facts(ob, called, "accept", random.Random(5), (answers, b))
            for b in (BLUFFS[0], BLUFFS[-1])}
    assert said[BLUFFS[-1]]["envido"]["share_below"] > said[BLUFFS[0]]["envido"]["share_below"]


def test_their_no_quiero_is_read_by_the_points_they_were_seen_to_say_quiero_from() -> None:
    caller = EnvidoAnswers()
    for _ in range(8):
        caller.add("envido", True, 22)    # quiero to my envido holding 22
    declined = step(step(envido_hand(), "envido"), "fold")
    after_caller = _their_points_after(declined, caller, 0.08, below=22)
    after_stranger = _their_points_after(declined, EnvidoAnswers(), 0.08, below=22)
    # a player who says quiero from 22 and said no quiero holds less than a stranger would
    assert after_caller > after_stranger + 0.05
    curve = EnvidoEvidence.of(observation(declined, 0), 1.0, caller, 0.08).steps[0][1]
    plain = EnvidoEvidence.of(observation(declined, 0)).steps[0][1]
    assert curve[24] < 0.2 < plain[24]   # no quiero holding 24 (23 and the mão's point)


def test_in_the_playouts_their_seat_bluffs_an_envido_as_often_as_learnt() -> None:
    s = step(envido_hand(), "play:4H")   # seat 1, 3 points, may open the envido
    style = Style()

    def share(model: OpponentModel) -> float:
        rng = random.Random(11)
        return sum(model.choose(s, rng, style) == ENVIDO for _ in range(2000)) / 2000

    bluffer = _watched(BLUFF_SHOWN, 6)
    bluffer.envido_calls.file_hand(parse_observation(observation(envido_hand(), 0)))
    assert share(bluffer) == pytest.approx(bluffer.envido_calls.bluff(), abs=0.03)
    assert share(bluffer) > share(OpponentModel()) + 0.15


def test_the_bluff_rate_is_remembered_from_one_match_to_the_next() -> None:
    bluffer = _watched(BLUFF_SHOWN, 3)     # the last hand not filed yet
    before = bluffer.envido_calls.bluff()
    memory = bluffer.remembered()
    assert bluffer.envido_calls.bluff() == before and bluffer.envido_calls.pending()
    assert len(memory.envido_calls) == BLUFF_RATES == len(BLUFFS)
    met_again = OpponentModel(memory).envido_calls
    assert met_again.seen == 0
    assert OpponentModel().envido_calls.bluff() < met_again.bluff()
    # a match that showed no chance to open keeps the memory as it was
    assert memory.after(memory.evidence, 0).envido_calls == memory.envido_calls
    assert OpponentModel().remembered().envido_calls == ()


@pytest.mark.parametrize("bad", [(0.0,), (0.5,) * len(BLUFFS), (math.nan,) * len(BLUFFS),
                                 (-math.inf,) * len(BLUFFS)])
def test_a_memory_the_calls_reading_did_not_write_is_refused(bad: tuple[float, ...]) -> None:
    with pytest.raises(ConfigError, match="envido calls"):
        EnvidoCalls(bad)
    with pytest.raises(ConfigError, match="envido calls"):
        CoachMemory((0.0,) * len(KINDS), envido_calls=bad)


def test_a_hand_with_flor_notes_no_chance_to_open() -> None:
    s = new_hand("gauderio-2p", dealer=1, hands=[["4H", "5S", "KC"], ["AS", "AC", "3D"]])
    calls = EnvidoCalls()
    calls.note(s, 0, ENVIDO)
    assert not calls.pending()
