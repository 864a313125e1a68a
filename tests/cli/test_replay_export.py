"""A position exported from the hand replayer replays through ``truco-learn replay`` (a real
subprocess) to the same state the replayer shows."""

from __future__ import annotations

import random
from pathlib import Path

from cli_helpers import cli, json_lines
from truco_learn.play.replay_eval import session_replay
from truco_learn.play.session import MatchSession


def test_exported_positions_replay_to_the_same_state(tmp_path: Path) -> None:
    files, expected = [], []
    for variant, seed in [("paulista-2p", 1), ("paulista-4p", 2), ("mineiro-2p", 3)]:
        s = MatchSession(variant, bot="random", seed=seed)
        rng = random.Random(seed)
        while not s.hand_over:
            s.run_bots()
            if s.learner_to_act:
                s.act(rng.choice(s.legal()))
        board, _, _ = session_replay(s)
        for ply in sorted({0, board.length // 2, board.length}):
            board.goto(ply)
            f = tmp_path / f"{variant}-{ply}.json"
            f.write_text(board.scenario_json(), encoding="utf-8")
            files.append(str(f))
            expected.append({**board.report(), "error": None})
    done = cli("replay", *files)
    assert done.returncode == 0, done.stderr
    assert json_lines(done.stdout) == expected
