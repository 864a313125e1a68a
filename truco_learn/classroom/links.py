"""The address of a page of this app as the people it is sent to open it: the students' page
beside the teacher's, on the server and port the teacher's page was served from.

Voilà tells the kernel the address of the page it serves (``VOILA_REQUEST_URL``, the same
address the tables page builds its invite links from); on a JupyterHub the link goes through
the hub's ``user-redirect``, to the same page on the server of whoever opens it.

>>> page_beside("http://127.0.0.1:18866/voila/render/teacher.ipynb?lang=pt-BR", "assignment.ipynb", {})
'http://127.0.0.1:18866/voila/render/assignment.ipynb'
>>> hub = {"JUPYTERHUB_SERVICE_PREFIX": "/user/ana/", "JUPYTERHUB_BASE_URL": "/"}
>>> page_beside("https://hub.example.org/user/ana/voila/render/teacher.ipynb", "assignment.ipynb", hub)
'https://hub.example.org/hub/user-redirect/voila/render/assignment.ipynb'
>>> page_beside("", "assignment.ipynb", {}) is None
True
"""

from __future__ import annotations

import os
from typing import Mapping

__all__ = ["REQUEST_URL_ENV", "page_beside", "request_url"]

#: where Voilà puts the address of the page it serves, in the kernel's environment
REQUEST_URL_ENV = "VOILA_REQUEST_URL"


def request_url(environ: Mapping[str, str] | None = None) -> str:
    """The address this page was served from (``""`` outside Voilà)."""
    env = os.environ if environ is None else environ
    return env.get(REQUEST_URL_ENV, "").strip()


def page_beside(here: str, page: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The address of ``page`` in the folder of the page at ``here`` (its query and fragment
    dropped), reachable by others on a JupyterHub; ``None`` when ``here`` is unknown."""
    if not here:
        return None
    env = os.environ if environ is None else environ
    folder = here.split("#")[0].split("?")[0].rsplit("/", 1)[0]
    url = f"{folder}/{page}"
    prefix = env.get("JUPYTERHUB_SERVICE_PREFIX", "")
    if "/user/" in prefix and prefix in url:
        base = env.get("JUPYTERHUB_BASE_URL", "/")
        url = url.replace(prefix, base.rstrip("/") + "/hub/user-redirect/", 1)
    return url
