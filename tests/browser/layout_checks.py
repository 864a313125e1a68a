"""Layout and accessibility checks shared by the small-screen browser tests (plain functions on a
Playwright page; no fixtures here).

- ``sideways_overflow(page)``: every element that sticks out of the viewport on the right, or
  a scroll box that scrolls sideways (empty list: the page never scrolls sideways).
- ``table_clipping(page)``: elements of the table whose content is wider than their box.
- ``outside_viewport(page, selector)``: the visible elements matching ``selector`` that are not
  wholly inside the viewport's width.
- ``small_actions(page)``: enabled actions of the table under 44×44 CSS px;
  ``small_controls(page)``: the same for every control of the page.
- ``truncated_text(page)``: visible buttons and labels whose words are cut (an ellipsis, or
  content wider than the box).
- ``axe_violations(page, impacts)``: axe-core (the copy shipped by the PyPI package
  ``axe-playwright-python``, so no network) run on the page: the violations of these impacts.

And two ways about the pages they check:

- ``open_page(browser, url, ready, viewport)``: a new context's page of ``url``, once ``ready``
  is on it and the late widgets have drawn.
- ``next_step(page, step, words)``: press a lesson's Next (in the page's ``words``) and wait for
  the step after ``step``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

LOAD_MS = 90_000
# a lesson's Next button and the start of its step counter, by page language
STEP_WORDS = {"en": ("Next ▶", "Step {n} of"), "pt-BR": ("Próximo ▶", "Passo {n} de")}

SIZES = [(360, 740), (390, 844), (768, 1024), (1280, 900)]
# 200% zoom of a 1280-px-wide desktop window lays the page out in 640 CSS px.
ZOOM_200 = (640, 450)

SIDEWAYS = """() => {
  const W = document.documentElement.clientWidth, out = [];
  const box = (e) => `${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className)
    .trim().split(/\\s+/).slice(0, 3).join('.')}`;
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
    if (e.closest('.tl-live')) continue;  // visually hidden on purpose
    let p = e.parentElement, inside = false;
    while (p) {  // content clipped by an ancestor that itself fits is not on the page
      const o = getComputedStyle(p).overflowX;
      if (o !== 'visible' && p.getBoundingClientRect().right <= W + 1) { inside = true; break; }
      p = p.parentElement;
    }
    if (!inside && r.right > W + 1) out.push(`${box(e)} ends at ${Math.round(r.right)} > ${W}`);
  }
  for (const e of document.querySelectorAll('*')) {
    const o = getComputedStyle(e).overflowX;
    if ((o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth + 1)
      out.push(`${box(e)} scrolls sideways: ${e.scrollWidth} > ${e.clientWidth}`);
  }
  if (document.documentElement.scrollWidth > W + 1)
    out.push(`the page is ${document.documentElement.scrollWidth} wide > ${W}`);
  return out;
}"""

CLIPPED = """() => {
  const t = document.querySelector('.tl-table[data-variant]');
  const out = [];
  for (const e of [t, ...t.querySelectorAll('*')]) {
    if (e.closest('svg') || e.closest('.tl-events') || e.clientWidth === 0) continue;
    if (e.scrollWidth > e.clientWidth + 1)
      out.push(`${e.tagName.toLowerCase()}.${String(e.className)}: ${e.scrollWidth} > ${e.clientWidth}`);
  }
  return out;
}"""

OUTSIDE = """(sel) => {
  const W = document.documentElement.clientWidth;
  return [...document.querySelectorAll(sel)].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < -0.5 || r.right > W + 0.5);
  }).map((e) => `${sel} #${[...document.querySelectorAll(sel)].indexOf(e)}`);
}"""

SMALL = """() => [...document.querySelectorAll(
    '.tl-table button[data-action]:not([disabled])')].map((e) => {
  const r = e.getBoundingClientRect();
  return [e.dataset.action, Math.round(r.width), Math.round(r.height)];
}).filter(([, w, h]) => w < 44 || h < 44)"""


SMALL_CONTROLS = """() => [...document.querySelectorAll(
    'button:not([disabled]), select:not([disabled]), input:not([disabled]):not([type=checkbox])' +
    ':not([type=hidden]):not([type=file]), textarea:not([disabled]), [role=button]')].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}).map((e) => {
  const r = e.getBoundingClientRect();
  return [e.tagName.toLowerCase(), (e.innerText || e.value || e.getAttribute('aria-label') || '')
    .slice(0, 30), Math.round(r.width), Math.round(r.height)];
}).filter(([, , w, h]) => w < 44 || h < 44)"""

TRUNCATED = """() => [...document.querySelectorAll(
    'button, label, .widget-label, .widget-label-basic')].filter((e) => {
  if (e.clientWidth === 0 || getComputedStyle(e).visibility === 'hidden') return false;
  if (e.closest('.tl-live, svg')) return false;
  return (e.innerText || '').trim() !== '' && e.scrollWidth > e.clientWidth + 1;
}).map((e) => `${e.tagName.toLowerCase()} "${(e.innerText || '').trim().slice(0, 60)}": ` +
  `${e.scrollWidth} > ${e.clientWidth}`)"""


def truncated_text(page: Any) -> list[str]:
    """Every visible button or label whose words do not fit its box (cut, often with "…")."""
    return list(page.evaluate(TRUNCATED))


def small_controls(page: Any) -> list[Any]:
    """Every visible control of the page under 44×44 CSS px (a thumb misses it)."""
    return list(page.evaluate(SMALL_CONTROLS))


def sideways_overflow(page: Any) -> list[str]:
    return list(page.evaluate(SIDEWAYS))


def table_clipping(page: Any) -> list[str]:
    return list(page.evaluate(CLIPPED))


def outside_viewport(page: Any, selector: str) -> list[str]:
    return list(page.evaluate(OUTSIDE, selector))


def small_actions(page: Any) -> list[Any]:
    return list(page.evaluate(SMALL))


def axe_script() -> Path:
    import axe_playwright_python  # the test extra; ships axe-core's axe.min.js (MPL-2.0)

    return Path(axe_playwright_python.__file__).parent / "axe.min.js"


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script()))
    found = page.evaluate("""async () => {
      const r = await axe.run(document, {resultTypes: ['violations']});
      return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}));
    }""")
    return [f"{v['impact']}: {v['id']} ({v['help']}) at {v['nodes']}"
            for v in found if v["impact"] in impacts]


def open_page(browser: Any, url: str, ready: str, viewport: dict[str, int],
              touch: bool = False) -> tuple[Any, Any]:
    """A page of ``url`` in a new context of this ``viewport`` size, once ``ready`` (a
    selector) is on it; the caller closes the context."""
    context = browser.new_context(viewport=viewport, has_touch=touch)
    page = context.new_page()
    page.set_default_timeout(LOAD_MS)
    page.goto(url)
    page.wait_for_selector(ready, timeout=LOAD_MS)
    page.wait_for_timeout(500)  # late widgets (the demos, the quiz) draw
    return context, page


def next_step(page: Any, step: int, language: str = "en", settle_ms: int = 300) -> bool:
    """Press the lesson's Next if there is one to press, and wait for step ``step + 1``
    (False: no Next to press, the lesson's last step)."""
    name, counter = STEP_WORDS[language]
    button = page.get_by_role("button", name=name, exact=True)
    if button.count() == 0 or button.first.is_disabled():
        return False
    button.first.click()
    page.get_by_text(counter.format(n=step + 1), exact=False).first.wait_for(timeout=20_000)
    page.wait_for_timeout(settle_ms)
    return True
