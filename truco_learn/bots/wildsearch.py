"""Exact search of a heads-up hand against a wild player (one that takes every legal action
alike, whatever its cards).

Such a player's bets say nothing about its cards, and the card it plays is a uniform draw from
the cards it holds, which are a uniform draw from the cards my seat has not seen. So each card
it plays is, from my seat, a uniform draw from my unseen cards: the hand becomes a game of
chance in which I see everything that matters, and it can be searched to the end (expectimax),
with my best action at every one of my turns. Unseen cards that compare alike with each card
of mine they can still meet (in my hand or on the table in this trick when the search starts)
are one outcome (their trick results are the same), which keeps the tree small.

The engine plays every move, so every rule of the preset holds. Nothing hidden is read: the
other seat's cards in the state searched are placeholders (only their number counts), replaced
by the drawn card when it plays.

>>> from truco_learn.engine import new_hand, action_str
>>> from truco_learn.bots.equity import equity_table
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> values = wild_values(s, 0, equity_table(s.opts, 0.5))  # (game chance, points, hand won)
>>> sorted(action_str(c) for c in values)   # every legal action of seat 0
['play:3S', 'play:4H', 'play:QC', 'raise']
>>> game, points, win = values[s.left[0][2]]  # lead the 4, keep the zap and the 3
>>> round(win, 2), round(points, 1)
(0.99, 6.3)
"""

from __future__ import annotations

from typing import Sequence

from ..engine.actions import RAISE
from ..engine.cards import NUM_CARDS
from ..engine.state import IRON, HandState, apply_legal, legal_codes, played_cards
from .coach import POINT_WEIGHT

Value = tuple[float, float, float]  # game chance, expected net points, chance to win the hand


def searchable(s: HandState) -> bool:
    """Whether :func:`wild_values` can search this state: two seats, cards played face up
    (no covered cards, no blind iron hand)."""
    return s.opts.seats == 2 and not s.opts.covered_cards and s.deal.mode != IRON


def _unseen(s: HandState, seat: int) -> list[int]:
    """Cards my seat has not seen: not the vira, not in my hand, not played."""
    seen = set(s.left[seat]) | {c for _, c, _ in played_cards(s)}
    if s.deal.vira is not None:
        seen.add(s.deal.vira)
    return [c for c in range(NUM_CARDS) if c not in seen]


class _Search:
    def __init__(self, seat: int, table: Sequence[Sequence[float]], strength: Sequence[int],
                 mine: Sequence[int], base: tuple[int, int], top: int) -> None:
        self.seat = seat
        self.team = seat & 1
        self.table = table
        self.strength = strength
        self.mine = sorted({strength[c] for c in mine})
        self.base = base  # scores before this hand: mine, theirs
        self.top = top
        self.memo: dict[object, Value] = {}
        # unseen cards that compare alike with each of my cards give the same trick results
        self.kind = [sum((3 ** i) * ((st > m) - (st < m) + 1) for i, m in enumerate(self.mine))
                     for st in strength]

    def leaf(self, s: HandState) -> Value:
        mine, theirs = s.points[self.team], s.points[1 - self.team]
        a, b = self.base
        game = self.table[min(self.top, a + mine)][min(self.top, b + theirs)]
        return game, float(mine - theirs), 1.0 if s.winner == self.team else 0.0

    def value(self, s: HandState, unseen: tuple[int, ...]) -> Value:
        if s.to_act < 0:
            return self.leaf(s)
        key = (s.left, s.cur, tuple(t.result for t in s.tricks), s.leader, s.to_act, s.stake,
               s.pending, s.last_raise_team, s.exposed, s.onze_pending, unseen)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if s.to_act == self.seat:
            out = max((self.value(apply_legal(s, c), unseen) for c in legal_codes(s)),
                      key=lambda v: v[0] + POINT_WEIGHT * v[1])
        else:
            out = self.chance(s, unseen)
        self.memo[key] = out
        return out

    def chance(self, s: HandState, unseen: tuple[int, ...]) -> Value:
        legal = legal_codes(s)
        share = 1.0 / len(legal)
        g = ev = w = 0.0
        cards = 0
        for code in legal:
            if code < RAISE:
                cards += 1
                continue
            v = self.value(apply_legal(s, code), unseen)
            g, ev, w = g + share * v[0], ev + share * v[1], w + share * v[2]
        if cards:
            groups: dict[int, list[int]] = {}
            kind = self.kind
            for c in unseen:
                groups.setdefault(kind[c], []).append(c)
            seat = s.to_act
            held = s.left[seat]
            for members in groups.values():
                card = members[0]
                p = share * cards * len(members) / len(unseen)
                left = held if card in held else (card,) + held[1:]
                t = s._replace(left=s.left[:seat] + (left,) + s.left[seat + 1:])
                rest = tuple(c for c in unseen if c != card)
                v = self.value(apply_legal(t, card), rest)
                g, ev, w = g + p * v[0], ev + p * v[1], w + p * v[2]
        return g, ev, w


def _search(s: HandState, seat: int, table: Sequence[Sequence[float]]
            ) -> tuple[_Search, tuple[int, ...]]:
    team = seat & 1
    d = s.deal
    # the cards theirs will meet: mine in hand and mine already on the table in this trick
    mine = list(s.left[seat]) + [c for p, c, _ in s.cur if p & 1 == team]
    search = _Search(seat, table, d.strength, mine, (d.score[team], d.score[1 - team]),
                     d.opts.target)
    return search, tuple(_unseen(s, seat))


def hand_value(s: HandState, seat: int, table: Sequence[Sequence[float]]) -> Value:
    """The value of ``s`` for ``seat`` (whoever is to act), as :func:`wild_values` counts it:
    ``seat`` plays at its best from here, the other seat is wild."""
    search, unseen = _search(s, seat, table)
    return search.value(s, unseen)


def wild_values(s: HandState, seat: int, table: Sequence[Sequence[float]]
                ) -> dict[int, Value]:
    """For each legal action of ``seat`` (to act in ``s``): the chance to win the game
    (``table[mine][theirs]`` at the end of the hand), the expected net points and the chance
    to win the hand, when I play every later turn at my best and the other seat is wild.
    ``s`` must be :func:`searchable`; of the other seat's cards in it, only how many there
    are is read (any consistent deal gives the same values)."""
    search, unseen = _search(s, seat, table)
    return {code: search.value(apply_legal(s, code), unseen) for code in legal_codes(s)}


__all__ = ["POINT_WEIGHT", "Value", "hand_value", "searchable", "wild_values"]
