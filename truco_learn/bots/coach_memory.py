"""What the coach remembers of a player from one match to the next.

A learner plays the coach match after match, and a match's first hands teach the coach little
about how this player raises (:mod:`.raise_reading`: a cautious player's raises come from a
few good moments, and telling it from the average player takes dozens of turns). So the coach
keeps what its raise reading learnt, as the log likelihood each kind of player
(:data:`.raise_reading.KINDS`) gave the turns and answers seen, and starts the next match
against the same player from it. The evidence fades: a match ago weighs :data:`FADE` of what it
weighed then, so a learner whose play changes is read anew within a few matches.

Only what the raise reading learnt from the public log and the cards shown is kept, never a
card or a deal; the other things the coach learns in a match (how often they fold, whether they
play at random, its own stated chances) start afresh.

>>> m = CoachMemory((0.0, -2.0), turns=10.0, matches=1)
>>> later = m.after((-1.0, -3.0), turns=5)
>>> later.evidence, later.turns, later.matches
((-0.8, -2.4), 12.0, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import ConfigError

FADE = 0.8  # what a match's evidence weighs in the next match, against the player's newest turns


@dataclass(frozen=True, slots=True)
class CoachMemory:
    """The raise reading's evidence from earlier matches (per kind of player, log likelihood,
    faded), the turns it came from (faded alike) and how many matches it covers."""

    evidence: tuple[float, ...]
    turns: float = 0.0
    matches: int = 0

    def after(self, evidence: Sequence[float], turns: int, fade: float = FADE) -> CoachMemory:
        """The memory after one more match: ``evidence`` is the reading's whole evidence at its
        end (this memory's, which it started from, and the match's own), ``turns`` the turns
        the match added; all of it faded once."""
        if len(evidence) != len(self.evidence):
            raise ConfigError(f"a memory of {len(self.evidence)} kinds cannot take "
                              f"{len(evidence)}")
        return CoachMemory(tuple(round(fade * x, 9) for x in evidence),
                           round(fade * (self.turns + turns), 9), self.matches + 1)


__all__ = ["FADE", "CoachMemory"]
