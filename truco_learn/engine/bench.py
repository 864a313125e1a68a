"""Random self-play speed benchmark of the engine (``truco-learn bench``)."""

from __future__ import annotations

import random
import time
from typing import Any

from .match import deal_hand
from .options import make_options
from .state import apply_legal, legal_codes


def bench_variant(variant: str, seconds: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Play random hands (legal actions, a seeded uniform choice, the transition) for about
    ``seconds``; report actions and hands per second on this one core."""
    opts = make_options(variant)
    rng = random.Random(seed)
    choice = rng.choice
    actions = hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    dealer = 0
    while True:
        for _ in range(50):
            s = deal_hand(opts, dealer, (0, 0), rng)
            dealer = (dealer + 1) % opts.seats
            while s.to_act >= 0:
                s = apply_legal(s, choice(legal_codes(s)))
                actions += 1
            hands += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"variant": variant, "actions_per_s": round(actions / elapsed),
            "hands_per_s": round(hands / elapsed), "actions": actions, "hands": hands,
            "seconds": round(elapsed, 3)}
