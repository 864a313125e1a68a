"""A spectator's table draws in every Argentine and gaudério position: the stand-in cards the
page gives the seat it draws from fit the public flors and envido points (with the flor rule,
even "nobody holds a flor" is public)."""

from __future__ import annotations

import random

import pytest

from truco_learn.tables.table import Table, new_table_spec
from truco_learn.widgets.tables_view import state_view


@pytest.mark.parametrize("variant", ["argentino-2p", "gauderio-4p"])
def test_a_spectator_sees_every_position_of_random_matches(variant: str) -> None:
    drawn = 0
    for seed in range(6):
        seats = ["human"] + ["bot:coach"] * (3 if variant.endswith("4p") else 1)
        t = Table.create(new_table_spec("t", {"variant": variant, "seats": seats}, seed))
        rng = random.Random(seed)
        for _ in range(40):
            if t.match.over:
                break
            view = state_view(t.state_for(None))  # raised before the fix (flor rule)
            assert view
            drawn += 1
            h = t.hand
            t.act(h.to_act, rng.choice(t.legal(h.to_act)))
    assert drawn > 100
