"""The table log's words for an action: ``describe_action`` makes the sentence a move adds to
the log (``'Coach calls truco.'``), ``move_words`` the start of a sentence about a learner's move
(``'Playing Q♠'``). Never notation, always in the learner's language.
"""

from __future__ import annotations

from typing import Sequence

from ..engine.actions import BLIND, COVER, parse_action
from ..engine.cards import SUIT_SYMBOL, card_name, feminine_name
from ..engine.state import HandState
from ..i18n import N_, _, pgettext
from .bets_view import describe_bet
from .menu import hand_of, stake_name

__all__ = ["describe_action", "move_words"]


def move_words(action: str) -> str:
    """A learner's move in words, to start a sentence (never notation).

    >>> move_words("play:QS"), move_words("raise"), move_words("onze:fold")
    ('Playing Q♠', 'Raising', 'Running from the hand')
    """
    kind, _sep, arg = action.partition(":")
    if kind in ("play", "cover") and len(arg) == 2:
        card = arg[0] + SUIT_SYMBOL.get(arg[1], arg[1])
        return (_("Playing {card}") if kind == "play" else _("Covering {card}")).format(card=card)
    if kind == "cover":
        return _("Covering a card")
    if kind == "blind" and arg.isdigit():
        return _("Turning up card {number}").format(number=int(arg) + 1)
    words = {"raise": N_("Raising"), "accept": N_("Accepting"), "fold": N_("Folding"),
             "onze:play": N_("Playing the hand"), "onze:fold": N_("Running from the hand"),
             "envido": N_("Calling envido"), "real_envido": N_("Calling real envido"),
             "falta_envido": N_("Calling falta envido"), "flor": N_("Saying flor"),
             "contraflor": N_("Saying contraflor"),
             "contraflor_resto": N_("Saying contraflor al resto"),
             "achico": N_("Saying con flor me achico"),
             "drop": N_("Dropping out (me voy al mazo)")}
    return _(words[action]) if action in words else action


def describe_action(s: HandState, seat: int, action: str, names: Sequence[str],
                    deck: str = "french") -> str:
    """A sentence for the table's log: ``'Coach calls truco.'``, ``'You play the 3 of spades.'``.

    ``s`` is the state *before* the action.

    >>> from truco_learn.engine import new_hand
    >>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> describe_action(h, 0, "play:QC", ("You", "Coach"))
    'You play the queen of clubs, zap.'
    >>> describe_action(h, 0, "raise", ("You", "Coach"))
    'You call truco (3 points).'
    """
    bet = describe_bet(s, seat, action, names)  # envido, flor, drop; quiero / no quiero
    if bet is not None:
        return bet
    who = names[seat]
    you = who == _("You")
    d = s.deal
    _sep, code = parse_action(action)

    def name(card: int) -> str:
        return card_name(card, deck, d.vira, d.opts.manilhas)

    if code < COVER:
        # One sentence per gender of the card's name (Portuguese: "a dama", "o ás", "o as").
        if feminine_name(code):
            # Translators: {card} is a card whose name is feminine (dama, sota): "a {card}"
            text = (pgettext("feminine card", "You play the {card}.") if you
                    else pgettext("feminine card", "{who} plays the {card}."))
        else:
            # Translators: {card} is a card whose name is masculine (ás, as, 3, rei): "o {card}"
            text = (pgettext("masculine card", "You play the {card}.") if you
                    else pgettext("masculine card", "{who} plays the {card}."))
        return text.format(who=who, card=name(code))
    if code < BLIND:
        return (_("You cover a card (face down).") if you
                else _("{who} covers a card (face down).")).format(who=who)
    if code < 90:
        card = s.left[seat][code - BLIND]
        return (_("You turn up the {card} (blind).") if you
                else _("{who} turns up the {card} (blind).")).format(who=who, card=name(card))
    if action == "raise":
        base = s.pending[1] if s.pending is not None else s.stake
        value = d.next_stake[base]
        call = stake_name(value, d.opts.ladder)
        return (_("You call {call} ({value} points).") if you
                else _("{who} calls {call} ({value} points).")).format(
                    who=who, call=call, value=value)
    if action == "accept":
        return (_("You accept.") if you else _("{who} accepts.")).format(who=who)
    if action == "fold":
        return (_("You run.") if you else _("{who} runs from the raise.")).format(who=who)
    hand = hand_of(d.opts.eleven_at)
    if action == "onze:play":
        return (_("You decide to play the {hand}.") if you
                else _("{who} decides to play the {hand}.")).format(who=who, hand=hand)
    return (_("You run from the {hand}.") if you
            else _("{who} runs from the {hand}.")).format(who=who, hand=hand)
