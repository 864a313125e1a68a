"""How true the review's "they fold about x%" is when the learner raises against the coach.

The play page reviews each of the learner's hands (:func:`truco_learn.bots.review.review`),
and a raise's reason says how often the other side folds at once. This plays seeded matches of
a stand-in learner (a bot by name) against the coach at a level, reviews every hand as the play
page does (the same level; the seed of the review of hand ``n`` is the match's seed plus
``n``), and sets the fold each raise's review showed against whether the coach folded at once.
The reviews keep a :class:`~truco_learn.bots.fold_check.FoldCheck` as the play page's session
does: afresh each match, or with ``--series N`` carried over runs of ``N`` matches, faded as
the page carries it to the learner's next match (``MatchSession.folds_for``). It prints the ECE
by tenths of the folds as the playouts state them (``stated``) and as shown, with the ECE exact
chances would show by chance alone, and the same for the chance to win when it is played
(over the raises they did not fold to)::

    .venv/bin/python benchmarks/review_folds.py --learner heuristic --matches 80 --seed 2026 \\
        --series 80

``--opponent`` seats another bot in the coach's place, a stand-in for the people at a table
(whose reviews, at the ``easy`` level, keep the same check for each seat over the table's
matches, unfaded: ``--fade 1``).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots import make_bot  # noqa: E402
from truco_learn.bots.base import watch_end  # noqa: E402
from truco_learn.bots.calibration import Calibration  # noqa: E402
from truco_learn.bots.coach import LEVELS  # noqa: E402
from truco_learn.bots.coach_memory import FADE, RememberedFold, fade_folds  # noqa: E402
from truco_learn.bots.fold_check import FoldCheck  # noqa: E402
from truco_learn.bots.review import review  # noqa: E402
from truco_learn.bots.self_check import _sigmoid  # noqa: E402
from truco_learn.engine.match import new_match  # noqa: E402
from truco_learn.engine.observer import observation  # noqa: E402
from truco_learn.engine.options import make_options  # noqa: E402
from truco_learn.engine.state import HandState  # noqa: E402


def reviewed(hand: HandState, seat: int, level: str, seed: int, folds: FoldCheck
             ) -> list[tuple[float, float, float, float, float, float]]:
    """Review ``seat``'s decisions in the finished ``hand`` with ``folds``; for each raise of
    its answered there: the fold stated by the playouts and the fold shown, 1.0 if they folded
    at once, the chance when played stated and shown (the chance to win the hand stays, so the
    stated one is (win - fold) / (1 - fold) with the fold stated), 1.0 if its team won."""
    before = len(folds.raises)
    items = review(hand, seat, level, seed, folds=folds)
    shown = [i.split for i in items if i.split is not None and i.index + 1 < len(hand.log)]
    won = float(hand.winner == seat % 2)
    out = []
    for (x, y), split in zip(folds.raises[before:], shown):
        fold, played = split["they_fold"], split["played_win"]
        win, stated = fold + (1.0 - fold) * played, _sigmoid(x)
        raw = min(1.0, max(0.0, (win - stated) / (1.0 - stated)))
        out.append((stated, fold, y, raw, played, won))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--learner", default="heuristic", help="the bot that stands in for a learner")
    p.add_argument("--opponent", default="coach",
                   help="the bot that answers the raises (a stand-in for the people at a table)")
    p.add_argument("--level", default="normal", choices=list(LEVELS))
    p.add_argument("--variant", default="paulista-2p")
    p.add_argument("--matches", type=int, default=20)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--series", type=int, default=1, help="matches a session's folds carry over")
    p.add_argument("--fade", type=float, default=FADE,
                   help="what a match's raises weigh in the next (a table's: 1)")
    a = p.parse_args(argv)
    stated, shown = Calibration(), Calibration()
    remembered: tuple[RememberedFold, ...] = ()
    for m in range(a.matches):
        seed, seat = a.seed + m, m % 2  # the learner sits first and second in turn
        rng = random.Random(a.seed * 1000 + m)
        bots = [make_bot(a.learner, a.level, seed), make_bot(a.opponent, a.level, seed)]
        if seat:
            bots.reverse()
        folds = FoldCheck(remembered if m % a.series else ())
        match = new_match(make_options(a.variant), rng)
        while not match.over:
            s = match.hand
            done = len(match.history)
            match = match.apply(bots[s.to_act].decide(observation(s, s.to_act)).action, rng)
            if len(match.history) > done or match.over:  # a hand is over (hand ``number``)
                number = len(match.history) + int(match.over)
                h = match.hand if match.over else match.history[-1]
                watch_end(bots, h)  # the coach sees its end, and the review comes
                for st, sh, y, raw, played, won in reviewed(h, seat, a.level, seed + number,
                                                            folds):
                    stated.add("fold", st, y)
                    shown.add("fold", sh, y)
                    if not y:  # they did not fold: the hand was played
                        stated.add("played", raw, won)
                        shown.add("played", played, won)
        remembered = fade_folds(folds.weighted(), a.fade)
        print(f"match {m + 1}: {stated.count('fold')} raises answered, ECE stated "
              f"{stated.ece('fold'):.3f}, shown {shown.ece('fold'):.3f}", flush=True)
    print(f"{stated.count('fold')} raises answered; ECE of the folds stated "
          f"{stated.ece('fold'):.3f}, shown {shown.ece('fold'):.3f} (by chance alone "
          f"{stated.chance_ece('fold'):.3f})")
    print(f"{stated.count('played')} played; ECE of the chance when played stated "
          f"{stated.ece('played'):.3f}, shown {shown.ece('played'):.3f} (by chance alone "
          f"{stated.chance_ece('played'):.3f})")
    for name, cal in (("stated", stated), ("shown", shown)):
        for i, (k, st, won) in enumerate(cal.bins.get("fold", [])):
            if k:
                print(f"  {name} {i / 10:.1f}-{(i + 1) / 10:.1f}: {int(k):4d} raises, "
                      f"fold {st / k:.2f}, folded {won / k:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
