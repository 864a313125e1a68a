"""How often a player raises, by how good its moment is: the truth the coach's raise reading
(:mod:`truco_learn.bots.raise_reading`) tries to learn from the public log.

``--player`` plays seeded matches against ``--against`` (seats alternating, ``paulista-2p``);
on every turn of the player where a raise is legal and no answer is due (the turns the raise
reading reads), the moment is graded as the reading grades it (the rough chance to win with
the cards held, less for the raises against it and the steps of the ladder), here by twentieths
from the player's true cards, and the share of those turns on which it raised is printed::

    .venv/bin/python benchmarks/raising_by_moment.py --player tight --matches 40

One line per twentieth of the moment: its turns and the share raised.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots import make_bot  # noqa: E402
from truco_learn.bots.raise_reading import may_read, moment_value  # noqa: E402
from truco_learn.engine.actions import RAISE, parse_action  # noqa: E402
from truco_learn.engine.match import new_match  # noqa: E402
from truco_learn.engine.observer import observation  # noqa: E402


def raising_by_moment(player: str, against: str, matches: int, seed: int) -> list[list[int]]:
    """Per twentieth of the moment: [turns, raises] of ``player``."""
    bins = [[0, 0] for _ in range(20)]
    for value, raised in read_turns(player, against, matches, seed):
        b = min(19, max(0, int(value * 20)))
        bins[b][0] += 1
        bins[b][1] += raised
    return bins


def read_turns(player: str, against: str, matches: int, seed: int) -> list[tuple[float, bool]]:
    """Every turn of ``player`` the raise reading reads: its moment (:func:`moment_value`, from
    its true cards) and whether it raised."""
    out: list[tuple[float, bool]] = []
    rng = random.Random(seed)
    for m in range(matches):
        bots = [make_bot(player, "normal", m), make_bot(against, "normal", m + 1000)]
        me = m % 2
        if me:
            bots.reverse()
        match = new_match("paulista-2p", rng)
        while not match.over:
            s = match.hand
            seat = s.to_act
            decision = bots[seat].decide(observation(s, seat))
            if seat == me and may_read(s):
                out.append((moment_value(s, seat), parse_action(decision.action)[1] == RAISE))
            match = match.apply(decision.action, rng)
    return out


def turn_options(description: str, against: str) -> argparse.ArgumentParser:
    """The options that choose the matches :func:`read_turns` plays (``against``: the default
    other player)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--player", default="tight")
    ap.add_argument("--against", default=against)
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5)
    return ap


def main(argv: list[str] | None = None) -> int:
    a = turn_options(__doc__.splitlines()[0], "heuristic").parse_args(argv)
    for b, (turns, raised) in enumerate(raising_by_moment(a.player, a.against, a.matches, a.seed)):
        share = f"{raised / turns:.3f}" if turns else "  -  "
        print(f"{a.player} moment {b / 20:.2f}-{(b + 1) / 20:.2f}: turns {turns:5d} raised {share}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
