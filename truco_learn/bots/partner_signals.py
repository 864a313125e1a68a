"""A partner's secret signals at a four-seat table (RULES.md, table customs: ``signals``), as the
deal sampler honours them.

An observation may carry ``"signals"``: ``[[seat, signal], ...]``, the truthful secret signals
of this hand that this seat may see. A partner's signal names its best card left at the time (a
manilha's name, ``three``, ``two``, ``ace``, ``king``, or ``nothing``), so every deal the sampler
draws gives the partner that card (:func:`signal_fits`).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.cards import RANKS
from ..engine.observer import Observed

SIGNAL_TRIES = 64  # deals drawn to honour a partner's signal before one is taken as it is
_SIGNAL_STRENGTH = {"zap": 13, "copas": 12, "espadilha": 11, "mole": 10}
_SIGNAL_RANK = {"three": "3", "two": "2", "ace": "A", "king": "K"}


def signal_fits(signal: str, strength: Any, hand: Any) -> bool:
    """Whether a dealt ``hand`` can have sent ``signal`` at some moment of the hand: a
    manilha's name needs that manilha; a rank needs an ordinary card of that rank (the signal
    names the best card left then, which may have been played since). ``nothing`` and
    unknown words say nothing here.

    >>> from truco_learn.engine.cards import parse_card, strength_table
    >>> st = strength_table("vira", parse_card("7D"))       # the queens are manilhas
    >>> hand = [parse_card(c) for c in ("QC", "3S", "4H")]
    >>> signal_fits("zap", st, hand), signal_fits("copas", st, hand), signal_fits("three", st, hand)
    (True, False, True)
    """
    if signal in _SIGNAL_STRENGTH:
        return any(strength[c] == _SIGNAL_STRENGTH[signal] for c in hand)
    if signal in _SIGNAL_RANK:
        return any(RANKS[c // 4] == _SIGNAL_RANK[signal] and strength[c] < 10 for c in hand)
    return True


def partner_signals(observation: Mapping[str, Any] | Observed, ob: Observed) -> tuple[str, ...]:
    """The partner's signals of this hand carried by a four-seat observation (none else)."""
    if ob.opts.seats != 4 or not isinstance(observation, Mapping):
        return ()
    raw = observation.get("signals") or []
    partner = (ob.seat + 2) % 4
    out = []
    for item in raw if isinstance(raw, list) else []:
        if (isinstance(item, (list, tuple)) and len(item) == 2 and item[0] == partner
                and isinstance(item[1], str)):
            out.append(item[1])
    return tuple(out)


__all__ = ["SIGNAL_TRIES", "partner_signals", "signal_fits"]
