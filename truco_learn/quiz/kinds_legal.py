"""The ``legal`` item kind: is this action legal now, and if not, which rule forbids it.

Each form builds a real state with the engine; whether the action is legal is the engine's
``legal_actions``; the reason is the rule the form was built to show, and the tests check the
state really has that property.

>>> import random
>>> item = legal(4, "paulista-2p", random.Random(4))
>>> item.answer in item.choices and item.choices[0] == YES
True
"""

from __future__ import annotations

import random
from typing import Any

from ..bots.sentences import eleven_name
from ..engine.cards import card_str, parse_card
from ..engine.options import Options, make_options
from ..engine.state import NORMAL, HandState, legal_actions, step
from .deals import random_deal, replay
from .kinds_betting import narrate, raise_name
from .model import QuizItem, card_label

YES = "Yes, it is legal"
REASONS: dict[str, str] = {
    "betting.alternate": "No: that team made the last raise, raises alternate",
    "betting.top": "No: the stake is already at the top of the ladder",
    "betting.pointless": "No: accepting alone would already win that team the game",
    "betting.answer_first": "No: the raise must be answered first",
    "eleven.no_raise": "No: nobody raises in a hand of eleven",
    "iron.no_raise": "No: nobody raises in the iron hand",
    "covered.first_trick": "No: a card cannot be covered in the first trick",
    "covered.variant": "No: this table plays without covered cards",
}


def reasons(opts: Options) -> dict[str, str]:
    """The answers naming a rule, worded for this table (Mineiro's hand of ten by its name).

    >>> reasons(make_options("mineiro-2p"))["eleven.no_raise"]
    'No: nobody raises in a hand of ten'
    """
    return {**REASONS, "eleven.no_raise": f"No: nobody raises in a {eleven_name(opts.eleven_at)}"}


# form -> (rule, legal?)
FORMS: dict[str, tuple[str, bool]] = {
    "raise_ok": ("betting.alternate", True),
    "answer_raise": ("betting.raise_answer", True),
    "alternate": ("betting.alternate", False),
    "top": ("betting.top", False),
    "pointless": ("betting.pointless", False),
    "answer_first": ("betting.answer_first", False),
    "eleven_raise": ("eleven.no_raise", False),
    "iron_raise": ("iron.no_raise", False),
    "cover_first": ("covered.first_trick", False),
    "cover_ok": ("covered.first_trick", True),
    "cover_variant": ("covered.variant", False),
}


LEGAL_WHY = {
    "raise_ok": "It is legal: nobody has raised in this hand yet, so the player to act may call "
                "truco before playing a card.",
    "answer_raise": "It is legal: raising is one of the three answers to a raise; it accepts "
                    "the raise and proposes the next step of the ladder.",
    "cover_ok": "It is legal: from the second trick on, a card may be played face down "
                "(covered) at this table. It counts for nothing in the trick.",
}

#: topic -> reasons its questions name (the choices come from the topic's reasons)
TOPIC_RULES: dict[str, tuple[str, ...]] = {
    "betting": ("betting.alternate", "betting.top", "betting.pointless", "betting.answer_first"),
    "eleven": ("eleven.no_raise", "iron.no_raise", "betting.alternate", "betting.top"),
    "covered": ("covered.first_trick", "covered.variant", "betting.answer_first",
                "betting.alternate"),
}


def forms_for(opts: Options, topic: str = "betting") -> list[str]:
    """The forms of a topic (``betting``, ``eleven``, ``covered``) these rules allow.

    >>> forms_for(make_options("paulista-2p"))[:3]
    ['raise_ok', 'answer_raise', 'alternate']
    >>> forms_for(make_options("paulista-4p"), "covered")
    ['cover_first', 'cover_ok']
    """
    out: list[str] = []
    if topic == "betting":
        out = ["raise_ok", "answer_raise", "alternate", "top", "answer_first"]
        if opts.no_pointless_raise and _pointless_score(opts) is not None:
            out.append("pointless")
    elif topic == "eleven":
        out = (["eleven_raise"] if opts.eleven else []) + (["iron_raise"] if opts.iron else [])
        out = out or ["alternate"]
    else:
        out = ["cover_first", "cover_ok"] if opts.covered_cards else ["cover_variant"]
    return out


def _pointless_score(opts: Options) -> int | None:
    """A score below the hand of eleven from which accepting a truco reaches the target."""
    fits = [s for s in range(opts.eleven_at) if s + opts.ladder[1] >= opts.target]
    return fits[0] if fits else None


def _after_first_trick(opts: Options, rng: random.Random) -> dict[str, Any]:
    """A random deal whose first trick someone won (the hand goes on)."""
    while True:
        sc = random_deal(opts, opts.seats - 1, (0, 0), rng)
        state = replay(sc)
        for seat in range(opts.seats):
            sc["actions"].append("play:" + card_str(state.left[state.to_act][0]))
            state = step(state, sc["actions"][-1])
        if state.tricks[0].result >= 0:
            return sc


def _build(form: str, opts: Options, rng: random.Random) -> tuple[dict[str, Any], str]:
    n = opts.seats
    top_raises = len(opts.ladder) - 1
    if form == "raise_ok":
        return random_deal(opts, n - 1, (0, 0), rng), "raise"
    if form == "answer_raise":
        return random_deal(opts, n - 1, (0, 0), rng, ["raise"]), "raise"
    if form == "alternate":
        return random_deal(opts, n - 1, (0, 0), rng, ["raise", "accept"]), "raise"
    if form == "top":
        return random_deal(opts, n - 1, (0, 0), rng, ["raise"] * top_raises + ["accept"]), "raise"
    if form == "pointless":
        s = _pointless_score(opts)
        assert s is not None
        return random_deal(opts, n - 1, (rng.randrange(s), s), rng, ["raise"]), "raise"
    if form == "answer_first":
        sc = random_deal(opts, n - 1, (0, 0), rng, ["raise"])
        return sc, "play:" + sc["hands"][1][rng.randrange(3)]
    if form == "eleven_raise":
        team = rng.randrange(2)
        low = rng.randrange(opts.eleven_at)
        score = (opts.eleven_at, low) if team == 0 else (low, opts.eleven_at)
        return random_deal(opts, n - 1, score, rng, ["onze:play"]), "raise"
    if form == "iron_raise":
        return random_deal(opts, n - 1, (opts.eleven_at, opts.eleven_at), rng), "raise"
    if form == "cover_first":
        sc = random_deal(opts, n - 1, (0, 0), rng)
        return sc, "cover:" + sc["hands"][0][rng.randrange(3)]
    sc = _after_first_trick(opts, rng)
    state = replay(sc)
    return sc, "cover:" + card_str(rng.choice(state.left[state.to_act]))


def _situation(scenario: dict[str, Any], state: HandState, opts: Options) -> str:
    d = state.deal
    parts = [f"Playing {opts.variant} ({'-'.join(map(str, opts.ladder))}), score "
             f"{d.score[0]}-{d.score[1]}."]
    bets = narrate(scenario)
    if bets:
        parts.append(f"So far: {bets}.")
    if state.tricks:
        parts.append(f"The first trick is over (taken by team {state.tricks[0].result}).")
    return " ".join(parts)


def _ask(action: str, state: HandState, opts: Options) -> str:
    seat = state.to_act
    if action == "raise":
        base = state.stake if state.pending is None else state.pending[1]
        nxt = state.deal.next_stake.get(base)
        what = f"call {raise_name(opts, nxt)}" if nxt is not None else "raise"
        if state.deal.mode != NORMAL:  # the stake is the hand's fixed value: just "truco"
            what = "call truco (raise the stake)"
        return f"May seat {seat} {what} now?"
    if action.startswith("cover:"):
        return f"May seat {seat} cover (play face down) its {card_label(parse_card(action[6:]))} now?"
    return f"May seat {seat} play its {card_label(parse_card(action[5:]))} now?"


def _legal_item(kind: str, topic: str, seed: int, variant: str,
                rng: random.Random) -> QuizItem:
    opts = make_options(variant)
    form = rng.choice(forms_for(opts, topic))
    rule, _ = FORMS[form]
    scenario, action = _build(form, opts, rng)
    state = replay(scenario)
    legal_now = action in legal_actions(state)  # the engine decides; the form only names why
    named = reasons(opts)
    answer = YES if legal_now else named[rule]
    others = [named[r] for r in TOPIC_RULES[topic] if r in named and named[r] != answer]
    picks = rng.sample(others, min(len(others), 3 if answer == YES else 2))
    choices = [YES] + sorted(picks + ([] if answer == YES else [answer]))
    explanation = (LEGAL_WHY.get(form, "It is legal now.") if legal_now
                   else f"{named[rule][4:].capitalize()}.")
    return QuizItem(kind, seed, variant,
                    f"{_situation(scenario, state, opts)} {_ask(action, state, opts)}",
                    tuple(choices), answer, rule, explanation,
                    {"table": opts.variant, "scenario": scenario, "vira": scenario["vira"],
                     "action": action, "form": form, "seat": state.to_act})


def legal(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Betting: is this raise, answer or card legal now, and why not."""
    return _legal_item("legal", "betting", seed, variant, rng)


def eleven_legal(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """May anyone raise in a hand of eleven or the iron hand."""
    return _legal_item("eleven_legal", "eleven", seed, variant, rng)


def cover_legal(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """May this card be covered now (the encoberta)."""
    return _legal_item("cover_legal", "covered", seed, variant, rng)
