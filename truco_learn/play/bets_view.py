"""Envido and flor on the table, in words: the learner's own envido points and how they are
counted, who declared a flor, the calls and answers as players say them, and what each bet paid.

Only public facts and the learner's own cards are used: another seat's envido values appear
once they are announced (an accepted envido), never before.

>>> from truco_learn.engine import new_hand, step
>>> from truco_learn.engine.cards import parse_card
>>> h = new_hand("argentino-2p", dealer=1, hands=[["7S", "AS", "KC"], ["6H", "4H", "AD"]])
>>> envido_count(h, 0, "spanish")
'You hold 28 for envido: the 7 de espadas and the as de espadas, 20 + 7 + 1.'
>>> describe_bet(h, 0, "envido", ("You", "Coach"))
'You call envido.'
>>> h2 = step(h, "envido")
>>> describe_bet(h2, 1, "accept", ("You", "Coach"))
'Coach says quiero to the envido.'
>>> settle_events(h2, step(h2, "accept"), 0, ("You", "Coach"))
['Envido points: 28 for you, 30 for Coach.', 'Coach: +2 points for the envido.']
>>> score_halves(18, 30), score_halves(12, 24), score_halves(5, 12)
('3 buenas', '12 malos', '')
"""

from __future__ import annotations

from typing import Sequence

from ..engine.actions import ACTION_STR
from ..engine.cards import card_name
from ..engine.handpoints import FACE_VALUE, envido_cards, envido_points, flor_points, has_flor
from ..engine.state import IRON, HandState
from ..i18n import N_, _, ngettext, pgettext
from .menu import stake_name

__all__ = ["BET_CALLS", "argentine_table", "bet_status", "describe_bet", "envido_count",
           "flor_marks", "hand_start_events", "pending_bet", "score_halves", "settle_events",
           "target_halves"]

# The envido and flor calls as players say them (Spanish terms, the same in every language).
BET_CALLS = {"envido": "envido", "real_envido": "real envido", "falta_envido": "falta envido",
             "flor": "flor", "contraflor": "contraflor", "contraflor_resto": "contraflor al resto"}

_ENVIDO_CODES = ("envido", "real_envido", "falta_envido")


def argentine_table(s: HandState) -> bool:
    """A table where calls are answered quiero / no quiero (the 1-2-3-4 ladder, or envido or
    flor on)."""
    o = s.deal.opts
    return tuple(o.ladder) == (1, 2, 3, 4) or o.envido or o.flor


def _card(c: int, deck: str) -> str:
    return card_name(c, deck)


def envido_count(s: HandState, seat: int, deck: str = "french") -> str:
    """The envido points (or flor points) of ``seat``'s own dealt cards and how they are counted;
    ``''`` where the hand has no envido and no flor (or the seat cannot see its cards)."""
    d = s.deal
    if not (d.opts.envido or d.opts.flor) or d.mode == IRON:
        return ""
    cards = d.hands[seat]
    if d.opts.flor and has_flor(cards):
        values = sorted((FACE_VALUE[c // 4] for c in cards), reverse=True)
        return _("You hold a flor: {points} points ({sum}); nobody calls envido in this "
                 "hand.").format(points=flor_points(cards),
                                 sum=" + ".join(["20"] + [str(v) for v in values]))
    points = envido_points(cards)
    if not d.opts.envido:
        return ""
    counted = envido_cards(cards)
    if len(counted) == 2:
        hi, lo = counted
        return _("You hold {points} for envido: the {first} and the {second}, {sum}.").format(
            points=points, first=_card(hi, deck), second=_card(lo, deck),
            sum=f"20 + {FACE_VALUE[hi // 4]} + {FACE_VALUE[lo // 4]}")
    if points == 0:
        return _("You hold 0 for envido: no two cards of one suit, and face cards count 0.")
    return _("You hold {points} for envido: no two cards of one suit, so your highest card "
             "counts, the {card}.").format(points=points, card=_card(counted[0], deck))


def flor_marks(s: HandState) -> tuple[int, ...]:
    """The seats that declared a flor (public from the deal on)."""
    return () if s.ext is None else tuple(s.ext.flor_seats)


def pending_bet(s: HandState) -> tuple[int, str] | None:
    """The envido or flor call waiting for an answer: ``(caller's seat, call)``, else None."""
    x = s.ext
    if x is None:
        return None
    if x.flor_wait == 2 and x.flor_calls:
        seat, code = x.flor_calls[-1]
        return seat, BET_CALLS.get(ACTION_STR[code], ACTION_STR[code])
    if x.flor_wait == 0 and x.env_open and x.env_calls:
        seat, code = x.env_calls[-1]
        return seat, BET_CALLS[ACTION_STR[code]]
    return None


def bet_status(s: HandState, seat: int, names: Sequence[str]) -> str:
    """The status line while an envido, a contraflor or a flor answer waits ('' if none)."""
    x = s.ext
    if x is None or s.over:
        return ""
    who = names[s.to_act]
    if x.flor_wait == 1:
        if s.to_act == seat:
            return _("Both teams hold a flor: you answer (flor, contraflor or con flor me "
                     "achico).")
        return _("Both teams hold a flor: {who} answers.").format(who=who)
    bet = pending_bet(s)
    if bet is None:
        return ""
    caller = names[bet[0]]
    if bet[0] == seat:
        return _("You called {call}: {who} must answer.").format(call=bet[1], who=who)
    if s.to_act == seat:
        return _("{caller} called {call}: you must answer.").format(caller=caller, call=bet[1])
    return _("{caller} called {call}: {who} must answer.").format(caller=caller, call=bet[1],
                                                                 who=who)


def describe_bet(s: HandState, seat: int, action: str, names: Sequence[str]) -> str | None:
    """A log sentence for an envido, flor or drop action, or for quiero / no quiero at a table
    that says so; ``None`` for any other action (``s`` is the state before the action)."""
    who = names[seat]
    you = who == _("You")
    if action in _ENVIDO_CODES or action in ("contraflor", "contraflor_resto"):
        return (_("You call {call}.") if you else _("{who} calls {call}.")).format(
            who=who, call=BET_CALLS[action])
    if action == "flor":
        return (_("You say flor: the flors are compared at the end of the hand.") if you else
                _("{who} says flor: the flors are compared at the end of the hand.")).format(
                    who=who)
    if action == "achico":
        return (_("You say con flor me achico.") if you
                else _("{who} says con flor me achico.")).format(who=who)
    if action == "drop":
        return (_("You go to the deck (me voy al mazo).") if you
                else _("{who} goes to the deck (me voy al mazo).")).format(who=who)
    if action not in ("accept", "fold") or not argentine_table(s):
        return None
    bet = pending_bet(s)
    if bet is not None:
        call = bet[1]
    elif s.pending is not None:
        call = stake_name(s.pending[1], s.deal.opts.ladder)
    else:
        return None
    if action == "accept":
        return (_("You say quiero to the {call}.") if you
                else _("{who} says quiero to the {call}.")).format(who=who, call=call)
    return (_("You say no quiero to the {call}.") if you
            else _("{who} says no quiero to the {call}.")).format(who=who, call=call)


def _team_name(team: int, seat: int, names: Sequence[str]) -> str:
    if len(names) == 2:
        return names[team]
    return _("Your team") if team == seat % 2 else _("Coaches")


def _paid(team: int, points: int, seat: int, names: Sequence[str], what: str) -> str:
    name = _team_name(team, seat, names)
    if what == "envido":
        text = ngettext("{team}: +{n} point for the envido.",
                        "{team}: +{n} points for the envido.", points)
    else:
        text = ngettext("{team}: +{n} point for the flor.", "{team}: +{n} points for the flor.",
                        points)
    return text.format(team=name, n=points)


def hand_start_events(s: HandState, seat: int, names: Sequence[str]) -> list[str]:
    """What the table says when the hand is dealt: every declared flor, and what a lone flor
    scored at once."""
    out = []
    for who in flor_marks(s):
        out.append(_("You have a flor.") if who == seat
                   else _("{who} has a flor.").format(who=names[who]))
    x = s.ext
    if x is not None and x.flor_result == "lone" and x.flor_winner >= 0:
        out.append(_paid(x.flor_winner, x.flor_points, seat, names, "flor"))
    return out


def settle_events(before: HandState, after: HandState, seat: int,
                  names: Sequence[str]) -> list[str]:
    """What the table says when an action settles an envido or a flor: the announced envido
    values and who scored what."""
    x0, x1 = before.ext, after.ext
    if x0 is None or x1 is None:
        return []
    out = []
    if x0.env_result is None and x1.env_result is not None:
        if x1.env_values is not None:
            first, second = _team_name(0, seat, names), _team_name(1, seat, names)
            out.append(_("Envido points: {first_points} for {first}, {second_points} for "
                         "{second}.").format(first=_in_sentence(first),
                                             second=_in_sentence(second),
                                             first_points=x1.env_values[0],
                                             second_points=x1.env_values[1]))
        if x1.env_winner >= 0:
            out.append(_paid(x1.env_winner, x1.env_points, seat, names, "envido"))
    if x0.flor_winner < 0 and x1.flor_winner >= 0:
        out.append(_paid(x1.flor_winner, x1.flor_points, seat, names, "flor"))
    return out


def _in_sentence(name: str) -> str:
    if name == _("You"):
        return _("you")
    if name == _("Your team"):
        return _("your team")
    if name == _("Coaches"):
        return pgettext("in a sentence", "Coaches")
    return name


def envido_line(s: HandState, seat: int, names: Sequence[str],
                teams: Sequence[str] | None = None) -> str:
    """The announced envido values for the table's board, once an envido was accepted
    (``teams``: the two teams' names, when not the play page's)."""
    x = s.ext
    if x is None or x.env_values is None:
        return ""
    first, second = teams or (_team_name(0, seat, names), _team_name(1, seat, names))
    return _("Envido: {first_points} for {first}, {second_points} for {second}.").format(
        first=_in_sentence(first), second=_in_sentence(second),
        first_points=x.env_values[0], second_points=x.env_values[1])


# Translators: the halves of a game to 30 (las malas, las buenas) and to 24 (los malos, los
# buenos), as Argentine and gaúcho players count them; {n} points into that half.
_HALVES = {30: (N_("{n} malas"), N_("{n} buenas")), 24: (N_("{n} malos"), N_("{n} buenos"))}


def score_halves(points: int, target: int) -> str:
    """The half a score is in, in a game to 30 or 24 ('' for other targets): the first half's
    points are malas (malos), then the count starts again in the buenas (buenos)."""
    if target not in _HALVES:
        return ""
    half = target // 2
    bad, good = _HALVES[target]
    if points <= half:
        return _(bad).format(n=points)
    return _(good).format(n=points - half)


def target_halves(target: int) -> str:
    """How a game to 30 or 24 is counted, for the scoreboard ('' for other targets)."""
    if target == 30:
        return _("15 malas, then 15 buenas")
    if target == 24:
        return _("12 malos, then 12 buenos")
    return ""
