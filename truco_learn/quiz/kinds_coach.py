"""The ``coach`` item kind: what should you do here? The coach's best move is the answer and
its explanation is the feedback.

The position comes from a seeded deal and a few moves of the heuristic bot; the coach (seeded
with the item's seed, so regrading gives the same answer) judges it. Positions where the best
move is not clearly better than the next one are skipped: a quiz answer must be unambiguous.

>>> import random
>>> item = coach(1, "paulista-2p", random.Random(1))
>>> item.answer in item.choices and item.rule.startswith("coach.")
True
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..bots import make_bot
from ..bots.sentences import eleven_name
from ..engine.cards import card_str, parse_card
from ..engine.observer import observation
from ..engine.options import make_options
from ..engine.state import HandState, legal_actions, step
from ..engine.scenario import load_scenario
from .deals import random_deal, replay
from .kinds_betting import raise_name
from .model import QuizItem, card_label

LEVEL = "normal"
MIN_GAP = 0.3  # expected points between the best move and the next
MAX_CHOICES = 4


def action_words(action: str, state: HandState) -> str:
    """A legal action in words, for the seat to act in ``state``."""
    kind, _, arg = action.partition(":")
    if kind == "play":
        return f"Play {card_label(_code(arg))}"
    if kind == "cover":
        return f"Cover {card_label(_code(arg))} (face down)"
    if kind == "blind":
        return f"Turn up card {int(arg) + 1}"
    if action == "raise":
        base = state.stake if state.pending is None else state.pending[1]
        return f"Call {raise_name(state.deal.opts, state.deal.next_stake[base])}"
    name = eleven_name(state.deal.opts.eleven_at)
    return {"accept": "Accept", "fold": "Run (fold)", "onze:play": f"Play the {name}",
            "onze:fold": f"Run from the {name}"}[action]


def _lower_first(words: str) -> str:
    """Lower-case only the first letter: card names keep their capitals (``play K♥``).

    >>> _lower_first("Play K♥")
    'play K♥'
    """
    return words[:1].lower() + words[1:]


def _code(card: str) -> int:
    return parse_card(card)


def history(scenario: dict[str, Any], me: int) -> str:
    """What happened so far, as ``me`` saw it, trick by trick (others' covered cards hidden)."""
    state, actions = load_scenario(scenario)
    words: list[str] = []
    for a in actions:
        seat = state.to_act
        who = "you" if seat == me else f"seat {seat}"
        kind, _, arg = a.partition(":")
        if a == "raise":
            base = state.stake if state.pending is None else state.pending[1]
            words.append(f"{who} called {raise_name(state.deal.opts, state.deal.next_stake[base])}")
        elif kind in ("play", "blind"):
            after = step(state, a)
            card = (after.tricks[-1].plays[-1] if len(after.tricks) > len(state.tricks)
                    else after.cur[-1])[1]
            words.append(f"{who} played {card_label(card)}")
        elif kind == "cover":
            words.append(f"{who} covered " + (card_label(_code(arg)) if seat == me else "a card"))
        else:
            name = eleven_name(state.deal.opts.eleven_at)
            words.append(f"{who} " + {"accept": "accepted", "fold": "ran",
                                      "onze:play": f"chose to play the {name}",
                                      "onze:fold": f"ran from the {name}"}[a])
        before = len(state.tricks)
        state = step(state, a)
        if len(state.tricks) > before:
            t = state.tricks[-1]
            us = "you" if state.deal.opts.seats == 2 else "your team"
            res = "tied" if t.result < 0 else f"{us} took it" if t.result == me % 2 else (
                "they took it")
            words.append(f"(trick {len(state.tricks)} over: {res})")
    text = "; ".join(words).replace("; (trick", " (trick")
    return text if text else "nothing yet: you act first"


def _position(opts: Any, rng: random.Random) -> tuple[dict[str, Any], HandState]:
    helper = make_bot("heuristic", seed=rng.randrange(2 ** 31))
    while True:
        score = (rng.randrange(opts.eleven_at), rng.randrange(opts.eleven_at))
        sc = random_deal(opts, rng.randrange(opts.seats), score, rng)
        s = replay(sc)
        for _ in range(rng.randrange(6)):
            a = helper.decide(observation(s, s.to_act)).action
            s = step(s, a)
            sc["actions"].append(a)
            if s.over:
                break
        if not s.over and len(legal_actions(s)) >= 2:
            return sc, s


def coach(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """What should you do here: the coach's best move, when it is clearly the best."""
    opts = make_options(variant)
    while True:
        scenario, state = _position(opts, rng)
        obs = observation(state, state.to_act)
        # a fresh coach per position: it learns about the other team during a game, and these
        # positions are not one game
        decision = make_bot("coach", LEVEL, seed).decide(obs)
        options = decision.explanation["options"]
        facts = decision.explanation.get("facts", {}).get("decision", {})
        if facts.get("bluff") or facts.get("best", decision.action) != decision.action:
            continue
        first, second = options[0], options[1]
        noise = math.hypot(first.get("se", 0.0), second.get("se", 0.0))
        if first["action"] == decision.action and first["ev"] - second["ev"] >= max(
                MIN_GAP, 2 * noise):
            break
    shown = [o["action"] for o in options[:MAX_CHOICES]]
    shown = sorted(shown, key=lambda a: legal_actions(state).index(a))
    words = {a: action_words(a, state) for a in shown}
    you = obs["seat"]
    hand = [card_str(c) for c in state.left[you]] if obs["hand"] is not None else []
    evs = ", ".join(f"{_lower_first(words[o['action']])} {o['ev']:+.2f}" for o in options
                    if o["action"] in words)
    kind = facts.get("kind", "play")
    return QuizItem(
        "coach", seed, variant,
        f"Playing {opts.variant}, you are seat {you} (team {you % 2}); the score is "
        f"{obs['score'][0]}-{obs['score'][1]} and the hand is worth {state.stake}. "
        + (f"The vira is {card_label(_code(obs['vira']))}. " if obs["vira"] else "")
        + f"So far: {history(scenario, you)}. Your cards: "
        + (", ".join(card_label(_code(c)) for c in hand) if hand else "unseen (iron hand)") + "."
        " What should you do?",
        tuple(words[a] for a in shown), words[decision.action], f"coach.{kind}",
        f"{decision.explanation['summary']} Expected points (coach, "
        f"{decision.explanation.get('samples', 0)} sampled deals): {evs}.",
        {"table": opts.variant, "scenario": scenario, "vira": obs["vira"], "cards": hand,
         "observation": obs, "level": LEVEL, "coach_action": decision.action})
