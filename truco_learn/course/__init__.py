"""The course: lesson steps, the fixed deals of every demo hand, and the small calculators.

Pure logic, no widgets: :mod:`truco_learn.widgets.lesson_view` shows it.

>>> get_lesson(2).title
'The vira and the manilhas'
"""

from .deals import ALL_LINES, BETTING_LINES, ELEVEN_LINES, PARTNER_LINES, TIE_LINES, find_line
from .scripted import ScriptedHand, hand_frames, narrate
from .stakes import answer_values, call_values, fold_pays
from .steps import LESSONS, Lesson, Step, demo_kind, get_lesson

__all__ = ["ALL_LINES", "BETTING_LINES", "ELEVEN_LINES", "LESSONS", "Lesson", "PARTNER_LINES",
           "ScriptedHand", "Step", "TIE_LINES", "answer_values", "call_values", "demo_kind",
           "find_line", "fold_pays", "get_lesson", "hand_frames", "narrate"]
