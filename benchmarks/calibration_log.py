"""The coach's stated chances, decision by decision, and the self-check replayed on them offline.

``record`` plays seeded duplicate matches exactly as ``truco-learn arena --jobs 1`` seats and
seeds them, and writes one line per counted decision of the coach (as the arena counts them:
:mod:`truco_learn.bots.calibration`): the match, the seat, the kind, the chance shown, the
chance before the coach's self-check (``raw``), whether its team won the hand, and the moment
(tricks finished, the stake, how wild the coach read the other side, whether a raise was open
to it); for an own raise also the two parts of its chance (``they_fold``, ``played_win``) and
whether they folded to it at once (``folded``, read from the finished hand's log). The arena's
own summary of the run is
written beside it (``.summary.json``), so the figures are those of the arena command, with
every decision of the coach counted by the deals it played out (``samples`` of its
explanation: all of them, or half when it stopped early)::

    .venv/bin/python benchmarks/calibration_log.py record --opponent tight --matches 50 \\
        --seed 2026 --out /tmp/tight.jsonl

``--known-kinds "0.8,0.0,1.0;0.85,0.0,1.0"`` has the coach's deal sampler read their raises
as one of those players (from, bluff, top: :data:`truco_learn.bots.raise_reading.KINDS`) from
the first hand: what the answers would show if the raise reading were learnt at once.
``--series N`` meets the same player over runs of N deal sequences, as ``truco-learn arena
--series N``: the coach remembers it from one match to the next
(:mod:`truco_learn.bots.coach_memory`), and each line says how many matches it remembered
then (``remembered``); ``split`` then also parts the player's first match from the later ones.

``replay`` runs a fresh :class:`~truco_learn.bots.self_check.SelfCheck` over the raw chances of
each match in order, as the live coach would (a decision is corrected by the hands settled
before it; the last hand of a match is never settled, as no next hand is seen), and prints the
ECE per kind of the corrected chances, for the self-check as it is in the tree or with another
prior weight (``--weight``); it gives the arena's figures again to within a hand the live check
could not settle (a hand in which the coach took no decision)::

    .venv/bin/python benchmarks/calibration_log.py replay /tmp/tight.jsonl --weight 16

Logs of four seats want ``--seats 4`` (the self-check's prior there weighs more and is centred
off 0 for some kinds: :func:`truco_learn.bots.self_check.for_seats`), and logs of a preset
with envido or flor ``--extended``; ``--center answer=0.5`` tries another centre for a kind.

Only the stated numbers change in a replay (the self-check never changes a decision), so this
gives the figures a change of the self-check would give in the arena, without playing again.
``fit`` prints the log-odds shift that best fits the raw chances of the given logs, per kind,
and how far card plays at the first stake and after an accepted raise stand from the share
won. ``split`` prints the ECE of the chances shown for one kind over parts of the logs (all,
the first matches and the rest, the early hands of every match and the later ones), with the
ECE by chance alone and the mean of stated minus won of each part::

    .venv/bin/python benchmarks/calibration_log.py split /tmp/tight.jsonl --kind answer \\
        --first 400 --early 7

``--early 3 7`` cuts the matches into hands 1-3, 4-7 and the rest, and ``--trick first`` (or
``after``) keeps only the decisions taken at the first trick (or after one), and ``--stake
first`` (or ``raised``) those at the hand's first stake (or above it: a six or more answered).

``exact`` asks how far the coach could get if it read the player right from a given hand of
every match on: for each ``--from-hand H`` it keeps the outcomes seen before hand H and draws
each later decision's outcome at the chance stated (``--draws`` times, seeded:
:func:`truco_learn.bots.calibration.ece_if_exact`), and prints the mean ECE, its 5-95% range
and the share of draws at or below ``--target``::

    .venv/bin/python benchmarks/calibration_log.py exact /tmp/tight.jsonl --kind answer \
        --from-hand 1 3 4 5 8 --draws 400 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots import arena, coach_estimate  # noqa: E402
from truco_learn.bots.arena import BotSpec, run_arena  # noqa: E402
from truco_learn.bots.calibration import KINDS, Calibration, ece_if_exact  # noqa: E402
from truco_learn.bots.self_check import (CENTERS, PRIOR_WEIGHT, SelfCheck,  # noqa: E402
                                          for_seats)
from truco_learn.engine.actions import FOLD  # noqa: E402


def record(opponent: str, variant: str, deals: int, seed: int, out: Path,
           known: list[tuple[float, float, float]] | None = None, series: int = 0
           ) -> dict[str, Any]:
    """Play the arena's matches and log every counted decision of the coach; with ``known``
    kinds, the coach's deal sampler reads their raises as one of those players from the first
    hand (:func:`known_reading`); ``series`` as ``truco-learn arena --series`` (the coach
    remembers the player from one match to the next)."""
    if known:
        return known_reading(known, lambda: record(opponent, variant, deals, seed, out,
                                                   series=series))
    rows: list[dict[str, Any]] = []
    match, hand = [0], [0]
    context: list[dict[str, Any]] = []  # beside the arena's stated chances of this hand
    samples: dict[str, int] = {}  # every decision of the coach, by the deals it played out
    plain_play, plain_settle, plain_note = arena.play_match, arena._settle, arena._note
    plain_watch = arena.watch_end
    finished: list[Any] = [None]  # the hand just over, as the arena shows it to the bots

    def note(hand: Any, seat: int, action: str, explanation: Any, stated: list[Any],
             result: Any) -> None:
        before = len(stated)
        plain_note(hand, seat, action, explanation, stated, result)
        used = str(explanation.get("samples"))
        samples[used] = samples.get(used, 0) + 1
        if len(stated) > before:
            facts = explanation.get("facts") or {}
            split = facts.get("raise_split") if action == "raise" else None
            row = {"seat": seat, "trick": len(facts.get("tricks") or ()),
                   "stake": facts.get("stake"),
                   "wild": (facts.get("their_play") or {}).get("wild"),
                   "remembered": ((facts.get("their_play") or {}).get("raise_reading")
                                  or {}).get("remembered_matches"),
                   "can_raise": any(o.get("action") == "raise"
                                    for o in explanation.get("options") or ())}
            if split:  # a raise: their fold and my chance when played, apart
                row |= {"they_fold": split.get("they_fold"),
                        "played_win": split.get("played_win"), "at": len(hand.log)}
            context.append(row)

    def play_match(*args: Any, **kw: Any) -> None:
        match[0] += 1
        hand[0] = 0
        plain_play(*args, **kw)

    def settle(stated: list[Any], winner: int, bot_team: int, result: Any) -> None:
        won = 0.5 if winner < 0 else float(winner == bot_team)
        hand[0] += 1
        for (kind, chance, raw), ctx in zip(stated, context):
            row = {"match": match[0], "hand": hand[0], "kind": kind, "shown": chance,
                   "raw": raw, "won": won} | ctx
            if "they_fold" in ctx:  # did they fold at once to this raise of mine?
                row["folded"] = _folded(finished[0], row.pop("at"))
            rows.append(row)
        context.clear()
        plain_settle(stated, winner, bot_team, result)

    def watch(bots: Any, hand: Any) -> None:
        finished[0] = hand
        plain_watch(bots, hand)

    arena.play_match, arena._settle = play_match, settle
    arena._note, arena.watch_end = note, watch
    try:
        result = run_arena(BotSpec("coach"), BotSpec(opponent), variant, deals, seed, jobs=1,
                           series=series)
    finally:
        arena.play_match, arena._settle = plain_play, plain_settle
        arena._note, arena.watch_end = plain_note, plain_watch
    with out.open("w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    summary = result.summary() | {"calibration": result.calibration_summary(),
                                  "decisions_by_deals_played_out": samples}
    out.with_suffix(".summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def _folded(hand: Any, at: int) -> bool:
    """Was the action after the raise at log index ``at`` of the finished ``hand`` a fold
    (the other side's answer to it)?"""
    log = hand.log if hand is not None else ()
    return at + 1 < len(log) and log[at + 1][1] == FOLD


def known_reading(kinds: list[tuple[float, float, float]],
                  run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``run()`` with the coach's deal sampler reading their raises as one of ``kinds`` (from,
    bluff, top; alike) from the first hand, in place of what it has learnt by then: how far
    the answers would come true if the reading were learnt at once. Everything else the coach
    learns is as in the tree (the raise reading itself too, which also weighs how likely a
    wild player is, so it is not fixed)."""
    from answer_oracle import kinds_reading

    fixed = kinds_reading(kinds)
    plain = coach_estimate.DealSampler

    def sampler(*args: Any, **kw: Any) -> Any:
        if kw.get("reading") is not None:
            kw["reading"] = fixed
        return plain(*args, **kw)

    coach_estimate.DealSampler = sampler  # type: ignore[misc]
    try:
        return run()
    finally:
        coach_estimate.DealSampler = plain  # type: ignore[misc]


LOGGED = frozenset({"match", "hand", "kind", "shown", "won"})  # what every reader here uses


def load(paths: list[str]) -> list[dict[str, Any]]:
    """The decisions of ``record`` logs, each match keyed by (log, match); a log that cannot be
    read, or a line that is not one of its decisions, ends the command with a message."""
    rows: list[dict[str, Any]] = []
    for n, p in enumerate(paths):
        try:
            text = Path(p).read_text()
        except OSError as e:
            raise SystemExit(f"calibration_log: cannot read {p}: {e.strerror or e}")
        for k, line in enumerate(text.splitlines(), 1):
            try:
                r = json.loads(line)
            except ValueError:
                r = None
            if not isinstance(r, dict) or not LOGGED <= r.keys():
                raise SystemExit(f"calibration_log: {p} line {k} is not a decision of "
                                 f"`record` (one JSON object with {', '.join(sorted(LOGGED))}): "
                                 f"{line[:80]!r}")
            r["match"] = (n, r["match"])
            rows.append(r)
    return rows


def replay(rows: list[dict[str, Any]], weight: float = PRIOR_WEIGHT,
           center: dict[str, float] | None = None) -> Calibration:
    """The chances a fresh self-check per match would show, against the outcomes (``center``:
    where the prior of each kind's shift is centred, as :data:`CENTERS` gives by seats). At
    four seats each seat of the coach's team is its own bot with its own self-check, as in
    the arena: a log that names the seat of each decision is replayed so."""
    cal = Calibration()
    checks: dict[Any, SelfCheck] = {}  # by match, and seat where the log names it
    last = {}  # the last hand of each match is never settled live (no next hand is seen)
    for r in rows:
        last[r["match"]] = r["hand"]
    # this hand's decisions, settled at its end
    pending: list[tuple[SelfCheck, str, float, float]] = []
    for i, r in enumerate(rows):
        key = (r["match"], r.get("seat"))
        if key not in checks:
            checks[key] = SelfCheck(weight, center)
        check = checks[key]
        raw = r["raw"] if r["raw"] is not None else r["shown"]
        cal.add(r["kind"], check.correct(r["kind"], raw), r["won"])
        if r["hand"] != last[r["match"]]:
            pending.append((check, r["kind"], raw, r["won"]))
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        if nxt is None or (nxt["match"], nxt["hand"]) != (r["match"], r["hand"]):
            for owner, kind, stated, won in pending:
                owner.add(kind, stated, won)
            pending = []
    return cal


def fit(rows: list[dict[str, Any]]) -> dict[str, tuple[int, float, float]]:
    """Per kind: the uncertain decisions (stated above 0, below 1), the log-odds shift of their
    raw chances that fits the outcomes best (the self-check's own fit, with no prior to speak
    of), and the mean of stated minus won."""
    check = SelfCheck(prior_weight=1e-9)
    for r in rows:
        if r["raw"] is not None:
            check.add(r["kind"], r["raw"], r["won"])
    out = {}
    for kind in KINDS:
        data = [(r["raw"], r["won"]) for r in rows if r["kind"] == kind and r["raw"] is not None
                and 0.0 < r["raw"] < 1.0]
        if data:
            gap = sum(p - w for p, w in data) / len(data)
            out[kind] = (len(data), round(check.shift(kind), 3), round(gap, 3))
    return out


def stake_gaps(rows: list[dict[str, Any]]) -> dict[str, tuple[int, float]]:
    """Card plays at the first stake and after a raise was accepted: decisions, and the mean of
    the raw chance stated minus won (every decision, certainties included)."""
    out = {}
    for name, first in (("card play at the first stake", True),
                        ("card play after an accepted raise", False)):
        data = [(r["raw"], r["won"]) for r in rows if r["kind"] == "card play"
                and r["raw"] is not None and "stake" in r and (r["stake"] == 1) == first]
        if data:
            out[name] = (len(data), round(sum(p - w for p, w in data) / len(data), 3))
    return out


FOLD_PARTS = ((0.0, 0.3), (0.3, 0.6), (0.6, 0.8), (0.8, 1.0))  # folds expected, in `split`


def _hands(lo: int, hi: int) -> Callable[[dict[str, Any]], bool]:
    return lambda r: lo < r["hand"] <= hi


def split(rows: list[dict[str, Any]], kind: str, first: int, early: Sequence[int],
          trick: str = "any", stake: str = "any", below: float | None = None
          ) -> list[tuple[str, Calibration, float, tuple[float, ...] | None]]:
    """The chances shown for ``kind`` over parts of the logs: every decision, those of the
    first ``first`` matches of each log and of the rest, and those of each run of hands that
    ``early`` cuts a match into (``[3, 7]``: hands 1-3, 4-7 and from 8), and in logs of a
    series, the player's first match and the later ones; each with the mean of stated minus
    won. ``trick`` keeps only the decisions at the first trick (``"first"``) or after one
    (``"after"``), ``stake`` those at the hand's first stake (``"first"``: a truco answered)
    or above it (``"raised"``: a raise to six or more answered), ``below`` those stated below
    it (0.9: the uncertain ones, where a near-certain raise to collect a won hand is not).
    Own raises logged with their two parts (``record`` since the twenty-fourth round) also
    give, part by part, how often they were expected to fold at once and how often they did,
    and the ECE of those fold chances (with the ECE by chance alone), and the ECE of the
    chance to win stated for when the hand is played, over the raises they did not fold to
    (it is won or lost with the hand); and they are parted by the folds expected too."""
    keeps: dict[str, Callable[[dict[str, Any]], bool]] = {
        "any": lambda r: True, "first": lambda r: r["trick"] == 0,
        "after": lambda r: r["trick"] > 0}
    stakes: dict[str, Callable[[dict[str, Any]], bool]] = {
        "any": lambda r: True, "first": lambda r: r.get("stake") == 1,
        "raised": lambda r: r.get("stake") not in (None, 1)}
    at_trick, at_stake = keeps[trick], stakes[stake]

    def at(r: dict[str, Any]) -> bool:
        return at_trick(r) and at_stake(r) and (below is None or r["shown"] < below)

    parts: list[tuple[str, Callable[[dict[str, Any]], bool]]] = [
        ("all", lambda r: True),
        (f"matches 1-{first}", lambda r: r["match"][1] <= first),
        (f"matches {first + 1}-", lambda r: r["match"][1] > first)]
    cuts = [0, *sorted(early)]
    for lo, hi in zip(cuts, cuts[1:]):
        parts.append((f"hands {lo + 1}-{hi}", _hands(lo, hi)))
    parts.append((f"hands {cuts[-1] + 1}-", lambda r: r["hand"] > cuts[-1]))
    if any(r.get("remembered") for r in rows):  # logs of a series (record --series)
        parts += [("the player's first match", lambda r: not r.get("remembered")),
                  ("the player met before", lambda r: bool(r.get("remembered")))]
    if any(r["kind"] == kind and "they_fold" in r for r in rows):
        for lo, hi in FOLD_PARTS:
            parts.append((f"folds expected {lo}-{hi}",
                          lambda r, lo=lo, hi=hi: lo <= r.get("they_fold", -1.0) < hi
                          or (hi == 1.0 and r.get("they_fold") == 1.0)))
    out: list[tuple[str, Calibration, float, tuple[float, ...] | None]] = []
    for name, keep in parts:
        cal, folds, gap, expected, made = Calibration(), Calibration(), 0.0, 0.0, 0.0
        for r in rows:
            if r["kind"] == kind and at(r) and keep(r):
                cal.add(kind, r["shown"], r["won"])
                gap += r["shown"] - r["won"]
                if "they_fold" in r:
                    expected, made = expected + r["they_fold"], made + float(r["folded"])
                    folds.add("fold", r["they_fold"], float(r["folded"]))
                    if not r["folded"] and r.get("played_win") is not None:
                        folds.add("played", r["played_win"], r["won"])
        raises = folds.count("fold")
        out.append((name, cal, gap / max(1, cal.count(kind)),
                    (expected / raises, made / raises, folds.ece("fold"),
                     folds.chance_ece("fold"), folds.ece("played"),
                     folds.chance_ece("played"), folds.count("played"))
                    if raises else None))
    return out


def exact_from(rows: list[dict[str, Any]], kind: str, hands: Sequence[int], draws: int,
               seed: int) -> list[tuple[int, list[float]]]:
    """For each hand H: the sorted ECEs of ``kind`` if every decision from hand H of a match on
    had stated its chance exactly (the earlier ones as seen)."""
    rng = random.Random(seed)
    mine = [r for r in rows if r["kind"] == kind]
    return [(h, ece_if_exact([(r["shown"], r["won"], r["hand"] >= h) for r in mine], rng, draws))
            for h in hands]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("--opponent", default="heuristic")
    r.add_argument("--variant", default="paulista-2p")
    r.add_argument("--matches", type=int, default=50, help="deal sequences (x2 matches)")
    r.add_argument("--seed", type=int, default=2026)
    r.add_argument("--out", required=True)
    r.add_argument("--known-kinds", default="", metavar="FROM,BLUFF,TOP;...",
                   help="the deal sampler reads their raises as these players from hand 1")
    r.add_argument("--series", type=int, default=0, metavar="N",
                   help="as truco-learn arena --series: the coach remembers the player over "
                        "runs of N deal sequences")
    p = sub.add_parser("replay")
    p.add_argument("logs", nargs="+")
    p.add_argument("--weight", type=float, default=None,
                   help="the self-check's prior weight (default: the tree's for --seats)")
    p.add_argument("--seats", type=int, default=2, choices=sorted(CENTERS),
                   help="the table the logs were played at: the self-check's prior weight "
                        "and centres as the tree has them for it")
    p.add_argument("--extended", action="store_true",
                   help="the logs are of a preset with envido or flor (argentino-2p, ...): "
                        "the self-check's prior as the tree has it there")
    p.add_argument("--center", action="append", default=[], metavar="KIND=SHIFT",
                   help="centre the prior of KIND's shift at SHIFT (log-odds) instead")
    f = sub.add_parser("fit")
    f.add_argument("logs", nargs="+")
    sp = sub.add_parser("split")
    sp.add_argument("logs", nargs="+")
    sp.add_argument("--kind", default="answer", choices=KINDS)
    sp.add_argument("--first", type=int, default=200, help="matches in the first part")
    sp.add_argument("--early", type=int, nargs="+", default=[7],
                    help="the last hand of each early part of a match (e.g. 3 7)")
    sp.add_argument("--trick", default="any", choices=("any", "first", "after"),
                    help="only the decisions at the first trick, or after one")
    sp.add_argument("--stake", default="any", choices=("any", "first", "raised"),
                    help="only the decisions at the hand's first stake, or above it")
    sp.add_argument("--below", type=float, default=None, metavar="CHANCE",
                    help="only the decisions stated below CHANCE (0.9: the uncertain ones)")
    ex = sub.add_parser("exact")
    ex.add_argument("logs", nargs="+")
    ex.add_argument("--kind", default="answer", choices=KINDS)
    ex.add_argument("--from-hand", type=int, nargs="+", default=[1, 3, 4, 5, 8],
                    help="the hand of each match from which the chances are taken as exact")
    ex.add_argument("--draws", type=int, default=400)
    ex.add_argument("--seed", type=int, default=1)
    ex.add_argument("--target", type=float, default=0.05)
    args = ap.parse_args()
    if args.cmd == "record":
        try:
            known = [(float(x), float(y), float(z)) for x, y, z in
                     (k.split(",") for k in args.known_kinds.split(";") if k.strip())]
        except ValueError:
            raise SystemExit(f"calibration_log: --known-kinds wants FROM,BLUFF,TOP;... not "
                             f"{args.known_kinds!r}")
        if args.series < 0:
            raise SystemExit(f"calibration_log: --series wants 0 or more, not {args.series}")
        s = record(args.opponent, args.variant, args.matches, args.seed, Path(args.out), known,
                   args.series)
        print(json.dumps({k: s[k] for k in ("matches", "wins", "win_rate", "wilson95")}))
        return 0
    rows = load(args.logs)
    if args.cmd == "fit":
        for kind, (n, b, gap) in fit(rows).items():
            print(f"{kind}: {n} uncertain decisions (stated above 0, below 1), "
                  f"best shift {b:+.3f}, raw stated - won {gap:+.3f}")
        for name, (n, gap) in stake_gaps(rows).items():
            print(f"{name}: {n} decisions, raw stated - won {gap:+.3f}")
        return 0
    if args.cmd == "split":
        for name, part, gap, folds in split(rows, args.kind, args.first, args.early,
                                            args.trick, args.stake, args.below):
            print(f"{args.kind}, {name}: {part.count(args.kind)} decisions, ECE "
                  f"{part.ece(args.kind):.3f} (by chance alone {part.chance_ece(args.kind):.3f}), "
                  f"stated - won {gap:+.3f}"
                  + ("" if folds is None else
                     f", they fold: expected {folds[0]:.3f}, did {folds[1]:.3f}, ECE "
                     f"{folds[2]:.3f} (by chance alone {folds[3]:.3f}); when played "
                     f"({folds[6]}), ECE {folds[4]:.3f} (by chance alone {folds[5]:.3f})"))
        return 0
    if args.cmd == "exact":
        if args.draws < 1:
            raise SystemExit(f"calibration_log: --draws wants 1 or more, not {args.draws}")
        seen = Calibration()
        for r in rows:
            if r["kind"] == args.kind:
                seen.add(args.kind, r["shown"], r["won"])
        print(f"{args.kind}: {seen.count(args.kind)} decisions, ECE as seen "
              f"{seen.ece(args.kind):.3f}")
        for h, e in exact_from(rows, args.kind, args.from_hand, args.draws, args.seed):
            lo, hi = e[int(0.05 * (len(e) - 1))], e[int(0.95 * (len(e) - 1))]
            met = sum(x <= args.target for x in e) / len(e)
            print(f"  exact from hand {h}: mean ECE {sum(e) / len(e):.3f}, 5-95% {lo:.3f}-"
                  f"{hi:.3f}, {met:.0%} of draws at or below {args.target}")
        return 0
    tree = for_seats(args.seats, args.extended)
    center = dict(tree.center)
    for item in args.center:
        kind, _, x = item.rpartition("=")
        try:
            if kind not in KINDS:
                raise ValueError(kind)
            center[kind] = float(x)
        except ValueError:
            raise SystemExit(f"calibration_log: --center wants KIND=SHIFT with KIND one of "
                             f"{', '.join(KINDS)}, not {item!r}")
    weight = tree.prior_weight if args.weight is None else args.weight
    cal = replay(rows, weight, center)
    for kind in KINDS:
        if cal.count(kind):
            print(f"{kind}: {cal.count(kind)} decisions, ECE {cal.ece(kind):.3f} "
                  f"(by chance alone {cal.chance_ece(kind):.3f})")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader stopped early (`| head`): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
