"""The coach remembers a player from one match to the next (issue 18): what its raise reading
and its answer reading learnt carries over, fading, and nothing else does."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot_helpers import watch_hands
from truco_learn.bots import make_bot
from truco_learn.bots.answer_reading import GRADES as ANSWER_GRADES
from truco_learn.bots.answer_reading import AnswerReading
from truco_learn.bots.arena import BotSpec, _pair, run_arena
from truco_learn.bots.coach_memory import FADE, CoachMemory
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.raise_reading import GRADES, KINDS, RaiseReading
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.actions import ACCEPT, RAISE
from truco_learn.errors import ConfigError


def _one(grade: int) -> list[float]:
    return [1.0 if g == grade else 0.0 for g in range(GRADES)]


def _cautious(reading: RaiseReading, hands: int = 5) -> RaiseReading:
    """Quiet on every good moment, raising on the best only."""
    for _ in range(hands):
        for g in range(GRADES - 1):
            reading.add(_one(g), False)
        reading.add(_one(GRADES - 1), True)
    return reading


def test_a_match_remembered_starts_the_next_where_it_ended() -> None:
    first = _cautious(RaiseReading())
    memory = first.remembered()
    assert memory.matches == 1
    assert memory.turns == pytest.approx(FADE * first.seen)
    again = RaiseReading(memory)
    stranger = RaiseReading()
    # read as a cautious player from the first turn of the next match, a little less sure
    assert again.rate(5) < stranger.rate(5)
    assert first.rate(5) <= again.rate(5)
    assert again.seen == 0
    assert again.facts()["remembered_matches"] == 1
    assert stranger.facts()["remembered_matches"] == 0


def test_the_memory_fades_match_by_match() -> None:
    memory = _cautious(RaiseReading()).remembered()
    spread = max(memory.evidence) - min(memory.evidence)
    later = memory
    for _ in range(3):   # three matches that add one ordinary turn each
        r = RaiseReading(later)
        r.add(_one(3), False)
        later = r.remembered()
    assert later.matches == 4
    assert max(later.evidence) - min(later.evidence) < spread * FADE ** 2
    # a match that showed nothing of them leaves the memory as it was
    assert RaiseReading(later).remembered() is later


def test_a_memory_of_another_shape_is_refused() -> None:
    with pytest.raises(ConfigError, match="kinds"):
        RaiseReading(CoachMemory((0.0, 1.0)))
    with pytest.raises(ConfigError, match="kinds"):
        CoachMemory((0.0,) * len(KINDS)).after((0.0,), 1)


def test_the_model_remembers_the_hands_it_watched() -> None:
    m = OpponentModel()
    watch_hands(m, [["4H", "5S", "6D"], ["QC", "3S", "KD"]],
                ("play:4H", "raise", "accept", "play:3S"), 4, lambda k: (0, k))
    memory = m.remembered()
    assert memory.turns == pytest.approx(FADE * m.reading.seen) and memory.turns > 0
    assert RaiseReading(memory).rates() != RaiseReading().rates()


def test_the_last_hand_of_a_match_is_remembered_without_changing_the_model() -> None:
    m = OpponentModel()
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"],
                                                             ["QC", "3S", "KD"]])
    for a in ("play:4H", "raise", "accept", "play:3S"):
        if s.to_act == 0:
            m.observe(observation(s, 0))
        s = step(s, a)
    m.observe(observation(s, 0))   # the match ends here: no next hand files this one
    assert m.reading.seen == 0
    memory = m.remembered()
    assert memory.turns > 0
    assert m.reading.seen == 0 and m.reading.memory is None


def test_the_coach_passes_on_what_it_learnt_and_only_before_it_plays() -> None:
    coach = make_bot("coach", "easy", seed=1)
    assert coach.remembered() is None   # type: ignore[attr-defined]
    memory = _cautious(RaiseReading()).remembered()
    coach.recall(memory)   # type: ignore[attr-defined]
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"],
                                                             ["QC", "3S", "KD"]])
    facts = coach.decide(observation(s, 0)).explanation["facts"]["their_play"]
    assert facts["raise_reading"]["remembered_matches"] == 1
    assert facts["raise_reading"]["raises_from"] == RaiseReading(memory).facts()["raises_from"]
    assert facts["raise_reading"]["raises_from"] != RaiseReading().facts()["raises_from"]
    with pytest.raises(ConfigError, match="before its first decision"):
        coach.recall(memory)   # type: ignore[attr-defined]
    # one decision showed nothing of them: the memory passes on as it came
    assert coach.remembered() is memory   # type: ignore[attr-defined]


def test_a_series_carries_the_coach_memory_from_match_to_match() -> None:
    memory: dict[tuple[bool, int], object] = {}
    _pair(BotSpec("coach", "easy"), BotSpec("tight"), "paulista-2p", 7, memory)
    assert set(memory) == {(True, 0)}   # the yardstick remembers nothing
    remembered = memory[(True, 0)]
    assert isinstance(remembered, CoachMemory) and remembered.matches == 2
    assert remembered.turns > 0


def test_a_series_replays_exactly_and_the_same_in_any_number_of_processes() -> None:
    args = (BotSpec("coach", "easy"), BotSpec("tight"), "paulista-2p", 3, 5)
    def played(jobs: int) -> dict[str, object]:
        r = run_arena(*args, jobs=jobs, series=2)
        return {k: v for k, v in r.summary().items() if "latency" not in k} | {
            "calibration": r.calibration_summary()}

    one = played(1)
    assert played(1) == one
    assert played(2) == one
    with pytest.raises(ConfigError, match="series"):
        run_arena(*args, series=-1)


def test_the_arena_command_refuses_a_negative_series() -> None:
    out = subprocess.run([sys.executable, "-m", "truco_learn.cli", "arena", "--series", "-2",
                          "--matches", "1"], capture_output=True, text=True)
    assert out.returncode == 2
    assert "--series" in out.stderr and "Traceback" not in out.stderr


def test_at_four_seats_the_coach_starts_every_match_afresh() -> None:
    memory = _cautious(RaiseReading()).remembered()
    coach = make_bot("coach", "easy", seed=2)
    coach.recall(memory)   # type: ignore[attr-defined]
    s = new_hand("paulista-4p", dealer=3, vira="7D",
                 hands=[["4H", "5S", "6D"], ["QC", "3S", "KD"], ["AH", "2S", "JD"],
                        ["5C", "6S", "7H"]])
    facts = coach.decide(observation(s, 0)).explanation["facts"]["their_play"]
    assert facts["raise_reading"]["remembered_matches"] == 0
    assert coach.remembered() is memory   # type: ignore[attr-defined]


def _raises_back_only_on_the_best(reading: AnswerReading, answers: int = 10) -> AnswerReading:
    for _ in range(answers):
        reading.add(_one_answer(3), ACCEPT, True)   # a good moment: accepted
        reading.add(_one_answer(4), RAISE, True)    # the best: raised back
    return reading


def _one_answer(grade: int) -> tuple[float, ...]:
    return tuple(1.0 if g == grade else 0.0 for g in range(ANSWER_GRADES))


def test_their_answers_are_remembered_faded_and_read_again_next_match() -> None:
    seen = _raises_back_only_on_the_best(AnswerReading())
    memory = RaiseReading().remembered(seen.answers)
    assert len(memory.answers) == len(seen.answers)
    assert {w for _, _, _, w in memory.answers} == {FADE}
    again, stranger = AnswerReading(memory.answers), AnswerReading()
    assert again.seen == 0
    # read from the first answer of the next match: raise-backs from the best moments only
    assert again.rates(3)[2] < stranger.rates(3)[2] / 2
    assert again.rates(4)[2] > stranger.rates(4)[2]
    assert seen.rates(3)[2] < again.rates(3)[2]   # a little less sure than at the end
    # a match without answers keeps the answers remembered, faded with the rest
    later = RaiseReading(memory)
    later.add(_one(3), False)
    faded = later.remembered()
    assert [w for _, _, _, w in faded.answers] == pytest.approx([FADE * FADE] * 20)


def test_answers_faded_out_are_forgotten_and_a_bad_answer_is_refused() -> None:
    memory = RaiseReading().remembered(_raises_back_only_on_the_best(AnswerReading()).answers)
    for _ in range(14):
        r = RaiseReading(memory)
        r.add(_one(3), False)
        memory = r.remembered()
    assert memory.answers == ()
    with pytest.raises(ConfigError, match="answer"):
        CoachMemory((0.0,) * len(KINDS), answers=(((1.0, 0.0), 0, True, 0.5),))
    with pytest.raises(ConfigError, match="answer"):
        CoachMemory((0.0,) * len(KINDS), answers=((_one_answer(2), 5, True, 0.5),))


def test_the_model_remembers_the_answers_of_the_hands_it_watched() -> None:
    m = OpponentModel()
    # seat 1 accepts my truco, and every card is played: each hand files one answer
    watch_hands(m, [["QC", "3S", "KD"], ["3C", "2D", "6S"]],
                ("raise", "accept", "play:QC", "play:3C", "play:3S", "play:2D"), 3,
                lambda k: (0, k))
    memory = m.remembered()
    assert m.answer_reading.seen == 3 and len(memory.answers) == 3
    assert all(k == 1 for _, k, _, _ in memory.answers)
    met_again = OpponentModel(memory)
    assert met_again.answer_reading.answers == list(memory.answers)
    assert met_again.answer_reading.counts != AnswerReading().counts
