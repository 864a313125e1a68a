"""The fixtures themselves: Voilà answers and Chromium renders its pages."""

import urllib.request

import pytest


@pytest.mark.browser
def test_voila_serves_the_lessons_tree(voila_url: str, page) -> None:
    with urllib.request.urlopen(voila_url + "/voila/tree") as r:
        assert r.status == 200
    page.goto(voila_url + "/voila/tree")
    assert "Voil" in page.title()
