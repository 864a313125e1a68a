"""Lesson 4's stake arithmetic and its small expected-points calculator.

Points are counted from your team's side: winning a hand worth 3 is +3, losing it is −3.

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
from ..i18n import DEFAULT, _, current, ngettext, numbers


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
        Accept: you win 3 with chance 25% and lose 3 otherwise, so on average −1.5 points. Run: you lose the 1 point already at stake, −1. Accepting pays once you win more than 33% of such hands, so here: run.
        """
        accept = _("Accept: you win {value} with chance {chance} and lose {value} otherwise, "
                   "so on average {average} points.").format(
            value=self.proposed, chance=_pc(self.win_chance), average=_sg(self.accept))
        run = ngettext("Run: you lose the {stake} point already at stake, {average}.",
                       "Run: you lose the {stake} points already at stake, {average}.",
                       self.stake).format(stake=self.stake, average=_sg(self.fold))
        if self.best == "accept":
            verdict = _("Accepting pays once you win more than {chance} of such hands, so here: "
                        "accept.")
        else:
            verdict = _("Accepting pays once you win more than {chance} of such hands, so here: "
                        "run.")
        return " ".join((accept, run, verdict.format(chance=_pc(self.break_even))))


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
        Call: they run 50% of the time and you score 1; otherwise the hand is worth 3, so on average −0.25 points. No call: the hand stays worth 1, so on average −0.5 points. Best here: call.
        """
        call = _("Call: they run {chance} of the time and you score {stake}; otherwise the "
                 "hand is worth {value}, so on average {average} points.").format(
            chance=_pc(self.fold_chance), stake=self.stake, value=self.proposed,
            average=_sg(self.call))
        if abs(self.no_call) == 1:
            no_call = _("No call: the hand stays worth {stake}, so on average {average} point.")
        else:
            no_call = _("No call: the hand stays worth {stake}, so on average {average} points.")
        best = (_("Best here: call.") if self.best == "call" else _("Best here: no call."))
        return " ".join((call, no_call.format(stake=self.stake, average=_sg(self.no_call)),
                         best))


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
    """Play or run a hand of eleven (or ten), as chances to **win the game**: at eleven any win
    ends the game, so points are the wrong yardstick. ``play`` and ``run`` are those chances;
    later hands are counted as won with chance ``later`` (a simple model: you play them all)."""

    value: int  # what the hand is worth when played
    fold: int  # what the other team scores when you run
    win_chance: float
    their: int  # the other team's score now
    at: int  # the score of the hand of eleven (Mineiro: ten)
    play: float  # chance to win the game if you play
    run: float  # chance to win the game if you run
    after_loss: float  # chance to win the game after losing this hand
    break_even: float  # the chance to win this hand above which playing beats running
    best: str

    def explain(self) -> str:
        """The arithmetic as sentences.

        >>> print(eleven_values(0.35).explain())
        Play: you win the game at once with chance 35%; if you lose the hand they go to 7, and you still win the game 75% of those times: 84% in all. Run: they go to 5 and you stay at 11: you win the game 88% of the time. Playing pays once you win more than 50% of such hands, so here: run. (Later hands counted as won half the time.)
        """
        play = _("Play: you win the game at once with chance {chance}; if you lose the hand "
                 "they go to {their}, and you still win the game {after} of those times: "
                 "{total} in all.").format(
            chance=_pc(self.win_chance), their=self.their + self.value,
            after=_pc(self.after_loss), total=_pc(self.play))
        run = _("Run: they go to {their} and you stay at {at}: you win the game {chance} of the "
                "time.").format(their=self.their + self.fold, at=self.at, chance=_pc(self.run))
        if self.best == "play":
            verdict = _("Playing pays once you win more than {chance} of such hands, so here: "
                        "play.")
        else:
            verdict = _("Playing pays once you win more than {chance} of such hands, so here: "
                        "run.")
        later = _("(Later hands counted as won half the time.)")
        return " ".join((play, run, verdict.format(chance=_pc(self.break_even)), later))


def _sg(x: float) -> str:
    """A signed number of points with a real minus sign: ``+1.5``, ``−0.25`` (``−0,25`` in
    pt-BR, always two decimals there).

    >>> _sg(-0.25), _sg(1.5)
    ('−0.25', '+1.5')
    """
    if current() == DEFAULT:  # English keeps its shortest form, as it always has
        return f"{x:+g}".replace("-", "−")
    return numbers.signed(x).replace("-", "−")


def _pc(x: float) -> str:
    """A chance as a whole percentage (rounded as Python rounds, in every language)."""
    return numbers.percent(round(100 * x) / 100)


def game_chance(their: int, *, value: int, at: int, target: int, later: float = 0.5) -> float:
    """Your chance to win the game when you are at ``at`` (the hand of eleven or ten) and they
    have ``their`` points, if you play every hand and win each with chance ``later``; with both
    teams at ``at`` or more it is the iron hand, a coin toss.

    >>> game_chance(7, value=3, at=11, target=12), game_chance(12, value=3, at=11, target=12)
    (0.75, 0.0)
    """
    if their >= target:
        return 0.0
    if their >= at:
        return 0.5
    return later + (1 - later) * game_chance(their + value, value=value, at=at, target=target,
                                             later=later)


def eleven_values(win_chance: float, value: int = 3, fold: int = 1, *, at: int = 11,
                  their: int = 4, target: int = 12, later: float = 0.5) -> ElevenValues:
    """Play or run at eleven (Paulista ``value=3, fold=1, at=11``; Mineiro ``4, 2, 10``) when
    the other team has ``their`` points and you win this hand with ``win_chance``.

    >>> e = eleven_values(0.25, value=4, fold=2, at=10, their=3)
    >>> round(e.play, 3), round(e.run, 3), e.best, round(e.break_even, 3)
    (0.812, 0.75, 'play', 0.0)
    """
    if isinstance(win_chance, bool) or not isinstance(win_chance, (int, float)) or not (
            0 <= win_chance <= 1):
        raise ConfigError(f"win chance {win_chance!r} must be a number from 0 to 1")
    if not 0 < fold < value:
        raise ConfigError(f"a hand of eleven worth {value!r} with {fold!r} for running "
                          "makes no sense: expected 0 < fold < value")
    if not 0 <= their < at < target:
        raise ConfigError(f"the other team's score {their!r} must be from 0 to {at - 1} (a "
                          f"hand at {at!r} to a target of {target!r})")
    after_loss = game_chance(their + value, value=value, at=at, target=target, later=later)
    run = game_chance(their + fold, value=value, at=at, target=target, later=later)
    play = win_chance + (1 - win_chance) * after_loss
    break_even = min(1.0, max(0.0, (run - after_loss) / (1 - after_loss)))
    return ElevenValues(value, fold, win_chance, their, at, play, run, after_loss, break_even,
                        "play" if play >= run else "run")
