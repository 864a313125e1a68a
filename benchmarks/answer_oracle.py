"""Where the coach's answers to a raise go wrong: in its playouts, or in the hands it imagines?

Plays seeded duplicate matches as ``truco-learn arena --jobs 1`` seats and seeds them (the
coach at ``normal`` against ``--opponent``, ``paulista-2p`` or ``--variant``: at four seats
each seat of the coach's team is a coach). At every raise the coach accepts
it notes:

- the chance it stated (as the arena counts it) and whether it won the hand;
- the *oracle* chance: its own playouts (the same opponent model, the same own side), played
  from the true deal, the other side's hidden cards included, ``--playouts`` times;
- how good the raiser's moment was when it raised (:func:`truco_learn.bots.raise_reading.moment`,
  graded from its true cards) and the grades of that moment in the deals the coach's sampler
  draws for the decision (``--draws`` of them, drawn apart from the decision's own);
- what the raise reading had learnt by then: the turns it had read, the moment it expects them
  to raise from and their share of bluffs (:meth:`.raise_reading.RaiseReading.facts`).

If the oracle chance comes true and the stated one does not, the playouts are sound and the
gap is in the hands the coach imagines for the raiser. One line per tricks finished (0, 1 or
more), for the raises that were raise-backs and those made on the raiser's own turn, and in
all::

    .venv/bin/python benchmarks/answer_oracle.py --opponent loose --matches 50 --seed 2026

``--raised`` notes only the answers to a six or more (not to a truco)::

    .venv/bin/python benchmarks/answer_oracle.py --opponent sampler --matches 150 --seed 2026 \
        --raised --playouts 100 --draws 100

``--out FILE`` also writes one JSON line per answer. Two more checks of the imagined hands:

- ``--exact N``: the grades in ``N`` deals drawn plainly and each weighed by the sampler's own
  weight (no rejection, no pick among a few tries): is the sampler's draw the weighting it
  means?
- ``--kinds "FROM,BLUFF,TOP;..."``: the grades in the deals the sampler draws with the raise
  reading set to these players (:data:`truco_learn.bots.raise_reading.KINDS`, alike, whatever
  they make of the coach's raises) in place
  of what the coach had learnt: what the coach would imagine if it knew the player. For
  ``loose`` (it raises from about 0.6 and bluffs on 5-20% of the poorer moments:
  ``raising_by_moment.py``)::

    .venv/bin/python benchmarks/answer_oracle.py --opponent loose --matches 25 --seed 2026 \\
        --playouts 20 --draws 100 --exact 1000 --kinds "0.6,0.08,1.0;0.6,0.2,1.0"
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots import make_bot  # noqa: E402
from truco_learn.bots.coach import OWN, CoachBot  # noqa: E402
from truco_learn.bots.coach_estimate import deal_sampler  # noqa: E402
from truco_learn.bots.playout import playout  # noqa: E402
from truco_learn.bots.policy import ROLLOUT  # noqa: E402
from truco_learn.bots.raise_reading import GRADES, KINDS, RaiseReading, moment  # noqa: E402
from truco_learn.bots.sampler import DealSampler  # noqa: E402
from truco_learn.engine.actions import ACCEPT, RAISE  # noqa: E402
from truco_learn.engine.match import new_match  # noqa: E402
from truco_learn.engine.observer import observation  # noqa: E402
from truco_learn.engine.options import make_options  # noqa: E402
from truco_learn.engine.state import HandState, apply_legal, new_hand  # noqa: E402


def raised_back(s: HandState) -> bool:
    """Was the last raise of ``s`` a raise back (made while a raise was pending)?"""
    d = s.deal
    t = new_hand(d.opts, d.dealer, d.hands, d.vira, d.score)
    back = False
    for _, code in s.log:
        if code == RAISE:
            back = t.pending is not None
        t = apply_legal(t, code)
    return back


def raise_grade(s: HandState) -> int:
    """The grade of the raiser's moment at the last raise of ``s`` (its cards in ``s``)."""
    d = s.deal
    t = new_hand(d.opts, d.dealer, d.hands, d.vira, d.score)
    grade = 0
    for who, code in s.log:
        if code == RAISE:
            grade = moment(t, who)
        t = apply_legal(t, code)
    return grade


def kinds_reading(kinds: list[tuple[float, float, float]]) -> RaiseReading:
    """A raise reading sure the player is one of ``kinds`` (from, bluff, top), alike."""
    reading = RaiseReading()
    wanted = {k[:3] for k in KINDS} & set(kinds)
    if len(wanted) != len(set(kinds)):
        missing = sorted(set(kinds) - wanted)
        raise SystemExit(f"answer_oracle: not among the reading's kinds: {missing}")
    reading.log_weights = [0.0 if k[:3] in wanted else -1e9 for k in KINDS]
    return reading


def _grades(sampler: DealSampler, rng: random.Random, draws: int, exact: bool) -> list[float]:
    """The raiser's grade in ``draws`` deals: drawn by the sampler, or drawn plainly and each
    weighed by its weight (``exact``)."""
    grades = [0.0] * GRADES
    for _ in range(draws):
        if exact:
            s, w = sampler._one(rng)
        else:
            s, w = sampler.sample(rng), 1.0
        grades[raise_grade(s)] += w
    total = sum(grades) or 1.0
    return [g / total for g in grades]


def answer_row(coach: CoachBot, hand: HandState, seat: int, obs: dict[str, Any],
               playouts: int, draws: int, exact: int = 0,
               kinds: list[tuple[float, float, float]] | None = None) -> dict[str, Any]:
    """The oracle chance and the raiser's moment, true and as the coach's deals have it."""
    credibility, model = coach.learnt[seat & 1]
    own = coach.own[seat & 1]
    team = seat & 1
    mine = replace(OWN, respect=OWN.respect * model.credible)
    rng = random.Random(7)
    after = apply_legal(hand, ACCEPT)
    won = sum(playout(after, random.Random(rng.getrandbits(48)), team, mine, ROLLOUT, model,
                      own, False).winner == team for _ in range(playouts))
    def sampler(reading: RaiseReading) -> DealSampler:
        return deal_sampler(obs, model.credible, model, reading=reading)
    row: dict[str, Any] = {}
    if exact:
        row["exact_grades"] = _grades(sampler(model.reading), rng, exact, True)
    if kinds:
        row["kinds_grades"] = _grades(sampler(kinds_reading(kinds)), rng, draws, False)
    reading = model.reading.facts()
    return row | {"oracle": won / playouts, "true_grade": raise_grade(hand),
            "drawn_grades": _grades(sampler(model.reading), rng, draws, False),
            "wild": round(model.wild, 3),
            "turns_read": reading["turns"], "raises_from": reading["raises_from"],
            "bluffs": reading["bluffs"]}


def run(opponent: str, deals: int, seed: int, playouts: int, draws: int, exact: int = 0,
        kinds: list[tuple[float, float, float]] | None = None,
        raised: bool = False, variant: str = "paulista-2p") -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    opts = make_options(variant)
    for i in range(deals):
        deal_seed = seed * 1_000_003 + i
        for bot_team in (0, 1):
            bots = [CoachBot("normal", seed=deal_seed * 8 + s) if s % 2 == bot_team
                    else make_bot(opponent, "normal", deal_seed * 8 + s)
                    for s in range(opts.seats)]
            rng = random.Random(deal_seed)
            m = new_match(opts, rng)
            waiting: list[dict[str, Any]] = []
            hand_no = 0
            while not m.over:
                seat = m.hand.to_act
                obs = observation(m.hand, seat)
                d = bots[seat].decide(obs)
                if (seat % 2 == bot_team and m.hand.pending is not None and d.action == "accept"
                        and (not raised or m.hand.stake > 1)):
                    stated = next(o["win"] for o in d.explanation["options"]
                                  if o["action"] == "accept")
                    waiting.append({"match": 2 * i + bot_team, "hand": hand_no,
                                    "trick": len(m.hand.tricks), "stake": m.hand.stake,
                                    "stated": stated, "back": raised_back(m.hand)}
                                   | answer_row(bots[seat], m.hand, seat, obs, playouts,
                                                draws, exact, kinds))
                done = len(m.history)
                m = m.apply(d.action, rng)
                finished = m.history[-1] if len(m.history) > done else (m.hand if m.over
                                                                        else None)
                if finished is not None:
                    won = 0.5 if finished.winner < 0 else float(finished.winner == bot_team)
                    rows += [r | {"won": won} for r in waiting]
                    waiting, hand_no = [], hand_no + 1
    return rows


def report(rows: list[dict[str, Any]]) -> str:
    lines = []
    groups = [("trick 0", [r for r in rows if r["trick"] == 0]),
              ("tricks 1-2", [r for r in rows if r["trick"] > 0]),
              ("raised back", [r for r in rows if r.get("back")]),
              ("on their turn", [r for r in rows if not r.get("back")]), ("all", rows)]
    for name, group in groups:
        n = len(group)
        if not n:
            continue

        def mean(key: str) -> float:
            return float(sum(r[key] for r in group)) / n

        def grade(key: str) -> str:
            mix = [sum(r[key][g] for r in group) / n for g in range(GRADES)]
            return f"{sum(g * x for g, x in enumerate(mix)):.2f} ({mix[0]:.2f})"

        drawn = [sum(r["drawn_grades"][g] for r in group) / n for g in range(GRADES)]
        true = [sum(1 for r in group if r["true_grade"] == g) / n for g in range(GRADES)]
        more = "".join(f", {label} {grade(key)}" for key, label in (
            ("exact_grades", "weighed exactly"), ("kinds_grades", "with the player's reading"))
            if key in group[0])
        lines.append(f"{name}: {n} answers, stated {mean('stated'):.3f}, oracle "
                     f"{mean('oracle'):.3f}, won {mean('won'):.3f}; raiser's moment grade "
                     f"true {sum(g * x for g, x in enumerate(true)):.2f} "
                     f"(poorest grade {true[0]:.2f}), in the coach's deals "
                     f"{sum(g * x for g, x in enumerate(drawn)):.2f} ({drawn[0]:.2f}){more}; the "
                     f"reading had read {mean('turns_read'):.1f} turns: raises from "
                     f"{mean('raises_from'):.2f}, bluffs {mean('bluffs'):.3f}; "
                     f"{sum(1 for r in group if r['hand'] < 6)} answers in hands 1-6")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--matches", type=int, default=50, help="deal sequences (x2 matches)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--draws", type=int, default=200)
    ap.add_argument("--exact", type=int, default=0, metavar="N")
    ap.add_argument("--kinds", default="", metavar="FROM,BLUFF,TOP;...")
    ap.add_argument("--raised", action="store_true",
                    help="only the answers to a six or more (not to a truco)")
    ap.add_argument("--variant", default="paulista-2p",
                    help="at four seats each seat of the coach's team is a coach")
    ap.add_argument("--out")
    a = ap.parse_args()
    try:
        kinds = [(float(x), float(y), float(z)) for x, y, z in
                 (k.split(",") for k in a.kinds.split(";") if k.strip())]
    except ValueError:
        raise SystemExit(f"answer_oracle: --kinds wants FROM,BLUFF,TOP;... not {a.kinds!r}")
    if kinds:
        kinds_reading(kinds)  # a kind the reading does not weigh: say so before any match
    rows = run(a.opponent, a.matches, a.seed, a.playouts, a.draws, a.exact, kinds, a.raised,
               a.variant)
    if a.out:
        Path(a.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(report(rows))


if __name__ == "__main__":
    main()
