"""What a name typed by a person may hold, wherever it is kept (a learner's progress, a
results file, a seat at a table): one rule, so the pages and the stores agree.

>>> tidy_name("  Jose\\u0301   Silva ")
'José Silva'
>>> hidden_characters("Ana\\u200b"), hidden_characters("Ana"), hidden_characters("A\\x00")
(True, False, True)
"""

from __future__ import annotations

import unicodedata

__all__ = ["hidden_characters", "tidy_name"]


def tidy_name(text: str) -> str:
    """``text`` in NFC with its runs of white space made single spaces, trimmed."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def hidden_characters(text: str) -> bool:
    """Whether ``text`` holds a control, format, surrogate or unassigned character (Unicode
    category C: NUL, escapes, zero-width spaces, right-to-left marks, half a character): it
    would hide or reverse another person's line, and a database cannot store some."""
    return any(unicodedata.category(ch).startswith("C") for ch in text)
