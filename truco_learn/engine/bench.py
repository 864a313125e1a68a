"""Random self-play speed benchmark of the engine (``truco-learn bench``).

How a figure is measured (README, "Engine speed"): hands are dealt with a seeded RNG and played
to the end by a seeded uniform choice among the legal action codes (``legal_codes``, then the
unchecked transition ``apply_legal``: the bots' fast path); every applied action counts, the
deal of each hand is inside the timed loop. A short untimed warm-up comes first. The rate is per
second of **CPU time** of this process (``time.process_time``), so other jobs on a shared
machine do not change it; the wall-clock rate and the share of a core the process got are
reported beside it (wall-clock rate = CPU rate × share).
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from .match import deal_hand
from .options import make_options
from .state import apply_legal, legal_codes

WARM_UP = 0.3  # seconds of CPU time played before the clock starts


def _play(variant: str, seconds: float, rng: random.Random) -> tuple[int, int, float, float]:
    """Play random hands for ``seconds`` of CPU time: (actions, hands, cpu s, wall s)."""
    opts = make_options(variant)
    choice = rng.choice
    actions = hands = 0
    dealer = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while True:
        for _ in range(50):
            s = deal_hand(opts, dealer, (0, 0), rng)
            dealer = (dealer + 1) % opts.seats
            while s.to_act >= 0:
                s = apply_legal(s, choice(legal_codes(s)))
                actions += 1
            hands += 1
        cpu = time.process_time() - cpu0
        if cpu >= seconds:
            return actions, hands, cpu, time.perf_counter() - wall0


def bench_variant(variant: str, seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Actions and hands per CPU second of random self-play on one core (after a warm-up),
    with the wall-clock rate, the share of a core this process got, and the load average.

    >>> r = bench_variant("paulista-2p", seconds=0.05)
    >>> r["actions_per_s"] > r["hands_per_s"] > 0 and 0 < r["cpu_share"] <= 1.5
    True
    """
    _play(variant, min(WARM_UP, seconds), random.Random(seed + 1))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    actions, hands, cpu, wall = _play(variant, seconds, random.Random(seed))
    return {"variant": variant, "actions_per_s": round(actions / cpu),
            "hands_per_s": round(hands / cpu), "wall_actions_per_s": round(actions / wall),
            "cpu_share": round(cpu / wall, 2), "load": None if load is None else round(load, 1),
            "actions": actions, "hands": hands, "seconds": round(cpu, 3)}
