"""Quiz items in the learner's language, and the answer keys that do not depend on it.

An item is worded in the language current when it was built (``item.lang``). The generators
draw the same random numbers in every language, so the same kind, seed and variant give the
same item in every language: the same cards, the same choices in the same order and the answer
at the same place, only worded differently. Choice ``i`` in one language is choice ``i`` in
another. The language-independent key of a choice is the English choice at its place: results
files store it, graders check it.

>>> from truco_learn.i18n import language
>>> from truco_learn.quiz.registry import make_item
>>> item = make_item("hand_winner", 3)
>>> with language("pt-BR"):
...     shown = localized(item)
>>> shown.lang, shown.choices.index(shown.answer) == item.choices.index(item.answer)
('pt_BR', True)
>>> answer_key(shown, shown.answer) == item.answer, localized(item) is item
(True, True)
"""

from __future__ import annotations

from collections import OrderedDict

from ..i18n import DEFAULT, current, language
from .model import QuizItem

__all__ = ["localized", "english", "answer_key", "shown_choice"]

_CACHE: OrderedDict[tuple[str, str, str, int, str, str], QuizItem] = OrderedDict()
_CACHE_SIZE = 512


def _rebuild(item: QuizItem, lang: str) -> QuizItem:
    from .registry import ITEM_KINDS, make_item

    with language(lang):
        if item.kind in ITEM_KINDS:
            return make_item(item.kind, item.seed, item.variant)
        if item.kind == "position" and "scenario" in item.data:
            from .kinds_position import position_item
            return position_item(item.data["scenario"], item.seed)
    return item  # a kind no generator knows (hand-made items): shown as written


def in_language(item: QuizItem, lang: str) -> QuizItem:
    """``item`` worded in ``lang`` (a catalog name). Raises RuntimeError if the rebuilt item
    is not the same question (a generator that depends on the language: a bug)."""
    if item.lang == lang:
        return item
    key = (lang, item.lang, item.kind, item.seed, item.variant, item.prompt)
    shown = _CACHE.get(key)
    if shown is None:
        shown = _rebuild(item, lang)
        same = (shown.kind, shown.seed, shown.variant, shown.rule, len(shown.choices)) == (
            item.kind, item.seed, item.variant, item.rule, len(item.choices))
        if not same or (item.answer in item.choices and shown.choices.index(shown.answer)
                        != item.choices.index(item.answer)):
            raise RuntimeError(f"quiz item {item.kind} seed {item.seed} ({item.variant}) is "
                               f"not the same item in {lang}")
        _CACHE[key] = shown
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return shown


def localized(item: QuizItem) -> QuizItem:
    """``item`` as the learner reads it in the current language (``item`` itself when it is
    already worded in it)."""
    return in_language(item, current())


def english(item: QuizItem) -> QuizItem:
    """``item`` worded in English: its choices are the answer keys."""
    return in_language(item, DEFAULT)


def answer_key(item: QuizItem, choice: str) -> str:
    """The language-independent key of ``choice``: the English choice at its place. ``choice``
    may be one of ``item.choices``, of the current language's, or a key already; anything
    else comes back as it is (and grades wrong)."""
    for words in (item, localized(item), english(item)):
        if choice in words.choices:
            return english(item).choices[words.choices.index(choice)]
    return choice


def shown_choice(item: QuizItem, choice: str) -> str:
    """How the learner reads ``choice`` (a choice of ``item`` or its key) in the current
    language."""
    key = answer_key(item, choice)
    keys = english(item).choices
    return localized(item).choices[keys.index(key)] if key in keys else choice
