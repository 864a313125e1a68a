"""Find English left in a text that should be Portuguese, and placeholders left unfilled.

>>> english_left("Você ganha a rodada com o zap.")
[]
>>> english_left("Você wins the trick.")
['wins', 'the', 'trick']
>>> unfilled("Faltam {points} pontos")
['{points}']
"""

from __future__ import annotations

import re

# English words that are never Portuguese words (so "a", "as", "do", "no", "me", "e", "se"
# are not here). A learner's text in pt-BR must contain none of them.
FUNCTION_WORDS = frozenset("""
the and you your yours is are was were be been being of to with this that these those it its
for from by will would can could should not but if when what which who whom whose there then
than they them their we our us he she his her has have had does did an or at on in into
about after before because while where why how all any some more most other such only own
same so too very just than lead leads wins win won lose loses lost card cards trick tricks
hand hands point points partner team player players raise raises accept accepts fold folds
run runs call calls next back play plays yes score game match chance chances better worse
best worst here now right wrong again well done try
""".split())
_WORD = re.compile(r"[A-Za-zÀ-ÿ']+")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[!:][^{}]*)?\}")
_TAGS = re.compile(r"<[^>]*>")


def english_left(text: str, allow: frozenset[str] = frozenset()) -> list[str]:
    """The English function words found in ``text`` (HTML tags are skipped)."""
    words = _WORD.findall(_TAGS.sub(" ", text))
    return [w for w in words if w.lower() in FUNCTION_WORDS and w.lower() not in allow]


def unfilled(text: str) -> list[str]:
    """Placeholders such as ``{points}`` that were never filled."""
    return _PLACEHOLDER.findall(text)


def assert_portuguese(text: str, where: str = "", allow: frozenset[str] = frozenset()) -> None:
    """Fail with the offending words when ``text`` still has English or a placeholder."""
    bad = english_left(text, allow)
    holes = unfilled(text)
    assert not bad and not holes, (
        f"English {bad} / unfilled {holes} in pt-BR text{' of ' + where if where else ''}: "
        f"{text!r}")
