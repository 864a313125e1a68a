"""A client of the tables service (PROTOCOL.md, Tables) for the app's page and for scripts.

It runs on the asyncio loop of the process that uses it (a Jupyter kernel's, a benchmark's):
HTTP calls with Tornado's ``AsyncHTTPClient``, one WebSocket per seat with ``on_message``
called for every message the service sends. The address is ``TRUCO_LEARN_TABLES_URL``.
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
from typing import Any, Callable, Mapping

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from ..errors import TrucoError
from .server import URL_ENV

__all__ = ["ServiceError", "TablesClient", "invite_link", "service_url"]


class ServiceError(TrucoError):
    """The service refused a request or cannot be reached (the message says why)."""


_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what the service's routes take


def _table(table: str) -> str:
    """A table id to put in a URL path; anything else (``../..``, ``x?token=...``, from an
    invite link's query) is no table of the service's, and the request is not sent."""
    if not isinstance(table, str) or not _TABLE_ID.fullmatch(table):
        raise ServiceError(f"there is no table {table!r}")
    return table


def service_url() -> str | None:
    """The tables API base URL (ending in ``/``), or ``None`` when none is configured."""
    url = os.environ.get(URL_ENV, "").strip()
    if not url:
        return None
    return url if url.endswith("/") else url + "/"


def invite_link(table: str, request_url: str, environ: Mapping[str, str] | None = None) -> str:
    """The link that brings another person to ``table`` on the page at ``request_url``.

    On a JupyterHub the page is on its user's own server (``/user/ana/...``), where nobody else
    may go: the link goes through the hub's ``user-redirect``, to the same page on the
    server of whoever opens it.

    >>> invite_link("ab12", "http://localhost:8866/voila/render/tables.ipynb?x=1", {})
    'http://localhost:8866/voila/render/tables.ipynb?table=ab12'
    >>> hub = {"JUPYTERHUB_SERVICE_PREFIX": "/user/ana/", "JUPYTERHUB_BASE_URL": "/"}
    >>> invite_link("ab12", "https://hub.example.org/user/ana/voila/render/tables.ipynb", hub)
    'https://hub.example.org/hub/user-redirect/voila/render/tables.ipynb?table=ab12'
    >>> invite_link("ab12", "", {})
    'tables.ipynb?table=ab12'
    """
    env = os.environ if environ is None else environ
    if not request_url:
        return f"tables.ipynb?table={table}"
    url = request_url.split("?")[0]
    prefix = env.get("JUPYTERHUB_SERVICE_PREFIX", "")
    if "/user/" in prefix and prefix in url:
        base = env.get("JUPYTERHUB_BASE_URL", "/")
        url = url.replace(prefix, base.rstrip("/") + "/hub/user-redirect/", 1)
    return f"{url}?table={table}"


class TablesClient:
    """HTTP calls and WebSocket connections to one tables service at ``base``."""

    def __init__(self, base: str | None = None) -> None:
        url = base or service_url()
        if not url:
            raise ServiceError("no tables service is configured (set TRUCO_LEARN_TABLES_URL, "
                               "or open this page from the app started with `make app`)")
        self.base = url if url.endswith("/") else url + "/"
        self.http = AsyncHTTPClient()

    async def _call(self, method: str, path: str, body: Any = None) -> Any:
        req = HTTPRequest(self.base + path, method=method,
                          body=None if body is None else json.dumps(body),
                          headers={"Content-Type": "application/json"}, request_timeout=20)
        try:
            resp = await self.http.fetch(req)
        except HTTPClientError as exc:
            text = exc.response.body if exc.response is not None else b""
            try:
                message = json.loads(text)["error"]
            except (ValueError, KeyError, TypeError):
                message = str(exc)
            raise ServiceError(message) from None
        except OSError as exc:
            raise ServiceError(f"the tables service at {self.base} cannot be reached "
                               f"({exc})") from None
        return json.loads(resp.body)

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = await self._call("POST", "tables", body)
        return out

    async def join(self, table: str, name: str | None = None, token: str | None = None,
                   seat: int | None = None, watch: bool = False) -> dict[str, Any]:
        body: dict[str, Any] = {"token": token} if token else {"name": name}
        if seat is not None and not token:
            body["seat"] = seat
        if watch and not token:
            body["watch"] = True
        out: dict[str, Any] = await self._call("POST", f"tables/{_table(table)}/join", body)
        return out

    async def view(self, table: str) -> dict[str, Any]:
        out: dict[str, Any] = await self._call("GET", f"tables/{_table(table)}")
        return out

    async def tables(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = (await self._call("GET", "tables"))["tables"]
        return out

    async def connect(self, table: str, token: str,
                      on_message: Callable[[dict[str, Any]], None],
                      lang: str | None = None) -> "Seat":
        """Open the seat's WebSocket; ``lang``: the language of the coach's reviews."""
        url = (self.base.replace("http", "ws", 1) + f"tables/{_table(table)}/ws?token="
               + urllib.parse.quote(token, safe=""))
        if lang:
            url += "&lang=" + urllib.parse.quote(lang)
        try:
            ws = await websocket_connect(url, on_message_callback=lambda m: _deliver(
                m, on_message))
        except HTTPClientError as exc:
            raise ServiceError(f"the table refused the connection ({exc.code})") from None
        except OSError as exc:
            raise ServiceError(f"the tables service cannot be reached ({exc})") from None
        return Seat(ws)


def _deliver(text: str | bytes | None, on_message: Callable[[dict[str, Any]], None]) -> None:
    if text is None:
        on_message({"type": "closed"})
        return
    on_message(json.loads(text))


class Seat:
    """One open WebSocket to a table."""

    def __init__(self, ws: WebSocketClientConnection) -> None:
        self.ws = ws

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.write_message(json.dumps(msg))

    def close(self) -> None:
        self.ws.close()
