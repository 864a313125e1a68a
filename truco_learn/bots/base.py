"""What every bot is: something that turns an observation into a :class:`Decision`.

A bot sees only an observation dict (PROTOCOL.md), never a state with hidden cards.

>>> import random
>>> from truco_learn.engine import new_hand, observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> d = RandomBot(seed=3).decide(observation(s, 0))
>>> d.action in ["play:3S", "play:4H", "play:QC", "raise"], sorted(d.explanation)
(True, ['options', 'samples', 'summary'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence

from ..engine.observer import determinize, observation, parse_observation
from ..engine.state import HandState, legal_actions


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's move and the explanation it rests on (PROTOCOL.md's ``explanation`` object:
    ``summary``, ``options`` [{action, ev, win}], ``samples``, plus any ``facts``)."""

    action: str
    explanation: dict[str, Any] = field(default_factory=dict)


class Bot(Protocol):
    name: str

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        """Choose a legal action for the observing seat."""
        ...


def watch_end(bots: Sequence[object] | Mapping[int, object], hand: HandState) -> None:
    """Show each bot that watches (has a ``watch(observation)`` method, as the coach does) the
    end of the finished ``hand`` from its seat (``bots[seat]``, a list or a dict by seat):
    what a player at the table sees after its own last turn. Bots of the JSON-lines protocol
    are asked only to act."""
    for watch, seen in watchers(bots, hand):
        watch(seen)


def watchers(bots: Sequence[object] | Mapping[int, object], hand: HandState
             ) -> list[tuple[Callable[[dict[str, Any]], object], dict[str, Any]]]:
    """Each bot of ``bots`` (by seat) that watches, as its ``watch`` method with the finished
    ``hand``'s observation from its seat (:func:`watch_end` calls them; the tables call them
    in their bots' worker)."""
    seated = bots.items() if isinstance(bots, Mapping) else enumerate(bots)
    return [(watch, observation(hand, seat)) for seat, bot in seated
            if (watch := getattr(bot, "watch", None)) is not None]


def legal_from_observation(observation: Mapping[str, Any]) -> list[str]:
    """The observing seat's legal actions (they never depend on the hidden cards)."""
    ob = parse_observation(observation)
    return legal_actions(determinize(ob, random.Random(0)))


class RandomBot:
    """Uniform over the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        legal = legal_from_observation(observation)
        action = self.rng.choice(legal)
        return Decision(action, {
            "summary": f"I picked {action} at random among {len(legal)} legal actions.",
            "options": [{"action": a, "ev": None, "win": None} for a in legal],
            "samples": 0,
        })
