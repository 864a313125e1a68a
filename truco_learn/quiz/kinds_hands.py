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
from ..engine.state import HandState
from ..engine.tricks import trick_outcome
from .deals import plan_scenario, replay
from .kinds_cards import vira_text, pick_vira, table_options
from ..course.tables import table_label
from ..i18n import N_, _
from .model import QuizItem, card_label, seat_label, team_label

NOBODY = N_("Nobody scores")
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
    "tricks.two_wins": N_("A team that wins two tricks wins the hand."),
    "ties.first_trick": N_("When the first trick is tied, the next trick that is not tied "
                           "decides."),
    "ties.second_trick": N_("First trick won and second tied: the winner of the first trick "
                            "wins, no third trick is played."),
    "ties.third_trick": N_("One trick each and the third tied: the winner of the first trick "
                           "wins."),
    "ties.all_tied": N_("All three tricks tied: at this table ({rule})."),
}
_ALL_TIED = {"nobody": N_("nobody scores"), "dealer_team": N_("the dealer's team scores"),
             "mao_team": N_("the mão's team scores")}


def _plan_tricks(opts: Options, vira: int | None, line: str, a: int,
                 rng: random.Random) -> list[list[tuple[int, bool]]]:
    strength = strength_table(opts.manilhas, vira)
    n = opts.seats
    pool = [c for c in DECK if c != vira]
    leader = 0  # the dealer is the last seat, so seat 0 is the mão
    tricks: list[list[tuple[int, bool]]] = []
    for mark in line:
        want = T if mark == "T" else (a if mark == "a" else 1 - a)
        for _try in range(20000):
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
        # Translators: "Ana Q♣" (a card played) or "Ana covered" (played face down)
        plays = ", ".join(_("{who} {card}").format(who=seat_label(s), card=card_label(c)) if up
                          else _("{who} covered").format(who=seat_label(s))
                          for s, c, up in t.plays)
        if t.result < 0:
            # Translators: "Trick 1: Ana Q♣, Bruno Q♥: tied."
            out.append(_("Trick {k}: {plays}: tied.").format(k=k, plays=plays))
        else:
            out.append(_("Trick {k}: {plays}: taken by {team}.").format(
                k=k, plays=plays, team=team_label(t.result, n)))
    return " ".join(out)


def _ask_hand(seed: int, variant: str, opts: Options, scenario: dict[str, Any],
              state: HandState, rule: str, kind: str, extra: dict[str, Any]) -> QuizItem:
    n = opts.seats
    answer = _(NOBODY) if state.winner < 0 else team_label(state.winner, n)
    why = _(_WHY[rule])
    if rule == "ties.all_tied":
        why = why.format(rule=_(_ALL_TIED[opts.all_tied]))
    vira = state.deal.vira
    return QuizItem(
        kind, seed, variant,
        _("{vira} {tricks} Who wins the hand?").format(vira=vira_text(opts, vira),
                                                       tricks=tricks_text(state)),
        (team_label(0, n), team_label(1, n), _(NOBODY)), answer, rule,
        _("{why} Here: {tricks} So: {answer}.").format(why=why, tricks=tricks_text(state),
                                                       answer=answer),
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
    rule_text = (_("whoever led the tied trick leads again") if opts.lead_after_tie == "leader"
                 else _("the player of the first tying card (in play order) leads"))
    answer = seat_label(state.to_act)
    table = table_label(opts.variant)
    return QuizItem(
        "lead_after_tie", seed, variant,
        _("Four players, {team_a} against {team_b}, at a {table} table (after a tie, {rule}). "
          "{vira} {tricks} Who leads the second trick?").format(
            team_a=team_label(0, 4), team_b=team_label(1, 4), table=table, rule=rule_text,
            vira=vira_text(opts, vira), tricks=tricks_text(state)),
        tuple(seat_label(s) for s in range(4)), answer, "ties.lead",
        _("At a {table} table, after a tie {rule}. {tricks} So {who} leads.").format(
            table=table, rule=rule_text, tricks=tricks_text(state), who=answer),
        {"vira": scenario["vira"], "table": opts.variant, "scenario": scenario,
         "cards": [card_str(c) for c in cards]})
