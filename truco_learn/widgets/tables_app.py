"""The tables page: create a table, invite people, join or watch, and play with the same table
widget as the play page. The page is a client of the tables service (``truco_learn.tables``):
it sends intents and draws the ``state`` messages it receives; the service and its engine
decide everything. The form for a new table is :mod:`.tables_form`'s.

>>> page = TablesPage(base="http://127.0.0.1:9/truco/api/", query="", start=False)
>>> [d.value for d in page.seat_kinds]
['human', 'bot:coach']
>>> page.variant.value = "paulista-4p"
>>> [d.value for d in page.seat_kinds], page.votes.disabled
(['human', 'bot:coach', 'bot:coach', 'bot:coach'], False)
>>> page.seat_kinds[2].value = "human"
>>> page.body()["seats"]
['human', 'bot:coach', 'human', 'bot:coach']
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
import urllib.parse
from html import escape
from types import SimpleNamespace
from typing import Any, Coroutine

import ipywidgets as W  # type: ignore[import-untyped]

from ..errors import TrucoError
from ..i18n import _, html_lang
from ..play.replay_board import board_from_observation
from ..play.replay_eval import HandAnalysis
from ..tables.client import Seat, TablesClient, invite_link
from ..tables.friendly import friendly, player_name
from .page_style import page_style
from .panels import action_label, error_html, review_html
from .play_app import variant_label
from .replayer import Replayer
from .table import TableWidget
from .tables_form import PLACES, SEAT_CHOICES, TableForm  # (PLACES, SEAT_CHOICES: as before)
from .tables_keeper import InviteBox, TokenKeeper
from .tables_lines import invitation, players_html, signals_html, vote_html
from .tables_view import state_view

__all__ = ["TablesPage", "PLACES", "SEAT_CHOICES"]

log = logging.getLogger(__name__)

GONE_AFTER = 8.0  # seconds without a heartbeat from the page: the person has left


def _tag(tag: str, text: str) -> str:
    return f"<{tag}>{escape(text)}</{tag}>"


def _html(tag: str, text: str) -> Any:
    return W.HTML(_tag(tag, text))


def _WRAP() -> W.Layout:
    """A row that wraps on a narrow screen instead of scrolling sideways."""
    return W.Layout(flex_flow="row wrap")


class TablesPage:
    """The whole page. ``query``: the page's query string (``table=ID`` from an invite link;
    Voilà passes it as ``QUERY_STRING``); ``base``: the service (``TRUCO_LEARN_TABLES_URL``)."""

    def __init__(self, base: str | None = None, query: str | None = None,
                 start: bool = True) -> None:
        q = os.environ.get("QUERY_STRING", "") if query is None else query
        self.table_id = (urllib.parse.parse_qs(q).get("table") or [""])[0]
        self.base = base
        self.client: TablesClient | None = None
        self.seat: Seat | None = None
        self.my_seat: int | None = None
        self.state: dict[str, Any] | None = None
        self.held: list[dict[str, Any]] = []  # states after a finished hand, until "Next hand"
        self.showing_over = False
        self.message = W.HTML("")
        # -- create (the form's widgets are the page's too: ``page.variant``, ``page.name``...)
        self.form = TableForm()
        f = self.form
        self.name, self.variant, self.target, self.level = f.name, f.variant, f.target, f.level
        self.votes, self.signals, self.seat_box = f.votes, f.signals, f.seat_box
        self.create_button = f.create_button
        self.tables_list = W.VBox()
        self.refresh_button = W.Button(description=_("Refresh the list"))
        self.lobby = W.VBox([*f.rows(), _html("h3", _("Open tables")), self.refresh_button,
                             self.tables_list])
        self.lobby.add_class("tl-tables-lobby")
        # -- join by invite link
        self.join_name = W.Text(description=_("Your name"),
                                style={"description_width": "initial"})
        self.join_button = W.Button(description=_("Join the table"), button_style="success")
        self.join_title = _html("h3", _("You are invited to a table"))
        self.join_watch = False  # every seat taken (or the match over): the button watches
        self.join_box = W.VBox([self.join_title,
                                W.HBox([self.join_name, self.join_button], layout=_WRAP())])
        self.join_box.add_class("tl-tables-join")
        # -- the table
        self.keeper = TokenKeeper(table=self.table_id)
        self.invite = InviteBox()
        self.players = W.HTML("")
        self.table = TableWidget()
        self.vote_box = W.HBox()
        self.vote_line = W.HTML("")
        self._vote_choices: tuple[str, ...] = ()
        # as wide as its words, on as many lines as a phone needs (never cut with "…")
        self.signal_button = W.Button(description=_("Signal my best card to my partner"),
                                      layout=W.Layout(width="auto"))
        self.signal_button.add_class("tl-wrap")
        self.signal_text = W.HTML("")
        self.review = W.HTML("")
        self.reviews: dict[Any, list[Any]] = {}  # hand number -> its review's items
        self.replayer: Replayer | None = None
        # after a hand: step through it with the coach's comments (only what you saw)
        self.replay_button = W.Button(description=_("Replay this hand"), icon="history",
                                      layout=W.Layout(display="none"))
        self.replay_box = W.VBox()
        self.finished_hand: dict[str, Any] | None = None
        self.play_box = W.VBox([self.invite, self.players, self.table, self.vote_box,
                                W.HBox([self.signal_button, self.signal_text], layout=_WRAP()),
                                self.review, self.replay_button, self.replay_box])
        self.play_box.add_class("tl-tables-play")
        self.style = page_style()  # 44-px controls on a phone
        self.widget = W.VBox([self.style, self.message, self.keeper])
        self.widget.add_class("tl-tables-page")
        self.create_button.on_click(lambda _b: self._spawn(self.create()))
        self.refresh_button.on_click(lambda _b: self._spawn(self.refresh()))
        self.join_button.on_click(lambda _b: self._spawn(self.join_by_name(
            self.table_id, self.join_name.value or (_("Spectator") if self.join_watch else ""),
            watch=self.join_watch)))
        self.signal_button.on_click(lambda _b: self._send({"type": "signal"}))
        self.replay_button.on_click(lambda _b: self.replay())
        self.table.on_action(self.click)
        self.keeper.observe(lambda _c: self._spawn(self._invited()), "loaded")
        self.keeper.on_msg(self._beat)
        self.last_beat: float | None = None
        self.token = ""
        self.asleep = False  # the page stopped beating: the seat was let go
        if start:
            self._show(self.join_box if self.table_id else self.lobby)
            if not self.table_id:
                self._spawn(self.refresh())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------ setup
    @property
    def seat_kinds(self) -> list[W.Dropdown]:
        """The form's seat choices (new dropdowns when the variant changes)."""
        return self.form.seat_kinds

    def body(self) -> dict[str, Any]:
        """The ``POST /truco/api/tables`` body for the choices on the page."""
        return self.form.body()

    def _show(self, *boxes: Any) -> None:
        self.widget.children = (self.style, self.message, self.keeper, *boxes)

    def _client(self) -> TablesClient:
        if self.client is None:
            self.client = TablesClient(self.base)
        return self.client

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        async def guarded() -> None:
            try:
                await coro
            except TrucoError as exc:
                self.message.value = error_html(friendly(str(exc)))
            except Exception as exc:  # never a traceback on the page
                log.debug("tables page error", exc_info=True)
                self.message.value = error_html(_("Sorry, something went wrong ({error}). Try "
                                                  "again.").format(error=type(exc).__name__))
        asyncio.ensure_future(guarded())

    # ------------------------------------------------------------ intents
    async def refresh(self) -> None:
        rows = []
        for t in await self._client().tables():
            names = ", ".join(player_name(p) for p in t["players"])
            text = _("{variant}: {players} (score {ours}–{theirs})").format(
                variant=variant_label(t["variant"]), players=names, ours=t["score"][0],
                theirs=t["score"][1])
            label = W.HTML(f"<span class='tl-open-table'>{escape(text)}</span>")
            join = W.Button(description=_("Join"), disabled=not t["free_seats"])
            watch = W.Button(description=_("Watch"))
            join.on_click(lambda _b, i=t["table"]: self._spawn(self.join_by_name(
                i, self.name.value)))
            watch.on_click(lambda _b, i=t["table"]: self._spawn(self.join_by_name(
                i, self.name.value or _("Spectator"), watch=True)))
            rows.append(W.HBox([label, join, watch]))
        self.tables_list.children = tuple(rows) or (
            _html("p", _("No open table yet.")),)

    async def create(self) -> None:
        if not self.name.value.strip():
            raise TrucoError(_("Write your name first: the others see it at the table."))
        out = await self._client().create(self.body())
        await self.join_by_name(out["table"], self.name.value)

    async def _invited(self) -> None:
        """Once the browser's token for the invite's table is read: back to the seat it
        holds, else the invitation says whether a seat is free (the table's public view)."""
        if not self.keeper.loaded or self.seat is not None:
            return
        if self.keeper.stored:
            await self._enter(self.table_id, self.keeper.stored)
            return
        title, button, self.join_watch = invitation(await self._client().view(self.table_id))
        self.join_title.value = _tag("h3", title)
        self.join_button.description = button

    async def join_by_name(self, table: str, name: str, watch: bool = False) -> None:
        if not name.strip():
            raise TrucoError(_("Write your name first: the others see it at the table."))
        out = await self._client().join(table, name=name, watch=watch)
        await self._enter(table, out["token"])

    async def _enter(self, table: str, token: str) -> None:
        self.table_id = table
        self.token = token
        self.keeper.table = table
        self.keeper.token = token
        self.invite.link = self._invite_link(table)
        self.message.value = ""
        self._show(self.play_box)
        self.seat = await self._client().connect(table, token, self.on_message,
                                                 lang=html_lang())
        asyncio.ensure_future(self._watch())

    # ------------------------------------------------------------ is the person still here?
    def _beat(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.last_beat = time.monotonic()
        if self.asleep and self.token:
            self.asleep = False
            self._spawn(self._enter(self.table_id, self.token))

    async def _watch(self) -> None:
        """Let the seat go when the page stops beating (closed); it comes back with a beat."""
        seat = self.seat
        while self.seat is seat and seat is not None:
            await asyncio.sleep(2)
            if self.last_beat is not None and time.monotonic() - self.last_beat > GONE_AFTER:
                self.asleep = True
                self.seat = None
                seat.close()

    def _invite_link(self, table: str) -> str:
        return invite_link(table, os.environ.get("VOILA_REQUEST_URL", ""))

    def _send(self, msg: dict[str, Any]) -> None:
        if self.seat is not None:
            self.seat.send(msg)

    def click(self, action: str) -> None:
        """A click on the table: a card or button (sent to the service) or ``next-hand``."""
        if action == "next-hand":
            self.showing_over = False
            held, self.held = self.held, []
            if held:
                self.on_message(held[-1])
            return
        if action == "lobby":
            self._show(self.lobby)
            self._spawn(self.refresh())
            return
        self.table.message = ""
        self._send({"type": "act", "action": action})

    def replay(self) -> None:
        """Open the replayer on the last finished hand, as this seat saw it: the server sent
        this seat's observation only, so the cards it never saw stay face down."""
        msg = self.finished_hand
        if msg is None:
            return
        me = msg["seat"]
        names = [player_name(p) for p in msg["players"]]
        names[me] = _("You")
        try:
            board = board_from_observation(msg["observation"], names, seed=msg.get("hand", 0))
            board.last()
            replayer = Replayer(board, HandAnalysis(board, "easy", seed=msg.get("hand", 0),
                                                    reviewed=self.reviews.get(msg.get("hand"))))
        except TrucoError as exc:
            # the engine's reason names seats and notation: it goes to the log, not the page
            log.warning("cannot replay hand: %s", exc)
            self.message.value = error_html(_("This hand cannot be replayed."))
            return
        self.replayer = replayer
        self.replay_box.children = (replayer.widget,)

    def vote(self, action: str) -> None:
        self._send({"type": "vote", "action": action})

    # ------------------------------------------------------------ drawing
    def on_message(self, msg: dict[str, Any]) -> None:
        try:
            self._on_message(msg)
        except Exception:  # a message the page cannot draw must not break the page
            log.debug("cannot draw %r", msg, exc_info=True)

    def _on_message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "error":
            self.table.message = friendly(str(msg.get("message", "")))
        elif kind == "review":
            items = [SimpleNamespace(**i) for i in msg["items"]]
            self.reviews[msg["hand"]] = items  # the replay of that hand shows their numbers
            self.review.value = review_html(items, _("Hand {number}").format(number=msg["hand"]))
        elif kind == "closed":
            self.message.value = error_html(_("The connection to the table was lost: reopen "
                                              "the invite link to get your seat back."))
        elif kind == "state":
            self._draw_players(msg)
            if self.showing_over and not msg["game_over"]:
                self.held.append(msg)
                return
            self.draw(msg)

    def draw(self, msg: dict[str, Any]) -> None:
        self.state = msg
        self.my_seat = msg["seat"]
        nxt = None
        if msg["game_over"]:
            nxt = ("lobby", _("Back to the tables"))
        elif msg["hand_over"]:
            nxt = ("next-hand", _("Next hand"))
            self.showing_over = True
        if msg["hand_over"] and msg["seat"] is not None:
            self.finished_hand = msg
            self.replay_button.layout.display = ""
        self.table.view = state_view(msg, next_action=nxt)
        self._draw_vote(msg)
        self._draw_signals(msg)

    def _draw_players(self, msg: dict[str, Any]) -> None:
        self.players.value = players_html(msg)

    def _draw_vote(self, msg: dict[str, Any]) -> None:
        """The team's vote: its line, and a button a choice. The buttons stay the same while
        the choices do (a partner's vote, a signal or a presence redraws only the line), so a
        click or the keyboard's focus is never lost to a button being replaced."""
        v = msg.get("vote")
        if not v:
            self.vote_box.children = ()
            self._vote_choices = ()
            return
        choices = tuple(v["choices"])
        if self.vote_box.children and choices == self._vote_choices:
            self.vote_line.value = vote_html(msg)
            return
        buttons = []
        for a in choices:
            b = W.Button(description=_("Vote: {choice}").format(choice=action_label(a)),
                         layout=W.Layout(width="auto"))
            b.add_class("tl-vote")
            b.add_class("tl-wrap")
            b.on_click(lambda _b, a=a: self.vote(a))
            buttons.append(b)
        self.vote_line.value = vote_html(msg)
        self._vote_choices = choices
        self.vote_box.children = (self.vote_line, *buttons)

    def _draw_signals(self, msg: dict[str, Any]) -> None:
        me = msg["seat"]
        sigs = msg.get("signals") or []
        if me is None or len(msg["players"]) != 4:
            self.signal_button.layout.display = "none"
            self.signal_text.value = ""
            return
        sent = any(s == me for s, _ in sigs)
        self.signal_button.layout.display = "" if (msg.get("customs") or {}).get("signals") else "none"
        self.signal_button.disabled = sent or not msg.get("may_signal")
        self.signal_text.value = signals_html(msg)
