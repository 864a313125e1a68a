"""A hand replayer's logic: step through a finished hand move by move, like a chess analysis
board, and export any position as a PROTOCOL.md scenario (``truco-learn replay`` input).

A :class:`HandRecord` is what a finished hand leaves behind (rules, dealer, score, the dealt
cards, the vira and the log); a :class:`ReplayBoard` walks through it. Every position is
rebuilt by the engine, so a record that holds an illegal move is refused with its reason.

>>> from truco_learn.engine import new_hand, step
>>> from truco_learn.engine.cards import card_str
>>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> for a in ["raise", "accept", "play:QC", "play:2H", "play:3S", "play:KD"]:
...     h = step(h, a)
>>> board = ReplayBoard(HandRecord.from_hand(h), seat=0, names=("You", "Coach"))
>>> board.last(); board.ply, board.state.over
(6, True)
>>> board.first(); board.forward(); board.ply, board.moves()[0].text
(1, 'You call truco (3 points).')
>>> board.scenario()["actions"]
['raise']
>>> [[card_str(c) for c in h] for h in board.visible_hands()]  # the hand is over: all shown
[['QC', '3S', '4H'], ['2H', '5C', 'KD']]
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Sequence

from ..engine.actions import ACTION_STR
from ..engine.cards import card_str
from ..engine.observer import HiddenCards, parse_observation, rebuild_hand
from ..engine.options import Options
from ..engine.scenario import load_scenario, state_report
from ..engine.state import HandState, new_hand, step
from ..errors import ScenarioError
from .session import describe_action, seat_names

__all__ = ["HandRecord", "MoveLine", "ReplayBoard", "position_scenario", "board_from_observation"]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A hand as dealt and played: enough to rebuild every position of it."""

    opts: Options
    dealer: int
    score: tuple[int, int]
    hands: tuple[tuple[int, ...], ...]
    vira: int | None
    log: tuple[tuple[int, int], ...]  # (seat, action code), as HandState.log

    @classmethod
    def from_hand(cls, hand: HandState) -> "HandRecord":
        """The record of a hand (finished or not) from its last state."""
        d = hand.deal
        return cls(d.opts, d.dealer, d.score, d.hands, d.vira, hand.log)

    @classmethod
    def from_scenario(cls, data: Any) -> "HandRecord":
        """A record from a PROTOCOL.md scenario object (or its JSON text); raise a TrucoError
        (ScenarioError, IllegalActionError, ...) naming what is wrong.

        >>> r = HandRecord.from_scenario('{"variant": "paulista-2p", "dealer": 1, "vira": "7D",'
        ...     ' "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]], "actions": ["raise"]}')
        >>> r.log
        ((0, 90),)
        >>> HandRecord.from_scenario("[1, 2")
        Traceback (most recent call last):
        ...
        truco_learn.errors.ScenarioError: this is not a replay scenario: not valid JSON (Expecting ',' delimiter: line 1 column 6 (char 5))
        """
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except (ValueError, RecursionError) as exc:
                raise ScenarioError(f"this is not a replay scenario: not valid JSON ({exc})"
                                    ) from None
        state, actions = load_scenario(data)
        for index, action in enumerate(actions):
            if not isinstance(action, str):
                raise ScenarioError(f"action {index + 1} of the scenario is {action!r}, not "
                                    "an action string")
            state = step(state, action)
        return cls.from_hand(state)

    def start(self) -> HandState:
        """The hand as dealt, before any move."""
        return new_hand(self.opts, self.dealer, self.hands, self.vira, self.score)

    def states(self) -> list[HandState]:
        """Every position: ``states()[n]`` is the hand after its first ``n`` moves."""
        out = [self.start()]
        for seat, code in self.log:
            s = out[-1]
            if s.to_act != seat:
                raise ScenarioError(f"the record says seat {seat} acted, but seat "
                                    f"{s.to_act} was to act in {s}")
            out.append(step(s, code))
        return out


def board_from_observation(obs: Mapping[str, Any], names: Sequence[str] | None = None,
                           seed: int = 0) -> ReplayBoard:
    """The board of a finished hand seen from one seat, from nothing but that seat's last
    observation (PROTOCOL.md): what a table's server sent to a person. The cards that person
    never saw are not known here; stand-ins drawn consistently with the observation (the
    public log, the public envido points and flors) fill their places so that every position
    can be rebuilt, and they stay face down on the board.

    >>> from truco_learn.engine import new_hand, step
    >>> from truco_learn.engine.observer import observation
    >>> h = new_hand("paulista-2p", dealer=1, vira="7D",
    ...              hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> for a in ["play:QC", "play:2H", "play:3S", "play:5C"]:
    ...     h = step(h, a)
    >>> board = board_from_observation(observation(h, 0), ("You", "Bia"))
    >>> board.last(); from truco_learn.engine.cards import card_str
    >>> [None if c is None else card_str(c) for c in board.visible_hands()[1]]  # KD never shown
    [None]
    >>> [m.text for m in board.moves()][:2]
    ['You play the queen of clubs, zap.', 'Bia plays the 2 of hearts.']
    """
    ob = parse_observation(obs)
    unseen = HiddenCards.of(ob)
    hands, covered = unseen.draw(random.Random(seed))
    hand = rebuild_hand(ob, hands, covered)
    return ReplayBoard(HandRecord.from_hand(hand), ob.seat, names, hidden=unseen.pool)


def position_scenario(record: HandRecord, ply: int) -> dict[str, Any]:
    """The PROTOCOL.md scenario that replays ``record`` up to its first ``ply`` moves.

    >>> r = HandRecord.from_scenario({"variant": "mineiro-2p", "dealer": 0, "score": [3, 4],
    ...     "hands": [["4C", "3S", "4H"], ["2H", "5C", "KD"]], "actions": ["play:2H"]})
    >>> position_scenario(r, 1)
    {'variant': 'mineiro-2p', 'dealer': 0, 'score': [3, 4], 'vira': None, 'hands': [['4C', '3S', '4H'], ['2H', '5C', 'KD']], 'actions': ['play:2H']}
    """
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(record.log):
        raise ScenarioError(f"position {ply!r} is not in this hand (0 to {len(record.log)})")
    out: dict[str, Any] = {"variant": record.opts.variant}
    overrides = record.opts.overrides()
    if overrides:
        out["options"] = overrides
    out.update({
        "dealer": record.dealer,
        "score": list(record.score),
        "vira": None if record.vira is None else card_str(record.vira),
        "hands": [[card_str(c) for c in h] for h in record.hands],
        "actions": [ACTION_STR[code] for _, code in record.log[:ply]],
    })
    return out


@dataclass(frozen=True, slots=True)
class MoveLine:
    """One move of the hand for the move list: ``ply`` is its position in the log."""

    ply: int
    seat: int
    action: str
    text: str
    learner: bool


class ReplayBoard:
    """Step through ``record`` as ``seat`` (the learner) lived it.

    ``names`` are how the learner calls the seats (``("You", "Coach")`` by default);
    ``ply`` is how many moves have been applied (0: as dealt; ``len(record.log)``: the end).
    Once the hand is over every seat's cards are shown; before that only the learner's.
    ``hidden`` are cards the learner never saw and may not see (a hand played with people: see
    :func:`board_from_observation`): they stay face down even at the end.
    """

    def __init__(self, record: HandRecord, seat: int = 0, names: Sequence[str] | None = None,
                 *, deck: str | None = None, hidden: Collection[int] = ()) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < record.opts.seats:
            raise ScenarioError(f"seat {seat!r} is not a seat of this {record.opts.variant} hand")
        self.record = record
        self.seat = seat
        self.names = tuple(names) if names is not None else seat_names(
            record.opts.seats, seat, "coach")
        if len(self.names) != record.opts.seats:
            raise ScenarioError(f"{len(self.names)} names for {record.opts.seats} seats")
        self.deck = deck or record.opts.deck
        self.positions = record.states()
        self.ply = 0
        self.hidden = frozenset(hidden)

    # ------------------------------------------------------------ stepping
    @property
    def length(self) -> int:
        """How many moves the hand has."""
        return len(self.record.log)

    @property
    def state(self) -> HandState:
        """The position on the board."""
        return self.positions[self.ply]

    @property
    def finished(self) -> bool:
        """Whether the recorded hand is over (then every card may be shown)."""
        return self.positions[-1].over

    def goto(self, ply: int) -> None:
        """Jump to the position after ``ply`` moves; raise ScenarioError (changing nothing)
        when there is no such position."""
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= self.length:
            raise ScenarioError(f"position {ply!r} is not in this hand (0 to {self.length})")
        self.ply = ply

    def forward(self) -> None:
        """One move on (nothing at the end)."""
        self.ply = min(self.length, self.ply + 1)

    def back(self) -> None:
        """One move back (nothing at the start)."""
        self.ply = max(0, self.ply - 1)

    def first(self) -> None:
        self.ply = 0

    def last(self) -> None:
        self.ply = self.length

    # ------------------------------------------------------------ what is shown
    def moves(self) -> list[MoveLine]:
        """Every move of the hand in words, oldest first."""
        out = []
        for ply, (seat, code) in enumerate(self.record.log):
            action = ACTION_STR[code]
            text = describe_action(self.positions[ply], seat, action, self.names, self.deck)
            out.append(MoveLine(ply, seat, action, text, seat == self.seat))
        return out

    def next_move(self) -> MoveLine | None:
        """The move played from the position on the board (``None`` at the end)."""
        return None if self.ply >= self.length else self.moves()[self.ply]

    def shows(self, seat: int, card: int) -> bool:
        """Whether the board shows ``card`` of ``seat`` face up (a card played face up is
        always shown): the learner's own, and everyone's once the hand is over, except the
        ``hidden`` ones."""
        return card not in self.hidden and (seat == self.seat or self.finished)

    def visible_hands(self) -> tuple[tuple[int | None, ...] | None, ...]:
        """The cards each seat still holds at this position, as far as the board shows them:
        everyone's once the hand is over, else the learner's only (``None`` for the others,
        and for a card that stays face down)."""
        left = self.state.left
        out: list[tuple[int | None, ...] | None] = []
        for i in range(self.record.opts.seats):
            if not (self.finished or i == self.seat):
                out.append(None)
            else:
                out.append(tuple(c if self.shows(i, c) else None for c in left[i]))
        return tuple(out)

    def scenario(self, ply: int | None = None) -> dict[str, Any]:
        """This position (or the one after ``ply`` moves) as a PROTOCOL.md replay scenario."""
        return position_scenario(self.record, self.ply if ply is None else ply)

    def scenario_json(self, ply: int | None = None) -> str:
        """:meth:`scenario` as one line of JSON, ready for ``truco-learn replay``."""
        return json.dumps(self.scenario(ply), ensure_ascii=False)

    def report(self) -> dict[str, Any]:
        """The replay output fields of the position on the board (as ``truco-learn replay``
        prints them, without ``error``)."""
        return state_report(self.state)

