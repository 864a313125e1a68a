"""Lesson 4's stake arithmetic and its small expected-points calculator.

Points are counted from your team's side: winning a hand worth 3 is +3, losing it is -3.

>>> fold_pays((1, 3, 6, 9, 12), 6)
3
>>> a = answer_values((1, 3, 6, 9, 12), stake=1, win_chance=0.5)
>>> a.accept, a.fold, a.best, a.break_even
(0.0, -1.0, 'accept', 0.3333333333333333)
>>> c = call_values((1, 3, 6, 9, 12), stake=1, win_chance=0.25, fold_chance=0.5)
>>> c.call, c.no_call, c.best
(-0.25, -0.5, 'call')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import ConfigError


def _check(ladder: Sequence[int], stake: int, chance: float, what: str) -> int:
    if not ladder or any(b <= a for a, b in zip(ladder, ladder[1:])):
        raise ConfigError(f"bad ladder {list(ladder)!r}: expected rising values")
    if stake not in ladder:
        raise ConfigError(f"stake {stake!r} is not on the ladder {list(ladder)!r}")
    i = list(ladder).index(stake)
    if i == len(ladder) - 1:
        raise ConfigError(f"stake {stake} is the top of the ladder: nobody can raise")
    if isinstance(chance, bool) or not isinstance(chance, (int, float)) or not 0 <= chance <= 1:
        raise ConfigError(f"{what} {chance!r} must be a number from 0 to 1")
    return ladder[i + 1]


def next_value(ladder: Sequence[int], stake: int) -> int:
    """What a raise from ``stake`` proposes.

    >>> next_value((1, 3, 6, 9, 12), 3), next_value((2, 4, 6, 10, 12), 6)
    (6, 10)
    """
    return _check(ladder, stake, 0.0, "chance")


def fold_pays(ladder: Sequence[int], proposed: int) -> int:
    """What the raising team scores when the other team runs from ``proposed``: the value
    accepted before it.

    >>> fold_pays((1, 3, 6, 9, 12), 3), fold_pays((2, 4, 6, 10, 12), 10)
    (1, 6)
    """
    if proposed not in ladder or proposed == ladder[0]:
        raise ConfigError(f"{proposed!r} is not a value a raise can propose on the ladder "
                          f"{list(ladder)!r}")
    return ladder[list(ladder).index(proposed) - 1]


@dataclass(frozen=True, slots=True)
class AnswerValues:
    """Expected points of each answer to a raise from ``stake`` to ``proposed``."""

    stake: int
    proposed: int
    win_chance: float
    accept: float
    fold: float
    break_even: float  # the win chance above which accepting beats running
    best: str

    def explain(self) -> str:
        """The arithmetic as two sentences.

        >>> print(answer_values((1, 3, 6, 9, 12), 1, 0.25).explain())
        Accept: you win 3 with chance 25% and lose 3 otherwise, so on average -1.5 points. Run: you lose the 1 point already at stake, -1. Accepting pays once you win more than 33% of such hands, so here: run.
        """
        pct = round(self.win_chance * 100)
        word = "point" if self.stake == 1 else "points"
        return (f"Accept: you win {self.proposed} with chance {pct}% and lose {self.proposed} "
                f"otherwise, so on average {self.accept:+g} points. Run: you lose the "
                f"{self.stake} {word} already at stake, {self.fold:+g}. Accepting pays once you "
                f"win more than {round(self.break_even * 100)}% of such hands, so here: "
                f"{'accept' if self.best == 'accept' else 'run'}.")


def answer_values(ladder: Sequence[int], stake: int, win_chance: float) -> AnswerValues:
    """Accept or run, when the other team raises from ``stake`` and you win the hand with
    ``win_chance`` if you play it. (Raising back is left out: it needs the chance they run.)"""
    proposed = _check(ladder, stake, win_chance, "win chance")
    accept = win_chance * proposed - (1 - win_chance) * proposed
    fold = -float(stake)
    return AnswerValues(stake, proposed, win_chance, accept, fold,
                        (proposed - stake) / (2 * proposed),
                        "accept" if accept >= fold else "fold")


@dataclass(frozen=True, slots=True)
class CallValues:
    """Expected points of calling a raise (from ``stake`` to ``proposed``) or not."""

    stake: int
    proposed: int
    win_chance: float
    fold_chance: float
    call: float
    no_call: float
    best: str

    def explain(self) -> str:
        """The arithmetic as sentences.

        >>> print(call_values((1, 3, 6, 9, 12), 1, 0.25, 0.5).explain())
        Call: they run 50% of the time and you score 1; otherwise the hand is worth 3, so on average -0.25 points. No call: the hand stays worth 1, so on average -0.5 points. Best here: call.
        """
        word = "point" if self.stake == 1 else "points"
        return (f"Call: they run {round(self.fold_chance * 100)}% of the time and you score "
                f"{self.stake}; otherwise the hand is worth {self.proposed}, so on average "
                f"{self.call:+g} points. No call: the hand stays worth {self.stake}, so on "
                f"average {self.no_call:+g} {word if abs(self.no_call) == 1 else 'points'}. "
                f"Best here: {'call' if self.best == 'call' else 'no call'}.")


def call_values(ladder: Sequence[int], stake: int, win_chance: float,
                fold_chance: float) -> CallValues:
    """Should you raise? You win the hand with ``win_chance`` and the other team runs with
    ``fold_chance`` (a simple model: they never raise back)."""
    proposed = _check(ladder, stake, win_chance, "win chance")
    _check(ladder, stake, fold_chance, "fold chance")
    play = (2 * win_chance - 1)
    call = fold_chance * stake + (1 - fold_chance) * play * proposed
    no_call = play * stake
    return CallValues(stake, proposed, win_chance, fold_chance, call, no_call,
                      "call" if call > no_call else "no call")


@dataclass(frozen=True, slots=True)
class ElevenValues:
    """Expected points of playing or running a hand of eleven (or ten)."""

    value: int  # what the hand is worth when played
    fold: int  # what the other team scores when you run
    win_chance: float
    play: float
    run: float
    break_even: float
    best: str

    def explain(self) -> str:
        """The arithmetic as sentences.

        >>> print(eleven_values(0.5).explain())
        Play: you win 3 with chance 50% and lose 3 otherwise, so on average +0 points. Run: the other team scores 1, -1. Playing pays once you win more than 33% of such hands, so here: play.
        """
        return (f"Play: you win {self.value} with chance {round(self.win_chance * 100)}% and "
                f"lose {self.value} otherwise, so on average {self.play:+g} points. Run: the "
                f"other team scores {self.fold}, {self.run:+g}. Playing pays once you win more "
                f"than {round(self.break_even * 100)}% of such hands, so here: {self.best}.")


def eleven_values(win_chance: float, value: int = 3, fold: int = 1) -> ElevenValues:
    """Play or run at eleven: Paulista ``value=3, fold=1``, Mineiro ``value=4, fold=2``.

    (Points only: near the end of the game, losing 3 can matter more than the average says.)

    >>> e = eleven_values(0.25, value=4, fold=2)
    >>> e.play, e.run, e.best, e.break_even
    (-2.0, -2.0, 'play', 0.25)
    """
    if isinstance(win_chance, bool) or not isinstance(win_chance, (int, float)) or not (
            0 <= win_chance <= 1):
        raise ConfigError(f"win chance {win_chance!r} must be a number from 0 to 1")
    if not 0 < fold < value:
        raise ConfigError(f"a hand of eleven worth {value!r} with {fold!r} for running "
                          "makes no sense: expected 0 < fold < value")
    play = win_chance * value - (1 - win_chance) * value
    return ElevenValues(value, fold, win_chance, play, -float(fold),
                        (value - fold) / (2 * value), "play" if play >= -fold else "run")
