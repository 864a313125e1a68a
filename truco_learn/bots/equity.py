"""Match equity: the chance to win the game from a score, so the coach can weigh the points of
one hand by what they mean for the match (3 points matter more at 9-10 than at 0-0).

A simple model of the coming hands: a team wins each hand with a fixed chance, and a hand
is worth the first steps of the ladder with falling probability (hands of eleven are worth
``eleven_value``, the iron hand decides the game).

>>> t = equity_table(make_options("paulista-2p"))
>>> round(t[0][0], 3), t[11][0] > t[6][0] > 0.5 > t[0][6]
(0.5, True)
"""

from __future__ import annotations

from functools import lru_cache

from ..engine.options import Options, make_options

_LADDER_WEIGHTS = (0.55, 0.3, 0.1, 0.03, 0.02)


def equity_table(opts: Options, share: float = 0.5) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: chance that the team with ``a`` points beats the team with ``b``
    (scores 0..target; a score at the target or past it is a won game), when it wins a
    ``share`` of the coming hands.

    The coach plays as a favourite (``share`` 0.65): then a lead is worth keeping, and
    gambling big when ahead costs more game-winning chance than it gains.

    >>> fav = equity_table(make_options("paulista-2p"), 0.65)
    >>> fav[0][0] > 0.5, fav[3][0] - fav[0][0] < fav[0][0] - fav[0][3]
    (True, True)
    """
    return _table(opts.target, opts.eleven_at, opts.eleven_value if opts.eleven else 0,
                  opts.ladder, share)


@lru_cache(maxsize=32)
def _table(target: int, eleven_at: int, eleven_value: int, ladder: tuple[int, ...],
           share: float) -> tuple[tuple[float, ...], ...]:
    weights = [w for w in _LADDER_WEIGHTS[:len(ladder)]]
    total = sum(weights)
    dist = [(v, w / total) for v, w in zip(ladder, weights)]
    t = target
    w = [[0.0] * (t + 1) for _ in range(t + 1)]
    for a in range(t, -1, -1):
        for b in range(t, -1, -1):
            if a >= t:
                w[a][b] = 1.0 if b < t else 0.5
                continue
            if b >= t:
                w[a][b] = 0.0
                continue
            hi_a, hi_b = a >= eleven_at, b >= eleven_at
            if hi_a and hi_b:
                w[a][b] = share
                continue
            if (hi_a or hi_b) and eleven_value:
                here = [(eleven_value, 1.0)]
            else:
                here = dist
            v = 0.0
            for pts, p in here:
                v += p * (share * w[min(t, a + pts)][b] + (1 - share) * w[a][min(t, b + pts)])
            w[a][b] = v
    return tuple(tuple(row) for row in w)


__all__ = ["equity_table"]
