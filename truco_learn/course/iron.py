"""Lesson 5's blind iron hand: the learner (seat 0, Ana) against Bruno, both on 11 points.

Nobody sees their cards. On her turn the learner picks which of her face-down cards to turn up
(the option ``iron_choice = "any"``); Bruno picks one at random from the injected RNG (blind,
every choice is as good as another).

>>> import random
>>> rng = random.Random(4)
>>> s = iron_start(rng)
>>> s.deal.mode == IRON and s.to_act == LEARNER and iron_choices(s)
[0, 1, 2]
>>> while not s.over:
...     s = iron_play(s, 0, rng)
>>> s.over and (s.redeal or s.winner in (0, 1))
True
"""

from __future__ import annotations

import random

from ..engine.actions import BLIND
from ..engine.match import deal_hand
from ..engine.options import Options, make_options
from ..engine.state import IRON, HandState, apply_legal, legal_codes, new_hand, step
from ..errors import IllegalActionError
from ..i18n import _, ngettext
from .scripted import narrate

LEARNER = 0
IRON_OPTIONS: Options = make_options("paulista-2p", {"iron_choice": "any"})


def _opponents(state: HandState, rng: random.Random) -> HandState:
    while not state.over and state.to_act != LEARNER:
        state = apply_legal(state, rng.choice(legal_codes(state)))
    return state


def iron_start(rng: random.Random, dealer: int | None = None) -> HandState:
    """Deal an iron hand at 11-11 and let Bruno play until it is the learner's turn."""
    if dealer is None:
        dealer = rng.randrange(2)
    at = IRON_OPTIONS.eleven_at
    return _opponents(deal_hand(IRON_OPTIONS, dealer, (at, at), rng), rng)


def iron_choices(state: HandState) -> list[int]:
    """The positions the learner may turn up now (empty when it is not her turn)."""
    if state.over or state.to_act != LEARNER:
        return []
    return [code - BLIND for code in sorted(legal_codes(state))]


def iron_play(state: HandState, position: int, rng: random.Random) -> HandState:
    """The learner turns up the card at ``position`` of her remaining cards, then Bruno plays
    until it is her turn again or the hand is over. Raises IllegalActionError otherwise."""
    if position not in iron_choices(state):
        raise IllegalActionError(f"you cannot turn up card {position!r} now (choices: "
                                 f"{iron_choices(state) or 'none: the hand is over'})")
    return _opponents(step(state, BLIND + position), rng)


def iron_story(state: HandState) -> list[str]:
    """A sentence for every action so far, replayed from the deal."""
    s = _replay_start(state)
    lines = []
    for _, code in state.log:
        nxt = apply_legal(s, code)
        lines.append(narrate(s, nxt))
        s = nxt
    return lines


def _replay_start(state: HandState) -> HandState:
    d = state.deal
    return new_hand(d.opts, d.dealer, d.hands, d.vira, d.score)


def iron_summary(state: HandState) -> str:
    """One line about the hand for the learner.

    >>> s = iron_start(random.Random(1))
    >>> iron_summary(s).startswith("Iron hand at 11-11")
    True
    """
    if not state.over:
        at = state.deal.score
        n = len(state.left[LEARNER])
        head = _("Iron hand at {mine}-{theirs}: nobody looks at their cards, and no "
                 "truco.").format(mine=at[0], theirs=at[1])
        # Translators: the singular is said of the last card, and may drop {n}
        pick = ngettext("Turn up your last face-down card (as at four-seat tables; heads-up "
                        "tables flip your top card).",
                        "Pick one of your {n} face-down cards to turn up (as at four-seat "
                        "tables; heads-up tables flip your top card).", n).format(n=n)
        return f"{head} {pick}"
    if state.redeal:
        return _("All three tricks tied: the iron hand is void and dealt again.")
    pts = state.points[state.winner]
    if state.winner == LEARNER:
        return ngettext("You win the iron hand: {n} points, and the game!",
                        "You win the iron hand: {n} points, and the game!", pts).format(n=pts)
    return ngettext("Bruno wins the iron hand: {n} points, and the game. It was pure luck: "
                    "deal again!",
                    "Bruno wins the iron hand: {n} points, and the game. It was pure luck: "
                    "deal again!", pts).format(n=pts)


__all__ = ["IRON", "IRON_OPTIONS", "LEARNER", "iron_choices", "iron_play", "iron_start",
           "iron_story", "iron_summary"]
