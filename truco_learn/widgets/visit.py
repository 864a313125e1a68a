"""Waiting, in a Voilà kernel started ahead of time, for the visitor who opens the page.

Voilà's ``preheat_kernel`` runs a page's cells before anyone asks for it; a cell that must read
something at the visit (the course index reads the learner's progress) first waits for the
request. Voilà's own helper, ``voila.utils.wait_for_request``, does that, but importing it
imports Voilà and the whole Jupyter server (about 3.7 s of CPU on the shared 2-core machine,
each time a pool refills). :func:`wait_for_visit` does the same with the websocket client the
kernel already has (Tornado's): it asks Voilà's ``voila/query/<kernel id>`` socket, which answers
once the page is requested, with the request's variables (``QUERY_STRING``, ``SCRIPT_NAME``...),
and puts them in ``os.environ``, as Voilà's helper does.

Anywhere else (a kernel started for one visitor, JupyterLab, a test) it returns at once:

>>> wait_for_visit({"VOILA_PREHEAT": "False"}), wait_for_visit({})
(None, None)
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Mapping, MutableMapping

__all__ = ["query_url", "wait_for_visit"]

log = logging.getLogger(__name__)

#: How long to wait for Voilà's socket to accept the connection (Voilà's own helper: 5 s).
CONNECT_TIMEOUT = 5.0


def query_url(env: Mapping[str, str]) -> str:
    """The address of Voilà's query socket for this kernel, from the variables Voilà gives a
    preheated kernel (the same defaults as ``voila.utils.wait_for_request``).

    >>> query_url({"VOILA_APP_PORT": "9000", "VOILA_KERNEL_ID": "k1"})
    'ws://127.0.0.1:9000/voila/query/k1'
    >>> query_url({"VOILA_SERVER_URL": "/user/ana/", "VOILA_KERNEL_ID": "k1"})
    'ws://127.0.0.1:8866/user/ana/voila/query/k1'
    """
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID')}"


async def _request_info(url: str) -> str | None:
    from tornado.websocket import websocket_connect  # only a preheated kernel needs it

    try:
        conn = await asyncio.wait_for(websocket_connect(url), CONNECT_TIMEOUT)
    except Exception as exc:  # refused, timed out, an HTTP error: render without the request
        log.warning("no answer from Voilà's query socket %s: %r", url, exc)
        return None
    try:
        message = await conn.read_message()
    finally:
        conn.close()
    return message if isinstance(message, str) else None


def wait_for_visit(env: MutableMapping[str, str] | None = None) -> None:
    """In a preheated Voilà kernel (``VOILA_PREHEAT=True``), block until a visitor requests
    the page, then add the request's variables to ``env`` (``os.environ`` by default)."""
    env = os.environ if env is None else env
    if env.get("VOILA_PREHEAT", "False") == "False":
        return
    url = query_url(env)
    answer: list[str | None] = [None]

    def ask() -> None:  # a loop of its own: the kernel's main thread runs one already
        loop = asyncio.new_event_loop()
        try:
            answer[0] = loop.run_until_complete(_request_info(url))
        finally:
            loop.close()

    thread = threading.Thread(target=ask, name="truco-learn-wait-for-visit", daemon=True)
    thread.start()
    thread.join()
    if answer[0] is None:
        return
    try:
        info = json.loads(answer[0])
    except ValueError:
        log.warning("Voilà's query socket sent %r", answer[0][:200])
        return
    if isinstance(info, dict):
        env.update({str(k): str(v) for k, v in info.items()})
