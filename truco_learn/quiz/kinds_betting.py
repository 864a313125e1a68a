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
from ..i18n import _, ngettext
from ..i18n.numbers import points as _points
from .deals import random_deal, replay
from .model import QuizItem, seat_label, team_label


def eleven_words(at: int) -> str:
    """The hand a team plays alone at ``at`` points: ``'hand of eleven'`` (Paulista),
    ``'hand of ten'`` (Mineiro), in the current language.

    >>> eleven_words(11), eleven_words(10)
    ('hand of eleven', 'hand of ten')
    """
    if at == 10:
        return _("hand of ten")
    if at == 11:
        return _("hand of eleven")
    return _("hand of {n}").format(n=at)


def eleven_intro(at: int) -> str:
    """The hand of eleven introduced with its Portuguese name (in English; in Portuguese the
    name alone).

    >>> eleven_intro(11), eleven_intro(10)
    ('a hand of eleven (mão de onze)', 'a hand of ten (mão de dez)')
    """
    if at == 11:
        return _("a hand of eleven (mão de onze)")
    if at == 10:
        return _("a hand of ten (mão de dez)")
    return _("a {hand} ({portuguese})").format(hand=eleven_words(at),
                                               portuguese=eleven_name(at, portuguese=True))


def raise_name(opts: Options, value: int) -> str:
    """``'truco (3)'``, ``'seis (6)'``, ``'dez (10)'``...

    >>> raise_name(make_options("mineiro-2p"), 10), raise_name(make_options("paulista-2p"), 3)
    ('dez (10)', 'truco (3)')
    """
    i = opts.ladder.index(value)
    names = ("", "truco", "seis", "nove" if value == 9 else "dez" if value == 10 else "nove",
             "doze")
    # the calls are Portuguese words in every language
    name = names[i] if i < len(names) else _("raise")
    return f"{name} ({value})"


def point_choices(answer: int, candidates: list[int], rng: random.Random) -> tuple[str, ...]:
    """Four distinct point choices (answer included), low to high."""
    pool = sorted({c for c in candidates if c != answer})
    picks = rng.sample(pool, min(3, len(pool))) + [answer]
    return tuple(_points(v) for v in sorted(set(picks)))


def narrate(scenario: dict[str, Any]) -> str:
    """The betting of a scenario in words: ``'Ana calls truco (3), Bruno accepts'``."""
    state, actions = load_scenario(scenario)
    opts = state.deal.opts
    words = []
    for a in actions:
        who = seat_label(state.to_act)
        if a == "raise":
            base = state.stake if state.pending is None else state.pending[1]
            words.append(_("{who} calls {call}").format(
                who=who, call=raise_name(opts, state.deal.next_stake[base])))
        elif a == "accept":
            words.append(_("{who} accepts").format(who=who))
        elif a == "fold":
            words.append(_("{who} runs (folds)").format(who=who))
        elif a == "onze:play":
            words.append(_("{who} decides to play the {hand}").format(
                who=who, hand=eleven_words(opts.eleven_at)))
        elif a == "onze:fold":
            words.append(_("{who} runs from the {hand}").format(
                who=who, hand=eleven_words(opts.eleven_at)))
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
        if n == 4:
            prompt = _("{story}. How many points do {team} score?")
        else:
            prompt = _("{story}. How many points does {team} score?")
        prompt = prompt.format(story=words, team=team_label(team, n))
        why = _("A fold pays the stake accepted before the refused raise, not the raise itself: "
                "{points}.").format(points=_points(value))
    else:
        value = state.stake
        rule = "betting.raise_answer" if raises > 1 else "betting.accept"
        prompt = _("{story}. What is the hand worth now?").format(story=words)
        if raises > 1:
            why = _("Raising as an answer accepts the value just proposed and proposes the "
                    "next one. The last value accepted is the stake: {points}.").format(
                        points=_points(value))
        else:
            why = _("The accepted value is the stake: {points}.").format(points=_points(value))
    return QuizItem(
        "bet_points", seed, variant, prompt[0].upper() + prompt[1:],
        point_choices(value, ladder + [0], rng), _points(value), rule,
        _("The ladder is {ladder}. {story}. {why}").format(
            ladder="-".join(map(str, ladder)), story=words, why=why),
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
    sc = _("The score is {team_a} {score_a}, {team_b} {score_b}").format(
        team_a=team_label(0, n), score_a=score[0], team_b=team_label(1, n), score_b=score[1])
    data: dict[str, Any] = {"table": opts.variant, "scenario": scenario, "vira": scenario["vira"],
                            "form": form}
    who = team_label(win, n)
    four = n == 4  # "Ana and Carla score", "Ana scores": one message per case
    name = eleven_intro(at)
    if form == "iron":
        prompt = (_("{score}: both teams are at {at} or more, so this is the iron hand (mão de "
                    "ferro), played blind. {team} win it. How many points does it score?")
                  if four else
                  _("{score}: both teams are at {at} or more, so this is the iron hand (mão de "
                    "ferro), played blind. {team} wins it. How many points does it score?"))
        rule, why = "iron.value", ngettext(
            "The iron hand is worth {n} point, and no raise is allowed in it.",
            "The iron hand is worth {n} points, and no raise is allowed in it.",
            opts.iron_value).format(n=opts.iron_value)
    elif form == "fold":
        prompt = (_("{score}: {hand}. The team at {at} looks at its cards and decides to run "
                    "(correr). How many points do {team} score?") if four else
                  _("{score}: {hand}. The team at {at} looks at its cards and decides to run "
                    "(correr). How many points does {team} score?"))
        rule, why = "eleven.fold", _("Running from the {hand} gives the other team "
                                     "{points}.").format(hand=eleven_words(at),
                                                         points=_points(opts.eleven_fold))
    else:
        prompt = (_("{score}: {hand}. The team at {at} decides to play, and {team} win the "
                    "hand. How many points do {team} score?") if four else
                  _("{score}: {hand}. The team at {at} decides to play, and {team} wins the "
                    "hand. How many points does {team} score?"))
        rule, why = "eleven.play", _("A {hand} that is played is worth {points} to whoever "
                                     "wins it; nobody may raise.").format(
                                         hand=eleven_words(at), points=_points(opts.eleven_value))
    prompt = prompt.format(score=sc, at=at, team=who, hand=name)
    so = (_("{why} So {team} score {points}.") if four else
          _("{why} So {team} scores {points}."))
    return QuizItem("eleven", seed, variant, prompt, point_choices(value, cand, rng),
                    _points(value), rule, so.format(why=why, team=who, points=_points(value)),
                    data)
