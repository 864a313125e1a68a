"""The engine against the independent Argentine referee (argentine_referee.py) over thousands
of random hands of the four Argentine presets with random option mixes: every replay field
(legal actions, turn, stake, pending, trick results, points, score, envido, flor, dropped)
must agree after every action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from argentine_referee import ArgentineReferee
from truco_learn.engine import make_options, new_hand, step
from truco_learn.engine.scenario import state_report

ARGENTINE = ["argentino-2p", "argentino-4p", "gauderio-2p", "gauderio-4p"]
DECK = [r + s for r in "4567QJKA23" for s in "CHSD"]
MIX_CHOICES: dict[str, list[Any]] = {
    "lead_after_tie": ["leader", "first_tying"], "all_tied": ["nobody", "dealer_team", "mao_team"],
    "no_pointless_raise": [True, False], "covered_cards": [True, False],
    "envido": [True, False], "flor": [True, False], "real_envido_repeat": [True, False],
    "envido_zero_tiebreak": ["mao", "face_cards"], "drop_out": [True, False],
    "target": [3, 5, 8, 15],
}


def _deal(n: int, rng: random.Random) -> list[list[str]]:
    """A random deal, often bent so that flors on both teams and envidos of 0 come up."""
    deck = DECK[:]
    rng.shuffle(deck)
    roll = rng.random()
    if roll < 0.3:  # two seats of different teams with a flor each
        a = rng.randrange(n)
        b = (a + rng.choice(range(1, n, 2))) % n
        sa, sb = rng.sample("CHSD", 2)
        fa = [c for c in deck if c[1] == sa][:3]
        fb = [c for c in deck if c[1] == sb][:3]
        rest = [c for c in deck if c not in fa + fb]
        hands = [fa if s == a else fb if s == b else [rest.pop(), rest.pop(), rest.pop()]
                 for s in range(n)]
        return hands
    if roll < 0.4:  # every seat with three face cards of three suits (envido 0)
        faces = [c for c in deck if c[0] in "QJK"]
        hands = []
        for _ in range(n):
            hand: list[str] = []
            for c in faces:
                if c not in hand and all(h[1] != c[1] for h in hand) and len(hand) < 3:
                    hand.append(c)
            faces = [c for c in faces if c not in hand]
            hands.append(hand)
        if all(len(h) == 3 for h in hands):
            return hands
    return [deck[3 * s:3 * s + 3] for s in range(n)]


def _engine_view(s: Any) -> dict[str, Any]:
    r = state_report(s)
    r["results"] = [t["winner"] if not t["tied"] else -1 for t in r["tricks"]
                    if t["winner"] is not None or t["tied"]]
    for key in ("log", "tricks", "redeal"):
        r.pop(key)
    return r


def _pick(legal: list[str], rng: random.Random) -> str:
    bets = [a for a in legal if a in ("raise", "envido", "real_envido", "falta_envido")]
    if bets and rng.random() < 0.4:
        return rng.choice(bets)
    calm = [a for a in legal if a != "drop"]
    if "drop" in legal and (not calm or rng.random() < 0.08):
        return "drop"
    return rng.choice(calm)


def _play(variant: str, hands_to_play: int, seed: int) -> int:
    rng = random.Random(seed)
    checked = 0
    for k in range(hands_to_play):
        mix = {name: rng.choice(v) for name, v in MIX_CHOICES.items() if rng.random() < 0.4}
        o = make_options(variant, mix)
        dealer = rng.randrange(o.seats)
        score = (rng.randrange(o.target), rng.randrange(o.target))
        hands = _deal(o.seats, rng)
        s = new_hand(o, dealer, hands, None, score)
        ref = ArgentineReferee(o, dealer, hands, score)
        where = f"hand {k} {variant} {mix} dealer {dealer} score {score} hands {hands}"
        assert _engine_view(s) == ref.report(), where
        while not ref.over:
            action = _pick(ref.legal(), rng)
            where += " " + action
            s = step(s, action)
            ref.apply(action)
            assert _engine_view(s) == ref.report(), where
            checked += 1
    return checked


@pytest.mark.parametrize("variant", ARGENTINE)
def test_engine_agrees_with_the_argentine_referee(variant: str) -> None:
    assert _play(variant, 2000, seed=ARGENTINE.index(variant)) > 5000


def test_the_referee_counts_envido_like_the_rules() -> None:
    from argentine_referee import envido_of, flor_of, is_flor, strength
    assert envido_of(["7S", "6S", "KC"]) == 33 and envido_of(["KC", "JH", "QS"]) == 0
    assert envido_of(["7C", "KH", "2S"]) == 7 and envido_of(["QS", "KS", "3H"]) == 20
    assert is_flor(["5C", "4C", "KC"]) and flor_of(["5C", "4C", "KC"]) == 29
    assert strength("AS") > strength("AC") > strength("7S") > strength("7D") > strength("3H")
    assert strength("AH") < strength("2C") and strength("7H") < strength("QC")
