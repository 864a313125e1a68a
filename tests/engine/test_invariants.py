"""Random play over thousands of hands in every preset (and option mixes, envido, flor and
dropping out on the Brazilian presets too), checking the invariants at every step (OpenSpiel
style)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from truco_learn.engine import (VARIANTS, HandState, apply_legal, determinize, legal_actions,
                                legal_codes, make_options, new_match, observation,
                                parse_observation)
from truco_learn.engine.actions import DROP, FOLD, ONZE_FOLD, action_str
from truco_learn.engine.cards import DECK, parse_card
from truco_learn.engine.state import ELEVEN, IRON, played_cards

MIXES: list[dict[str, Any]] = [
    {},
    {"all_tied": "dealer_team", "lead_after_tie": "first_tying"},
    {"all_tied": "mao_team", "exposed_card": True, "covered_cards": True},
    {"eleven": False, "iron_choice": "any"},
    {"iron": False, "no_pointless_raise": False, "eleven_all_tied": "eleven_team_loses"},
    {"envido": True, "flor": True, "drop_out": True},
    {"envido": True, "real_envido_repeat": True, "envido_zero_tiebreak": "face_cards",
     "covered_cards": True, "exposed_card": True},
    {"flor": True, "drop_out": True, "target": 7, "lead_after_tie": "first_tying"},
]


def _cards_in(obs: dict[str, Any]) -> set[int]:
    out: set[int] = set()
    for key in ("hand", "partner_hand"):
        out.update(parse_card(c) for c in obs[key] or ())
    if obs["vira"]:
        out.add(parse_card(obs["vira"]))
    for _, text in obs["log"]:
        if text.startswith(("play:", "cover:")):
            out.add(parse_card(text.split(":")[1]))
    return out


def _may_know(s: HandState, seat: int) -> set[int]:
    d = s.deal
    know = {c for who, c, up in played_cards(s) if up or who == seat}
    if d.vira is not None:
        know.add(d.vira)
    if d.mode != IRON:
        know.update(d.hands[seat])
    if d.mode == ELEVEN and d.opts.seats == 4 and seat % 2 == d.eleven_team:
        know.update(d.hands[(seat + 2) % 4])
    return know


def _check_state(s: HandState, rng: random.Random) -> None:
    d = s.deal
    legal = legal_actions(s)
    assert (legal == []) == s.over
    assert len(set(legal)) == len(legal)
    # the 40 cards are conserved: dealt cards are distinct, and what is left plus what landed
    # is exactly what each seat was dealt; no card lands twice
    dealt = [c for h in d.hands for c in h] + ([] if d.vira is None else [d.vira])
    assert len(set(dealt)) == len(dealt) and set(dealt) <= set(DECK)
    landed = played_cards(s)
    assert len({c for _, c, _ in landed}) == len(landed)
    for seat in range(d.opts.seats):
        mine = [c for who, c, _ in landed if who == seat]
        assert sorted(mine + list(s.left[seat])) == sorted(d.hands[seat])
    # scores in bounds
    assert all(p >= 0 for p in s.points)
    assert s.score[0] >= d.score[0] and s.score[1] >= d.score[1]
    x = s.ext
    if x is not None:  # points scored at once are on the score; the game may end at once
        assert s.points == x.bonus or s.over
        if not s.over:
            assert max(s.score) < d.opts.target
    # observations hide what they must, and survive re-dealing the hidden cards
    for seat in range(d.opts.seats):
        obs = observation(s, seat)
        assert _cards_in(obs) <= _may_know(s, seat)
        if d.opts.envido or d.opts.flor:  # flor seats public, envido values once accepted
            assert obs["flor_seats"] == (list(x.flor_seats) if x and d.opts.flor else [])
            accepted = x is not None and x.env_result == "accepted"
            assert (obs["envido_values"] is not None) == accepted
        else:
            assert "flor_seats" not in obs and "envido_values" not in obs
        if not s.over and seat == s.to_act:
            again = determinize(parse_observation(obs), rng)
            assert observation(again, seat) == obs
            assert legal_actions(again) == legal


def _check_extended_outcome(s: HandState) -> None:
    """Envido, flor and the hand itself add up to the points of the hand."""
    x = s.ext
    assert x is not None
    d = s.deal
    at_once = [0, 0]
    if x.env_result is not None:
        assert x.env_winner in (0, 1) and x.env_points >= 1
        at_once[x.env_winner] += x.env_points
    if x.flor_result is not None:
        assert x.flor_winner in (0, 1) and x.flor_points >= 3
        at_once[x.flor_winner] += x.flor_points
    assert tuple(at_once) == x.bonus
    if s.winner < 0:
        reached = max(d.score[0] + x.bonus[0], d.score[1] + x.bonus[1]) >= d.opts.target
        assert s.points == x.bonus and (reached or d.opts.all_tied == "nobody")
        return
    got = s.points[s.winner] - x.bonus[s.winner]
    assert s.points[1 - s.winner] == x.bonus[1 - s.winner]
    last_seat, last = s.log[-1]
    if last == DROP and all(k in x.dropped for k in range(last_seat % 2, d.opts.seats, 2)):
        # a whole team dropped out: the stake, plus 1 when an envido could still have come
        assert got in (s.stake, s.stake + 1) and s.winner != last_seat % 2
    else:
        assert got == s.stake and s.stake in d.opts.ladder


def _check_outcome(s: HandState) -> None:
    d = s.deal
    last = s.log[-1][1] if s.log else None
    if s.ext is not None:
        _check_extended_outcome(s)
        return
    if s.winner < 0:
        assert s.points == (0, 0)
        return
    assert s.points[1 - s.winner] == 0
    got = s.points[s.winner]
    if last == ONZE_FOLD:
        assert got == d.opts.eleven_fold and s.winner != d.eleven_team
    elif d.mode == ELEVEN:
        assert got == s.stake == d.opts.eleven_value
    elif d.mode == IRON:
        assert got == s.stake == d.opts.iron_value
    else:
        assert got == s.stake and s.stake in d.opts.ladder
        if last == FOLD:
            assert s.winner != s.log[-1][0] % 2


def _play_match(variant: str, overrides: dict[str, Any], seed: int,
                modes: set[int] | None = None) -> list[str]:
    opts = make_options(variant, overrides)
    rng = random.Random(seed)
    check_rng = random.Random(seed + 1)
    m = new_match(opts, rng, score=(rng.randrange(opts.target), rng.randrange(opts.target)))
    trace: list[str] = []
    prev_score = m.score
    while True:
        s = m.hand
        if modes is not None:
            modes.add(s.deal.mode)
        _check_state(s, check_rng)
        if s.over:
            _check_outcome(s)
            assert s.score[0] >= prev_score[0] and s.score[1] >= prev_score[1]
            prev_score = s.score
            if s.game_over:
                assert s.game_winner is not None and max(s.score) >= opts.target
                return trace
            m = m.next_hand(rng)
            continue
        codes = legal_codes(s)
        if DROP in codes and rng.random() < 0.8:  # drop now and then, so hands get played out
            codes = [c for c in codes if c != DROP]
        code = rng.choice(codes)
        trace.append(action_str(code))
        m = m.apply(code, rng)
        if m.hand is not s and m.history and m.history[-1].over and not m.hand.log:
            _check_outcome(m.history[-1])


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("mix", range(len(MIXES)))
def test_random_matches_keep_invariants(variant: str, mix: int) -> None:
    modes: set[int] = set()
    for seed in range(12):
        _play_match(variant, MIXES[mix], seed * 100 + mix, modes)
    opts = make_options(variant, MIXES[mix])
    hand_of_eleven = ELEVEN if opts.eleven and opts.eleven_at < opts.target else 0
    assert {0, hand_of_eleven} <= modes  # ordinary hands and hands of eleven were exercised


@pytest.mark.parametrize("variant", VARIANTS)
def test_thousands_of_random_hands_unchecked_fast_path(variant: str) -> None:
    """2,000 hands per preset: legal actions are empty exactly at the end, and the fast path
    agrees with the validating step."""
    rng = random.Random(2026)
    opts = make_options(variant)
    from truco_learn.engine import deal_hand, step

    for k in range(2000):
        s = deal_hand(opts, k % opts.seats, (rng.randrange(opts.target),
                                             rng.randrange(opts.target)), rng)
        while legal_codes(s):
            code = rng.choice(legal_codes(s))
            a, b = apply_legal(s, code), step(s, action_str(code))
            assert a.log == b.log and a.points == b.points and a.to_act == b.to_act
            s = a
        assert s.over


@pytest.mark.parametrize("variant", VARIANTS)
def test_same_seed_same_game(variant: str) -> None:
    assert _play_match(variant, {}, 7) == _play_match(variant, {}, 7)
    assert _play_match(variant, {}, 7) != _play_match(variant, {}, 8)
