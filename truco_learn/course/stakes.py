"""Lesson 4's stake arithmetic and its small expected-points calculator.

Points are counted from your team's side: winning a hand worth 3 is +3, losing it is −3.
When the two options are worth the same (at break-even), no option is best: ``best`` is
``"either"`` and the sentences say so; the numbers are shown with just enough decimals that what
the learner reads never contradicts the verdict.

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
    best: str  # "accept", "fold" or, at break-even, "either"

    def explain(self) -> str:
        """The arithmetic as two sentences.

        >>> print(answer_values((1, 3, 6, 9, 12), 1, 0.25).explain())
        Accept: you win 3 with chance 25% and lose 3 otherwise, so on average −1.5 points. Run: you lose the 1 point already at stake, −1. Accepting pays once you win more than 33% of such hands, so here: run.

        At break-even the two are worth the same, and a break-even between whole percentages
        gets a decimal when the chance would otherwise look equal to it:

        >>> print(answer_values((1, 3, 6, 9, 12), 3, 0.25).explain())
        Accept: you win 6 with chance 25% and lose 6 otherwise, so on average −3 points. Run: you lose the 3 points already at stake, −3. Accepting pays once you win more than 25% of such hands, so here: either way, they are worth the same.
        >>> print(answer_values((1, 3, 6, 9, 12), 6, 0.17).explain().split(". ")[-1])
        Accepting pays once you win more than 16.7% of such hands, so here: accept.
        """
        order = _ORDER[self.best]
        chance, break_even = _pcs(self.win_chance, self.break_even, order)
        accept_average, fold_average = _sgs(self.accept, self.fold, order)
        accept = _("Accept: you win {value} with chance {chance} and lose {value} otherwise, "
                   "so on average {average} points.").format(
            value=self.proposed, chance=chance, average=accept_average)
        run = ngettext("Run: you lose the {stake} point already at stake, {average}.",
                       "Run: you lose the {stake} points already at stake, {average}.",
                       self.stake).format(stake=self.stake, average=fold_average)
        if self.best == "accept":
            verdict = _("Accepting pays once you win more than {chance} of such hands, so here: "
                        "accept.")
        elif self.best == "fold":
            verdict = _("Accepting pays once you win more than {chance} of such hands, so here: "
                        "run.")
        else:
            verdict = _("Accepting pays once you win more than {chance} of such hands, so here: "
                        "either way, they are worth the same.")
        return " ".join((accept, run, verdict.format(chance=break_even)))


def answer_values(ladder: Sequence[int], stake: int, win_chance: float) -> AnswerValues:
    """Accept or run, when the other team raises from ``stake`` and you win the hand with
    ``win_chance`` if you play it. (Raising back is left out: it needs the chance they run.)"""
    proposed = _check(ladder, stake, win_chance, "win chance")
    accept = win_chance * proposed - (1 - win_chance) * proposed
    fold = -float(stake)
    break_even = (proposed - stake) / (2 * proposed)
    # accept − fold = 2 · proposed · (win_chance − break_even): the same order, and the one
    # the verdict's sentence states
    return AnswerValues(stake, proposed, win_chance, accept, fold, break_even,
                        ("fold", "either", "accept")[_order(win_chance, break_even) + 1])


@dataclass(frozen=True, slots=True)
class CallValues:
    """Expected points of calling a raise (from ``stake`` to ``proposed``) or not."""

    stake: int
    proposed: int
    win_chance: float
    fold_chance: float
    call: float
    no_call: float
    best: str  # "call", "no call" or, when both are worth the same, "either"

    def explain(self) -> str:
        """The arithmetic as sentences.

        >>> print(call_values((1, 3, 6, 9, 12), 1, 0.25, 0.5).explain())
        Call: they run 50% of the time and you score 1; otherwise the hand is worth 3, so on average −0.25 points. No call: the hand stays worth 1, so on average −0.5 points. Best here: call.
        >>> print(call_values((1, 3, 6, 9, 12), 1, 0.5, 0.0).explain().split(". ")[-1])
        Best here: either way, they are worth the same.
        """
        call_average, no_call_average = _sgs(self.call, self.no_call, _ORDER[self.best])
        call = _("Call: they run {chance} of the time and you score {stake}; otherwise the "
                 "hand is worth {value}, so on average {average} points.").format(
            chance=_pc(self.fold_chance), stake=self.stake, value=self.proposed,
            average=call_average)
        if abs(self.no_call) == 1:
            no_call = _("No call: the hand stays worth {stake}, so on average {average} point.")
        else:
            no_call = _("No call: the hand stays worth {stake}, so on average {average} points.")
        if self.best == "call":
            best = _("Best here: call.")
        elif self.best == "no call":
            best = _("Best here: no call.")
        else:
            best = _("Best here: either way, they are worth the same.")
        return " ".join((call, no_call.format(stake=self.stake, average=no_call_average),
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
                      ("no call", "either", "call")[_order(call, no_call) + 1])


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
    best: str  # "play", "run" or, at break-even, "either"

    def explain(self) -> str:
        """The arithmetic as sentences.

        >>> print(eleven_values(0.35).explain())
        Play: you win the game at once with chance 35%; if you lose the hand they go to 7, and you still win the game 75% of those times: 84% in all. Run: they go to 5 and you stay at 11: you win the game 88% of the time. Playing pays once you win more than 50% of such hands, so here: run. (Later hands counted as won half the time.)

        At break-even the two are worth the same; near it, the chances get a decimal where
        whole percentages would look equal:

        >>> print(eleven_values(0.5).explain())
        Play: you win the game at once with chance 50%; if you lose the hand they go to 7, and you still win the game 75% of those times: 88% in all. Run: they go to 5 and you stay at 11: you win the game 88% of the time. Playing pays once you win more than 50% of such hands, so here: either way, they are worth the same. (Later hands counted as won half the time.)
        >>> print(eleven_values(0.51, their=0).explain().split(": ", 2)[-1])
        93.9% in all. Run: they go to 1 and you stay at 11: you win the game 93.8% of the time. Playing pays once you win more than 50% of such hands, so here: play. (Later hands counted as won half the time.)
        """
        order = _ORDER[self.best]
        chance, break_even = _pcs(self.win_chance, self.break_even, order)
        total, run_chance = _pcs(self.play, self.run, order)
        play = _("Play: you win the game at once with chance {chance}; if you lose the hand "
                 "they go to {their}, and you still win the game {after} of those times: "
                 "{total} in all.").format(
            chance=chance, their=self.their + self.value, after=_pc(self.after_loss),
            total=total)
        run = _("Run: they go to {their} and you stay at {at}: you win the game {chance} of the "
                "time.").format(their=self.their + self.fold, at=self.at, chance=run_chance)
        if self.best == "play":
            verdict = _("Playing pays once you win more than {chance} of such hands, so here: "
                        "play.")
        elif self.best == "run":
            verdict = _("Playing pays once you win more than {chance} of such hands, so here: "
                        "run.")
        else:
            verdict = _("Playing pays once you win more than {chance} of such hands, so here: "
                        "either way, they are worth the same.")
        later = _("(Later hands counted as won half the time.)")
        return " ".join((play, run, verdict.format(chance=break_even), later))


def _sg(x: float, digits: int | None = None) -> str:
    """A signed number of points with a real minus sign: ``+1.5``, ``−0.25`` (``−0,25`` in
    pt-BR, always two decimals there); ``digits`` decimals at most when given.

    >>> _sg(-0.25), _sg(1.5), _sg(0.123456789), _sg(0.123456789, 8)
    ('−0.25', '+1.5', '+0.123457', '+0.12345679')
    """
    if current() == DEFAULT:  # English keeps its shortest form, as it always has
        if digits is None:
            return f"{x:+g}".replace("-", "−")
        return f"{x:+.{digits}f}".rstrip("0").rstrip(".").replace("-", "−")
    return numbers.signed(x, 2 if digits is None else digits).replace("-", "−")


def _pc(x: float, digits: int = 0) -> str:
    """A chance as a percentage rounded to ``digits`` decimals (as Python rounds, in every
    language), without trailing zeros.

    >>> _pc(0.875), _pc(1 / 6, 1), _pc(0.2, 3)
    ('88%', '16.7%', '20%')
    """
    shown = round(100 * x, digits)
    digits = next(d for d in range(digits + 1) if round(shown, d) == shown)
    return numbers.percent(round(shown, digits) / 100, digits)


# Two values closer than this are worth the same: the verdict names no option (a tie at
# break-even comes out of the arithmetic a hair off, e.g. 0.1 + 0.2 against 0.3).
_TIE = 1e-9
_ORDER = {"accept": 1, "call": 1, "play": 1, "either": 0, "fold": -1, "no call": -1, "run": -1}


def _order(a: float, b: float) -> int:
    """1 if ``a`` is worth more than ``b``, −1 if less, 0 if they are the same (within
    :data:`_TIE`)."""
    return 0 if abs(a - b) <= _TIE else (1 if a > b else -1)


def _sign(a: float, b: float) -> int:
    return (a > b) - (a < b)


def _pcs(a: float, b: float, order: int) -> tuple[str, str]:
    """Two chances as percentages, with the fewest decimals that show them in ``order`` (equal
    when 0), so the learner never reads "88% against 88%" beside a verdict.

    >>> _pcs(0.17, 1 / 6, 1), _pcs(0.50, 0.50, 0), _pcs(0.93875, 0.9375, 1)
    (('17%', '16.7%'), ('50%', '50%'), ('93.9%', '93.8%'))
    """
    if order == 0:  # the same value: shown the same
        return _pc(a), _pc(a)
    for digits in range(10):
        if _sign(round(100 * a, digits), round(100 * b, digits)) == order:
            break
    return _pc(a, digits), _pc(b, digits)


def _sgs(a: float, b: float, order: int) -> tuple[str, str]:
    """Two signed numbers of points as :func:`_sg` shows them, with more decimals where its
    usual form would not show them in ``order`` (equal when 0).

    >>> _sgs(-1.0, -1.0000000001, 0), _sgs(0.3702, 0.37, 1)
    (('−1', '−1'), ('+0.3702', '+0.37'))
    >>> from truco_learn.i18n import language
    >>> with language("pt-BR"):
    ...     _sgs(0.3702, 0.37, 1), _sgs(-0.25, -0.5, 1)
    (('+0,3702', '+0,3700'), ('−0,25', '−0,50'))
    """
    if order == 0:  # the same value: shown the same
        return _sg(a), _sg(a)
    shown = (_sg(a), _sg(b))
    for digits in range(3, 12):
        if _sign(*(float(x.replace("−", "-").replace(",", ".")) for x in shown)) == order:
            break
        shown = (_sg(a, digits), _sg(b, digits))
    return shown


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
    if not 0 <= later < 1:
        raise ConfigError(f"the chance to win later hands {later!r} must be from 0 to below 1")
    after_loss = game_chance(their + value, value=value, at=at, target=target, later=later)
    run = game_chance(their + fold, value=value, at=at, target=target, later=later)
    play = win_chance + (1 - win_chance) * after_loss
    break_even = min(1.0, max(0.0, (run - after_loss) / (1 - after_loss)))
    # play − run = (1 − after_loss) · (win_chance − break_even): the same order, and the one
    # the verdict's sentence states
    return ElevenValues(value, fold, win_chance, their, at, play, run, after_loss, break_even,
                        ("run", "either", "play")[_order(win_chance, break_even) + 1])
