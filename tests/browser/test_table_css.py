"""The table's stylesheet on a bare page in real Chromium (no Voilà server, so it takes seconds):

- every coloured action button stays readable while the pointer is on it (its label's colour
  against its hover background has a contrast of at least 3:1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser]
CSS = Path(__file__).resolve().parents[2] / "truco_learn" / "widgets" / "table.css"

# the classes table.js gives its action buttons: plain, raise, accept, a toggle that is on, next
BUTTONS = ["tl-act tl-act-run", "tl-act tl-act-raise", "tl-act tl-act-accept",
           "tl-act tl-act-cover tl-on", "tl-act tl-next"]

CONTRAST = """(e) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const s = getComputedStyle(e), a = lum(s.color), b = lum(s.backgroundColor);
  return [s.color, s.backgroundColor, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
}"""

def table_page(body: str) -> str:
    return (f"<!doctype html><html><head><style>{CSS.read_text(encoding='utf-8')}</style>"
            f"</head><body style='margin:8px'><div class='tl-host'><div class='tl-table'>"
            f"{body}</div></div></body></html>")


@pytest.mark.parametrize("cls", BUTTONS)
def test_an_action_button_stays_readable_under_the_pointer(cls: str, page: Any) -> None:
    page.set_content(table_page(
        f'<div class="tl-bar"><button type="button" class="tl-btn {cls}">Truco!</button></div>'))
    button = page.locator("button")
    color, background, ratio = button.evaluate(CONTRAST)
    assert ratio >= 3, f"{cls} at rest: {color} on {background}"
    button.hover()
    page.wait_for_timeout(50)
    color, background, ratio = button.evaluate(CONTRAST)
    assert ratio >= 3, f"{cls} hovered: {color} on {background} ({ratio:.2f}:1)"
