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

import json
import math
import random
from collections import OrderedDict
from typing import Any

from ..bots import make_bot
from ..bots.coach_words import signed as coach_signed
from ..bots.review_sentences import to_learner
from ..play.menu import player
from ..course.tables import table_label
from ..i18n import _
from ..i18n.numbers import points
from ..engine.cards import card_str, parse_card
from ..engine.observer import observation
from ..engine.options import make_options
from ..engine.state import HandState, legal_actions, step
from ..engine.scenario import load_scenario
from .deals import random_deal, replay
from .kinds_betting import eleven_words, raise_name
from .model import QuizItem, card_label

LEVEL = "normal"
MIN_GAP = 0.3  # expected points between the best move and the next
MAX_CHOICES = 4


def action_words(action: str, state: HandState) -> str:
    """A legal action in words, for the seat to act in ``state``."""
    kind, _sep, arg = action.partition(":")
    if kind == "play":
        return _("Play {card}").format(card=card_label(_code(arg)))
    if kind == "cover":
        return _("Cover {card} (face down)").format(card=card_label(_code(arg)))
    if kind == "blind":
        return _("Turn up card {n}").format(n=int(arg) + 1)
    if action == "raise":
        base = state.stake if state.pending is None else state.pending[1]
        return _("Call {call}").format(
            call=raise_name(state.deal.opts, state.deal.next_stake[base]))
    if action == "accept":
        return _("Accept")
    if action == "fold":
        return _("Run (fold)")
    name = eleven_words(state.deal.opts.eleven_at)
    return {"onze:play": _("Play the {hand}"), "onze:fold": _("Run from the {hand}")}[
        action].format(hand=name)


def signed(x: float) -> str:
    """Expected points, always signed, with a real minus sign, in the current language, and
    rounded as the coach's sentence beside them rounds them (:func:`.coach_words.signed`).

    >>> signed(0.47), signed(-0.386), signed(0), signed(6.525)
    ('+0.47', '−0.39', '+0.00', '+6.53')
    """
    return coach_signed(x)


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
        who = player(seat, me, state.deal.opts.seats)
        kind, _sep, arg = a.partition(":")
        if a == "raise":
            base = state.stake if state.pending is None else state.pending[1]
            words.append(_("{who} called {call}").format(
                who=who, call=raise_name(state.deal.opts, state.deal.next_stake[base])))
        elif kind in ("play", "blind"):
            after = step(state, a)
            card = (after.tricks[-1].plays[-1] if len(after.tricks) > len(state.tricks)
                    else after.cur[-1])[1]
            words.append(_("{who} played {card}").format(who=who, card=card_label(card)))
        elif kind == "cover" and seat == me:
            words.append(_("{who} covered {card}").format(who=who, card=card_label(_code(arg))))
        elif kind == "cover":
            words.append(_("{who} covered a card").format(who=who))
        else:
            name = eleven_words(state.deal.opts.eleven_at)
            words.append({"accept": _("{who} accepted"), "fold": _("{who} ran"),
                          "onze:play": _("{who} chose to play the {hand}"),
                          "onze:fold": _("{who} ran from the {hand}")}[a].format(
                              who=who, hand=name))
        before = len(state.tricks)
        state = step(state, a)
        if len(state.tricks) > before:
            t, k = state.tricks[-1], len(state.tricks)
            if t.result < 0:
                note = _("(trick {k} over: tied)")
            elif t.result != me % 2:
                note = _("(trick {k} over: they took it)")
            elif state.deal.opts.seats == 2:
                note = _("(trick {k} over: you took it)")
            else:
                note = _("(trick {k} over: your team took it)")
            words[-1] += " " + note.format(k=k)
    text = "; ".join(words)
    return text if text else _("nothing yet: you act first")


_DECISIONS: OrderedDict[tuple[int, str], Any] = OrderedDict()
_DECISIONS_KEPT = 256


def coach_decision(seed: int, obs: dict[str, Any]) -> Any:
    """The coach's decision at ``obs`` (a fresh coach seeded with ``seed``: a pure function of
    both), kept for the next call: the same item rebuilt in another language asks the coach
    once. Its words are made again from its facts (:func:`~truco_learn.bots.sentences.summarize`)
    in the language of the item."""
    key = (seed, json.dumps(obs, sort_keys=True, default=str))
    decision = _DECISIONS.get(key)
    if decision is None:
        # a fresh coach per position: it learns about the other team during a game, and these
        # positions are not one game
        decision = make_bot("coach", LEVEL, seed).decide(obs)
        _DECISIONS[key] = decision
        if len(_DECISIONS) > _DECISIONS_KEPT:
            _DECISIONS.popitem(last=False)
    else:
        _DECISIONS.move_to_end(key)
    return decision


def _position(opts: Any, rng: random.Random) -> tuple[dict[str, Any], HandState]:
    helper = make_bot("heuristic", seed=rng.randrange(2 ** 31))
    while True:
        score = (rng.randrange(opts.eleven_at), rng.randrange(opts.eleven_at))
        sc = random_deal(opts, rng.randrange(opts.seats), score, rng)
        s = replay(sc)
        for _move in range(rng.randrange(6)):
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
        decision = coach_decision(seed, obs)
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
    # Translators: one option and its expected points, "accept +0,47"
    evs = ", ".join(_("{move} {ev}").format(move=_lower_first(words[o["action"]]),
                                            ev=signed(o["ev"])) for o in options
                    if o["action"] in words)
    kind = facts.get("kind", "play")
    mine, theirs = obs["score"][you % 2], obs["score"][1 - you % 2]
    if opts.seats == 2:
        score = _("you have {mine}, your opponent {theirs}")
        intro = _("At a {table} table; {score}, and the hand is worth {stake}.")
    else:
        score = _("your team has {mine}, theirs {theirs}")
        intro = _("At a {table} table, you play with your partner opposite you; {score}, and "
                  "the hand is worth {stake}.")
    parts = [intro.format(table=table_label(opts.variant), stake=state.stake,
                          score=score.format(mine=points(mine), theirs=points(theirs)))]
    if obs["vira"]:
        parts.append(_("The vira is {vira}.").format(vira=card_label(_code(obs["vira"]))))
    parts.append(_("So far: {story}.").format(story=history(scenario, you)))
    if hand:
        parts.append(_("Your cards: {cards}.").format(
            cards=", ".join(card_label(_code(c)) for c in hand)))
    else:
        parts.append(_("Your cards: unseen (iron hand)."))
    parts.append(_("What should you do?"))
    return QuizItem(
        "coach", seed, variant, " ".join(parts),
        tuple(words[a] for a in shown), words[decision.action], f"coach.{kind}",
        _("{summary} Expected points (coach, {samples} sampled deals): {options}.").format(
            summary=to_learner(decision.explanation),
            samples=decision.explanation.get("samples", 0), options=evs),
        {"table": opts.variant, "scenario": scenario, "vira": obs["vira"], "cards": hand,
         "observation": obs, "level": LEVEL, "coach_action": decision.action})
