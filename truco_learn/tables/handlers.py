"""The HTTP and WebSocket handlers of PROTOCOL.md's "Tables" on Tornado (what the Jupyter
server runs on), mounted under ``<base_url>truco/api/``.

The handlers are plain Tornado handlers with their own token model (the table tokens), so a
person who opens an invite link needs no Jupyter login.
"""

from __future__ import annotations

import json
from typing import Any

from tornado import web, websocket

from ..errors import TrucoError
from ..serving.json_api import BodyTooLarge, JsonApiHandler
from .service import Connection, Forbidden, NotFound, TableService
from .table import TableConflict

__all__ = ["handlers"]


MAX_BODY = JsonApiHandler.max_body  # bytes: a table's or a join's body is a few hundred


class _Base(JsonApiHandler):
    service: TableService

    def initialize(self, service: TableService) -> None:  # type: ignore[override]
        super().initialize()
        self.service = service

    def guard(self, fn: Any, *args: Any, status: int = 200) -> None:
        try:
            out = fn(*args)
        except NotFound as exc:
            self.reply(404, {"error": str(exc)})
        except Forbidden as exc:
            self.reply(403, {"error": str(exc)})
        except BodyTooLarge as exc:
            self.reply(413, {"error": str(exc)})
        except TableConflict as exc:  # a seat or a name someone else holds
            self.reply(409, {"error": str(exc)})
        except TrucoError as exc:
            self.reply(400, {"error": str(exc)})
        else:
            self.reply(status, out)


class TablesHandler(_Base):
    def get(self) -> None:
        self.reply(200, {"tables": self.service.list_tables()})

    def post(self) -> None:
        self.guard(lambda: self.service.create(self.body(), self.request.host), status=201)


class TableHandler(_Base):
    def get(self, table_id: str) -> None:
        self.guard(self.service.view, table_id)


class JoinHandler(_Base):
    def post(self, table_id: str) -> None:
        self.guard(lambda: self.service.join(table_id, self.body()))


class TableSocket(websocket.WebSocketHandler):
    service: TableService
    conn: Connection | None = None

    def initialize(self, service: TableService) -> None:
        self.service = service

    def check_xsrf_cookie(self) -> None:
        return

    def check_origin(self, origin: str) -> bool:
        return True  # tokens, not cookies, say who may play

    @property
    def max_message_size(self) -> int:
        """A frame past it closes the connection (1009, "message too big"): a message is a few
        dozen bytes, and a 10 MB one held the service at 186 MiB and came back twice over."""
        return MAX_BODY

    async def get(self, *args: Any, **kwargs: Any) -> None:
        table_id = args[0]
        token = self.get_argument("token", None)
        try:
            table = self.service.table(table_id)  # a finished one is read back from the store
        except NotFound as exc:
            self.set_status(404)
            self.finish(json.dumps({"error": str(exc)}))
            return
        if not token or token not in table.players:
            self.set_status(403)
            self.finish(json.dumps({"error": "a valid token is needed (join the table first)"}))
            return
        await super().get(*args, **kwargs)

    def open(self, *args: str, **kwargs: str) -> None:
        table_id = args[0]
        try:
            self.conn = self.service.connect(table_id, self.get_argument("token", None),
                                             self._send, self.get_argument("lang", None))
        except (NotFound, Forbidden):
            self.close(4003, "bad token")

    def _send(self, msg: dict[str, Any]) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        self.write_message(json.dumps(msg))

    def on_message(self, message: str | bytes) -> None:
        if self.conn is not None:
            self.service.receive(self.conn, message)

    def on_close(self) -> None:
        if self.conn is not None:
            self.service.disconnect(self.conn)
            self.conn = None


def handlers(base_url: str, service: TableService) -> list[tuple[str, Any, dict[str, Any]]]:
    """Tornado routes for the tables API under ``base_url`` (ending in ``/``)."""
    api = base_url.rstrip("/") + "/truco/api"
    args = {"service": service}
    return [
        (api + r"/tables/?", TablesHandler, args),
        (api + r"/tables/([A-Za-z0-9_-]+)/?", TableHandler, args),
        (api + r"/tables/([A-Za-z0-9_-]+)/join/?", JoinHandler, args),
        (api + r"/tables/([A-Za-z0-9_-]+)/ws", TableSocket, args),
    ]
