"""The tables page's form for a new table (:mod:`.tables_app` shows it in its lobby): your name,
the variant, the match's length, the bots' level, who sits at each seat, and a four-player
table's customs; :meth:`TableForm.body` is the request that creates the table.

>>> form = TableForm()
>>> [d.value for d in form.seat_kinds], form.signals.disabled
(['human', 'bot:coach'], True)
>>> form.variant.value, form.target.value = "paulista-4p", 6
>>> form.seat_kinds[2].value = "bot:random"
>>> form.body()["seats"], form.body()["options"], form.signals.disabled
(['human', 'bot:coach', 'bot:random', 'bot:coach'], {'target': 6}, False)

The match lengths follow the variant's preset (an Argentine game is to 30):

>>> form.variant.value = "argentino-2p"
>>> [v for _, v in form.target.options], form.target.value, form.body()["options"]
([30, 15], 30, {})
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine.options import VARIANTS, make_options
from ..errors import TrucoError
from ..i18n import N_, _
from ..i18n.numbers import points
from .play_app import variant_label

__all__ = ["PLACES", "SEAT_CHOICES", "TableForm", "match_targets"]

SEAT_CHOICES = [(N_("Person"), "human"), (N_("Coach bot"), "bot:coach"),
                (N_("Heuristic bot"), "bot:heuristic"), (N_("Bluffer bot"), "bot:bluffer"),
                (N_("Random bot"), "bot:random")]
PLACES = {2: (N_("You"), N_("Opponent")),
          4: (N_("You"), N_("Right opponent"), N_("Partner"), N_("Left opponent"))}


def _target_options(variant: str, target: int) -> dict[str, Any]:
    """Options for a match to ``target`` (none for the preset's own target; the hand of eleven
    moves below the target if the engine asks for it)."""
    if target == make_options(variant).target:
        return {}
    try:
        make_options(variant, {"target": target})
        return {"target": target}
    except TrucoError:
        return {"target": target, "eleven_at": target - 1}


def match_targets(variant: str) -> list[int]:
    """The match lengths offered for ``variant``: its preset's target, then the half and the
    quarter of it that are whole numbers, each one a match the engine accepts.

    >>> match_targets("paulista-2p"), match_targets("argentino-4p"), match_targets("gauderio-2p")
    ([12, 6, 3], [30, 15], [24, 12, 6])
    """
    full = make_options(variant).target
    offered = []
    for part in (1, 2, 4):
        target = full // part
        if full % part or target < 1 or target in offered:
            continue
        try:  # the engine decides what a match to ``target`` is
            if make_options(variant, _target_options(variant, target)).target == target:
                offered.append(target)
        except TrucoError:
            continue
    return offered


class TableForm:
    """The form's widgets (the first seat is always the person filling it in); the seats
    follow the variant's number of players, and votes and signals need four."""

    def __init__(self) -> None:
        self.name = W.Text(description=_("Your name"), placeholder="Ana",
                           style={"description_width": "initial"})
        self.variant = W.Dropdown(options=[(variant_label(v), v) for v in VARIANTS],
                                  value="paulista-2p", description=_("Variant"))
        # its choices follow the variant (see _target_choices)
        self.target = W.Dropdown(description=_("Match to"))
        self.level = W.Dropdown(options=[(_("Easy"), "easy"), (_("Normal"), "normal"),
                                         (_("Strong"), "strong")], value="easy",
                                description=_("Bots' level"))
        self.votes = W.Checkbox(description=_("Partners vote on answers"), indent=False)
        self.signals = W.Checkbox(description=_("Secret signals to the partner"), indent=False)
        self.seat_kinds: list[W.Dropdown] = []
        self.seat_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.create_button = W.Button(description=_("Create table"), button_style="success")
        for w in (self.variant, self.target, self.level):
            w.style.description_width = "initial"
        self.variant.observe(lambda _c: self._seat_choices(), "value")
        self.variant.observe(lambda _c: self._target_choices(), "value")
        self._seat_choices()
        self._target_choices()

    def rows(self) -> list[Any]:
        """The form's rows, top to bottom, under its heading (rows that wrap on a phone)."""
        heading = escape(_("Open a table"))
        return [W.HTML(f"<h3>{heading}</h3>"), self.name,
                W.HBox([self.variant, self.target, self.level],
                       layout=W.Layout(flex_flow="row wrap")),
                self.seat_box,
                W.HBox([self.votes, self.signals], layout=W.Layout(flex_flow="row wrap")),
                self.create_button]

    def _seat_choices(self) -> None:
        n = make_options(self.variant.value).seats
        old = [d.value for d in self.seat_kinds]
        self.seat_kinds = []
        for k, place in enumerate(PLACES[n]):
            choices = [(_(label), kind) for label, kind in SEAT_CHOICES[:1 if k == 0 else None]]
            value = "human" if k == 0 else (old[k] if k < len(old) else "bot:coach")
            d = W.Dropdown(options=choices, value=value, description=_(place),
                           style={"description_width": "initial"}, disabled=k == 0)
            self.seat_kinds.append(d)
        self.seat_box.children = tuple(self.seat_kinds)
        self.votes.disabled = self.signals.disabled = n != 4
        if n != 4:
            self.votes.value = self.signals.value = False

    def _target_choices(self) -> None:
        """The variant's match lengths, its preset's own one selected."""
        targets = match_targets(self.variant.value)
        self.target.options = [(points(t), t) for t in targets]
        self.target.value = targets[0]

    def body(self) -> dict[str, Any]:
        """The ``POST /truco/api/tables`` body for the choices on the form."""
        return {"variant": self.variant.value,
                "options": _target_options(self.variant.value, int(self.target.value)),
                "seats": [d.value for d in self.seat_kinds], "votes": bool(self.votes.value),
                "signals": bool(self.signals.value), "level": self.level.value}
