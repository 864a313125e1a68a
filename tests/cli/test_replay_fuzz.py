"""Property: whatever JSON a scenario file holds, the replay answers with status 0, 1 or 2 and
a JSON-ready object, never an exception (so never a traceback in the command)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from truco_learn.engine.options import OPTION_NAMES
from truco_learn.engine.scenario import run_scenario

WORDS = ["QC", "7D", "3S", "4H", "2H", "5C", "KD", "raise", "accept", "fold", "play:QC",
         "1:raise", "0:play:3S", "blind:0", "onze:play", "onze:fold", "cover:3S", "paulista-2p",
         "paulista-4p", "mineiro-2p", "mineiro-4p", "paulista-fpt", "vira", "top", "any"]
LEAF = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.floats(allow_nan=False),
                 st.text(max_size=6), st.sampled_from(WORDS))
VALUE = st.recursive(LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=12)
BASE: dict[str, Any] = {"variant": "paulista-2p", "dealer": 1, "score": [0, 0], "vira": "7D",
                        "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]],
                        "actions": ["raise", "accept", "play:QC"]}


@settings(max_examples=400, suppress_health_check=list(HealthCheck), deadline=None)
@given(st.dictionaries(st.sampled_from([*BASE, "options"]), VALUE, max_size=3),
       st.dictionaries(st.sampled_from(OPTION_NAMES), VALUE, max_size=2),
       st.lists(st.one_of(st.sampled_from(WORDS), VALUE), max_size=6))
def test_replay_never_raises(changes: dict[str, Any], options: dict[str, Any],
                             actions: list[Any]) -> None:
    data = {**BASE, "actions": actions, **changes}
    if options and "options" not in changes:
        data["options"] = options
    out, status = run_scenario(data)
    assert status in (0, 1, 2)
    assert ("error" in out) and (status == 2) == (list(out) == ["error"])
    if status == 1:
        assert isinstance(out["error"]["index"], int)
    json.dumps(out)
