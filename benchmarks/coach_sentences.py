"""What the coach's sentences cost next to its decision: the summary of an explanation made
from its facts (English, then pt-BR through the catalog), against one coach decision.

Seeded random positions of every preset are estimated once (``--samples`` deals each, as a
level would), then each explanation's summary is made ``--repeat`` times per language and
timed; one coach decision per position at ``--level`` is timed for scale.

Run (the README's figures)::

    .venv/bin/python benchmarks/coach_sentences.py --positions 300 --repeat 20
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots.coach import LEVELS, CoachBot, best_index, estimate, explain  # noqa: E402
from truco_learn.bots.envido_explain import envido_summary  # noqa: E402
from truco_learn.bots.sentences import summarize  # noqa: E402
from truco_learn.engine import observation  # noqa: E402
from truco_learn.i18n import language  # noqa: E402

from tests.i18n.coach_corpus import position  # noqa: E402


def _summary(exp: dict[str, Any]) -> str:
    if (exp["facts"].get("decision") or {}).get("kind") in ("envido", "flor", "drop"):
        return envido_summary(exp)
    return summarize(exp)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--level", default="easy", choices=list(LEVELS))
    ap.add_argument("--seed", type=int, default=14)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    exps, decide_ms = [], []
    i = 0
    while len(exps) < args.positions:
        s = position(i, rng)
        i += 1
        if s is None:
            continue
        obs = observation(s, s.to_act)
        est = estimate(obs, args.samples, random.Random(i))
        exps.append(explain(obs, est, best_index(est), best_index(est), False))
        bot = CoachBot(args.level, seed=i)
        t = time.perf_counter()
        bot.decide(obs)
        decide_ms.append(1000 * (time.perf_counter() - t))
    for tag in ("en", "pt-BR"):
        with language(tag):
            t = time.perf_counter()
            for _ in range(args.repeat):
                for exp in exps:
                    _summary(exp)
            us = 1e6 * (time.perf_counter() - t) / (args.repeat * len(exps))
        print(f"summary ({tag}): {us:.1f} µs each over {len(exps)} explanations x {args.repeat}")
    print(f"coach decision (level {args.level}): median {statistics.median(decide_ms):.1f} ms, "
          f"mean {statistics.mean(decide_ms):.1f} ms over {len(decide_ms)} positions")


if __name__ == "__main__":
    main()
