"""Narration of what Argentine and gaudério hands add: envido, flor and going to the deck.

:mod:`truco_learn.course.scripted` hands these actions and results over to this module; every
sentence is built from the engine's facts (the hand's :class:`~truco_learn.engine.extended.ExtState`).

>>> from truco_learn.engine import new_hand, step
>>> from truco_learn.course.scripted import narrate
>>> s = new_hand("argentino-2p", dealer=1, hands=[["7S", "5S", "KC"], ["6H", "4H", "AD"]])
>>> a = step(s, "envido")
>>> narrate(s, a)
'Ana calls envido!'
>>> narrate(a, step(a, "accept"))
'Bruno accepts the envido (quiero). Ana wins the envido, 32 against 30, and scores 2 points.'
>>> narrate(a, step(a, "fold"))
'Bruno refuses the envido (no quiero). Ana scores 1 point for the envido refused.'
"""

from __future__ import annotations

from ..engine.actions import (ACCEPT, ACHICO, CONTRAFLOR, CONTRAFLOR_RESTO, DROP, ENVIDO,
                              FALTA_ENVIDO, FLOR, FOLD, REAL_ENVIDO)
from ..engine.state import HandState
from ..i18n import _, numbers

__all__ = ["is_extended_action", "describe_extended", "flor_at_deal", "flor_compared",
           "game_over_by_points", "hand_points"]


def _seat(seat: int) -> str:
    from .scripted import seat_name
    return seat_name(seat)


def _team(team: int, seats: int) -> str:
    from .scripted import team_name
    return team_name(team, seats)


def is_extended_action(before: HandState, code: int) -> bool:
    """Is this action an envido call or answer, a flor answer, or going to the deck?"""
    x = before.ext
    if x is None:
        return False
    if code in (ACCEPT, FOLD):
        return x.env_open or x.flor_wait == 2
    return code >= ENVIDO


def _scores(seats: int, team: int, points: int, *, why: str) -> str:
    """``Ana scores 2 points for the flor.``: one sentence per reason and number of players."""
    who = _team(team, seats)
    pts = numbers.points(points)
    if why == "envido_refused":
        if seats == 4:
            return _("{team} score {points} for the envido refused.").format(team=who, points=pts)
        return _("{team} scores {points} for the envido refused.").format(team=who, points=pts)
    if seats == 4:
        return _("{team} score {points} for the flor.").format(team=who, points=pts)
    return _("{team} scores {points} for the flor.").format(team=who, points=pts)


def _envido_won(after: HandState) -> str:
    x = after.ext
    assert x is not None and x.env_values is not None
    seats = after.opts.seats
    mine, theirs = x.env_values[x.env_winner], x.env_values[1 - x.env_winner]
    fill = dict(team=_team(x.env_winner, seats), mine=mine, theirs=theirs,
                points=numbers.points(x.env_points))
    if seats == 4:
        return _("{team} win the envido, {mine} against {theirs}, and score {points}.").format(
            **fill)
    return _("{team} wins the envido, {mine} against {theirs}, and scores {points}.").format(
        **fill)


def describe_extended(before: HandState, after: HandState, seat: int, code: int) -> str:
    """The sentence for an envido, flor or drop action (with what it settled at once)."""
    who = _seat(seat)
    x = before.ext
    assert x is not None and after.ext is not None
    seats = before.opts.seats
    if code == ENVIDO:
        return _("{who} calls envido!").format(who=who)
    if code == REAL_ENVIDO:
        return _("{who} calls real envido!").format(who=who)
    if code == FALTA_ENVIDO:
        return _("{who} calls falta envido!").format(who=who)
    if code == DROP:
        return _("{who} goes to the deck (ir al mazo) and is out of this hand.").format(who=who)
    if code == FLOR:
        return _("{who} answers flor: both flors are compared at the end of the hand.").format(
            who=who)
    if code == CONTRAFLOR:
        return _("{who} calls contraflor!").format(who=who)
    if code == CONTRAFLOR_RESTO:
        return _("{who} calls contraflor al resto!").format(who=who)
    y = after.ext
    if code == ACHICO:
        said = _("{who} gives in (con flor me achico).").format(who=who)
        return f"{said} {_scores(seats, y.flor_winner, y.flor_points, why='flor')}"
    if x.flor_wait == 2:
        if code == ACCEPT:
            return _("{who} accepts the contraflor (quiero): the flors are compared at the end "
                     "of the hand.").format(who=who)
        said = _("{who} refuses the contraflor (no quiero).").format(who=who)
        return f"{said} {_scores(seats, y.flor_winner, y.flor_points, why='flor')}"
    if code == ACCEPT:
        said = _("{who} accepts the envido (quiero).").format(who=who)
        return f"{said} {_envido_won(after)}"
    said = _("{who} refuses the envido (no quiero).").format(who=who)
    return f"{said} {_scores(seats, y.env_winner, y.env_points, why='envido_refused')}"


def flor_at_deal(state: HandState) -> str:
    """The flor a lone team scored when the cards were dealt (``""`` when there was none)."""
    x = state.ext
    if x is None or x.flor_result != "lone":
        return ""
    seats = state.opts.seats
    fill = dict(team=_team(x.flor_winner, seats), points=numbers.points(x.flor_points))
    if seats == 4:
        return _("{team} hold flor and score {points} at once.").format(**fill)
    return _("{team} holds flor and scores {points} at once.").format(**fill)


def flor_compared(state: HandState) -> str:
    """Who won the flors compared at the end of the hand (``""`` when none were)."""
    x = state.ext
    if x is None or x.flor_result != "compared" or x.flor_winner < 0:
        return ""
    seats = state.opts.seats
    fill = dict(team=_team(x.flor_winner, seats), points=numbers.points(x.flor_points))
    if seats == 4:
        return _("{team} win the flor and score {points}.").format(**fill)
    return _("{team} wins the flor and scores {points}.").format(**fill)


def game_over_by_points(state: HandState) -> str:
    """The envido or flor points ended the game before the hand was played out."""
    x = state.ext
    d = state.deal
    if x is None:
        return ""
    score = (d.score[0] + x.bonus[0], d.score[1] + x.bonus[1])
    if max(score) < d.opts.target:
        return ""
    team = 0 if score[0] >= score[1] else 1
    fill = dict(team=_team(team, d.opts.seats), target=d.opts.target)
    if d.opts.seats == 4:
        return _("{team} reach {target} points and win the game: the hand stops here.").format(
            **fill)
    return _("{team} reaches {target} points and wins the game: the hand stops here.").format(
        **fill)


def hand_points(state: HandState, team: int) -> int:
    """What ``team`` scored for the hand itself (its truco), leaving out envido and flor."""
    bonus = state.ext.bonus[team] if state.ext is not None else 0
    return state.points[team] - bonus
