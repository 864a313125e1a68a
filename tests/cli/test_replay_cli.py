"""PROTOCOL.md "Scenario replay" end to end: ``truco-learn replay`` (files, ``-``, several files,
exit statuses, one JSON line each) and ``truco-learn bench --json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import SCENARIOS, cli, json_lines, scenario
from truco_learn.engine import VARIANTS
from truco_learn.engine.scenario import run_scenario_text

FIELDS = ["log", "tricks", "stake", "pending", "to_act", "legal", "hand_over", "hand_winner",
          "points", "score", "redeal", "game_over", "game_winner", "error"]
SHARED = sorted(p.name[:-5] for p in SCENARIOS.glob("*.json") if not p.name.endswith(
    ".expected.json")) if SCENARIOS.is_dir() else []

PROTOCOL_INPUT = {
    "variant": "paulista-2p", "options": {"all_tied": "dealer_team"}, "dealer": 1,
    "score": [0, 0], "vira": "7D", "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]],
    "actions": ["raise", "accept", "play:QC", "play:2H"],
}
PROTOCOL_OUTPUT = {
    "log": [[0, "raise"], [1, "accept"], [0, "play:QC"], [1, "play:2H"]],
    "tricks": [{"leader": 0, "plays": [[0, "play:QC"], [1, "play:2H"]], "winner": 0,
                "tied": False}],
    "stake": 3, "pending": None, "to_act": 0, "legal": ["play:3S", "play:4H"],
    "hand_over": False, "hand_winner": None, "points": [0, 0], "score": [0, 0],
    "redeal": False, "game_over": False, "game_winner": None, "error": None,
}


def _write(tmp_path: Path, name: str, data: Any) -> str:
    f = tmp_path / name
    f.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(f)


def _one(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    [(out, status)] = run_scenario_text(json.dumps(data))
    return out, status


@pytest.mark.parametrize("name", SHARED)
def test_shared_examples_in_process(name: str) -> None:
    text = (SCENARIOS / f"{name}.json").read_text()
    expected = json.loads((SCENARIOS / f"{name}.expected.json").read_text())
    out, status = _one(json.loads(text))
    assert out == expected
    assert status == (1 if expected["error"] else 0)


@pytest.mark.skipif(not SHARED, reason="shared scenarios not present")
def test_shared_examples_through_the_command() -> None:
    p = cli("replay", *[str(SCENARIOS / f"{n}.json") for n in SHARED])
    outs = json_lines(p.stdout)
    expected = [json.loads((SCENARIOS / f"{n}.expected.json").read_text()) for n in SHARED]
    assert outs == expected
    assert p.returncode == max(1 if e["error"] else 0 for e in expected)
    assert p.stderr == b""


def test_protocol_example_exactly(tmp_path: Path) -> None:
    p = cli("replay", _write(tmp_path, "a.json", PROTOCOL_INPUT))
    assert p.returncode == 0 and p.stderr == b""
    lines = p.stdout.decode().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert out == PROTOCOL_OUTPUT and list(out) == FIELDS


def test_stdin_dash() -> None:
    p = cli("replay", "-", stdin=json.dumps(PROTOCOL_INPUT))
    assert p.returncode == 0 and json_lines(p.stdout) == [PROTOCOL_OUTPUT]


def test_several_files_and_stdin_in_order_highest_status(tmp_path: Path) -> None:
    good = _write(tmp_path, "good.json", PROTOCOL_INPUT)
    illegal = _write(tmp_path, "illegal.json", scenario(actions=["accept"]))
    invalid = _write(tmp_path, "invalid.json", scenario(dealer=9))
    p = cli("replay", good, "-", illegal, stdin=json.dumps(scenario(actions=["play:QC"])))
    outs = json_lines(p.stdout)
    assert p.returncode == 1 and len(outs) == 3
    assert outs[0] == PROTOCOL_OUTPUT
    assert outs[1]["log"] == [[0, "play:QC"]] and outs[1]["error"] is None
    assert outs[2]["error"]["index"] == 0
    p = cli("replay", invalid, good, illegal)
    assert p.returncode == 2 and len(json_lines(p.stdout)) == 3
    assert json_lines(p.stdout)[0] == {"error": {"message": "dealer 9 is not a seat (0..1)"}}
    p = cli("replay", good, good)
    assert p.returncode == 0 and json_lines(p.stdout) == [PROTOCOL_OUTPUT] * 2


def test_one_scenario_per_line(tmp_path: Path) -> None:
    text = "\n".join([json.dumps(PROTOCOL_INPUT), "{oops", json.dumps(scenario())]) + "\n"
    p = cli("replay", _write(tmp_path, "many.jsonl", text))
    outs = json_lines(p.stdout)
    assert p.returncode == 2 and len(outs) == 3
    assert outs[0] == PROTOCOL_OUTPUT and "line 2" in outs[1]["error"]["message"]
    assert outs[2]["error"] is None


def test_missing_file_and_directory(tmp_path: Path) -> None:
    p = cli("replay", str(tmp_path / "nope.json"), str(tmp_path))
    outs = json_lines(p.stdout)
    assert p.returncode == 2 and len(outs) == 2
    assert all("cannot read" in o["error"]["message"] for o in outs)
    assert b"Traceback" not in p.stderr


def test_no_files_is_a_usage_error() -> None:
    p = cli("replay")
    assert p.returncode == 2 and b"usage" in p.stderr and b"Traceback" not in p.stderr
    assert p.stdout == b""


def test_canonical_log_from_loose_notation() -> None:
    out, status = _one(scenario(actions=["0:raise", "1:ACCEPT", "play:q\u2663", "1:play:2h"]))
    assert status == 0
    assert out["log"] == [[0, "raise"], [1, "accept"], [0, "play:QC"], [1, "play:2H"]]


def test_error_describes_the_state_before_the_failing_action() -> None:
    out, status = _one(scenario(actions=["raise", "accept", "raise", "play:QC"]))
    assert status == 1
    assert out["error"] == {"index": 2, "action": "raise",
                            "message": "raise is not legal for seat 0; legal: play:3S play:4H "
                                       "play:QC"}
    assert out["log"] == [[0, "raise"], [1, "accept"]] and out["stake"] == 3
    assert out["to_act"] == 0 and out["legal"] == ["play:3S", "play:4H", "play:QC"]


def test_wrong_seat_prefix_message() -> None:
    out, status = _one(scenario(actions=["raise", "0:accept"]))
    assert status == 1 and out["error"]["action"] == "0:accept"
    assert out["error"]["message"] == "0:accept is not legal: it is seat 1's turn, not seat 0's"
    assert out["pending"] == {"team": 0, "value": 3} and out["to_act"] == 1


def test_four_seat_cover_shown_to_the_referee() -> None:
    data = {"variant": "paulista-4p", "dealer": 3, "vira": "7D",
            "hands": [["3C", "4C", "QC"], ["2H", "5H", "4H"], ["3S", "5S", "6S"],
                      ["2D", "4D", "6D"]],
            "actions": ["play:3C", "play:2H", "play:6S", "play:2D", "cover:QC", "raise",
                        "fold"]}
    out, status = _one(data)
    assert status == 0
    assert out["log"][-3:] == [[0, "cover:QC"], [1, "raise"], [2, "fold"]]
    assert out["tricks"][1] == {"leader": 0, "plays": [[0, "cover:QC"]], "winner": None,
                                "tied": False}
    assert out["hand_over"] and out["hand_winner"] == 1 and out["points"] == [0, 1]
    assert out["to_act"] is None and out["legal"] == [] and out["pending"] is None


def test_onze_fold_report() -> None:
    out, status = _one(scenario(score=[11, 7], actions=["onze:fold"]))
    assert status == 0
    assert out["stake"] == 3 and out["points"] == [0, 1] and out["score"] == [11, 8]
    assert out["hand_winner"] == 1 and out["game_over"] is False


def test_game_over_report() -> None:
    out, status = _one(scenario(score=[10, 0], actions=["raise", "fold"]))
    assert out["score"] == [11, 0] and not out["game_over"]
    out, status = _one(scenario(score=[0, 10], actions=["play:QC", "raise", "accept",
                                                        "play:2H", "play:3S", "play:5C"]))
    assert status == 0 and out["hand_winner"] == 0 and out["points"] == [3, 0]
    out, status = _one(scenario(score=[9, 0], actions=["play:QC", "raise", "accept",
                                                       "play:2H", "play:3S", "play:5C"]))
    assert out["score"] == [12, 0] and out["game_over"] is True and out["game_winner"] == 0


def test_options_override_manilhas_changes_the_vira_requirement() -> None:
    out, status = _one(scenario(options={"manilhas": "mineiro"}, vira=None))
    assert status == 0 and out["legal"] == ["play:3S", "play:4H", "play:QC", "raise"]
    [(out, status)] = run_scenario_text(json.dumps(scenario(options={"manilhas": "mineiro"})))
    assert status == 2 and "no vira" in out["error"]["message"]
    data = {"variant": "mineiro-2p", "options": {"manilhas": "vira"}, "dealer": 1,
            "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]]}
    out, status = _one(data)
    assert status == 2 and "needs a vira" in out["error"]["message"]


# ---------------------------------------------------------------- bench

def test_bench_json_one_variant() -> None:
    p = cli("bench", "--json", "--seconds", "0.05", "--variant", "paulista-2p")
    assert p.returncode == 0
    [out] = json_lines(p.stdout)
    assert list(out) == ["variant", "actions_per_s", "hands_per_s", "wall_actions_per_s",
                         "cpu_share", "load"]
    assert 0 < out["cpu_share"] <= 1.5 and out["wall_actions_per_s"] > 0
    assert out["variant"] == "paulista-2p"
    assert isinstance(out["actions_per_s"], int) and isinstance(out["hands_per_s"], int)
    assert out["actions_per_s"] > out["hands_per_s"] > 0


def test_bench_json_every_variant() -> None:
    p = cli("bench", "--json", "--seconds", "0.02")
    assert p.returncode == 0
    outs = json_lines(p.stdout)
    assert [o["variant"] for o in outs] == list(VARIANTS)
    assert all(o["actions_per_s"] > 0 and o["hands_per_s"] > 0 for o in outs)


def test_bench_text_and_bad_arguments() -> None:
    p = cli("bench", "--seconds", "0.02", "--variant", "mineiro-2p")
    assert p.returncode == 0 and b"actions/s" in p.stdout and b"mineiro-2p" in p.stdout
    for args in (["--variant", "nope"], ["--seconds", "soon"], ["--seconds", "nan"],
                 ["--seconds", "inf"], ["--seconds", "0"], ["--seconds", "-1"]):
        p = cli("bench", *args)  # nan and inf ran for ever, 0 and -1 measured a token run
        assert p.returncode == 2 and b"Traceback" not in p.stderr and p.stdout == b""
        assert b"--seconds: expected a number of seconds above 0" in p.stderr or \
            args[0] == "--variant"


def test_stdin_not_utf8_is_an_invalid_file() -> None:
    p = cli("replay", "-", stdin=b'{"variant": "paulista-2p\xff\xfe"}')
    assert p.returncode == 2 and b"Traceback" not in p.stderr
    [out] = json_lines(p.stdout)
    assert list(out) == ["error"]


def test_lower_case_and_symbol_cards_in_the_deal() -> None:
    data = scenario(vira="7\u2666", hands=[["qc", "3\u2660", "4h"], ["2H", "5c", "KD"]],
                    actions=["play:QC"])
    out, status = _one(data)
    assert status == 0 and out["log"] == [[0, "play:QC"]]
    assert out["legal"] == ["play:2H", "play:5C", "play:KD", "raise"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_one_message_not_a_traceback(tmp_path: Path) -> None:
    import subprocess

    from cli_helpers import COMMAND
    with open("/dev/full", "w") as full:
        p = subprocess.run([*COMMAND, "replay", _write(tmp_path, "a.json", PROTOCOL_INPUT)],
                           stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert p.returncode == 1 and b"Traceback" not in p.stderr
    assert b"No space left" in p.stderr
