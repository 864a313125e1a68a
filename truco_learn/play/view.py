"""The public picture of the table for one seat: what a widget draws, and nothing it may not see.

Opponents' cards are counts; their covered cards are ``None``; the learner's own covered card is
shown to the learner only; the partner's hand only in a four-player hand of eleven.

>>> from truco_learn.engine import new_hand, step
>>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> v = table_view(step(h, "play:QC"), 0, ("You", "Coach"))
>>> v.tricks[0].plays[0].card == 16, v.seats[1].cards_left, v.status
(True, 3, 'Coach to play.')
>>> [c.manilha for c in v.hand]
[None, None]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine.cards import ARGENTINE_NAMES, MANILHA_NAMES, manilhas_for
from ..engine.observer import can_see_partner
from ..engine.state import ELEVEN, IRON, HandState
from ..i18n import _
from .bets_view import (bet_status, envido_count, envido_line, flor_marks, pending_bet,
                        score_halves, target_halves)
from .menu import CardItem, MenuItem, action_bar, card_items, stake_name

__all__ = ["SeatView", "PlayView", "TrickView", "HandCard", "TableView", "table_view",
           "MANILHA_NAMES"]


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    team: int
    learner: bool
    dealer: bool
    mao: bool
    to_act: bool
    cards_left: int
    shown: tuple[int, ...] | None  # the partner's cards when the learner may see them
    flor: bool = False  # declared a flor (public)


@dataclass(frozen=True, slots=True)
class PlayView:
    seat: int
    card: int | None  # None: a covered card the learner may not see
    face_up: bool


@dataclass(frozen=True, slots=True)
class TrickView:
    number: int
    leader: int
    plays: tuple[PlayView, ...]
    winner: int | None  # team
    tied: bool
    finished: bool
    text: str


@dataclass(frozen=True, slots=True)
class HandCard:
    item: CardItem
    manilha: str | None


@dataclass(frozen=True, slots=True)
class TableView:
    variant: str
    seat: int
    seats: tuple[SeatView, ...]
    vira: int | None
    manilhas: tuple[int, ...]
    manilha_rule: str
    hand: tuple[HandCard, ...]
    tricks: tuple[TrickView, ...]
    stake: int
    pending_text: str
    score: tuple[int, int]
    team_names: tuple[str, str]
    target: int
    to_act: int | None
    status: str
    mode_text: str
    bar: tuple[MenuItem, ...]
    cover_possible: bool
    hand_over: bool
    bet_text: str = ""  # the envido or contraflor waiting for an answer, e.g. "Real envido?"
    envido_line: str = ""  # the announced envido values, after an accepted envido
    envido_count: str = ""  # the learner's own envido (or flor) points, counted
    halves: tuple[str, str] = ("", "")  # each team's half (malas/buenas) in a game to 30 or 24
    target_text: str = ""  # how such a game is counted


def team_names(names: Sequence[str], seat: int) -> tuple[str, str]:
    """Names of team 0 and team 1 for the score board.

    >>> team_names(("You", "Coach"), 0), team_names(("P", "You", "Q", "R"), 1)
    (('You', 'Coach'), ('Coaches', 'Your team'))
    """
    if len(names) == 2:
        return (names[0], names[1])
    mine = seat % 2
    # Translators: the two teams of a four-seat table against the coach ("Coaches" is the
    # other team: one name, used as the subject of "won", "called").
    ours, theirs = _("Your team"), _("Coaches")
    return (ours, theirs) if mine == 0 else (theirs, ours)


def _trick_text(winner: int | None, tied: bool, finished: bool, teams: tuple[str, str]) -> str:
    if not finished:
        return ""
    if tied:
        # Translators: a trick that ended in a tie (empate: "a rodada cangou").
        return _("Tied")
    assert winner is not None
    # Translators: a finished trick's badge: "{team} won" (the trick).
    return _("{team} won").format(team=teams[winner])


def _status(h: HandState, seat: int, names: Sequence[str], teams: tuple[str, str],
            result_text: str) -> str:
    d = h.deal
    if h.over:
        return result_text or _("The hand is over.")
    who = names[h.to_act]
    bet = bet_status(h, seat, names)
    if bet:
        return bet
    if h.onze_pending:
        return _("Hand of {points}: {who} decides whether to play it.").format(
            points=d.opts.eleven_at, who=who)
    if h.pending is not None:
        team, value = h.pending
        call = stake_name(value, d.opts.ladder)
        raiser = teams[team]
        if h.to_act == seat:
            return _("{raiser} called {call} ({value} points): you must answer.").format(
                raiser=raiser, call=call, value=value)
        return _("{raiser} called {call} ({value} points): {who} must answer.").format(
            raiser=raiser, call=call, value=value, who=who)
    return _("Your turn.") if h.to_act == seat else _("{who} to play.").format(who=who)


def table_view(h: HandState, seat: int, names: Sequence[str], result_text: str = "",
               deck: str | None = None, teams: tuple[str, str] | None = None) -> TableView:
    """What ``seat`` sees of hand ``h``, ready to draw (``names`` as the learner calls the seats;
    ``teams``: the two teams' names where they are not "Your team" and "Coaches", as at a table
    of people, where the other team is its players and a spectator has no team)."""
    d = h.deal
    deck = deck or d.opts.deck
    n = d.opts.seats
    teams = teams or team_names(names, seat)
    partner_visible = n == 4 and can_see_partner(h, seat)
    seats = tuple(
        SeatView(i, names[i], i % 2, i == seat, i == d.dealer, i == d.mao,
                 not h.over and h.to_act == i, len(h.left[i]),
                 h.left[i] if partner_visible and i == (seat + 2) % 4 else None,
                 i in flor_marks(h))
        for i in range(n))

    def play(p_seat: int, card: int, up: bool) -> PlayView:
        return PlayView(p_seat, card if up or p_seat == seat else None, up)

    tricks = []
    for k, t in enumerate(h.tricks):
        winner = None if t.result < 0 else t.result
        tricks.append(TrickView(k + 1, t.leader, tuple(play(*p) for p in t.plays), winner,
                                t.result < 0, True, _trick_text(winner, t.result < 0, True, teams)))
    if h.cur:
        tricks.append(TrickView(len(h.tricks) + 1, h.leader, tuple(play(*p) for p in h.cur),
                                None, False, False, ""))
    mans = manilhas_for(d.opts.manilhas, d.vira)
    iron = d.mode == IRON
    hand = tuple(HandCard(item, None if item.card is None or item.card not in mans
                          else (ARGENTINE_NAMES if d.opts.manilhas == "argentine"
                                else MANILHA_NAMES)[mans.index(item.card)])
                 for item in card_items(h, seat, names))
    pending_text = ""
    if h.pending is not None:
        # Translators: the call waiting for an answer, e.g. "Truco (3)?".
        pending_text = _("{call} ({value})?").format(
            call=stake_name(h.pending[1], d.opts.ladder).capitalize(), value=h.pending[1])
    bet = pending_bet(h)
    bets = d.opts.envido or d.opts.flor  # an Argentine or gaúcho game: halves on the board
    # Translators: the envido or flor call waiting for an answer, e.g. "Real envido?".
    bet_text = "" if bet is None else _("{call}?").format(call=bet[1][0].upper() + bet[1][1:])
    mode_text = ""
    if iron:
        mode_text = _("Iron hand: nobody sees their cards; worth {points}.").format(
            points=d.opts.iron_value)
    elif d.mode == ELEVEN:
        owner = teams[d.eleven_team]
        if owner == _("You"):
            mode_text = _("Hand of {points} for you: worth {value}, no raises.")
        else:
            mode_text = _("Hand of {points} for {team}: worth {value}, no raises.")
        mode_text = mode_text.format(points=d.opts.eleven_at, team=owner,
                                     value=d.opts.eleven_value)
    return TableView(
        variant=d.opts.variant, seat=seat, seats=seats, vira=d.vira, manilhas=mans,
        manilha_rule=d.opts.manilhas, hand=hand, tricks=tuple(tricks), stake=h.stake,
        pending_text=pending_text, score=h.score, team_names=teams, target=d.opts.target,
        to_act=None if h.over else h.to_act, status=_status(h, seat, names, teams, result_text),
        mode_text=mode_text, bar=tuple(action_bar(h, seat, names)),
        cover_possible=d.opts.covered_cards and not iron, hand_over=h.over,
        bet_text=bet_text, envido_line=envido_line(h, seat, names, teams),
        envido_count=envido_count(h, seat, deck),
        halves=((score_halves(h.score[0], d.opts.target), score_halves(h.score[1], d.opts.target))
                if bets else ("", "")),
        target_text=target_halves(d.opts.target) if bets else "")
