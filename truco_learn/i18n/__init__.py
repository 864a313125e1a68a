"""Words a learner reads, in the learner's language (GNU gettext catalogs, built with Babel).

Code holds English message ids and facts; the catalogs under ``truco_learn/locale`` hold the
sentences of every other language. English needs no catalog: the message id is the English.

>>> with language("pt-BR"):
...     _("queen")
'dama'
>>> _("queen")
'queen'
>>> with language("pt_BR"):
...     ngettext("{n} point", "{n} points", 2).format(n=2)
'2 pontos'

Rules for a message (the catalog test checks them):

- mark it where it is written: ``_("...")`` at the moment it is shown, ``N_("...")`` for a
  constant that is translated later with ``_(CONSTANT)``;
- never build a sentence by joining pieces: one message per sentence, with named placeholders
  filled by ``.format(name=...)`` (``"{points}"``, never ``"{}"`` or f-strings);
- numbers a learner reads go through :mod:`truco_learn.i18n.numbers` (decimal comma in pt-BR);
- counts use ``ngettext`` (the plural forms come from the catalog).

The language is one per process (a Voilà kernel serves one learner), set with
:func:`set_language`; :func:`language` overrides it for a block (tests, servers).
"""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from ..errors import ConfigError

__all__ = ["LOCALE_DIR", "DOMAINS", "DEFAULT", "ENV", "languages", "normalize", "set_language",
           "current", "language", "translations", "_", "N_", "ngettext", "pgettext",
           "negotiate", "html_lang"]

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The catalogs: one per area of the code, so that each area's translators own one file.
DOMAINS = ("core", "course", "demos", "quiz", "coach", "classroom", "play", "app")
DEFAULT = "en"
#: Environment variable with the language of a process (JupyterLab, a kernel, the CLI's bots).
ENV = "TRUCO_LEARN_LANG"


def languages() -> tuple[str, ...]:
    """English plus every language with a catalog under ``truco_learn/locale``.

    >>> languages()
    ('en', 'pt_BR')
    """
    found = sorted(p.name for p in LOCALE_DIR.iterdir()
                   if (p / "LC_MESSAGES").is_dir()) if LOCALE_DIR.is_dir() else []
    return (DEFAULT, *found)


def normalize(tag: str) -> str:
    """The catalog name of a language tag (``pt-BR``, ``pt_br``, ``pt``, ``en-US`` ...).

    >>> normalize("pt-br"), normalize("pt"), normalize("en-GB")
    ('pt_BR', 'pt_BR', 'en')
    >>> normalize("xx")
    Traceback (most recent call last):
    ...
    truco_learn.errors.ConfigError: unknown language 'xx': choose one of en, pt-BR
    """
    found = _match(tag)
    if found is None:
        names = ", ".join(x.replace("_", "-") for x in languages())
        raise ConfigError(f"unknown language {tag!r}: choose one of {names}")
    return found


def _match(tag: str) -> str | None:
    t = tag.strip().replace("-", "_").lower()
    if not t:
        return None
    for lang in languages():
        if t == lang.lower():
            return lang
    base = t.split("_")[0]
    for lang in languages():
        if lang.lower().split("_")[0] == base:
            return lang
    return None


def _from_env() -> str:
    value = os.environ.get(ENV, "")
    return (_match(value) or DEFAULT) if value else DEFAULT


_PROCESS = [_from_env()]
_OVERRIDE: ContextVar[str | None] = ContextVar("truco_learn_lang", default=None)


def set_language(tag: str) -> str:
    """Set this process's language (a kernel's learner); returns its catalog name."""
    _PROCESS[0] = normalize(tag)
    return _PROCESS[0]


def current() -> str:
    """The language in effect here: a :func:`language` block's, else the process's."""
    return _OVERRIDE.get() or _PROCESS[0]


@contextmanager
def language(tag: str) -> Iterator[str]:
    """Use ``tag`` inside the block only."""
    token = _OVERRIDE.set(normalize(tag))
    try:
        yield current()
    finally:
        _OVERRIDE.reset(token)


@lru_cache(maxsize=None)
def translations(lang: str, domain: str | None = None) -> gettext.NullTranslations:
    """Every domain's catalog for ``lang``, chained into one lookup, ``domain``'s first."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    chain: gettext.NullTranslations | None = None
    order = ([domain] if domain in DOMAINS else []) + [d for d in DOMAINS if d != domain]
    for name in order:
        try:
            t = gettext.translation(name, str(LOCALE_DIR), languages=[lang])
        except OSError:
            continue
        if chain is None:
            chain = t
        else:
            chain.add_fallback(t)
    return chain or gettext.NullTranslations()


def _caller() -> gettext.NullTranslations:
    """The current language's catalogs, the calling module's own catalog first."""
    lang = current()
    if lang == DEFAULT:
        return translations(lang)
    from .domains import module_domain

    return translations(lang, module_domain(sys._getframe(2).f_globals.get("__name__", "")))


def _(message: str) -> str:
    """``message`` in the current language."""
    return _caller().gettext(message)


def N_(message: str) -> str:
    """Mark a constant for the catalogs without translating it now."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _caller().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (same English, two
    meanings)."""
    return _caller().pgettext(context, message)


def negotiate(query: str | None = None, cookie: str | None = None,
              accept: str | None = None) -> str:
    """The page's language: ``?lang=`` first, then the remembered choice, then the browser's
    ``Accept-Language``, else English. Unknown tags are passed over, never an error.

    >>> negotiate(None, None, "de-DE,pt-BR;q=0.8,en;q=0.5")
    'pt_BR'
    >>> negotiate("en", "pt_BR", "pt-BR")
    'en'
    >>> negotiate("zz", None, None)
    'en'
    """
    for tag in (query, cookie):
        if tag and _match(tag):
            return _match(tag) or DEFAULT
    if accept:
        weighted: list[tuple[float, int, str]] = []
        for i, part in enumerate(accept.split(",")):
            name, _sep, params = part.strip().partition(";")
            q = 1.0
            if params.strip().startswith("q="):
                try:
                    q = float(params.strip()[2:])
                except ValueError:
                    q = 0.0
            weighted.append((-q, i, name))
        for _q, _i, name in sorted(weighted):
            if name and name != "*" and _match(name) and -_q > 0:
                return _match(name) or DEFAULT
    return DEFAULT


def html_lang(lang: str | None = None) -> str:
    """The BCP 47 tag of a language for HTML's ``lang`` (``pt-BR``)."""
    return (lang or current()).replace("_", "-")
