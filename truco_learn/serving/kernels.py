"""A Jupyter kernel manager with a cap: a server for a class must not start kernels until the
machine swaps. Past ``max_kernels`` a new page gets HTTP 503 with a sentence saying why, and the
kernels already running are not disturbed.

Configure it for ``voila`` (``voila.json``: ``VoilaConfiguration.multi_kernel_manager_class``)
or for a Jupyter server under JupyterHub (``--ServerApp.kernel_manager_class=...``), with
``CappedKernelManager.max_kernels``. Idle kernels are stopped by the standard
``MappingKernelManager.cull_idle_timeout`` (which this class inherits).

>>> CappedKernelManager.max_kernels.default_value
40
>>> full_message(40)
'This server is full: it already runs 40 pages (its limit). Try again in a few minutes, or ask your teacher.'
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

from ..i18n import _


def full_message(limit: int) -> str:
    """What a learner reads when the server is full (in the page's language)."""
    return _("This server is full: it already runs {limit} pages (its limit). Try again in a "
             "few minutes, or ask your teacher.").format(limit=limit)


class CappedKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` that refuses a new kernel past ``max_kernels``."""

    max_kernels = Integer(40, config=True,
                          help="most kernels at once (each Voilà page is one); 0: no limit")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self.log.info("truco-learn: at most %d kernels at once, idle ones stopped after %d s",
                      self.max_kernels, self.cull_idle_timeout)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.get("kernel_id")
        known = kernel_id is not None and kernel_id in self
        if (not known and self.max_kernels > 0
                and len(self.list_kernel_ids()) >= self.max_kernels):
            self.log.warning("kernel cap reached (%d): refusing a new kernel", self.max_kernels)
            raise web.HTTPError(503, full_message(self.max_kernels),
                                reason=full_message(self.max_kernels))
        kid: str = await super().start_kernel(*args, **kwargs)
        return kid
