"""How fast the raise reading learns a player from its turns alone, with every hand shown.

The coach answers a raise with the hands it imagines for the raiser: a deal is weighed by how
likely the reading makes a raise from the moment the deal gives the raiser
(:mod:`truco_learn.bots.raise_reading`). This collects the turns of ``--player`` the reading
reads, each with its true moment and whether it raised (``raising_by_moment.py``'s matches:
``--matches`` against ``--against``), then feeds a fresh reading ``--trials`` times with turns
drawn from them at random, each graded from the true cards (as if every hand were shown: the
most a match's turns can teach; the coach sees fewer, and also reads answers). After 0, 3,
10, 20 and 40 turns it prints the mean grade of the moment a raise comes from, as imagined
(the player's own spread of moments, weighed by the reading's chance to raise in each) and
true, the share of raises imagined from the poorest three grades (below 0.66), and the bluffs
and the moment raised from that the reading has read::

    .venv/bin/python benchmarks/reading_speed.py --player tight --against coach --matches 40

A player has two or three such turns a hand.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from raising_by_moment import read_turns, turn_options  # noqa: E402

from truco_learn.bots.raise_reading import GRADES, RaiseReading, grade_of  # noqa: E402

CHECKS = (0, 3, 10, 20, 40)
POOR = 3  # the poorest grades: a moment below 0.66 (raise_reading.CUTS[POOR - 1])


def imagined(spread: list[float], rates: tuple[float, ...] | list[float]) -> tuple[float, float]:
    """The mean grade of a raise and the share from the poorest grades, for a player whose
    moments fall in each grade as ``spread`` and who raises in each as ``rates``."""
    w = [f * r for f, r in zip(spread, rates)]
    total = sum(w) or 1.0
    return sum(g * x for g, x in enumerate(w)) / total, sum(w[:POOR]) / total


def speed(turns: list[tuple[int, bool]], trials: int, seed: int
          ) -> dict[int, tuple[float, float, float, float]]:
    """Per check: the mean over trials of (imagined mean grade, poorest share, bluffs read,
    moment raised from read)."""
    sums = {n: [0.0, 0.0, 0.0, 0.0] for n in CHECKS}
    counts = [0.0] * GRADES
    for g, _ in turns:
        counts[g] += 1
    spread = [c / len(turns) for c in counts]
    for trial in range(trials):
        rng = random.Random(seed * 7919 + trial)
        reading = RaiseReading()
        for n in range(max(CHECKS) + 1):
            if n:
                g, raised = turns[rng.randrange(len(turns))]
                reading.add([1.0 if k == g else 0.0 for k in range(GRADES)], raised)
            if n in sums:
                mean, poor = imagined(spread, reading.rates())
                facts = reading.facts()
                for i, x in enumerate((mean, poor, facts["bluffs"], facts["raises_from"])):
                    sums[n][i] += float(x) / trials  # type: ignore[arg-type]
    return {n: (s[0], s[1], s[2], s[3]) for n, s in sums.items()}


def main(argv: list[str] | None = None) -> int:
    ap = turn_options(__doc__.splitlines()[0], "coach")
    ap.add_argument("--trials", type=int, default=200)
    a = ap.parse_args(argv)
    turns = [(grade_of(v), raised) for v, raised in
             read_turns(a.player, a.against, a.matches, a.seed)]
    raises = [g for g, raised in turns if raised]
    if not raises:
        print(f"{a.player} never raised in {len(turns)} turns: nothing to imagine")
        return 1
    true_mean = sum(raises) / len(raises)
    true_poor = sum(1 for g in raises if g < POOR) / len(raises)
    print(f"{a.player}: {len(turns)} turns read, {len(raises)} raised; a raise comes from mean "
          f"grade {true_mean:.2f}, {true_poor:.3f} of them from the poorest {POOR} grades")
    for n, (mean, poor, bluffs, start) in speed(turns, a.trials, a.seed).items():
        print(f"after {n:2d} turns: imagined mean grade {mean:.2f} (true {true_mean:.2f}), "
              f"poorest grades {poor:.3f} (true {true_poor:.3f}); read: raises from "
              f"{start:.3f}, bluffs {bluffs:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
