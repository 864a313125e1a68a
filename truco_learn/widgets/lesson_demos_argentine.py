"""Lesson 8's demos: the Argentine deck in order, the envido walker and the envido ladder.

Thin views over :mod:`truco_learn.course.argentine`: every number they show (the order, the
points of a hand, what an exchange pays) comes from there, and there from the engine.

>>> walk = EnvidoWalkView(seed=3)
>>> walk.next_step(); walk.next_step(); walk.next_step(); walk.count_step
3
>>> str(walk.count.total) in walk.board.value
True
>>> ladder = EnvidoLadderView()
>>> ladder.choose(("envido", "real_envido")); ladder.paid
Exchange(accepted=5, declined=2, declined_to=1)
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, Sequence

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..course.argentine import (ARGENTINO, Exchange, call_sequences, call_words, deal_three,
                                envido_count, exchange, ordinary_order, top_cards)
from ..course.scripted import seat_name
from ..engine.cards import card_name
from ..engine.options import PRESETS
from ..errors import TrucoError
from ..i18n import _, numbers
from .lesson_demos import DeckChoiceView
from .svg import card_svg

__all__ = ["EnvidoLadderView", "EnvidoWalkView", "TopCardsView"]

_ROW = 'style="display:flex;gap:4px;flex-wrap:wrap;align-items:flex-end"'
_DECK = PRESETS[ARGENTINO].deck


def _name(card: int, deck: str = _DECK) -> str:
    return card_name(card, deck=deck, manilhas="argentine")


def _svg(card: int, width: int = 44, deck: str = _DECK) -> str:
    name = _name(card, deck)
    nick = name.split(", ")[1] if ", " in name else None
    return card_svg(card, deck=deck, manilha=nick, width=width)


class TopCardsView(DeckChoiceView):
    """The 40 cards in the engine's Argentine order, strongest first: the four top cards, then
    every rank."""

    DECKS = ("spanish", "french")

    def _render(self) -> None:
        deck = str(self.deck_choice.value)
        tops = "".join(
            f"<div style='text-align:center;width:64px'>{_svg(c, 48, deck)}<br><small>"
            f"{escape(_name(c, deck).split(', ')[1])}</small></div>" for c in top_cards())
        cols = "".join(
            f"<div style='text-align:center'><div style='width:40px'>"
            f"{''.join(card_svg(c, deck=deck, width=34) for c in cards)}</div>"
            f"<small>{escape(rank)}</small></div>" for rank, cards in ordinary_order())
        lead = _("Strongest on the left. First the four top cards, then the rest, rank by rank:")
        self.cards.value = (f"<p>{escape(lead)}</p><div {_ROW}>{tops}</div>"
                            f"<div {_ROW}>{cols}</div>")


class EnvidoWalkView(widgets.VBox):  # type: ignore[misc]
    """Deal a hand (from a seeded ``random.Random``) and count its envido one step at a time:
    the cards, each card's number, the suits, the total."""

    STEPS = 3  # after the cards: the numbers, the suits, the total

    def __init__(self, seed: int = 0, *, rng: random.Random | None = None,
                 **kwargs: Any) -> None:
        self.rng = rng if rng is not None else random.Random(seed)
        self.deal_button = widgets.Button(description=_("Deal a new hand"),
                                          button_style="primary")
        self.back_button = widgets.Button(description=_("◀ Back a step"))
        self.next_button = widgets.Button(description=_("Next step ▶"), button_style="info")
        self.deal_button.on_click(lambda _: self.deal())
        self.back_button.on_click(lambda _: self.prev_step())
        self.next_button.on_click(lambda _: self.next_step())
        self.board = widgets.HTML()
        super().__init__([widgets.HBox([self.deal_button, self.back_button, self.next_button],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          self.board], **kwargs)
        self.deal()

    def deal(self, cards: Sequence[object] | None = None) -> None:
        """Deal three new cards (or show ``cards``, in notation) and start counting them."""
        self.count = envido_count(deal_three(self.rng) if cards is None else cards)
        self.count_step = 0
        self._render()

    def next_step(self) -> None:
        if self.count_step < self.STEPS:
            self.count_step += 1
            self._render()

    def prev_step(self) -> None:
        if self.count_step > 0:
            self.count_step -= 1
            self._render()

    def lines(self) -> list[str]:
        """The sentences shown so far, in order (each step adds one)."""
        c = self.count
        out = [_("Count the envido of these three cards.")]
        if self.count_step >= 1:
            values = ", ".join(_("{card}: {value}").format(card=_name(card).split(", ")[0],
                                                          value=value)
                               for card, value in zip(c.cards, c.face_values))
            out.append(_("Each card's number (face cards count 0): {values}.").format(
                values=values))
        if self.count_step >= 2:
            if c.flor:
                out.append(_("All three cards are of one suit: the two highest numbers "
                             "count."))
            elif c.suit is not None:
                out.append(_("{first} and {second} are of the same suit: they count.").format(
                    first=_name(c.counted[0]).split(", ")[0],
                    second=_name(c.counted[1]).split(", ")[0]))
            else:
                out.append(_("No two cards are of the same suit: only the highest number "
                             "counts."))
        if self.count_step >= 3:
            if c.bonus:
                out.append(_("Envido: 20 + {first} + {second} = {total}.").format(
                    first=c.values[0], second=c.values[1], total=c.total))
            else:
                out.append(_("Envido: {total}.").format(total=c.total))
            if c.flor:
                out.append(_("At a gaúcho table these three cards are a flor: 20 + {a} + {b} + "
                             "{c} = {total} flor points.").format(
                                 a=c.face_values[0], b=c.face_values[1], c=c.face_values[2],
                                 total=c.flor_total))
        return out

    def _render(self) -> None:
        c = self.count
        cards = "".join(
            f"<div style='text-align:center'>{_svg(card)}<br><small>"
            f"{value if self.count_step >= 1 else '&nbsp;'}</small></div>"
            for card, value in zip(c.cards, c.face_values))
        story = "".join(f"<li>{escape(line)}</li>" for line in self.lines())
        self.board.value = (f"<div {_ROW} aria-hidden='true'>{cards}</div>"
                            f"<ol aria-live='polite'>{story}</ol>")
        self.back_button.disabled = self.count_step == 0
        self.next_button.disabled = self.count_step == self.STEPS


class EnvidoLadderView(widgets.VBox):  # type: ignore[misc]
    """Choose a sequence of envido calls and the score: see what quiero and no quiero pay, as
    the engine settles them."""

    def __init__(self, **kwargs: Any) -> None:
        target = PRESETS[ARGENTINO].target
        self.sequences = call_sequences()
        self.calls = widgets.Dropdown(options=[(call_words(s), s) for s in self.sequences],
                                      description=_("Calls:"),
                                      style={"description_width": "initial"})
        style = {"description_width": "initial"}
        self.ana = widgets.BoundedIntText(value=0, min=0, max=target - 1, style=style,
                                          description=_("{name}'s score:").format(
                                              name=seat_name(0)),
                                          layout=widgets.Layout(width="auto"))
        self.bruno = widgets.BoundedIntText(value=0, min=0, max=target - 1, style=style,
                                            description=_("{name}'s score:").format(
                                                name=seat_name(1)),
                                            layout=widgets.Layout(width="auto"))
        self.result = widgets.HTML()
        for w in (self.calls, self.ana, self.bruno):
            w.observe(lambda _: self._render(), names="value")
        super().__init__([self.calls, widgets.HBox([self.ana, self.bruno],
                                                   layout=widgets.Layout(flex_flow="row wrap")),
                          self.result], **kwargs)
        self.paid: Exchange = exchange(self.sequences[0])
        self._render()

    def choose(self, calls: Sequence[str], score: tuple[int, int] | None = None) -> None:
        """Show the exchange ``calls`` (at ``score``, if given); an exchange the table does not
        allow raises TrucoError and changes nothing."""
        seq = tuple(calls)
        if seq not in self.sequences:
            raise TrucoError(f"no envido exchange {seq!r} at this table (choices: "
                             f"{', '.join(call_words(s) for s in self.sequences)})")
        if score is not None:
            self.ana.value, self.bruno.value = score
        self.calls.value = seq
        self._render()

    def _render(self) -> None:
        seq = tuple(self.calls.value)
        self.paid = exchange(seq, (int(self.ana.value), int(self.bruno.value)))
        callers = " → ".join(_("{name}: {call}").format(name=seat_name(i % 2),
                                                        call=c.replace("_", " "))
                             for i, c in enumerate(seq))
        quiero = _("Quiero: the team with more envido points scores {points}.").format(
            points=numbers.points(self.paid.accepted))
        no = _("No quiero: {name}, who made the last call, scores {points}.").format(
            name=seat_name(self.paid.declined_to), points=numbers.points(self.paid.declined))
        self.result.value = (f"<p>{escape(callers)}</p><ul aria-live='polite'>"
                             f"<li>{escape(quiero)}</li><li>{escape(no)}</li></ul>")
