"""``truco-learn-app``: the Voilà app with the tables API on the same port (``make app``).

It is Voilà itself (same arguments, same ``voila.json``, preheated kernels, and beside each
preheated pool one in each other language: :mod:`truco_learn.serving.language_pools`) with two
more routes: ``/truco/api/...`` (the tables service, unless ``TRUCO_LEARN_TABLES_URL`` points at
a service elsewhere) and the root URL, which lands on the course index instead of a file list.
Its pages come in the learner's language (:mod:`truco_learn.serving.language`).
On Binder or JupyterHub the same API comes from the ``truco_learn`` Jupyter server extension
(``truco_learn.tables.server``) instead.
"""

from __future__ import annotations

import os
from typing import Any

from tornado import web
from tornado.ioloop import IOLoop
from traitlets import Bool
from voila.app import Voila  # type: ignore[import-untyped]

from ..serving.language import replace_render_handler
from ..serving.language_pools import with_language_pools
from .handlers import handlers
from .server import URL_ENV, service_from_env
from .service import TableService

__all__ = ["TrucoApp", "main"]

INDEX = "voila/render/index.ipynb"


class _ToIndex(web.RequestHandler):
    def initialize(self, target: str) -> None:
        self.target = target

    def get(self) -> None:
        query = self.request.query
        self.redirect(self.target + ("?" + query if query else ""))


class TrucoApp(Voila):  # type: ignore[misc]
    """Voilà serving ``lessons/`` plus the tables API and the course index at ``/`` (when the
    served directory has an ``index.ipynb``; else Voilà's file list as usual)."""

    name = "truco-learn-app"
    service: TableService | None = None
    compress = Bool(True, config=True, help=(
        "gzip the responses a browser accepts compressed (pages, scripts, styles, JSON): the "
        "first page a learner opens downloads Voilà's scripts, about 5 MB as they are"))
    preheat_languages = Bool(True, config=True, help=(
        "beside each preheated pool of voila.json, one for each other language (a kernel that "
        "ran the page in Portuguese waits for a Portuguese visitor); off: such a page starts "
        "its kernel when opened"))

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        if self.compress:  # read once, when the Tornado application is made
            settings["compress_response"] = True
        if self.preheat_languages:
            # Portuguese pages from kernels preheated in Portuguese too
            pools = with_language_pools(self.kernel_manager)
            if pools:
                self.log.info("truco-learn: preheated pools in other languages: %s",
                              ", ".join(pools))
        return settings

    def init_handlers(self) -> list[Any]:
        base = self.server_url if self.server_url.endswith("/") else self.server_url + "/"
        extra: list[Any] = []
        if os.path.isfile(os.path.join(str(self.root_dir), "index.ipynb")):
            extra.append((base, _ToIndex, {"target": base + INDEX}))
        external = os.environ.get(URL_ENV, "")
        if not external:
            self.service = service_from_env()
            extra += handlers(base, self.service)
            os.environ[URL_ENV] = f"http://127.0.0.1:{self.port}{base}truco/api/"
            IOLoop.current().add_callback(self.service.start)
        # pages in the learner's language (?lang=, the remembered choice, the browser's)
        return extra + replace_render_handler(list(super().init_handlers()))

    def stop(self) -> None:
        if self.service is not None:
            self.service.close()
        super().stop()


main = TrucoApp.launch_instance

if __name__ == "__main__":
    main()
