"""The seats bots play at a table (bot seats, and a person's seat while they are away): each
takes its turns and casts its votes in turn, the bot thinking in the service's worker thread
while the loop keeps answering. Mixed into :class:`.service.TableService`, whose state it
reads and whose ``_act`` and ``_broadcast`` it calls.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..bots import Bot, make_bot
from ..bots.base import watchers
from ..engine.observer import observation
from ..engine.state import HandState
from ..errors import TrucoError
from .customs import bot_vote
from .table import Table, Vote

log = logging.getLogger(__name__)


def _watched(watch: Any, ob: dict[str, Any], table: str) -> None:
    try:
        watch(ob)
    except Exception:  # a failing bot must not stop the table
        log.warning("a bot failed to watch a hand's end at table %s", table, exc_info=True)


class BotSeats:
    """The bots' side of the tables service."""

    bots: dict[tuple[str, int], Bot]
    away: set[tuple[str, int]]  # (table, seat) a bot plays while the person is away
    # (table, hand number): the indices of its log a bot played for a person who was away
    stand_ins: dict[tuple[str, int], set[int]]
    pool: ThreadPoolExecutor
    bot_delay: float
    vote_seconds: float
    _driving: set[str]
    _again: set[str]
    _vote_timers: dict[str, tuple[Any, asyncio.TimerHandle]]

    def _act(self, t: Table, seat: int, action: Any) -> None:
        raise NotImplementedError  # the service applies the action

    def _broadcast(self, t: Table, hand: HandState | None = None,
                   number: int | None = None) -> None:
        raise NotImplementedError  # the service sends each connection its state

    def _controlled_by_bot(self, t: Table, seat: int) -> bool:
        return t.is_bot_seat(seat) or (t.id, seat) in self.away

    def _bot(self, t: Table, seat: int) -> Bot:
        key = (t.id, seat)
        bot = self.bots.get(key)
        if bot is None:
            bot = make_bot(t.bot_name(seat), t.level, seed=t.spec.seed + seat)
            self.bots[key] = bot
        return bot

    def _watch_end(self, t: Table, finished: HandState) -> None:
        """Each bot playing at ``t`` sees the end of the ``finished`` hand from its seat
        (:func:`.bots.base.watch_end`), in the bots' worker, before its next turn there."""
        seated = {seat: self.bots.get((t.id, seat)) for seat in range(t.opts.seats)}
        for watch, seen in watchers(seated, finished):
            self.pool.submit(_watched, watch, seen, t.id)

    def _kick(self, t: Table) -> None:
        if t.id in self._driving:
            self._again.add(t.id)
            return
        self._driving.add(t.id)
        asyncio.get_event_loop().create_task(self._drive(t))

    async def _drive(self, t: Table) -> None:
        loop = asyncio.get_event_loop()
        try:
            while True:
                self._again.discard(t.id)
                if t.match.over:
                    break
                h = t.hand
                if t.vote is not None:
                    if not await self._bot_votes(t):
                        break
                    continue
                seat = h.to_act
                if not self._controlled_by_bot(t, seat):
                    break
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                if t.may_signal(seat):
                    t.send_signal(seat)
                ob = observation(h, seat)
                ob["signals"] = t.signals_seen(seat)
                number = len(t.events)
                try:
                    action = (await loop.run_in_executor(
                        self.pool, self._bot(t, seat).decide, ob)).action
                except Exception:  # a failing bot must not stop the table
                    log.warning("bot %s failed at table %s", t.bot_name(seat), t.id,
                                exc_info=True)
                    action = ""
                if len(t.events) != number or t.hand is not h:
                    continue  # the table moved while the bot thought (a player came back)
                if not self._controlled_by_bot(t, seat):
                    continue
                if not t.is_bot_seat(seat):  # a person's move, made while they are away
                    self.stand_ins.setdefault((t.id, t.hand_number), set()).add(len(h.log))
                try:
                    self._act(t, seat, action)
                except TrucoError:
                    self._act(t, seat, t.legal(seat)[0])
        finally:
            self._driving.discard(t.id)
        if t.id in self._again:
            self._again.discard(t.id)
            self._kick(t)

    async def _bot_votes(self, t: Table) -> bool:
        """Bots (and bot-played seats) vote; return True when the table moved on."""
        v = t.vote
        assert v is not None
        h = t.hand
        loop = asyncio.get_event_loop()
        for seat in v.seats:
            if seat in v.cast or not self._controlled_by_bot(t, seat):
                continue
            ob = observation(h, seat)
            ob["signals"] = t.signals_seen(seat)
            if seat == h.to_act:
                d = await loop.run_in_executor(self.pool, self._bot(t, seat).decide, ob)
                choice = d.action if d.action in v.legal else v.legal[0]
            else:
                choice = bot_vote(ob, v.legal)
            if t.vote is not v:
                return True
            decided = t.cast_vote(seat, choice)
            if decided is not None:
                self._act(t, v.seats[0], decided)
                return True
        self._broadcast(t)
        old = self._vote_timers.get(t.id)
        if old is None or old[0] is not v:
            if old is not None:
                old[1].cancel()
            self._vote_timers[t.id] = (v, loop.call_later(self.vote_seconds,
                                                          self._vote_expired, t, v))
        return False

    def _vote_expired(self, t: Table, v: Vote | None) -> None:
        held = self._vote_timers.get(t.id)
        if held is not None and held[0] is v:
            self._vote_timers.pop(t.id, None)
        if v is not None and t.vote is v:
            self._act(t, v.seats[0], t.vote_timeout())
