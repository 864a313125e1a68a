"""The coach's reviews at a table: each person's decisions in a finished hand, worked out in
another process (:mod:`.review_pool`) while the loop keeps answering. Mixed into
:class:`.service.TableService`, whose tables, connections and bots it reads.

Where every seat of the other team is a bot, a person's raise is reviewed as those bots
answer it, as on the play page (:mod:`.bots.review_answers`): at each of the person's turns
where a raise was open, the bots are copied as they stood then, in the bots' worker (so after
everything they were asked before and before anything they are asked after), and the review
asks the copies how they answer the deals it draws. Against people nobody is asked: the
rule of thumb answers in the review's playouts.

The moves a bot made for a person who was away are not the person's: the review leaves them
out, and a person who decided nothing in a hand gets no review of it.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import logging
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Callable, Mapping

from ..bots import Bot
from ..bots.levels import habit_player
from ..bots.review import review
from ..bots.review_answers import answer_as
from ..engine.actions import RAISE
from ..engine.state import HandState, legal_codes
from ..i18n import DEFAULT, language
from .review_pool import new_review_pool
from .table import Table

log = logging.getLogger(__name__)

# by the index of a person's turn in the hand's log (one where a raise was open), the bots of
# the other team as they stood then, by seat
StoodAt = Mapping[int, Mapping[int, Bot]]


def coach_level(t: Table, seat: int) -> str | None:
    """The table's level when every seat of the other team than ``seat``'s is the coach (a
    bot), else ``None`` (people, or other bots: their habits are not known)."""
    theirs = [s for s in range(t.opts.seats) if s % 2 != seat % 2]
    coach = all(t.is_bot_seat(s) and t.bot_name(s) == "coach" for s in theirs)
    return t.level if coach else None


def bots_answer(t: Table, seat: int) -> bool:
    """Whether every seat of the other team than ``seat``'s is a bot, which the review can
    ask how it answers ``seat``'s raises (a person's seat a bot plays while they are away is
    not: the person may answer otherwise)."""
    return all(t.is_bot_seat(s) for s in range(t.opts.seats) if s % 2 != seat % 2)


def raise_turns(hand: HandState, seat: int) -> list[int]:
    """The indices in ``hand.log`` of ``seat``'s turns where a raise was open (the turns the
    review asks the other side at).

    >>> from truco_learn.engine import new_hand, step
    >>> s = new_hand("paulista-2p", dealer=1, vira="7D",
    ...              hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> for a in ["play:4H", "play:KD", "raise", "accept"]:  # seat 1 won the trick
    ...     s = step(s, a)
    >>> raise_turns(s, 0), raise_turns(s, 1)   # seat 0 could have raised back to six
    ([0, 3], [1, 2])
    """
    from ..bots.hand_draws import hand_steps

    return [i for i, (who, _, s) in enumerate(hand_steps(hand))
            if who == seat and RAISE in legal_codes(s)]


def answer_then(stood: StoodAt, index: int, obs: Mapping[str, Any]) -> str:
    """How the bot in ``obs``'s seat, as it stood at turn ``index``, answers ``obs`` (a deal
    the review drew), asked on a copy."""
    return answer_as(stood[index], obs)


def review_message(hand: HandState, seat: int, number: int, seed: int,
                   lang: str = DEFAULT, against: str | None = None,
                   stood: StoodAt | None = None,
                   skip: frozenset[int] = frozenset()) -> dict[str, Any]:
    """The ``review`` message for ``seat``'s decisions in finished hand ``number``, its
    sentences in ``lang``; ``against``: the level of the coach the other team's seats are,
    whose habits play them in the review's playouts (:func:`.bots.levels.habit_player`);
    ``stood``: the other team's bots as they stood at ``seat``'s turns with a raise open,
    asked how they answer its raises (left out unless it holds every such turn); ``skip``: the
    indices of ``hand.log`` a bot played for ``seat`` while the person was away."""
    their_play = habit_player(against) if against is not None else None
    answerer: Callable[[int, Mapping[str, Any]], str] | None = None
    if stood and all(i in stood for i in raise_turns(hand, seat)):
        answerer = functools.partial(answer_then, stood)
    with language(lang):
        items = review(hand, seat, "easy", seed=seed, answerer=answerer,
                       their_play=their_play, answers_level=against, skip=skip)
    return {"type": "review", "hand": number, "seat": seat,
            "items": [{"index": i.index, "action": i.action, "best": i.best, "loss": i.loss,
                       "label": i.label, "reason": i.reason,
                       "options": [[a, round(ev, 3), round(win, 3), round(se, 3)]
                                   for a, ev, win, se in getattr(i, "options", ())],
                       "samples": getattr(i, "samples", 0)} for i in items]}


def _copied(bots: dict[int, Bot]) -> dict[int, Bot]:
    return copy.deepcopy(bots)


class TableReviews:
    """The reviews' side of the tables service. The review process works one review at a
    time; a review still waiting its turn when the same seat's next hand ends is dropped (the
    page shows the newest hand's review), so a busy service falls behind by one hand at most
    for each person."""

    tables: dict[str, Table]
    conns: dict[str, list[Any]]
    pool: ThreadPoolExecutor
    review_pool: ProcessPoolExecutor | None
    pending_reviews: set[Any]
    reviews: dict[tuple[str, int], dict[str, Any]]
    stood: dict[tuple[str, int], dict[int, "Future[dict[int, Bot]]"]]
    newest_review: dict[tuple[str, int], int]  # (table, seat): the newest hand to review
    review_turn: asyncio.Semaphore | None  # one review at a time, in the order they came
    # (table, hand number): the indices of its log a bot played for a person who was away
    stand_ins: dict[tuple[str, int], set[int]]

    def _bot(self, t: Table, seat: int) -> Bot:
        raise NotImplementedError  # the bot seats make the bots

    def _keep_answerers(self, t: Table, seat: int, number: int, index: int) -> None:
        """``seat`` acted at turn ``index`` of hand ``number`` with a raise open: where a
        person's raise there will be reviewed as the bots of the other team answer it, copy
        them as they stand (in the bots' worker, in turn with what they are asked)."""
        if not t.review_on or seat not in t.seat_token or not bots_answer(t, seat):
            return
        theirs = {s: self._bot(t, s) for s in range(t.opts.seats) if s % 2 != seat % 2}
        self.stood.setdefault((t.id, number), {})[index] = self.pool.submit(_copied, theirs)

    def _reviews(self, t: Table, hand: HandState, number: int) -> None:
        """The coach reviews each person's decisions in finished hand ``number``."""
        stood = self.stood.pop((t.id, number), {})
        played_for = frozenset(self.stand_ins.pop((t.id, number), ()))
        if not t.review_on:
            return
        if self.review_pool is None:
            self.review_pool = new_review_pool()
        if self.review_turn is None:
            self.review_turn = asyncio.Semaphore(1)
        loop = asyncio.get_event_loop()
        for seat in sorted(t.seat_token):
            turns = [i for i, (who, _) in enumerate(hand.log) if who == seat]
            if turns and all(i in played_for for i in turns):
                continue  # a bot played the whole hand for the person: nothing of theirs
            self.newest_review[(t.id, seat)] = number
            langs = [c.lang for c in self.conns.get(t.id, []) if c.seat == seat]
            task = loop.create_task(self._review(
                t, seat, hand, number, langs[-1] if langs else DEFAULT,
                stood if bots_answer(t, seat) else {}, played_for))
            self.pending_reviews.add(task)
            task.add_done_callback(self.pending_reviews.discard)

    async def _review(self, t: Table, seat: int, hand: HandState, number: int, lang: str,
                      stood: Mapping[int, "Future[dict[int, Bot]]"],
                      skip: frozenset[int] = frozenset()) -> None:
        assert self.review_pool is not None and self.review_turn is not None
        try:
            bots = {i: await asyncio.wrap_future(f) for i, f in stood.items()}
            async with self.review_turn:
                if self.newest_review.get((t.id, seat)) != number:
                    return  # the seat's next hand has ended: its review comes instead
                msg = await asyncio.get_event_loop().run_in_executor(
                    self.review_pool, review_message, hand, seat, number,
                    t.spec.seed + number, lang, coach_level(t, seat), bots, skip)
        except asyncio.CancelledError:
            raise
        except Exception:  # no review this time; the game goes on
            log.warning("the review of hand %s at table %s failed", number, t.id,
                        exc_info=True)
            return
        self._send_review(t, seat, msg)

    def _send_review(self, t: Table, seat: int, msg: dict[str, Any]) -> None:
        if self.tables.get(t.id) is not t:
            return  # the table finished and left memory while the review was worked out
        self.reviews[(t.id, seat)] = msg
        for conn in self.conns.get(t.id, []):
            if conn.seat == seat:
                conn.send(msg)
