"""Small builders shared by the engine rule tests: a hand from given cards, then actions.

>>> s = run(deal("paulista-2p", 1, [["QC", "3S", "4H"], ["2H", "5C", "KD"]], vira="7D"), "play:QC")
>>> s.to_act
1
"""

from __future__ import annotations

from typing import Any, Sequence

from truco_learn.engine import HandState, make_options, new_hand, step
from truco_learn.engine.scenario import state_report


def deal(variant: str, dealer: int, hands: Sequence[Sequence[str]], vira: str | None = None,
         score: Sequence[int] = (0, 0), **overrides: Any) -> HandState:
    """The start of a hand of ``variant`` (with option overrides) from the given deal."""
    return new_hand(make_options(variant, overrides), dealer=dealer, hands=hands, vira=vira,
                    score=score)


def run(state: HandState, *actions: str) -> HandState:
    """Step through ``actions`` (each checked by the engine)."""
    for action in actions:
        state = step(state, action)
    return state


def report(state: HandState) -> dict[str, Any]:
    """The replay JSON fields of a state (PROTOCOL.md)."""
    return state_report(state)


def results(state: HandState) -> list[int]:
    """Result of every finished trick: winning team, or -1 when tied."""
    return [t.result for t in state.tricks]
