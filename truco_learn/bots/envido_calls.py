"""How often the other side opens an envido on a weak one, learnt from what it does (issue 18).

Their envido call says they hold a good envido, as far as they do not bluff
(:mod:`.envido_evidence` keeps each drawn deal with the chance of the call by the points the
deal gives them). The rule of thumb opens an envido from 27 points and bluffs one now and then;
people differ: some never call on a weak envido, others do it every few hands. Read with one
fixed bluff rate, the coach said no quiero to a bluffer's envidos too often, and quiero to a
careful player's. So the bluff rate is learnt: a spread of rates with a prior around the rule of
thumb's, weighed at each hand's end by every chance the player had to open the envido, whether
it took it, and the points its cards showed (the envido its team sang, or the three cards it
played face up), or the points unknown (the chance of the call over every hand it may hold).

>>> c = EnvidoCalls()
>>> round(c.bluff(), 3)
0.081
>>> for _ in range(12):
...     c.add(True, 20, mao=False)           # an envido on 20 points, twelve times
>>> round(c.bluff(), 2)
0.4
>>> careful = EnvidoCalls()
>>> for _ in range(12):
...     careful.add(False, 20, mao=False)    # no call on 20 points
>>> round(careful.bluff(), 3)
0.045

What a match taught is kept against the same player (:mod:`.coach_memory`): :meth:`evidence`
gives it, and a new match's reading starts from it.

>>> round(EnvidoCalls(c.evidence()).bluff(), 2), EnvidoCalls(c.evidence()).seen
(0.4, 0)
"""

from __future__ import annotations

import math
from typing import Sequence

from ..engine.actions import DROP, ENVIDO, ENVIDO_CALLS
from ..engine.extended import bet_waits
from ..engine.observer import Observed
from ..engine.state import HandState, legal_codes
from ..errors import ConfigError
from .envido_evidence import CALLS, MAX_POINTS, rising
from .envido_reading import TINY, hand_counts, is_remembered, shown_points

#: the bluff rates a player may have (the chance it opens an envido on a weak one) and their
#: prior weights, around the rule of thumb's (:data:`.envido_policy.BLUFF`; the prior's mean
#: is near the floor :mod:`.envido_evidence` read every player's call with before)
BLUFFS: tuple[float, ...] = (0.01, 0.03, 0.05, 0.08, 0.12, 0.18, 0.27, 0.4)
PRIOR: tuple[float, ...] = (1.5, 2.0, 2.0, 2.0, 1.5, 0.8, 0.4, 0.2)
# the chance a player who never bluffs opens an envido, by its points (the mão's point of a tie
# counted): the opening envido's curve from a floor of 0
_RISE = rising(CALLS[ENVIDO, False][0], 0.0)


def _mean_rise() -> tuple[float, float]:
    """:data:`_RISE` over every three-card hand: as the pie and as the mão."""
    counts = hand_counts()
    total = sum(counts)
    return tuple(sum(n * _RISE[min(p + mao, MAX_POINTS)] for p, n in enumerate(counts)) / total
                 for mao in (0, 1))  # type: ignore[return-value]


_MEAN: tuple[float, float] | None = None


class EnvidoCalls:
    """The other side's bluff rate at opening an envido, weighed by the prior and every chance
    to open one seen."""

    def __init__(self, remembered: Sequence[float] = ()) -> None:
        """``remembered``: what earlier matches taught (:meth:`evidence`, as kept by
        :mod:`.coach_memory`), or nothing: a stranger, read from the prior."""
        self.weights = list(PRIOR)
        if remembered:  # the weights need no norm: every use divides by their sum
            if not is_remembered(remembered, len(BLUFFS)):
                raise ConfigError(f"not what the envido calls' reading remembers: "
                                  f"{remembered!r}")
            self.weights = [w * math.exp(x) for w, x in zip(PRIOR, remembered)]
        self.seen = 0  # chances to open added in this match
        self._bluff: float | None = None
        # this hand's chances to open, filed when it is over: seat, the mão, opened
        self._noted: list[tuple[int, bool, bool]] = []

    def note(self, t: HandState, who: int, code: int) -> None:
        """Their seat ``who``'s action ``code`` in ``t``: noted when it is the seat's first
        chance in the hand to open the envido (filed by :meth:`file_hand`)."""
        x = t.ext
        if (x is None or x.flor_wait or x.env_calls or x.env_open or t.deal.opts.flor
                or any(seat == who for seat, _, _ in self._noted)
                or ENVIDO not in legal_codes(t)):
            return
        self._noted.append((who, t.deal.mao & 1 == who & 1, code in ENVIDO_CALLS))

    def file_hand(self, ob: Observed) -> None:
        """The hand is over (``ob``: its last observation): each chance noted is weighed with
        the points the seat showed (the envido its team sang, or the three cards it played
        face up), or with its points unknown."""
        for who, mao, opened in self._noted:
            self.add(opened, shown_points(ob, who), mao)
        self._noted = []

    def add(self, opened: bool, points: int | None, mao: bool) -> None:
        """A chance to open the envido: ``opened`` or not, holding ``points`` (``None``: never
        shown), as the mão or not."""
        global _MEAN
        if points is None:
            if _MEAN is None:
                _MEAN = _mean_rise()
            rise = _MEAN[int(mao)]
        else:
            rise = _RISE[min(points + int(mao), MAX_POINTS)]
        for i, f in enumerate(BLUFFS):
            p = f + (1.0 - f) * rise
            self.weights[i] *= p if opened else 1.0 - p
        total = sum(self.weights)
        self.weights = [w / total for w in self.weights]
        self.seen += 1
        self._bluff = None

    def bluff(self) -> float:
        """The chance they open an envido on a weak one (the mean over the rates' weights)."""
        if self._bluff is None:
            self._bluff = sum(w * f for w, f in zip(self.weights, BLUFFS)) / sum(self.weights)
        return self._bluff

    def evidence(self) -> tuple[float, ...]:
        """What every chance weighed so far says, remembered matches included: by rate (in
        :data:`BLUFFS`' order), the log of its weight over its prior weight, relative to the
        best (so 0 for that one; all 0 for a stranger).

        >>> EnvidoCalls().evidence() == (0.0,) * len(BLUFFS)
        True
        """
        ratios = [math.log(max(w, TINY) / p) for w, p in zip(self.weights, PRIOR)]
        top = max(ratios)
        return tuple(round(r - top, 9) for r in ratios)

    def pending(self) -> bool:
        """Are chances of the hand in play noted and not yet filed (:meth:`file_hand`)?"""
        return bool(self._noted)


def envido_turn(s: HandState, code: int) -> bool:
    """Is ``code`` in ``s`` of the envido or flor, no turn of the truco (the opponent model
    reads their truco without it): an envido or flor call (the truco is still to come), an
    answer to one, or dropping out while a raise waits for its answer? (Dropping out on a turn
    of one's own is a turn without a raise.)

    >>> from truco_learn.engine import new_hand, step
    >>> from truco_learn.engine.actions import ACCEPT, RAISE
    >>> s = new_hand("argentino-2p", dealer=0, hands=[["4H", "5S", "KC"], ["AS", "AC", "3D"]])
    >>> envido_turn(s, ENVIDO), envido_turn(s, RAISE), envido_turn(s, DROP)
    (True, False, False)
    >>> envido_turn(step(s, "envido"), ACCEPT), envido_turn(step(s, "raise"), DROP)
    (True, True)
    """
    return bet_waits(s) or (code >= ENVIDO and (code != DROP or s.pending is not None))


__all__ = ["BLUFFS", "EnvidoCalls", "PRIOR", "envido_turn"]
