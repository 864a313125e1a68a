"""Quiz items built from the engine, graded by pure functions (no widgets here).

``make_item(kind, seed, variant)`` rebuilds the same item from the same seed, so a results file
that stores kinds and seeds can be regraded anywhere.

>>> from truco_learn.quiz import make_item, grade
>>> item = make_item("trick_winner", 7)
>>> grade(item, item.answer).correct
True
"""

from .model import RULE_TEXT, Feedback, QuizItem, card_label, grade
from .registry import ITEM_KINDS, LESSON_KINDS, make_item, make_quiz, register_kind

__all__ = ["ITEM_KINDS", "LESSON_KINDS", "RULE_TEXT", "Feedback", "QuizItem", "card_label",
           "grade", "make_item", "make_quiz", "register_kind"]
