"""A name typed on a page, checked before a store sees it: the learner's sentence in the
page's language for a name too long or holding a hidden character (:mod:`truco_learn.names`).

>>> name_problem("Ana", 60) is None, name_problem("x" * 61, 60)[:21]
(True, 'Your name is too long')
"""

from __future__ import annotations

from ..i18n import _
from ..names import hidden_characters, tidy_name

__all__ = ["name_problem"]


def name_problem(name: str, limit: int) -> str | None:
    """What is wrong with ``name`` (``None``: nothing this check knows of; an empty name is
    the page's own case)."""
    clean = tidy_name(name)
    if len(clean) > limit:
        return _("Your name is too long ({n} characters, at most {limit}): write a shorter "
                 "one.").format(n=len(clean), limit=limit)
    if hidden_characters(clean):
        return _("Your name holds a character that is not a letter or a sign: type it again.")
    return None
