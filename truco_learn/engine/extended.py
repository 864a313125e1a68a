"""The hand with envido, flor or dropping out (RULES.md, "Argentine and gaudério truco").

A hand whose options switch any of these on (and that is not a hand of eleven or an iron hand)
carries an :class:`ExtState` and takes this path instead of the Brazilian fast path in
``state.py``; the rules themselves live in ``envido.py``, ``flor.py`` and ``dropout.py``.

>>> from .state import new_hand, step, legal_actions
>>> s = new_hand("argentino-2p", dealer=1, hands=[["7S", "5S", "KC"], ["6H", "4H", "AD"]])
>>> legal_actions(s)
['drop', 'envido', 'falta_envido', 'play:5S', 'play:7S', 'play:KC', 'raise', 'real_envido']
>>> s = step(step(s, "envido"), "accept")
>>> s.points, s.ext.env_values, s.to_act
((2, 0), (32, 30), 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import (ACCEPT, ACHICO, ACTION_STR, CONTRAFLOR, CONTRAFLOR_RESTO, COVER, DROP, ENVIDO_CALLS,
                      FLOR, FLOR_ANSWERS, FOLD, RAISE)
from .cards import without_card
from .dropout import answering_seat, next_active, team_out, trick_complete
from .envido import (accepted_points, declined_points, envido_winner, next_calls,
                     team_values)
from .flor import (FLOR_SCORE, FOLD_OR_ACHICO, compare_flors, compared_points, flor_holders,
                   flor_order)

if TYPE_CHECKING:
    from .state import Trick

_FLOR_ANSWERS = list(FLOR_ANSWERS)


class ExtState(NamedTuple):
    """What envido, flor and dropping out add to a hand (an immutable record, like the
    hand state)."""

    dropped: tuple[int, ...] = ()  # seats out of the hand, in the order they left
    bonus: tuple[int, int] = (0, 0)  # points scored at once in this hand (envido, flor)
    env_calls: tuple[tuple[int, int], ...] = ()  # (seat, call code)
    env_open: bool = False  # an envido call waits for its answer
    env_result: str | None = None  # "accepted" | "declined"
    env_winner: int = -1
    env_points: int = 0
    env_values: tuple[int, int] | None = None  # each team's envido, after an accepted one
    resume: int = -1  # the seat that made the first envido call: it acts after the exchange
    flor_seats: tuple[int, ...] = ()
    flor_calls: tuple[tuple[int, int], ...] = ()
    flor_wait: int = 0  # 1: the answering seat decides; 2: a contraflor waits for its answer
    flor_first: int = -1  # the seat of the first flor (when both teams hold one)
    flor_result: str | None = None  # "lone" | "compared" | "declined" | "achico"
    flor_winner: int = -1
    flor_points: int = 0


def _add(pts: tuple[int, int], team: int, n: int) -> tuple[int, int]:
    return (pts[0] + n, pts[1]) if team == 0 else (pts[0], pts[1] + n)


def _score(s: HandState, bonus: tuple[int, int]) -> tuple[int, int]:
    d = s.deal.score
    return d[0] + bonus[0], d[1] + bonus[1]


def _reached(s: HandState, bonus: tuple[int, int]) -> bool:
    return max(_score(s, bonus)) >= s.deal.opts.target


EMPTY = ExtState()


def ext_start(s: HandState) -> HandState:
    """Declare the flors of a freshly dealt hand (``s.ext`` is :data:`EMPTY`): a lone team
    scores at once; with both teams holding one, the answering seat acts first."""
    d = s.deal
    x = EMPTY
    if d.opts.flor:
        holders = flor_holders(d.hands)
        x = ExtState(flor_seats=holders)
        if holders:
            order = flor_order(holders, d.mao, d.opts.seats)
            if order is None:
                team = holders[0] & 1
                pts = FLOR_SCORE * len(holders)
                bonus = _add(x.bonus, team, pts)
                x = x._replace( bonus=bonus, flor_result="lone", flor_winner=team,
                            flor_points=pts)
                if _reached(s, bonus):
                    return s._replace(to_act=-1, points=bonus, ext=x)
                return s._replace(points=bonus, ext=x)
            x = x._replace( flor_wait=1, flor_first=order[0])
            return s._replace(to_act=order[1], ext=x)
    return s._replace(ext=x)


# ---------------------------------------------------------------- legal actions

def bet_waits(s: HandState) -> bool:
    """Does an envido or flor call wait for its answer in ``s`` (never without envido and
    flor)?"""
    x = s.ext
    return x is not None and (x.env_open or x.flor_wait > 0)


def envido_allowed(s: HandState, seat: int) -> bool:
    """May ``seat`` open an envido now (on its turn, or against the first truco)?"""
    x = s.ext
    assert x is not None
    return (s.deal.opts.envido and not x.env_calls and s.last_raise_team < 0
            and not x.flor_seats and not s.tricks and len(s.left[seat]) == 3)


def ext_legal(s: HandState) -> list[int]:
    """Legal action codes of an extended hand, unsorted."""
    seat = s.to_act
    if seat < 0:
        return []
    x = s.ext
    assert x is not None
    if x.flor_wait == 1:
        return list(_FLOR_ANSWERS)
    if x.flor_wait == 2:
        return [ACCEPT, FOLD]
    d = s.deal
    o = d.opts
    if x.env_open:
        return [ACCEPT, FOLD] + next_calls([c for _, c in x.env_calls], o.real_envido_repeat)
    mine = d.score[seat & 1] + x.bonus[seat & 1]
    pending = s.pending
    if pending is not None:
        acts = [ACCEPT, FOLD]
        value = pending[1]
        if value in d.next_stake and not (o.no_pointless_raise and mine + value >= o.target):
            acts.append(RAISE)
        if envido_allowed(s, seat):
            acts.extend(ENVIDO_CALLS)
        return acts
    left = s.left[seat]
    acts = list(left)
    if s.tricks and o.covered_cards:
        acts += [COVER + c for c in left]
    if (d.raises and s.last_raise_team != seat & 1 and s.stake in d.next_stake
            and not (o.no_pointless_raise and mine + s.stake >= o.target)):
        acts.append(RAISE)
    if envido_allowed(s, seat):
        acts.extend(ENVIDO_CALLS)
    if o.drop_out:
        acts.append(DROP)
    return acts


# ---------------------------------------------------------------- transitions

def ext_apply(s: HandState, code: int) -> HandState:
    """Apply a legal code to an extended hand (no check)."""
    seat = s.to_act
    x = s.ext
    assert x is not None
    log = s.log + ((seat, code),)
    if code < COVER:
        return _play(s, log, seat, code, True)
    if code < RAISE:
        return _play(s, log, seat, code - COVER, False)
    if code == RAISE:
        return _raise(s, log, seat)
    if code in ENVIDO_CALLS:
        calls = x.env_calls + ((seat, code),)
        resume = seat if not x.env_calls else x.resume
        x = x._replace( env_calls=calls, env_open=True, resume=resume)
        return s._replace(log=log, ext=x,
                       to_act=answering_seat(seat, s.deal.opts.seats, x.dropped))
    if code in FLOR_ANSWERS:
        return _answer_flor(s, log, seat, code)
    if code == DROP:
        return _drop(s, log, seat)
    if x.flor_wait == 2:
        return _settle_contraflor(s, log, code == ACCEPT)
    if x.env_open:
        return _settle_envido(s, log, code == ACCEPT)
    pending = s.pending
    assert pending is not None
    if code == ACCEPT:  # s._replace(log, to_act=origin, stake, pending, origin, last_raise_team)
        return HandState(s.deal, s.left, log, s.leader, s.cur, s.tricks, s.origin, pending[1],
                         None, -1, pending[0], s.onze_pending, s.exposed, s.winner, s.points,
                         s.redeal, x)
    assert code == FOLD
    return _end(s, log, s.cur, s.tricks, pending[0], s.stake)


def _raise(s: HandState, log: tuple[tuple[int, int], ...], seat: int) -> HandState:
    d = s.deal
    x = s.ext
    assert x is not None
    team = seat & 1
    answer = answering_seat(seat, d.opts.seats, x.dropped)
    exposed = (team, len(s.cur))
    # (built directly: s._replace with log, to_act, pending and the rest below)
    if s.pending is None:  # origin, exposed
        return HandState(d, s.left, log, s.leader, s.cur, s.tricks, answer, s.stake,
                         (team, d.next_stake[s.stake]), seat, s.last_raise_team,
                         s.onze_pending, exposed, s.winner, s.points, s.redeal, x)
    accepted = s.pending[1]  # stake, last_raise_team, exposed
    return HandState(d, s.left, log, s.leader, s.cur, s.tricks, answer, accepted,
                     (team, d.next_stake[accepted]), s.origin, s.pending[0], s.onze_pending,
                     exposed, s.winner, s.points, s.redeal, x)


def _settle_envido(s: HandState, log: tuple[tuple[int, int], ...], accepted: bool) -> HandState:
    d = s.deal
    x = s.ext
    assert x is not None
    calls = [c for _, c in x.env_calls]
    if accepted:
        values = team_values(d.hands, x.dropped)
        winner = envido_winner(values, d.hands, x.dropped, d.mao, d.opts.envido_zero_tiebreak)
        pts = accepted_points(calls, d.opts.target, _score(s, x.bonus))
        x = x._replace( env_result="accepted", env_values=values)
    else:
        winner = x.env_calls[-1][0] & 1
        pts = declined_points(calls)
        x = x._replace( env_result="declined")
    bonus = _add(x.bonus, winner, pts)
    x = x._replace( env_open=False, env_winner=winner, env_points=pts, bonus=bonus)
    if _reached(s, bonus):
        return s._replace(log=log, to_act=-1, pending=None, points=bonus, winner=-1, ext=x)
    return s._replace(log=log, to_act=x.resume, points=bonus, ext=x)


def _answer_flor(s: HandState, log: tuple[tuple[int, int], ...], seat: int,
                 code: int) -> HandState:
    x = s.ext
    assert x is not None
    x = x._replace( flor_calls=x.flor_calls + ((seat, code),))
    mao = s.deal.mao
    if code == FLOR:
        return s._replace(log=log, to_act=mao, ext=x._replace( flor_wait=0,
                                                           flor_result="compared"))
    if code in (CONTRAFLOR, CONTRAFLOR_RESTO):
        return s._replace(log=log, to_act=x.flor_first, ext=x._replace( flor_wait=2))
    assert code == ACHICO
    return _flor_at_once(s, log, x._replace( flor_result="achico"), x.flor_first & 1)


def _settle_contraflor(s: HandState, log: tuple[tuple[int, int], ...],
                       accepted: bool) -> HandState:
    x = s.ext
    assert x is not None
    if accepted:
        return s._replace(log=log, to_act=s.deal.mao,
                       ext=x._replace( flor_wait=0, flor_result="compared"))
    return _flor_at_once(s, log, x._replace( flor_result="declined"), x.flor_calls[-1][0] & 1)


def _flor_at_once(s: HandState, log: tuple[tuple[int, int], ...], x: ExtState,
                  team: int) -> HandState:
    bonus = _add(x.bonus, team, FOLD_OR_ACHICO)
    x = x._replace( flor_wait=0, flor_winner=team, flor_points=FOLD_OR_ACHICO, bonus=bonus)
    to_act = -1 if _reached(s, bonus) else s.deal.mao
    return s._replace(log=log, to_act=to_act, points=bonus, ext=x)


def _drop(s: HandState, log: tuple[tuple[int, int], ...], seat: int) -> HandState:
    d = s.deal
    x = s.ext
    assert x is not None
    n = d.opts.seats
    dropped = x.dropped + (seat,)
    x2 = x._replace( dropped=dropped)
    if team_out(seat & 1, n, dropped):
        extra = 1 if (not s.tricks and not s.cur and d.opts.envido and not x.env_calls
                      and s.last_raise_team < 0 and not x.flor_seats) else 0
        return _end(s._replace(ext=x2), log, s.cur, s.tricks, 1 - (seat & 1), s.stake + extra)
    nxt = next_active(seat, n, dropped)
    if not s.cur:  # the leader drops before leading: the next seat leads this trick
        return s._replace(log=log, leader=nxt, to_act=nxt, ext=x2)
    s2 = s._replace(log=log, ext=x2)
    if trick_complete(s.cur, n, dropped):
        return _close_trick(s2, log, s.left, s.cur)
    return s2._replace(to_act=nxt)


def _play(s: HandState, log: tuple[tuple[int, int], ...], seat: int, card: int,
          face_up: bool) -> HandState:
    d = s.deal
    x = s.ext
    assert x is not None
    hands = list(s.left)
    hands[seat] = without_card(hands[seat], card)
    left = tuple(hands)
    cur = s.cur + ((seat, card, face_up),)
    if not trick_complete(cur, d.opts.seats, x.dropped):  # the common case, built directly
        return HandState(d, left, log, s.leader, cur, s.tricks,
                         next_active(seat, d.opts.seats, x.dropped), s.stake, None, -1,
                         s.last_raise_team, False, s.exposed, -1, s.points, False, x)
    return _close_trick(s, log, left, cur)


def _close_trick(s: HandState, log: tuple[tuple[int, int], ...],
                 left: tuple[tuple[int, ...], ...],
                 cur: tuple[tuple[int, int, bool], ...]) -> HandState:
    from .state import close_trick
    tricks, nxt, verdict = close_trick(s.deal, s.leader, s.exposed, s.tricks, cur, s.stake)
    if verdict is None:  # s._replace(left, log, leader, cur, tricks, to_act, exposed)
        return HandState(s.deal, left, log, nxt, (), tricks, nxt, s.stake, s.pending, s.origin,
                         s.last_raise_team, s.onze_pending, None, s.winner, s.points, s.redeal,
                         s.ext)
    winner, pts, redeal = verdict
    end = _end(s, log, (), tricks, winner, pts, left)
    return end._replace(redeal=True) if redeal else end


def _end(s: HandState, log: tuple[tuple[int, int], ...],
         cur: tuple[tuple[int, int, bool], ...], tricks: tuple[Trick, ...], winner: int,
         pts: int, left: tuple[tuple[int, ...], ...] | None = None) -> HandState:
    """The hand is over: flors compared at the end are settled first (and may end the game),
    then the hand's own points (``left``: the cards left, if not those of ``s``)."""
    d = s.deal
    x = s.ext
    assert x is not None
    bonus = x.bonus
    if x.flor_result == "compared":
        fw = compare_flors(d.hands, x.flor_seats, x.dropped, d.mao)
        fp = compared_points(x.flor_calls[-1][1], len(x.flor_seats), d.opts.target,
                             _score(s, bonus))
        bonus = _add(bonus, fw, fp)
        x = x._replace( flor_winner=fw, flor_points=fp, bonus=bonus)
        if _reached(s, bonus):
            winner = -1
    points = bonus if winner < 0 else _add(bonus, winner, pts)
    # s._replace(log, cur, tricks, to_act, pending, origin, onze_pending, exposed, winner,
    # points, ext)
    return HandState(d, s.left if left is None else left, log, s.leader, cur, tricks, -1,
                     s.stake, None, -1, s.last_raise_team, False, None, winner, points,
                     s.redeal, x)


# ---------------------------------------------------------------- reporting (PROTOCOL.md)

def _pending_report(x: ExtState) -> dict[str, Any] | None:
    if x.flor_wait == 1:
        return {"team": x.flor_first & 1, "flor": "flor"}
    if x.flor_wait == 2:
        seat, code = x.flor_calls[-1]
        return {"team": seat & 1, "flor": ACTION_STR[code]}
    if x.env_open:
        seat, code = x.env_calls[-1]
        return {"team": seat & 1, "envido": ACTION_STR[code]}
    return None


def extended_report(s: HandState) -> dict[str, Any]:
    """The replay's ``envido``, ``flor`` and ``dropped`` fields (and, while an envido or flor
    waits, its ``pending``)."""
    x = s.ext
    if x is None:  # a hand of eleven or an iron hand: none of these happen
        return {"envido": None, "flor": None, "dropped": []}
    envido = None
    if x.env_calls:
        settled = x.env_result is not None
        envido = {"calls": [[seat, ACTION_STR[c]] for seat, c in x.env_calls],
                  "result": x.env_result, "winner": x.env_winner if settled else None,
                  "points": x.env_points,
                  "values": None if x.env_values is None else list(x.env_values)}
    flor = None
    if x.flor_seats:
        known = x.flor_winner >= 0
        flor = {"seats": list(x.flor_seats),
                "calls": [[seat, ACTION_STR[c]] for seat, c in x.flor_calls],
                "result": x.flor_result, "winner": x.flor_winner if known else None,
                "points": x.flor_points}
    out: dict[str, Any] = {"envido": envido, "flor": flor, "dropped": list(x.dropped)}
    pending = None if s.over else _pending_report(x)
    if pending is not None:
        out["pending"] = pending
    return out


from .state import HandState  # noqa: E402  (state.py imports this module first)
