"""What their raises say about the moment they raised in, read from how good the moment was: on
a turn where they could raise, how good was their hand then (:func:`moment`: the rough chance
to win with the cards left and the tricks so far, :func:`.handeval.win_estimate`, less for the
raises already made and for each step of the ladder), and did they raise?

:mod:`.answer_model` learns their raises by the strength of the hand they were dealt; but a
player who raises only when the moment is very good (a won trick and the best card left)
raises with middling dealt hands too, so the dealt strength says little about what a raise
from them means. This model reads a player as one who raises from a moment of its own
(:data:`FROMS`: from 0.55 to 0.9; the rule-of-thumb player raises from 0.72), on all, most or
hardly any of the moments above it (:data:`TOPS`: a passive caller leaves the raising to
others), and bluffs on a share of the others (:data:`BLUFFS`). A moment is graded as the rule
of thumb sees it, which takes 0.2 off for each raise the other side made; a player may make
more or less of those raises (:data:`RESPECTS`), and one who makes little of them raises a six
after an accepted truco from a poorer moment (so graded) than it raises a truco from. Every
turn seen weighs each such player (:data:`KINDS`) by how likely it made the choice seen, the
grade of its moment (:data:`CUTS`) known where the hand was shown and drawn a few times where
it was not. So every turn of a match speaks to the same four numbers, where chances learnt
grade by grade each wait for their own rare moments; and a raise from a hand never shown is
read with where this player is seen to raise, not with where most deals would put it. The deal
sampler weighs each drawn deal by it (:meth:`RaiseReading.factor`), so after a raise from a
player who raises only on the best moments the coach imagines the hands that make the moment
that good, and after one from a player who raises on anything it imagines any hand.

Their answers to the coach's raises speak to the same players (:meth:`RaiseReading.add_answer`):
a player's caution is taken to be one, so one who raises only from a better moment than the
rule of thumb also wants that much more over the break-even before it accepts (:data:`FOLDS`),
and it makes as much of the raise it answers as of the raises before its own turns. The coach
raises far more often than the other side does, so a cautious player's folds (and a bold one's
accepts) show what kind of player it is hands before its own raises would.

>>> r = RaiseReading()
>>> [round(r.rate(g), 2) for g in range(GRADES)]
[0.07, 0.11, 0.28, 0.39, 0.5, 0.59, 0.7, 0.83]
>>> for _ in range(6):
...     chance = r.add(_one(4), False)   # a good moment (0.72 to 0.77): they did not raise
...     chance = r.add(_one(7), True)    # the best moments: they did
>>> r.factor(4, True) < RaiseReading().factor(4, True), r.factor(7, True)
(True, 1.0)
"""

from __future__ import annotations

import math
import random
from typing import Callable, Sequence

from ..engine.actions import RAISE
from ..engine.extended import bet_waits
from ..engine.observer import Observed
from ..engine.state import IRON, HandState, legal_codes
from ..errors import ConfigError
from .answer_reading import CUTS as ANSWER_CUTS
from .coach_memory import CoachMemory, RememberedAnswer
from .hand_draws import replay_draws
from .handeval import win_estimate
from .policy import ROLLOUT, Style, their_raises

CUTS = (0.5, 0.6, 0.66, 0.72, 0.77, 0.82, 0.88)  # the grades of a moment: below each, or above
GRADES = len(CUTS) + 1
FROMS = (0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)  # the moments a player may raise from
FROM_PRIOR = (1.0,) * len(FROMS)  # each of them alike, before any turn
BLUFFS = (0.0, 0.03, 0.08, 0.2, 0.4)  # shares of the moments below theirs they raise on anyway
BLUFF_PRIOR = (0.3, 0.3, 0.25, 0.1, 0.05)
# shares of the moments above theirs they raise on: hardly any (a player who leaves the
# raising to others), most (some keep quiet) or all
TOPS = (0.05, 0.8, 1.0)
TOP_PRIOR = (0.1, 0.45, 0.45)
# a player's answers to a raise go with its raising: one who raises from a better moment than
# the rule of thumb (:data:`.policy.ROLLOUT`) also wants that much more over the break-even to
# accept; each answer seen weighs the players by it, allowing this share of lapses either way
ANSWER_LAPSE = 0.2
ANSWER_SPAN = (-0.4, 0.7)  # the lowest and highest margins over the break-even
DRAWS = 6  # draws of their unseen cards when a hand's turns are filed
LEVEL_STEP = 0.06  # each step of the ladder already reached asks this much more of a moment


def _above(grade: int, start: float) -> float:
    """The share of a grade's moments at or above ``start`` (moments spread evenly in it)."""
    lo = CUTS[grade - 1] if grade > 0 else 0.0
    hi = CUTS[grade] if grade < len(CUTS) else 1.0
    return min(1.0, max(0.0, (hi - start) / (hi - lo)))


# how much each raise of the other side lowers the moment a player raises or accepts from
# (:attr:`.policy.Style.respect`): the moments are graded with the rule of thumb's
# (:data:`.policy.ROLLOUT`), so a player who makes less of the other side's raises raises and
# accepts from poorer moments once the other side has raised (after a truco it accepted, a
# six comes from a poorer moment than a truco does)
RESPECTS = (0.0, 0.1, 0.2, 0.3)
RESPECT_PRIOR = (1.0, 1.0, 1.0, 1.0)
RAISES_READ = 3  # the other side's raises in the hand, read apart: none, one, two or more

# each player the reading weighs: the moment it raises from, the share of the poorer moments it
# raises on anyway, the share of the better ones it raises on, how much it makes of the other
# side's raises, and how likely it is at first
KINDS: tuple[tuple[float, float, float, float, float], ...] = tuple(
    (start, b, top, respect, fw * bw * tw * rw)
    for start, fw in zip(FROMS, FROM_PRIOR) for b, bw in zip(BLUFFS, BLUFF_PRIOR)
    for top, tw in zip(TOPS, TOP_PRIOR) if b <= top
    for respect, rw in zip(RESPECTS, RESPECT_PRIOR))


def _start(kind: tuple[float, ...], raises: int) -> float:
    """The moment (as graded) a kind of player raises from after ``raises`` raises of the
    other side."""
    return kind[0] + (kind[3] - ROLLOUT.respect) * raises


# by the other side's raises so far: each player's chance to raise in a moment of each grade
PLAYERS: tuple[tuple[tuple[float, ...], ...], ...] = tuple(
    tuple(tuple(k[1] + (k[2] - k[1]) * _above(g, _start(k, r)) for g in range(GRADES))
          for k in KINDS)
    for r in range(RAISES_READ))


def _below(grade: int, margin: float) -> float:
    """The share of an answer grade's moments below ``margin`` (spread evenly in it)."""
    lo = ANSWER_CUTS[grade - 1] if grade > 0 else ANSWER_SPAN[0]
    hi = ANSWER_CUTS[grade] if grade < len(ANSWER_CUTS) else ANSWER_SPAN[1]
    return min(1.0, max(0.0, (margin - lo) / (hi - lo)))


# by the other side's raises so far (one at least: the raise answered): each player's chance
# to fold in an answer's moment of each grade
FOLDS: tuple[tuple[tuple[float, ...], ...], ...] = tuple(
    tuple(tuple(ANSWER_LAPSE + (1.0 - 2.0 * ANSWER_LAPSE)
                * _below(g, ROLLOUT.accept_margin + _start(k, r) - ROLLOUT.raise_at)
                for g in range(len(ANSWER_CUTS) + 1))
          for k in KINDS)
    for r in range(RAISES_READ))


def _one(grade: int) -> tuple[float, ...]:
    """A moment known to be of this grade."""
    return tuple(1.0 if g == grade else 0.0 for g in range(GRADES))


def moment_value(s: HandState, seat: int, style: Style = ROLLOUT) -> float:
    """How good ``seat``'s moment in ``s`` is: its rough chance to win now, less
    ``style.respect`` for each raise the other team made in this hand and
    :data:`LEVEL_STEP` for each step of the ladder already reached."""
    d = s.deal
    level = d.opts.ladder.index(s.stake) if s.stake in d.opts.ladder else 0
    return win_estimate(s, seat) - style.respect * their_raises(s, seat) - LEVEL_STEP * level


def moment(s: HandState, seat: int, style: Style = ROLLOUT) -> int:
    """The grade (0 to ``GRADES - 1``) of ``seat``'s moment in ``s`` (:func:`moment_value`)."""
    return grade_of(moment_value(s, seat, style))


def grade_of(value: float) -> int:
    """The grade of a moment worth ``value`` (:data:`CUTS`).

    >>> grade_of(0.3), grade_of(0.72), grade_of(0.95)
    (0, 4, 7)
    """
    return sum(1 for cut in CUTS if value >= cut)


def may_read(s: HandState) -> bool:
    """Is ``s`` a turn this model reads (a raise legal, no answer due, no envido or flor
    waiting for its answer, not the iron hand)?"""
    return (s.pending is None and not s.onze_pending and s.deal.mode != IRON
            and not bet_waits(s) and RAISE in legal_codes(s))


class RaiseReading:
    """The players it may be (:data:`PLAYERS`) and how well each fits the turns seen."""

    def __init__(self, memory: CoachMemory | None = None) -> None:
        self.seen = 0  # turns read in this match
        self.answered = 0  # answers read in this match
        self.log_weights = [math.log(k[4]) for k in KINDS]
        self.memory = memory  # what earlier matches against this player taught (its evidence)
        if memory is not None:
            if len(memory.evidence) != len(KINDS):
                raise ConfigError(f"a memory of {len(memory.evidence)} kinds of player is "
                                  f"not a raise reading's ({len(KINDS)})")
            self.log_weights = [w + e for w, e in zip(self.log_weights, memory.evidence)]
        # worked out from the weights when first asked for, until the next turn is added
        self._weights_kept: tuple[list[float], float] | None = None
        self._rates: dict[int, tuple[float, ...]] = {}  # by the other side's raises read
        self._factors: dict[tuple[bool, int], tuple[float, ...]] = {}

    def _weights(self) -> tuple[list[float], float]:
        """How likely each player is now (unnormalized), and their sum."""
        if self._weights_kept is None:
            top = max(self.log_weights)
            w = [math.exp(x - top) for x in self.log_weights]
            self._weights_kept = (w, sum(w))
        return self._weights_kept

    def rates(self, raises: int = 0) -> tuple[float, ...]:
        """Their chance to raise in a moment of each grade, over the players it may be, after
        ``raises`` raises of the other side in the hand (:func:`.policy.their_raises`; two
        or more are read alike)."""
        raises = min(raises, RAISES_READ - 1)
        kept = self._rates.get(raises)
        if kept is None:
            w, total = self._weights()
            players = PLAYERS[raises]
            kept = self._rates[raises] = tuple(
                sum(wi * r[g] for wi, r in zip(w, players)) / total for g in range(GRADES))
        return kept

    def rate(self, grade: int, raises: int = 0) -> float:
        """Their chance to raise in a moment of this grade."""
        return self.rates(raises)[grade]

    def factors(self, raised: bool, raises: int = 0) -> tuple[float, ...]:
        """For each grade, how well a deal that gives them a moment of that grade fits what
        they did, relative to the best-fitting grade (1.0)."""
        raises = min(raises, RAISES_READ - 1)
        kept = self._factors.get((raised, raises))
        if kept is None:
            fits = [r if raised else 1.0 - r for r in self.rates(raises)]
            top = max(fits) or 1.0
            kept = self._factors[(raised, raises)] = tuple(f / top for f in fits)
        return kept

    def factor(self, grade: int, raised: bool, raises: int = 0) -> float:
        """:meth:`factors` of one grade."""
        return self.factors(raised, raises)[grade]

    def _changed(self) -> None:
        self._weights_kept, self._rates, self._factors = None, {}, {}

    def add(self, grades: Sequence[float], raised: bool, raises: int = 0) -> float | None:
        """One turn seen, whose moment had each grade with the chances ``grades`` (over the
        draws of their unseen cards), after ``raises`` raises of the other side: each player
        weighed by how likely it made the choice. Returns the log chance the players it may
        be (as weighed before this turn) gave that choice, None when no moment was graded
        (the turn is not read)."""
        total = sum(grades)
        if total <= 0:
            return None
        w, w_total = self._weights()
        graded = [(g, q / total) for g, q in enumerate(grades) if q > 0]
        predicted = 0.0
        for i, r in enumerate(PLAYERS[min(raises, RAISES_READ - 1)]):
            p = sum(q * r[g] for g, q in graded)
            fit = max(1e-9, p if raised else 1.0 - p)
            predicted += w[i] * fit
            self.log_weights[i] += math.log(fit)
        self._changed()
        self.seen += 1
        return math.log(predicted / w_total)

    def add_answer(self, grades: Sequence[float], folded: bool, raises: int = 1) -> None:
        """One of their answers seen, whose moment had each answer grade with the chances
        ``grades``, after ``raises`` raises of the other side (the one answered included):
        each player weighed by how likely it folded or not (:data:`FOLDS`)."""
        total = sum(grades)
        if total <= 0:
            return
        graded = [(g, q / total) for g, q in enumerate(grades) if q > 0]
        for i, f in enumerate(FOLDS[min(raises, RAISES_READ - 1)]):
            p = sum(q * f[g] for g, q in graded)
            self.log_weights[i] += math.log(p if folded else 1.0 - p)
        self.answered += 1
        self._changed()

    def evidence(self) -> tuple[float, ...]:
        """What every turn and answer weighed so far says, remembered matches included: the
        log likelihood each kind of player gave them (relative to the best kind)."""
        top = max(self.log_weights)
        return tuple(w - math.log(k[4]) - top for w, k in zip(self.log_weights, KINDS))

    def remembered(self, answers: Sequence[RememberedAnswer] | None = None) -> CoachMemory:
        """The memory to start the next match against this player from (:mod:`.coach_memory`),
        with ``answers``, every answer the answer reading holds at the match's end (None if
        the match added none).

        >>> r = RaiseReading()
        >>> chance = r.add(_one(7), True)
        >>> m = r.remembered()
        >>> m.matches, m.turns, RaiseReading(m).rate(7) > RaiseReading().rate(7)
        (1, 0.8, True)
        """
        if self.memory is not None and not (self.seen or self.answered or answers):
            return self.memory  # a match that showed nothing of them fades nothing
        start = self.memory or CoachMemory((0.0,) * len(KINDS))
        return start.after(self.evidence(), self.seen, answers=answers)

    def facts(self) -> dict[str, object]:
        """What the turns seen say, for the explanation: the moment they raise from, the
        share of the poorer moments they raise on anyway and the chance that they hardly
        ever raise (each averaged over the players they may be), and the chances by grade."""
        w, total = self._weights()

        def mean(f: Callable[[tuple[float, float, float, float, float]], float]) -> float:
            return round(sum(wi * f(k) for wi, k in zip(w, KINDS)) / total, 2)

        earlier = self.memory or CoachMemory(())
        return {"turns": self.seen, "remembered_turns": round(earlier.turns, 1),
                "remembered_matches": earlier.matches, "raises_from": mean(lambda k: k[0]),
                "bluffs": mean(lambda k: k[1]),
                "hardly_raises": mean(lambda k: 1.0 if k[2] < 0.5 else 0.0),
                "respect": mean(lambda k: k[3]),
                "raise_by_moment": [round(r, 2) for r in self.rates()]}

    def file_hand(self, ob: Observed, turns: Sequence[tuple[int, bool]],
                  style: Style = ROLLOUT) -> list[float | None]:
        """File a finished hand's turns (``ob``: its last observation the coach saw;
        ``turns``: (index in the log, raised)), each moment graded on a few draws of the cards
        they did not show. Returns, per turn, the log chance the reading gave the choice made
        (:meth:`add`): the turns' likelihood for a player who raises by its moment."""
        if not turns:
            return []
        grades = [[0.0] * GRADES for _ in turns]
        raises = [0] * len(turns)  # the other side's raises before each turn (public)
        wanted = {index: j for j, (index, _) in enumerate(turns)}
        for steps, _ in replay_draws(ob, DRAWS, random.Random(len(ob.log))):
            for i, (who, _, before) in enumerate(steps):
                j = wanted.get(i)
                if j is not None and who == before.to_act and may_read(before):
                    grades[j][moment(before, who, style)] += 1.0
                    raises[j] = their_raises(before, who)
        return [self.add(q, raised, r)
                for (_, raised), q, r in zip(turns, grades, raises)]


__all__ = ["BLUFFS", "CUTS", "FROMS", "GRADES", "KINDS", "PLAYERS", "RAISES_READ", "RESPECTS",
           "RaiseReading", "TOPS", "grade_of", "may_read", "moment", "moment_value"]
