"""The table's stylesheet on a bare page in real Chromium (no Voilà server, so it takes seconds):

- every coloured action button stays readable while the pointer is on it (its label's colour
  against its hover background has a contrast of at least 3:1);
- on a phone, a player's name under a played card breaks only between words ("Treinador", not
  "Treinado / r").
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

# every word of every caption whose letters lie on more than one line
BROKEN_WORDS = """() => {
  const out = [];
  for (const cap of document.querySelectorAll('.tl-play figcaption')) {
    const text = cap.firstChild, re = /\\S+/g;
    let m;
    while ((m = re.exec(text.data))) {
      const r = document.createRange();
      r.setStart(text, m.index);
      r.setEnd(text, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
}"""

CARD = '<svg viewBox="0 0 72 108" width="72" height="108"><rect width="72" height="108"/></svg>'


def table_page(body: str) -> str:
    return (f"<!doctype html><html><head><style>{CSS.read_text(encoding='utf-8')}</style>"
            f"</head><body style='margin:8px'><div class='tl-host'><div class='tl-table'>"
            f"{body}</div></div></body></html>")


def play(name: str) -> str:
    return f'<figure class="tl-play">{CARD}<figcaption>{name}</figcaption></figure>'


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


@pytest.mark.parametrize("width", [320, 360, 390])
@pytest.mark.parametrize("names", [("Você", "Treinador"), ("You", "Coach"),
                                   ("Ana (você)", "Bia")])
def test_a_name_under_a_played_card_breaks_only_between_words(width: int, names: tuple[str, str],
                                                             browser: Any) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    pg = context.new_page()
    try:
        tricks = "".join(
            f'<section class="tl-trick"><header>{n}ª rodada</header>'
            f'<div class="tl-plays">{"".join(play(x) for x in names)}</div></section>'
            for n in (1, 2, 3))
        pg.set_content(table_page(f'<div class="tl-felt"><div class="tl-tricks">{tricks}'
                                  f'</div></div>'))
        assert pg.evaluate(BROKEN_WORDS) == [], f"{names} at {width} px"
    finally:
        context.close()


# every options table of the Why? and review panels that reaches past its box
OVERFLOWING = """() => [...document.querySelectorAll('.tl-move')].flatMap((move) => {
  const box = move.getBoundingClientRect();
  return [...move.querySelectorAll('table, td, th, span')]
    .filter((e) => e.getBoundingClientRect().right > box.right + 0.5)
    .map((e) => e.tagName + ': ' + e.textContent.slice(0, 40));
})"""


@pytest.mark.parametrize("width", [1280, 1024, 800])
def test_the_why_table_stays_inside_its_panel_beside_the_review(width: int,
                                                                 browser: Any) -> None:
    """The play page's Why? and review panels sit side by side on a wide screen (each
    ``flex: 1 1 300px`` in a row at most 1000 px wide); the coach's table of options, its
    bars and its words stay inside the Why? box (a reviewer saw them drawn over the review)."""
    from truco_learn.i18n import language
    from truco_learn.play.session import BotMove
    from truco_learn.widgets.panels import explanation_html, review_html

    with language("pt-BR"):
        move = BotMove(1, 1, "Treinador", "fold", "Treinador corre do pedido.", {
            "summary": "Correr dá 1 a eles; aceitar faz a mão valer 3.", "samples": 600,
            "options": [{"action": "fold", "ev": -1.0, "win": 0.0},
                        {"action": "accept", "ev": -1.76, "win": 0.22},
                        {"action": "raise", "ev": -3.83, "win": 0.22},
                        {"action": "play:QC", "ev": 0.74, "win": 1.0}]})
        why = explanation_html([move])
        review = review_html(None, "Você ganhou a mão: +1 ponto.")
    page_html = (f"<!doctype html><html><head><style>{CSS.read_text(encoding='utf-8')}</style>"
                 "</head><body style='margin:8px'>"
                 "<div class='tl-panels' style='display:flex;flex-flow:row wrap'>"
                 f"<div class='widget-html' style='flex:1 1 300px'><div class='widget-html-content'>"
                 f"{why}</div></div>"
                 f"<div class='widget-html' style='flex:1 1 300px'><div class='widget-html-content'>"
                 f"{review}</div></div></div></body></html>")
    context = browser.new_context(viewport={"width": width, "height": 800})
    pg = context.new_page()
    try:
        pg.set_content(page_html)
        assert pg.evaluate(OVERFLOWING) == [], f"at {width} px"
    finally:
        context.close()
