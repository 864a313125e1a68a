"""Their answers to a raise read by the moment they answered in: how good was their hand then
(:func:`answer_moment`: the rough chance to win with the cards left and the tricks so far,
:func:`.handeval.win_estimate`, less for the raises the other side made, against the
break-even of the raise), and did they fold, accept or raise back?

:mod:`.answer_model` learns their answers by the strength of the hand they were dealt. But a
player answers the hand it holds at that moment: a strong hand that lost the first trick may
be hopeless by the time the raise comes. A passive caller's folds of such hands, filed by the
dealt strength, spread into folds of every strong hand, and the coach's playouts then expected
its raises to be folded far more often than they were. This model keeps, for five grades of
the moment (the margin over the break-even below -0.1, up to 0.05, up to 0.2, up to 0.4,
above), the chances of fold, accept and raise back, learnt from every answer seen (their
unseen cards drawn a few times when the hand is filed); the coach's playouts answer with it, at
two seats and at four (at two seats the deal sampler also weighs a drawn deal by how likely
it makes the answers they gave).

>>> r = AnswerReading()
>>> [round(r.rates(g)[0], 2) for g in range(GRADES)]         # a sensible player's folds
[0.85, 0.55, 0.2, 0.06, 0.02]
>>> for _ in range(10):
...     r.add((0.0, 1.0, 0.0, 0.0, 0.0), ACCEPT, True)      # a poor moment: accepted anyway
>>> round(r.rates(1)[0], 2) < 0.2, round(r.rates(1, may_raise=False)[2], 2)
(True, 0.0)
"""

from __future__ import annotations

import random
from typing import Sequence

from ..engine.actions import ACCEPT, FOLD, RAISE
from ..engine.observer import Observed
from ..engine.state import HandState, apply_legal, legal_codes
from .answer_model import moved_answers
from .coach_memory import RememberedAnswer
from .hand_draws import replay_draws
from .handeval import win_estimate
from .policy import ROLLOUT, break_even, fold_loses_game, their_raises

GRADES = 5
CUTS = (-0.1, 0.05, 0.2, 0.4)  # the grades of a moment: its margin over the break-even
# a sensible player's answer (fold, accept, raise back) in each grade
PRIOR: tuple[tuple[float, float, float], ...] = (
    (0.85, 0.14, 0.01), (0.55, 0.42, 0.03), (0.2, 0.72, 0.08), (0.06, 0.74, 0.2),
    (0.02, 0.5, 0.48))
PRIOR_WEIGHT = 2.0
ROUNDS = 4  # rounds of re-reading every answer seen with the chances learnt so far
DRAWS = 6  # draws of their unseen cards when a hand's answers are filed
_CODES = (FOLD, ACCEPT, RAISE)
# an answer filed: the chances of its moment's grades, the answer (0 fold, 1 accept, 2 raise
# back) and the other side's raises in the hand by then
Filed = tuple[tuple[float, ...], int, int]


def answer_moment(s: HandState, seat: int) -> int:
    """The grade (0..4) of ``seat``'s moment when it answers the raise pending in ``s``."""
    assert s.pending is not None
    x = (win_estimate(s, seat) - ROLLOUT.respect * their_raises(s, seat)
         - break_even(s.stake, s.pending[1]))
    return sum(1 for cut in CUTS if x >= cut)


class AnswerReading:
    """Counts of their answers, ``counts[grade][k]`` (k: fold, accept, raise back), and every
    answer seen (the chances of each grade of its moment, the answer, whether a raise back
    was allowed, its weight), starting from the answers remembered from earlier matches
    against this player (:mod:`.coach_memory`)."""

    def __init__(self, remembered: Sequence[RememberedAnswer] = ()) -> None:
        self.counts = [[0.0, 0.0, 0.0] for _ in range(GRADES)]
        self.seen = 0  # answers added in this match
        # every answer read: the chances of its grades, the answer, whether a raise back was
        # allowed and what it weighs (1, or less for one remembered from earlier matches)
        self.answers: list[RememberedAnswer] = list(remembered)
        self.base = PRIOR  # the prior, moved by the player's style (:meth:`lean`)
        # the chances by (grade, may raise back), kept until the counts or the base change
        self._rates: dict[tuple[int, bool], tuple[float, float, float]] = {}
        if self.answers:
            self.add_all()

    def lean(self, fold: float, back: float) -> None:
        """Start every grade from the prior moved by this player's answering style (the
        fold and raise-back log-odds shifts of :meth:`.AnswerModel.refit`, fitted to all
        their answers at once): a player seen folding most raises folds more in every grade,
        also in the good moments whose folds never showed their cards."""
        self.base = tuple(moved_answers(p, fold, back) for p in PRIOR)
        self._rates = {}
        self.add_all()

    def rates(self, grade: int, may_raise: bool = True) -> tuple[float, float, float]:
        """Chances of fold, accept and raise back in a moment of this grade."""
        kept = self._rates.get((grade, may_raise))
        if kept is not None:
            return kept
        c, p = self.counts[grade], self.base[grade]
        r = [c[k] + PRIOR_WEIGHT * p[k] for k in range(3)]
        if not may_raise:
            r[2] = 0.0
        total = sum(r) or 1.0
        out = self._rates[(grade, may_raise)] = (r[0] / total, r[1] / total, r[2] / total)
        return out

    def add(self, grades: Sequence[float], code: int, may_raise: bool) -> None:
        """One answer seen, whose moment had each grade with the chances ``grades``; every
        answer seen so far is then read again with the chances learnt (a few rounds)."""
        if code not in _CODES:
            return
        self.answers.append((tuple(grades), _CODES.index(code), may_raise, 1.0))
        self.seen += 1
        self.add_all()

    def add_all(self) -> None:
        """Read every answer seen again with the chances learnt so far (a few rounds)."""
        self.counts = [[0.0, 0.0, 0.0] for _ in range(GRADES)]
        self._rates = {}
        for _ in range(ROUNDS):
            rates = [(self.rates(g, True), self.rates(g, False)) for g in range(GRADES)]
            counts = [[0.0, 0.0, 0.0] for _ in range(GRADES)]
            for q, k, may, weight in self.answers:
                w = [x * rates[g][0 if may else 1][k] for g, x in enumerate(q)]
                total = sum(w)
                if total <= 0:
                    continue
                for g in range(GRADES):
                    counts[g][k] += weight * w[g] / total
            self.counts, self._rates = counts, {}

    def sample(self, s: HandState, may_raise: bool, rng: random.Random) -> int:
        """The answer of the seat to act in ``s`` (a raise pending), drawn from the learnt
        chances for its moment."""
        f, a, _ = self.rates(answer_moment(s, s.to_act), may_raise)
        x = rng.random()
        return FOLD if x < f else ACCEPT if x < f + a or not may_raise else RAISE

    def fold_chance(self, s: HandState) -> float:
        """The chance that the other side folds to a raise made now by the seat to act in
        ``s`` (a raise legal, no answer due), on the cards ``s`` gives them: 0 where folding
        would hand the game to the raiser (they accept then)."""
        after = apply_legal(s, RAISE)
        if fold_loses_game(after):
            return 0.0
        return self.rates(answer_moment(after, after.to_act), RAISE in legal_codes(after))[0]

    def facts(self) -> dict[str, object]:
        """The learnt folds by grade, for the explanation."""
        return {"answers": self.seen,
                "fold_by_moment": [round(self.rates(g)[0], 2) for g in range(GRADES)]}

    def file_hand(self, ob: Observed, answers: Sequence[tuple[int, int, bool]]
                  ) -> list[Filed]:
        """File a finished hand's answers (``ob``: its last observation the coach saw;
        ``answers``: (index in the log, code, raise back allowed); an index just past the log
        is a fold to the raise the coach made after it, read from the score), each moment
        graded on a few draws of the cards they did not show. Returns each answer filed: the
        chances of its grades, the answer (0 fold, 1 accept, 2 raise back) and the raises
        the other side had made by then (the one answered included)."""
        if not answers:
            return []
        grades = [[0.0] * GRADES for _ in answers]
        raises = [0] * len(answers)
        wanted = {index: j for j, (index, _, _) in enumerate(answers)}
        for steps, t in replay_draws(ob, DRAWS, random.Random(len(ob.log))):
            for i, (who, _, before) in enumerate(steps):
                j = wanted.get(i)
                if j is not None and who == before.to_act and before.pending is not None:
                    grades[j][answer_moment(before, who)] += 1.0
                    raises[j] = their_raises(before, who)
            j = wanted.get(len(steps))  # my raise, after the last observation: they folded
            if j is not None and t.to_act == ob.seat and RAISE in legal_codes(t):
                t = apply_legal(t, RAISE)
                grades[j][answer_moment(t, t.to_act)] += 1.0
                raises[j] = their_raises(t, t.to_act)
        filed: list[Filed] = []
        for (_, code, may), q, r in zip(answers, grades, raises):
            if sum(q) > 0:
                self.add([x / sum(q) for x in q], code, may)
                filed.append((self.answers[-1][0], self.answers[-1][1], r))
        return filed


__all__ = ["AnswerReading", "CUTS", "Filed", "GRADES", "PRIOR", "answer_moment"]
