"""How the coach's hands end, live and in its playouts, after a card play at the first stake
(or, with ``--decisions answer``, after it accepted a raise).

For every card the coach plays at the first stake of a hand (no raise accepted yet), it
sets how the live hand then ended against how the chosen card's playouts ended (each playout
weighing 1 / the number of playouts): did the coach's side call truco later, did the other side
fold to it, who won. Where the two differ the coach's stated chances for its card plays do too
(the fifth round against the yardstick panel, in ``benchmarks/coach-rounds.md``). The matches
are the arena's (``truco-learn arena --jobs 1`` seeds and seats, ``--seed``), the coach at its
default level, in ``paulista-2p`` or ``--variant`` (at four seats both seats of the coach's
team are coaches, each counted)::

    .venv/bin/python benchmarks/playout_outcomes.py --opponent tight --matches 10 --seed 2026
    .venv/bin/python benchmarks/playout_outcomes.py --opponent heuristic --matches 20 \\
        --seed 2026 --variant paulista-4p
    .venv/bin/python benchmarks/playout_outcomes.py --opponent sampler --matches 50 \\
        --seed 2026 --decisions answer

prints, per way a hand ended, the share of those decisions live and in the playouts, then
the two figures that tell them apart: the share of hands in which the coach's side called truco
later, and the share of those the other side folded.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots import coach_estimate, make_bot  # noqa: E402
from truco_learn.bots.calibration import decision_kind  # noqa: E402
from truco_learn.engine.actions import FOLD, RAISE, parse_action  # noqa: E402
from truco_learn.engine.match import new_match  # noqa: E402
from truco_learn.engine.observer import observation  # noqa: E402
from truco_learn.engine.options import make_options  # noqa: E402
from truco_learn.engine.state import HandState  # noqa: E402

Ending = tuple[bool, bool, bool]  # won, my side raised after the decision, they folded to it


def ending(end: HandState, team: int, since: int) -> Ending:
    """How a finished hand ended for ``team``, from log entry ``since`` on."""
    later = end.log[since:]
    raised = any(code == RAISE and who & 1 == team for who, code in later)
    they_folded = any(code == FOLD and who & 1 != team for who, code in later)
    return end.winner == team, raised, raised and they_folded


def label(e: Ending) -> str:
    won, raised, folded = e
    return ("won" if won else "lost") + (", my truco later" if raised else "") + (
        ", they folded" if folded else "")


Shares = dict[Ending, float]


def counted(h: HandState, kind: str | None, decisions: str) -> bool:
    """Is a decision of the coach's, of calibration kind ``kind`` taken in ``h``, one that
    ``decisions`` asks for (``card play``: at the first stake; ``answer``: an accept)?"""
    if decisions == "answer":
        return kind == "answer"
    return kind == "card play" and h.stake == h.opts.ladder[0] and h.pending is None


def measure(opponent: str, deals: int, seed: int, decisions: str = "card play",
            variant: str = "paulista-2p") -> tuple[Shares, Shares, int]:
    """Live and playout endings after the coach's decisions of the kind asked for (first-stake
    card plays, or accepts), and their count."""
    seen: list[tuple[int, Ending]] = []  # (action code, ending) of the playouts of a decision
    plain: Callable[..., HandState] = getattr(coach_estimate, "playout")

    def playout(s: HandState, rng: random.Random, team: int, *args: Any, **kw: Any
                ) -> HandState:
        end = plain(s, rng, team, *args, **kw)
        seen.append((s.log[-1][1], ending(end, team, len(s.log))))
        return end

    live: Shares = defaultdict(float)
    imagined: Shares = defaultdict(float)
    n = 0
    opts = make_options(variant)
    setattr(coach_estimate, "playout", playout)  # the coach's playouts, watched
    try:
        for i in range(deals):
            deal_seed = seed * 1_000_003 + i  # as run_arena seeds its deal sequences
            for team in (0, 1):
                bots = [make_bot("coach" if k % 2 == team else opponent, "normal",
                                 deal_seed * 8 + k) for k in range(opts.seats)]
                rng = random.Random(deal_seed)
                m = new_match(opts, rng)
                marks: list[int] = []  # log lengths after this hand's counted card plays
                while not m.over:
                    h, seat = m.hand, m.hand.to_act
                    seen.clear()
                    d = bots[seat].decide(observation(h, seat))
                    if seat % 2 == team and counted(h, decision_kind(d.explanation), decisions):
                        code = parse_action(d.action)[1]
                        mine = [e for c, e in seen if c == code]
                        for e in mine:
                            imagined[e] += 1 / len(mine)
                        marks.append(len(h.log) + 1)
                    done = len(m.history)
                    m = m.apply(d.action, rng)
                    if len(m.history) > done or m.over:
                        end = m.history[-1] if len(m.history) > done else m.hand
                        for since in marks:
                            live[ending(end, team, since)] += 1.0
                            n += 1
                        marks = []
    finally:
        setattr(coach_estimate, "playout", plain)
    return live, imagined, n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponent", default="tight")
    ap.add_argument("--matches", type=int, default=10, help="deal sequences (x2 matches)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--decisions", choices=("card play", "answer"), default="card play",
                    help="card plays at the first stake, or accepts of a raise")
    ap.add_argument("--variant", default="paulista-2p")
    args = ap.parse_args()
    live, imagined, n = measure(args.opponent, args.matches, args.seed, args.decisions,
                                args.variant)
    what = "card plays at the first stake" if args.decisions == "card play" else "accepts"
    if not n:
        print(f"no {what}")
        return 1
    print(f"{n} {what} against {args.opponent}")
    for e in sorted(set(live) | set(imagined)):
        print(f"  {label(e):40s} live {live[e] / n:.3f}  playouts {imagined[e] / n:.3f}")
    for name, c in (("live", live), ("playouts", imagined)):
        won = sum(v for e, v in c.items() if e[0])
        raised = sum(v for e, v in c.items() if e[1])
        folded = sum(v for e, v in c.items() if e[2])
        print(f"{name}: won {won / n:.1%}; my raise later in {raised / n:.0%} of the hands, "
              f"folded {folded / max(raised, 1e-9):.0%} of those ({folded / n:.1%} of all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
