"""What the learner may do now, and for every action that is not allowed, the rule that forbids it.

The engine decides what is legal (:func:`~truco_learn.engine.legal_actions`); this module only
names the actions for the action bar ("Truco!", "Seis!", "Run") and explains, in one sentence,
why a greyed-out action is not available.

>>> from truco_learn.engine import new_hand, step
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> [(i.action, i.label, i.enabled) for i in action_bar(s, 0)][:3]
[('raise', 'Truco!', True), ('accept', 'Accept', False), ('fold', 'Run', False)]
>>> s = step(s, "raise")
>>> bar = {i.action: i for i in action_bar(s, 1)}
>>> bar["raise"].label, bar["accept"].enabled, card_items(s, 1)[0].reason
('Seis!', True, 'Answer the truco first: accept, run or raise.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..course.tables import table_label
from ..engine.cards import card_str
from ..engine.options import Options
from ..engine.state import ELEVEN, IRON, NORMAL, HandState, legal_actions
from ..i18n import N_, _

__all__ = ["EXTRA_LABELS", "MenuItem", "CardItem", "action_bar", "blind_index", "card_items",
           "hand_of", "player",
           "raise_name", "stake_name", "turn_reason"]

# Translators: the calls of the raise ladder, as said at the table (lowercase).
_STEP_NAMES = {6: N_("seis"), 9: N_("nove"), 10: N_("dez"), 12: N_("doze")}
_ARGENTINE_STEPS = {3: N_("retruco"), 4: N_("vale cuatro")}  # on the 1 2 3 4 ladder
# envido, flor and dropping out, named as players say them
EXTRA_LABELS = {"envido": N_("Envido"), "real_envido": N_("Real envido"),
                "falta_envido": N_("Falta envido"), "flor": N_("Flor"),
                "contraflor": N_("Contraflor"), "contraflor_resto": N_("Contraflor al resto"),
                "achico": N_("Con flor me achico"), "drop": N_("Me voy al mazo")}


# The tables without covered cards, one whole sentence each (the English is "No covered
# cards at a {table_label} table.").
_NO_COVER = {
    "paulista-2p": N_("No covered cards at a Paulista heads-up table."),
    "mineiro-2p": N_("No covered cards at a Mineiro heads-up table."),
    "argentino-2p": N_("No covered cards at an Argentine heads-up table."),
    "argentino-4p": N_("No covered cards at an Argentine four-seat table."),
    "gauderio-2p": N_("No covered cards at a Gaúcho heads-up table."),
    "gauderio-4p": N_("No covered cards at a Gaúcho four-seat table."),
}


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One button of the action bar: the engine action, its label, and why it is greyed out."""

    action: str
    label: str
    enabled: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class CardItem:
    """One of the learner's cards: ``card`` is ``None`` when the learner may not see it (iron
    hand); ``action`` is what a click sends (``play:XX``, ``cover:XX`` or ``blind:i``)."""

    card: int | None
    action: str
    cover_action: str | None
    enabled: bool
    cover_enabled: bool
    reason: str = ""
    cover_reason: str = ""


def stake_name(value: int, ladder: Sequence[int]) -> str:
    """The call that proposes ``value`` on this ladder: truco, seis, nove/dez, doze.

    >>> stake_name(3, (1, 3, 6, 9, 12)), stake_name(10, (2, 4, 6, 10, 12)), stake_name(7, (1, 7))
    ('truco', 'dez', 'truco')
    >>> stake_name(8, (1, 3, 8))
    'raise to 8'
    >>> [stake_name(v, (1, 2, 3, 4)) for v in (2, 3, 4)]
    ['truco', 'retruco', 'vale cuatro']
    """
    if len(ladder) > 1 and value == ladder[1]:
        return _("truco")
    if tuple(ladder) == (1, 2, 3, 4):
        return _(_ARGENTINE_STEPS[value])
    if value in _STEP_NAMES:
        return _(_STEP_NAMES[value])
    return _("raise to {value}").format(value=value)


def hand_of(at: int) -> str:
    """The hand a team plays alone at ``at`` points: Paulista's hand of eleven, Mineiro's hand
    of ten (a noun phrase, in the current language).

    >>> hand_of(11), hand_of(10), hand_of(5)
    ('hand of eleven', 'hand of ten', 'hand of 5')
    """
    if at == 11:
        return _("hand of eleven")
    if at == 10:
        return _("hand of ten")
    return _("hand of {points}").format(points=at)


def _proposal(s: HandState) -> int | None:
    """The value a raise would propose now, or None at the top of the ladder."""
    base = s.pending[1] if s.pending is not None else s.stake
    return s.deal.next_stake.get(base)


def raise_name(s: HandState) -> str:
    """The label of the raise button now: ``'Truco!'``, ``'Seis!'``, ... or ``'Raise'``."""
    if s.deal.mode != NORMAL or not s.deal.raises:
        return _("Truco!")  # a hand without raises: the greyed button names the call nobody may make
    value = _proposal(s)
    if value is None:
        return _("Raise")
    ladder = tuple(s.deal.opts.ladder)
    if not (len(ladder) > 1 and value == ladder[1]) and ladder != (1, 2, 3, 4) \
            and value not in _STEP_NAMES:
        return _("Raise to {value}").format(value=value)
    name = stake_name(value, ladder)
    # Translators: a call shouted at the table, e.g. "Seis!" ({call} is "seis").
    return _("{call}!").format(call=name[0].upper() + name[1:])


def player(seat: int, me: int, seats: int) -> str:
    """Another player as the learner calls them.

    >>> player(1, 0, 2), player(2, 0, 4), player(1, 0, 4), player(3, 0, 4)
    ('your opponent', 'your partner', 'the opponent on your right', 'the opponent on your left')
    """
    if seat == me:
        return _("you")
    if seats == 2:
        return _("your opponent")
    rel = (seat - me) % 4
    if rel == 2:
        return _("your partner")
    return _("the opponent on your right") if rel == 1 else _("the opponent on your left")


def turn_reason(s: HandState, seat: int, names: Sequence[str] | None = None) -> str:
    """Why ``seat`` may do nothing at all now ('' when it is its turn)."""
    if s.over:
        return _("The hand is over.")
    if s.to_act != seat:
        who = (names[s.to_act] if names is not None
               else player(s.to_act, seat, s.deal.opts.seats))
        return _("It is not your turn: {who} is to act.").format(who=who)
    return ""


def _quiero_table(o: Options) -> bool:
    """A table whose answers are quiero / no quiero (Argentine and gaúcho)."""
    return tuple(o.ladder) == (1, 2, 3, 4) or o.envido or o.flor


def _answer_first(s: HandState) -> str:
    assert s.pending is not None
    o = s.deal.opts
    call = stake_name(s.pending[1], o.ladder)
    if _quiero_table(o):
        return _("Answer the {call} first: quiero, no quiero or a higher call.").format(
            call=call)
    return _("Answer the {call} first: accept, run or raise.").format(call=call)


def _onze_first(s: HandState) -> str:
    return _("First decide whether to play this {hand}.").format(
        hand=hand_of(s.deal.opts.eleven_at))


def _raise_reason(s: HandState, seat: int) -> str:
    d = s.deal
    o = d.opts
    team = seat % 2
    if s.onze_pending:
        return _onze_first(s)
    if _waiting(s):
        return _waiting(s)
    if d.mode == IRON:
        return _("No raises in the iron hand: both teams have {points} points or more, so "
                 "every card is played blind.").format(points=o.eleven_at)
    if d.mode == ELEVEN:
        return _("No raises in a {hand}: it is already worth {points} points.").format(
            hand=hand_of(o.eleven_at), points=o.eleven_value)
    if not d.raises:
        return _("No raises at {ours}-{theirs} when the iron hand is off.").format(
            ours=d.score[0], theirs=d.score[1])
    if s.pending is not None:
        value = s.pending[1]
        if value not in d.next_stake:
            if _quiero_table(o):
                return _("{call} is the top of the ladder: you can only say quiero or no "
                         "quiero.").format(call=stake_name(value, o.ladder).capitalize())
            return _("{value} is the top of the ladder: you can only accept or run.").format(
                value=value)
        if o.seats == 2:  # no partner: "your points", not "your team's"
            text = _("Raising would be pointless: your {points} points plus the {value} you "
                     "would accept already reach {target}, so accepting alone wins you the "
                     "game.")
        else:
            text = _("Raising would be pointless: your team's {points} points plus the "
                     "{value} you would accept already reach {target}, so accepting alone "
                     "wins you the game.")
        return text.format(points=d.score[team], value=value, target=o.target)
    if s.last_raise_team == team:
        if o.seats == 2:
            return _("You made the last raise: raises alternate between the two players.")
        return _("Your team made the last raise: raises alternate between the teams.")
    if s.stake not in d.next_stake:
        return _("The stake is already at the top of the ladder ({stake}).").format(
            stake=s.stake)
    if o.no_pointless_raise and d.score[team] + s.stake >= o.target:
        if o.seats == 2:
            text = _("Pointless raise: your {points} points plus the stake {stake} already "
                     "reach {target}, so winning this hand as it stands already wins you the "
                     "game.")
        else:
            text = _("Pointless raise: your team's {points} points plus the stake {stake} "
                     "already reach {target}, so winning this hand as it stands already wins "
                     "you the game.")
        return text.format(points=d.score[team], stake=s.stake, target=o.target)
    return _("Not allowed now.")


def _waiting(s: HandState) -> str:
    """What must be answered before anything else: an envido call or a flor ('' if none)."""
    x = s.ext
    if x is None:
        return ""
    if x.flor_wait == 1:
        return _("Both teams hold a flor: the answering seat says flor, contraflor or con flor "
                 "me achico first.")
    if x.flor_wait == 2:
        return _("Answer the contraflor first: quiero or no quiero.")
    if x.env_open:
        return _("Answer the envido first: quiero, no quiero or a higher call.")
    return ""


def _envido_reason(s: HandState, seat: int, action: str) -> str:
    x = s.ext
    if x is None:
        return _("No envido in a hand of eleven or an iron hand.")
    if x.flor_seats:
        return _("Somebody holds a flor: there is no envido in this hand.")
    if x.env_open:
        return _("The envido calls go up: envido (twice at most), real envido, falta envido "
                 "last.")
    if x.env_calls:
        return _("One envido per hand: it was already called.")
    if s.last_raise_team >= 0:
        return _("No envido once a truco has been accepted.")
    if s.tricks or len(s.left[seat]) < 3:
        return _("The envido is called in the first trick, before you play your card.")
    return _("Not allowed now.")


def _is_envido_wait(s: HandState) -> bool:
    return s.ext is not None and s.ext.flor_wait == 0 and bool(s.ext.env_open)


def _extra_reason(s: HandState, seat: int, action: str) -> str:
    first = _waiting(s)
    if action in ("envido", "real_envido", "falta_envido"):
        return (_envido_reason(s, seat, action) if not first or _is_envido_wait(s)
                else first)
    if action in ("flor", "contraflor", "contraflor_resto", "achico"):
        return first or _("Only when both teams hold a flor, and only the first flor of the "
                          "other team answers it.")
    if s.ext is None:
        return _("No dropping out in a hand of eleven or an iron hand.")
    if first:
        return first
    if s.pending is not None:
        return _("Answer the {call} first: you may not leave the hand while a call "
                 "waits.").format(call=stake_name(s.pending[1], s.deal.opts.ladder))
    return _("Not allowed now.")


def _card_reason(s: HandState) -> str:
    if s.onze_pending:
        return _onze_first(s)
    waiting = _waiting(s)
    if waiting:
        return waiting
    if s.pending is not None:
        return _answer_first(s)
    return _("Not allowed now.")


def _cover_reason(s: HandState) -> str:
    d = s.deal
    if not d.opts.covered_cards:
        if d.opts.variant in _NO_COVER:
            return _(_NO_COVER[d.opts.variant])
        return _("No covered cards at a {table} table.").format(
            table=table_label(d.opts.variant))
    if d.mode == IRON:
        return _iron_cover()
    if s.onze_pending:
        return _onze_first(s)
    if s.pending is not None:
        return _answer_first(s)
    if not s.tricks:
        return _("No covered card in the first trick: you may cover from the second trick on.")
    return _("Not allowed now.")


def _iron_cover() -> str:
    return _("No covered cards in the iron hand: every card is played blind.")


def action_bar(s: HandState, seat: int, names: Sequence[str] | None = None) -> list[MenuItem]:
    """The bar's buttons for ``seat``: raise (named for the next step), accept, run, and in an
    undecided hand of eleven the play/fold decision. Enabled exactly when the engine allows it.
    """
    legal = set(legal_actions(s)) if s.to_act == seat else set()
    busy = turn_reason(s, seat, names)
    o = s.deal.opts
    items: list[tuple[str, str, str]] = [("raise", raise_name(s), "")]
    no_raise = _("There is no raise to answer.")
    argentine = tuple(o.ladder) == (1, 2, 3, 4) or o.envido or o.flor
    # Translators: the answers to a truco: "Quiero"/"No quiero" at an Argentine or gaúcho
    # table, "Accept"/"Run" at a Brazilian one.
    items.append(("accept", _("Quiero") if argentine else _("Accept"), no_raise))
    items.append(("fold", _("No quiero") if argentine else _("Run"), no_raise))
    for action, label in EXTRA_LABELS.items():
        if ((action.endswith("envido") and o.envido) or (action == "drop" and o.drop_out)
                or (action not in ("drop",) and not action.endswith("envido") and o.flor)):
            items.append((action, _(label), ""))
    if s.deal.mode == ELEVEN and s.onze_pending:
        name = hand_of(s.deal.opts.eleven_at)
        other = (_("Your partner decides this {hand}.").format(hand=name)
                 if s.deal.decider != seat else "")
        if s.deal.eleven_team != seat % 2:
            other = _("The other team decides whether to play this {hand}.").format(hand=name)
        items.append(("onze:play", _("Play the {hand}").format(hand=name), other))
        items.append(("onze:fold", _("Run from the {hand}").format(hand=name), other))
    out = []
    for action, label, why in items:
        if action in legal:
            out.append(MenuItem(action, label, True))
            continue
        reason = busy or why or (_raise_reason(s, seat) if action == "raise" else
                                 _extra_reason(s, seat, action) if action in EXTRA_LABELS
                                 else _("Not allowed now."))
        out.append(MenuItem(action, label, False, reason))
    return out


def card_items(s: HandState, seat: int, names: Sequence[str] | None = None) -> list[CardItem]:
    """The learner's remaining cards in dealt order, each with what a click plays (face up, face
    down, or blind in the iron hand) and why it cannot be played now."""
    legal = set(legal_actions(s)) if s.to_act == seat else set()
    busy = turn_reason(s, seat, names)
    out = []
    for i, card in enumerate(s.left[seat]):
        if s.deal.mode == IRON:
            action = f"blind:{i}"
            ok = action in legal
            reason = "" if ok else busy or _card_reason(s)
            if not ok and not busy and s.deal.opts.iron_choice == "top" and i > 0:
                reason = _("Iron hand: you must turn up your top card.")
            out.append(CardItem(None, action, None, ok, False, reason, _iron_cover()))
            continue
        play, cover = "play:" + card_str(card), "cover:" + card_str(card)
        ok, cok = play in legal, cover in legal
        out.append(CardItem(card, play, cover, ok, cok,
                            "" if ok else busy or _card_reason(s),
                            "" if cok else busy or _cover_reason(s)))
    return out


def blind_index(action: str) -> int | None:
    """The position a ``blind:i`` action names, else None.

    >>> blind_index("blind:2"), blind_index("play:QC")
    (2, None)
    """
    if action.startswith("blind:") and action[6:].isdigit():
        return int(action[6:])
    return None

