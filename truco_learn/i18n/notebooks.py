"""The notebooks' prose in the page's language.

A lesson's markdown cells are split into blocks (paragraphs, headings, lists: text between
blank lines); each block is a message of the catalogs, extracted by ``catalogs.py`` and
translated when the page is served.

>>> from truco_learn.i18n import language
>>> markdown_blocks("# Title\\n\\nSome *text*.\\n\\n<style>p {}</style>")
['# Title', 'Some *text*.']
>>> translate_markdown("## Words from this lesson\\n\\n<b>x</b>")
'## Words from this lesson\\n\\n<b>x</b>'
"""

from __future__ import annotations

import re
from typing import Any

from . import DEFAULT, _, current, language

__all__ = ["COOKIE", "markdown_blocks", "translate_markdown", "translate_notebook"]

#: The cookie that remembers a learner's choice of language.
COOKIE = "truco_learn_lang"
_BLANK = re.compile(r"\n[ \t]*\n")


def _is_message(block: str) -> bool:
    return bool(block) and not block.startswith("<") and re.search(r"[A-Za-z]{2}", block) is not None


def markdown_blocks(text: str) -> list[str]:
    """The translatable blocks of a markdown text, in order."""
    return [b.strip() for b in _BLANK.split(text) if _is_message(b.strip())]


def translate_markdown(text: str) -> str:
    """``text`` with each block in the current language (markup outside blocks is kept)."""
    parts = _BLANK.split(text)
    return "\n\n".join(_(p.strip()) if _is_message(p.strip()) else p for p in parts)


def translate_notebook(notebook: Any, lang: str) -> Any:
    """Translate a notebook's markdown cells in place (an ``nbformat`` node) and return it."""
    if lang == DEFAULT:
        return notebook
    with language(lang):
        for cell in notebook.cells:
            if cell.get("cell_type") == "markdown":
                source = cell.source if isinstance(cell.source, str) else "".join(cell.source)
                cell.source = translate_markdown(source)
    return notebook


def current_is_default() -> bool:
    """True when the current language is English."""
    return current() == DEFAULT
