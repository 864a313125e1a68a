"""PROTOCOL.md replay for the Argentine and gaúcho presets through the command: the new actions
and fields, and bad input (an envido at the wrong time, a higher call out of order, a drop
while something waits) gives exit 1 naming the first bad action, never a traceback."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cli_helpers import cli, json_lines

ARG2: dict[str, Any] = {"variant": "argentino-2p", "dealer": 1, "score": [0, 0],
                        "hands": [["7S", "5S", "KC"], ["6H", "4H", "AD"]]}
GAU4: dict[str, Any] = {"variant": "gauderio-4p", "dealer": 3, "score": [0, 0],
                        "hands": [["5C", "4C", "KC"], ["7H", "6H", "AH"], ["3S", "2D", "QS"],
                                  ["JD", "5D", "4S"]]}


def _replay(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    p = cli("replay", "-", stdin=json.dumps(data))
    assert b"Traceback" not in p.stderr
    [out] = json_lines(p.stdout)
    return out, p.returncode


@pytest.mark.parametrize("actions,index,bad", [
    (["play:KC", "play:AD", "envido"], 2, "envido"),       # second trick
    (["raise", "accept", "envido"], 2, "envido"),          # after an accepted truco
    (["envido", "accept", "real_envido"], 2, "real_envido"),  # one exchange a hand
    (["real_envido", "envido"], 1, "envido"),               # envido after real envido
    (["falta_envido", "real_envido"], 1, "real_envido"),    # nothing after the falta
    (["real_envido", "real_envido"], 1, "real_envido"),     # once, in argentino
    (["envido", "envido", "envido"], 2, "envido"),          # envido at most twice
    (["raise", "drop"], 1, "drop"), (["envido", "drop"], 1, "drop"),
    (["flor"], 0, "flor"), (["0:envido", "0:accept"], 1, "0:accept"),
])
def test_bad_actions_exit_1_with_the_first_bad_one(actions: list[str], index: int,
                                                   bad: str) -> None:
    out, status = _replay({**ARG2, "actions": actions})
    assert status == 1
    assert out["error"]["index"] == index and out["error"]["action"] == bad
    assert "not legal" in out["error"]["message"]
    assert "envido" in out and "dropped" in out  # the state before it, with the new fields


def test_drop_while_the_flor_decision_waits_and_achico_fields() -> None:
    out, status = _replay({**GAU4, "actions": ["drop"]})
    assert status == 1 and out["pending"] == {"team": 0, "flor": "flor"}
    out, status = _replay({**GAU4, "actions": ["achico"]})
    assert status == 0 and out["points"] == [4, 0] and out["to_act"] == 0
    assert out["flor"] == {"seats": [0, 1], "calls": [[1, "achico"]], "result": "achico",
                           "winner": 0, "points": 4}
    assert out["envido"] is None and out["dropped"] == []


def test_fields_absent_without_the_options_and_present_with_one() -> None:
    base = {"variant": "paulista-2p", "dealer": 1, "vira": "7D",
            "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]], "actions": []}
    out, _ = _replay(base)
    assert "envido" not in out and "flor" not in out and "dropped" not in out
    out, _ = _replay({**base, "options": {"drop_out": True}, "actions": ["drop"]})
    assert out["dropped"] == [0] and out["envido"] is None and out["points"] == [0, 1]


def test_envido_pending_shape_then_the_truco_again() -> None:
    out, status = _replay({**ARG2, "actions": ["raise", "envido"]})
    assert status == 0 and out["pending"] == {"team": 1, "envido": "envido"}
    assert out["envido"] == {"calls": [[1, "envido"]], "result": None, "winner": None,
                             "points": 0, "values": None}
    assert out["legal"] == ["accept", "envido", "falta_envido", "fold", "real_envido"]
    out, _ = _replay({**ARG2, "actions": ["raise", "envido", "accept"]})
    assert out["pending"] == {"team": 0, "value": 2} and out["to_act"] == 1
    assert out["envido"]["values"] == [32, 30] and out["points"] == [2, 0]
