"""The envido, flor and dropping-out moves as a player says them, in four forms: to do ("call
envido"), done ("called envido", after "you"), doing ("calling envido") and "I do" (the coach's
own habit: "call envido"; Portuguese "canto envido").

>>> envido_words("real_envido")
('call real envido', 'called real envido', 'calling real envido', 'call real envido')
>>> from truco_learn.i18n import language
>>> with language("pt-BR"):
...     envido_words("drop")[:2]
('ir ao baralho (me voy al mazo)', 'foi ao baralho (me voy al mazo)')
>>> envido_words("raise") is None
True
"""

from __future__ import annotations

from typing import Callable

from ..i18n import pgettext

__all__ = ["envido_words"]

_Words = Callable[[], tuple[str, str, str, str]]

_WORDS: dict[str, _Words] = {
    "envido": lambda: (pgettext("to do", "call envido"), pgettext("done", "called envido"),
                       pgettext("doing", "calling envido"),
                       pgettext("habit: I do", "call envido")),
    "real_envido": lambda: (pgettext("to do", "call real envido"),
                            pgettext("done", "called real envido"),
                            pgettext("doing", "calling real envido"),
                            pgettext("habit: I do", "call real envido")),
    "falta_envido": lambda: (pgettext("to do", "call falta envido"),
                             pgettext("done", "called falta envido"),
                             pgettext("doing", "calling falta envido"),
                             pgettext("habit: I do", "call falta envido")),
    "flor": lambda: (pgettext("to do", "say flor"), pgettext("done", "said flor"),
                     pgettext("doing", "saying flor"), pgettext("habit: I do", "say flor")),
    "contraflor": lambda: (pgettext("to do", "say contraflor"),
                           pgettext("done", "said contraflor"),
                           pgettext("doing", "saying contraflor"),
                           pgettext("habit: I do", "say contraflor")),
    "contraflor_resto": lambda: (pgettext("to do", "say contraflor al resto"),
                                 pgettext("done", "said contraflor al resto"),
                                 pgettext("doing", "saying contraflor al resto"),
                                 pgettext("habit: I do", "say contraflor al resto")),
    "achico": lambda: (pgettext("to do", "say con flor me achico"),
                       pgettext("done", "said con flor me achico"),
                       pgettext("doing", "saying con flor me achico"),
                       pgettext("habit: I do", "say con flor me achico")),
    "drop": lambda: (pgettext("to do", "drop out (me voy al mazo)"),
                     pgettext("done", "dropped out (me voy al mazo)"),
                     pgettext("doing", "dropping out (me voy al mazo)"),
                     pgettext("habit: I do", "drop out (me voy al mazo)")),
}


def envido_words(action: str) -> tuple[str, str, str, str] | None:
    """``(to do, done, doing, I do)`` for an envido, flor or dropping-out action, else
    ``None``."""
    words = _WORDS.get(action)
    return None if words is None else words()
