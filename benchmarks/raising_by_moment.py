"""How often a player raises, by how good its moment is: the truth the coach's raise reading
(:mod:`truco_learn.bots.raise_reading`) tries to learn from the public log.

``--player`` plays seeded matches against ``--against`` (seats alternating, ``paulista-2p``);
on every turn of the player where a raise is legal and no answer is due (the turns the raise
reading reads), the moment is graded as the reading grades it (the rough chance to win with
the cards held, less for the raises against it and the steps of the ladder), here by twentieths
from the player's true cards, and the share of those turns on which it raised is printed::

    .venv/bin/python benchmarks/raising_by_moment.py --player tight --matches 40

One line per twentieth of the moment: its turns and the share raised. ``--by-raises`` prints
instead, by the other side's raises before the turn, the turns, the raises and the mean graded
moment and rough chance to win of the turns raised on: a player who makes little of the other
side's raises asks for six from a poorer graded moment than it calls truco from::

    .venv/bin/python benchmarks/raising_by_moment.py --player sampler --matches 200 --seed 2 \
        --by-raises

``--by-trick`` prints instead, for the turns before any raise of the other side, the share
raised in each of the reading's grades (:data:`raise_reading.CUTS`) at the first trick and
after one, all turns and then with a high card in hand (an ace or better) and without::

    .venv/bin/python benchmarks/raising_by_moment.py --player loose --matches 300 --seed 11 \
        --by-trick
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots import make_bot  # noqa: E402
from truco_learn.bots.handeval import win_estimate  # noqa: E402
from truco_learn.bots.policy import holds_ace_or_better, their_raises  # noqa: E402
from truco_learn.bots.raise_reading import GRADES, may_read, moment, moment_value  # noqa: E402
from truco_learn.engine.state import HandState  # noqa: E402
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
    return [(moment_value(s, seat), raised) for s, seat, raised in _turns(player, against,
                                                                          matches, seed)]


def _turns(player: str, against: str, matches: int, seed: int
           ) -> Iterator[tuple[HandState, int, bool]]:
    """Every turn of ``player`` the raise reading reads: the state, its seat, did it raise."""
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
                yield s, seat, parse_action(decision.action)[1] == RAISE
            match = match.apply(decision.action, rng)


def by_raises(player: str, against: str, matches: int, seed: int
              ) -> dict[int, tuple[int, int, float, float]]:
    """By the other side's raises before the turn: ``player``'s turns, its raises, and the
    mean graded moment (:func:`moment_value`) and rough chance to win
    (:func:`.handeval.win_estimate`) of the turns it raised on."""
    out: dict[int, list[float]] = {}
    for s, seat, raised in _turns(player, against, matches, seed):
        row = out.setdefault(their_raises(s, seat), [0, 0, 0.0, 0.0])
        row[0] += 1
        if raised:
            row[1] += 1
            row[2] += moment_value(s, seat)
            row[3] += win_estimate(s, seat)
    return {r: (int(n), int(k), m / k if k else 0.0, w / k if k else 0.0)
            for r, (n, k, m, w) in sorted(out.items())}


def by_trick(player: str, against: str, matches: int, seed: int) -> dict[str, list[list[int]]]:
    """For the turns of ``player`` before any raise of the other side, at the first trick
    (``first``) and after one (``after``), all of them and then those holding a high card
    (``, a high card``: an ace or better, :func:`.policy.holds_ace_or_better`) and
    those without one (``, none``): per grade of the moment (:func:`moment`), [turns,
    raises]."""
    out = {f"{phase}{held}": [[0, 0] for _ in range(GRADES)] for phase in ("first", "after")
           for held in ("", ", a high card", ", none")}
    for s, seat, raised in _turns(player, against, matches, seed):
        if their_raises(s, seat) == 0:
            phase = "after" if s.tricks else "first"
            held = ", a high card" if holds_ace_or_better(s, seat) else ", none"
            for key in (phase, phase + held):
                row = out[key][moment(s, seat)]
                row[0] += 1
                row[1] += raised
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
    ap = turn_options(__doc__.splitlines()[0], "heuristic")
    ap.add_argument("--by-raises", action="store_true",
                    help="by the other side's raises before the turn: the raised turns' moments")
    ap.add_argument("--by-trick", action="store_true",
                    help="by grade, the share raised at the first trick and after one, "
                         "with a high card in hand and without")
    a = ap.parse_args(argv)
    if a.by_trick:
        for phase, rows in by_trick(a.player, a.against, a.matches, a.seed).items():
            print(f"{a.player} {phase}: " + ", ".join(
                f"{k / n:.2f} ({n})" if n else "- (0)" for n, k in rows))
        return 0
    if a.by_raises:
        for r, (turns, raised, value, chance) in by_raises(a.player, a.against, a.matches,
                                                           a.seed).items():
            print(f"{a.player} after {r} raise(s) of theirs: turns {turns:5d} raised {raised:4d}, "
                  f"mean moment {value:.3f}, mean rough chance {chance:.3f}")
        return 0
    for b, (turns, raised) in enumerate(raising_by_moment(a.player, a.against, a.matches, a.seed)):
        share = f"{raised / turns:.3f}" if turns else "  -  "
        print(f"{a.player} moment {b / 20:.2f}-{(b + 1) / 20:.2f}: turns {turns:5d} raised {share}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
