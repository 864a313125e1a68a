"""The base of the app's JSON APIs on Tornado (the tables service, the progress service): JSON
replies that are never cached, no XSRF cookie (each API has its own tokens), and a request
body read as it streams in and kept only up to ``max_body`` bytes.

One request of 100 MB (Tornado's own limit) held the tables service at 830 MiB, and the error
echoed it: a body past ``max_body`` is dropped as it arrives, and :meth:`JsonApiHandler.body`
says how large it was.
"""

from __future__ import annotations

import json
from typing import Any

from tornado import web

from ..errors import TrucoError

__all__ = ["BadBody", "BodyTooLarge", "JsonApiHandler"]


class BadBody(TrucoError):
    """A request body that is not JSON (or nested past what the parser takes)."""


class BodyTooLarge(BadBody):
    """A request body past the handler's ``max_body`` (read and dropped, never parsed)."""


@web.stream_request_body
class JsonApiHandler(web.RequestHandler):
    """Subclasses call ``super().initialize()`` from their own ``initialize``."""

    max_body = 64 * 1024  # bytes

    def initialize(self) -> None:
        self._chunks: list[bytes] = []
        self._size = 0

    def data_received(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._size <= self.max_body:
            self._chunks.append(chunk)

    def check_xsrf_cookie(self) -> None:  # a JSON API with its own tokens, not a form
        return

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")

    def reply(self, status: int, body: Any) -> None:
        self.set_status(status)
        self.finish(json.dumps(body))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps({"error": self._reason}))

    def body(self) -> Any:
        """The request's JSON (``None`` for an empty body); :class:`BodyTooLarge` or
        :class:`BadBody` otherwise."""
        if self._size > self.max_body:
            raise BodyTooLarge(f"the body is too large ({self._size} bytes; at most "
                               f"{self.max_body})")
        raw = b"".join(self._chunks)
        try:
            return json.loads(raw or b"null")
        except ValueError:
            raise BadBody(f"the body is not JSON: {raw[:80]!r}") from None
        except RecursionError:
            raise BadBody("the body's JSON is nested too deeply") from None
