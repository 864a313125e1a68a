"""Stopping the coach's sampling early when the best action is already clear.

The coach plays out the same sampled deals for every legal action, so the gap between two
actions is read sample by sample (a paired comparison). Half-way through its samples
(:data:`CHECK_AT`), the coach stops when no other action can be better than the best so far
by more than a hair (:data:`TIES`: a third of a percent of the chance to win the game, or a
twentieth of a point), at :data:`CLEAR_Z` standard errors of the gap: the second half could
then hardly change the choice, or only between actions worth the same, and the decision costs
about half as much. The only legal action is always clear, so it stops half-way too (its
numbers are still shown, from the deals played out).

>>> clear_lead([[1.0, 0.9, 1.0, 0.8], [0.1, 0.2, 0.0, 0.1]])   # far ahead on every deal
True
>>> clear_lead([[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]])   # level on average
False
>>> clear_lead([[1.0, 0.0, 1.0, 0.0], [1.0, 0.0, 1.0, 0.0]], tie=0.003)   # the same on every deal
True
>>> clear_lead([[0.3, 0.5]])                                     # the only action
True
"""

from __future__ import annotations

import math
from typing import Sequence

CHECK_AT = 0.5  # the share of the samples after which the coach looks whether it may stop
CLEAR_Z = 2.5  # standard errors of the paired gap: how sure the coach must be
TIES = {"match": 0.003, "points": 0.05}  # how much better another action may be, by objective


def clear_lead(values: Sequence[Sequence[float]], z: float = CLEAR_Z, tie: float = 0.0) -> bool:
    """Is the action with the highest mean of ``values`` (one list per action, one value per
    sampled deal, the same deals for every action) surely the best, give or take ``tie``: is
    every other action's mean, plus ``z`` standard errors of its paired difference with the
    best, at most ``tie`` above the best's?"""
    if len(values) <= 1:
        return True
    n = len(values[0])
    if n < 2:
        return False
    means = [sum(v) / n for v in values]
    best = max(range(len(values)), key=lambda i: means[i])
    top = values[best]
    for j, other in enumerate(values):
        if j == best:
            continue
        d = [a - b for a, b in zip(top, other)]
        m = means[best] - means[j]
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        if m + tie <= z * math.sqrt(var / n):
            return False
    return True


__all__ = ["CHECK_AT", "CLEAR_Z", "TIES", "clear_lead"]
