"""The coach remembers how a player answers its envido calls from one match to the next
(:mod:`truco_learn.bots.coach_memory`, :mod:`truco_learn.bots.envido_reading`): before, the
quiero it had learnt was forgotten at each match's end, so a player who says quiero on weak
points was met as a stranger again, and bluffed a falta envido at, in every match."""

from __future__ import annotations

import math

import pytest

from bot_helpers import envido_hand, watch_from_seat0
from truco_learn.bots.arena import BotSpec, _pair
from truco_learn.bots.coach_memory import FADE, CoachMemory, fade_envido
from truco_learn.bots.envido_reading import THRESHOLDS, EnvidoAnswers
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.raise_reading import KINDS
from truco_learn.errors import ConfigError


def _says_quiero_on_weak_points(answers: EnvidoAnswers, times: int = 5) -> EnvidoAnswers:
    for _ in range(times):
        answers.add("falta", True, 24)   # quiero to a falta envido holding 24
    return answers


def test_what_the_answers_taught_starts_the_next_match_a_little_less_sure() -> None:
    seen = _says_quiero_on_weak_points(EnvidoAnswers())
    kept = EnvidoAnswers(seen.evidence())   # unfaded: the very same reading
    for kind in ("envido", "falta"):
        for points in range(20, 35):
            assert kept.accept_chance(kind, points) == pytest.approx(
                seen.accept_chance(kind, points))
    again, stranger = EnvidoAnswers(fade_envido(seen.evidence())), EnvidoAnswers()
    assert again.seen == {"envido": 0, "falta": 0}   # counts this match's answers only
    assert (stranger.accept_chance("falta", 24) < again.accept_chance("falta", 24)
            < seen.accept_chance("falta", 24))
    # the envido calls, never answered, are read as a stranger's
    assert again.accept_chance("envido", 24) == pytest.approx(stranger.accept_chance("envido", 24))
    assert EnvidoAnswers().evidence() == (0.0,) * len(THRESHOLDS)


@pytest.mark.parametrize("bad", [(0.0,), (0.5,) * len(THRESHOLDS),
                                 (math.nan,) * len(THRESHOLDS)])
def test_a_memory_the_envido_reading_did_not_write_is_refused(bad: tuple[float, ...]) -> None:
    with pytest.raises(ConfigError, match="envido reading"):
        EnvidoAnswers(bad)


@pytest.mark.parametrize("bad", [(0.5,), (math.nan,), (-math.inf,)])
def test_a_coach_memory_with_a_bad_envido_reading_is_refused(bad: tuple[float, ...]) -> None:
    with pytest.raises(ConfigError, match="envido reading"):
        CoachMemory((0.0,) * len(KINDS), envido=bad)


# seat 0 calls falta envido, seat 1 (3 points) answers, and the hand is played to its end
QUIERO = ("falta_envido", "accept", "play:4H", "play:AS", "play:AC", "play:5S")
NO_QUIERO = ("falta_envido", "fold", "play:4H", "play:AS", "play:AC", "play:5S")
NO_ENVIDO = ("play:4H", "play:AS", "play:AC", "play:5S")


def test_the_last_hand_s_quiero_is_remembered_without_changing_the_model() -> None:
    m = OpponentModel()
    watch_from_seat0(m, envido_hand(), QUIERO)   # the match ends with this hand
    assert m.envido_answers.seen["falta"] == 0 and m.envido_answers.pending()
    memory = m.remembered()
    assert m.envido_answers.seen["falta"] == 0 and m.envido_answers.pending()
    assert memory.envido and min(memory.envido) < 0
    met_again, stranger = OpponentModel(memory), OpponentModel()
    assert (met_again.envido_answers.accept_chance("falta", 3)
            > stranger.envido_answers.accept_chance("falta", 3) + 0.05)


def test_the_envido_memory_fades_only_with_matches_that_show_their_answers() -> None:
    first = OpponentModel()
    watch_from_seat0(first, envido_hand(), QUIERO)
    memory = first.remembered()
    # a match with a hand but no envido answer of theirs: the envido reading kept as it was
    quiet = OpponentModel(memory)
    watch_from_seat0(quiet, envido_hand(), NO_ENVIDO)
    assert quiet.remembered().envido == memory.envido
    # a match that showed one: everything it knew, this match's answer too, faded once
    again = OpponentModel(memory)
    watch_from_seat0(again, envido_hand(), NO_QUIERO)
    later = again.remembered().envido
    filed = EnvidoAnswers(memory.envido)
    filed.add("falta", False, None)
    assert later == pytest.approx(tuple(FADE * x for x in filed.evidence()))


def test_a_series_carries_what_a_caller_s_quiero_taught() -> None:
    """``caller`` says quiero to an envido from 22 points, four fewer than the rule of thumb:
    after a pair of matches the coach starts the next one reading it so."""
    memory: dict[tuple[bool, int], object] = {}
    _pair(BotSpec("coach", "easy"), BotSpec("caller"), "argentino-2p", 3, memory)
    remembered = memory[(True, 0)]
    assert isinstance(remembered, CoachMemory) and remembered.envido
    read, stranger = EnvidoAnswers(remembered.envido), EnvidoAnswers()
    assert read.accept_chance("envido", 23) > stranger.accept_chance("envido", 23)


def test_a_threshold_every_answer_contradicted_is_remembered_as_nearly_impossible() -> None:
    a = EnvidoAnswers()
    for _ in range(400):   # far past what a float weight can hold below the best
        a.add("envido", True, 20)
    assert a.weights["envido"][30] == 0.0
    kept = EnvidoAnswers(fade_envido(a.evidence()))
    assert all(math.isfinite(x) for x in a.evidence())
    assert kept.accept_chance("envido", 20) > 0.99

