"""A fast rule-of-thumb policy on engine states: the heuristic bot's brain and the coach's
rollout policy.

It reads only what the acting seat knows (its own cards and the public table), so running it
inside a determinized deal does not let anyone peek at hidden cards.

>>> import random
>>> from truco_learn.engine import new_hand, action_str
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> action_str(choose(s, random.Random(1), CAUTIOUS))   # zap and a 3: call truco
'raise'
>>> from truco_learn.engine import legal_codes
>>> action_str(card_choice(s, 0, legal_codes(s)))   # two strong cards: lead the weakest
'play:4H'
>>> final = rollout(s, random.Random(2))
>>> final.over
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..engine.actions import ACCEPT, COVER, FOLD, ONZE_FOLD, ONZE_PLAY, RAISE
from ..engine.cards import ACE
from ..engine.state import IRON, HandState, apply_legal, legal_codes
from ..engine.tricks import hand_outcome
from .envido_policy import envido_choice
from .handeval import win_estimate


@dataclass(frozen=True, slots=True)
class Style:
    """Betting thresholds of the rule-of-thumb player (win estimates between 0 and 1)."""

    raise_at: float = 0.72  # call truco (or the next step) on my turn at this win estimate
    reraise_at: float = 0.84  # answer a raise with a raise
    accept_margin: float = 0.1  # accept when the estimate beats the break-even by this much
    bluff: float = 0.06  # chance to raise anyway with a weak hand
    onze_at: float = 0.36  # play the hand of eleven at this estimate
    respect: float = 0.2  # how much each of their raises lowers my estimate when I answer
    quiero_margin: int = 0  # say quiero to an envido with this many points fewer than the rule


ROLLOUT = Style()
CAUTIOUS = Style(raise_at=0.78, reraise_at=0.9, accept_margin=0.14, bluff=0.0)


def break_even(stake: int, proposed: int) -> float:
    """Win chance above which accepting a raise beats folding.

    Folding pays them ``stake``; accepting plays for ``proposed`` either way, so accepting is
    better when ``(2p - 1) * proposed > -stake``.

    >>> round(break_even(1, 3), 3), round(break_even(3, 6), 3)
    (0.333, 0.25)
    """
    return (proposed - stake) / (2 * proposed)


def choose(s: HandState, rng: random.Random, style: Style = ROLLOUT) -> int:
    """The policy's action code for the seat to act (which must exist)."""
    legal = legal_codes(s)
    if len(legal) == 1:
        return legal[0]
    if s.ext is not None:  # envido and flor first (envido_policy.py); never drop out
        code = envido_choice(s, rng, style.bluff, legal, style.quiero_margin)
        if code is not None:
            return code
    seat = s.to_act
    if s.onze_pending:
        return ONZE_PLAY if win_estimate(s, seat) >= style.onze_at else ONZE_FOLD
    pending = s.pending
    if pending is not None:
        d = s.deal
        p = win_estimate(s, seat)
        if fold_loses_game(s):
            return ACCEPT
        level = d.opts.ladder.index(s.stake) if s.stake in d.opts.ladder else 0
        p -= style.respect * their_raises(s, seat)  # their raises say their cards are good
        if RAISE in legal and p >= style.reraise_at + 0.04 * level:
            return RAISE
        return ACCEPT if p >= break_even(s.stake, pending[1]) + style.accept_margin else FOLD
    if s.deal.mode == IRON:
        return legal[rng.randrange(len(legal))]
    card = card_choice(s, seat, legal)
    if RAISE in legal:
        if rng.random() < style.bluff:
            return RAISE
        if thumb_raise(s, seat, style):
            return RAISE
    return card


def fold_loses_game(s: HandState) -> bool:
    """Would folding the raise pending in ``s`` hand the raisers the game (the points at stake
    before the raise take them to the target)? Then every player accepts. (Where pointless
    raises are barred, as in two-seat Paulista, this never happens.)

    >>> from truco_learn.engine import new_hand, step
    >>> def six_asked(score):      # they called truco, we accepted, now we ask for six
    ...     s = new_hand("paulista-4p", dealer=3, vira="7D", score=score,
    ...                  hands=[["4H", "5S", "6C"], ["5C", "4D", "6D"], ["4C", "5D", "6S"],
    ...                         ["7H", "7C", "JD"]])
    ...     for a in ("play:6C", "raise", "accept", "play:5C", "raise"):
    ...         s = step(s, a)
    ...     return s
    >>> fold_loses_game(six_asked((9, 0))), fold_loses_game(six_asked((8, 0)))
    (True, False)
    """
    return s.score[1 - (s.to_act & 1)] + s.stake >= s.deal.opts.target


def thumb_raise(s: HandState, seat: int, style: Style) -> bool:
    """Do the cards alone call for a raise on this turn (a raise being legal)? An ace or
    better in hand and a win estimate at ``style.raise_at`` or more, a little more per step of
    the ladder, less for each raise the other team made. (:func:`choose` also bluffs now and
    then.)

    >>> from truco_learn.engine import new_hand
    >>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> thumb_raise(s, 0, ROLLOUT)
    True
    """
    d = s.deal
    level = d.opts.ladder.index(s.stake) if s.stake in d.opts.ladder else 0
    return (holds_ace_or_better(s, seat)
            and win_estimate(s, seat) - style.respect * their_raises(s, seat)
            >= style.raise_at + 0.06 * level)


def holds_ace_or_better(s: HandState, seat: int) -> bool:
    """Does ``seat`` still hold an ace, a 2, a 3 or a manilha (the card :func:`thumb_raise`
    asks for before it raises on the cards)?

    >>> from truco_learn.engine import new_hand
    >>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["KC", "JS", "AH"], ["4H", "5C", "KD"]])
    >>> holds_ace_or_better(s, 0), holds_ace_or_better(s, 1)
    (True, False)
    """
    strength = s.deal.strength
    return any(strength[c] >= ACE for c in s.left[seat])


def their_raises(s: HandState, seat: int) -> int:
    """How many raises the other team made in this hand so far."""
    team = seat & 1
    return sum(1 for who, code in s.log if code == RAISE and who & 1 != team)


def card_choice(s: HandState, seat: int, legal: list[int]) -> int:
    """Which card to play: win cheaply, keep the best card for when it matters."""
    d = s.deal
    strength = d.strength
    mine = sorted(s.left[seat], key=lambda c: strength[c])
    low, high = mine[0], mine[-1]
    team = seat & 1
    cur = s.cur
    if not cur:  # leading
        if s.tricks:
            return high
        strong = sum(1 for c in mine if strength[c] >= 9)
        if strong >= 2 and len(mine) == 3:
            return low
        if strength[high] >= 9 and len(mine) == 3:
            return mine[1]
        return high
    opp = max((strength[c] for p, c, up in cur if up and p & 1 != team), default=-1)
    ours = max((strength[c] for p, c, up in cur if up and p & 1 == team), default=-1)
    last = len(cur) == d.opts.seats - 1
    if ours > opp and (last or ours >= 9):
        if COVER + low in legal:
            return COVER + low
        return low
    above = [c for c in mine if strength[c] > opp]
    if above:
        return above[0]
    ties = [c for c in mine if strength[c] == opp]
    if ties:
        results = [t.result for t in s.tricks] + [-1]
        if hand_outcome(results) == team or not s.tricks:
            return ties[0]
    if COVER + low in legal:
        return COVER + low
    return low


#: a way to play in a playout: the action code for the seat to act in a state
Player = Callable[[HandState, random.Random], int]


def rollout(s: HandState, rng: random.Random, style: Style = ROLLOUT,
            team_style: tuple[int, Style] | None = None,
            others: Player | None = None) -> HandState:
    """Play the hand to its end with :func:`choose` for every seat (``team_style``: a
    different style for one team's seats; with it, ``others`` plays the other team's seats
    when given, in place of ``style``).

    >>> from truco_learn.engine import new_hand
    >>> from truco_learn.engine.actions import FOLD, action_str
    >>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> def runs(s, rng):                     # folds to every raise, else the rule of thumb
    ...     return FOLD if s.pending is not None else choose(s, rng)
    >>> end = rollout(s, random.Random(2), ROLLOUT, (0, CAUTIOUS), runs)
    >>> [action_str(c) for _, c in end.log], end.points   # zap and a 3 call truco: it runs
    (['raise', 'fold'], (1, 0))
    """
    if others is not None and team_style is not None:
        team, mine = team_style
        while s.to_act >= 0:
            s = apply_legal(s, choose(s, rng, mine) if s.to_act & 1 == team else others(s, rng))
        return s
    if team_style is None:
        while s.to_act >= 0:
            s = apply_legal(s, choose(s, rng, style))
        return s
    team, other = team_style
    while s.to_act >= 0:
        s = apply_legal(s, choose(s, rng, other if s.to_act & 1 == team else style))
    return s


__all__ = ["CAUTIOUS", "Player", "ROLLOUT", "Style", "break_even", "card_choice", "choose",
           "fold_loses_game", "rollout",
           "holds_ace_or_better", "their_raises", "thumb_raise"]
