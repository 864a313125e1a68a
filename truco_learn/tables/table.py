"""One table: its seats, the people who joined, the match the engine drives, votes and signals.

Everything here is synchronous and deterministic: the service (``service.py``) adds the clock,
the connections and the bots' threads. Each change is written to the store before it is
applied, so a table rebuilt from the store (:meth:`Table.restore`) is the same table.

>>> t = Table.create(new_table_spec("t1", {"variant": "paulista-2p", "seats": ["human", "bot:random"]}, 5))
>>> seat, token, _ = t.join("Ana")
>>> seat, t.names()
(0, ['Ana', 'Random bot'])
>>> t.state_for(1)["legal"] == [] or t.state_for(0)["legal"] == []
True
>>> t.join("Bia")[0] is None   # the only human seat is taken: a spectator
True

A seated name is one name, however its case, accents or spaces are typed:

>>> t = Table.create(new_table_spec("t2", {"variant": "paulista-2p", "seats": ["human", "human"]}, 5))
>>> t.join("Ana")[0]
0
>>> try:
...     t.join(" aná ")
... except TableConflict as exc:
...     print(exc)
the name 'aná' is already taken at this table by Ana; choose another, e.g. 'aná B.'
>>> t.join(" aná ", watch=True)[0] is None   # a spectator is shown nowhere: any name will do
True
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..bots import BOT_NAMES
from ..engine.match import Match, new_match
from ..engine.observer import observation, public_log
from ..names import hidden_characters, name_key, other_name, tidy_name
from ..engine.options import make_options
from ..engine.state import HandState, legal_actions
from ..errors import ConfigError, IllegalActionError, TrucoError
from .customs import is_team_decision, may_signal, run_action, signal_for, voters
from .store import StoredTable

__all__ = ["Table", "TableConflict", "TableError", "new_table_spec", "LEVELS"]

LEVELS = ("easy", "normal", "strong")
_BODY_KEYS = {"variant", "options", "seats", "votes", "signals", "level", "review"}
MAX_NAME = 40


class TableError(TrucoError):
    """A request a table refuses (bad body, unknown seat, not your turn...)."""


class TableConflict(TableError):
    """A join that asks for what someone else holds: a taken seat, a taken name (HTTP 409)."""


def _random_bot_seed(seed: int, seat: int) -> int:
    return (seed * 7919 + seat * 104729) % (2**31)


def new_table_spec(table_id: str, body: Any, seed: int) -> StoredTable:
    """Check a ``POST /truco/api/tables`` body and make the table's stored form; raise
    TableError (message says what is wrong) for anything that is not a table."""
    if not isinstance(body, Mapping):
        raise TableError("the body must be a JSON object such as {\"variant\": \"paulista-2p\", "
                         "\"seats\": [\"human\", \"bot:coach\"]}")
    unknown = sorted(set(body) - _BODY_KEYS)
    if unknown:
        raise TableError(f"unknown field {unknown[0]!r} (known: {', '.join(sorted(_BODY_KEYS))})")
    variant = body.get("variant", "paulista-2p")
    options = body.get("options", {})
    options = {} if options is None else options
    if not isinstance(options, Mapping):
        raise TableError(f"options must be an object, not {options!r}")
    try:
        opts = make_options(variant, options)
    except ConfigError as exc:
        raise TableError(str(exc)) from None
    seats = body.get("seats", ["human"] + ["bot:coach"] * (opts.seats - 1))
    if not isinstance(seats, list) or len(seats) != opts.seats:
        raise TableError(f"seats must be a list of {opts.seats} entries for {variant}, "
                         f"not {seats!r}")
    for s in seats:
        if s == "human":
            continue
        if not isinstance(s, str) or not s.startswith("bot:") or s[4:] not in BOT_NAMES:
            raise TableError(f"bad seat {s!r}: each seat is \"human\" or \"bot:NAME\" with NAME "
                             f"one of {', '.join(BOT_NAMES)}")
    flags = {}
    for key in ("votes", "signals", "review"):
        value = body.get(key, key == "review")
        if not isinstance(value, bool):
            raise TableError(f"{key} must be true or false, not {value!r}")
        flags[key] = value
    if (flags["votes"] or flags["signals"]) and opts.seats != 4:
        raise TableError("votes and signals are customs of four-seat tables; "
                         f"{variant} has {opts.seats} seats")
    level = body.get("level", "easy")
    if level not in LEVELS:
        raise TableError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    created = dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")
    return StoredTable(table_id, variant, dict(options), list(seats), flags["votes"],
                       flags["signals"], seed, created, {"level": level,
                                                         "review": flags["review"]})


@dataclass
class Vote:
    """The answering team's vote: the choices and who voted what."""

    seats: tuple[int, int]
    legal: list[str]
    cast: dict[int, str] = field(default_factory=dict)

    def decided(self) -> str | None:
        mine = [self.cast.get(s) for s in self.seats]
        return mine[0] if mine[0] is not None and mine[0] == mine[1] else None


class Table:
    """A table's whole state; the engine's :class:`Match` decides every rule."""

    def __init__(self, spec: StoredTable) -> None:
        import random

        self.spec = spec
        self.id = spec.table_id
        self.opts = make_options(spec.variant, spec.options)
        self.rng = random.Random(spec.seed)
        self.match: Match = new_match(self.opts, self.rng)
        self.level: str = spec.extra.get("level", "easy")
        self.review_on: bool = bool(spec.extra.get("review", True))
        self.players: dict[str, tuple[int | None, str]] = {}  # token -> (seat, name)
        self.seat_token: dict[int, str] = {}
        self.events: list[tuple[int, str, str]] = []
        self.signals: list[tuple[int, int, str]] = []  # (hand, seat, signal)
        self.vote: Vote | None = None
        self.on_event: Any = None  # set by the service: store.append_event
        self.presence: dict[int, str] = {}  # seat -> "here" | "gone" | "bot" (set by the service)
        self._vote_for()

    @classmethod
    def create(cls, spec: StoredTable) -> "Table":
        return cls(spec)

    @classmethod
    def restore(cls, spec: StoredTable, players: list[tuple[str, int | None, str]],
                events: list[tuple[int, str, str]]) -> "Table":
        """Rebuild a stored table by replaying its events through the engine."""
        t = cls(spec)
        for token, seat, name in players:
            t.players[token] = (seat, name)
            if seat is not None:
                t.seat_token[seat] = token
        for seat, kind, value in events:
            t._apply(seat, kind, value)
        return t

    # ------------------------------------------------------------------ seats

    @property
    def seats(self) -> list[str]:
        return self.spec.seats

    def is_bot_seat(self, seat: int) -> bool:
        return self.seats[seat] != "human"

    def bot_name(self, seat: int) -> str:
        return self.seats[seat][4:] if self.is_bot_seat(seat) else "coach"

    def names(self) -> list[str]:
        out = []
        for seat, kind in enumerate(self.seats):
            if kind != "human":
                out.append(f"{kind[4:].replace('-', ' ').capitalize()} bot")
            elif seat in self.seat_token:
                out.append(self.players[self.seat_token[seat]][1])
            else:
                out.append("(free seat)")
        return out

    def free_seats(self) -> list[int]:
        return [s for s, k in enumerate(self.seats) if k == "human" and s not in self.seat_token]

    def join(self, name: Any, seat: Any = None, token: Any = None,
             watch: bool = False) -> tuple[int | None, str, bool]:
        """A person joins: ``(seat or None for a spectator, token, new)``. With a known token,
        the person gets their place back (``new`` false); ``watch``: join as a spectator."""
        if token is not None:
            if not isinstance(token, str) or token not in self.players:
                raise TableError("unknown token for this table (join without a token to get one)")
            return self.players[token][0], token, False
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise TableError(f"name must be a non-empty text of at most {MAX_NAME} characters, "
                             f"not {name!r}")
        if hidden_characters(name.strip()):
            # NUL, escapes, zero-width or right-to-left marks, half a character: another
            # player's line would be hidden or reversed, and a database cannot store some
            raise TableError(f"name must not hold control or invisible characters, not {name!r}")
        name = tidy_name(name)
        free = self.free_seats()
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, int) or not (
                    0 <= seat < len(self.seats)):
                raise TableError(f"seat must be a seat number 0-{len(self.seats) - 1}, "
                                 f"not {seat!r}")
            if seat not in free and free and not watch:
                held = "played by the" if self.is_bot_seat(seat) else "taken by"
                raise TableConflict(f"seat {seat} is {held} {self.names()[seat]}; free seats: "
                                    f"{', '.join(map(str, free))}")
            # none free, or asked to watch: a spectator
            chosen: int | None = seat if seat in free and not watch else None
        else:
            chosen = free[0] if free and not watch else None
        key = name_key(name)
        # only the seated and the bots are named to everyone (a spectator is shown nowhere):
        # two watchers, or a watcher named as a player, confuse nobody, and the page's
        # unnamed watchers all share one name
        shown = {name_key(n): n for s, n in enumerate(self.names())
                 if self.is_bot_seat(s) or s in self.seat_token}
        if chosen is not None and key in shown:
            raise TableConflict(f"the name '{name}' is already taken at this table by "
                                f"{shown[key]}; choose another, "
                                f"e.g. '{other_name(name, shown, MAX_NAME)}'")
        token = secrets.token_urlsafe(16)
        self.players[token] = (chosen, name)
        if chosen is not None:
            self.seat_token[chosen] = token
        return chosen, token, True

    def forget(self, token: str) -> None:
        """Undo a join the store could not write (nothing changed)."""
        seat, _ = self.players.pop(token)
        if seat is not None and self.seat_token.get(seat) == token:
            del self.seat_token[seat]

    def seat_of(self, token: str) -> int | None:
        return self.players[token][0]

    # ------------------------------------------------------------------ play

    @property
    def hand(self) -> HandState:
        return self.match.hand

    @property
    def hand_number(self) -> int:
        return len(self.match.history) + 1

    def legal(self, seat: int) -> list[str]:
        h = self.hand
        if self.match.over or h.to_act != seat:
            return []
        return legal_actions(h)

    def _record(self, seat: int, kind: str, value: str) -> None:
        if self.on_event is not None:
            self.on_event(self.id, len(self.events), seat, kind, value)

    def _apply(self, seat: int, kind: str, value: str) -> None:
        if kind == "signal":
            self.signals.append((self.hand_number, seat, value))
        else:
            self.match = self.match.apply(value, self.rng)
            self._vote_for()
        self.events.append((seat, kind, value))

    def act(self, seat: int, action: Any) -> str:
        """Apply ``seat``'s action through the engine (stored first); return it canonical.
        Raise IllegalActionError (nothing changed) when it is not legal for that seat now."""
        from ..engine.actions import action_str, parse_action

        if not isinstance(action, str):
            raise IllegalActionError(f"the action must be a text such as \"play:4C\", "
                                     f"not {action!r}")
        if self.match.over:
            raise IllegalActionError(f"{action} is not legal: the match is over")
        h = self.hand
        if h.to_act != seat:
            raise IllegalActionError(f"{action} is not legal now: it is not your turn "
                                     f"({self.names()[h.to_act]} is to act)")
        try:
            said, code = parse_action(action)
        except TrucoError as exc:
            raise IllegalActionError(f"{action!r} is not an action: {exc}") from None
        canon = action_str(code)
        if said is not None and said != seat or canon not in legal_actions(h):
            raise IllegalActionError(f"{action} is not legal now; legal: "
                                     f"{' '.join(legal_actions(h))}")
        self._record(seat, "act", canon)
        self._apply(seat, "act", canon)
        return canon

    def send_signal(self, seat: int) -> str:
        """``seat`` signals its best card to its partner (signals on, its turn, not iron)."""
        if not self.spec.signals:
            raise TableError("signals are off at this table")
        h = self.hand
        if any(k == self.hand_number and s == seat for k, s, _ in self.signals):
            raise TableError("you have already signalled in this hand")
        if not self.may_signal(seat):
            raise TableError("you may signal only on your own turn, and not in an iron hand")
        value = signal_for(h, seat)
        self._record(seat, "signal", value)
        self._apply(seat, "signal", value)
        return value

    def may_signal(self, seat: int) -> bool:
        """Whether ``seat`` may send its signal now."""
        return (self.spec.signals and not self.match.over and may_signal(self.hand, seat)
                and not any(k == self.hand_number and s == seat for k, s, _ in self.signals))

    def signals_seen(self, seat: int | None) -> list[list[Any]]:
        """This hand's signals ``seat`` may see: its own and its partner's."""
        if seat is None:
            return []
        return [[s, v] for k, s, v in self.signals
                if k == self.hand_number and s % 2 == seat % 2]

    # ------------------------------------------------------------------ votes

    def _vote_for(self) -> None:
        h = self.hand
        if self.spec.votes and not self.match.over and is_team_decision(h):
            if self.vote is None or self.vote.seats[0] != h.to_act or self.vote.legal != (
                    legal_actions(h)):
                self.vote = Vote(voters(h), legal_actions(h))
        else:
            self.vote = None

    def cast_vote(self, seat: int, action: Any) -> str | None:
        """Record ``seat``'s vote; return the team's action once both partners agree."""
        v = self.vote
        if v is None or seat not in v.seats:
            raise TableError("there is no vote for you now")
        if not isinstance(action, str) or action not in v.legal:
            raise TableError(f"vote one of {' '.join(v.legal)}, not {action!r}")
        v.cast[seat] = action
        return v.decided()

    def vote_timeout(self) -> str:
        """The 10 seconds ran out without agreement: the team runs."""
        assert self.vote is not None
        return run_action(self.vote.legal)

    # ------------------------------------------------------------------ views

    def public_observation(self, h: HandState) -> dict[str, Any]:
        """A spectator's observation: no seat, no hand, no covered card."""
        ob = observation(h, 0)
        ob.update({"seat": None, "hand": None, "partner_hand": None,
                   "log": public_log(h, -1)})
        return ob

    def state_for(self, seat: int | None, hand: HandState | None = None,
                  number: int | None = None) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (``None``: a spectator); ``hand``: a finished
        hand to show instead of the current one."""
        finished = hand is not None
        h = hand if hand is not None else self.hand
        ob = observation(h, seat) if seat is not None else self.public_observation(h)
        over = self.match.over and not finished or (finished and h.game_over)
        msg: dict[str, Any] = {
            "type": "state", "seat": seat, "observation": ob,
            "to_act": None if h.over else h.to_act,
            "legal": [] if finished or seat is None else self.legal(seat),
            "score": list(h.score), "hand": number if number is not None else self.hand_number,
            "hand_over": h.over, "game_over": over,
            "game_winner": h.game_winner if over else None,
            "table": self.id, "players": self.player_list(),
            "signals": self.signals_seen(seat) if not finished else [],
            "vote": None, "customs": {"votes": self.spec.votes, "signals": self.spec.signals},
            "may_signal": not finished and seat is not None and self.may_signal(seat),
        }
        v = self.vote
        if not finished and v is not None and seat is not None and seat in v.seats:
            msg["vote"] = {"seats": list(v.seats), "choices": v.legal,
                           "votes": {str(s): a for s, a in v.cast.items()}}
        return msg

    def player_list(self) -> list[dict[str, Any]]:
        names = self.names()
        return [{"seat": s, "name": names[s], "kind": "human" if k == "human" else "bot",
                 "bot": None if k == "human" else k[4:], "joined": k != "human" or
                 s in self.seat_token, "presence": "bot" if k != "human" else
                 self.presence.get(s, "free" if s not in self.seat_token else "gone")}
                for s, k in enumerate(self.seats)]

    def public_view(self) -> dict[str, Any]:
        """``GET /truco/api/tables/ID``: what anyone may see."""
        h = self.hand
        return {
            "table": self.id, "variant": self.spec.variant, "options": self.spec.options,
            "votes": self.spec.votes, "signals": self.spec.signals,
            "players": self.player_list(), "score": list(h.score),
            "hand": self.hand_number, "log": public_log(h, -1),
            "to_act": None if h.over else h.to_act, "game_over": self.match.over,
            "game_winner": self.match.winner,
            "spectators": sum(1 for s, _ in self.players.values() if s is None),
        }
