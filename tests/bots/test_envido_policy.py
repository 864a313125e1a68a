"""The rule-of-thumb envido choices end every exchange, also where real envido may be called
again and again (gaúcho tables): two strong hands must not raise each other for ever."""

from __future__ import annotations

import random

from truco_learn.bots.envido_policy import envido_choice
from truco_learn.engine import new_hand, step
from truco_learn.engine.actions import action_str


def test_two_strong_envidos_settle_at_a_gaucho_table() -> None:
    # the mão holds 31 for envido (ties are its team's), the next seat 32: both raise, no flor
    s = new_hand("gauderio-2p", dealer=1, hands=[["7S", "4S", "KC"], ["7C", "5C", "KD"]])
    rng = random.Random(1)
    calls = []
    for _ in range(12):
        code = envido_choice(s, rng)
        if code is None:
            break
        calls.append(action_str(code))
        s = step(s, action_str(code))
        if s.ext is None or not s.ext.env_open:
            break
    assert s.ext is not None and not s.ext.env_open, calls
    assert calls.count("real_envido") <= 2, calls


def test_the_caller_yardstick_says_quiero_with_fewer_points() -> None:
    """``caller`` accepts most raises, and says quiero to an envido from 22 and to a falta
    envido from 26 (the rule of thumb: 26 and 30); seat 1 is not the mão."""
    from truco_learn.bots import make_bot
    from truco_learn.engine import observation

    for call, theirs in (("envido", ["5H", "QH", "2C"]),  # 25
                         ("falta_envido", ["7H", "QH", "2C"])):  # 27
        s = new_hand("argentino-2p", dealer=1, hands=[["4S", "6C", "KD"], theirs])
        seen = observation(step(s, call), 1)
        answers = {n: make_bot(n, "normal", 3).decide(seen).action
                   for n in ("heuristic", "tight", "caller")}
        assert answers == {"heuristic": "fold", "tight": "fold", "caller": "accept"}, (call,
                                                                                        answers)
