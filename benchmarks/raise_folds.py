"""Where the coach's expected folds to its own raises go wrong: in the moments it imagines for
the other side, or in how often it thinks they fold in each moment?

Plays matches of the coach (``normal``, seat 0) against ``--opponent`` at ``paulista-2p``, each
from its own seeds (match K: the deal from ``--seed`` + K, the coach's seed K). At every raise
of the coach made on its own turn with a chance stated below ``--below`` (0.9: the raises in
doubt) it notes, as a referee that sees every card:

- the grade of the other side's moment when it answers (:func:`.answer_reading.answer_moment`,
  from its true cards) and what it answered (asked apart, the same observation);
- the grades of that moment in ``--draws`` deals the coach's sampler draws for the decision
  (:func:`.coach_estimate.deal_sampler`, with its learnt model);
- the folds the coach's answer reading expects in each grade, and the folds it expected in all
  (``they_fold`` of the raise's explanation).

It prints the true and the imagined grades, the folds expected, the folds the reading's
chances give on the true grades, and the folds made by true grade::

    .venv/bin/python benchmarks/raise_folds.py --opponent tight --matches 60

If the imagined grades match the true ones and the folds still do not, the gap is in the
reading's folds by grade.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from truco_learn.bots.answer_reading import GRADES, answer_moment  # noqa: E402
from truco_learn.bots.base import watch_end  # noqa: E402
from truco_learn.bots.calibration import decision_kind, stated_chance  # noqa: E402
from truco_learn.bots.coach import CoachBot  # noqa: E402
from truco_learn.bots.coach_estimate import deal_sampler  # noqa: E402
from truco_learn.bots.heuristic import HeuristicBot  # noqa: E402
from truco_learn.bots.yardsticks import YARDSTICKS, make_yardstick  # noqa: E402
from truco_learn.engine.actions import RAISE  # noqa: E402
from truco_learn.engine.match import new_match  # noqa: E402
from truco_learn.engine.observer import observation  # noqa: E402
from truco_learn.engine.options import make_options  # noqa: E402
from truco_learn.engine.state import apply_legal, legal_codes  # noqa: E402


def measure(opponent: str, matches: int, seed: int, below: float, draws: int
            ) -> dict[str, object]:
    """The figures above, over ``matches`` matches."""
    true_grades, imagined = [0.0] * GRADES, [0.0] * GRADES
    reading, expected, on_true = [0.0] * GRADES, 0.0, 0.0
    made: dict[int, list[bool]] = defaultdict(list)
    for k in range(matches):
        coach = CoachBot("normal", seed=k)
        other = (HeuristicBot(seed=1000 + k) if opponent == "heuristic"
                 else make_yardstick(opponent, seed=1000 + k))
        bots = [coach, other]
        rng = random.Random(seed + k)
        m = new_match(make_options("paulista-2p"), rng)
        while not m.over:
            seat = m.hand.to_act
            obs = observation(m.hand, seat)
            d = bots[seat].decide(obs)
            chance = (stated_chance(d.explanation)
                      if seat == 0 and d.action == "raise"
                      and decision_kind(d.explanation) == "own raise" else None)
            if chance is not None and chance < below and m.hand.pending is None:
                after = apply_legal(m.hand, RAISE)
                grade = answer_moment(after, after.to_act)
                model = coach.learnt[0][1]
                sampler = deal_sampler(obs, model.credible, model)
                draw_rng = random.Random(k * 7919 + len(m.hand.log))
                for _ in range(draws):
                    s = apply_legal(sampler.sample(draw_rng), RAISE)
                    imagined[answer_moment(s, s.to_act)] += 1.0 / draws
                may = RAISE in legal_codes(after)
                folds = [model.answer_reading.rates(g, may)[0] for g in range(GRADES)]
                reading = [a + b for a, b in zip(reading, folds)]
                on_true += folds[grade]
                split = (d.explanation.get("facts") or {}).get("raise_split") or {}
                expected += float(split.get("they_fold", 0.0))
                true_grades[grade] += 1
                made[grade].append(bots[1].decide(observation(after, 1)).action == "fold")
            done = len(m.history)
            m = m.apply(d.action, rng)
            if len(m.history) > done:
                watch_end(bots, m.history[-1])
    n = int(sum(true_grades))
    share = (lambda xs: [round(x / n, 3) for x in xs]) if n else (lambda xs: [])
    return {"raises": n, "true_grades": share(true_grades), "imagined_grades": share(imagined),
            "reading_folds": share(reading),
            "expected": round(expected / n, 3) if n else None,
            "reading_on_true_grades": round(on_true / n, 3) if n else None,
            "made": round(sum(sum(v) for v in made.values()) / n, 3) if n else None,
            "made_by_grade": {g: (round(sum(v) / len(v), 2), len(v))
                              for g, v in sorted(made.items())}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponent", default="tight", choices=("heuristic", *YARDSTICKS))
    ap.add_argument("--matches", type=int, default=60)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--below", type=float, default=0.9)
    ap.add_argument("--draws", type=int, default=100)
    args = ap.parse_args()
    if args.matches < 1 or args.draws < 1:
        raise SystemExit("raise_folds: --matches and --draws want 1 or more")
    r = measure(args.opponent, args.matches, args.seed, args.below, args.draws)
    print(f"{args.opponent}: {r['raises']} raises of the coach stated below {args.below}")
    print(f"  grades of their moment, true:     {r['true_grades']}")
    print(f"  grades of their moment, imagined: {r['imagined_grades']}")
    print(f"  folds the reading expects by grade: {r['reading_folds']}")
    print(f"  folds: expected {r['expected']}, the reading on the true grades "
          f"{r['reading_on_true_grades']}, made {r['made']}")
    print(f"  folds made by true grade (share, raises): {r['made_by_grade']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
