"""The hand replayer: step through a finished hand move by move, everyone's cards shown, and
at each of the learner's decisions the coach's evaluation of every option (numbers and a
sentence), like a chess analysis board. Any position exports as a replay scenario.

A view only: the board and the analysis come from :mod:`truco_learn.play.replay_board` and
:mod:`truco_learn.play.replay_eval`.

>>> from truco_learn.engine import new_hand, step
>>> from truco_learn.play.replay_board import HandRecord, ReplayBoard
>>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> for a in ["play:4H", "play:2H", "play:5C", "play:QC", "raise", "accept", "play:3S",
...           "play:KD"]:
...     h = step(h, a)
>>> r = Replayer(ReplayBoard(HandRecord.from_hand(h), 0, ("You", "Coach")))
>>> "Move 0 of 8" in r.board_html.value
True
>>> r.forward(); "You play the 4 of hearts." in r.board_html.value
True
>>> r.export(); r.export_text.value
'{"variant": "paulista-2p", "dealer": 1, "score": [0, 0], "vira": "7D", "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]], "actions": ["play:4H"]}'
"""

from __future__ import annotations

import logging
from html import escape
from typing import Any, Mapping

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine.cards import card_name
from ..errors import TrucoError
from ..play.replay_board import HandRecord, ReplayBoard
from ..play.replay_eval import Evaluation, HandAnalysis, signed, we_win
from .panels import error_html
from .svg import card_svg, manilha_name

__all__ = ["Replayer", "replayer_for_scenario"]

log = logging.getLogger(__name__)

_STYLE = """<style>
.tl-replayer{font-family:system-ui,sans-serif;max-width:760px}
.tl-replayer .tl-seatrow{display:flex;align-items:center;gap:6px;margin:4px 0}
.tl-replayer .tl-seatname{min-width:120px;font-weight:600}
.tl-replayer .tl-tricks{display:flex;gap:18px;margin:6px 0;flex-wrap:wrap}
.tl-replayer .tl-trick{border:1px solid #ccc;border-radius:6px;padding:4px 6px}
.tl-replayer ol.tl-moves{columns:2;font-size:90%}
.tl-replayer li.tl-current{font-weight:700;background:#fff3c4}
.tl-replayer li.tl-learner{color:#114}
.tl-replayer table.tl-eval td,.tl-replayer table.tl-eval th{padding:2px 8px;text-align:left}
.tl-replayer tr.tl-chosen{background:#e7f0ff}
.tl-replayer tr.tl-best td:first-child{font-weight:700}
</style>"""


class Replayer:
    """A replayer for ``board``; ``analysis`` (the coach's evaluations; built at the level
    ``normal`` by default) and ``notes`` (ply -> the coach's own explanation of its move)."""

    def __init__(self, board: ReplayBoard, analysis: HandAnalysis | None = None, *,
                 notes: Mapping[int, str] | None = None, four_colour: bool = False) -> None:
        self.board = board
        self.analysis = analysis if analysis is not None else HandAnalysis(board)
        self.notes = dict(notes or {})
        self.four_colour = four_colour
        self.buttons = {
            "first": W.Button(description="◀◀ Start", tooltip="Back to the deal"),
            "back": W.Button(description="◀ Back", tooltip="One move back"),
            "forward": W.Button(description="Next ▶", tooltip="One move on"),
            "last": W.Button(description="End ▶▶", tooltip="The end of the hand"),
            "export": W.Button(description="Export this position",
                               tooltip="As a replay scenario (JSON) for truco-learn replay, "
                                       "or for a teacher's \"what would you do here?\" question"),
        }
        for name, button in self.buttons.items():
            button.add_class(f"tl-replay-{name}")
            button.on_click(lambda _b, n=name: self.press(n))
        self.board_html = W.HTML()
        self.analysis_html = W.HTML()
        self.export_text = W.Textarea(value="", layout=W.Layout(width="100%", height="4em",
                                                                display="none"))
        self.export_text.add_class("tl-replay-json")
        self.widget = W.VBox([W.HBox(list(self.buttons.values()),
                                     layout=W.Layout(flex_flow="row wrap")),
                              self.board_html, self.analysis_html, self.export_text])
        self.widget.add_class("tl-replayer-app")
        self.redraw()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------ intents
    def press(self, name: str) -> None:
        """What a click on one of the buttons does (errors become a message on the page)."""
        try:
            {"first": self.board.first, "back": self.board.back, "forward": self.board.forward,
             "last": self.board.last, "export": self.export}[name]()
            if name != "export":
                self.export_text.layout.display = "none"
            self.redraw()
        except TrucoError as exc:
            self.analysis_html.value = error_html(str(exc))
        except Exception as exc:  # never a traceback on the page
            log.debug("replayer error", exc_info=True)
            self.analysis_html.value = error_html(
                f"Sorry, something went wrong ({type(exc).__name__}); the replay is kept as "
                "it was.")

    def forward(self) -> None:
        self.press("forward")

    def back(self) -> None:
        self.press("back")

    def export(self) -> None:
        """Show this position as one line of replay JSON."""
        self.export_text.value = self.board.scenario_json()
        self.export_text.layout.display = ""

    # ------------------------------------------------------------ drawing
    def _card(self, card: int | None, width: int, face_down: bool = False) -> str:
        d = self.board.record
        man = None if card is None or face_down else manilha_name(card, d.opts.manilhas, d.vira)
        label = None if card is None else card_name(card, self.board.deck, d.vira, d.opts.manilhas)
        return card_svg(card, deck=self.board.deck, four_colour=self.four_colour, manilha=man,
                        face_down=face_down, width=width, label=label)

    def redraw(self) -> None:
        """Draw the position on the board and the analysis of the move played from it."""
        self.board_html.value = self.board_html_text()
        self.analysis_html.value = self.analysis_text()

    def sides(self) -> tuple[str, str]:
        """The learner's side and the other, as the board names them."""
        b = self.board
        if b.record.opts.seats == 2:
            return "you", b.names[1 - b.seat]
        return "your team", "their team"

    def board_html_text(self) -> str:
        b = self.board
        s = b.state
        rec = b.record
        parts = [_STYLE, '<div class="tl-replayer">',
                 f'<p class="tl-replay-where">Move {b.ply} of {b.length}'
                 + (" · the deal" if b.ply == 0 else "") + (" · the hand is over"
                                                            if s.over else "") + "</p>"]
        if rec.vira is not None:
            parts.append(f'<div class="tl-seatrow"><span class="tl-seatname">Vira</span>'
                         f"{self._card(rec.vira, 40)}</div>")
        shown = b.visible_hands()
        order = [(b.seat + k) % rec.opts.seats for k in range(1, rec.opts.seats)] + [b.seat]
        for seat in order:
            cards = shown[seat]
            drawn = ("".join(self._card(c, 44) for c in cards) if cards is not None
                     else "".join(self._card(None, 34) for _ in s.left[seat]))
            parts.append(f'<div class="tl-seatrow tl-seat-{seat}"><span class="tl-seatname">'
                         f"{escape(b.names[seat])}</span>{drawn or '<em>no cards left</em>'}"
                         "</div>")
        sides = self.sides()
        tricks = [(t.plays, t.result) for t in s.tricks] + ([(s.cur, None)] if s.cur else [])
        if tricks:
            parts.append('<div class="tl-tricks">')
            for k, (plays, result) in enumerate(tricks, 1):
                played = "".join(self._card(c if up or b.shows(who, c) else None,
                                            36, face_down=not up) for who, c, up in plays)
                outcome = "" if result is None else " · tied" if result < 0 else (
                    f" · {sides[0] if result == b.seat % 2 else sides[1]}")
                parts.append(f'<div class="tl-trick"><div>Trick {k}{outcome}</div>{played}</div>')
            parts.append("</div>")
        stake = f"The hand is worth {s.stake}."
        score = s.score
        mine, theirs = score[b.seat % 2], score[1 - b.seat % 2]
        parts.append(f'<p class="tl-muted">{stake} Score: {sides[0]} {mine}, {sides[1]} '
                     f"{theirs}.</p>")
        items = []
        for m in b.moves():
            cls = ["tl-current"] if m.ply == b.ply else []
            if m.learner:
                cls.append("tl-learner")
            items.append(f'<li class="{" ".join(cls)}" data-ply="{m.ply}">{escape(m.text)}</li>')
        parts.append('<ol class="tl-moves">' + "".join(items) + "</ol></div>")
        return "".join(parts)

    def analysis_text(self) -> str:
        b = self.board
        move = b.next_move()
        if move is None:
            return ('<div class="tl-replay-analysis"><p class="tl-muted">The end of the hand. '
                    "Step back to see each decision again.</p></div>")
        head = f'<p class="tl-next">Next: {escape(move.text)}</p>'
        if not move.learner:
            note = self.notes.get(move.ply)
            body = (f'<p class="tl-coach-note">The coach\'s reason: {escape(note)}</p>'
                    if note else "")
            return f'<div class="tl-replay-analysis">{head}{body}</div>'
        ev = self.analysis.at(move.ply)
        if ev is None:
            return (f'<div class="tl-replay-analysis">{head}<p class="tl-muted">You had only '
                    "this move.</p></div>")
        return (f'<div class="tl-replay-analysis">{head}'
                f"{evaluation_html(ev, we_win(b.record.opts.seats))}</div>")


def evaluation_html(ev: Evaluation, win_words: str = "you win") -> str:
    """The coach's evaluation of one decision: the sentence, then every option's numbers."""
    rows = []
    for o in ev.options:
        cls = " ".join(c for c, on in (("tl-chosen", o.chosen), ("tl-best", o.best)) if on)
        mark = " (you)" if o.chosen else ""
        mark += " (the coach's choice)" if o.best else ""
        rows.append(f'<tr class="{cls}" data-action="{escape(o.action)}" title="'
                    f'{escape(o.sentence)}"><td>{escape(o.words)}{mark}</td>'
                    f"<td>{signed(o.ev)}</td><td>{round(100 * o.win)}%</td></tr>")
    return (f'<p class="tl-verdict tl-{escape(ev.label)}">{escape(ev.sentence)}</p>'
            '<table class="tl-eval"><thead><tr><th>option</th><th>expected points</th>'
            f"<th>{escape(win_words)} the hand</th></tr></thead><tbody>" + "".join(rows)
            + f'</tbody></table><p class="tl-muted">The coach\'s estimate over {ev.samples} '
            "possible deals of the cards you could not see.</p>")


def replayer_for_scenario(text: str | Mapping[str, Any], seat: int = 0,
                          level: str = "normal", seed: int = 0) -> Replayer:
    """A replayer for a hand given as a replay scenario (PROTOCOL.md), seen from ``seat``;
    raise a TrucoError naming what is wrong with the scenario."""
    board = ReplayBoard(HandRecord.from_scenario(text), seat)
    return Replayer(board, HandAnalysis(board, level, seed))
