"""The learner-language check: what a text a learner reads must not contain.

Engine notation (``seat 1``, ``team 0``, ``play:QS``, ``cover:``, ``blind:``, ``onze:``), a
preset's code name (``paulista-2p``), a raw option name (``covered_cards``) or action name
(``falta_envido``), an ASCII hyphen
used as a minus sign (``-0.39``: the app writes "−0.39"), an unfilled placeholder (``{rule}``,
``%s``), and in one review item a label written twice ("Mistake: … Mistake: …").

>>> notation_problems("Seat 0 plays Q♠ (-0.39) at paulista-2p; {who} wins.")
["engine seat 'Seat 0'", "preset code name 'paulista-2p'", "ASCII minus '-0'", "placeholder '{who}'"]
>>> notation_problems("Ana plays Q♠ (−0.39) at the Paulista heads-up table; the score is 3-0.")
[]
>>> review_problems("Mistake: you played Q♠. Mistake: raising was worth +0.47.")
["label 'Mistake' twice in one review item"]
"""

from __future__ import annotations

import re
from dataclasses import fields

from truco_learn.engine.actions import ACTION_STR
from truco_learn.engine.options import PRESETS, Options

_PRESETS = sorted(PRESETS, key=len, reverse=True)
# option names that are not plain English words (plain ones, like "target", can be prose)
_OPTIONS = sorted({f.name for f in fields(Options) if "_" in f.name}, key=len, reverse=True)
# action names the notation writes with an underscore (``real_envido``, ``contraflor_resto``)
_ACTIONS = sorted({a for a in ACTION_STR if "_" in a}, key=len, reverse=True)
_CHECKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("engine seat", re.compile(r"\bseats? [0-3]\b", re.I)),
    ("engine team", re.compile(r"\bteams? [01]\b(?! points?\b)", re.I)),
    ("action notation", re.compile(r"\b(?:play|cover|blind|onze):\S")),
    ("preset code name", re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, _PRESETS))
                                    + r")(?![\w-])", re.I)),
    ("raw option name", re.compile(r"\b(?:" + "|".join(map(re.escape, _OPTIONS)) + r")\b")),
    ("raw action name", re.compile(r"\b(?:" + "|".join(map(re.escape, _ACTIONS)) + r")\b")),
    ("ASCII minus", re.compile(r"(?:^|(?<=[\s(\[,:;=/]))-\d")),
    ("placeholder", re.compile(r"\{[^{}\s]*\}|%[sdrf]\b|%\(\w+\)")),
)
LABELS = ("Good", "Inaccuracy", "Mistake", "Blunder")


def notation_problems(text: str) -> list[str]:
    """What a learner must not read in ``text`` (one entry per kind of problem)."""
    out = []
    for name, pattern in _CHECKS:
        m = pattern.search(text)
        if m:
            out.append(f"{name} {m.group(0)!r}")
    return out


def review_problems(text: str) -> list[str]:
    """A review item's text: the notation checks, and no label written twice."""
    out = notation_problems(text)
    for label in LABELS:
        if len(re.findall(rf"\b{label}\s*:", text, re.I)) > 1:
            out.append(f"label {label!r} twice in one review item")
    return out


# (the Spanish calls "me voy al mazo" and "con flor me achico" keep their "me")
_FIRST_PERSON = re.compile(r"\b(?:I|my|me|mine|we|us|our)\b(?! (?:voy al mazo|achico))")


def first_person(text: str) -> str | None:
    """The first first-person word in ``text`` ("I", "my", "we" ...), or None: a review of the
    learner's decision speaks to the learner ("you"), the coach says "I" only of its own moves.

    >>> first_person("You win this hand 89% of the time."), first_person("I win 89%.")
    (None, 'I')
    >>> first_person("you dropped out (me voy al mazo)")
    """
    m = _FIRST_PERSON.search(text)
    return m.group(0) if m else None
