"""What envido and flor make public, and drawing hidden deals that agree with it.

With the flor on, which seats declared one is public (so the other seats hold none); after an
accepted envido both teams' values are public. A deal drawn for a bot must agree with both.

>>> from .cards import parse_card
>>> c = PointsConstraint(flor_rule=True, flor_seats=frozenset({1}), values=None, counted=(0, 1))
>>> c.fits([[parse_card(x) for x in h] for h in (["4C", "5C", "QH"], ["7H", "6H", "AH"])])
True
>>> c.fits([[parse_card(x) for x in h] for h in (["4C", "5C", "QC"], ["7H", "6H", "AH"])])
False
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from .envido import team_values
from .handpoints import envido_points, envido_table, has_flor

_MAX_TRIES = 4000


@dataclass(frozen=True)
class PointsConstraint:
    """What a deal must satisfy: each seat's flor as declared (``flor_rule``), and each team's
    envido (best of the ``counted`` seats) equal to ``values`` once they are public."""

    flor_rule: bool
    flor_seats: frozenset[int]
    values: tuple[int, int] | None
    counted: tuple[int, ...]
    candidates: dict[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)

    def fits(self, hands: Sequence[Sequence[int]]) -> bool:
        if self.flor_rule and any(has_flor(h) != (seat in self.flor_seats)
                                  for seat, h in enumerate(hands)):
            return False
        if self.values is not None:
            dropped = [s for s in range(len(hands)) if s not in self.counted]
            if team_values(hands, dropped) != self.values:
                return False
        return True

    def seat_ok(self, seat: int, hand: Sequence[int], exact: int | None,
                bound: int | None) -> bool:
        """A necessary condition on one seat's hand alone (used to list its candidates)."""
        if self.flor_rule and has_flor(hand) != (seat in self.flor_seats):
            return False
        if exact is None and bound is None:
            return True
        points = envido_table()[tuple(sorted(hand))]
        return points == exact if exact is not None else bound is None or points <= bound


def build_candidates(c: PointsConstraint, visible: dict[int, tuple[int, ...]],
                     played: Sequence[Sequence[int | None]],
                     pool: Sequence[int]) -> PointsConstraint:
    """List, for the hidden seats whose cards are narrowed down (a declared flor, a public
    envido), every way to complete their hands from the unseen ``pool``."""
    need: dict[int, tuple[int | None, int | None]] = {}
    for seat in range(len(played)):
        if seat in visible:
            continue
        exact = bound = None
        if c.values is not None and seat in c.counted:
            team = seat & 1
            mates = [s for s in c.counted if s & 1 == team and s != seat]
            known = [envido_points(visible[s]) for s in mates if s in visible]
            hidden_mates = [s for s in mates if s not in visible]
            v = c.values[team]
            if not hidden_mates and (not known or max(known) < v):
                exact = v
            else:
                bound = v
        if exact is not None or bound is not None or (c.flor_rule and seat in c.flor_seats):
            need[seat] = (exact, bound)
    cands: dict[int, tuple[tuple[int, ...], ...]] = {}
    table = envido_table()
    ordered = sorted(pool)
    for seat, (exact, bound) in need.items():
        shown = tuple(x for x in played[seat] if x is not None)
        want_flor = seat in c.flor_seats
        found: list[tuple[int, ...]] = []
        for combo in itertools.combinations(ordered, 3 - len(shown)):
            hand = tuple(sorted(shown + combo)) if shown else combo
            if c.flor_rule and (hand[0] % 4 == hand[1] % 4 == hand[2] % 4) != want_flor:
                continue
            points = table[hand]
            if (exact is not None and points != exact) or (bound is not None and points > bound):
                continue
            found.append(combo)
        cands[seat] = tuple(found)
    return PointsConstraint(c.flor_rule, c.flor_seats, c.values, c.counted, cands)


def draw_constrained(c: PointsConstraint, visible: dict[int, tuple[int, ...]],
                     played: Sequence[Sequence[int | None]], pool: Sequence[int],
                     rng: random.Random) -> tuple[list[list[int]], dict[int, list[int]]]:
    """Hands (and the cards behind hidden covered plays) drawn uniformly among the deals that
    satisfy ``c``: candidates for the narrowed seats, the rest of the unseen cards at random,
    and the whole deal checked (rejection). Raises ValueError when nothing fits."""
    from ..errors import InvalidDealError
    for _ in range(_MAX_TRIES):
        used: set[int] = set()
        picks: dict[int, list[int]] = {}
        ok = True
        for seat, options in c.candidates.items():
            if not options:
                raise InvalidDealError("no deal fits the public flor and envido points")
            combo = rng.choice(options)
            if used.intersection(combo):
                ok = False
                break
            used.update(combo)
            mine = list(combo)
            rng.shuffle(mine)
            picks[seat] = mine
        if not ok:
            continue
        rest = [x for x in pool if x not in used]
        rng.shuffle(rest)
        hands, covered = fill_hands(visible, played, rest, picks, rng)
        if c.fits(hands):
            return hands, covered
    raise InvalidDealError("no deal fits the public flor and envido points")


def fill_hands(visible: dict[int, tuple[int, ...]], played: Sequence[Sequence[int | None]],
               pool: list[int], picks: dict[int, list[int]],
               rng: random.Random) -> tuple[list[list[int]], dict[int, list[int]]]:
    """Complete every seat's hand: visible seats as seen, the others from ``picks[seat]``
    (when given) or from the end of ``pool``; played cards first, in the order played."""
    hands: list[list[int]] = []
    covered: dict[int, list[int]] = {}
    for seat, seq in enumerate(played):
        if seat in visible:
            hand = list(visible[seat])
            if None in seq:  # the partner's covered card: one of its cards not shown
                unsure = [x for x in hand if x not in seq]
                rng.shuffle(unsure)
                covered[seat] = [unsure.pop() for x in seq if x is None]
            hands.append(hand)
            continue
        source = picks.get(seat, pool)
        hand = []
        for x in seq:
            if x is None:
                x = source.pop()
                covered.setdefault(seat, []).append(x)
            hand.append(x)
        while len(hand) < 3:
            hand.append(source.pop())
        hands.append(hand)
    return hands, covered


def public_points(ext: Any, flor_on: bool) -> dict[str, Any]:
    """The observation's ``flor_seats``, ``envido_values`` and ``envido_winner``."""
    if ext is None:
        return {"flor_seats": [], "envido_values": None, "envido_winner": None}
    return {"flor_seats": list(ext.flor_seats) if flor_on else [],
            "envido_values": None if ext.env_values is None else list(ext.env_values),
            "envido_winner": ext.env_winner if ext.env_result is not None else None}
