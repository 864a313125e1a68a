"""Page-wide styles for the pages a learner opens: on a phone (a coarse pointer or a narrow
window) every button, toggle and input is at least 44 px tall, so a thumb can hit it; a button
with the class ``tl-wrap`` wraps its label rather than cut it; the tables page's invite link
fits its column (its field and copy button 44 px tall on a phone too).

Lessons and the assignment page put ``page_style()`` first on the page; the play page gets the
same rules from the table's stylesheet.

>>> "44px" in TOUCH_CSS and WRAP_CSS in TOUCH_CSS and page_style().value == TOUCH_CSS
True
"""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

__all__ = ["INVITE_CSS", "TOUCH_CSS", "WRAP_CSS", "page_style"]

# A button with the class ``tl-wrap`` (a quiz's answers, the index's name buttons) shows its whole
# label on as many lines as it needs, never cut with "…"; ipywidgets' buttons keep one line.
WRAP_CSS = (
    " .jupyter-widgets.jupyter-button.tl-wrap { white-space: normal; height: auto;"
    " min-height: var(--jp-widgets-inline-height, 28px); max-width: 100%; text-overflow: clip;"
    " overflow-wrap: break-word; line-height: 1.3; padding-top: 4px; padding-bottom: 4px; }")

# The tables page's invite link (``tables_keeper.InviteBox``): the field shrinks to the column and
# goes under its label on a phone, so it never runs past the right edge.
INVITE_CSS = (
    " .tl-invite { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px;"
    " max-width: 100%; min-width: 0; box-sizing: border-box; }"
    " .tl-invite label { display: flex; flex-wrap: wrap; align-items: center; gap: 4px;"
    " flex: 1 1 20em; min-width: 0; max-width: 100%; }"
    " .tl-invite .tl-invite-link { flex: 1 1 14em; width: 100%; min-width: 0; max-width: 100%;"
    " box-sizing: border-box; }")

TOUCH_CSS = (
    "<style>" + WRAP_CSS + INVITE_CSS + " @media (pointer: coarse), (max-width: 640px) {"
    " .jupyter-widgets.jupyter-button, .widget-toggle-button { min-height: 44px; min-width: 44px; }"
    # a wrapping button's own min-height (WRAP_CSS) is more specific: 44 px on a phone too
    " .jupyter-widgets.jupyter-button.tl-wrap { min-height: 44px; }"
    " .widget-dropdown > select, .widget-text input, .widget-textarea textarea,"
    " .widget-inline-hbox input[type=number] { min-height: 44px; }"
    " .widget-checkbox input[type=checkbox] { width: 24px; height: 24px; }"
    " .widget-checkbox { min-height: 44px; }"
    # the tables page's invite link and its copy button are plain elements, not widgets
    " .tl-invite .tl-invite-link, .tl-invite .tl-copy { min-height: 44px; }"
    "}</style>")


def page_style() -> widgets.HTML:
    """An invisible widget that carries :data:`TOUCH_CSS`."""
    return widgets.HTML(TOUCH_CSS, layout=widgets.Layout(margin="0", height="0",
                                                         overflow="hidden"))
