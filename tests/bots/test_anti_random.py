"""The exact search against a random player: its numbers match what happens when a random
player is really faced, and the anti-random bot answers legally in every preset."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from truco_learn.bots import legal_from_observation, make_bot
from truco_learn.bots.antirandom import AntiRandomBot
from truco_learn.bots.arena import BotSpec, run_arena
from truco_learn.bots.ceiling import value_iteration
from truco_learn.bots.equity import WILD_ELEVEN, WILD_OUTCOMES, outcome_table
from truco_learn.bots.wildsearch import POINT_WEIGHT, hand_value, searchable, wild_values
from truco_learn.engine import VARIANTS, HandState, new_hand, new_match, observation, step
from truco_learn.engine.options import make_options
from truco_learn.engine.state import apply_legal, legal_codes, played_cards
from truco_learn.errors import ConfigError
from truco_learn.cli import main


def _best(s: HandState, table: tuple[tuple[float, ...], ...]) -> int:
    values = wild_values(s, s.to_act, table)
    return max(values, key=lambda c: values[c][0] + POINT_WEIGHT * values[c][1])


def _redeal_hidden(s: HandState, seat: int, rng: random.Random) -> HandState:
    """The same public hand, the other seat's unplayed cards drawn afresh from the cards
    ``seat`` has not seen (what a random player's hand is, from ``seat``'s side)."""
    other = 1 - seat
    seen = set(s.left[seat]) | {s.deal.vira} | {c for _, c, _ in played_cards(s)}
    pool = [c for c in range(40) if c not in seen]
    fresh = rng.sample(pool, len(s.left[other]))
    played = [c for c in s.deal.hands[other] if c not in s.left[other]]
    hands = [list(h) for h in s.deal.hands]
    hands[other] = played + fresh
    t = new_hand(s.opts, s.deal.dealer, hands, s.deal.vira, s.deal.score)
    for _, code in s.log:
        t = apply_legal(t, code)
    return t


@pytest.mark.parametrize("actions", [
    ["play:2H", "play:QS"],                       # seat 1 won trick 1 with a manilha
    ["play:5S", "play:4C", "raise", "accept"],    # seat 0 took trick 1, a truco accepted
])
def test_the_search_predicts_what_a_random_player_does(actions: list[str]) -> None:
    s0 = new_hand("paulista-2p", dealer=1, vira="7D", score=(3, 5),
                  hands=[["2H", "5S", "6D"], ["QS", "3C", "4C"]])
    for a in actions:
        s0 = step(s0, a)
    seat = s0.to_act
    team = seat & 1
    table = outcome_table(s0.opts, *WILD_OUTCOMES, WILD_ELEVEN)
    values = wild_values(s0, seat, table)
    code = _best(s0, table)
    _, ev, win = values[code]
    rng = random.Random(7)
    points: list[int] = []
    wins = 0
    n = 400
    for _ in range(n):
        s = apply_legal(_redeal_hidden(s0, seat, rng), code)
        while s.to_act >= 0:
            if s.to_act == seat:
                s = apply_legal(s, _best(s, table))
            else:
                legal = legal_codes(s)
                s = apply_legal(s, legal[rng.randrange(len(legal))])
        points.append(s.points[team] - s.points[1 - team])
        wins += s.winner == team
    mean = sum(points) / n
    sd = math.sqrt(sum((p - mean) ** 2 for p in points) / (n - 1))
    assert abs(mean - ev) <= 4 * sd / math.sqrt(n) + 0.05
    assert abs(wins / n - win) <= 4 * math.sqrt(win * (1 - win) / n) + 0.02


def test_the_search_sees_a_lost_hand_and_a_won_one() -> None:
    # last trick: seat 0 holds the zap after one trick each, so nothing can beat it
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "5S", "AD"], ["3C", "4C", "KH"]])
    for a in ["play:5S", "play:3C", "play:4C", "play:AD"]:
        s = step(s, a)
    assert s.to_act == 0 and searchable(s)
    table = outcome_table(s.opts, *WILD_OUTCOMES, WILD_ELEVEN)
    values = wild_values(s, 0, table)
    assert all(v[2] == 1.0 and v[1] > 0 for v in values.values())
    # the same, holding the weakest card: only a tie or their folding can save it
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4D", "5S", "AD"], ["3C", "4C", "KH"]])
    for a in ["play:5S", "play:3C", "play:4C", "play:AD"]:
        s = step(s, a)
    values = wild_values(s, 0, table)
    assert values[s.left[0][0]][2] < 0.2


@pytest.mark.parametrize("variant", VARIANTS)
def test_anti_random_answers_legally_in_every_preset(variant: str) -> None:
    rng = random.Random(variant)
    bot = make_bot("anti-random", seed=3)
    other = make_bot("random", seed=4)
    asked = 0
    for start in [(0, 0), (11, 4), (11, 11)]:
        m = new_match(variant, rng, score=start)
        while not m.over and len(m.history) < 2:
            seat = m.hand.to_act
            obs = observation(m.hand, seat)
            if seat & 1 == 0:
                d = bot.decide(obs)
                legal = legal_from_observation(obs)
                assert d.action in legal
                assert sorted(o["action"] for o in d.explanation["options"]) == legal
                assert d.explanation["summary"]
                asked += 1
            else:
                d = other.decide(obs)
            m = m.apply(d.action, rng)
    assert asked >= 3


def test_value_iteration_fills_every_score_from_the_end() -> None:
    opts = make_options("paulista-2p", {"target": 4, "eleven_at": 3})
    v = value_iteration(opts, deals=3, seed=2)
    assert len(v) == 5 and all(len(row) == 5 for row in v)
    assert [v[4][b] for b in range(4)] == [1.0] * 4 and [v[a][4] for a in range(4)] == [0.0] * 4
    assert all(0.0 < v[a][b] < 1.0 for a in range(4) for b in range(4))
    assert v[3][3] == 0.5  # the iron hand, played blind
    assert v[2][0] > v[0][0] > v[0][2]
    assert value_iteration(opts, deals=3, seed=2) == v  # the same seed, the same table


def test_value_iteration_refuses_what_it_cannot_search() -> None:
    with pytest.raises(ConfigError, match="two seats"):
        value_iteration(make_options("paulista-4p"), deals=1)
    with pytest.raises(ConfigError, match="deals"):
        value_iteration(make_options("paulista-2p"), deals=0)


def test_the_arena_plays_anti_random_with_a_given_table() -> None:
    table = outcome_table(make_options("paulista-2p"), *WILD_OUTCOMES, WILD_ELEVEN)
    r = run_arena(BotSpec("anti-random", table=table), BotSpec("random"), "paulista-2p",
                  deals=1, seed=4)
    assert r.matches == 2 and r.hands > 0 and len(r.latency_ms) > 0
    assert AntiRandomBot(0, table).table is table


def test_ceiling_command_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ceiling", "--deals", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["ceiling", "--variant", "paulista-4p"])
    assert exc.value.code == 2


def test_the_search_is_exact_against_every_hand_they_may_hold() -> None:
    """Seat 0 led 6D in trick 2 and seat 1 called truco: my answer's value, by the search,
    equals the average over every hand seat 1 may hold of the hand played out (seat 0 by the
    search, seat 1 at random, each of its legal actions counted with its chance)."""
    s0 = new_hand("paulista-2p", dealer=1, vira="7D", score=(3, 5),
                  hands=[["2H", "5S", "6D"], ["QS", "3C", "4C"]])
    for a in ["play:5S", "play:4C", "play:6D", "raise"]:
        s0 = step(s0, a)
    table = outcome_table(s0.opts, *WILD_OUTCOMES, WILD_ELEVEN)

    def exact(s: HandState) -> float:
        if s.to_act < 0:
            return table[min(12, s.score[0])][min(12, s.score[1])]
        if s.to_act == 0:
            return exact(apply_legal(s, _best(s, table)))
        legal = legal_codes(s)
        return sum(exact(apply_legal(s, c)) for c in legal) / len(legal)

    seen = set(s0.left[0]) | {s0.deal.vira} | {c for _, c, _ in played_cards(s0)}
    pool = [c for c in range(40) if c not in seen]
    total = n = 0.0
    for rest in itertools.combinations(pool, 2):
        hands = [list(s0.deal.hands[0]), ["4C", *rest]]
        t = new_hand(s0.opts, 1, hands, s0.deal.vira, s0.deal.score)
        for _, code in s0.log:
            t = apply_legal(t, code)
        total += exact(t)
        n += 1
    assert n == 595
    assert hand_value(s0, 0, table)[0] == pytest.approx(total / n, abs=1e-9)
