"""``truco-learn tables``: the tables service on its own (e.g. a JupyterHub service), and the
Jupyter server extension that mounts it inside the app's server.

The app's page finds the service through ``TRUCO_LEARN_TABLES_URL`` (for instance
``http://127.0.0.1:8870/truco/api/``); without it, the extension in the app's own server sets
it for its kernels.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from tornado import web

from .handlers import handlers
from .service import TableService
from .store import TableStore

__all__ = ["URL_ENV", "make_app", "run", "service_from_env"]

URL_ENV = "TRUCO_LEARN_TABLES_URL"
AWAY_ENV = "TRUCO_LEARN_TABLES_AWAY_SECONDS"
VOTE_ENV = "TRUCO_LEARN_TABLES_VOTE_SECONDS"
INVITE_ENV = "TRUCO_LEARN_TABLES_INVITE_URL"
DELAY_ENV = "TRUCO_LEARN_TABLES_BOT_DELAY"


def _seconds(name: str, default: float) -> float:
    raw = os.environ.get(name)
    try:
        return float(raw) if raw else default
    except ValueError:
        return default


def service_from_env(db: str | None = None, invite_url: str | None = None) -> TableService:
    """A service with the store at ``db`` (else ``TRUCO_LEARN_TABLES_DB``...) and the clocks
    from the environment (for tests: ``TRUCO_LEARN_TABLES_AWAY_SECONDS``, ``..._VOTE_SECONDS``)."""
    return TableService(TableStore(db), away_after=_seconds(AWAY_ENV, 60.0),
                        vote_seconds=_seconds(VOTE_ENV, 10.0),
                        invite_url=invite_url or os.environ.get(INVITE_ENV) or None,
                        bot_delay=_seconds(DELAY_ENV, 0.0))


def make_app(service: TableService, base_url: str = "/") -> web.Application:
    return web.Application(handlers(base_url, service))


def run(port: int, db: str | None, host: str = "127.0.0.1",
        invite_url: str | None = None) -> None:
    """Serve the tables API on ``host:port`` until interrupted."""

    async def main() -> None:
        service = service_from_env(db, invite_url)
        app = make_app(service)
        server = app.listen(port, address=host)
        service.start()
        print(f"truco-learn tables: http://{host}:{port}/truco/api/tables "
              f"(database {service.store.path})", flush=True)
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
    """Mount the tables API on the Jupyter server (same port as Voilà)."""
    base_url = serverapp.base_url
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
    # Voilà's pages in the learner's language: Voilà's extension may load after this one, so
    # its page handler is replaced once every extension is loaded (before the first request)
    asyncio.get_event_loop().call_soon(_pages_in_language, serverapp)
    serverapp.log.info("truco_learn: tables API at %struco/api/tables (database %s)",
                       base_url, service.store.path)


def _pages_in_language(serverapp: Any) -> None:
    try:
        from ..serving.language import install
    except ImportError:  # a server without Voila: no pages to serve
        return
    swapped = install(serverapp.web_app)
    serverapp.log.info("truco_learn: Voila pages in the learner's language (%d route(s))",
                       swapped)
