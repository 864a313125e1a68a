"""The table: one anywidget that draws the seats, the vira, the tricks, the stake, the score, the
learner's hand and the action bar, and forwards the learner's clicks.

Its JavaScript and CSS ship inside the package (``table.js``, ``table.css``): no CDN, so the page
works offline. Tests click from Python:

>>> t = TableWidget()
>>> seen = []
>>> t.on_action(seen.append)
>>> t.click("play:QC")
>>> seen
['play:QC']
>>> t._handle_front_msg(t, {"kind": "action", "action": "raise"}, [])
>>> seen
['play:QC', 'raise']

Every change of ``view`` sets ``announce``, the sentence the table's polite live region reads:

>>> from truco_learn.engine import new_hand
>>> from truco_learn.play.view import table_view
>>> from truco_learn.widgets.table_render import table_json
>>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> t.view = table_json(table_view(h, 0, ("You", "Coach")))
>>> t.announce.startswith("Hand 1. Vira: 7 of diamonds.")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import anywidget
import traitlets

from .table_render import announcement, table_words

__all__ = ["TableWidget"]

_HERE = Path(__file__).parent


class TableWidget(anywidget.AnyWidget):
    """Draws the ``view`` trait (see :func:`~truco_learn.widgets.table_render.table_json`).

    ``thinking`` is the thinking-indicator text (empty when nobody is thinking); ``message``
    a friendly message shown above the learner's hand (errors, hints).
    """

    _esm = (_HERE / "table.js").read_text(encoding="utf-8")
    _css = (_HERE / "table.css").read_text(encoding="utf-8")
    view = traitlets.Dict().tag(sync=True)
    thinking = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: what a screen reader hears about the last change of ``view`` (a polite live region)
    announce = traitlets.Unicode("").tag(sync=True)
    #: the table's own words (labels around the view), in the page's language
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not self.words:
            self.words = table_words()
        self._handlers: list[Callable[[str], None]] = []
        self.on_msg(self._handle_front_msg)

    @traitlets.observe("view")
    def _announce_change(self, change: Any) -> None:
        text = announcement(change["old"] or None, change["new"])
        if text:
            self.announce = text

    def on_action(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(action)`` on every click on a card or an action button."""
        self._handlers.append(handler)

    def click(self, action: str) -> None:
        """What a click in the browser does: forward ``action`` to the handlers."""
        for handler in list(self._handlers):
            handler(action)

    def _handle_front_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "action":
            action = content.get("action")
            if isinstance(action, str):
                self.click(action)

    def enabled_actions(self) -> list[str]:
        """The actions the drawn table lets the learner click now (for tests and tools)."""
        v = self.view
        if not v or self.thinking:
            return []
        acts = [c["action"] for c in v.get("hand", []) if c["enabled"]]
        acts += [c["cover_action"] for c in v.get("hand", []) if c["cover_enabled"]]
        acts += [b["action"] for b in v.get("bar", []) if b["enabled"]]
        if v.get("next"):
            acts.append(v["next"]["action"])
        return acts

    def disabled_reasons(self) -> dict[str, str]:
        """Every greyed-out action of the bar with its tooltip."""
        return {b["action"]: b["reason"] for b in self.view.get("bar", []) if not b["enabled"]}
