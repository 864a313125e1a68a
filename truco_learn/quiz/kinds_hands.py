"""Item kinds about whole hands: ``hand_winner`` (every tie line) and ``lead_after_tie``.

The tricks are planned to follow a chosen line (for example "first trick tied, second won"),
then the hand is replayed by the engine, and the answer is the engine's.

>>> import random
>>> item = hand_winner(3, "paulista-2p", random.Random(3))
>>> item.answer in item.choices, item.data["scenario"]["variant"]
(True, 'paulista-2p')
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..engine.cards import DECK, card_str, strength_table
from ..engine.options import Options, make_options
from ..engine.state import HandState, trick_outcome
from .deals import plan_scenario, replay
from .kinds_cards import vira_text, pick_vira, table_options
from ..course.tables import table_label
from .model import QuizItem, card_label, seat_label, team_label

NOBODY = "Nobody scores"
T = -1  # a tied trick in a line

# line name -> (rule, trick results with "a"/"b" for the two teams, "T" for tied)
_LINES: dict[str, tuple[str, str]] = {
    "two_wins": ("tricks.two_wins", "aa"),
    "one_each": ("tricks.two_wins", "aba"),
    "one_each_b": ("tricks.two_wins", "abb"),
    "first_tied": ("ties.first_trick", "Ta"),
    "two_tied": ("ties.first_trick", "TTa"),
    "second_tied": ("ties.second_trick", "aT"),
    "third_tied": ("ties.third_trick", "abT"),
    "all_tied": ("ties.all_tied", "TTT"),
}
_WHY = {
    "tricks.two_wins": "A team that wins two tricks wins the hand.",
    "ties.first_trick": "When the first trick is tied, the next trick that is not tied decides.",
    "ties.second_trick": "First trick won and second tied: the winner of the first trick wins, "
                         "no third trick is played.",
    "ties.third_trick": "One trick each and the third tied: the winner of the first trick wins.",
    "ties.all_tied": "All three tricks tied: at this table ({rule}).",
}


def _plan_tricks(opts: Options, vira: int | None, line: str, a: int,
                 rng: random.Random) -> list[list[tuple[int, bool]]]:
    strength = strength_table(opts.manilhas, vira)
    n = opts.seats
    pool = [c for c in DECK if c != vira]
    leader = 0  # the dealer is the last seat, so seat 0 is the mão
    tricks: list[list[tuple[int, bool]]] = []
    for mark in line:
        want = T if mark == "T" else (a if mark == "a" else 1 - a)
        for _ in range(20000):
            cards = rng.sample(pool, n)
            plays = [((leader + i) % n, c, True) for i, c in enumerate(cards)]
            result, nxt = trick_outcome(strength, plays, leader, opts.lead_after_tie)
            if result == want:
                break
        else:  # pragma: no cover - the pool always allows every result
            raise RuntimeError(f"could not plan a trick with result {want}")
        pool = [c for c in pool if c not in cards]
        tricks.append([(c, True) for c in cards])
        leader = nxt
    return tricks


def tricks_text(state: HandState) -> str:
    """One sentence per trick: who led, what landed, who took it."""
    n = state.deal.opts.seats
    out = []
    for k, t in enumerate(state.tricks, 1):
        plays = ", ".join(f"{seat_label(s)} {card_label(c) if up else 'covered'}"
                          for s, c, up in t.plays)
        res = "tied" if t.result < 0 else f"taken by {team_label(t.result, n)}"
        out.append(f"Trick {k}: {plays}: {res}.")
    return " ".join(out)


def _ask_hand(seed: int, variant: str, opts: Options, scenario: dict[str, Any],
              state: HandState, rule: str, kind: str, extra: dict[str, Any]) -> QuizItem:
    n = opts.seats
    answer = NOBODY if state.winner < 0 else team_label(state.winner, n)
    why = _WHY[rule].format(rule={"nobody": "nobody scores", "dealer_team": "the dealer's team "
                                  "scores", "mao_team": "the mão's team scores"}[opts.all_tied])
    vira = state.deal.vira
    return QuizItem(
        kind, seed, variant,
        f"{vira_text(opts, vira)} {tricks_text(state)} Who wins the hand?",
        (team_label(0, n), team_label(1, n), NOBODY), answer, rule,
        f"{why} Here: {tricks_text(state)} So: {answer}.",
        {"vira": scenario["vira"], "table": opts.variant, "scenario": scenario, **extra})


def hand_winner(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Who won this hand after these tricks (every tie line)."""
    opts = make_options(variant)
    names = list(_LINES)
    weights = [1, 1, 1, 2, 2, 2, 2, 2]
    line_name = rng.choices(names, weights)[0]
    rule, line = _LINES[line_name]
    vira = pick_vira(rng) if opts.manilhas == "vira" else None
    a = rng.randrange(2)
    tricks = _plan_tricks(opts, vira, line, a, rng)
    scenario = plan_scenario(opts, opts.seats - 1, vira, (0, 0), tricks, rng)
    state = replay(scenario)
    return _ask_hand(seed, variant, opts, scenario, state, rule, "hand_winner",
                     {"line": line_name})


def _tie_cards(opts: Options, vira: int | None, rng: random.Random,
               want_split: bool) -> Sequence[int]:
    strength = strength_table(opts.manilhas, vira)
    pool = [c for c in DECK if c != vira]
    while True:
        cards = rng.sample(pool, 4)
        plays = [(i, c, True) for i, c in enumerate(cards)]
        r, lead_first = trick_outcome(strength, plays, 0, "first_tying")
        if r == -1 and (lead_first != 0) == want_split:
            return cards


def lead_after_tie(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Who leads the next trick after a tied trick, under the table's preset."""
    opts = make_options(variant)
    if opts.seats != 4:
        choices = ("paulista-4p", "paulista-fpt") if opts.manilhas == "vira" else ("mineiro-4p",)
        opts = make_options(rng.choice(choices))
    opts = table_options(opts.variant, seats=4)
    vira = pick_vira(rng) if opts.manilhas == "vira" else None
    cards = _tie_cards(opts, vira, rng, want_split=rng.random() < 0.8)
    scenario = plan_scenario(opts, 3, vira, (0, 0), [[(c, True) for c in cards]], rng)
    state = replay(scenario)
    rule_text = ("whoever led the tied trick leads again" if opts.lead_after_tie == "leader"
                 else "the player of the first tying card (in play order) leads")
    answer = seat_label(state.to_act)
    table = table_label(opts.variant)
    return QuizItem(
        "lead_after_tie", seed, variant,
        f"Four players, {team_label(0, 4)} against {team_label(1, 4)}, at a {table} table "
        f"(after a tie, {rule_text}). {vira_text(opts, vira)} {tricks_text(state)} Who leads "
        "the second trick?",
        tuple(seat_label(s) for s in range(4)), answer, "ties.lead",
        f"At a {table} table, after a tie {rule_text}. {tricks_text(state)} So {answer} leads.",
        {"vira": scenario["vira"], "table": opts.variant, "scenario": scenario,
         "cards": [card_str(c) for c in cards]})
