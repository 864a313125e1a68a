"""How true a review's "they fold about x%; when it is played you win about y%" is.

The play page reviews each of the learner's hands (:func:`truco_learn.bots.review.review`), and
a raise's reason gives the other side's fold at once and the learner's chance to win the hand
when it is played. This plays seeded matches of a stand-in learner (a bot by name) against the
coach (or ``--opponent``, e.g. a stand-in for the people at a table) at a level, reviews every
hand as the play page does (the same level; the review of hand ``n`` seeded with the match's
seed plus ``n``), and sets each raise's numbers against what came: the fold against whether
they folded at once, the chance when played against the hands played out, and the chance to
win the hand (fold + (1 - fold) x played) against every raise's hand. It prints the ECE of each
by tenths, with the ECE exact chances would show by chance alone, then the raise's expected
points (on which its grade stands) against the net points its hand gave, and with the coach
asked the same for the review without it (as a table reviews) and how many grades differ::

    .venv/bin/python benchmarks/review_folds.py --learner heuristic --matches 80 --seed 2026

``--replay`` also replays, at each raise, the better move the review named (and the one the
review without the coach named) on the true deal, the rest of the hand played by copies of
both bots as they stood at the raise: the points it would have saved, against the loss the
review stated, and the two sides apart (the raise's expected points against what its hand
gave, the better move's against its replay), by grade. ``--out FILE`` also writes each raise answered as a JSON line; ``--timing``
also prints how long the review of each hand in which the learner raised took (median, p90,
max). ``--true-cards`` also asks, at each raise, what the rule of thumb would answer holding
the answering side's true cards (:func:`truco_learn.bots.playout.thumb_folds`, 10 draws): its
ECE against what came, and how often it agrees with the answer, tell how much of the fold's
error is the hands the review imagines and how much the way the other side answers.

As on the play page, each raise is answered on the review's drawn deals by the other side as
it stood at the raise (:mod:`truco_learn.bots.review_answers`); ``--rule-of-thumb`` reviews
as a table does, the other side answering by the rule of thumb in the review's playouts.
Against the coach at a level with habits, the coach's side plays the review's playouts by
them, as on the play page (:func:`truco_learn.bots.levels.habit_player`); ``--no-habits``
plays it by the rule of thumb, as the review did before. ``--review-level easy`` reviews at
``easy`` whatever ``--level`` the bots play at, as a table does (since the thirty-fifth round
a table also asks its bots, as here; ``--rule-of-thumb`` gives the table's review before it).
"""

from __future__ import annotations

import argparse
import copy
import functools
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots import make_bot  # noqa: E402
from truco_learn.bots.base import watch_end  # noqa: E402
from truco_learn.bots.calibration import Calibration  # noqa: E402
from truco_learn.bots.playout import thumb_folds  # noqa: E402
from truco_learn.bots.coach import LEVELS  # noqa: E402
from truco_learn.bots.levels import habit_player  # noqa: E402
from truco_learn.bots.policy import Player  # noqa: E402
from truco_learn.bots.review import review  # noqa: E402
from truco_learn.bots.hand_draws import hand_steps  # noqa: E402
from truco_learn.bots.review_answers import Answerer, answer_as  # noqa: E402
from truco_learn.engine.actions import FOLD, RAISE, action_str, parse_action  # noqa: E402
from truco_learn.engine.match import new_match  # noqa: E402
from truco_learn.engine.observer import observation  # noqa: E402
from truco_learn.engine.options import make_options  # noqa: E402
from truco_learn.engine.state import HandState, legal_codes, step  # noqa: E402

NUMBERS = ("fold", "played", "win")
THUMB_DRAWS = 10  # draws of the rule of thumb's answer (it bluffs now and then) per raise


def reviewed(hand: HandState, seat: int, level: str, seed: int, true_cards: bool = False,
             answerer: Answerer | None = None, took: list[float] | None = None,
             named: list[dict[str, Any]] | None = None,
             their_play: Player | None = None,
             answers_level: str | None = None) -> list[dict[str, Any]]:
    """Each raise of ``seat`` answered in the finished ``hand``: its numbers as the review
    gives them (with ``answerer``, as the play page reviews), whether they folded at once,
    whether ``seat``'s team won the hand, the raise's expected points and grade, and the net
    points the hand gave ``seat``'s team; with ``answerer``, also the expected points and
    grade the review gives without it (``ev_thumb``, ``label_thumb``: as a table reviews);
    with ``true_cards``, also the share of draws in which the rule of thumb, holding the
    answering side's true cards, folds (``thumb``). ``took`` gets the seconds the review
    (with ``answerer`` if given) took, the one without it left out. ``named`` gets, with
    ``answerer``, each of ``seat``'s other moves where either review named a raise the better
    move: the move, both reviews' better moves, losses and grades, and the hand's points.
    ``their_play`` plays the other side in both reviews' playouts (as the play page's review
    against the coach: its level's habits). ``answers_level``: the answering coach's level,
    where the review works at another ``level`` (as a table's review, at ``easy``)."""
    team = seat % 2
    won = float(hand.winner == team)
    points = float(hand.points[team] - hand.points[1 - team])
    thumbs = ({i.index: i for i in review(hand, seat, level, seed, their_play=their_play)}
              if answerer else {})
    out = []
    t0 = time.perf_counter()
    items = review(hand, seat, level, seed, answerer, their_play, answers_level)
    if took is not None:
        took.append(time.perf_counter() - t0)
    for item in items:
        then = thumbs.get(item.index)
        if (named is not None and then is not None and item.action != "raise"
                and "raise" in (item.best, then.best)):
            named.append({"index": item.index, "action": item.action, "best": item.best,
                          "best_thumb": then.best, "loss": item.loss, "loss_thumb": then.loss,
                          "label": item.label, "label_thumb": then.label, "points": points,
                          "ev": item.ev_taken, "ev_best": item.ev_best})
        if item.split is not None and item.index + 1 < len(hand.log):
            fold, played = item.split["they_fold"], item.split["played_win"]
            answer = hand.log[item.index + 1][1]
            row = {"fold": fold, "played": played, "win": fold + (1.0 - fold) * played,
                   "folded": float(answer == FOLD), "answer": action_str(answer), "won": won,
                   "ev": item.ev_taken, "label": item.label, "best": item.best,
                   "loss": item.loss, "points": points, "index": item.index}
            if item.index in thumbs:
                row.update(ev_thumb=thumbs[item.index].ev_taken,
                           label_thumb=thumbs[item.index].label,
                           best_thumb=thumbs[item.index].best,
                           loss_thumb=thumbs[item.index].loss)
            if true_cards:
                s = hand_steps(hand)[item.index][2]
                row["thumb"] = sum(thumb_folds(s, random.Random(k))
                                   for k in range(THUMB_DRAWS)) / THUMB_DRAWS
            out.append(row)
    return out


def replayed_points(hand: HandState, index: int, action: str, bots: list[Any],
                    seat: int) -> float:
    """The net points for ``seat``'s team had it taken ``action`` in place of action
    ``index`` of ``hand``, the hand played on by copies of ``bots`` as they stood then (the
    true deal: what the better move would have given, the rest of the hand alike). The
    ``seat``'s own bot draws afresh: its generator stood where its next draw made the move
    replaced, and a bot that bluffed on that draw would bluff again at its next turn."""
    bots = replay_bots(bots, seat, action)
    s = step(hand_steps(hand)[index][2], action)
    while s.to_act >= 0:
        s = step(s, bots[s.to_act].decide(observation(s, s.to_act)).action)
    team = seat % 2
    return float(s.points[team] - s.points[1 - team])


def replay_bots(bots: list[Any], seat: int, action: str) -> list[Any]:
    """Copies of ``bots`` to replay a move of ``seat``'s by ``action``; ``seat``'s own copy
    draws afresh (from its generator's next draw, so the replay stays seeded), where the bot's
    generator would otherwise give its next turn the draw that made the move replaced."""
    bots = copy.deepcopy(bots)
    mover = bots[seat]
    if isinstance(getattr(mover, "rng", None), random.Random):
        mover.rng = random.Random(f"replay|{mover.rng.getrandbits(32)}|{action}")
    return bots


def _mean(values: list[float]) -> float:
    return sum(values) / max(len(values), 1)


def loss_report(rows: list[dict[str, Any]], best: str, loss: str, label: str) -> str:
    """How true the review's losses are: over the raises, the mean loss it stated against
    the mean the better move it named would have saved (``row["saved"][move]``: replayed,
    the raise's own points taken off), and the same over those it graded worse than good and
    good, and over those they folded to at once and those they played on (a fold at once
    tells the hands apart: at a level whose coach runs from every raise without a manilha,
    the ones it played are the ones it held one); each line also sets the two sides apart:
    the raise's expected points (with
    ``answerer``; the review's as a table reviews for the ``_thumb`` keys) against the net
    points its hand gave, and the better move's (the raise's plus the loss) against its
    replay's."""
    ev = "ev_thumb" if best.endswith("_thumb") else "ev"

    def line(name: str, rs: list[dict[str, Any]]) -> str:
        came = [r["saved"].get(r[best], 0.0) for r in rs]
        return (f"  {name}: {len(rs)}, loss stated {_mean([r[loss] for r in rs]):.3f}, came "
                f"{_mean(came):+.3f} (the raise stated {_mean([r[ev] for r in rs]):+.3f}, "
                f"came {_mean([r['points'] for r in rs]):+.3f}; the better move stated "
                f"{_mean([r[ev] + r[loss] for r in rs]):+.3f}, replayed "
                f"{_mean([r['points'] + c for r, c in zip(rs, came)]):+.3f})")
    return "\n".join([f"{loss}: the better move named, replayed",
                      line("every raise", rows),
                      line("graded worse than good", [r for r in rows if r[label] != "good"]),
                      line("graded good", [r for r in rows if r[label] == "good"]),
                      line("they folded at once", [r for r in rows if r["folded"]]),
                      line("they played it", [r for r in rows if not r["folded"]])])


def named_report(rows: list[dict[str, Any]], best: str, loss: str, label: str) -> str:
    """How often a review names a raise the better move where the learner did not raise, how
    many of those it grades worse than good, the mean loss it states there and, replayed
    (``row["raised"]``: the points the raise would have saved), what raising would have
    saved."""
    rs = [r for r in rows if r[best] == "raise"]
    worse = [r for r in rs if r[label] != "good"]
    text = (f"{best}: a raise named the better move at {len(rs)} other moves ({len(worse)} "
            f"graded worse than good), loss stated {_mean([r[loss] for r in rs]):.3f}")
    if rs and "raised" in rs[0]:
        text += f", saved by raising {_mean([r['raised'] for r in rs]):+.3f}"
        if best == "best":  # the move and the raise apart, as the review with the answerer
            for name, part in (("graded worse than good", worse),
                               ("graded good", [r for r in rs if r[label] == "good"])):
                text += (f"\n  {name}: {len(part)}, loss stated "
                         f"{_mean([r[loss] for r in part]):.3f}, saved by raising "
                         f"{_mean([r['raised'] for r in part]):+.3f} (the move stated "
                         f"{_mean([r['ev'] for r in part]):+.3f}, came "
                         f"{_mean([r['points'] for r in part]):+.3f}; the raise stated "
                         f"{_mean([r['ev_best'] for r in part]):+.3f}, replayed "
                         f"{_mean([r['points'] + r['raised'] for r in part]):+.3f})")
    return text


def points_report(rows: list[dict[str, Any]], key: str) -> str:
    """How true the raises' expected points (``row[key]``) are against the net points their
    hands gave: by stated points rounded to a whole point (at most 4 either way), each
    group's mean stated against its mean that came, and the mean gap weighted by the raises
    in each group, with the gap exact numbers would show by chance alone (each group's
    standard error times √(2/π))."""
    groups: dict[int, list[tuple[float, float]]] = {}
    for r in rows:
        groups.setdefault(max(-4, min(4, round(r[key]))), []).append((r[key], r["points"]))
    n = len(rows)
    gap = chance = 0.0
    lines = []
    for at in sorted(groups):
        g = groups[at]
        stated = sum(x for x, _ in g) / len(g)
        came = sum(y for _, y in g) / len(g)
        var = sum((y - came) ** 2 for _, y in g) / max(len(g) - 1, 1)
        gap += len(g) / n * abs(stated - came)
        chance += len(g) / n * math.sqrt(2 / math.pi * var / len(g))
        lines.append(f"  {at:+d}: {len(g):4d}, stated {stated:+.2f}, came {came:+.2f}")
    bias = sum(r[key] - r["points"] for r in rows) / max(n, 1)
    head = (f"{key}: {n} raises answered, mean gap {gap:.3f} points (by chance alone about "
            f"{chance:.3f}), stated - came {bias:+.3f}")
    return "\n".join([head, *lines])


def _answer_as_then(at_raise: dict[int, list[Any]], index: int, obs: Any) -> str:
    """How the bot in ``obs``'s seat, as it stood at raise ``index``, answers ``obs``
    (asked on a copy, as the play page asks it)."""
    return answer_as(at_raise[index], obs)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--learner", default="heuristic", help="the bot that stands in for a learner")
    p.add_argument("--opponent", default="coach", help="the bot that answers the raises")
    p.add_argument("--level", default="normal", choices=list(LEVELS))
    p.add_argument("--variant", default="paulista-2p")
    p.add_argument("--matches", type=int, default=20)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--out", help="also write each raise answered as a JSON line here")
    p.add_argument("--true-cards", action="store_true",
                   help="also the rule of thumb's answer holding the answering side's cards")
    p.add_argument("--rule-of-thumb", action="store_true",
                   help="review as a table does: no answers asked of the other side")
    p.add_argument("--replay", action="store_true",
                   help="also replay each raise's better move, by the bots as they stood")
    p.add_argument("--timing", action="store_true",
                   help="also time the review of each hand in which the learner raised")
    p.add_argument("--review-level", choices=list(LEVELS),
                   help="the level the review works at (default: --level); a table's review "
                        "works at easy whatever the bots' level")
    p.add_argument("--no-habits", action="store_true",
                   help="the coach's side plays the rule of thumb in the review's playouts, "
                        "not its level's habits (as the review did before)")
    a = p.parse_args(argv)
    cal = Calibration()
    agree = 0  # raises where the rule of thumb with the true cards answers as they did
    took: list[float] = []  # seconds to review each hand in which the learner raised
    took_all: list[float] = []  # and every hand
    named: list[dict[str, Any]] = []  # the learner's other moves where a raise was named
    their_play = (habit_player(a.level) if a.opponent == "coach" and not a.no_habits
                  else None)
    out = open(a.out, "w") if a.out else None
    rows_all: list[dict[str, Any]] = []
    for m in range(a.matches):
        seed, seat = a.seed + m, m % 2  # the learner sits first and second in turn
        rng = random.Random(a.seed * 1000 + m)
        bots = [make_bot(a.learner, a.level, seed), make_bot(a.opponent, a.level, seed)]
        if seat:
            bots.reverse()
        match = new_match(make_options(a.variant), rng)
        # the bots as they stood at the learner's turns where a raise was open
        at_raise: dict[int, list[Any]] = {}
        answerer = functools.partial(_answer_as_then, at_raise)
        while not match.over:
            s = match.hand
            done = len(match.history)
            action = bots[s.to_act].decide(observation(s, s.to_act)).action
            if s.to_act == seat and RAISE in legal_codes(s):
                at_raise[len(s.log)] = copy.deepcopy(bots)
            match = match.apply(action, rng)
            if len(match.history) > done or match.over:  # a hand is over (hand ``number``)
                number = len(match.history) + int(match.over)
                h = match.hand if match.over else match.history[-1]
                watch_end(bots, h)  # the coach sees its end, and the review comes
                took_here: list[float] = []
                named_here: list[dict[str, Any]] = []
                rows = reviewed(h, seat, a.review_level or a.level, seed + number,
                                a.true_cards, None if a.rule_of_thumb else answerer,
                                took_here, named_here, their_play, a.level)
                took_all.extend(took_here)
                if any(who == seat and code == RAISE for who, code in h.log):
                    took.extend(took_here)
                if a.replay:
                    for r in named_here:
                        r["raised"] = replayed_points(h, r["index"], "raise",
                                                      at_raise[r["index"]], seat) - r["points"]
                named.extend(named_here)
                if a.replay:
                    for r in rows:
                        moves = {r["best"], r.get("best_thumb", r["best"])} - {"raise"}
                        then = at_raise[r["index"]]
                        r["saved"] = {mv: replayed_points(h, r["index"], mv, then, seat)
                                      - r["points"] for mv in moves}
                rows_all.extend(rows)
                for r in rows:
                    cal.add("fold", r["fold"], r["folded"])
                    cal.add("win", r["win"], r["won"])
                    if not r["folded"]:  # the hand was played
                        cal.add("played", r["played"], r["won"])
                    if "thumb" in r:
                        cal.add("thumb", r["thumb"], r["folded"])
                        agree += (r["thumb"] >= 0.5) == bool(r["folded"])
                    if out is not None:
                        out.write(json.dumps({"match": m + 1, "hand": number, **r}) + "\n")
                at_raise.clear()
        print(f"match {m + 1}: {cal.count('fold')} raises answered, ECE of the folds "
              f"{cal.ece('fold'):.3f}", flush=True)
    if out is not None:
        out.close()
    if rows_all and a.replay:
        print(loss_report(rows_all, "best", "loss", "label"))
        if "best_thumb" in rows_all[0]:
            print(loss_report(rows_all, "best_thumb", "loss_thumb", "label_thumb"))
    if named:
        print(named_report(named, "best", "loss", "label"))
        print(named_report(named, "best_thumb", "loss_thumb", "label_thumb"))
    if rows_all:
        print(points_report(rows_all, "ev"))
        if "ev_thumb" in rows_all[0]:
            print(points_report(rows_all, "ev_thumb"))
            moved = sum(r["label"] != r["label_thumb"] for r in rows_all)
            print(f"grades that differ from the rule of thumb's: {moved} of {len(rows_all)}")
    for name, what in zip(NUMBERS, ("raises answered", "played", "raises answered")):
        print(f"{name}: {cal.count(name)} {what}, ECE {cal.ece(name):.3f} (by chance alone "
              f"{cal.chance_ece(name):.3f})")
        for i, (k, st, won) in enumerate(cal.bins.get(name, [])):
            if k:
                print(f"  {i / 10:.1f}-{(i + 1) / 10:.1f}: {int(k):4d}, stated {st / k:.2f}, "
                      f"came {won / k:.2f}")
    if a.timing and took:
        for what, times in (("a hand with a raise", took), ("every hand", took_all)):
            times.sort()
            print(f"review of {what}: {len(times)} hands, median "
                  f"{times[len(times) // 2]:.2f} s, p90 {times[int(len(times) * 0.9)]:.2f} s, "
                  f"max {times[-1]:.2f} s")
    if a.true_cards:
        n = cal.count("thumb")
        print(f"the rule of thumb with their true cards: {n} raises answered, ECE "
              f"{cal.ece('thumb'):.3f} against their answers, the same answer on "
              f"{agree / max(n, 1):.2f} of them")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
