"""A learner-vs-bot match: the learner's seat, the bots, their explanations and hand reviews.

The session is the only mutable thing here; everything it holds (the match, the hands, the bots'
decisions) is frozen. Every change goes through the engine, so an illegal action raises and
changes nothing.

>>> s = MatchSession("paulista-2p", bot="random", seed=4)
>>> s.names
('You', 'Random bot')
>>> s.run_bots() and None  # the bot plays first when it is the mão
>>> s.learner_to_act
True
>>> s.act(s.legal()[0]) is None
True
>>> s.act("onze:play")
Traceback (most recent call last):
...
truco_learn.errors.IllegalActionError: Playing the hand is not allowed now: It is not your turn: Random bot is to act.
"""

from __future__ import annotations

import copy
import importlib
import random
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from ..bots import BOT_NAMES, Bot, make_bot
from ..bots.base import watch_end
from ..bots.coach_memory import CoachMemory
from ..bots.levels import habit_player, habit_summary
from ..bots.review_answers import answer_as
from ..bots.sentences import public_explanation
from ..engine.actions import RAISE, action_str, parse_action
from ..engine.match import Match, new_match
from ..engine.observer import observation
from ..engine.options import make_options
from ..engine.state import HandState, legal_actions, legal_codes, step
from ..errors import ConfigError, IllegalActionError, TrucoError
from ..i18n import N_, _, ngettext
from .action_words import describe_action, move_words
from .bets_view import hand_start_events, settle_events
from .menu import action_bar, card_items, turn_reason

__all__ = ["BOT_TITLES", "BotMove", "BotFailure", "HandResult", "LEVELS", "MatchSession",
           "default_bot_name", "describe_action", "move_words", "seat_names"]

LEVELS: tuple[str, ...] = ("beginner", "easy", "normal", "strong")  # weakest first


class BotFailure(TrucoError):
    """A bot answered with something the engine refuses."""


@dataclass(frozen=True, slots=True)
class BotMove:
    """One bot decision: which hand, which seat, what it did and its explanation."""

    hand: int
    seat: int
    name: str
    action: str
    text: str
    explanation: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand went for the learner."""

    hand: int
    winner: int | None  # team
    points: tuple[int, int]
    score: tuple[int, int]
    redeal: bool
    text: str


def default_bot_name() -> str:
    """The strongest bot available: the coach once it exists.

    >>> default_bot_name() in BOT_NAMES
    True
    """
    for name in ("coach", "heuristic", "random"):
        if name in BOT_NAMES:
            return name
    return BOT_NAMES[0]


# Translators: the bots as the table names them.
BOT_TITLES = {"coach": N_("Coach"), "random": N_("Random bot"),
              "heuristic": N_("Heuristic bot"), "bluffer": N_("Bluffer bot")}


def _bot_title(bot: str) -> str:
    if bot in BOT_TITLES:
        return _(BOT_TITLES[bot])
    return _("{bot} bot").format(bot=bot.capitalize())


def seat_names(seats: int, seat: int, bot: str) -> tuple[str, ...]:
    """How the table names each seat from the learner's point of view.

    >>> seat_names(4, 0, "coach")
    ('You', 'Coach (right)', 'Partner', 'Coach (left)')
    """
    title = _bot_title(bot)
    if seats == 2:
        return tuple(_("You") if i == seat else title for i in range(2))
    rel = {0: _("You"), 1: _("{bot} (right)").format(bot=title), 2: _("Partner"),
           3: _("{bot} (left)").format(bot=title)}
    return tuple(rel[(i - seat) % 4] for i in range(4))


def _public(explanation: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The explanation the learner may read mid-hand; a level's habit keeps its own sentence
    (what the habit made the coach do), without the coach's choice, which may name a card."""
    out = public_explanation(explanation, action)
    habit = habit_summary(explanation, public=True)
    if habit is not None:
        out["summary"] = habit
    return out


class MatchSession:
    """A match between the learner (``seat``) and bots in every other seat.

    ``bot`` names the bot for every other seat (partner included), at ``level``; ``seed``
    seeds the deals and the bots, so a session replays exactly. ``memory``: what the bots at
    each seat remembered of the players after the previous match (:meth:`remembered`), for a
    learner who plays again.
    """

    def __init__(self, variant: str = "paulista-2p", *, level: str = "normal",
                 bot: str | None = None, seed: int = 0, seat: int = 0, deck: str | None = None,
                 options: Mapping[str, Any] | None = None,
                 memory: Mapping[int, CoachMemory | None] | None = None) -> None:
        self.opts = make_options(variant, dict(options or {}))
        if level not in LEVELS:
            raise ConfigError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.opts.seats:
            raise ConfigError(f"seat {seat!r} is not a seat of {variant}")
        if deck is not None and deck not in ("french", "spanish"):
            raise ConfigError(f"unknown deck {deck!r} (known: french, spanish)")
        self.bot_name = bot or default_bot_name()
        self.level, self.seed, self.seat = level, seed, seat
        self.deck = deck or self.opts.deck
        self.bots: dict[int, Bot] = {
            i: make_bot(self.bot_name, level, seed * 16 + i)
            for i in range(self.opts.seats) if i != seat}
        self.recalled = 0  # the most matches a bot here remembers the learner from
        for i, remembered in (memory or {}).items():  # the learner met again (coach_memory)
            recall = getattr(self.bots.get(i), "recall", None)
            if recall is not None and remembered is not None:
                recall(remembered)
                self.recalled = max(self.recalled, remembered.matches)
        self.rng = random.Random(seed)
        self.match: Match = new_match(self.opts, self.rng)
        self.hand_number = 1
        self.moves: list[BotMove] = []
        self.events: list[str] = []
        self.results: list[HandResult] = []
        self.review_items: list[Any] | None = None
        #: the review of each finished hand made so far, by hand number (for its replay)
        self.reviewed: dict[int, list[Any]] = {}
        # the bots as they stood at each of the learner's turns in this hand where a raise was
        # open (by the turn's index in the hand's log): the review asks them how they answer
        # the learner's raise there, or the raise it would name the better move, on the deals
        # it draws
        self.at_raise: dict[int, dict[int, Bot]] = {}
        self.finished_hands: dict[int, HandState] = {}  # hand number -> its last state
        self.events = hand_start_events(self.hand, self.seat, self.names)  # a declared flor

    def remembered(self) -> dict[int, CoachMemory | None]:
        """What each bot that remembers a player keeps of this match for the next one at the
        same seats (:mod:`~truco_learn.bots.coach_memory`): pass it as ``memory``."""
        return {i: b.remembered() for i, b in self.bots.items() if hasattr(b, "remembered")}

    def memory_for(self, variant: str, seat: int) -> dict[int, CoachMemory | None] | None:
        """The ``memory`` of the learner's next match, a ``variant`` match at ``seat``: what
        this one's bots remember (:meth:`remembered`) when it is the same game at the same
        seat, else None (the bots meet the learner afresh).

        >>> s = MatchSession("paulista-2p", bot="random", seed=1)
        >>> s.memory_for("paulista-2p", 0), s.memory_for("mineiro-2p", 0)
        ({}, None)
        """
        if variant != self.opts.variant or seat != self.seat:
            return None
        return self.remembered()

    # ------------------------------------------------------------ state
    @property
    def names(self) -> tuple[str, ...]:
        """How the table names each seat, in the current language."""
        return seat_names(self.opts.seats, self.seat, self.bot_name)

    @property
    def hand(self) -> HandState:
        return self.match.hand

    @property
    def learner_to_act(self) -> bool:
        return not self.hand.over and self.hand.to_act == self.seat

    @property
    def bot_to_act(self) -> bool:
        return not self.hand.over and self.hand.to_act != self.seat

    @property
    def hand_over(self) -> bool:
        return self.hand.over

    @property
    def match_over(self) -> bool:
        return self.match.over

    @property
    def result(self) -> HandResult | None:
        """The result of the current hand once it is over."""
        if self.results and self.results[-1].hand == self.hand_number:
            return self.results[-1]
        return None

    def legal(self) -> list[str]:
        """The learner's legal actions now (``[]`` when it is not the learner's turn)."""
        return legal_actions(self.hand) if self.learner_to_act else []

    def hand_moves(self, public: bool = False) -> list[BotMove]:
        """The bots' decisions in the current hand, oldest first; ``public``: each explanation
        in the form the learner may read while the hand goes on (no card a bot still holds)."""
        moves = [m for m in self.moves if m.hand == self.hand_number]
        if not public:
            return moves
        return [replace(m, explanation=_public(m.explanation, m.action)) for m in moves]

    # ------------------------------------------------------------ actions
    def _why_not(self, action: str) -> str:
        h = self.hand
        busy = turn_reason(h, self.seat, self.names)
        if busy:
            return busy
        for item in action_bar(h, self.seat, self.names):
            if item.action == action:
                return item.reason
        for c in card_items(h, self.seat, self.names):
            if c.action == action:
                return c.reason
            if c.cover_action == action:
                return c.cover_reason
        return _("You do not hold that card.") if action.startswith(("play:", "cover:")) else (
            _("Not allowed now."))

    def act(self, action: str) -> None:
        """Apply the learner's action; raise IllegalActionError (changing nothing) if it is not
        legal now, with the rule that forbids it."""
        if self.match_over:
            raise IllegalActionError(_("The match is over: start a new one."))
        if self.hand.over:
            raise IllegalActionError(_("The hand is over: deal the next one."))
        who, code = parse_action(action)  # InvalidNotationError for what is no action at all
        canonical = action_str(code)
        said = move_words(canonical)  # the move in words ("Playing Q♠"), never notation
        if who is not None and who != self.seat:
            raise IllegalActionError(_("{move} is another player's move: you can only make "
                                       "your own.").format(move=said))
        if self.hand.to_act != self.seat or canonical not in legal_actions(self.hand):
            raise IllegalActionError(_("{move} is not allowed now: {reason}").format(
                move=said, reason=self._why_not(canonical)))
        if RAISE in legal_codes(self.hand):  # about 1 ms (the coach mid-match)
            self.at_raise[len(self.hand.log)] = copy.deepcopy(self.bots)
        self._apply(self.seat, code, canonical)

    def _apply(self, seat: int, code: int, action: str) -> None:
        before = self.hand
        after = step(before, code)
        self.events.append(describe_action(before, seat, action, self.names, self.deck))
        self.events.extend(settle_events(before, after, self.seat, self.names))
        self.match = replace(self.match, hand=after)
        if after.over:
            self._finish_hand(after)

    def bot_step(self) -> BotMove | None:
        """Let the bot whose turn it is decide and act; ``None`` when no bot is to act."""
        if not self.bot_to_act:
            return None
        h = self.hand
        seat = h.to_act
        decision = self.bots[seat].decide(observation(h, seat))
        try:
            _, code = parse_action(decision.action)
            step(h, code)
        except TrucoError as exc:
            raise BotFailure(f"the {self.bot_name} bot in seat {seat} chose "
                             f"{decision.action!r}, which the engine refuses: {exc}") from None
        text = describe_action(h, seat, decision.action, self.names, self.deck)
        move = BotMove(self.hand_number, seat, self.names[seat], decision.action, text,
                       dict(decision.explanation))
        self.moves.append(move)
        self._apply(seat, code, decision.action)
        return move

    def run_bots(self, on_move: Callable[[BotMove], None] | None = None) -> list[BotMove]:
        """Run bot turns until the learner is to act or the hand is over."""
        done = []
        while self.bot_to_act:
            move = self.bot_step()
            assert move is not None
            done.append(move)
            if on_move is not None:
                on_move(move)
        return done

    def next_hand(self) -> None:
        """Deal the next hand after a finished one (not after the end of the match)."""
        if not self.hand.over:
            raise IllegalActionError(_("The hand is not over yet."))
        if self.match_over:
            raise IllegalActionError(_("The match is over: start a new match."))
        self.match = self.match.next_hand(self.rng)
        self.hand_number += 1
        self.events = hand_start_events(self.hand, self.seat, self.names)
        self.review_items = None
        self.at_raise = {}

    # ------------------------------------------------------------ after a hand
    def _finish_hand(self, h: HandState) -> None:
        self.finished_hands[self.hand_number] = h
        watch_end(self.bots, h)  # the coaches see the hand's end, as the learner does
        team = self.seat % 2
        two = self.opts.seats == 2
        them = self.names[1 - self.seat] if two else _("The coaches")
        if h.redeal:
            text = _("All three tricks tied in the iron hand: the hand is dealt again.")
        elif h.winner < 0 and h.game_over:
            text = _("The envido or flor points ended the game: the hand is not played out.")
        elif h.winner < 0:
            text = _("Nobody scores: every trick was tied.")
        else:
            pts = h.points[h.winner]
            if h.winner != team:
                text = ngettext("{who} won the hand: +{n} point.",
                                "{who} won the hand: +{n} points.", pts)
            elif two:
                text = ngettext("You won the hand: +{n} point.",
                                "You won the hand: +{n} points.", pts)
            else:
                text = ngettext("Your team won the hand: +{n} point.",
                                "Your team won the hand: +{n} points.", pts)
            text = text.format(who=them, n=pts)
        if h.game_over:
            won = h.game_winner == team
            text += " " + (_("You won the match!") if won
                           else _("{who} won the match.").format(who=them))
        winner = None if h.winner < 0 else h.winner
        self.results.append(HandResult(self.hand_number, winner, h.points, h.score, h.redeal,
                                       text))

    def review_hand(self) -> list[Any] | None:
        """The reviewer's items for the learner's decisions in the finished hand (cached), or
        ``None`` when no reviewer is installed."""
        if not self.hand.over:
            raise IllegalActionError(_("The hand is not over yet: nothing to review."))
        if self.review_items is None:
            try:
                module = importlib.import_module("truco_learn.bots.review")
            except ImportError:
                return None
            their_play = habit_player(self.level) if self.bot_name == "coach" else None
            items = module.review(self.hand, self.seat, self.level, self.seed + self.hand_number,
                                  answerer=self._answer_as_then if self.at_raise else None,
                                  their_play=their_play)
            self.review_items = list(items)
            self.reviewed[self.hand_number] = self.review_items
        return self.review_items

    def _answer_as_then(self, index: int, obs: Mapping[str, Any]) -> str:
        """How the bot in ``obs``'s seat, as it stood at the learner's turn ``index`` of this
        hand (one where a raise was open), answers ``obs`` (a deal the review drew): asked on
        a copy, so the bot is left as it was."""
        return answer_as(self.at_raise[index], obs)

