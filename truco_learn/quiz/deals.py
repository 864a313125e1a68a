"""Build a replayable hand from planned tricks, and replay it through the engine.

Quiz items are built from a plan (which cards land in each trick), then the plan is turned into
a PROTOCOL.md replay scenario and replayed by the engine: every answer is read from the engine's
state, never from the plan.

>>> import random
>>> from truco_learn.engine import make_options, parse_card
>>> opts = make_options("paulista-2p")
>>> c = parse_card
>>> sc = plan_scenario(opts, dealer=1, vira=c("7D"), score=(0, 0),
...                    tricks=[[(c("3S"), True), (c("3H"), True)], [(c("QC"), True), (c("2H"), True)]],
...                    rng=random.Random(1))
>>> s = replay(sc)
>>> [t.result for t in s.tricks], s.winner
([-1, 0], 0)
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..engine.cards import DECK, card_str, strength_table
from ..engine.options import Options
from ..engine.scenario import load_scenario
from ..engine.state import HandState, step
from ..engine.tricks import trick_outcome

Plays = Sequence[tuple[int, bool]]  # (card, face_up) in play order from the trick's leader


def plan_scenario(opts: Options, dealer: int, vira: int | None, score: Sequence[int],
                  tricks: Sequence[Plays], rng: random.Random,
                  before: dict[int, list[str]] | None = None) -> dict[str, Any]:
    """A replay scenario (PROTOCOL.md) in which ``tricks`` are played in order.

    Seats are assigned from each trick's leader; cards not planned are dealt from the rest of
    the deck with ``rng``. ``before[k]`` are betting actions made before trick ``k``'s first card.
    """
    n = opts.seats
    strength = strength_table(opts.manilhas, vira)
    held: list[list[int]] = [[] for _ in range(n)]
    actions: list[str] = []
    leader = (dealer + 1) % n
    for k, plays in enumerate(tricks):
        actions.extend((before or {}).get(k, []))
        seated = []
        for i, (card, up) in enumerate(plays):
            seat = (leader + i) % n
            held[seat].append(card)
            seated.append((seat, card, up))
            actions.append(("play:" if up else "cover:") + card_str(card))
        _, leader = trick_outcome(strength, seated, leader, opts.lead_after_tie)
    used = {c for h in held for c in h} | ({vira} if vira is not None else set())
    pool = [c for c in DECK if c not in used]
    rng.shuffle(pool)
    for h in held:
        while len(h) < 3:
            h.append(pool.pop())
    return {"variant": opts.variant, "options": opts.overrides(), "dealer": dealer,
            "score": list(score), "vira": None if vira is None else card_str(vira),
            "hands": [[card_str(c) for c in h] for h in held], "actions": actions}


def random_deal(opts: Options, dealer: int, score: Sequence[int], rng: random.Random,
                actions: Sequence[str] = ()) -> dict[str, Any]:
    """A scenario with a random deal (from ``rng``) and the given actions."""
    deck = list(DECK)
    rng.shuffle(deck)
    n = opts.seats
    hands = [deck[3 * s:3 * s + 3] for s in range(n)]
    vira = deck[3 * n] if opts.manilhas == "vira" else None
    return {"variant": opts.variant, "options": opts.overrides(), "dealer": dealer,
            "score": list(score), "vira": None if vira is None else card_str(vira),
            "hands": [[card_str(c) for c in h] for h in hands], "actions": list(actions)}


def replay(scenario: dict[str, Any]) -> HandState:
    """Replay a scenario through the engine (raises a TrucoError if any action is illegal)."""
    state, actions = load_scenario(scenario)
    for a in actions:
        state = step(state, a)
    return state
