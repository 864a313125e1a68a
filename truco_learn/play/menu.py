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

from ..bots.sentences import eleven_name
from ..engine.cards import card_str
from ..engine.state import ELEVEN, IRON, NORMAL, HandState, legal_actions

__all__ = ["MenuItem", "CardItem", "action_bar", "blind_index", "card_items", "raise_name",
           "stake_name", "turn_reason"]

_STEP_NAMES = {6: "seis", 9: "nove", 10: "dez", 12: "doze"}


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
    """
    if len(ladder) > 1 and value == ladder[1]:
        return "truco"
    return _STEP_NAMES.get(value, f"raise to {value}")


def _proposal(s: HandState) -> int | None:
    """The value a raise would propose now, or None at the top of the ladder."""
    base = s.pending[1] if s.pending is not None else s.stake
    return s.deal.next_stake.get(base)


def raise_name(s: HandState) -> str:
    """The label of the raise button now: ``'Truco!'``, ``'Seis!'``, ... or ``'Raise'``."""
    if s.deal.mode != NORMAL or not s.deal.raises:
        return "Truco!"  # a hand without raises: the greyed button names the call nobody may make
    value = _proposal(s)
    if value is None:
        return "Raise"
    name = stake_name(value, s.deal.opts.ladder)
    return name[0].upper() + name[1:] + ("!" if " " not in name else "")


def turn_reason(s: HandState, seat: int, names: Sequence[str] | None = None) -> str:
    """Why ``seat`` may do nothing at all now ('' when it is its turn)."""
    if s.over:
        return "The hand is over."
    if s.to_act != seat:
        who = names[s.to_act] if names is not None else f"seat {s.to_act}"
        return f"It is not your turn: {who} is to act."
    return ""


def _answer_first(s: HandState) -> str:
    assert s.pending is not None
    return f"Answer the {stake_name(s.pending[1], s.deal.opts.ladder)} first: accept, run or raise."


def _onze_first(s: HandState) -> str:
    return f"First decide whether to play this {eleven_name(s.deal.opts.eleven_at)}."


def _raise_reason(s: HandState, seat: int) -> str:
    d = s.deal
    o = d.opts
    team = seat % 2
    if s.onze_pending:
        return _onze_first(s)
    if d.mode == IRON:
        return (f"No raises in the iron hand: both teams have {o.eleven_at} points or more, so "
                "every card is played blind.")
    if d.mode == ELEVEN:
        return (f"No raises in a {eleven_name(o.eleven_at)}: it is already worth "
                f"{o.eleven_value} points.")
    if not d.raises:
        return f"No raises at {d.score[0]}-{d.score[1]} when the iron hand is off."
    if s.pending is not None:
        value = s.pending[1]
        if value not in d.next_stake:
            return f"{value} is the top of the ladder: you can only accept or run."
        return (f"Raising would be pointless: your team's {d.score[team]} points plus the "
                f"{value} you would accept already reach {o.target}, so accepting alone wins "
                "you the game.")
    if s.last_raise_team == team:
        return "Your team made the last raise: raises alternate between the teams."
    if s.stake not in d.next_stake:
        return f"The stake is already at the top of the ladder ({s.stake})."
    if o.no_pointless_raise and d.score[team] + s.stake >= o.target:
        return (f"Pointless raise: your team's {d.score[team]} points plus the stake {s.stake} "
                f"already reach {o.target}, so winning this hand as it stands already wins you "
                "the game.")
    return "Not allowed now."


def _card_reason(s: HandState) -> str:
    if s.onze_pending:
        return _onze_first(s)
    if s.pending is not None:
        return _answer_first(s)
    return "Not allowed now."


def _cover_reason(s: HandState) -> str:
    d = s.deal
    if not d.opts.covered_cards:
        return f"No covered cards in {d.opts.variant}."
    if d.mode == IRON:
        return "No covered cards in the iron hand: every card is played blind."
    if s.onze_pending:
        return _onze_first(s)
    if s.pending is not None:
        return _answer_first(s)
    if not s.tricks:
        return "No covered card in the first trick: you may cover from the second trick on."
    return "Not allowed now."


def action_bar(s: HandState, seat: int, names: Sequence[str] | None = None) -> list[MenuItem]:
    """The bar's buttons for ``seat``: raise (named for the next step), accept, run, and in an
    undecided hand of eleven the play/fold decision. Enabled exactly when the engine allows it.
    """
    legal = set(legal_actions(s)) if s.to_act == seat else set()
    busy = turn_reason(s, seat, names)
    items: list[tuple[str, str, str]] = [("raise", raise_name(s), "")]
    no_raise = "There is no raise to answer."
    items.append(("accept", "Accept", no_raise))
    items.append(("fold", "Run", no_raise))
    if s.deal.mode == ELEVEN and s.onze_pending:
        name = eleven_name(s.deal.opts.eleven_at)
        other = f"Your partner decides this {name}." if s.deal.decider != seat else ""
        if s.deal.eleven_team != seat % 2:
            other = f"The other team decides whether to play this {name}."
        items.append(("onze:play", f"Play the {name}", other))
        items.append(("onze:fold", f"Run from the {name}", other))
    out = []
    for action, label, why in items:
        if action in legal:
            out.append(MenuItem(action, label, True))
            continue
        reason = busy or why or (_raise_reason(s, seat) if action == "raise" else
                                 "Not allowed now.")
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
                reason = "Iron hand: you must turn up your top card."
            out.append(CardItem(None, action, None, ok, False, reason,
                                "No covered cards in the iron hand: every card is played blind."))
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

