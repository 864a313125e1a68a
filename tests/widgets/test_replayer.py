"""The replayer widget and its place on the play page, driven from Python like clicks."""

from __future__ import annotations

import json
import random

from truco_learn.engine import new_hand, step
from truco_learn.engine.scenario import run_scenario
from truco_learn.play.adaptive import AdaptiveLevel
from truco_learn.play.replay_board import HandRecord, ReplayBoard
from truco_learn.play.replay_eval import HandAnalysis
from truco_learn.widgets.play_app import ADAPTIVE, PlayApp
from truco_learn.widgets.replayer import Replayer, replayer_for_scenario


def blunder_board() -> ReplayBoard:
    h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "QH", "3S"]])
    return ReplayBoard(HandRecord.from_hand(step(step(h, "raise"), "fold")), 1, ("Coach", "You"))


def test_buttons_step_and_the_learners_decision_shows_every_option() -> None:
    board = blunder_board()
    r = Replayer(board, HandAnalysis(board, "easy", seed=1), notes={0: "I call with nothing."})
    assert "Move 0 of 2" in r.board_html.value
    assert "The coach's reason: I call with nothing." in r.analysis_html.value
    assert 'class="tl-replay-analysis" data-ply="0"' in r.analysis_html.value
    r.buttons["forward"].click()
    assert "Move 1 of 2" in r.board_html.value
    html = r.analysis_html.value
    assert 'class="tl-replay-analysis" data-ply="1"' in html  # a page tells it from the last
    assert "Next: You run" in html and "Blunder: you ran from truco" in html
    assert html.count("<tr class") == 3  # accept, run, raise
    assert 'data-action="fold"' in html and "(you)" in html and "(the coach's choice)" in html
    r.buttons["last"].click()
    assert "the hand is over" in r.board_html.value and "The end of the hand" in r.analysis_html.value
    # the hand is over: the coach's cards are on the board
    assert r.board_html.value.count("<svg") >= 1 + 3 + 3
    r.buttons["first"].click()
    r.buttons["export"].click()
    out, status = run_scenario(json.loads(r.export_text.value))
    assert status == 0 and out["log"] == [] and r.export_text.layout.display == ""


def test_a_scenario_with_a_mistake_gets_a_message_not_a_replayer() -> None:
    try:
        replayer_for_scenario('{"variant": "paulista-2p", "dealer": 9, "hands": []}')
    except ValueError as exc:
        assert "dealer 9 is not a seat" in str(exc)
    else:
        raise AssertionError("a bad scenario was accepted")


def _finish_hand(app: PlayApp, rng: random.Random) -> None:
    s = app.session
    while not s.hand_over:
        app.click(rng.choice(app.table.enabled_actions()))


def test_the_play_page_replays_the_last_hand() -> None:
    app = PlayApp("paulista-2p", bot="coach", level="easy", seed=5)
    assert app.replay_button not in app.widget.children  # nothing to replay yet
    _finish_hand(app, random.Random(1))
    assert app.replay_button in app.widget.children
    assert app.replay_button.layout.display == "" and app.replay_button.description == (
        "Replay this hand")
    app.replay_button.click()
    r = app.replayer
    assert r is not None and app.replay_box.children == (r.widget,)
    assert r.board.record.log == app.session.hand.log and r.board.finished
    notes = [p for p, (seat, _) in enumerate(r.board.record.log) if seat != app.session.seat]
    assert sorted(r.notes) == notes  # the coach's reason for each of its moves
    app.click("next-hand")
    assert app.replayer is None and app.replay_box.children == ()
    assert app.replay_button.description == "Replay the last hand"


def test_adaptive_level_moves_after_matches() -> None:
    app = PlayApp("paulista-2p", bot="random", seed=2, start=False)
    app.level.value = ADAPTIVE
    app.new_match()
    assert app.session.level == "easy" and "Adaptive level" in app.adaptive_note.value
    rng = random.Random(3)
    results = []
    for _ in range(3):
        while not app.session.match_over:
            _finish_hand(app, rng)
            if not app.session.match_over:
                app.click("next-hand")
        results.append(app.session.match.winner == app.session.seat % 2)
        app.click("new-match")
    assert [won for _, won in app.adaptive.history] == results
    expected = AdaptiveLevel()
    for won in results:
        expected.record(won)
    assert app.session.level == expected.level == app.adaptive.level


def test_adaptive_rules() -> None:
    a = AdaptiveLevel("beginner")
    a.record(False); a.record(False)
    assert a.level == "beginner"  # nothing below
    a.record(True); a.record(False); a.record(True)
    assert a.level == "beginner"  # no streak
    a.record(True)
    assert a.level == "easy"
    for _ in range(6):
        a.record(True)
    assert a.level == "strong" and "strongest" in a.note
