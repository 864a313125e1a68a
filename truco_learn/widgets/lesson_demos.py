"""The small interactive demos inside the lessons: thin views over :mod:`truco_learn.course`
(lesson 4's calculator is in :mod:`.lesson_demos_stakes`, lesson 8's demos in
:mod:`.lesson_demos_argentine`).

Each demo is an ``ipywidgets.VBox`` with a handful of widgets; its intents are plain methods
(and button clicks) that tests call without a browser.

>>> w = HandWalkView(line_group("tie"))
>>> w.next_move(); w.frame
1
>>> w.choose("all_tied"); w.frame, w.line.key
(0, 'all_tied')
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, Sequence

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..course.cards_demo import (MANILHA_MEANINGS, SUIT_WORDS, all_viras, mineiro_manilhas,
                                 ordinary_ranking, vira_facts)
from ..course.deals import line_group
from ..course.iron import LEARNER, iron_choices, iron_play, iron_start, iron_story, iron_summary
from ..course.scripted import (ScriptedHand, hand_frames, lead_sentence, narrate, seat_name,
                               team_name)
from ..engine.cards import DECK, RANKS, manilhas_for
from ..engine.state import HandState
from ..errors import TrucoError
from ..i18n import N_, _, numbers, pgettext
from .lesson_demos_stakes import StakeCalculatorView
from .svg import card_svg, manilha_name

__all__ = ["DeckChoiceView", "DeckView", "HandWalkView", "IronHandView", "StakeCalculatorView", "ViraPicker",
           "hand_html"]

_ROW = 'style="display:flex;gap:4px;flex-wrap:wrap;align-items:flex-end"'
#: a rank's cards together, "the manilhas are the queens" (the same English as the quiz's)
_RANK_PLURALS = (N_("fours"), N_("fives"), N_("sixes"), N_("sevens"), N_("queens"), N_("jacks"),
                 N_("kings"), N_("aces"), N_("twos"), N_("threes"))
_PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def _card(card: int | None, state_or_none: HandState | None = None, *, deck: str = "french",
          width: int = 44, face_down: bool = False, label: str | None = None,
          manilha: str | None = None) -> str:
    if state_or_none is not None and card is not None:
        d = state_or_none.deal
        deck = d.opts.deck
        manilha = manilha_name(card, d.opts.manilhas, d.vira)
    return card_svg(card, deck=deck, manilha=manilha, face_down=face_down, width=width,
                    label=label)


def hand_html(state: HandState, sentence: str = "") -> str:
    """The table at one moment of a hand, every hand shown face up (a teaching view)."""
    d = state.deal
    n = d.opts.seats
    stake, score, vira = _("Stake:"), _("Score:"), _("Vira:")
    now = state.score  # the engine's: the deal's score plus what this hand scored so far
    head = [f"<b>{stake}</b> {numbers.points(state.stake)}",
            f"<b>{score}</b> <span class='tl-walk-score'>{now[0]}–{now[1]}</span>"]
    if d.vira is not None:
        head.insert(0, f"<b>{vira}</b> {_card(d.vira, deck=d.opts.deck, width=36)}")
    rows = []
    for seat in range(n):
        cards = ("".join(_card(c, state) for c in state.left[seat])
                 or "<i>{}</i>".format(_("no cards left")))
        mark = (" " + pgettext("seat", "(dealer)") if seat == d.dealer
                else " " + pgettext("seat", "(mão)") if seat == d.mao else "")
        team = ("<br><small>{}</small>".format(
            escape(_("team {names}").format(names=team_name(seat % 2, n)))) if n == 4 else "")
        rows.append(f"<tr><td><b>{seat_name(seat)}</b>{mark}{team}</td>"
                    f"<td><div {_ROW}>{cards}</div></td></tr>")
    plays, caption = state.cur, _("On the table")
    if not plays and state.tricks and state.log and state.log[-1][1] < 90:
        plays = state.tricks[-1].plays
        caption = _("Trick {number} (finished)").format(number=len(state.tricks))
    covered = _("covered card")
    table = "".join(
        f"<div style='text-align:center'>"
        f"{_card(c, state, face_down=not up, label=None if up else covered)}"
        f"<br><small>{seat_name(s)}</small></div>" for s, c, up in plays
    ) or "<i>{}</i>".format(_("empty"))
    results = " · ".join(
        (_("trick {number}: tied").format(number=i + 1) if t.result < 0 else
         _("trick {number}: {team}").format(number=i + 1, team=team_name(t.result, n)))
        for i, t in enumerate(state.tricks)) or _("no trick finished yet")
    say = escape(sentence) + (" " if sentence else "") + escape(lead_sentence(state))
    return (f"<div style='background:#f3f6fb;border-left:4px solid #1f5fbf;padding:6px 10px;"
            f"margin:4px 0' aria-live='polite'>{say}</div>"
            f"<div {_ROW}>{' &nbsp; '.join(head)}</div>"
            f"<div style='display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start'>"
            f"<table>{''.join(rows)}</table>"
            f"<div><b>{caption}:</b><div {_ROW}>{table}</div>"
            f"<p><small>{results}</small></p></div></div>")


class HandWalkView(widgets.VBox):  # type: ignore[misc]
    """Step through scripted hands one action at a time (Back / Next move)."""

    def __init__(self, lines: Sequence[ScriptedHand], **kwargs: Any) -> None:
        if not lines:
            raise TrucoError("a hand walk needs at least one scripted hand")
        self.lines = tuple(lines)
        self.picker = widgets.Dropdown(options=[(_(ln.title), ln.key) for ln in self.lines],
                                       description=_("Hand:"),
                                       layout=widgets.Layout(width="max-content"))
        self.line = self.lines[0]
        self.back_button = widgets.Button(description=_("◀ Back a move"))
        self.next_button = widgets.Button(description=_("Next move ▶"), button_style="primary")
        self.intro = widgets.HTML()
        self.table = widgets.HTML()
        self.back_button.on_click(lambda _: self.prev_move())
        self.next_button.on_click(lambda _: self.next_move())
        self.picker.observe(self._picked, names="value")
        self._nav = widgets.HBox([self.back_button, self.next_button])
        super().__init__(**kwargs)
        self.frames: list[HandState] = []
        self.frame = 0
        self.set_lines(self.lines)

    def set_lines(self, lines: Sequence[ScriptedHand]) -> None:
        """Offer these scripted hands instead (the lesson reuses one walk for all its steps)
        and show the first from its start."""
        if not lines:
            raise TrucoError("a hand walk needs at least one scripted hand")
        self.lines = tuple(lines)
        self.line = self.lines[0]
        self.picker.options = [(_(ln.title), ln.key) for ln in self.lines]
        top: list[widgets.Widget] = [self.picker] if len(self.lines) > 1 else []
        self.children = tuple(top + [self.intro, self._nav, self.table])
        self.choose(self.line.key)

    def _picked(self, change: dict[str, Any]) -> None:
        key = change["new"]
        if key is not None and key != self.line.key:
            self.choose(str(key))

    def choose(self, key: str) -> None:
        """Show the scripted hand ``key`` from its start."""
        line = next((ln for ln in self.lines if ln.key == key), None)
        if line is None:
            raise TrucoError(f"no hand {key!r} here (choices: "
                             f"{', '.join(ln.key for ln in self.lines)})")
        self.line, self.frames, self.frame = line, hand_frames(line), 0
        if self.picker.value != key:
            self.picker.value = key
        self.intro.value = (f"<p><b>{escape(_(line.title))}.</b> "
                            f"{escape(_(line.lesson_text))}</p>")
        self._render()

    def next_move(self) -> None:
        if self.frame < len(self.frames) - 1:
            self.frame += 1
            self._render()

    def prev_move(self) -> None:
        if self.frame > 0:
            self.frame -= 1
            self._render()

    def _render(self) -> None:
        state = self.frames[self.frame]
        sentence = narrate(self.frames[self.frame - 1], state) if self.frame else ""
        count = "<small>{}</small>".format(_("Move {number} of {total}").format(
            number=self.frame, total=len(self.frames) - 1))
        self.table.value = count + hand_html(state, sentence)
        self.back_button.disabled = self.frame == 0
        self.next_button.disabled = self.frame == len(self.frames) - 1


class DeckChoiceView(widgets.VBox):  # type: ignore[misc]
    """A French / Spanish deck switch over a picture of cards that ``_render`` draws in the deck
    chosen (``DECKS``: the decks offered, the first one shown first)."""

    DECKS: tuple[str, ...] = ("french", "spanish")

    def __init__(self, **kwargs: Any) -> None:
        names = {"french": _("French deck"), "spanish": _("Spanish deck")}
        self.deck_choice = widgets.ToggleButtons(options=[(names[d], d) for d in self.DECKS])
        self.cards = widgets.HTML()
        self.deck_choice.observe(lambda _: self._render(), names="value")
        super().__init__([self.deck_choice, self.cards], **kwargs)
        self._render()

    def _render(self) -> None:
        raise NotImplementedError


class DeckView(DeckChoiceView):
    """The 40 cards, weakest rank first, in the French or the Spanish deck."""

    def _render(self) -> None:
        deck = str(self.deck_choice.value)
        cols = []
        for i, (_rank, word) in enumerate(ordinary_ranking(deck)):
            cards = "".join(card_svg(c, deck=deck, width=34) for c in DECK if c // 4 == i)
            cols.append(f"<div style='text-align:center'><div style='width:40px'>{cards}</div>"
                        f"<small>{escape(word)}</small></div>")
        suits = ", ".join(_(w) for w in SUIT_WORDS[deck].values())
        lead = _("Weakest on the left, strongest on the right.")
        named = _("Suits: {suits}.").format(suits=suits)
        self.cards.value = (f"<p>{escape(lead)} {escape(named)}</p>"
                            f"<div {_ROW}>{''.join(cols)}</div>")


class ViraPicker(widgets.VBox):  # type: ignore[misc]
    """Pick a vira and see that hand's manilhas and the order of its cards."""

    def __init__(self, vira: str = "7D", **kwargs: Any) -> None:
        self.picker = widgets.Dropdown(options=all_viras(), description=_("Vira:"))
        self.facts = widgets.HTML()
        self.picker.observe(lambda _: self._render(), names="value")
        super().__init__([self.picker, self.facts], **kwargs)
        self.pick(vira)

    def pick(self, vira: str) -> None:
        """Show the vira given in card notation (``"7D"``); a bad card changes nothing."""
        code = vira_facts(vira).vira
        if self.picker.value == code:
            self._render()
        self.picker.value = code

    @property
    def manilhas(self) -> tuple[int, ...]:
        return vira_facts(int(self.picker.value)).manilhas

    def _render(self) -> None:
        f = vira_facts(int(self.picker.value))
        mans = "".join(
            f"<div style='text-align:center'>{card_svg(c, manilha=name.split(', ')[1])}"
            f"<br><small>{place}</small></div>"
            for c, name, place in zip(f.manilhas, f.names, (_(p) for p in _PLACES)))
        meanings = "".join(f"<li>{escape(_(m))}</li>" for m in MANILHA_MEANINGS)
        rank_word = _(_RANK_PLURALS[RANKS.index(f.manilha_rank)])  # "queens", "sixes"
        notes = "".join(f"<li>{escape(n)}</li>" for n in f.notes)
        order = " &gt; ".join(escape(o.split(", ")[-1]) if i < 4 else escape(o)
                              for i, o in enumerate(f.order))
        the_vira, this_hand = _("the vira"), _("This hand, strongest first:")
        self.facts.value = (
            f"<div {_ROW}><div style='text-align:center'>{card_svg(f.vira, width=56)}"
            f"<br><small>{the_vira}</small></div><div style='padding:0 1em'>→</div>{mans}"
            "</div><p>" + _("The manilhas are the <b>{rank}</b>, strongest first:").format(
                rank=escape(rank_word)) + f"</p><ol>{meanings}</ol><ul>{notes}</ul>"
            f"<p><b>{this_hand}</b> {order}.</p>")


class IronHandView(widgets.VBox):  # type: ignore[misc]
    """A blind iron hand to play: turn up one of your face-down cards each turn."""

    def __init__(self, seed: int = 0, **kwargs: Any) -> None:
        self.rng = random.Random(seed)
        self.card_buttons = [widgets.Button(description=_("Turn up card {number}").format(
                                 number=i + 1))
                             for i in range(3)]
        for i, b in enumerate(self.card_buttons):
            b.on_click(lambda _, i=i: self.turn_up(i))
        self.deal_button = widgets.Button(description=_("Deal again"), button_style="primary")
        self.deal_button.on_click(lambda _: self.deal())
        self.board = widgets.HTML()
        super().__init__([widgets.HBox(self.card_buttons + [self.deal_button],
                                       layout=widgets.Layout(flex_flow="row wrap")), self.board],
                         **kwargs)
        self.state = iron_start(self.rng)
        self.message = ""
        self._render()

    def deal(self) -> None:
        self.state, self.message = iron_start(self.rng), ""
        self._render()

    def turn_up(self, position: int) -> None:
        """Turn up the learner's card at ``position``; an impossible choice only says why."""
        try:
            self.state, self.message = iron_play(self.state, position, self.rng), ""
        except TrucoError:
            if self.state.over:
                self.message = _("You cannot turn up a card now: the hand is over. Deal again "
                                 "to play another.")
            else:
                self.message = _("You cannot turn up card {number} now: choose one of your "
                                 "face-down cards.").format(number=position + 1)
        self._render()

    def _render(self) -> None:
        s = self.state
        choices = iron_choices(s)
        for i, b in enumerate(self.card_buttons):
            b.disabled = i not in choices
        mine = "".join(_card(None, face_down=True,
                             label=_("your face-down card {number}").format(number=i + 1))
                       for i in range(len(s.left[LEARNER])))
        story = "".join(f"<li>{escape(line)}</li>" for line in iron_story(s))
        warn = f"<p style='color:#a00'>{escape(self.message)}</p>" if self.message else ""
        vira, yours, none = _("Vira:"), _("Your cards (you are Ana):"), _("none left")
        self.board.value = (
            f"<p><b>{escape(iron_summary(s))}</b></p>{warn}"
            f"<p>{vira} {_card(s.deal.vira, width=36)} &nbsp; {yours} "
            f"<span {_ROW}>{mine or '<i>' + none + '</i>'}</span></p><ol>{story}</ol>")


def mineiro_html() -> str:
    """Truco Mineiro's fixed manilhas drawn as cards, strongest first."""
    cards = "".join(
        f"<div style='text-align:center'>{_card(c, manilha=name.split(', ')[1])}<br>"
        f"<small>{escape(name)}</small></div>"
        for c, name in zip(manilhas_for("mineiro", None), mineiro_manilhas()))
    title = _("Mineiro's manilhas, strongest first:")
    return f"<p>{title}</p><div {_ROW}>{cards}</div>"


def demo_for(name: str, *, seed: int = 0) -> widgets.Widget:
    """Build the demo a lesson step names (see :mod:`truco_learn.course.steps`)."""
    from ..course.deals import find_line
    from ..course.steps import demo_kind

    kind, arg = demo_kind(name)
    if kind == "hand":
        return HandWalkView([find_line(arg)])
    if kind == "lines":
        return HandWalkView(line_group(arg))
    if kind == "deck":
        return DeckView()
    if kind == "vira_picker":
        return ViraPicker()
    if kind == "mineiro":
        return widgets.HTML(mineiro_html())
    if kind == "calculator":
        return StakeCalculatorView()
    if kind == "iron":
        return IronHandView(seed)
    from . import lesson_demos_argentine as lesson8  # lesson 8's demos (a module of their own)
    if kind == "top_cards":
        return lesson8.TopCardsView()
    if kind == "envido_walk":
        return lesson8.EnvidoWalkView(seed)
    if kind == "envido_ladder":
        return lesson8.EnvidoLadderView()
    raise TrucoError(f"demo {name!r} is built by the lesson view")

