"""What a name typed by a person may hold, wherever it is kept (a learner's progress, a
results file, a seat at a table): one rule, so the pages and the stores agree.

>>> tidy_name("  Jose\\u0301   Silva ")
'José Silva'
>>> hidden_characters("Ana\\u200b"), hidden_characters("Ana"), hidden_characters("A\\x00")
(True, False, True)
>>> {name_key(n) for n in ("Ana", "ana", "Aná", "ANA ", " a n a", "Ａｎａ")}
{'ana'}
"""

from __future__ import annotations

import unicodedata
from typing import Container

__all__ = ["hidden_characters", "name_key", "other_name", "tidy_name"]


def tidy_name(text: str) -> str:
    """``text`` in NFC with its runs of white space made single spaces, trimmed."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def hidden_characters(text: str) -> bool:
    """Whether ``text`` holds a control, format, surrogate or unassigned character (Unicode
    category C: NUL, escapes, zero-width spaces, right-to-left marks, half a character): it
    would hide or reverse another person's line, and a database cannot store some."""
    return any(unicodedata.category(ch).startswith("C") for ch in text)


def name_key(text: str) -> str:
    """What two names must not share to be told apart by the people who read them: ``text``
    in NFKD without its combining marks (accents), case-folded, without any white space.
    "Ana", "ana", "Aná", "ANA " and "A na" are one name; "Ana" and "Ana B." are two.

    >>> name_key("  João  Ávila "), name_key("STRASSE") == name_key("Straße")
    ('joaoavila', True)
    """
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(ch for ch in folded if not unicodedata.combining(ch) and not ch.isspace())


def other_name(name: str, taken: Container[str], limit: int = 40) -> str:
    """A name like ``name`` whose :func:`name_key` is not in ``taken``, of at most ``limit``
    characters, to suggest to a person whose name is taken: "Ana B.", else "Ana C."...

    >>> other_name("Ana", {"ana", "anab."})
    'Ana C.'
    """
    stem = name[:limit - 3].rstrip()
    for letter in "BCDEFGHIJKLMNOPQRSTUVWXYZ":
        if name_key(f"{stem} {letter}.") not in taken:
            return f"{stem} {letter}."
    n = 2
    while name_key(f"{stem[:limit - 6].rstrip()} {n}") in taken:
        n += 1
    return f"{stem[:limit - 6].rstrip()} {n}"
