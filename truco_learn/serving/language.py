"""The page's language on the server: Voilà's page handler, told which language to serve.

:class:`LanguageVoilaHandler` replaces Voilà's ``/voila/render/...`` handler (in
``truco-learn-app``, and in a Jupyter server with Voilà's extension, Binder or JupyterHub, via
:func:`install`). For each page it

1. chooses the language with :func:`truco_learn.i18n.negotiate`: ``?lang=`` first, then the
   learner's remembered choice (the :data:`~truco_learn.i18n.notebooks.COOKIE` cookie, set
   whenever ``?lang=`` names a language we have), then the browser's ``Accept-Language``, else
   English;
2. for any language other than the server's own (English), serves the notebook with its
   markdown translated and a first, silent code cell that sets the kernel's language
   (:func:`language_hook`): from a kernel preheated on that page in that language when one
   waits (:mod:`truco_learn.serving.language_pools`, in ``truco-learn-app``), else from a new
   kernel with the hook as a Voilà ``prelaunch_hook`` set for this request only (Voilà refuses
   a server-wide hook together with preheated kernels);
3. says the language in ``<html lang>`` and ``Content-Language``, and Voilà's loading line
   ("Executing 2 of 5") in it;
4. leaves out the stylesheets the template asks of another host
   (:func:`~truco_learn.serving.offline.without_remote_styles`), in every language;
5. tells the page's kernel which browser asks (:data:`BROWSER_COOKIE`, a random id set the
   first time, as the ``X-Truco-Learner-Browser`` header that Voilà hands the kernel as
   ``HTTP_X_TRUCO_LEARNER_BROWSER``), so that on a server shared by a class the course
   progress is each visitor's own (:class:`~truco_learn.classroom.course_progress.CourseProgress`).

English pages use the server's own preheated kernels, exactly as before.

>>> from nbformat.v4 import new_markdown_cell, new_notebook
>>> nb = new_notebook(cells=[new_markdown_cell("## Lessons")])
>>> nb = language_hook("pt_BR")(None, notebook=nb, cwd=".")
>>> [c.cell_type for c in nb.cells], nb.cells[1].source
(['code', 'markdown'], '## Lições')
>>> with_html_lang('<!DOCTYPE html>\\n<html lang="en">\\n<head>', "pt_BR")
'<!DOCTYPE html>\\n<html lang="pt-BR">\\n<head>'
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Callable
from typing import Any

from nbformat.v4 import new_code_cell
from tornado import web
from tornado.routing import Router
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from ..classroom.course_progress import is_browser_id
from ..errors import ConfigError
from ..i18n import DEFAULT, ENV, N_, _, html_lang, language, negotiate, normalize
from ..i18n.notebooks import COOKIE, translate_notebook
from .language_pools import ready_pool
from .offline import without_remote_styles

__all__ = ["BROWSER_COOKIE", "BROWSER_HEADER", "COOKIE_DAYS", "LanguageVoilaHandler",
           "chosen_language", "install", "language_cell", "language_hook",
           "replace_render_handler", "with_html_lang", "with_loading_text"]

#: How long the browser remembers a learner's choice.
COOKIE_DAYS = 365
#: The cookie naming a browser (a random id), and the header the kernel learns it from.
BROWSER_COOKIE = "truco_learn_browser"
BROWSER_HEADER = "X-Truco-Learner-Browser"
_HTML_TAG = re.compile(r"<html(?P<attrs>[^>]*)>", re.IGNORECASE)
_HEAD_LIMIT = 65536
_LANG_ATTR = re.compile(r"""\slang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""", re.IGNORECASE)


def server_language() -> str:
    """The language of the server's own kernels (``TRUCO_LEARN_LANG``, else English): the
    language preheated kernels speak."""
    return negotiate(os.environ.get(ENV))


def chosen_language(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The catalog name of a page's language (see :func:`truco_learn.i18n.negotiate`).

    >>> chosen_language(None, "pt-BR", "en-US")
    'pt_BR'
    >>> chosen_language("en", "pt-BR", None), chosen_language(None, None, None)
    ('en', 'en')
    """
    return negotiate(query, cookie, accept)


def remembered(query: str | None) -> str | None:
    """The cookie value to store for ``?lang=`` (``None``: the query names no language of ours).

    >>> remembered("pt-br"), remembered("en"), remembered("xx"), remembered(None)
    ('pt-BR', 'en', None, None)
    """
    if not query:
        return None
    try:
        return html_lang(normalize(query))
    except ConfigError:
        return None


def language_cell(lang: str) -> Any:
    """The first code cell of a page in ``lang``: sets the kernel's language, shows nothing."""
    tag = html_lang(normalize(lang))
    return new_code_cell(  # type: ignore[no-untyped-call]
        source=("from truco_learn.i18n import set_language as _truco_learn_set_language\n"
                f"_truco_learn_set_language({tag!r});"),
        metadata={"jupyter": {"source_hidden": True}, "tags": ["truco-learn-language"]})


def language_hook(lang: str) -> Callable[..., Any]:
    """A Voilà ``prelaunch_hook`` serving the notebook in ``lang``."""

    def hook(_handler: Any, notebook: Any, cwd: str) -> Any:
        translate_notebook(notebook, lang)
        notebook.cells.insert(0, language_cell(lang))
        return notebook
    return hook


def with_html_lang(html: str, lang: str) -> str:
    """``html`` with its first ``<html>`` tag saying ``lang`` (other text unchanged)."""
    tag = html_lang(lang)

    def fix(m: re.Match[str]) -> str:
        attrs = _LANG_ATTR.sub("", m.group("attrs"))
        return f'<html lang="{tag}"{attrs}>'
    return _HTML_TAG.sub(fix, html, count=1)


_LOADING = {"`Executing ${cell_index} of ${cell_count}`": N_("Executing {cell} of {cells}"),
            "`Reading ${cell_index} of ${cell_count}`": N_("Reading {cell} of {cells}")}


def with_loading_text(html: str) -> str:
    """``html`` with Voilà's loading line ("Executing 2 of 5", under the spinner while the
    page's cells run) in the current language.

    >>> from truco_learn.i18n import language
    >>> with language("pt-BR"):
    ...     with_loading_text("let t = `Executing ${cell_index} of ${cell_count}`")
    'let t = `Executando ${cell_index} de ${cell_count}`'
    """
    for js, message in _LOADING.items():
        if js in html:
            text = _(message).replace("`", "'").replace("$", "")
            html = html.replace(js, "`" + text.replace("{cell}", "${cell_index}").replace(
                "{cells}", "${cell_count}") + "`")
    return html


class _ForRequest:
    """Voilà's configuration for one request: the browser header among the headers a kernel
    receives, and a ``prelaunch_hook`` when given (Voilà's renderer reads the hook from the
    configuration, never from the handler)."""

    def __init__(self, config: Any, hook: Callable[..., Any] | None) -> None:
        self._config = config
        if hook is not None:
            self.prelaunch_hook = hook
        self.http_header_envs = [*getattr(config, "http_header_envs", []), BROWSER_HEADER]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._config, name)


class LanguageVoilaHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler in the learner's language (see the module's docstring)."""

    page_language = DEFAULT
    #: whether this page may take a preheated kernel from the pool Voilà looks in
    use_pool = True

    def _choose(self) -> str:
        query = self.get_argument("lang", None)
        lang = chosen_language(query, self.get_cookie(COOKIE), self.request.headers.get(
            "Accept-Language"))
        keep = remembered(query)
        if keep is not None:
            base = str(self.settings.get("base_url", "/") or "/")
            self.set_cookie(COOKIE, keep, path=base, expires_days=COOKIE_DAYS, samesite="Lax")
        return lang

    def _browser(self) -> str:
        """This browser's id (a new one, remembered in a cookie, the first time)."""
        known = self.get_cookie(BROWSER_COOKIE) or ""
        if is_browser_id(known):
            return known
        new = secrets.token_urlsafe(18)
        base = str(self.settings.get("base_url", "/") or "/")
        self.set_cookie(BROWSER_COOKIE, new, path=base, expires_days=COOKIE_DAYS,
                        samesite="Lax", httponly=True)
        return new

    def should_use_rendered_notebook(self, *args: Any, **kwargs: Any) -> bool:
        if not self.use_pool:
            return False
        return bool(super().should_use_rendered_notebook(*args, **kwargs))

    def _language_pool(self, path: str | None, lang: str) -> str | None:
        """The pool of preheated kernels that ran ``path`` in ``lang``, when one is ready."""
        if self.notebook_path or not path:  # one notebook served: Voilà renders only it
            return None
        return ready_pool(getattr(self, "kernel_manager", None), path, lang,
                          self.get_argument("template", None), self.get_argument("theme", None))

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        lang = self.page_language = self._choose()
        # whatever the request said, the kernel hears of this browser only from its cookie
        self.request.headers[BROWSER_HEADER] = self._browser()
        hook = None
        if lang != DEFAULT or server_language() != DEFAULT:
            # no await from here to Voilà's taking the kernel: the pool can't empty meanwhile
            pool = self._language_pool(path, lang)
            if pool is not None:
                path = pool  # Voilà takes its kernel from that pool, rendered in ``lang``
            else:
                self.use_pool = False
                hook = language_hook(lang)
                self.prelaunch_hook = hook
        config: Any = getattr(self, "voila_configuration")
        setattr(self, "voila_configuration", _ForRequest(config, hook))
        self.set_header("Content-Language", html_lang(lang))
        self.add_header("Vary", "Cookie, Accept-Language")
        head: str | None = ""  # the page's start, held until its <html> tag is complete
        # the page's own messages (a full server, an error page) in its language too
        with language(lang):
            async for html in self.get_generator(path=path):
                if head is not None:
                    head += html
                    if not _HTML_TAG.search(head) and len(head) < _HEAD_LIMIT:
                        continue  # Voila's template streams "<html lang=", "en", "\">"
                    html, head = with_html_lang(head, lang), None
                if lang != DEFAULT:
                    html = with_loading_text(html)
                self.write(without_remote_styles(html))
                self.flush()
            if head:
                self.write(without_remote_styles(head))


def replace_render_handler(rules: list[Any]) -> list[Any]:
    """Voilà's handler list with its page handler replaced by :class:`LanguageVoilaHandler`.

    >>> rules = [("/voila/render/(.*)", TornadoVoilaHandler, {})]
    >>> replace_render_handler(rules)[0][1] is LanguageVoilaHandler
    True
    """
    out = []
    for rule in rules:
        if isinstance(rule, tuple) and len(rule) >= 2 and rule[1] is TornadoVoilaHandler:
            rule = (rule[0], LanguageVoilaHandler, *rule[2:])
        out.append(rule)
    return out


def _swap(router: Any) -> int:
    swapped = 0
    for rule in getattr(router, "rules", []):
        if rule.target is TornadoVoilaHandler:
            rule.target = LanguageVoilaHandler
            swapped += 1
        elif isinstance(rule.target, Router):
            swapped += _swap(rule.target)
    return swapped


def install(web_app: web.Application) -> int:
    """Put :class:`LanguageVoilaHandler` in place of Voilà's page handler in a running
    Jupyter server's application (Voilà as a server extension); returns how many routes
    changed (0: Voilà's extension is not loaded, or not yet)."""
    return _swap(web_app.default_router) + _swap(web_app.wildcard_router)
