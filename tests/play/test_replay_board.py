"""The hand replayer's logic: stepping through finished hands, exporting positions that replay
to the same state, and the coach's evaluation of the learner's decisions."""

from __future__ import annotations

import json
import random
import re

import pytest

from truco_learn.bots.review import review
from truco_learn.engine import VARIANTS, new_hand, step
from truco_learn.engine.scenario import run_scenario, state_report
from truco_learn.engine.state import legal_actions
from truco_learn.errors import IllegalActionError, ScenarioError, TrucoError
from truco_learn.play.replay_board import HandRecord, ReplayBoard
from truco_learn.play.replay_eval import HandAnalysis, session_replay
from truco_learn.play.session import MatchSession

NOTATION = re.compile(r"\b(play|cover|blind|onze):|\bseat \d|\bteam \d|paulista-|mineiro-|"
                      r"\braise\b|\bfold\b")


def finished_session(variant: str, seed: int, bot: str = "random") -> MatchSession:
    s = MatchSession(variant, bot=bot, level="easy", seed=seed)
    rng = random.Random(seed)
    while not s.hand_over:
        s.run_bots()
        if s.learner_to_act:
            s.act(rng.choice(s.legal()))
    return s


def test_stepping_walks_every_position_of_the_hand() -> None:
    s = finished_session("paulista-2p", 4)
    board, _, _ = session_replay(s)
    assert board.finished and board.length == len(s.hand.log) > 0
    seen = [state_report(board.state)]
    while board.ply < board.length:
        board.forward()
        seen.append(state_report(board.state))
    board.forward()  # nothing past the end
    assert board.ply == board.length
    assert seen[-1] == state_report(s.hand)
    # each position is the engine's: the dealt hand plus the first n moves
    start = new_hand(s.opts, s.hand.deal.dealer, s.hand.deal.hands, s.hand.deal.vira,
                     s.hand.deal.score)
    state = start
    assert seen[0] == state_report(start)
    for n, (_, code) in enumerate(s.hand.log, 1):
        state = step(state, code)
        assert seen[n] == state_report(state)
    board.back(); board.back()
    assert board.ply == board.length - 2
    board.first(); board.back()
    assert board.ply == 0
    board.last()
    assert board.state.over


def test_everyones_cards_show_only_once_the_hand_is_over() -> None:
    h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    h = step(h, "play:4H")
    unfinished = ReplayBoard(HandRecord.from_hand(h), seat=0)
    assert unfinished.visible_hands()[1] is None and unfinished.visible_hands()[0] is not None
    for a in ["play:2H", "play:5C", "play:QC", "play:3S", "play:KD"]:
        h = step(h, a)
    done = ReplayBoard(HandRecord.from_hand(h), seat=0)
    done.goto(1)
    assert all(cards is not None for cards in done.visible_hands())


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_exported_position_replays_to_the_same_state(variant: str) -> None:
    for seed in range(3):
        s = finished_session(variant, seed)
        board, _, _ = session_replay(s)
        for ply in range(board.length + 1):
            board.goto(ply)
            out, status = run_scenario(json.loads(board.scenario_json()))
            assert status == 0
            out.pop("error")
            assert out == state_report(board.state), (variant, seed, ply)


def test_bad_positions_and_records_are_refused_and_change_nothing() -> None:
    s = finished_session("paulista-2p", 1)
    board, _, _ = session_replay(s)
    board.goto(1)
    for bad in (-1, board.length + 1, "2", True):
        with pytest.raises(ScenarioError, match="is not in this hand"):
            board.goto(bad)  # type: ignore[arg-type]
    assert board.ply == 1
    scenario = board.scenario(board.length)
    scenario["actions"] = scenario["actions"] + ["raise"]  # the hand is already over
    with pytest.raises(IllegalActionError):
        HandRecord.from_scenario(scenario)
    with pytest.raises(ScenarioError, match="not valid JSON"):
        HandRecord.from_scenario("{")
    with pytest.raises(ScenarioError, match="not a seat"):
        ReplayBoard(board.record, seat=2)


def test_no_hand_to_replay_yet() -> None:
    s = MatchSession("paulista-2p", bot="random", seed=2)
    with pytest.raises(ScenarioError, match="nothing to replay"):
        session_replay(s)


def test_the_analysis_agrees_with_the_review_and_names_every_option() -> None:
    checked = 0
    for seed in range(6):
        s = finished_session("paulista-2p", seed, bot="heuristic")
        board, analysis, _ = session_replay(s)
        items = {i.index: i for i in review(s.hand, s.seat, s.level, s.seed + s.hand_number)}
        assert sorted(items) == analysis.decisions()
        for ply in analysis.decisions():
            ev = analysis.at(ply)
            assert ev is not None
            item = items[ply]
            legal = legal_actions(board.positions[ply])
            assert sorted(o.action for o in ev.options) == legal
            assert ev.chosen == item.action and ev.label == item.label
            assert ev.best == item.best and ev.loss == pytest.approx(item.loss, abs=1e-3)
            chosen = next(o for o in ev.options if o.chosen)
            assert chosen.ev == pytest.approx(item.ev_taken, abs=1e-3)
            for text in [ev.sentence] + [o.sentence for o in ev.options] + [
                    o.words for o in ev.options]:
                assert not NOTATION.search(text), text
                assert not re.search(r"-\d", text), text  # one minus sign: −
            checked += 1
        for ply, (seat, _) in enumerate(board.record.log):
            if seat != s.seat:
                assert analysis.at(ply) is None
    assert checked >= 6


def test_the_learners_mistake_is_named_with_why_the_better_move_wins() -> None:
    h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "QH", "3S"]])
    h = step(step(h, "raise"), "fold")
    board = ReplayBoard(HandRecord.from_hand(h), seat=1, names=("Coach", "You"))
    ev = HandAnalysis(board, "normal", seed=3).at(1)
    assert ev is not None and ev.label == "blunder"
    assert ev.sentence.startswith("Blunder: you ran from truco")
    assert "wins the hand more often" in ev.sentence
    assert [o.best for o in ev.options][0]  # best first
    with pytest.raises(TrucoError, match="unknown level"):
        HandAnalysis(board, "grandmaster")
