"""Pages that ask only their own server: a classroom may have no internet, or a firewall that
drops what it blocks.

Voilà's lab template links two Font Awesome stylesheets from a CDN in the page's head, though
its own bundle already carries Font Awesome (the icons of buttons such as "Replay this hand"
draw with that copy). A stylesheet in the head holds the page, whose scripts wait for it, until
its request gives up: offline a failed request at once, behind a dropping firewall many
seconds of blank page. :func:`without_remote_styles` takes those links out of the page as it
streams (:class:`~truco_learn.serving.language.LanguageVoilaHandler` applies it to every chunk;
the template writes the two links as one piece of text).

>>> without_remote_styles('<style>a{}</style>\\n  <link rel="stylesheet" '
...     'href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css" '
...     'type="text/css" />\\n<link rel="stylesheet" href="static/voila.css">')
'<style>a{}</style>\\n  \\n<link rel="stylesheet" href="static/voila.css">'
"""

from __future__ import annotations

import re

__all__ = ["without_remote_styles"]

# a stylesheet link to another host (an absolute http(s) or protocol-relative address)
_REMOTE_STYLE = re.compile(
    r"""<link\b(?=[^>]*\brel\s*=\s*["']?stylesheet)(?=[^>]*\bhref\s*=\s*["']?(?:https?:)?//)"""
    r"""[^>]*>""", re.IGNORECASE)


def without_remote_styles(html: str) -> str:
    """``html`` without its ``<link rel="stylesheet">`` tags to other hosts (the rest as it is).

    >>> without_remote_styles("<link href='//example.org/x.css' rel=stylesheet><p>hi</p>")
    '<p>hi</p>'
    >>> without_remote_styles('<link rel="icon" href="https://example.org/i.png">')
    '<link rel="icon" href="https://example.org/i.png">'
    """
    return _REMOTE_STYLE.sub("", html)
