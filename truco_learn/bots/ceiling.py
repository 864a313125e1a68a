"""How far can anyone who cannot see the cards get against the ``random`` bot?

Value iteration over the scores of a heads-up game: the chance ``V[a][b]`` that I win the game
from ``a``-``b`` at the start of a hand is the mean, over sampled deals, of the exact value of
that hand against a random player (:mod:`.wildsearch`) when each hand's end is worth ``V`` at
the score it leads to. Points only grow, so the scores are filled from the end of the game back
to 0-0. Each score gets its own deals (alternating dealers).

``V[0][0]`` estimates the best game-winning chance there is against random. It leans high:
every hand takes the best action on values that carry sampling noise, so the noise counts for
it more often than against it. The ``ceiling`` command therefore also plays the search with
this table against ``random`` in the arena, which measures what it really reaches.

>>> from truco_learn.engine.options import make_options
>>> opts = make_options("paulista-2p", {"target": 3, "eleven_at": 2})
>>> v = value_iteration(opts, deals=2, seed=1)
>>> len(v), v[3][0], v[0][3], 0.0 < v[0][0] < 1.0
(4, 1.0, 0.0, True)
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

from ..engine.match import deal_hand
from ..engine.options import Options
from ..engine.state import IRON
from ..errors import ConfigError
from .equity import WILD_ELEVEN, WILD_OUTCOMES, outcome_table
from .wildsearch import hand_value

Table = tuple[tuple[float, ...], ...]
IRON_SHARE = 0.5  # the iron hand is played blind: an even chance


def _score_value(opts: Options, a: int, b: int, deals: int, seed: int, table: Table) -> float:
    """Mean exact value of a hand at ``a``-``b`` (seat 0's team) over ``deals`` deals."""
    rng = random.Random(f"{seed}:{a}:{b}")
    total = 0.0
    for i in range(deals):
        s = deal_hand(opts, i % 2, (a, b), rng)
        if s.deal.mode == IRON:
            return IRON_SHARE
        total += hand_value(s, 0, table)[0]
    return total / deals


def value_iteration(opts: Options, deals: int, seed: int = 0, jobs: int = 1,
                    progress: Callable[[int, int], None] | None = None) -> Table:
    """``V[a][b]`` for every score, ``0..target`` each (a score at the target is a won game).
    ``progress(done, total)`` is called after each score. Raise ConfigError for a variant the
    exact search does not cover (four seats, covered cards)."""
    if opts.seats != 2 or opts.covered_cards:
        raise ConfigError(f"the ceiling needs two seats and no covered cards, not "
                          f"{opts.variant} ({opts.seats} seats)")
    if deals < 1:
        raise ConfigError("deals must be at least 1")
    t = opts.target
    prior = outcome_table(opts, *WILD_OUTCOMES, WILD_ELEVEN)  # only for hands nobody scores
    v = [[prior[a][b] for b in range(t + 1)] for a in range(t + 1)]
    for a in range(t + 1):
        v[a][t] = 0.0 if a < t else 0.5
        v[t][a] = 1.0 if a < t else 0.5
    done = 0
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    try:
        for total in range(2 * (t - 1), -1, -1):
            cells = [(a, total - a) for a in range(t) if 0 <= total - a < t]
            table = tuple(tuple(row) for row in v)
            args = [(opts, a, b, deals, seed, table) for a, b in cells]
            if pool is None:
                values = [_score_value(*x) for x in args]
            else:
                values = list(pool.map(_score_value, *zip(*args)))
            for (a, b), x in zip(cells, values):
                v[a][b] = x
            done += len(cells)
            if progress is not None:
                progress(done, t * t)
    finally:
        if pool is not None:
            pool.shutdown()
    return tuple(tuple(row) for row in v)


__all__ = ["IRON_SHARE", "Table", "value_iteration"]
