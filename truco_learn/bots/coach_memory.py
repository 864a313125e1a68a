"""What the coach remembers of a player from one match to the next.

A learner plays the coach match after match, and a match's first hands teach the coach little
about how this player raises (:mod:`.raise_reading`: a cautious player's raises come from a
few good moments, and telling it from the average player takes dozens of turns). So the coach
keeps what its raise reading learnt, as the log likelihood each kind of player
(:data:`.raise_reading.KINDS`) gave the turns and answers seen, and starts the next match
against the same player from it. The evidence fades: a match ago weighs :data:`FADE` of what it
weighed then, so a learner whose play changes is read anew within a few matches.

It also keeps their answers to its raises as the answer reading filed them
(:mod:`.answer_reading`: the chances of each grade of the moment they answered in, and the
answer), each weighing a little less every match, so a player's raise-backs are read by the
moments it was seen raising back in. And it keeps the folds it stated at its raises with
whether they folded at once (:mod:`.fold_check`), faded alike, so the fold it shows a player
met again starts from what that player did. With envido, it keeps what their answers to its
envido calls said of the points they say quiero from (:mod:`.envido_reading`), faded alike in
each match that showed such answers, and how often they open an envido on a weak one
(:mod:`.envido_calls`), alike. Only what these readings learnt from the public
log and the cards shown is kept, never a card or a deal; the other things the coach learns in
a match (whether they play at random, its own stated chances to win) start afresh.

>>> m = CoachMemory((0.0, -2.0), turns=10.0, matches=1)
>>> later = m.after((-1.0, -3.0), turns=5)
>>> later.evidence, later.turns, later.matches
((-0.8, -2.4), 12.0, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import ConfigError
from .envido_reading import is_remembered

FADE = 0.8  # what a match's evidence weighs in the next match, against the player's newest turns
ANSWERS_KEPT = 300  # the most answers remembered (the newest)
ANSWER_FLOOR = 0.05  # an answer that weighs less than this once faded is forgotten
ANSWER_GRADES = 5  # the answer reading's grades (:data:`.answer_reading.GRADES`)
BLUFF_RATES = 8  # the envido calls' reading's rates (:data:`.envido_calls.BLUFFS`)
# an answer remembered: the chances of each grade of its moment, the answer (0 fold, 1 accept,
# 2 raise back), whether a raise back was allowed, and what it weighs now
RememberedAnswer = tuple[tuple[float, ...], int, bool, float]
# a raise of the coach's remembered: the log-odds of the fold it stated, 1.0 if they folded at
# once (else 0.0), and what it weighs now
RememberedFold = tuple[float, float, float]
FOLDS_KEPT = 300  # the most raises remembered (the newest)


@dataclass(frozen=True, slots=True)
class CoachMemory:
    """The raise reading's evidence from earlier matches (per kind of player, log likelihood,
    faded), the turns it came from (faded alike) and how many matches it covers."""

    evidence: tuple[float, ...]
    turns: float = 0.0
    matches: int = 0
    answers: tuple[RememberedAnswer, ...] = ()
    folds: tuple[RememberedFold, ...] = ()
    # the envido reading's evidence (:meth:`.envido_reading.EnvidoAnswers.evidence`), faded;
    # empty: none seen
    envido: tuple[float, ...] = ()
    # the envido calls' reading's (:meth:`.envido_calls.EnvidoCalls.evidence`), alike
    envido_calls: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        for grades, k, may, weight in self.answers:
            if len(grades) != ANSWER_GRADES or k not in (0, 1, 2) or not 0 < weight <= 1:
                raise ConfigError(f"not an answer the answer reading filed: "
                                  f"{(grades, k, may, weight)!r}")
        for fold in self.folds:
            if len(fold) != 3 or fold[1] not in (0.0, 1.0) or not 0 < fold[2] <= 1:
                raise ConfigError(f"not a raise the fold check settled: {fold!r}")
        if self.envido and not is_remembered(self.envido):
            raise ConfigError(f"not what the envido reading learnt: {self.envido!r}")
        if self.envido_calls and not is_remembered(self.envido_calls, BLUFF_RATES):
            raise ConfigError(f"not what the envido calls' reading learnt: "
                              f"{self.envido_calls!r}")

    def after(self, evidence: Sequence[float], turns: int, fade: float = FADE,
              answers: Sequence[RememberedAnswer] | None = None) -> CoachMemory:
        """The memory after one more match: ``evidence`` is the reading's whole evidence at its
        end (this memory's, which it started from, and the match's own), ``turns`` the turns
        the match added, ``answers`` every answer the answer reading holds at its end (None:
        the match added none, this memory's are kept); all of it faded once, but for the
        envido reading's evidence, kept as it was (:func:`fade_envido` fades it with a match
        that showed their envido answers).

        >>> m = CoachMemory((0.0,), answers=(((1.0, 0.0, 0.0, 0.0, 0.0), 0, True, 0.06),))
        >>> m.after((0.0,), 0).answers        # faded below the floor: forgotten
        ()
        """
        if len(evidence) != len(self.evidence):
            raise ConfigError(f"a memory of {len(self.evidence)} kinds cannot take "
                              f"{len(evidence)}")
        kept = self.answers if answers is None else tuple(answers)
        faded = tuple((g, k, may, round(fade * w, 9)) for g, k, may, w in kept
                      if fade * w >= ANSWER_FLOOR)[-ANSWERS_KEPT:]
        return CoachMemory(tuple(round(fade * x, 9) for x in evidence),
                           round(fade * (self.turns + turns), 9), self.matches + 1, faded,
                           fade_folds(self.folds, fade), self.envido, self.envido_calls)


def fade_folds(folds: Sequence[RememberedFold], fade: float = FADE
               ) -> tuple[RememberedFold, ...]:
    """Raises remembered, each weighing ``fade`` of what it weighed (the newest
    :data:`FOLDS_KEPT`; one that weighs less than :data:`ANSWER_FLOOR` is forgotten).

    >>> fade_folds([(0.4, 1.0, 1.0), (0.4, 0.0, 0.06)])
    ((0.4, 1.0, 0.8),)
    """
    return tuple((x, y, round(fade * w, 9)) for x, y, w in folds
                 if fade * w >= ANSWER_FLOOR)[-FOLDS_KEPT:]


def fade_envido(evidence: Sequence[float], fade: float = FADE) -> tuple[float, ...]:
    """The envido reading's ``evidence`` at a match's end, as the next match starts from it:
    each threshold's log weight over its prior times ``fade``, so the player is read anew
    within a few matches if its answers change.

    >>> fade_envido([0.0, -2.0, -0.5])
    (0.0, -1.6, -0.4)
    """
    return tuple(round(fade * x, 9) for x in evidence)


__all__ = ["ANSWERS_KEPT", "ANSWER_FLOOR", "FADE", "FOLDS_KEPT", "CoachMemory",
           "RememberedAnswer", "RememberedFold", "fade_envido", "fade_folds"]
