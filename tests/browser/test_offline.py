"""A classroom without internet, or behind a firewall that drops what it blocks: every page asks
only its own server for what it needs. A stylesheet from another host in the page's head holds
the whole page (its scripts wait for it) until that request gives up, which on a dropping
firewall takes many seconds; Voilà's lab template asks a CDN for Font Awesome, which its own
bundle already carries. In real Chromium, on a real Voilà server."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LOAD_MS = 90_000

# (page, a selector that is on it once it has drawn, the Font Awesome icon it shows)
PAGES = [
    ("play.ipynb", ".tl-table[data-variant] button[data-action]:not([disabled])", None),
    # (a learner an earlier test made is remembered on the shared server: the index then
    # hides its name row and button, so the page is ready once its links are drawn)
    ("index.ipynb?lang=pt-BR", "a[href$='play.ipynb']", None),
    ("teacher.ipynb", ".tl-teacher", "fa-eye"),  # "Watch the class live"
]


@pytest.mark.parametrize("name,ready,icon", PAGES, ids=[p[0] for p in PAGES])
def test_a_page_asks_no_other_host_and_still_draws_its_icons(name: str, ready: str,
                                                             icon: str | None, voila_url: str,
                                                             browser: Any) -> None:
    own = urlsplit(voila_url).netloc
    elsewhere: list[str] = []
    context = browser.new_context()
    # any other host hangs, as behind a firewall that drops: a page that waits for one
    # never draws within the time the test gives it
    context.route(lambda url: urlsplit(url).netloc not in ("", own),
                  lambda route: elsewhere.append(route.request.url))
    page = context.new_page()
    try:
        page.goto(f"{voila_url}/voila/render/{name}", timeout=LOAD_MS)
        page.wait_for_selector(ready, timeout=LOAD_MS)
        assert elsewhere == []
        if icon is not None:  # Voilà's bundle draws the icon with its own copy of the font
            family = page.evaluate(
                "(icon) => getComputedStyle(document.querySelector('.' + icon), '::before')"
                ".fontFamily", icon)
            assert "Font Awesome" in family, family
            faces = page.evaluate("(family) => document.fonts.load(`900 16px ${family}`)"
                                  ".then((fs) => fs.map((f) => f.status))", family)
            assert faces and set(faces) == {"loaded"}, faces
    finally:
        context.close()
