"""Quiz items in the learner's language.

An item is built in English (:func:`~truco_learn.quiz.registry.make_item`): its choices and
answer are the keys that results files store and graders check. A learner reads the same item
rebuilt from the same seed in the current language: the generators draw the same random numbers
in every language, so the rebuilt item has the same cards, the same choices in the same order
and the same answer, only worded in that language. Choice ``i`` of the display is choice ``i``
of the key.

>>> from truco_learn.i18n import language
>>> from truco_learn.quiz.registry import make_item
>>> item = make_item("hand_winner", 3)
>>> with language("pt-BR"):
...     shown = localized(item)
>>> shown.choices.index(shown.answer) == item.choices.index(item.answer)
True
>>> shown.prompt != item.prompt, localized(item) is item       # English: the item itself
(True, True)
"""

from __future__ import annotations

from collections import OrderedDict

from ..i18n import DEFAULT, current, language
from .model import QuizItem

__all__ = ["localized", "shown_choice", "key_choice"]

_CACHE: OrderedDict[tuple[str, str, int, str, str], QuizItem] = OrderedDict()
_CACHE_SIZE = 512


def _rebuild(item: QuizItem, lang: str) -> QuizItem:
    from .registry import ITEM_KINDS, build_item

    with language(lang):
        if item.kind in ITEM_KINDS:
            return build_item(item.kind, item.seed, item.variant)
        if item.kind == "position" and "scenario" in item.data:
            from .kinds_position import build_position_item
            return build_position_item(item.data["scenario"], item.seed)
    return item  # a kind no generator knows (hand-made items): shown as written


def localized(item: QuizItem) -> QuizItem:
    """``item`` as the learner reads it in the current language (the item itself in English).
    Raises RuntimeError if the rebuild does not match the key item (a generator that
    depends on the language: a bug)."""
    lang = current()
    if lang == DEFAULT:
        return item
    key = (lang, item.kind, item.seed, item.variant, item.prompt)
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


def shown_choice(item: QuizItem, choice: str) -> str:
    """How the learner reads ``choice`` (a key of ``item.choices``) in the current language."""
    shown = localized(item)
    return shown.choices[item.choices.index(choice)] if choice in item.choices else choice


def key_choice(item: QuizItem, text: str) -> str:
    """The key of a choice given as the learner read it (or as its key already)."""
    if text in item.choices:
        return text
    shown = localized(item)
    return item.choices[shown.choices.index(text)] if text in shown.choices else text
