"""What the other team's card plays say, read once their cards are seen: does each play follow
the plain rules of thumb (:func:`checked_plays`, the coach's ``card_sense``), and how much more
likely is the hand's card play from a wild player, who picks any card alike, than from a
sensible one (:func:`wild_play_evidence`)? Hidden cards are never read: only the cards the
hand showed, and draws of the ones it did not.

>>> from truco_learn.engine import new_hand, observation, step
>>> from truco_learn.engine.observer import parse_observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> for a in ("play:4H", "play:2H", "play:KD", "play:3S", "play:QC"):
...     s = step(s, a)
>>> checked_plays(parse_observation(observation(s, 0)), set())  # its 2 beat the 4, its K would do
[(1, False)]
"""

from __future__ import annotations

import math
import random

from ..engine.actions import COVER, RAISE
from ..engine.cards import strength_table
from ..engine.observer import Observed
from ..engine.state import HandState, legal_codes
from .hand_draws import replay_draws
from .policy import card_choice

PLAY_DEVIATION = 0.3  # share of a sensible player's card plays that are not the rule-of-thumb card
PARTNER_SENSE = 1.0 - PLAY_DEVIATION  # a hidden partner's card plays: read as a sensible player's
PLAY_SAMPLES = 8  # draws of their unseen cards when their card play is weighed


def play_fit(s: HandState, who: int, code: int, sense: float) -> float:
    """How well card ``code`` played by ``who`` in ``s`` fits the hand it holds there, for a
    player who plays the rule-of-thumb card with chance ``sense`` (0: at random) and any legal
    card otherwise: 1.0 for the rule-of-thumb card (or a covered card against a covered one),
    less for another, relative to it.

    >>> from truco_learn.engine import new_hand
    >>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> from truco_learn.engine.actions import parse_action
    >>> [round(play_fit(s, 0, parse_action(a)[1], 0.7), 3) for a in ("play:4H", "play:QC")]
    [1.0, 0.125]
    """
    cards = [c for c in legal_codes(s) if c < RAISE]
    if len(cards) < 2:
        return 1.0
    pick = card_choice(s, who, cards)
    if pick == code or min(pick, code) >= COVER:
        return 1.0
    stray = (1.0 - sense) / len(cards)
    return stray / (sense + stray)


def wild_play_evidence(ob: Observed) -> float:
    """The log likelihood ratio, wild against sensible, of the other team's card plays in a
    finished hand (``ob``: its last observation), against the rule-of-thumb card for the hand
    they held, their unseen cards drawn a few times: a wild player picks it only by chance, a
    sensible one mostly."""
    team = ob.seat & 1
    agree: dict[int, int] = {}
    choices: dict[int, int] = {}
    for steps, _ in replay_draws(ob, PLAY_SAMPLES, random.Random(0)):
        for i, (who, code, t) in enumerate(steps):
            if who & 1 != team and code < RAISE and t.pending is None:
                cards = [c for c in legal_codes(t) if c < RAISE]
                if len(cards) > 1:
                    pick = card_choice(t, who, cards)
                    agree[i] = agree.get(i, 0) + (pick == code or min(pick, code) >= COVER)
                    choices[i] = len(cards)
    evidence = 0.0
    for i, k in agree.items():
        n = choices[i]
        sensible = (1.0 - PLAY_DEVIATION) * k / PLAY_SAMPLES + PLAY_DEVIATION / n
        evidence += math.log((1.0 / n) / sensible)
    return evidence


def checked_plays(ob: Observed, done: set[int]) -> list[tuple[int, bool]]:
    """Their card plays that followed a card of ours, not in ``done`` (log indexes): did they
    win as cheaply as they could, or give up their lowest card? Checked against the cards they
    showed later. Returns (log index, followed the rule) per play that could be checked."""
    if ob.opts.manilhas == "vira" and ob.vira is None:
        return []
    strength = strength_table(ob.opts.manilhas, ob.vira)
    team = ob.seat & 1
    n = ob.opts.seats
    out: list[tuple[int, bool]] = []
    trick: list[tuple[int, int | None]] = []
    plays = [(i, who, card) for i, (who, kind, card) in enumerate(ob.log)
             if kind in ("play", "cover")]
    for j, (index, who, card) in enumerate(plays):
        if who & 1 != team and card is not None and trick and index not in done:
            up = [(w, strength[c]) for w, c in trick if c is not None]
            ours = max((st for w, st in up if w & 1 == team), default=-1)
            theirs = max((st for w, st in up if w & 1 != team), default=-1)
            later = [strength[c] for _, w, c in plays[j + 1:] if w == who and c is not None]
            mine = strength[card]
            if ours > theirs and later and mine != ours:
                beats = [st for st in later if st > ours]
                if mine > ours:
                    ok = not any(st < mine for st in beats)
                else:
                    ok = not beats and not any(st < mine for st in later)
                out.append((index, ok))
        trick.append((who, card))
        if len(trick) == n:
            trick = []
    return out


__all__ = ["PARTNER_SENSE", "PLAY_DEVIATION", "PLAY_SAMPLES", "checked_plays", "play_fit",
           "wild_play_evidence"]
