"""The tie rules end a hand the same way with and without the envido/flor rules switched on:
both paths end their tricks through one function (``state.close_trick``), so an all-tied hand
of eleven or iron hand on a Brazilian preset with ``envido`` on follows the preset's rules."""

from __future__ import annotations

import pytest

from truco_learn.engine import new_hand, step
from truco_learn.engine.options import make_options
from truco_learn.engine.state import legal_actions

# every trick tied: the same ranks, played in the same order (vira 7D: the queens are manilhas)
# (no three cards of one suit: nobody holds a flor)
TIED = [["5C", "6H", "KS"], ["5H", "6C", "KD"]]
TIED_4 = [["5C", "6H", "KS"], ["5H", "6C", "KD"], ["4C", "4H", "7C"], ["4S", "4D", "7H"]]


def play_out(variant: str, options: dict[str, object],
             score: list[int]) -> tuple[int, tuple[int, int], bool]:
    o = make_options(variant, options)
    hands = TIED if o.seats == 2 else TIED_4
    h = new_hand(o, dealer=o.seats - 1, vira="7D", hands=hands, score=score)
    while not h.over:
        acts = legal_actions(h)
        h = step(h, next(a for a in acts if a.startswith(("onze:play", "blind:", "play:"))))
    return h.winner, h.points, h.redeal


@pytest.mark.parametrize("variant,score,expected", [
    ("paulista-2p", [0, 0], (-1, (0, 0), False)),          # all tied: nobody scores
    ("paulista-fpt", [11, 3], (1, (0, 3), False)),          # hand of eleven all tied: they lose
    ("paulista-2p", [11, 11], (-1, (0, 0), True)),          # iron hand all tied: deal again
])
def test_all_tied_endings_do_not_depend_on_the_envido_rules(
        variant: str, score: list[int], expected: tuple[int, tuple[int, int], bool]) -> None:
    assert play_out(variant, {}, score) == expected
    assert play_out(variant, {"envido": True}, score) == expected
    assert play_out(variant, {"flor": True}, score) == expected
