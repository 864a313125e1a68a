"""Item kinds about stakes: ``bet_points`` (fold, accept, raise as an answer) and ``eleven``
(hand of eleven and iron hand). The points are the engine's, after replaying the hand.

>>> import random
>>> item = bet_points(2, "paulista-2p", random.Random(2))
>>> item.answer in item.choices, item.rule.startswith("betting.")
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from ..bots.sentences import eleven_name
from ..engine.actions import action_str
from ..engine.options import Options, make_options
from ..engine.state import HandState, legal_codes, step
from ..engine.scenario import load_scenario
from .deals import random_deal, replay
from .model import QuizItem, team_label


def raise_name(opts: Options, value: int) -> str:
    """``'truco (3)'``, ``'seis (6)'``, ``'dez (10)'``...

    >>> raise_name(make_options("mineiro-2p"), 10), raise_name(make_options("paulista-2p"), 3)
    ('dez (10)', 'truco (3)')
    """
    i = opts.ladder.index(value)
    names = ("", "truco", "seis", "nove" if value == 9 else "dez" if value == 10 else "nove",
             "doze")
    return f"{names[i] if i < len(names) else 'raise'} ({value})"


def point_choices(answer: int, candidates: list[int], rng: random.Random) -> tuple[str, ...]:
    """Four distinct point choices (answer included), low to high."""
    pool = sorted({c for c in candidates if c != answer})
    picks = rng.sample(pool, min(3, len(pool))) + [answer]
    return tuple(_points(v) for v in sorted(set(picks)))


def _points(v: int) -> str:
    return "1 point" if v == 1 else f"{v} points"


def narrate(scenario: dict[str, Any]) -> str:
    """The betting of a scenario in words: ``'seat 0 calls truco (3), seat 1 accepts'``."""
    state, actions = load_scenario(scenario)
    opts = state.deal.opts
    words = []
    for a in actions:
        seat = state.to_act
        if a == "raise":
            base = state.stake if state.pending is None else state.pending[1]
            words.append(f"seat {seat} calls {raise_name(opts, state.deal.next_stake[base])}")
        elif a == "accept":
            words.append(f"seat {seat} accepts")
        elif a == "fold":
            words.append(f"seat {seat} runs (folds)")
        elif a == "onze:play":
            words.append(f"seat {seat} decides to play the {eleven_name(opts.eleven_at)}")
        elif a == "onze:fold":
            words.append(f"seat {seat} runs from the {eleven_name(opts.eleven_at)}")
        state = step(state, a)
    return ", ".join(words)


def bet_points(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """How many points a fold gives, or what the hand is worth after an accept."""
    opts = make_options(variant)
    raises = rng.randint(1, len(opts.ladder) - 1)
    end = rng.choice(("fold", "fold", "accept"))
    scenario = random_deal(opts, opts.seats - 1, (0, 0), rng, ["raise"] * raises + [end])
    state = replay(scenario)
    ladder = list(opts.ladder)
    words = narrate(scenario)
    n = opts.seats
    if end == "fold":
        team = state.winner
        value = state.points[team]
        rule = "betting.fold_pays"
        prompt = f"{words}. How many points does {team_label(team, n).lower()} score?"
        why = ("A fold pays the stake accepted before the refused raise, not the raise itself: "
               f"{_points(value)}.")
    else:
        value = state.stake
        rule = "betting.raise_answer" if raises > 1 else "betting.accept"
        prompt = f"{words}. What is the hand worth now?"
        why = (("Raising as an answer accepts the stake on the table and proposes the next one. "
                if raises > 1 else "") + f"The accepted value is the stake: {_points(value)}.")
    return QuizItem(
        "bet_points", seed, variant, prompt[0].upper() + prompt[1:],
        point_choices(value, ladder + [0], rng), _points(value), rule,
        f"The ladder is {'-'.join(map(str, ladder))}. {words}. {why}",
        {"table": opts.variant, "scenario": scenario, "vira": scenario["vira"]})


def _play_out(state: HandState, rng: random.Random) -> tuple[HandState, list[str]]:
    """Random legal card plays (no raises) to the end of the hand."""
    actions: list[str] = []
    while not state.over:
        codes = sorted(c for c in legal_codes(state) if c < 90)
        a = action_str(rng.choice(codes))
        actions.append(a)
        state = step(state, a)
    return state, actions


def eleven(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Points of a hand of eleven played or run from, and of the iron hand."""
    opts = make_options(variant)
    n = opts.seats
    at = opts.eleven_at
    form = rng.choice(("play", "fold", "iron"))
    team = rng.randrange(2)
    while True:
        if form == "iron":
            score = (at + rng.randrange(opts.target - at), at + rng.randrange(opts.target - at))
            first: list[str] = []
        else:
            low = rng.randrange(at)
            score = (at, low) if team == 0 else (low, at)
            first = ["onze:play" if form == "play" else "onze:fold"]
        scenario = random_deal(opts, n - 1, score, rng, first)
        state = replay(scenario)
        state, more = _play_out(state, rng)
        scenario["actions"] += more
        if state.winner >= 0:
            break  # a hand nobody wins (all tied, void iron hand) asks nothing: deal again
    state = replay(scenario)
    win = state.winner
    value = state.points[win]
    cand = [opts.ladder[0], opts.ladder[1], opts.eleven_fold, opts.eleven_value, opts.iron_value,
            opts.eleven_value * 2, opts.target]
    sc = f"The score is {score[0]}-{score[1]} (team 0 - team 1)"
    data: dict[str, Any] = {"table": opts.variant, "scenario": scenario, "vira": scenario["vira"],
                            "form": form}
    who = team_label(win, n).lower()
    name = f"a {eleven_name(at)} ({eleven_name(at, portuguese=True)})"
    if form == "iron":
        prompt = (f"{sc}: both teams are at {at} or more, so this is the iron hand (mão de "
                  f"ferro), played blind. {who.capitalize()} wins it. How many points does it "
                  "score?")
        rule, why = "iron.value", (f"The iron hand is worth {opts.iron_value} points, and no "
                                   "raise is allowed in it.")
    elif form == "fold":
        prompt = (f"{sc}: {name}. The team at {at} looks at its cards "
                  f"and decides to run (correr). How many points does {who} score?")
        rule, why = "eleven.fold", (f"Running from the {eleven_name(at)} gives the other team "
                                    f"{_points(opts.eleven_fold)}.")
    else:
        prompt = (f"{sc}: {name}. The team at {at} decides to play, "
                  f"and {who} wins the hand. How many points does {who} score?")
        rule, why = "eleven.play", (f"A {eleven_name(at)} that is played is worth "
                                    f"{_points(opts.eleven_value)} to whoever wins it; nobody "
                                    "may raise.")
    return QuizItem("eleven", seed, variant, prompt, point_choices(value, cand, rng),
                    _points(value), rule, f"{why} So {who} scores {_points(value)}.", data)
