"""A page's watch on its kernel: when the kernel behind a page was stopped (idle too long, the
server's cap, a crash) or stops answering, the page says so and offers to reload. The learner's
answers are in the progress store, so a reload (and the same name) picks up where they were.

Every ``interval_ms`` the page asks the server about its kernel (not counted as activity, so
idle kernels are still culled) and, while the learner is active (input in the last
``active_ms``, ``$TRUCO_LEARN_WATCH_ACTIVE_S``, default 120 s), pings the kernel. A server that
no longer knows the kernel, or a ping unanswered for ``silence_ms``
(``$TRUCO_LEARN_WATCH_SILENCE_S``, default 30 s: the coach may think), shows the message.

It also gets the page the ``_xsrf`` cookie when it has none (a page opened straight from a
link), without which Voilà's own "shut my kernel down, the learner left" beacon is refused and
every page visited keeps an idle kernel until the culler comes.

>>> watch = KernelWatch()
>>> sent = []
>>> watch.send = sent.append
>>> watch._handle_front_msg(watch, {"kind": "ping", "n": 3}, [])
>>> sent
[{'kind': 'pong', 'n': 3}]
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..i18n import _

__all__ = ["ACTIVE_ENV", "KernelWatch", "SILENCE_ENV", "watch_kernel"]

_HERE = Path(__file__).parent
SILENCE_ENV = "TRUCO_LEARN_WATCH_SILENCE_S"
ACTIVE_ENV = "TRUCO_LEARN_WATCH_ACTIVE_S"


def _env_ms(name: str, default_s: float) -> int:
    try:
        return int(float(os.environ.get(name, "")) * 1000)
    except ValueError:
        return int(default_s * 1000)


class KernelWatch(anywidget.AnyWidget):
    """Invisible until the kernel is gone; then a banner with a reload button."""

    _esm = (_HERE / "kernel_watch.js").read_text(encoding="utf-8")
    interval_ms = traitlets.Int(5000).tag(sync=True)
    silence_ms = traitlets.Int().tag(sync=True)
    active_ms = traitlets.Int().tag(sync=True)
    # the banner's words, in the page's language (read when the widget is made)
    gone_text = traitlets.Unicode().tag(sync=True)
    server_text = traitlets.Unicode().tag(sync=True)
    reload_label = traitlets.Unicode().tag(sync=True)

    @traitlets.default("gone_text")
    def _default_gone(self) -> str:
        return _("This page was stopped on the server (it was idle for a while, or the server "
                 "was restarted). Your answers are saved: reload the page and go on where you "
                 "were.")

    @traitlets.default("server_text")
    def _default_server(self) -> str:
        return _("The server does not answer. Your answers are saved: reload the page when it "
                 "is back.")

    @traitlets.default("reload_label")
    def _default_reload(self) -> str:
        return _("Reload the page")

    @traitlets.default("silence_ms")
    def _default_silence(self) -> int:
        return _env_ms(SILENCE_ENV, 30)

    @traitlets.default("active_ms")
    def _default_active(self) -> int:
        return _env_ms(ACTIVE_ENV, 120)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._handle_front_msg)
        self.layout.margin = "0"

    def _handle_front_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "ping":
            self.send({"kind": "pong", "n": content.get("n")})


def watch_kernel() -> KernelWatch:
    """Show a :class:`KernelWatch` on this page (each app notebook calls it first)."""
    from IPython.display import display

    watch = KernelWatch()
    display(watch)  # type: ignore[no-untyped-call]
    return watch
