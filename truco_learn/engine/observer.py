"""What one seat knows (PROTOCOL.md's observation), and rebuilding a hand from it.

>>> from .state import new_hand, step
>>> s = new_hand("paulista-4p", dealer=3, vira="7D",
...              hands=[["3S", "4H", "5C"], ["2H", "KS", "6C"], ["6S", "AH", "JC"], ["QS", "5D", "7C"]])
>>> for a in ["play:3S", "play:2H", "play:6S", "play:5D", "play:4H", "cover:6C"]:
...     s = step(s, a)
>>> observation(s, 2)["log"][-2:], observation(s, 1)["log"][-1]
([[0, 'play:4H'], [1, 'cover']], [1, 'cover:6C'])
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..errors import InvalidDealError, TrucoError
from .actions import ACTION_STR, BLIND, COVER, RAISE, parse_action
from .cards import DECK, card_str, parse_card
from .match import shuffle_cards
from .options import Options, make_options
from .public_points import (PointsConstraint, build_candidates, draw_constrained, fill_hands,
                            public_points)
from .state import ELEVEN, IRON, NORMAL, HandState, hand_mode, new_hand, played_cards, step


def public_log(s: HandState, seat: int | None, blind_as_card: bool = True) -> list[list[Any]]:
    """The log as ``seat`` sees it (``None``: the referee, who sees every covered card).

    Blind plays show the card they turned up (or stay ``blind:i`` with ``blind_as_card`` off,
    as in the replay log); other seats' covered cards show no card.
    """
    landed = iter(played_cards(s))
    out: list[list[Any]] = []
    for who, code in s.log:
        if code < RAISE:
            _, card, up = next(landed)
            if code >= BLIND and not blind_as_card:
                text = ACTION_STR[code]
            elif up:
                text = "play:" + card_str(card)
            elif seat is None or who == seat:
                text = "cover:" + card_str(card)
            else:
                text = "cover"
        else:
            text = ACTION_STR[code]
        out.append([who, text])
    return out


def partner_visible(seats: int, mode: int, eleven_team: int | None, seat: int) -> bool:
    """Whether ``seat`` sees its partner's cards: only the deciding team in a hand of eleven
    at four seats (RULES.md). ``mode`` and ``eleven_team`` as :func:`~.state.hand_mode` gives.

    >>> partner_visible(4, ELEVEN, 1, 3), partner_visible(4, ELEVEN, 1, 2)
    (True, False)
    >>> partner_visible(2, ELEVEN, 1, 1), partner_visible(4, NORMAL, None, 0)
    (False, False)
    """
    return seats == 4 and mode == ELEVEN and seat % 2 == eleven_team


def can_see_partner(s: HandState, seat: int) -> bool:
    d = s.deal
    return partner_visible(d.opts.seats, d.mode, d.eleven_team, seat)


def observation(s: HandState, seat: int) -> dict[str, Any]:
    """Exactly what ``seat`` may know, as a JSON-ready dict (PROTOCOL.md)."""
    d = s.deal
    iron = d.mode == IRON
    partner = None
    if can_see_partner(s, seat):
        partner = [card_str(c) for c in d.hands[(seat + 2) % 4]]
    out = {
        "variant": d.opts.variant,
        "options": d.opts.overrides(),
        "seat": seat,
        "dealer": d.dealer,
        "score": list(d.score),
        "vira": None if d.vira is None else card_str(d.vira),
        "hand": None if iron else [card_str(c) for c in d.hands[seat]],
        "partner_hand": partner,
        "log": public_log(s, seat),
    }
    if d.opts.envido or d.opts.flor:
        out.update(public_points(s.ext, d.opts.flor))
    return out


@dataclass(frozen=True, slots=True)
class Observed:
    """A parsed, checked observation (cards as codes)."""

    opts: Options
    seat: int
    dealer: int
    score: tuple[int, int]
    vira: int | None
    hand: tuple[int, ...] | None
    partner_hand: tuple[int, ...] | None
    log: tuple[tuple[int, str, int | None], ...]  # (seat, kind, card): kind play/cover/other
    flor_seats: tuple[int, ...] = ()
    envido_values: tuple[int, int] | None = None
    envido_winner: int | None = None

    def known_cards(self) -> set[int]:
        """Cards this seat has seen: vira, own and partner's hand, every card shown."""
        known = set(self.hand or ()) | set(self.partner_hand or ())
        if self.vira is not None:
            known.add(self.vira)
        known.update(c for _, _, c in self.log if c is not None)
        return known


def _bad(msg: str) -> TrucoError:
    return TrucoError(f"bad observation: {msg}")


def parse_observation(obs: Mapping[str, Any]) -> Observed:
    """Check and parse an observation dict; raise TrucoError (or a subclass) when malformed."""
    if not isinstance(obs, Mapping):
        raise _bad(f"expected an object, got {obs!r}")
    opts = make_options(obs.get("variant"), obs.get("options") or {})  # type: ignore[arg-type]
    seat = obs.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < opts.seats:
        raise _bad(f"seat {seat!r} is not a seat")
    dealer = obs.get("dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < opts.seats:
        raise _bad(f"dealer {dealer!r} is not a seat")
    score = obs.get("score", [0, 0])
    if (not isinstance(score, list) or len(score) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in score)):
        raise _bad(f"score {score!r} must be two whole numbers")
    vira = obs.get("vira")
    vira_code = None if vira is None else parse_card(vira)

    def cards(x: Any, what: str) -> tuple[int, ...] | None:
        if x is None:
            return None
        if not isinstance(x, list) or len(x) != 3:
            raise _bad(f"{what} must be 3 cards, got {x!r}")
        return tuple(parse_card(c) for c in x)

    log: list[tuple[int, str, int | None]] = []
    raw_log = obs.get("log", [])
    if not isinstance(raw_log, list):
        raise _bad(f"log must be a list, got {raw_log!r}")
    for entry in raw_log:
        if (not isinstance(entry, list) or len(entry) != 2 or isinstance(entry[0], bool)
                or not isinstance(entry[0], int) or not isinstance(entry[1], str)):
            raise _bad(f"log entry {entry!r} must be [seat, action]")
        who, text = entry
        if not 0 <= who < opts.seats:
            raise _bad(f"log entry {entry!r}: {who} is not a seat")
        if text == "cover":
            log.append((who, "cover", None))
            continue
        _, code = parse_action(text)
        if code < COVER:
            log.append((who, "play", code))
        elif code < BLIND:
            log.append((who, "cover", code - COVER))
        elif code < RAISE:
            raise _bad(f"log entry {entry!r}: blind plays appear as the card they turned up")
        else:
            log.append((who, ACTION_STR[code], None))
    for who in range(opts.seats):
        if sum(1 for w, kind, _ in log if w == who and kind in ("play", "cover")) > 3:
            raise _bad(f"seat {who} plays more than its three cards in the log")
    flor_seats = obs.get("flor_seats") or []
    if (not isinstance(flor_seats, list) or any(
            isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < opts.seats
            for v in flor_seats)):
        raise _bad(f"flor_seats {flor_seats!r} must be a list of seats")
    values = obs.get("envido_values")
    if values is not None and (
            not isinstance(values, list) or len(values) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 33
                   for v in values)):
        raise _bad(f"envido_values {values!r} must be two envido values (0 to 33)")
    winner = obs.get("envido_winner")
    if winner is not None and winner not in (0, 1):
        raise _bad(f"envido_winner {winner!r} must be a team (0 or 1)")
    return Observed(opts, seat, dealer, (score[0], score[1]), vira_code,
                    cards(obs.get("hand"), "hand"), cards(obs.get("partner_hand"), "partner_hand"),
                    tuple(log), tuple(sorted(set(flor_seats))),
                    None if values is None else (values[0], values[1]), winner)


def rebuild_hand(ob: Observed, hands: Sequence[Sequence[int]],
                 covered: Mapping[int, Sequence[int]] | None = None) -> HandState:
    """Replay the observed log over a full deal consistent with it.

    ``hands[seat]`` are dealt cards (for the iron hand, each seat's played cards must come
    first, in the order they were played); ``covered[seat]`` are the cards behind that seat's
    hidden covered plays, in order. Raises a TrucoError when the deal does not fit the log.
    """
    s = new_hand(ob.opts, ob.dealer, hands, ob.vira, ob.score)
    queues = {k: list(v) for k, v in (covered or {}).items()}
    for who, kind, card in ob.log:
        if who != s.to_act:
            raise InvalidDealError(f"log names seat {who} but seat {s.to_act} was to act")
        if kind == "play":
            assert card is not None
            if s.deal.mode == IRON:
                left = s.left[who]
                if card not in left:
                    raise InvalidDealError(f"seat {who} never held {card_str(card)}")
                s = step(s, BLIND + left.index(card))
            else:
                s = step(s, card)
        elif kind == "cover":
            if card is None:
                q = queues.get(who)
                if not q:
                    raise InvalidDealError(f"no card given for seat {who}'s covered play")
                card = q.pop(0)
            s = step(s, COVER + card)
        else:
            s = step(s, parse_action(kind)[1])
    return s


@dataclass(frozen=True, slots=True)
class HiddenCards:
    """What an observation leaves unknown, worked out once so that deals can be drawn fast:
    the seats whose cards are seen, the unseen cards, and each seat's plays in order (``None``
    for a covered card this seat did not see)."""

    visible: Mapping[int, tuple[int, ...]]
    pool: tuple[int, ...]
    played: tuple[tuple[int | None, ...], ...]
    points: PointsConstraint | None = None  # a public flor or envido narrows the deal
    # how many unseen cards a deal takes from the end of the pool (fill_hands); None: all
    needed: int | None = None

    @classmethod
    def of(cls, ob: Observed) -> "HiddenCards":
        """Worked out once per observation (cached: a public envido makes it costly)."""
        return _hidden_of(ob)

    @classmethod
    def _build(cls, ob: Observed) -> "HiddenCards":
        n = ob.opts.seats
        visible: dict[int, tuple[int, ...]] = {}
        if ob.hand is not None:
            visible[ob.seat] = ob.hand
        if ob.partner_hand is not None:
            visible[(ob.seat + 2) % n] = ob.partner_hand
        known = ob.known_cards()
        played: list[list[int | None]] = [[] for _ in range(n)]
        for who, kind, card in ob.log:
            if kind in ("play", "cover"):
                played[who].append(card)
        pool = tuple(c for c in DECK if c not in known)
        frozen = tuple(tuple(p) for p in played)
        flor_rule = ob.opts.flor and hand_mode(ob.opts, ob.score)[0] == NORMAL
        if not flor_rule and ob.envido_values is None:
            needed = sum(seq.count(None) + 3 - len(seq)
                         for seat, seq in enumerate(frozen) if seat not in visible)
            return cls(visible, pool, frozen, needed=needed)
        counted: list[int] = list(range(n))
        for who, kind, _ in ob.log:
            if kind in ("envido", "real_envido", "falta_envido"):
                break
            if kind == "drop":
                counted.remove(who)
        c = PointsConstraint(flor_rule, frozenset(ob.flor_seats), ob.envido_values,
                             tuple(counted))
        return cls(visible, pool, frozen, build_candidates(c, visible, frozen, pool))

    def draw(self, rng: random.Random) -> tuple[list[list[int]], dict[int, list[int]]]:
        """Dealt hands and the cards behind hidden covered plays, the unseen cards shuffled
        with ``rng`` (for :func:`rebuild_hand`; in an iron hand played cards come first)."""
        if self.points is not None:
            return draw_constrained(self.points, dict(self.visible), self.played, self.pool,
                                    rng)
        pool = list(self.pool)
        # rng.shuffle(pool), inlined; only the end of the pool, where the deal is taken
        # from, is shuffled in full
        shuffle_cards(pool, rng, tail=self.needed)
        return fill_hands(dict(self.visible), self.played, pool, {}, rng)


@functools.lru_cache(maxsize=64)
def _hidden_of(ob: Observed) -> HiddenCards:
    return HiddenCards._build(ob)


def determinize(ob: Observed, rng: random.Random) -> HandState:
    """A full hand consistent with the observation: every card this seat has not seen is dealt
    uniformly at random (``rng``) to the hidden places, then the log is replayed.

    This is the plain sampler; a bot may weight the deals it draws (for example by betting).
    """
    hands, covered = HiddenCards.of(ob).draw(rng)
    return rebuild_hand(ob, hands, covered)
