"""The adaptive coach level: up a level after two matches won in a row at the current level,
down one after two lost in a row, so the learner always has a coach they can beat and then
climb past.

>>> a = AdaptiveLevel()
>>> a.level
'easy'
>>> a.record(True); a.level, a.note
('easy', 'You won your last match against the easy coach. Win one more to move up.')
>>> a.record(True); a.level
'normal'
>>> a.note
'You won two matches in a row against the easy coach: your next coach plays at the normal level.'
>>> a.record(False); a.record(False); a.level
'easy'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ConfigError
from ..i18n import N_, _
from .session import LEVELS

__all__ = ["AdaptiveLevel", "LEVEL_NAMES", "STREAK", "level_name"]

# Translators: the coach's levels, as in "the easy coach" / "at the easy level".
LEVEL_NAMES = {"beginner": N_("beginner"), "easy": N_("easy"), "normal": N_("normal"),
               "strong": N_("strong")}


def level_name(level: str) -> str:
    """A level as the learner reads it (lowercase).

    >>> level_name("strong")
    'strong'
    """
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def _start_note() -> str:
    return _("The coach starts at the easy level and moves up or down with your results.")

STREAK = 2  # matches in a row, won or lost, that move the level


@dataclass
class AdaptiveLevel:
    """The level to play next, from the learner's matches (``True`` won) at each level."""

    level: str = "easy"
    history: list[tuple[str, bool]] = field(default_factory=list)
    note: str = field(default_factory=_start_note)

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ConfigError(f"unknown level {self.level!r} (known: {', '.join(LEVELS)})")

    def streak(self) -> tuple[bool | None, int]:
        """``(won?, how many in a row)`` of the latest matches at the current level."""
        same = [won for lv, won in self.history if lv == self.level]
        if not same:
            return None, 0
        last = same[-1]
        n = 0
        for won in reversed(same):
            if won != last:
                break
            n += 1
        return last, n

    def record(self, won: bool) -> None:
        """Count one finished match at the current level, and move the level when the learner
        has won (or lost) ``STREAK`` in a row at it."""
        if not isinstance(won, bool):
            raise ConfigError(f"a match is won (True) or lost (False), got {won!r}")
        before = self.level
        self.history.append((before, won))
        last, n = self.streak()
        i = LEVELS.index(before)
        if won and n >= STREAK and i + 1 < len(LEVELS):
            self.level = LEVELS[i + 1]
            self.note = _("You won two matches in a row against the {before} coach: your "
                          "next coach plays at the {level} level.").format(
                              before=level_name(before), level=level_name(self.level))
        elif not won and n >= STREAK and i > 0:
            self.level = LEVELS[i - 1]
            self.note = _("You lost two matches in a row against the {before} coach: your "
                          "next coach plays at the {level} level.").format(
                              before=level_name(before), level=level_name(self.level))
        elif won:
            self.note = _("You won your last match against the {before} coach.").format(
                before=level_name(before)) + " " + (
                _("Win one more to move up.") if i + 1 < len(LEVELS)
                else _("That is the strongest coach: well played!"))
        else:
            self.note = _("You lost your last match against the {before} coach.").format(
                before=level_name(before)) + (
                " " + _("If you lose the next one too, the coach plays one level easier.")
                if i > 0 else "")
