"""Where the coach at a level calls truco itself, against the rule of thumb, and how the
review's playouts price a quiet card against the coach that plays it out.

A review prices a learner's move by playouts in which the coach's side plays by a cheap rule
(:func:`truco_learn.bots.levels.habit_player` at ``beginner`` and ``easy``: the rule of thumb
with the level's habits). The rule of thumb calls truco as soon as its cards look strong; the
coach works out its numbers, and with a strong hand it mostly waits (so since the
thirty-second round in ``coach-rounds.md``, the moves a review sets against a learner's raise
at these levels are priced with the coach asked for its replies). This plays seeded
matches of the coach at ``--level`` against each ``--against`` bot (each match twice, the
coach at each seat), and at every turn of the coach's where it may call with no raise
pending, holding a manilha (the easy coach never calls without one), counts whether it
called and whether the rule of thumb would have, by the turn's key: the tricks played,
leading or following, a raise already made in the hand, and the tenth of the rough chance to
win (:func:`truco_learn.bots.handeval.win_estimate`)::

    .venv/bin/python benchmarks/coach_raising.py --level easy --matches 300 --seed 9000 \\
        --against heuristic loose tight

``--table`` also prints the shares called at the keys seen on at least 12 turns, as a Python
dict. ``--playouts N`` also takes N deals in which the coach's side holds a manilha and the
other side would call truco on its first turn by the rule of thumb, has that side play its
card instead (the quiet move a review may name the better one), and sets the points the
review's playouts give it (8 playouts with the coach's side played by ``habit_player``; with
``--table``'s shares too, the habit player calling as often as the coach was counted calling)
against the hand played on by the coach and the heuristic themselves (2 plays), deal by deal.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from truco_learn.bots import make_bot  # noqa: E402
from truco_learn.bots.handeval import win_estimate  # noqa: E402
from truco_learn.bots.levels import habit_player, has_manilha  # noqa: E402
from truco_learn.bots.policy import ROLLOUT, Player, card_choice, rollout, thumb_raise  # noqa: E402
from truco_learn.engine.actions import ACTION_STR, COVER, RAISE  # noqa: E402
from truco_learn.engine.match import new_match  # noqa: E402
from truco_learn.engine.observer import observation  # noqa: E402
from truco_learn.engine.options import make_options  # noqa: E402
from truco_learn.engine.state import HandState, apply_legal, legal_codes  # noqa: E402

MIN_TURNS = 12  # a key seen on fewer turns is left out of the table
PLAYOUTS, PLAYS = 8, 2  # per deal: the review's playouts, the hand played on by the bots

Key = tuple[int, int, int, int]


def turn_key(s: HandState, seat: int) -> Key:
    """The tricks played, following a card in this trick, the stake raised, the tenth of the
    rough chance to win."""
    tenth = min(int(win_estimate(s, seat) * 10), 9)
    return len(s.tricks), int(bool(s.cur)), int(s.stake > s.deal.opts.ladder[0]), tenth


def count_calls(level: str, against: str, matches: int, seed: int
                ) -> dict[Key, list[int]]:
    """By turn key: [turns, the coach called, the rule of thumb would call]."""
    counts: dict[Key, list[int]] = defaultdict(lambda: [0, 0, 0])
    for m in range(matches):
        for seat in (0, 1):
            rng = random.Random(seed + m)
            bots = [make_bot(against, level, seed + m), make_bot(against, level, seed + m)]
            bots[seat] = make_bot("coach", level, seed + m)
            match = new_match(make_options("paulista-2p"), rng)
            while not match.over:
                s = match.hand
                action = bots[s.to_act].decide(observation(s, s.to_act)).action
                if (s.to_act == seat and s.pending is None and RAISE in legal_codes(s)
                        and has_manilha(s, seat)):
                    row = counts[turn_key(s, seat)]
                    row[0] += 1
                    row[1] += action == "raise"
                    row[2] += thumb_raise(s, seat, ROLLOUT)
                match = match.apply(action, rng)
    return counts


def table(counts: dict[Key, list[int]]) -> dict[Key, float]:
    """The share called at each key seen on at least :data:`MIN_TURNS` turns."""
    return {k: round(v[1] / v[0], 2) for k, v in sorted(counts.items()) if v[0] >= MIN_TURNS}


def table_player(level: str, shares: dict[Key, float]) -> Player:
    """The level's habit player, calling truco holding a manilha on the share of turns the
    coach was counted calling at the turn's key (otherwise its card: the best one when it
    leads, as the easy coach's habit has it)."""
    base = habit_player(level)
    assert base is not None, f"{level} has no habits"

    def play(s: HandState, rng: random.Random) -> int:
        move = base(s, rng)
        legal = legal_codes(s)
        seat = s.to_act
        share = shares.get(turn_key(s, seat))
        if (share is None or s.pending is not None or RAISE not in legal
                or not has_manilha(s, seat)):
            return move
        if rng.random() < share:
            return RAISE
        if move != RAISE:
            return move
        cards = [c for c in legal if c != RAISE]
        plays = [c for c in cards if c < COVER]
        if not s.cur and plays:
            return max(plays, key=lambda c: s.deal.strength[c])
        return card_choice(s, seat, cards)
    return play


def quiet_cards(level: str, deals: int, seed: int, shares: dict[Key, float]
                ) -> dict[str, list[float]]:
    """Per deal, the quiet card's points for its side: by the review's playouts (the habit
    player; with ``shares``, also the table player) and as the coach and the heuristic play
    the hand on."""
    rng = random.Random(seed)
    players = {"playouts": habit_player(level)}
    if shares:
        players["playouts, calling as counted"] = table_player(level, shares)
    out: dict[str, list[float]] = {name: [] for name in (*players, "played on")}
    while len(out["played on"]) < deals:
        s = new_match(make_options("paulista-2p"), rng).hand
        me = s.to_act
        if not (thumb_raise(s, me, ROLLOUT) and has_manilha(s, 1 - me)):
            continue
        n = len(out["played on"])
        s = apply_legal(s, card_choice(s, me, [c for c in legal_codes(s) if c != RAISE]))
        team = me & 1

        def points(end: HandState) -> float:
            return float(end.points[team] - end.points[1 - team])
        for name, play in players.items():
            r = random.Random(f"{seed}|{n}")
            out[name].append(sum(points(rollout(s, r, ROLLOUT, (team, ROLLOUT), play))
                                 for _ in range(PLAYOUTS)) / PLAYOUTS)
        got = 0.0
        for k in range(PLAYS):
            bots = {me: make_bot("heuristic", level, seed + n * PLAYS + k),
                    1 - me: make_bot("coach", level, seed + n * PLAYS + k)}
            end = s
            while end.to_act >= 0:
                action = bots[end.to_act].decide(observation(end, end.to_act)).action
                end = apply_legal(end, ACTION_STR.index(action))
            got += points(end) / PLAYS
        out["played on"].append(got)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--level", default="easy")
    p.add_argument("--against", nargs="+", default=["heuristic"])
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--seed", type=int, default=9000)
    p.add_argument("--table", action="store_true", help="also print the pooled table")
    p.add_argument("--playouts", type=int, default=0,
                   help="also price a quiet card on this many deals, playouts against play")
    a = p.parse_args(argv)
    each = {name: count_calls(a.level, name, a.matches, a.seed) for name in a.against}
    pooled: dict[Key, list[int]] = defaultdict(lambda: [0, 0, 0])
    for counts in each.values():
        for k, v in counts.items():
            pooled[k] = [x + y for x, y in zip(pooled[k], v)]
    print("key (tricks played, following, raised before, tenth of the rough chance): "
          "turns, the coach called / the rule of thumb would, by stand-in")
    for k in sorted(pooled):
        cells = []
        for name, counts in each.items():
            n, called, thumb = counts.get(k, [0, 0, 0])
            cells.append(f"{name} {n:4d} {called / n if n else 0:.2f} / "
                         f"{thumb / n if n else 0:.2f}")
        print(k, " | ".join(cells))
    n, called, thumb = (sum(v[i] for v in pooled.values()) for i in range(3))
    print(f"all: {n} turns holding a manilha, the coach called on {called / max(n, 1):.3f}, "
          f"the rule of thumb would on {thumb / max(n, 1):.3f}")
    shares = table(pooled)
    if a.table:
        print(repr(shares))
    if a.playouts:
        got = quiet_cards(a.level, a.playouts, a.seed, shares if a.table else {})
        played = got["played on"]
        for name, values in got.items():
            line = f"quiet card, {name}: {len(values)} deals, mean {_mean(values):+.3f}"
            if name != "played on":
                diff = [x - y for x, y in zip(values, played)]
                se = (sum((d - _mean(diff)) ** 2 for d in diff) / max(len(diff) - 1, 1)
                      / len(diff)) ** 0.5
                line += f", less played on {_mean(diff):+.3f} (standard error {se:.3f})"
            print(line)
    return 0


def _mean(values: list[float]) -> float:
    return sum(values) / max(len(values), 1)


if __name__ == "__main__":
    raise SystemExit(main())
