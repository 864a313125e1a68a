"""Lesson 4's expected-points calculator: answer a raise, make one, or play a hand of eleven.

A thin view over :mod:`truco_learn.course.stakes`: every number it shows comes from there, and
the ladders and the eleven's rules from the engine's presets.

>>> calc = StakeCalculatorView()
>>> calc.win.value = 80
>>> "accept" in calc.result.value
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..course.scripted import eleven_text
from ..course.stakes import answer_values, call_values, eleven_values
from ..engine.options import PRESETS, Options
from ..i18n import _, pgettext

__all__ = ["StakeCalculatorView"]

_CALC_PRESETS: tuple[Options, ...] = (PRESETS["paulista-2p"], PRESETS["mineiro-2p"])


def _ladder_name(o: Options) -> str:
    """``'Paulista 1-3-6-9-12'`` for a preset's ladder."""
    return f"{o.variant.split('-')[0].capitalize()} {'-'.join(map(str, o.ladder))}"


def _verdict(best: str) -> str:
    """A verdict of :mod:`truco_learn.course.stakes` (``accept``, ``fold``, ``call``,
    ``no call``, ``play``, ``run``, or ``either`` when both options are worth the same) as
    the calculator shows it."""
    if best == "either":  # no option is named best at break-even
        return pgettext("calculator verdict", "either way")
    if best == "accept":
        return pgettext("calculator verdict", "accept")
    if best == "call":
        return pgettext("calculator verdict", "call")
    if best == "no call":
        return pgettext("calculator verdict", "no call")
    if best == "play":
        return pgettext("calculator verdict", "play")
    return pgettext("calculator verdict", "run")


def _best(best: str) -> str:
    """``Best: <b>accept</b>``, the verdict translated."""
    # Translators: {choice} is one of accept, run, call, no call, play, either way (in bold)
    return pgettext("calculator", "Best: {choice}").format(
        choice=f"<b>{escape(_verdict(best))}</b>")


def _fitting() -> widgets.Layout:
    """A control's layout: as wide as its label and box need, never wider than the page."""
    return widgets.Layout(width="auto", max_width="100%")


class StakeCalculatorView(widgets.VBox):  # type: ignore[misc]
    """Lesson 4's expected-points calculator: answer a raise, or make one."""

    # the rules come from the engine's presets: the ladder, and the eleven's value and fold
    LADDERS = {_ladder_name(o): o.ladder for o in _CALC_PRESETS}
    TABLES = {_ladder_name(o): o for o in _CALC_PRESETS}

    def __init__(self, **kwargs: Any) -> None:
        # every label as wide as its words ("Valor da mão agora:" was cut to "Valor da …")
        style = {"description_width": "initial"}
        self.ladder = widgets.Dropdown(options=list(self.LADDERS), description=_("Ladder:"),
                                       style=style, layout=_fitting())
        self.stake = widgets.Dropdown(description=_("Stake now:"), style=style, layout=_fitting())
        # number boxes, not sliders: a slider's handle has no name a screen reader can say
        self.win = widgets.BoundedIntText(value=50, min=0, max=100, step=5, style=style,
                                          layout=_fitting(),
                                          description=_("Chance you win the hand (%):"))
        self.fold = widgets.BoundedIntText(value=30, min=0, max=100, step=5, style=style,
                                           layout=_fitting(),
                                           description=_("Chance they run from your call (%):"))
        self.their = widgets.BoundedIntText(value=4, min=0, max=10, style=style,
                                            layout=_fitting(),
                                            description=_("Their score, when you are at "
                                                          "eleven:"))
        self.result = widgets.HTML()
        self.ladder.observe(lambda _: self._stakes(), names="value")
        for w in (self.stake, self.win, self.fold, self.their):
            w.observe(lambda _: self._render(), names="value")
        super().__init__([self.ladder, self.stake, self.win, self.fold, self.their, self.result],
                         **kwargs)
        self._stakes()

    def _stakes(self) -> None:
        values = self.LADDERS[str(self.ladder.value)]
        o = self.TABLES[str(self.ladder.value)]
        self.their.max = o.eleven_at - 1
        self.their.description = _("Their score, when you are at {at}:").format(at=o.eleven_at)
        self.stake.options = [(str(v), v) for v in values[:-1]]
        self.stake.value = values[0]
        self._render()

    def _render(self) -> None:
        ladder = self.LADDERS[str(self.ladder.value)]
        if self.stake.value is None or self.stake.value not in ladder:
            return  # mid-switch between ladders: the stake list is not refreshed yet
        stake = int(self.stake.value)
        a = answer_values(ladder, stake, self.win.value / 100)
        c = call_values(ladder, stake, self.win.value / 100, self.fold.value / 100)
        o = self.TABLES[str(self.ladder.value)]
        e = eleven_values(self.win.value / 100, o.eleven_value, o.eleven_fold, at=o.eleven_at,
                          their=min(int(self.their.value), o.eleven_at - 1), target=o.target)
        eleven = escape(eleven_text(o.eleven_at)).capitalize()
        they = _("They raise to {value}. Accept or run?").format(value=a.proposed)
        you = _("You raise to {value}?").format(value=c.proposed)
        at_eleven = _("{eleven}: play or run?").format(eleven=eleven)
        self.result.value = (
            f"<p><b>{they}</b> {_best(a.best)}<br>{escape(a.explain())}</p>"
            f"<p><b>{you}</b> {_best(c.best)}<br>{escape(c.explain())}</p>"
            f"<p><b>{at_eleven}</b> {_best(e.best)}<br>{escape(e.explain())}</p>")
