"""The narration of Argentine and gaudério hands (envido, flor, going to the deck) says what the
engine did: who won the envido or the flor and how many points, and what the hand itself paid."""

from __future__ import annotations

import random

import pytest

from truco_learn.course.scripted import narrate, team_name
from truco_learn.engine import deal_hand, make_options, new_hand, step
from truco_learn.engine.actions import ACCEPT, DROP, ENVIDO_CALLS, FOLD, RAISE
from truco_learn.engine.state import apply_legal, legal_codes
from truco_learn.i18n.numbers import points

VARIANTS = ("argentino-2p", "argentino-4p", "gauderio-2p", "gauderio-4p")


@pytest.mark.parametrize("variant", VARIANTS)
def test_envido_flor_and_drops_are_narrated_from_the_engine(variant: str) -> None:
    rng = random.Random(f"envido/{variant}")
    o = make_options(variant)
    seen = set()
    for _ in range(150):
        s = deal_hand(o, rng.randrange(o.seats), rng.choice([(0, 0), (o.target - 3, 2)]), rng)
        while not s.over:
            codes = legal_codes(s)
            calls = [c for c in codes if c in ENVIDO_CALLS]
            code = (calls[0] if calls and rng.random() < 0.5 else
                    RAISE if RAISE in codes and rng.random() < 0.3 else rng.choice(codes))
            after = apply_legal(s, code)
            text = narrate(s, after)
            x, y = s.ext, after.ext
            assert x is not None and y is not None
            if code in (ACCEPT, FOLD) and x.env_open:
                seen.add("envido settled")
                winner = team_name(y.env_winner, o.seats)
                assert f"{winner} score" in text or f"{winner} win" in text, text
                assert points(y.env_points) in text, text
            if code == DROP:
                seen.add("drop")
                assert "goes to the deck" in text
            if after.over and after.winner >= 0:
                paid = after.points[after.winner] - y.bonus[after.winner]
                assert (f"the hand and scores {points(paid)}" in text
                        or f"the hand and score {points(paid)}" in text), text
            s = after
    assert {"envido settled", "drop"} <= seen


def test_the_raises_after_truco_have_their_argentine_names() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[["7S", "5S", "KC"], ["6H", "4H", "AD"]])
    a = step(s, "raise")
    b = step(a, "raise")
    assert narrate(a, b) == ("Bruno accepts 2 and raises at once: retruco! The hand would be "
                             "worth 3 points.")
    assert "vale cuatro!" in narrate(b, step(b, "raise"))
