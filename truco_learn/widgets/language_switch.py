"""The language switch of the index: one link per language ("English | Português"), each
reopening the page with ``?lang=...``. The server remembers that choice (a cookie, see
:mod:`truco_learn.serving.language`), so every page opened next follows it.

Each language is named in its own words (never translated), marked with ``lang`` and
``hreflang``; the current one carries ``aria-current``. A language with a catalog under
``truco_learn/locale`` appears here by itself.

>>> print(switch_html("en"))  # doctest: +NORMALIZE_WHITESPACE
<nav class="tl-language-switch" aria-label="Language"><a class="tl-lang" href="?lang=en"
hreflang="en" lang="en" aria-current="page">English</a> | <a class="tl-lang" href="?lang=pt-BR"
hreflang="pt-BR" lang="pt-BR">Português</a></nav>
>>> from truco_learn.i18n import language
>>> with language("pt-BR"):
...     'aria-label="Idioma"' in switch_html(), 'aria-current="page">Português' in switch_html()
(True, True)
"""

from __future__ import annotations

from html import escape

import ipywidgets as w  # type: ignore[import-untyped]
from babel import Locale

from ..i18n import _, current, html_lang, languages

__all__ = ["language_name", "switch_html", "language_switch"]

_STYLE = ("<style>.tl-language-switch{margin:0 0 8px;font-size:105%}"
          ".tl-language-switch a{color:#1f5fbf;text-decoration:underline;padding:4px 2px}"
          ".tl-language-switch a[aria-current]{font-weight:700;text-decoration:none;"
          "color:#222}</style>")


def language_name(lang: str) -> str:
    """A language's name in that language, capitalized (``Português``).

    >>> language_name("pt_BR"), language_name("en")
    ('Português', 'English')
    """
    name = Locale.parse(lang).get_language_name(lang) or lang
    return name[:1].upper() + name[1:]


def switch_html(lang: str | None = None) -> str:
    """The switch's HTML; ``lang`` (else the current language) is marked as the current one."""
    here = lang or current()
    links = []
    for code in languages():
        tag = html_lang(code)
        mark = ' aria-current="page"' if code == here else ""
        links.append(f'<a class="tl-lang" href="?lang={tag}" hreflang="{tag}" lang="{tag}"'
                     f"{mark}>{escape(language_name(code))}</a>")
    # Translators: the accessible name of the list of languages on the index page
    label = escape(_("Language"), quote=True)
    return f'<nav class="tl-language-switch" aria-label="{label}">{" | ".join(links)}</nav>'


def language_switch() -> w.HTML:
    """The switch as a widget (the index shows it first)."""
    return w.HTML(_STYLE + switch_html(), layout=w.Layout(margin="0"))
