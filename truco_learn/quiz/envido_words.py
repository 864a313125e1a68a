"""Words and tables the envido item kinds share (lesson 8): which Argentine or gaúcho table an
item is built on, the calls as players say them, a hand by its card names, and the telling of
an exchange, read from the engine's states as the actions are replayed.

>>> table_for("paulista-2p", 4), table_for("gauderio-4p", 2), table_for("gauderio-2p")
('argentino-4p', 'gauderio-2p', 'gauderio-2p')
>>> call_words("real_envido"), truco_words(3)
('real envido', 'retruco')
>>> sc = {"variant": "argentino-2p", "dealer": 1, "hands": [["7S", "5S", "KC"],
...       ["6H", "4H", "AD"]], "actions": ["envido", "real_envido", "fold"]}
>>> narrate(sc)
'Ana calls envido, Bruno answers real envido, Ana says no quiero'
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..engine.actions import ENVIDO_CALLS, ACTION_STR
from ..engine.cards import DECK, card_name, card_str
from ..engine.options import make_options
from ..engine.scenario import load_scenario
from ..engine.state import step
from ..i18n import _, pgettext
from .model import seat_label

#: the Argentine and gaúcho presets, the tables lesson 8's items are built on
ENVIDO_FAMILIES = ("argentino", "gauderio")

# the calls are Spanish words in every language (players say them so)
_CALL_WORDS = {"envido": "envido", "real_envido": "real envido", "falta_envido": "falta envido"}
_TRUCO_WORDS = {2: "truco", 3: "retruco", 4: "vale cuatro"}


def table_for(variant: str, seats: int | None = None) -> str:
    """The Argentine or gaúcho preset an envido item is built on when asked for ``variant``:
    the gaúcho one for a gaúcho variant, else the Argentine one (a Brazilian variant builds in
    ``argentino-2p``, or ``argentino-4p`` for four seats), with ``seats`` seats (default: the
    variant's own). Raises ConfigError for an unknown variant."""
    opts = make_options(variant)
    family = "gauderio" if variant.startswith("gauderio") else "argentino"
    return f"{family}-{seats or opts.seats}p"


def call_words(action: str) -> str:
    """An envido call as players say it: ``'real envido'``."""
    return _CALL_WORDS[action]


def truco_words(value: int) -> str:
    """The call that proposes a stake on the 1-2-3-4 ladder: truco, retruco, vale cuatro."""
    return _TRUCO_WORDS[value]


def hand_words(cards: Sequence[str], deck: str) -> str:
    """Three cards by name (Spanish names on the Spanish deck)."""
    from ..engine.cards import parse_card

    names = [card_name(parse_card(c), deck) for c in cards]
    # Translators: three cards of a hand, "7 de espadas, 5 de espadas and rey de bastos"
    return _("{first}, {second} and {third}").format(first=names[0], second=names[1],
                                                     third=names[2])


def deal_rest(hands: list[list[int]], seats: int, rng: random.Random,
              no_flor: bool = False) -> list[list[int]]:
    """Fill the hands not yet dealt (empty lists) from the rest of the deck; with ``no_flor``
    deal again until none of the new hands holds three cards of one suit."""
    used = {c for h in hands for c in h}
    while True:
        pool = [c for c in DECK if c not in used]
        rng.shuffle(pool)
        out = [list(h) if h else [pool.pop() for _i in range(3)] for h in hands]
        if not no_flor or all(len({c % 4 for c in h}) > 1 for h, old in zip(out, hands)
                              if not old):
            return out[:seats]


def scenario(table: str, dealer: int, hands: Sequence[Sequence[int]], actions: Sequence[str],
             score: Sequence[int] = (0, 0)) -> dict[str, Any]:
    """A PROTOCOL.md replay scenario on an Argentine or gaúcho table (no vira)."""
    return {"variant": table, "options": {}, "dealer": dealer, "score": list(score),
            "vira": None, "hands": [[card_str(c) for c in h] for h in hands],
            "actions": list(actions)}


def narrate(sc: dict[str, Any]) -> str:
    """The actions of a scenario in words, each read from the engine's state before it."""
    state, actions = load_scenario(sc)
    deck = state.deal.opts.deck
    words = []
    for a in actions:
        who = seat_label(state.to_act)
        x = state.ext
        envido_open = x is not None and x.env_open
        if a in _CALL_WORDS:
            opening = x is None or not x.env_open
            text = (pgettext("envido", "{who} calls {call}") if opening
                    else _("{who} answers {call}"))
            words.append(text.format(who=who, call=call_words(a)))
        elif a == "accept" and envido_open:
            words.append(_("{who} says quiero").format(who=who))
        elif a == "fold" and envido_open:
            words.append(_("{who} says no quiero").format(who=who))
        elif a == "accept":
            words.append(_("{who} accepts (quiero)").format(who=who))
        elif a == "fold":
            words.append(_("{who} folds (no quiero)").format(who=who))
        elif a == "raise":
            base = state.stake if state.pending is None else state.pending[1]
            words.append(_("{who} calls {call}").format(
                who=who, call=truco_words(state.deal.next_stake[base])))
        elif a == "drop":
            words.append(_("{who} goes to the deck (me voy al mazo)").format(who=who))
        else:
            from ..engine.cards import parse_card
            words.append(_("{who} plays the {card}").format(
                who=who, card=card_name(parse_card(a[5:]), deck)))
        state = step(state, a)
    return ", ".join(words)


ENVIDO_ACTIONS = tuple(ACTION_STR[c] for c in ENVIDO_CALLS)
