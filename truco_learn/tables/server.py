"""``truco-learn tables``: the tables service on its own (e.g. a JupyterHub service), and the
Jupyter server extension that mounts it inside the app's server.

The app's page finds the service through ``TRUCO_LEARN_TABLES_URL`` (for instance
``http://127.0.0.1:8870/truco/api/``): with it set, the extension mounts no service of its own;
without it, the extension mounts one in the app's own server and sets it for its kernels.
Run as a JupyterHub-managed service, the API is also served under the hub's prefix
(``/services/NAME/truco/api/``), which the hub's proxy routes to it.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from tornado import web

from .handlers import handlers
from .service import TableService
from .store import TableStore

__all__ = ["URL_ENV", "hub_prefix", "make_app", "run", "service_from_env"]

URL_ENV = "TRUCO_LEARN_TABLES_URL"
AWAY_ENV = "TRUCO_LEARN_TABLES_AWAY_SECONDS"
VOTE_ENV = "TRUCO_LEARN_TABLES_VOTE_SECONDS"
INVITE_ENV = "TRUCO_LEARN_TABLES_INVITE_URL"
DELAY_ENV = "TRUCO_LEARN_TABLES_BOT_DELAY"
KEEP_ENV = "TRUCO_LEARN_TABLES_KEEP_FINISHED_SECONDS"
HUB_PREFIX_ENV = "JUPYTERHUB_SERVICE_PREFIX"


def _seconds(name: str, default: float) -> float:
    raw = os.environ.get(name)
    try:
        return float(raw) if raw else default
    except ValueError:
        return default


def service_from_env(db: str | None = None, invite_url: str | None = None) -> TableService:
    """A service with the store at ``db`` (else ``TRUCO_LEARN_TABLES_DB``...) and the clocks
    from the environment (for tests: ``TRUCO_LEARN_TABLES_AWAY_SECONDS``, ``..._VOTE_SECONDS``,
    ``..._KEEP_FINISHED_SECONDS``)."""
    return TableService(TableStore(db), away_after=_seconds(AWAY_ENV, 60.0),
                        vote_seconds=_seconds(VOTE_ENV, 10.0),
                        invite_url=invite_url or os.environ.get(INVITE_ENV) or None,
                        bot_delay=_seconds(DELAY_ENV, 0.0),
                        keep_finished=_seconds(KEEP_ENV, 600.0))


def hub_prefix() -> str | None:
    """The path JupyterHub's proxy gives this process when it runs as a hub-managed service
    (``JUPYTERHUB_SERVICE_PREFIX``, e.g. ``/services/tables/``), else ``None``."""
    prefix = os.environ.get(HUB_PREFIX_ENV, "").strip()
    if not prefix or prefix == "/":
        return None
    return "/" + prefix.strip("/") + "/"


def make_app(service: TableService, base_url: str = "/") -> web.Application:
    """The API under ``base_url``; as a JupyterHub service, also under the hub's prefix, so
    that ``https://HUB/services/NAME/truco/api/`` reaches it through the hub's proxy."""
    routes = handlers(base_url, service)
    prefix = hub_prefix()
    if prefix is not None and prefix != base_url:
        routes += handlers(prefix, service)
    return web.Application(routes)


def run(port: int, db: str | None, host: str = "127.0.0.1",
        invite_url: str | None = None) -> None:
    """Serve the tables API on ``host:port`` until interrupted."""

    async def main() -> None:
        service = service_from_env(db, invite_url)
        app = make_app(service)
        server = app.listen(port, address=host)
        service.start()
        prefix = hub_prefix()
        also = f" and {prefix}truco/api/tables" if prefix else ""
        print(f"truco-learn tables: http://{host}:{port}/truco/api/tables{also} "
              f"(database {service.store.where})", flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            server.stop()
            service.close()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass


# ---------------------------------------------------------------------- Jupyter extension

def _jupyter_server_extension_points() -> list[dict[str, Any]]:
    return [{"module": "truco_learn.tables.server"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Mount the tables API on the Jupyter server (same port as Voilà), unless
    ``TRUCO_LEARN_TABLES_URL`` points at a service elsewhere (a JupyterHub's one service for
    every user: a second service on the same database would fight it for the tables)."""
    base_url = serverapp.base_url
    # Voilà's pages in the learner's language: Voilà's extension may load after this one, so
    # its page handler is replaced once every extension is loaded (before the first request)
    asyncio.get_event_loop().call_soon(_pages_in_language, serverapp)
    if os.environ.get(URL_ENV):
        serverapp.log.info("truco_learn: tables from the service at %s", os.environ[URL_ENV])
        return
    service = service_from_env()
    root = os.path.abspath(str(serverapp.root_dir))
    page = "lessons/tables.ipynb" if os.path.isfile(os.path.join(
        root, "lessons", "tables.ipynb")) else "tables.ipynb"
    service.page_path = f"{base_url.rstrip('/')}/voila/render/{page}"
    serverapp.web_app.add_handlers(".*$", handlers(base_url, service))
    if not os.environ.get(URL_ENV):
        os.environ[URL_ENV] = (f"http://127.0.0.1:{serverapp.port}"
                               f"{base_url.rstrip('/')}/truco/api/")
    asyncio.get_event_loop().call_soon(service.start)
    serverapp.log.info("truco_learn: tables API at %struco/api/tables (database %s)",
                       base_url, service.store.where)


def _pages_in_language(serverapp: Any) -> None:
    try:
        from ..serving.language import install
    except ImportError:  # a server without Voila: no pages to serve
        return
    swapped = install(serverapp.web_app)
    serverapp.log.info("truco_learn: Voila pages in the learner's language (%d route(s))",
                       swapped)
