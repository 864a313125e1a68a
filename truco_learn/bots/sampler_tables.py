"""The factor tables the deal sampler weighs a log entry of the other team by
(:meth:`.sampler.DealSampler._replay_plan`): what was learnt of them, as a factor of a drawn
deal's weight for each strength class of the acting hand or each grade of its moment, relative
to the best-fitting one (1.0). Every factor is at most 1, so a product of them bounds a weight.

>>> from truco_learn.engine import new_hand, step
>>> s = step(new_hand("paulista-2p", dealer=1, vira="7D",
...                   hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]]), "raise")
>>> table = answer_read_table(AnswerReading(), 1.0, s, RAISE)   # a raise back to my truco
>>> [round(x, 2) for x in table]          # likeliest from the best moments
[0.02, 0.06, 0.17, 0.42, 1.0]
>>> answer_read_table(None, 1.0, s, RAISE) is None
True
"""

from __future__ import annotations

from ..engine.actions import ACCEPT, RAISE
from ..engine.state import IRON, HandState, legal_codes
from .answer_model import CLASSES, AnswerModel, RaiseModel, raise_step, step_of
from .answer_reading import GRADES as ANSWER_GRADES, AnswerReading
from .policy import their_raises
from .raise_reading import RaiseReading, may_read


def _relative(xs: list[float]) -> tuple[float, ...]:
    top = max(xs) or 1.0
    return tuple(x / top for x in xs)


def answer_table(answers: AnswerModel, s: HandState, code: int) -> tuple[float, ...]:
    """Their answer ``code`` to the raise pending in ``s``, by the strength class of the hand
    dealt (:mod:`.answer_model`)."""
    step = step_of(s)
    return _relative([answers.chance(code, step, b) for b in range(CLASSES)])


def turn_table(turns: RaiseModel | None, reading: RaiseReading | None, s: HandState,
               raised: bool) -> tuple[float, ...]:
    """Raising (or not) on their turn in ``s``, by the strength class of the hand dealt
    (:class:`.answer_model.RaiseModel`); all ones where the raise reading reads the turn
    instead, or where no raise was open."""
    if (turns is None or reading is not None or s.pending is not None or s.onze_pending
            or s.deal.mode == IRON or RAISE not in legal_codes(s)):
        return (1.0,) * CLASSES
    step = raise_step(s)
    rates = [turns.rate(step, b) for b in range(CLASSES)]
    return _relative(rates if raised else [1.0 - r for r in rates])


def read_table(reading: RaiseReading | None, trust: float, s: HandState,
               raised: bool) -> tuple[float, ...] | None:
    """How well raising (or not) on this turn fits the moment a deal gives the seat to act
    (:mod:`.raise_reading`), by the moment's grade (:func:`.raise_reading.moment`), as far as
    ``trust``; None without a reading or on a turn it does not read."""
    if reading is None or not may_read(s):
        return None
    raises = their_raises(s, s.to_act)
    return tuple(1.0 - trust * (1.0 - f) for f in reading.factors(raised, raises))


def reads_answer(s: HandState) -> bool:
    """Is the answer due in ``s`` one the answer reading reads (not the hand of eleven's, not
    an envido's)?"""
    return not s.onze_pending and s.ext is None


def answer_read_table(answer_reading: AnswerReading | None, trust: float, s: HandState,
                      code: int) -> tuple[float, ...] | None:
    """How well answering ``code`` to the raise pending in ``s`` fits the moment a deal gives
    the answering seat (:mod:`.answer_reading`), by the moment's grade
    (:func:`.answer_reading.answer_moment`), as far as ``trust``; None without an answer
    reading or on an answer it does not read (the hand of eleven, the envido)."""
    if answer_reading is None or not reads_answer(s):
        return None
    k = 1 if code == ACCEPT else 2
    may = RAISE in legal_codes(s)
    chances = _relative([answer_reading.rates(g, may)[k] for g in range(ANSWER_GRADES)])
    return tuple(1.0 - trust * (1.0 - x) for x in chances)


__all__ = ["answer_read_table", "answer_table", "read_table", "reads_answer", "turn_table"]
