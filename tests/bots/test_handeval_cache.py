"""win_estimate keeps its estimates by what it reads: the kept value is always the one the
plain computation gives, for every seat of every state of many random hands."""

from __future__ import annotations

import random

import pytest

from truco_learn.bots import handeval
from truco_learn.bots.handeval import _duel, beat_table, win_estimate
from truco_learn.engine import HandState, legal_codes
from truco_learn.engine.match import new_match
from truco_learn.engine.state import apply_legal
from truco_learn.engine.tricks import ALL_TIED, hand_outcome


def plain_win_estimate(s: HandState, seat: int) -> float:
    """win_estimate as it was written before it kept its values."""
    d = s.deal
    team = seat & 1
    strength = d.strength
    table = beat_table(d)
    seats = d.opts.seats
    cards = sorted((strength[c] for c in s.left[seat]), reverse=True)
    results = [t.result for t in s.tricks]
    fixed: int | None = None
    first: float | None = None
    if s.cur:
        opp = max((strength[c] for p, c, up in s.cur if up and p & 1 != team), default=-1)
        ours = max((strength[c] for p, c, up in s.cur if up and p & 1 == team), default=-1)
        played = {p for p, _, _ in s.cur}
        if seat not in played and cards:
            above = [st for st in cards if st > opp]
            if ours > opp or not above:
                tie = opp in cards and ours < opp and seats == 2
                pick = opp if tie else cards[-1]
            else:
                pick = min(above)
            cards.remove(pick)
            ours = max(ours, pick)
            played.add(seat)
        to_play = sum(1 for k in range(seats) if k & 1 != team and k not in played)
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

    return rec(list(results), 0)


@pytest.mark.parametrize("variant", ["paulista-2p", "paulista-4p", "mineiro-4p", "argentino-2p",
                                     "mineiro-2p"])
def test_the_kept_estimate_is_the_plain_one(variant: str) -> None:
    handeval._KNOWN.clear()
    rng = random.Random(11)
    checked = 0
    for _ in range(120):
        m = new_match(variant, rng, (rng.randrange(11), rng.randrange(11)))
        s = m.hand
        while not s.over:
            for seat in range(s.deal.opts.seats):
                if s.left[seat] or s.cur:
                    want = plain_win_estimate(s, seat)
                    assert win_estimate(s, seat) == want  # computed
                    assert win_estimate(s, seat) == want  # kept
                    checked += 1
            legal = legal_codes(s)
            s = apply_legal(s, legal[rng.randrange(len(legal))])
    assert checked > 1000 and len(handeval._KNOWN) > 100


def test_a_full_store_is_emptied_and_still_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handeval, "_KNOWN_MAX", 5)
    handeval._KNOWN.clear()
    rng = random.Random(3)
    for _ in range(30):
        s = new_match("paulista-2p", rng).hand
        for seat in (0, 1):
            assert win_estimate(s, seat) == plain_win_estimate(s, seat)
        assert len(handeval._KNOWN) <= 5
