"""A drawn deal's weight read off the deal sampler's replay plan, without replaying the deal.

:class:`~truco_learn.bots.sampler.DealSampler` draws several deals for each one it keeps (about
five and a half at a four-seat table) and weighs each by how well the other seats' actions fit
the cards it gives them. Replaying a drawn deal along the public log took about as long as
playing it out. But every factor of a weight reads only the public table (the same in every
drawn deal) and the cards the acting seat holds then: its dealt hand less the cards it has
played, which the public log names and the draw put first in the hand. So the weight is
worked out here on the public states of the sampler's own replay of the log (:attr:`refs`),
each given the acting seat's cards of the drawn deal, and only the deal that is kept is
replayed. The products are taken in the same order as the replay takes them, so the weights,
and the deals kept, are the very same (``tests/bots/test_sampler_plan.py`` checks this).

Deals with cards played face down by a hidden seat, the iron hand and the variants with flor
(who holds a flor is part of the state, and it is the drawn deal's) are replayed as before
(:attr:`DealSampler.quick` is None).
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..engine.state import HandState
from .answer_model import bucket
from .answer_reading import answer_moment
from .raise_reading import moment
from .sampler_plan import BET, PLAY_FIT, ReplayStep, bet_likelihood

Weighed = tuple[float, int, dict[int, int]]  # weight so far, next log entry, classes read


def strengths_held(strength: Sequence[int], cards: Sequence[int]) -> tuple[int, ...]:
    """The strengths of ``cards``, lowest first: all that a moment's grade reads of a hand (the
    key both the replay and :class:`PlanWeights` keep the grades by)."""
    return tuple(sorted([strength[c] for c in cards]))


def moment_grade(s: HandState, who: int) -> int:
    """The grade of ``who``'s moment in ``s`` as the reading of its action there grades it:
    an answer's (:func:`.answer_reading.answer_moment`) when a raise is pending, else a
    turn's (:func:`.raise_reading.moment`)."""
    return answer_moment(s, who) if s.pending is not None else moment(s, who)


class PlanWeights:
    """The weight of a drawn deal from the plan (:meth:`weigh`)."""

    def __init__(self, plan: Sequence[ReplayStep], refs: Sequence[HandState],
                 counts: Sequence[int], trust: float,
                 play_fit: Callable[[HandState, int, int], float],
                 moments: list[dict[tuple[int, ...], int]],
                 fits: list[dict[tuple[int, tuple[int, ...]], float]]) -> None:
        self.plan = plan
        self.refs = refs  # the public state before each log entry (any deal's)
        self.counts = counts  # cards the acting seat played before each log entry
        self.trust = trust
        self.play_fit = play_fit
        self.moments = moments  # the sampler's caches, shared with its replays
        self.fits = fits
        self.strength = refs[0].deal.strength if refs else ()

    def _at(self, i: int, who: int, left: tuple[int, ...]) -> HandState:
        """The public state before log entry ``i``, ``who`` holding ``left``."""
        ref = self.refs[i]
        return ref._replace(left=ref.left[:who] + (left,) + ref.left[who + 1:])

    def weigh(self, hands: Sequence[Sequence[int]], give_up: float, i: int = 0,
              weight: float = 1.0, held: dict[int, int] | None = None) -> Weighed:
        """The weight of the deal ``hands`` from log entry ``i`` on (``weight``: the product
        so far), stopped before the entry where it is down to ``give_up``, as the replay
        stops (:meth:`DealSampler._advance`)."""
        held = {} if held is None else held
        plan, strength = self.plan, self.strength
        while i < len(plan):
            if weight <= give_up:
                return weight, i, held
            who, code, _, before, after, table, read = plan[i]
            # a card play is weighed before it (``before``), a raise or an answer by ``table``,
            # never both; the reading's factor by the moment goes with either
            base = table if table is not None else before
            left: tuple[int, ...] | None = None
            if read is not None or after == PLAY_FIT or after == BET:
                left = tuple(hands[who][self.counts[i]:])  # the played cards come first
            if base is not None or read is not None:
                fit = 1.0
                if base is not None:
                    known = held.get(who)
                    if known is None:
                        known = held[who] = bucket([strength[c] for c in hands[who]])
                    fit = base[known]
                if read is not None and left is not None:
                    fit = fit * read[self._moment(i, who, left)]
                weight *= fit
            if after == PLAY_FIT and left is not None:
                fits = self.fits[i]
                kept = fits.get((code, left))
                if kept is None:
                    kept = fits[(code, left)] = self.play_fit(self._at(i, who, left), who, code)
                weight *= kept
            elif after == BET and left is not None:
                weight *= 1.0 - self.trust * (1.0 - bet_likelihood(self._at(i, who, left), who,
                                                                    code))
            i += 1
        return weight, i, held

    def _moment(self, i: int, who: int, left: tuple[int, ...]) -> int:
        """The grade of ``who``'s moment before log entry ``i``, holding ``left`` (kept by the
        strengths of those cards, as :meth:`DealSampler._moment` keeps it)."""
        kept = self.moments[i]
        key = strengths_held(self.strength, left)
        grade = kept.get(key)
        if grade is None:
            grade = kept[key] = moment_grade(self._at(i, who, left), who)
        return grade


__all__ = ["PlanWeights", "Weighed", "moment_grade", "strengths_held"]
