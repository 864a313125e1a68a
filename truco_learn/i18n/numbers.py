"""Numbers a learner reads, written the way the current language writes them (Babel).

>>> from truco_learn.i18n import language
>>> with language("pt-BR"):
...     signed(0.47), percent(0.891), decimal(1234.5, 1)
('+0,47', '89%', '1.234,5')
>>> signed(-0.5), percent(0.891), decimal(1234.5, 1)
('-0.50', '89%', '1,234.5')
"""

from __future__ import annotations

from babel.numbers import format_decimal, format_percent

from . import current, ngettext

__all__ = ["decimal", "signed", "percent", "integer", "points"]


def _locale() -> str:
    return current()


def decimal(value: float, digits: int = 2) -> str:
    """``value`` with exactly ``digits`` decimals."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return str(format_decimal(value, format=pattern, locale=_locale()))


def signed(value: float, digits: int = 2) -> str:
    """``value`` with its sign always shown (``+0,47``)."""
    body = decimal(abs(value), digits)
    return ("-" if value < 0 and body.strip("0.,") else "+") + body


def percent(fraction: float, digits: int = 0) -> str:
    """``fraction`` (0..1) as a percentage (``89%``)."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "") + "%"
    return str(format_percent(fraction, format=pattern, locale=_locale()))


def integer(value: int) -> str:
    """A whole number with the language's grouping (``1.234`` in pt-BR)."""
    return str(format_decimal(value, format="#,##0", locale=_locale()))


def points(n: int) -> str:
    """``n`` points, in the current language (``1 point``, ``3 pontos``).

    >>> from truco_learn.i18n import language
    >>> points(1), points(3)
    ('1 point', '3 points')
    >>> with language("pt-BR"):
    ...     points(1), points(3)
    ('1 ponto', '3 pontos')
    """
    return ngettext("{n} point", "{n} points", n).format(n=integer(n))
