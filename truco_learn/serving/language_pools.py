"""Preheated kernels for pages in another language than the server's.

Voilà keeps a pool of kernels per notebook that ran the notebook ahead of time, so that a
visitor gets a page at once (``voila.json``: ``kernel_pools_config``). Those kernels ran the
notebook as it is on disk, in the server's language, so a page in Portuguese could not use
them and started a kernel of its own when opened (about 1.3 s on the development machine).

This module gives each preheated notebook one pool more for each other language: its key is
the notebook's path with the language after it (:func:`pool_key`, ``index.ipynb?lang=pt_BR``),
and its kernels run the notebook as :func:`~truco_learn.serving.language.language_hook` serves
it (markdown translated, a first cell setting the kernel's language). The page handler
(:class:`~truco_learn.serving.language.LanguageVoilaHandler`) takes a kernel from that pool
when one is ready (:func:`ready_pool`), and otherwise starts one as before.

>>> pool_key("lessons/index.ipynb", "pt_BR")
'lessons/index.ipynb?lang=pt_BR'
>>> split_key("lessons/index.ipynb?lang=pt_BR"), split_key("index.ipynb")
(('lessons/index.ipynb', 'pt_BR'), ('index.ipynb', None))
>>> import os
>>> os.path.dirname(pool_key("lessons/index.ipynb", "pt_BR"))  # Voilà's kernel's directory
'lessons'
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from voila.notebook_renderer import NotebookRenderer  # type: ignore[import-untyped]

from ..i18n import DEFAULT, ENV, languages, negotiate

__all__ = ["LanguagePools", "hooked_languages", "pool_key", "ready_pool", "split_key",
           "with_language_pools"]

_MARK = "?lang="


def pool_key(path: str, lang: str) -> str:
    """The pool name of ``path`` served in ``lang``."""
    return f"{path}{_MARK}{lang}"


def split_key(key: str) -> tuple[str, str | None]:
    """``(path, language)`` of a pool name (``None``: the notebook as it is on disk)."""
    path, mark, lang = key.rpartition(_MARK)
    return (path, lang) if mark and lang and "/" not in lang else (key, None)


def hooked_languages(server: str | None = None) -> tuple[str, ...]:
    """The languages whose pages need the notebook changed: every one of ours but the
    language the server's kernels already speak.

    >>> hooked_languages("en"), hooked_languages("pt_BR")
    (('pt_BR',), ('en', 'pt_BR'))
    """
    server = server if server is not None else negotiate(os.environ.get(ENV))
    if server == DEFAULT:
        return tuple(lang for lang in languages() if lang != DEFAULT)
    return languages()  # the disk's notebooks are English, the kernels not


class _KeyedRenderer(NotebookRenderer):  # type: ignore[misc]
    """Voilà's renderer for a pool name: it reads the notebook at the name's path."""

    async def load_notebook(self, path: str) -> Any:
        return await super().load_notebook(split_key(path)[0])


class LanguagePools:
    """Mixed in before Voilà's ``VoilaKernelManager``: pools for the languages too."""

    _pools: dict[str, list[Any]]
    notebook_data: dict[str, Any]
    kernel_pools_config: dict[str, Any]
    root_dir: str

    def _notebook_renderer_factory(self, notebook_path: str | None = None) -> Any:
        renderer = super()._notebook_renderer_factory(notebook_path)  # type: ignore[misc]
        if notebook_path is not None:
            _path, lang = split_key(notebook_path)
            if lang is not None:
                from .language import language_hook  # the handler's module imports this one
                renderer.__class__ = _KeyedRenderer
                renderer.prelaunch_hook = language_hook(lang)
        return renderer

    def add_language_pools(self, langs: Iterable[str]) -> list[str]:
        """A pool in each language of ``langs`` beside each notebook's own preheated pool
        (the same size); starts filling them and returns their names."""
        config = dict(self.kernel_pools_config)
        added = []
        for name, settings in list(config.items()):
            if (name == "default" or split_key(name)[1] is not None
                    or int(settings.get("pool_size", 0)) <= 0
                    or not os.path.isfile(os.path.join(str(self.root_dir), name))):
                continue
            for lang in langs:
                key = pool_key(name, lang)
                config.setdefault(key, dict(settings))
                added.append(key)
        self.kernel_pools_config = config
        for key in added:
            self.fill_if_needed(delay=0, notebook_name=key)  # type: ignore[attr-defined]
        return added


def with_language_pools(kernel_manager: Any, langs: Iterable[str] | None = None) -> list[str]:
    """Give a running Voilà app's kernel manager its language pools (nothing when Voilà does
    not preheat: no pools to copy); returns the pools' names."""
    if not hasattr(kernel_manager, "_pools") or not hasattr(kernel_manager, "fill_if_needed"):
        return []
    cls: Any = type(kernel_manager)
    if not issubclass(cls, LanguagePools):
        # the class Voilà made (its pools mixed into ours), with the language pools before it
        meta: Any = type(cls)
        kernel_manager.__class__ = meta(cls.__name__, (LanguagePools, cls), {})
    added: list[str] = kernel_manager.add_language_pools(
        hooked_languages() if langs is None else tuple(langs))
    return added


def ready_pool(kernel_manager: Any, path: str, lang: str, template: str | None = None,
               theme: str | None = None) -> str | None:
    """The pool name of ``path`` in ``lang`` when a preheated kernel waits in it and the
    page asks for no other template or theme than it was rendered with; else ``None``."""
    key = pool_key(path, lang)
    try:
        data = kernel_manager.notebook_data.get(key, {})
        size = kernel_manager.get_pool_size(key)
    except AttributeError:  # Voilà as a server extension: no pools
        return None
    if size <= 0 or not data:
        return None
    if template is not None and template != data.get("template"):
        return None
    if theme is not None and theme != data.get("theme"):
        return None
    return key
