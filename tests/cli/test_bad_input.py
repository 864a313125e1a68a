"""PROTOCOL.md: a file that is not a valid scenario prints only {"error": {"message": …}} and
exits 2; an action that cannot be applied gives the error object and exit 1; no traceback ever.

Each case runs in-process (fast, exact) and, all at once, through the real command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import DROP, cli, json_lines, scenario
from truco_learn.engine.scenario import run_scenario_text

H2 = [["QC", "3S", "4H"], ["2H", "5C", "KD"]]
MINEIRO = {"variant": "mineiro-2p", "vira": DROP}

# (case id, file text, words the message must contain)
INVALID: list[tuple[str, str, str]] = [
    ("empty", "", "not valid JSON"),
    ("truncated", '{"variant": "paulista-2p"', "not valid JSON"),
    ("prose", "hello", "not valid JSON"),
    ("deep-nesting", "[" * 100000, "JSON"),
    ("huge-number", '{"variant": "paulista-2p", "dealer": ' + "1" * 5000 + "}", "JSON"),
    ("top-list", "[]", "JSON object"),
    ("top-number", "42", "JSON object"),
    ("top-null", "null", "JSON object"),
]


def _case(name: str, words: str, **fields: Any) -> tuple[str, str, str]:
    return (name, json.dumps(scenario(**fields)), words)


INVALID += [
    _case("no-variant", "variant", variant=DROP),
    _case("unknown-variant", "unknown variant 'paulista'", variant="paulista"),
    _case("variant-number", "unknown variant", variant=5),
    _case("variant-null", "unknown variant", variant=None),
    _case("options-list", "options", options=[1]),
    _case("options-string", "options", options="fast"),
    _case("unknown-option", "unknown option 'muestra'", options={"muestra": True}),
    _case("bad-envido", "'envido'", options={"envido": "yes"}),
    _case("bad-tiebreak", "'envido_zero_tiebreak'", options={"envido_zero_tiebreak": "king"}),
    _case("vira-in-argentino", "no vira", variant="argentino-2p"),
    _case("bad-choice", "'all_tied'", options={"all_tied": "both"}),
    _case("bad-bool", "'covered_cards'", options={"covered_cards": "yes"}),
    _case("bad-seats", "'seats'", options={"seats": 3}),
    _case("float-seats", "'seats'", options={"seats": 2.0}),
    _case("bad-ladder", "'ladder'", options={"ladder": [3, 1]}),
    _case("bad-target", "'target'", options={"target": 0}),
    _case("bad-eleven-at", "eleven_at", options={"eleven_at": 0}),
    _case("no-dealer", "dealer", dealer=DROP),
    _case("dealer-2", "dealer 2 is not a seat", dealer=2),
    _case("dealer-negative", "dealer -1 is not a seat", dealer=-1),
    _case("dealer-string", "is not a seat", dealer="1"),
    _case("dealer-float", "is not a seat", dealer=1.0),
    _case("dealer-bool", "is not a seat", dealer=True),
    _case("dealer-null", "is not a seat", dealer=None),
    _case("dealer-4-in-4p", "dealer 4 is not a seat", variant="paulista-4p", dealer=4),
    _case("no-vira", "needs a vira", vira=DROP),
    _case("null-vira", "needs a vira", vira=None),
    _case("bad-vira", "unknown card 'ZZ'", vira="ZZ"),
    _case("empty-vira", "unknown card", vira=""),
    _case("number-vira", "vira", vira=7),
    _case("vira-dealt-too", "dealt twice", vira="QC"),
    _case("vira-for-mineiro", "no vira", variant="mineiro-2p"),
    _case("vira-for-mineiro-4p", "no vira", variant="mineiro-4p",
          hands=H2 + [["5S", "6S", "7S"], ["5D", "6D", "JD"]]),
    _case("unknown-card", "unknown card '8C'", hands=[["8C", "3S", "4H"], H2[1]]),
    _case("ten", "unknown card '10H'", hands=[["10H", "3S", "4H"], H2[1]]),
    _case("duplicate-card", "card QC is dealt twice", hands=[["QC", "3S", "4H"],
                                                             ["QC", "5C", "KD"]]),
    _case("duplicate-same-hand", "dealt twice", hands=[["QC", "qc", "4H"], H2[1]]),
    _case("card-number", "card", hands=[[16, "3S", "4H"], H2[1]]),
    _case("card-null", "card", hands=[[None, "3S", "4H"], H2[1]]),
    _case("no-hands", "hands", hands=DROP),
    _case("hands-string", "hands", hands="QC 3S 4H"),
    _case("one-hand", "needs 2 hands", hands=[H2[0]]),
    _case("three-hands", "needs 2 hands", hands=H2 + [["5S", "6S", "7S"]]),
    _case("two-hands-4p", "needs 4 hands", variant="paulista-4p"),
    _case("two-cards", "must have 3 cards", hands=[["QC", "3S"], H2[1]]),
    _case("four-cards", "must have 3 cards", hands=[["QC", "3S", "4H", "5H"], H2[1]]),
    _case("hand-string", "must have 3 cards", hands=["QC3S4H", H2[1]]),
    _case("hand-null", "must have 3 cards", hands=[None, H2[1]]),
    _case("score-negative", "score", score=[-1, 0]),
    _case("score-target", "score", score=[12, 0]),
    _case("score-past", "score", score=[0, 15]),
    _case("score-one", "score", score=[1]),
    _case("score-three", "score", score=[1, 2, 3]),
    _case("score-string", "score", score="0-0"),
    _case("score-float", "score", score=[1.5, 0]),
    _case("score-bool", "score", score=[True, 0]),
    _case("score-null", "score", score=None),
    _case("score-past-custom-target", "score", score=[24, 0], options={"target": 24}),
    _case("actions-string", "actions", actions="raise"),
    _case("actions-object", "actions", actions={"0": "raise"}),
]


@pytest.mark.parametrize("name,text,words", INVALID, ids=[c[0] for c in INVALID])
def test_invalid_scenario_in_process(name: str, text: str, words: str) -> None:
    results = run_scenario_text(text)
    assert len(results) == 1
    out, status = results[0]
    assert status == 2
    assert list(out) == ["error"] and list(out["error"]) == ["message"]
    assert words in out["error"]["message"], out["error"]["message"]
    assert "Traceback" not in out["error"]["message"]


# (case id, action list, index of the failing action, words in the message)
BAD_ACTIONS: list[tuple[str, list[Any], int, str]] = [
    ("unknown-word", ["truco!"], 0, "unknown action 'truco!'"),
    ("empty", [""], 0, "unknown action"),
    ("unknown-card", ["play:8C"], 0, "unknown"),
    ("blind-3", ["blind:3"], 0, "unknown action"),
    ("superscript-seat", ["\u00b2:raise"], 0, "unknown action"),
    ("superscript-blind", ["blind:\u00b2"], 0, "unknown action"),
    ("number", [90], 0, "unknown action"),
    ("float", [90.0], 0, "unknown action"),
    ("bool", [True], 0, "unknown action"),
    ("null", [None], 0, "unknown action"),
    ("list", [["raise"]], 0, "unknown action"),
    ("object", [{"do": "raise"}], 0, "unknown action"),
    ("not-legal", ["accept"], 0, "accept is not legal for seat 0"),
    ("not-in-hand", ["play:2H"], 0, "play:2H is not legal for seat 0"),
    ("blind-outside-iron", ["blind:0"], 0, "blind:0 is not legal"),
    ("onze-outside-eleven", ["onze:play"], 0, "onze:play is not legal"),
    ("wrong-seat", ["1:raise"], 0, "not seat 1"),
    ("wrong-seat-later", ["raise", "0:accept"], 1, "not seat 0"),
    ("no-such-seat", ["7:raise"], 0, "not seat 7"),
    ("after-the-end", ["raise", "fold", "play:QC"], 2, "hand is over"),
    ("second-fails", ["play:QC", "play:QC"], 1, "play:QC is not legal for seat 1"),
]


@pytest.mark.parametrize("name,actions,index,words", BAD_ACTIONS,
                         ids=[c[0] for c in BAD_ACTIONS])
def test_bad_action_in_process(name: str, actions: list[Any], index: int, words: str) -> None:
    [(out, status)] = run_scenario_text(json.dumps(scenario(actions=actions)))
    assert status == 1
    err = out["error"]
    assert err["index"] == index and err["action"] == actions[index]
    assert words in err["message"], err["message"]
    assert " in <" not in err["message"]  # the replay message stops before the state dump
    assert len(out["log"]) == index  # the state before the failing action
    json.dumps(out)


def test_all_invalid_files_through_the_command(tmp_path: Path) -> None:
    files = []
    for k, (name, text, _) in enumerate(INVALID):
        f = tmp_path / f"{k:02d}-{name}.json"
        f.write_text(text, encoding="utf-8")
        files.append(str(f))
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"variant": "paulista-2p\xff"}')
    files += [str(bad), str(tmp_path / "missing.json")]
    p = cli("replay", *files)
    assert p.returncode == 2
    assert b"Traceback" not in p.stderr and b"Traceback" not in p.stdout
    outs = json_lines(p.stdout)
    assert len(outs) == len(files)
    for out in outs:
        assert list(out) == ["error"] and isinstance(out["error"]["message"], str)
    assert "cannot read" in outs[-1]["error"]["message"]


def test_all_bad_actions_through_the_command(tmp_path: Path) -> None:
    files = []
    for k, (name, actions, _, _) in enumerate(BAD_ACTIONS):
        f = tmp_path / f"{k:02d}-{name}.json"
        f.write_text(json.dumps(scenario(actions=actions)), encoding="utf-8")
        files.append(str(f))
    p = cli("replay", *files)
    assert p.returncode == 1 and b"Traceback" not in p.stderr
    outs = json_lines(p.stdout)
    assert [o["error"]["index"] for o in outs] == [c[2] for c in BAD_ACTIONS]
