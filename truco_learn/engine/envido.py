"""The envido bet's rules (RULES.md, "Envido"): which call may come next, what an accepted or
declined exchange pays, and which team wins it.

>>> from .actions import ENVIDO, REAL_ENVIDO, FALTA_ENVIDO
>>> next_calls((ENVIDO,), False) == [ENVIDO, REAL_ENVIDO, FALTA_ENVIDO]
True
>>> next_calls((ENVIDO, ENVIDO), False) == [REAL_ENVIDO, FALTA_ENVIDO]
True
>>> next_calls((REAL_ENVIDO,), False) == [FALTA_ENVIDO], next_calls((REAL_ENVIDO,), True)
(True, [96, 97])
>>> declined_points((ENVIDO,)), declined_points((ENVIDO, ENVIDO, REAL_ENVIDO))
(1, 4)
>>> declined_points((REAL_ENVIDO, FALTA_ENVIDO)), accepted_points((ENVIDO, REAL_ENVIDO), 30, (3, 7))
(3, 5)
>>> accepted_points((ENVIDO, FALTA_ENVIDO), 30, (3, 7))    # the falta alone: 30 - 7
23
"""

from __future__ import annotations

from typing import Sequence

from .actions import ENVIDO, FALTA_ENVIDO, REAL_ENVIDO
from .handpoints import best_face, envido_points

CALL_VALUE = {ENVIDO: 2, REAL_ENVIDO: 3}


def next_calls(calls: Sequence[int], real_repeat: bool) -> list[int]:
    """The calls that may answer (raise) an exchange that has made ``calls`` so far."""
    if FALTA_ENVIDO in calls:
        return []
    out: list[int] = []
    reals = calls.count(REAL_ENVIDO)
    if reals == 0 and calls.count(ENVIDO) < 2:
        out.append(ENVIDO)
    if reals == 0 or real_repeat:
        out.append(REAL_ENVIDO)
    out.append(FALTA_ENVIDO)
    return out


def falta_value(target: int, score: Sequence[int]) -> int:
    """What the leading team still needs to reach the target."""
    return target - max(score[0], score[1])


def accepted_points(calls: Sequence[int], target: int, score: Sequence[int]) -> int:
    """An accepted exchange: the sum of its calls, or the falta alone when it has one."""
    if FALTA_ENVIDO in calls:
        return falta_value(target, score)
    return sum(CALL_VALUE[c] for c in calls)


def declined_points(calls: Sequence[int]) -> int:
    """A declined exchange: the calls before the last one, or 1 when there was only one."""
    if len(calls) == 1:
        return 1
    return sum(CALL_VALUE[c] for c in calls[:-1])


def team_values(hands: Sequence[Sequence[int]], dropped: Sequence[int]) -> tuple[int, int]:
    """Each team's envido: the best of its seats still in the hand (-1 if none is)."""
    best = [-1, -1]
    for seat, cards in enumerate(hands):
        if seat not in dropped:
            best[seat & 1] = max(best[seat & 1], envido_points(cards))
    return best[0], best[1]


def envido_winner(values: tuple[int, int], hands: Sequence[Sequence[int]],
                  dropped: Sequence[int], mao: int, tiebreak: str) -> int:
    """The team that wins an accepted envido: higher value; a tie goes to the mão's team,
    except that with ``tiebreak = "face_cards"`` a tie at 0 first goes to the team holding the
    highest face card (K > J > Q)."""
    if values[0] != values[1]:
        return 0 if values[0] > values[1] else 1
    if tiebreak == "face_cards" and values[0] == 0:
        face = [0, 0]
        for seat, cards in enumerate(hands):
            if seat not in dropped:
                face[seat & 1] = max(face[seat & 1], best_face(cards))
        if face[0] != face[1]:
            return 0 if face[0] > face[1] else 1
    return mao & 1
