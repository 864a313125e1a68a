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
from typing import Sequence

from ..engine.options import Options, make_options

LADDER_WEIGHTS = (0.55, 0.3, 0.1, 0.03, 0.02)


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
    weights = [w for w in LADDER_WEIGHTS[:len(ladder)]]
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


Outcome = tuple[tuple[int, float], ...]  # (points, probability) of a hand's result
# How hands of eleven end: (mine, theirs) when my team has the eleven, (mine, theirs) when
# theirs has it, and my share of iron hands.
Eleven = tuple[tuple[Outcome, Outcome], tuple[Outcome, Outcome], float]


def outcome_table(opts: Options, mine: Outcome, theirs: Outcome,
                  eleven: Eleven | None = None) -> tuple[tuple[float, ...], ...]:
    """Like :func:`equity_table`, for a game where each coming hand gives my team ``v`` points
    with the probabilities in ``mine`` and the other team ``v`` with those in ``theirs`` (the
    rest: a hand that gives nobody anything). Hands of eleven and the iron hand are won with
    the share ``P(mine) / (P(mine) + P(theirs))``. So a team that wins big hands and loses
    small ones is a stronger favourite than its share of hands says.

    >>> o = make_options("paulista-2p")
    >>> even = outcome_table(o, ((1, 0.25), (3, 0.25)), ((1, 0.25), (3, 0.25)))
    >>> round(even[0][0], 3)
    0.5
    >>> big = outcome_table(o, ((1, 0.25), (3, 0.25)), ((1, 0.4), (3, 0.1)))
    >>> big[0][0] > 0.6
    True

    With ``eleven``: a player at 11 who refuses half its hands of eleven is worth less than
    its share of ordinary hands says.

    >>> refuses = ((((3, 0.5),), ((1, 0.2), (3, 0.3))), (((1, 0.5), (3, 0.3)), ((3, 0.2),)), 0.5)
    >>> tail = outcome_table(o, ((1, 0.25), (3, 0.25)), ((1, 0.25), (3, 0.25)), refuses)
    >>> round(even[9][11], 3), round(tail[9][11], 3)
    (0.5, 0.575)
    """
    def q(dist: Outcome) -> Outcome:
        return tuple((v, round(p, 2)) for v, p in dist if v > 0 and p > 0)
    if eleven is not None and opts.eleven:
        tail: Eleven | None = ((q(eleven[0][0]), q(eleven[0][1])),
                               (q(eleven[1][0]), q(eleven[1][1])), round(eleven[2], 2))
    else:
        tail = None
    return _outcomes(opts.target, opts.eleven_at, opts.eleven_value if opts.eleven else 0,
                     q(mine), q(theirs), tail)


@lru_cache(maxsize=256)
def _outcomes(target: int, eleven_at: int, eleven_value: int, mine: Outcome,
              theirs: Outcome, eleven: Eleven | None) -> tuple[tuple[float, ...], ...]:
    pm, pt = sum(p for _, p in mine), sum(p for _, p in theirs)
    share = pm / (pm + pt) if pm + pt > 0 else 0.5
    t = target
    w = [[0.0] * (t + 1) for _ in range(t + 1)]
    for a in range(t, -1, -1):
        for b in range(t, -1, -1):
            if a >= t or b >= t:
                w[a][b] = 1.0 if b < t else (0.5 if a >= t else 0.0)
                continue
            hi_a, hi_b = a >= eleven_at, b >= eleven_at
            if hi_a and hi_b:
                w[a][b] = share if eleven is None else eleven[2]
            elif (hi_a or hi_b) and eleven_value and eleven is None:
                v = eleven_value
                w[a][b] = share * w[min(t, a + v)][b] + (1 - share) * w[a][min(t, b + v)]
            else:
                ours, other = (mine, theirs) if eleven is None or not (hi_a or hi_b) else (
                    eleven[0] if hi_a else eleven[1])
                total = sum(p for _, p in ours) + sum(p for _, p in other)
                x = sum(p * w[min(t, a + v)][b] for v, p in ours)
                x += sum(p * w[a][min(t, b + v)] for v, p in other)
                w[a][b] = x / total if total > 0 else 0.5
    return tuple(tuple(row) for row in w)


# How the coach's hands end against a wild player (one that takes every legal action alike):
# (points, share of hands) for the coach and for the wild player, measured with the arena
# against the random bot in paulista-2p (1,122 hands). The coach folds to a truco it would lose,
# hence the many 1-point hands for them.
WILD_OUTCOMES: tuple[Outcome, Outcome] = (
    ((1, 0.149), (3, 0.195), (6, 0.097), (9, 0.041), (12, 0.043)),
    ((1, 0.398), (3, 0.061), (6, 0.011), (9, 0.004), (12, 0.002)))

# How hands of eleven end against the wild player: from the coach's hands against the random
# bot in 800 paulista-2p matches (86 hands where the coach had eleven, 28 where the random bot
# had it). With eleven the coach plays most hands and wins most of them; a wild player with
# eleven refuses half its hands. The iron hand is played blind: an even chance.
WILD_ELEVEN: Eleven = ((((3, 0.651),), ((1, 0.198), (3, 0.151))),
                       (((1, 0.429), (3, 0.393)), ((3, 0.179),)), 0.5)


def mixed_table(sensible: tuple[tuple[float, ...], ...], wild: tuple[tuple[float, ...], ...],
                chance_wild: float) -> tuple[tuple[float, ...], ...]:
    """The game-winning chances when the other team is wild with chance ``chance_wild``
    (``wild``'s table) and sensible otherwise (``sensible``'s table).

    >>> o = make_options("paulista-2p")
    >>> a, b = equity_table(o, 0.5), equity_table(o, 0.9)
    >>> round(mixed_table(a, b, 0.25)[0][0], 3) == round(0.75 * a[0][0] + 0.25 * b[0][0], 3)
    True
    """
    if chance_wild <= 0.0:
        return sensible
    if chance_wild >= 1.0:
        return wild
    w = chance_wild
    return tuple(tuple((1 - w) * x + w * y for x, y in zip(r1, r2))
                 for r1, r2 in zip(sensible, wild))


def hand_outcomes(results: Sequence[tuple[int, int]], ladder: tuple[int, ...], prior: float,
                  weight: float = 6.0) -> tuple[Outcome, Outcome]:
    """How the coming hands are expected to end: ``(points, chance)`` for my team and for
    theirs, from a prior (I win a ``prior`` share, worth the first ladder steps with
    falling chance, :data:`LADDER_WEIGHTS`) worth ``weight`` hands, moved towards the
    ``results`` of the hands finished in this game (points: mine, theirs).

    >>> mine, theirs = hand_outcomes([(3, 0), (0, 1), (3, 0)], (1, 3, 6, 9, 12), 0.5)
    >>> round(dict(mine)[3], 3), round(dict(theirs)[3], 3)
    (0.322, 0.1)
    """
    base = LADDER_WEIGHTS[:len(ladder)]
    norm = sum(base)
    n = len(results)
    mine: dict[int, float] = {}
    theirs: dict[int, float] = {}
    for v, w in zip(ladder, base):
        mine[v] = weight * prior * w / norm
        theirs[v] = weight * (1 - prior) * w / norm
    for a, b in results:
        if a > 0:
            mine[a] = mine.get(a, 0.0) + 1
        if b > 0:
            theirs[b] = theirs.get(b, 0.0) + 1
    return (tuple((v, c / (n + weight)) for v, c in sorted(mine.items())),
            tuple((v, c / (n + weight)) for v, c in sorted(theirs.items())))


__all__ = ["Eleven", "LADDER_WEIGHTS", "Outcome", "WILD_ELEVEN", "WILD_OUTCOMES", "equity_table",
           "hand_outcomes", "mixed_table", "outcome_table"]
