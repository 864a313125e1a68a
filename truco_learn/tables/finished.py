"""Finished tables leave memory: a table whose match is over stays in the service while anyone
is connected to it and for ``keep_finished`` seconds after (with nobody connected), then every
trace of it leaves the service; the store keeps it, marked finished. Asked for again (its
public view, a join with a token, a WebSocket), it is read back from the store and replayed
(:meth:`.Table.restore`, as at a start-up), and leaves again after the same grace.

A start-up restores only the tables not marked finished; one stored before tables were marked
(schema version 1) whose replay shows its match over is marked then, and not kept.

Mixed into :class:`.service.TableService`, whose per-table state it removes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..errors import TrucoError
from .store import StoredTable, TableStore
from .table import Table

log = logging.getLogger(__name__)

# the service's state kept by table id, and by (table id, seat or hand number): what a table
# leaves behind when it leaves memory
BY_TABLE = ("tables", "conns", "_vote_timers", "_driving", "_again", "_leave_timers")
BY_TABLE_AND = ("bots", "away", "stand_ins", "reviews", "_timers", "stood", "newest_review")


class FinishedTables:
    """The leaving and the coming back of finished tables."""

    store: TableStore
    tables: dict[str, Table]
    conns: dict[str, list[Any]]
    away: set[tuple[str, int]]
    away_after: float
    keep_finished: float  # seconds a finished table stays with nobody connected
    _timers: dict[tuple[str, int], asyncio.TimerHandle]
    _vote_timers: dict[str, tuple[Any, asyncio.TimerHandle]]
    _leave_timers: dict[str, asyncio.TimerHandle]

    def _adopt(self, t: Table) -> None:
        raise NotImplementedError  # the service keeps the table and its connections

    def _seat_left(self, t: Table, seat: int) -> None:
        raise NotImplementedError  # the service starts the seat's away clock

    def _restore_open(self) -> None:
        """At start-up: every table not marked finished, replayed; one whose replay shows its
        match over (stored before tables were marked) is marked now and not kept."""
        for spec in self.store.open_tables():
            t = self._replay(spec)
            if t.match.over:
                self.store.mark_finished(t.id)
            else:
                self._adopt(t)

    def _replay(self, spec: StoredTable) -> Table:
        """The stored table ``spec`` rebuilt from its players and events."""
        return Table.restore(spec, self.store.players(spec.table_id),
                             self.store.events(spec.table_id))

    def _bring_back(self, table_id: str) -> Table | None:
        """A finished table that left memory, read back from the store (``None``: the store
        has no finished table ``table_id``). Its seated people, nobody connected, are as the
        table left them: away once the grace outlasted the away clock, else gone."""
        spec = self.store.finished_table(table_id)
        if spec is None:
            return None
        t = self._replay(spec)
        self._adopt(t)
        for seat in sorted(t.seat_token):
            if self.keep_finished >= self.away_after:
                t.presence[seat] = "away"
                self.away.add((t.id, seat))
            else:
                self._seat_left(t, seat)
        self._leave_later(t)
        return t

    def _match_ended(self, t: Table) -> None:
        """``t``'s match is over: mark it in the store and, with nobody connected, start its
        grace. A mark that cannot be written is written when the table leaves (or, after a
        crash, at the next start-up, which replays the table)."""
        try:
            self.store.mark_finished(t.id)
        except TrucoError:
            log.warning("table %s could not be marked finished yet", t.id, exc_info=True)
        self._leave_later(t)

    def _leave_later(self, t: Table) -> None:
        """(Re)start ``t``'s grace when its match is over and nobody is connected to it."""
        self._stay(t.id)
        if t.match.over and not self.conns.get(t.id):
            self._leave_timers[t.id] = asyncio.get_event_loop().call_later(
                self.keep_finished, self._leave, t)

    def _stay(self, table_id: str) -> None:
        """Someone connected: ``table_id`` does not leave (until they go)."""
        timer = self._leave_timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()

    def _leave(self, t: Table) -> None:
        self._leave_timers.pop(t.id, None)
        if self.tables.get(t.id) is not t or self.conns.get(t.id) or not t.match.over:
            return
        try:
            self.store.mark_finished(t.id)  # so that it can be read back
        except TrucoError:
            log.warning("table %s stays in memory: it cannot be marked finished", t.id,
                        exc_info=True)
            self._leave_later(t)
            return
        self._forget(t.id)

    def _forget(self, table_id: str) -> None:
        """Remove everything the service holds for ``table_id``, its clocks stopped."""
        state = vars(self)
        for name in BY_TABLE:
            _drop(state[name], table_id)
        for name in BY_TABLE_AND:
            held = state[name]
            for key in [k for k in held if k[0] == table_id]:
                _drop(held, key)


def _drop(held: dict[Any, Any] | set[Any], key: Any) -> None:
    """Remove ``key`` from ``held``, stopping the clock it held (a timer, or a vote's)."""
    if isinstance(held, set):
        held.discard(key)
        return
    value = held.pop(key, None)
    for item in value if isinstance(value, tuple) else (value,):
        if isinstance(item, asyncio.TimerHandle):
            item.cancel()
