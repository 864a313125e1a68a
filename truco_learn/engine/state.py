"""The hand: a frozen state, legal actions and one validating ``step``.

Build a hand from a deal, then step through it:

>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> legal_actions(s)
['play:3S', 'play:4H', 'play:QC', 'raise']
>>> s = step(step(s, "raise"), "accept")
>>> s.stake, s.to_act
(3, 0)
>>> s = step(step(s, "play:QC"), "play:2H")     # QC is the zap with vira 7D
>>> s.tricks[0].result, s.to_act
(0, 0)
>>> step(s, "accept")
Traceback (most recent call last):
...
truco_learn.errors.IllegalActionError: accept is not legal for seat 0; legal: play:3S play:4H in <paulista-2p hand: dealer 1, score 0-0, trick 2, stake 3, seat 0 to act>
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Sequence

from ..errors import IllegalActionError, InvalidDealError, InvalidNotationError
from .actions import (ACCEPT, ACTION_STR, BLIND, COVER, FOLD, ONZE_FOLD, ONZE_PLAY, RAISE,
                      parse_action)
from .cards import NUM_CARDS, card_str, parse_card, strength_table, without_card
from .options import Options, make_options
from .tricks import ALL_TIED, hand_outcome, trick_outcome, trick_top

if TYPE_CHECKING:
    from .extended import ExtState

NORMAL, ELEVEN, IRON = 0, 1, 2
MODE_NAMES = ("normal", "eleven", "iron")
_ZERO = (0, 0)


class Trick(NamedTuple):
    """A finished trick: its leader, the plays ``(seat, card, face_up)``, and the result
    (winning team, or -1 when tied)."""

    leader: int
    plays: tuple[tuple[int, int, bool], ...]
    result: int


@dataclass(frozen=True, slots=True, eq=False)
class Deal:
    """What is fixed for the whole hand: rules, dealer, scores, the dealt cards and the vira."""

    opts: Options
    dealer: int
    score: tuple[int, int]
    hands: tuple[tuple[int, ...], ...]
    vira: int | None
    mode: int
    raises: bool
    strength: tuple[int, ...]
    mao: int
    eleven_team: int
    decider: int
    next_stake: dict[int, int]

    @property
    def seats(self) -> int:
        return self.opts.seats


class HandState(NamedTuple):
    """One moment of a hand. Never mutated: :func:`step` returns a new state.

    An immutable typed record (a ``NamedTuple`` rather than a frozen dataclass: random play
    builds one per action, and a tuple is built six times faster); change fields with
    ``_replace``."""

    deal: Deal
    left: tuple[tuple[int, ...], ...]  # cards still in each seat's hand, in dealt order
    log: tuple[tuple[int, int], ...]  # (seat, action code) of every applied action
    leader: int  # leader of the current trick
    cur: tuple[tuple[int, int, bool], ...]  # plays of the current trick
    tricks: tuple[Trick, ...]  # finished tricks
    to_act: int  # -1 once the hand is over
    stake: int
    pending: tuple[int, int] | None  # (raising team, proposed value)
    origin: int  # seat that plays its card once the raise exchange ends
    last_raise_team: int  # team of the last accepted raise, -1 if none
    onze_pending: bool  # the hand-of-eleven decision is still to be taken
    exposed: tuple[int, int] | None  # (team, cards on the table) at this trick's last raise
    winner: int  # team that won the hand, -1 if none (yet)
    points: tuple[int, int]
    redeal: bool
    ext: ExtState | None = None  # envido, flor, dropping out (extended.py); None: fast path

    @property
    def over(self) -> bool:
        return self.to_act < 0

    @property
    def opts(self) -> Options:
        return self.deal.opts

    @property
    def score(self) -> tuple[int, int]:
        """Team scores after this hand's points."""
        s, p = self.deal.score, self.points
        return (s[0] + p[0], s[1] + p[1])

    @property
    def game_over(self) -> bool:
        t = self.deal.opts.target
        s = self.score
        return s[0] >= t or s[1] >= t

    @property
    def game_winner(self) -> int | None:
        t = self.deal.opts.target
        s = self.score
        return 0 if s[0] >= t else 1 if s[1] >= t else None

    def __repr__(self) -> str:
        d = self.deal
        where = "over" if self.over else f"seat {self.to_act} to act"
        return (f"<{d.opts.variant} hand: dealer {d.dealer}, score {d.score[0]}-{d.score[1]}, "
                f"trick {len(self.tricks) + 1}, stake {self.stake}, {where}>")

    def __str__(self) -> str:
        return self.__repr__()


def hand_mode(opts: Options, score: Sequence[int]) -> tuple[int, bool, int]:
    """``(mode, raises allowed, eleven team)`` for a hand starting at ``score``."""
    a, b = score[0] >= opts.eleven_at, score[1] >= opts.eleven_at
    if a and b:
        return (IRON, False, -1) if opts.iron else (NORMAL, False, -1)
    if a or b:
        return (ELEVEN, False, 0 if a else 1) if opts.eleven else (NORMAL, True, -1)
    return NORMAL, True, -1


def _card(x: object) -> int:
    if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < NUM_CARDS:
        return x
    return parse_card(x)


def new_hand(options: Options | str, dealer: int, hands: Sequence[Sequence[object]],
             vira: object = None, score: Sequence[int] = (0, 0)) -> HandState:
    """The state at the start of a hand with the given deal (cards as strings or codes).

    Raises InvalidDealError for a deal that cannot be, InvalidNotationError for a bad card.
    """
    opts = make_options(options) if isinstance(options, str) else options
    n = opts.seats
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise InvalidDealError(f"dealer {dealer!r} is not a seat (0..{n - 1})")
    if (not isinstance(score, (list, tuple)) or len(score) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in score)):
        raise InvalidDealError(f"score {score!r} must be two whole numbers")
    if any(not 0 <= v < opts.target for v in score):
        raise InvalidDealError(f"score {list(score)!r} must be between 0 and {opts.target - 1}")
    if not isinstance(hands, (list, tuple)) or len(hands) != n:
        raise InvalidDealError(f"{opts.variant} needs {n} hands, got "
                               f"{len(hands) if isinstance(hands, (list, tuple)) else hands!r}")
    dealt: list[tuple[int, ...]] = []
    for seat, h in enumerate(hands):
        if not isinstance(h, (list, tuple)) or len(h) != 3:
            raise InvalidDealError(f"hand of seat {seat} must have 3 cards, got {h!r}")
        dealt.append(tuple(_card(c) for c in h))
    vira_code: int | None = None
    if opts.manilhas == "vira":
        if vira is None:
            raise InvalidDealError(f"{opts.variant} needs a vira")
        vira_code = _card(vira)
    elif vira is not None:
        raise InvalidDealError(f"{opts.variant} has fixed manilhas and no vira, got {vira!r}")
    seen: set[int] = set()
    for c in [c for h in dealt for c in h] + ([] if vira_code is None else [vira_code]):
        if c in seen:
            raise InvalidDealError(f"card {card_str(c)} is dealt twice")
        seen.add(c)
    return dealt_hand(opts, dealer, tuple(dealt), vira_code, (score[0], score[1]))


_NEXT_STAKE: dict[tuple[int, ...], dict[int, int]] = {}


def dealt_hand(opts: Options, dealer: int, hands: Sequence[tuple[int, ...]], vira: int | None,
               score: tuple[int, int]) -> HandState:
    """The start of a hand from a deal already known to be valid (codes, the vira as the
    options want it, scores below the target): :func:`new_hand` after its checks, and the
    match driver's fast path."""
    n = opts.seats
    mode, raises, eleven_team = hand_mode(opts, score)
    mao = (dealer + 1) % n
    decider = -1
    if mode == ELEVEN:
        decider = mao if mao % 2 == eleven_team else (mao + 1) % n
    ladder = opts.ladder
    next_stake = _NEXT_STAKE.get(ladder)
    if next_stake is None:  # shared, never changed
        next_stake = _NEXT_STAKE[ladder] = {ladder[i]: ladder[i + 1]
                                            for i in range(len(ladder) - 1)}
    dealt = tuple(hands)
    deal = Deal(opts, dealer, score, dealt, vira, mode, raises,
                strength_table(opts.manilhas, vira), mao, eleven_team, decider, next_stake)
    stake = ladder[0] if mode == NORMAL else opts.eleven_value if mode == ELEVEN else \
        opts.iron_value
    to_act = decider if mode == ELEVEN else mao
    if mode == NORMAL and opts.extended:
        s = HandState(deal, dealt, (), mao, (), (), to_act, stake, None, -1, -1, False, None,
                      -1, _ZERO, False, EMPTY)
        return ext_start(s) if opts.flor else s
    return HandState(deal, dealt, (), mao, (), (), to_act, stake, None, -1, -1,
                     mode == ELEVEN, None, -1, _ZERO, False)


# ---------------------------------------------------------------- legal actions

def legal_codes(s: HandState) -> list[int]:
    """Legal action codes, unsorted (the fast path for bots)."""
    if s.ext is not None:
        return ext_legal(s)
    seat = s.to_act
    if seat < 0:
        return []
    if s.onze_pending:
        return [ONZE_PLAY, ONZE_FOLD]
    d = s.deal
    pending = s.pending
    if pending is not None:
        value = pending[1]
        if (value in d.next_stake and not (
                d.opts.no_pointless_raise and d.score[seat & 1] + value >= d.opts.target)):
            return [ACCEPT, FOLD, RAISE]
        return [ACCEPT, FOLD]
    left = s.left[seat]
    if d.mode == IRON:
        if d.opts.iron_choice == "top":
            return [BLIND]
        return [BLIND + i for i in range(len(left))]
    acts = list(left)
    if s.tricks and d.opts.covered_cards:
        acts += [COVER + c for c in left]
    if (d.raises and s.last_raise_team != seat & 1 and s.stake in d.next_stake and not (
            d.opts.no_pointless_raise and d.score[seat & 1] + s.stake >= d.opts.target)):
        acts.append(RAISE)
    return acts


def legal_actions(s: HandState) -> list[str]:
    """Legal actions as PROTOCOL.md strings, sorted; ``[]`` once the hand is over."""
    return sorted(ACTION_STR[c] for c in legal_codes(s))


# ---------------------------------------------------------------- transitions

def step(s: HandState, action: str | int) -> HandState:
    """Apply one action (string, optionally ``seat:``-prefixed, or code) after checking it.

    Raises InvalidNotationError for a string that is no action and IllegalActionError for an
    action that is not legal now; ``s`` is never changed.
    """
    seat: int | None = None
    if isinstance(action, str):
        seat, code = parse_action(action)
    elif isinstance(action, int) and not isinstance(action, bool) and 0 <= action < len(
            ACTION_STR) and ACTION_STR[action]:
        code = action
    else:
        raise InvalidNotationError(f"unknown action {action!r}: an action is a string or an "
                                   "action code")
    legal = legal_codes(s)
    if code not in legal or (seat is not None and seat != s.to_act):
        shown = action if isinstance(action, str) else ACTION_STR[code]
        who = "nobody: the hand is over" if s.over else f"seat {s.to_act}"
        if seat is not None and seat != s.to_act and not s.over:
            raise IllegalActionError(f"{shown} is not legal: it is {who}'s turn, not seat "
                                     f"{seat}'s in {s}")
        raise IllegalActionError(f"{shown} is not legal for {who}; legal: "
                                 f"{' '.join(legal_actions(s))} in {s}".replace("legal:  in",
                                                                                 "legal: none in"))
    return apply_legal(s, code)


def apply_legal(s: HandState, code: int) -> HandState:
    """Apply a code taken from :func:`legal_codes` (no check: the bots' fast path)."""
    if s.ext is not None:
        return ext_apply(s, code)
    seat = s.to_act
    if code < COVER:
        return _play(s, seat, code, True, code)
    if code < BLIND:
        return _play(s, seat, code - COVER, False, code)
    if code < RAISE:
        return _play(s, seat, s.left[seat][code - BLIND], True, code)
    if code == RAISE:
        return _raise(s, seat)
    if code == ACCEPT:
        assert s.pending is not None
        return HandState(s.deal, s.left, s.log + ((seat, code),), s.leader, s.cur, s.tricks,
                         s.origin, s.pending[1], None, -1, s.pending[0], False, s.exposed, -1,
                         _ZERO, False)
    if code == FOLD:
        assert s.pending is not None
        return _finish(s, s.log + ((seat, code),), s.cur, s.tricks, s.stake, s.pending[0],
                       s.stake)
    if code == ONZE_PLAY:
        return HandState(s.deal, s.left, s.log + ((seat, code),), s.leader, s.cur, s.tricks,
                         s.deal.mao, s.stake, None, -1, -1, False, None, -1, _ZERO, False)
    d = s.deal  # ONZE_FOLD
    return _finish(s, s.log + ((seat, code),), s.cur, s.tricks, s.stake, 1 - d.eleven_team,
                   d.opts.eleven_fold)


def _finish(s: HandState, log: tuple[tuple[int, int], ...], cur: tuple[tuple[int, int, bool], ...],
            tricks: tuple[Trick, ...], stake: int, winner: int, pts: int,
            redeal: bool = False, left: tuple[tuple[int, ...], ...] | None = None) -> HandState:
    points = _ZERO if winner < 0 else ((pts, 0) if winner == 0 else (0, pts))
    return HandState(s.deal, s.left if left is None else left, log, s.leader, cur, tricks, -1,
                     stake, None, -1, s.last_raise_team, False, None, winner, points, redeal)


def _raise(s: HandState, seat: int) -> HandState:
    team = seat & 1
    d = s.deal
    n = d.opts.seats
    log = s.log + ((seat, RAISE),)
    exposed = (team, len(s.cur))
    if s.pending is None:  # a raise on my turn: the next seat (other team) answers
        return HandState(d, s.left, log, s.leader, s.cur, s.tricks, (seat + 1) % n, s.stake,
                         (team, d.next_stake[s.stake]), seat, s.last_raise_team, False, exposed,
                         -1, _ZERO, False)
    accepted = s.pending[1]  # a raise as the answer accepts, then proposes the next value
    return HandState(d, s.left, log, s.leader, s.cur, s.tricks, (seat + 1) % n, accepted,
                     (team, d.next_stake[accepted]), s.origin, s.pending[0], False, exposed, -1,
                     _ZERO, False)


def _play(s: HandState, seat: int, card: int, face_up: bool, code: int) -> HandState:
    d = s.deal
    n = d.opts.seats
    hands = list(s.left)
    hands[seat] = without_card(hands[seat], card)
    left = tuple(hands)
    log = s.log + ((seat, code),)
    cur = s.cur + ((seat, card, face_up),)
    if len(cur) < n:
        return HandState(d, left, log, s.leader, cur, s.tricks, (seat + 1) % n, s.stake, None,
                         -1, s.last_raise_team, False, s.exposed, -1, _ZERO, False)
    tricks, nxt, verdict = close_trick(d, s.leader, s.exposed, s.tricks, cur, s.stake)
    if verdict is None:
        return HandState(d, left, log, nxt, (), tricks, nxt, s.stake, None, -1,
                         s.last_raise_team, False, None, -1, _ZERO, False)
    winner, pts, redeal = verdict
    return _finish(s, log, (), tricks, s.stake, winner, pts, redeal=redeal, left=left)


def exposed_tie_loser(d: Deal, exposed: tuple[int, int] | None,
                      cur: tuple[tuple[int, int, bool], ...], top: int) -> int | None:
    """The team that loses the hand by the exposed-card rule if the trick ``cur`` ties at
    strength ``top``: the team of the trick's last raise (``exposed``: its team and how many
    cards were on the table then) when a card of that strength was already face up, else
    ``None`` (the rule off, no raise in this trick, or no such card)."""
    if not d.opts.exposed_card or exposed is None:
        return None
    team, on_table = exposed
    strength = d.strength
    return team if any(up and strength[c] == top for _, c, up in cur[:on_table]) else None


def close_trick(d: Deal, leader: int, exposed: tuple[int, int] | None,
                tricks: tuple[Trick, ...], cur: tuple[tuple[int, int, bool], ...], stake: int
                ) -> tuple[tuple[Trick, ...], int, tuple[int, int, bool] | None]:
    """A trick has just been completed with the plays ``cur``: ``(the tricks with it, the next
    leader, verdict)``, where ``verdict`` is ``None`` while the hand goes on, else
    ``(winning team or -1, points, redeal)``. The one place that applies the tie rules: a tie,
    the exposed-card exception, the all-tied endings (iron hand, hand of eleven, ``all_tied``).
    Both the Brazilian fast path and the envido/flor path end their tricks here."""
    strength = d.strength
    result, nxt = trick_outcome(strength, cur, leader, d.opts.lead_after_tie)
    if result == -1 and d.opts.exposed_card and exposed is not None:
        # tied with a tying card already face up at the trick's last raise: the raiser loses
        loser = exposed_tie_loser(d, exposed, cur, trick_top(strength, cur, leader)[0])
        if loser is not None:
            return tricks + (Trick(leader, cur, -1),), nxt, (1 - loser, stake, False)
    tricks = tricks + (Trick(leader, cur, result),)
    outcome = hand_outcome([t.result for t in tricks])
    if outcome is None:
        return tricks, nxt, None
    if outcome != ALL_TIED:
        return tricks, nxt, (outcome, stake, False)
    if d.mode == IRON:
        return tricks, nxt, (-1, 0, True)
    if d.mode == ELEVEN and d.opts.eleven_all_tied == "eleven_team_loses":
        return tricks, nxt, (1 - d.eleven_team, stake, False)
    rule = d.opts.all_tied
    if rule == "nobody":
        return tricks, nxt, (-1, 0, False)
    team = (d.dealer if rule == "dealer_team" else d.mao) & 1
    return tricks, nxt, (team, stake, False)


def played_cards(s: HandState) -> list[tuple[int, int, bool]]:
    """Every card that has landed, in order: ``(seat, card, face_up)``."""
    out = [p for t in s.tricks for p in t.plays]
    out.extend(s.cur)
    return out


from .extended import EMPTY, ext_apply, ext_legal, ext_start  # noqa: E402  (extended imports this module)
