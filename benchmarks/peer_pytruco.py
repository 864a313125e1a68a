"""truco-learn's engine against the pure-Python peer ``pytruco`` (PyPI), measured the same way
in the same run: random self-play between two players, every applied action counted, per
second of CPU time of this process (``time.process_time``), after an untimed warm-up; the two
are measured in turns (ours, theirs, ours, theirs…) and the median of each is reported, so the
machine's load hits both alike. The wall-clock rates are printed beside them.

This script installs nothing: install the peer first, in the same environment, e.g.
``.venv/bin/pip install pytruco`` (0.1.3 was measured), then run
``.venv/bin/python benchmarks/peer_pytruco.py [--seconds 3] [--rounds 3]``.

pytruco has no injectable random generator: it draws from Python's global ``random`` module,
which this script seeds once (our engine gets its own seeded ``random.Random``).
pytruco plays Uruguayan truco (envido, flor, the muestra); it is compared with our
``paulista-2p`` (the issue's figure) and ``argentino-2p`` (envido, no flor).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from truco_learn.engine.bench import bench_variant


def pytruco_rate(seconds: float) -> tuple[float, float]:
    """pytruco's random self-play (its own ``random_action`` walker, no mazo, games to 20):
    (actions per CPU second, actions per wall second)."""
    from pytruco.pdt.chi import random_action
    from pytruco.pdt.partida import Partida

    actions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        p = Partida(20, ["Alice"], ["Bob"], verbose=False)
        while not p.terminada():
            random_action(p, allow_mazo=False).hacer(p)
            actions += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return actions / cpu, actions / wall


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    ap.add_argument("--rounds", type=int, default=3, help="measurements of each, in turns")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        import pytruco  # noqa: F401
    except ImportError:
        print("pytruco is not installed here: run `.venv/bin/pip install pytruco` first",
              file=sys.stderr)
        return 2
    random.seed(args.seed)  # pytruco's only source of randomness
    pytruco_rate(0.3)  # warm-up
    ours: dict[str, list[float]] = {"paulista-2p": [], "argentino-2p": []}
    theirs: list[float] = []
    walls: dict[str, list[float]] = {"pytruco": [], "paulista-2p": [], "argentino-2p": []}
    for r in range(args.rounds):
        for variant in ours:
            res = bench_variant(variant, seconds=args.seconds, seed=args.seed + r)
            ours[variant].append(res["actions_per_s"])
            walls[variant].append(res["wall_actions_per_s"])
        cpu_rate, wall_rate = pytruco_rate(args.seconds)
        theirs.append(cpu_rate)
        walls["pytruco"].append(wall_rate)
    peer = statistics.median(theirs)
    out = {"pytruco_actions_per_s": round(peer),
           "pytruco_wall_actions_per_s": round(statistics.median(walls["pytruco"]))}
    for variant, rates in ours.items():
        mine = statistics.median(rates)
        out[f"{variant}_actions_per_s"] = round(mine)
        out[f"{variant}_wall_actions_per_s"] = round(statistics.median(walls[variant]))
        out[f"{variant}_ratio"] = round(mine / peer, 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
