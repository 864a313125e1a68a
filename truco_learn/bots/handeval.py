"""Quick hand-strength estimates a player can make from its own cards and the table.

Everything here reads only what the acting seat knows (its own remaining cards, the cards on
the table, the trick results), so the same functions serve the heuristic bot, the coach's
rollout policy and the coach's betting-aware sampler.

>>> from truco_learn.engine import new_hand
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["5H", "6C", "7S"]])
>>> round(win_estimate(s, 0), 2) > round(win_estimate(s, 1), 2)
True
>>> round(beat_chance(s.deal, 16), 2)   # the zap beats every other card
1.0
"""

from __future__ import annotations

from ..engine.state import Deal, HandState
from ..engine.tricks import ALL_TIED, hand_outcome

_BEAT: dict[int, tuple[float, ...]] = {}


def beat_table(deal: Deal) -> tuple[float, ...]:
    """For each strength 0..13, the chance that it beats one random unseen card of this hand
    (ties count half). Cached per strength table."""
    key = id(deal.strength)
    table = _BEAT.get(key)
    if table is None:
        counts = [0] * 14
        for card, st in enumerate(deal.strength):
            if card != deal.vira:
                counts[st] += 1
        total = sum(counts) - 1  # the card itself is not among the others
        table = tuple(max(0.0, (sum(counts[:st]) + 0.5 * (counts[st] - 1)) / total)
                      for st in range(14))
        _BEAT[key] = table
    return table


def beat_chance(deal: Deal, card: int) -> float:
    """Chance that ``card`` beats one random unseen card of this hand."""
    return beat_table(deal)[deal.strength[card]]


def _duel(q: float, seats: int) -> float:
    """Chance our team takes a trick where I play a card with single-card beat chance ``q``."""
    if seats == 2:
        return q
    return 1.0 - (1.0 - q * q) * 0.75  # two opponents to beat; the partner helps a little


# win_estimate's results by what it reads (:func:`win_estimate`): the strength table's
# (manilhas, vira), seats, team, the strengths left, the trick results and the current
# trick's summary; emptied when it grows past _KNOWN_MAX entries
_KNOWN: dict[tuple[object, ...], float] = {}
_KNOWN_MAX = 200_000


def win_estimate(s: HandState, seat: int) -> float:
    """Rough chance that ``seat``'s team wins the hand, from ``seat``'s own cards and the
    public table only (independent trick duels, exact trick-result bookkeeping).

    It reads only the strengths of ``seat``'s cards, the trick results and, of the current
    trick, the best face-up strength of each team and who is still to play; the estimate is
    kept by those (the same ones recur across the coach's playouts) and computed once."""
    d = s.deal
    team = seat & 1
    strength = d.strength
    seats = d.opts.seats
    cards = sorted((strength[c] for c in s.left[seat]), reverse=True)
    results = tuple([t.result for t in s.tricks])
    trick: tuple[int, int, bool, int] | None = None
    if s.cur:
        opp = max((strength[c] for p, c, up in s.cur if up and p & 1 != team), default=-1)
        ours = max((strength[c] for p, c, up in s.cur if up and p & 1 == team), default=-1)
        played = {p for p, _, _ in s.cur}
        to_play = sum(1 for k in range(seats) if k & 1 != team and k not in played)
        trick = (opp, ours, seat in played, to_play)
    key = (d.opts.manilhas, d.vira, seats, team, tuple(cards), results, trick)
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= _KNOWN_MAX:
            _KNOWN.clear()
        known = _KNOWN[key] = _estimate(beat_table(d), seats, team, cards, list(results),
                                        trick)
    return known


def _estimate(table: tuple[float, ...], seats: int, team: int, cards: list[int],
              results: list[int], trick: tuple[int, int, bool, int] | None) -> float:
    """:func:`win_estimate` from what it reads: the strengths left (highest first), the trick
    results so far, and the current trick's best face-up strength of the other team and of
    mine, whether I played to it and how many of theirs are still to play (None: no trick
    started)."""
    fixed: int | None = None  # result of the current trick when it is already decided for me
    first: float | None = None  # else the chance we take the current trick, if it is started
    if trick is not None:
        opp, ours, played, to_play = trick
        if not played and cards:
            above = [st for st in cards if st > opp]
            if ours > opp or not above:
                tie = opp in cards and ours < opp and seats == 2
                pick = opp if tie else cards[-1]
            else:
                pick = min(above)
            cards.remove(pick)
            ours = max(ours, pick)
        if ours < opp or (ours < 0 and opp < 0):
            fixed = 1 - team if ours < opp else -1
        elif ours == opp:
            fixed = -1
        elif to_play == 0:
            fixed = team
        else:
            first = table[ours] ** to_play
    probs = [_duel(table[st], seats) for st in cards]
    if first is not None:
        probs.insert(0, first)
    if fixed is not None:
        results.append(fixed)
        out = hand_outcome(results)
        if out is not None:
            return 1.0 if out == team else (0.5 if out == ALL_TIED else 0.0)

    def rec(res: list[int], i: int) -> float:
        out = hand_outcome(res)
        if out is not None:
            return 1.0 if out == team else (0.5 if out == ALL_TIED else 0.0)
        if i >= len(probs):
            return 0.5
        q = probs[i]
        return q * rec(res + [team], i + 1) + (1.0 - q) * rec(res + [1 - team], i + 1)

    return rec(results, 0)
