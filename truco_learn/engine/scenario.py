"""Scenario replay (PROTOCOL.md): one hand from a fixed deal, reported as JSON.

>>> out, status = run_scenario({"variant": "paulista-2p", "dealer": 1, "vira": "7D",
...     "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]], "actions": ["raise", "accept", "play:QC"]})
>>> status, out["stake"], out["to_act"], out["legal"]
(0, 3, 1, ['play:2H', 'play:5C', 'play:KD', 'raise'])
>>> run_scenario({"variant": "paulista-2p", "dealer": 5, "hands": []})
({'error': {'message': 'dealer 5 is not a seat (0..1)'}}, 2)
"""

from __future__ import annotations

import json
import math
from typing import Any, Mapping

from ..errors import InvalidNotationError, ScenarioError, TrucoError
from .cards import card_str
from .extended import extended_report
from .observer import public_log
from .options import make_options
from .state import HandState, legal_actions, new_hand, step


def state_report(s: HandState) -> dict[str, Any]:
    """The replay output fields for a state (``error`` is added by the caller)."""
    tricks = [{"leader": t.leader, "plays": _plays(t.plays),
               "winner": None if t.result < 0 else t.result, "tied": t.result < 0}
              for t in s.tricks]
    if s.cur:
        tricks.append({"leader": s.leader, "plays": _plays(s.cur), "winner": None,
                       "tied": False})
    game_winner = s.game_winner if s.over else None
    report: dict[str, Any] = {
        "log": public_log(s, None, blind_as_card=False),
        "tricks": tricks,
        "stake": s.stake,
        "pending": None if s.pending is None else {"team": s.pending[0], "value": s.pending[1]},
        "to_act": None if s.over else s.to_act,
        "legal": legal_actions(s),
        "hand_over": s.over,
        "hand_winner": None if s.winner < 0 else s.winner,
        "points": list(s.points),
        "score": list(s.score),
        "redeal": s.redeal,
        "game_over": game_winner is not None,
        "game_winner": game_winner,
    }
    if s.deal.opts.extended:
        report.update(extended_report(s))
    return report


def _plays(plays: Any) -> list[list[Any]]:
    return [[seat, ("play:" if up else "cover:") + card_str(card)] for seat, card, up in plays]


def load_scenario(data: Any) -> tuple[HandState, list[Any]]:
    """Check a scenario object and build its starting state; raise a TrucoError if invalid."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"a scenario is a JSON object, got {type(data).__name__}")
    if "variant" not in data:
        raise ScenarioError("the scenario has no 'variant'")
    overrides = data.get("options") or {}
    if not isinstance(overrides, Mapping):
        raise ScenarioError(f"'options' must be an object, got {overrides!r}")
    opts = make_options(data["variant"], overrides)
    if "dealer" not in data:
        raise ScenarioError("the scenario has no 'dealer'")
    if "hands" not in data:
        raise ScenarioError("the scenario has no 'hands'")
    hands = data["hands"]
    if isinstance(hands, list):
        for seat, h in enumerate(hands):
            if isinstance(h, list) and any(not isinstance(c, str) for c in h):
                raise ScenarioError(f"hand of seat {seat} must list cards as strings, got {h!r}")
    vira = data.get("vira")
    if vira is not None and not isinstance(vira, str):
        raise ScenarioError(f"vira must be a card string, got {vira!r}")
    state = new_hand(opts, data["dealer"], hands, vira, data.get("score", [0, 0]))
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError(f"'actions' must be a list, got {actions!r}")
    return state, actions


def run_scenario(data: Any) -> tuple[dict[str, Any], int]:
    """Replay a scenario object: ``(output, exit status)`` per PROTOCOL.md (0, 1 or 2)."""
    try:
        state, actions = load_scenario(data)
    except TrucoError as exc:
        return {"error": {"message": str(exc)}}, 2
    error = None
    for index, action in enumerate(actions):
        try:
            if not isinstance(action, str):  # codes are for Python callers, not scenario files
                raise InvalidNotationError(f"unknown action {action!r}: an action is a string")
            state = step(state, action)
        except TrucoError as exc:
            # as written in the input; NaN/Infinity would not be valid JSON on the way out
            shown = str(action) if isinstance(action, float) and not math.isfinite(action) else action
            error = {"index": index, "action": shown, "message": str(exc).split(" in <")[0]}
            break
    out = state_report(state)
    out["error"] = error
    return out, (0 if error is None else 1)


def _parse_json(text: str) -> Any:
    """``json.loads`` with every failure (bad syntax, nesting too deep, a number too long) as
    a ValueError."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def run_scenario_text(text: str) -> list[tuple[dict[str, Any], int]]:
    """Replay the scenario(s) in a text: one JSON object, or one object per line.

    >>> [status for _, status in run_scenario_text("[" * 100000)]
    [2]
    """
    try:
        data = _parse_json(text)
    except ValueError as whole:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if len(lines) < 2:
            return [({"error": {"message": f"not valid JSON: {whole}"}}, 2)]
    else:
        return [run_scenario(data)]
    results = []
    for n, line in enumerate(lines, 1):
        try:
            data = _parse_json(line)
        except ValueError as exc:
            results.append(({"error": {"message": f"line {n}: not valid JSON: {exc}"}}, 2))
        else:
            results.append(run_scenario(data))
    return results
