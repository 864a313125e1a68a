"""The tables service: every table of one process, the connections, the bots, the clocks.

It runs on the asyncio loop of whatever server hosts it (the Jupyter server through the
``truco_learn`` extension, or ``truco-learn tables`` on its own). Bots think in a worker
thread (:mod:`.bot_seats`: the seats they play); every change is applied on the loop,
written to the store first, and then each connection receives the ``state`` its seat may see
(``Table.state_for``).

A finished table leaves memory after a grace with nobody connected, and is read back from
the store when asked for (:mod:`.finished`); a start-up restores only the open tables.

Custom messages (README, "Tables"): ``vote``, ``signal``, ``review``, ``error``.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable

from ..bots import Bot
from ..engine.actions import RAISE
from ..engine.state import HandState, legal_codes
from ..errors import TrucoError
from .bot_seats import BotSeats
from .finished import FinishedTables
from ..i18n import DEFAULT, negotiate
from .reviews import TableReviews, coach_level, review_message
from .store import TableStore
from .table import Table, TableError, new_table_spec

__all__ = ["Connection", "NotFound", "Forbidden", "TableService", "coach_level",
           "review_message"]


MAX_LISTED = 100  # tables in ``GET /truco/api/tables``


class NotFound(TrucoError):
    """No table with that id."""


class Forbidden(TrucoError):
    """A bad or missing token."""


@dataclass(eq=False)
class Connection:
    """One open WebSocket: the table, the token, the seat (``None``: spectator), its sender."""

    table: Table
    token: str
    seat: int | None
    send: Callable[[dict[str, Any]], None]
    lang: str = DEFAULT  # the page's language: the coach's reviews for this seat speak it


class TableService(BotSeats, TableReviews, FinishedTables):
    """All tables of this process. ``away_after``: seconds before a bot takes a gone player's
    seat (RULES.md: 60); ``vote_seconds``: how long partners have to agree (10);
    ``keep_finished``: seconds a finished table stays in memory with nobody connected (then
    the store holds it, read back when asked for)."""

    def __init__(self, store: TableStore, *, away_after: float = 60.0,
                 vote_seconds: float = 10.0, invite_url: str | None = None,
                 bot_delay: float = 0.0, keep_finished: float = 600.0) -> None:
        self.store = store
        self.away_after = away_after
        self.keep_finished = keep_finished
        self.vote_seconds = vote_seconds
        self.invite_url = invite_url
        self.page_path = "/voila/render/tables.ipynb"  # the tables page on the app's server
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, list[Connection]] = {}
        self.bots: dict[tuple[str, int], Bot] = {}
        self.away: set[tuple[str, int]] = set()
        self.stand_ins: dict[tuple[str, int], set[int]] = {}
        self.reviews: dict[tuple[str, int], dict[str, Any]] = {}
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._vote_timers: dict[str, tuple[Any, asyncio.TimerHandle]] = {}
        self._driving: set[str] = set()
        self._again: set[str] = set()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="truco-bots")
        self.review_pool: ProcessPoolExecutor | None = None
        self.pending_reviews: set[Any] = set()
        self.stood: dict[tuple[str, int], dict[int, Any]] = {}
        self.newest_review: dict[tuple[str, int], int] = {}
        self.review_turn: asyncio.Semaphore | None = None
        self._leave_timers: dict[str, asyncio.TimerHandle] = {}
        self._restore_open()

    def _adopt(self, t: Table) -> None:
        t.on_event = self.store.append_event
        self.tables[t.id] = t
        self.conns.setdefault(t.id, [])

    def start(self) -> None:
        """Once the loop runs: clocks for the people not connected, bots to their turns."""
        for t in self.tables.values():
            for seat in t.seat_token:
                self._seat_left(t, seat)
            self._kick(t)

    # ------------------------------------------------------------------ HTTP

    def create(self, body: Any, host: str = "localhost") -> dict[str, Any]:
        table_id = secrets.token_hex(4)
        while table_id in self.tables or self.store.has_table(table_id):  # finished ones too
            table_id = secrets.token_hex(4)
        seed = random.SystemRandom().randrange(2**31)
        spec = new_table_spec(table_id, body, seed)
        self.store.create_table(spec)
        t = Table.create(spec)
        self._adopt(t)
        self._kick(t)
        return {"table": table_id, "invite": self.invite(table_id, host), "tokens": []}

    def invite(self, table_id: str, host: str) -> str:
        if self.invite_url:
            return self.invite_url.replace("{table}", table_id)
        return f"http://{host}{self.page_path}?table={table_id}"

    def table(self, table_id: str) -> Table:
        """The table ``table_id``: in memory, or a finished one read back from the store."""
        t = self.tables.get(table_id)
        if t is None:
            t = self._bring_back(table_id)
        if t is None:
            raise NotFound(f"there is no table {table_id!r}")
        return t

    def join(self, table_id: str, body: Any) -> dict[str, Any]:
        t = self.table(table_id)
        if not isinstance(body, dict):
            raise TableError("the body must be a JSON object such as {\"name\": \"Ana\"}")
        unknown = sorted(set(body) - {"name", "seat", "token", "watch"})
        if unknown:
            raise TableError(f"unknown field {unknown[0]!r} (known: name, seat, token, watch)")
        watch = body.get("watch", False)
        if not isinstance(watch, bool):
            raise TableError(f"watch must be true or false, not {watch!r}")
        seat, token, new = t.join(body.get("name"), body.get("seat"), body.get("token"), watch)
        if new:
            try:
                self.store.add_player(t.id, token, seat, t.players[token][1])
            except Exception:
                t.forget(token)  # not stored, not seated: nobody holds a seat without a token
                raise
            if seat is not None:
                self._seat_left(t, seat)
            self._broadcast(t)
            self._leave_later(t)  # a finished table: its grace again, from this join
        return {"seat": seat, "token": token}

    def view(self, table_id: str) -> dict[str, Any]:
        return self.table(table_id).public_view()

    def list_tables(self) -> list[dict[str, Any]]:
        """The open tables, the :data:`MAX_LISTED` most recently opened (oldest first): one
        client opening thousands must not make everyone's list of tables unreadable."""
        out: list[dict[str, Any]] = []
        for t in reversed(self.tables.values()):
            if len(out) == MAX_LISTED:
                break
            if not t.match.over:
                v = t.public_view()
                out.append({k: v[k] for k in ("table", "variant", "players", "score",
                                              "votes", "signals", "spectators")}
                           | {"free_seats": t.free_seats()})
        return out[::-1]

    # ------------------------------------------------------------------ WebSocket

    def connect(self, table_id: str, token: str | None,
                send: Callable[[dict[str, Any]], None], lang: str | None = None) -> Connection:
        """Open a seat's (or a spectator's) connection; ``lang``: the page's language (the
        WebSocket's optional ``lang`` query argument), for the coach's reviews; an unknown
        one is English."""
        t = self.table(table_id)
        if not token or token not in t.players:
            raise Forbidden("a valid token is needed (join the table first)")
        seat = t.seat_of(token)
        conn = Connection(t, token, seat, send, negotiate(lang))
        self.conns[t.id].append(conn)
        self._stay(t.id)
        if seat is not None:
            key = (t.id, seat)
            timer = self._timers.pop(key, None)
            if timer is not None:
                timer.cancel()
            self.away.discard(key)
            t.presence[seat] = "here"
            self._broadcast(t)
            if key in self.reviews:
                send(self.reviews[key])
            self._kick(t)
        else:
            send(t.state_for(None))
        return conn

    def disconnect(self, conn: Connection) -> None:
        t = conn.table
        if conn in self.conns.get(t.id, []):
            self.conns[t.id].remove(conn)
        if conn.seat is not None and not any(c.seat == conn.seat for c in self.conns[t.id]):
            self._seat_left(t, conn.seat)
            self._broadcast(t)
        self._leave_later(t)  # the last one gone from a finished table: its grace starts

    def receive(self, conn: Connection, text: str | bytes) -> None:
        """One client message; a bad one gets an ``error`` and changes nothing."""
        try:
            msg = json.loads(text)
        except (ValueError, TypeError):
            conn.send({"type": "error", "message": f"not JSON: {str(text)[:80]!r}"})
            return
        except RecursionError:
            conn.send({"type": "error", "message": "not a message: its JSON is nested too deeply"})
            return
        kind = msg.get("type") if isinstance(msg, dict) else None
        t = conn.table
        try:
            if kind in ("act", "vote", "signal") and conn.seat is None:
                raise TableError("spectators watch: they cannot act, vote or signal")
            if kind == "act":
                self._human_act(t, conn.seat, msg.get("action"))  # type: ignore[arg-type]
            elif kind == "vote":
                self._vote(t, conn.seat, msg.get("action"))  # type: ignore[arg-type]
            elif kind == "signal":
                t.send_signal(conn.seat)  # type: ignore[arg-type]
                self._broadcast(t)
            elif kind == "state":
                conn.send(t.state_for(conn.seat))
            else:
                raise TableError(f"unknown message {msg!r}: send {{\"type\": \"act\", "
                                 "\"action\": ...}, vote, signal or state")
        except TrucoError as exc:
            conn.send({"type": "error", "message": str(exc)})

    def _human_act(self, t: Table, seat: int, action: Any) -> None:
        v = t.vote
        if v is not None and seat in v.seats:
            self._vote(t, seat, action)  # the answering seat's act is its vote
            return
        self._act(t, seat, action)

    def _vote(self, t: Table, seat: int, action: Any) -> None:
        decided = t.cast_vote(seat, action)
        if decided is not None:
            assert t.vote is not None
            self._act(t, t.vote.seats[0], decided)
        else:
            self._broadcast(t)
            self._kick(t)

    # ------------------------------------------------------------------ driving

    def _act(self, t: Table, seat: int, action: Any) -> None:
        before = t.hand_number
        hand = t.hand
        raise_open = RAISE in legal_codes(hand)
        t.act(seat, action)
        if raise_open:  # before the bots are asked anything more
            self._keep_answerers(t, seat, before, len(hand.log))
        self._after_change(t, before, hand)

    def _after_change(self, t: Table, before: int, hand_before: HandState) -> None:
        finished: HandState | None = None
        if t.hand_number != before:
            finished = t.match.history[-1]
        elif t.match.over:
            finished = t.hand
        if finished is not None and t.hand_number != before:
            self._broadcast(t, finished, before)
        self._broadcast(t)
        if finished is not None:
            self._reviews(t, finished, before)
            self._watch_end(t, finished)
        self._kick(t)
        if t.match.over:
            self._match_ended(t)

    def _seat_left(self, t: Table, seat: int) -> None:
        key = (t.id, seat)
        t.presence[seat] = "gone"
        old = self._timers.pop(key, None)
        if old is not None:
            old.cancel()
        self._timers[key] = asyncio.get_event_loop().call_later(
            self.away_after, self._take_over, t, seat)

    def _take_over(self, t: Table, seat: int) -> None:
        key = (t.id, seat)
        self._timers.pop(key, None)
        if any(c.seat == seat for c in self.conns[t.id]):
            return
        self.away.add(key)
        t.presence[seat] = "away"
        self._broadcast(t)
        self._kick(t)

    # ------------------------------------------------------------------ sending

    def _broadcast(self, t: Table, hand: HandState | None = None,
                   number: int | None = None) -> None:
        old = self._vote_timers.get(t.id)
        if old is not None and old[0] is not t.vote:
            old[1].cancel()
            del self._vote_timers[t.id]
        cache: dict[int | None, dict[str, Any]] = {}
        for conn in list(self.conns.get(t.id, [])):
            if conn.seat not in cache:
                cache[conn.seat] = t.state_for(conn.seat, hand, number)
            try:
                conn.send(cache[conn.seat])
            except Exception:  # a closed socket: its handler will disconnect it
                pass

    def close(self) -> None:
        for timer in (list(self._timers.values()) + [v[1] for v in self._vote_timers.values()]
                      + list(self._leave_timers.values())):
            timer.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
        for task in list(self.pending_reviews):
            task.cancel()
        if self.review_pool is not None:
            self.review_pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()
