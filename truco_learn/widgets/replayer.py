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
from ..i18n import _, ngettext
from ..i18n import numbers
from ..play.replay_board import HandRecord, ReplayBoard
from ..play.replay_eval import Evaluation, HandAnalysis
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
            "first": W.Button(description=_("◀◀ Start"), tooltip=_("Back to the deal")),
            "back": W.Button(description=_("◀ Back"), tooltip=_("One move back")),
            "forward": W.Button(description=_("Next ▶"), tooltip=_("One move on")),
            "last": W.Button(description=_("End ▶▶"), tooltip=_("The end of the hand")),
            "export": W.Button(description=_("Export this position"),
                               tooltip=_("As a replay scenario (JSON) for truco-learn replay, "
                                         "or for a teacher's \"what would you do here?\" "
                                         "question")),
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
            self.analysis_html.value = error_html(_(
                "Sorry, something went wrong ({error}); the replay is kept as it was.").format(
                    error=type(exc).__name__))

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
        """The learner's side and the other, as the board names them (in the page's
        language)."""
        b = self.board
        if b.record.opts.seats == 2:
            return _("you"), b.names[1 - b.seat]
        return _("your team"), _("their team")

    def _trick_title(self, k: int, result: int | None) -> str:
        """``Trick 2 · you``: the trick's number and who took it."""
        b = self.board
        if result is None:
            return _("Trick {k}").format(k=k)
        if result < 0:
            return _("Trick {k} · tied").format(k=k)
        mine = result == b.seat % 2
        if b.record.opts.seats == 2:
            return (_("Trick {k} · you").format(k=k) if mine else
                    _("Trick {k} · {name}").format(k=k, name=b.names[1 - b.seat]))
        return (_("Trick {k} · your team") if mine else _("Trick {k} · their team")).format(k=k)

    def _stake_and_score(self) -> str:
        b = self.board
        s = b.state
        mine, theirs = s.score[b.seat % 2], s.score[1 - b.seat % 2]
        if b.record.opts.seats == 2:
            return _("The hand is worth {stake}. Score: you {mine}, {other} {theirs}.").format(
                stake=s.stake, mine=mine, other=b.names[1 - b.seat], theirs=theirs)
        return _("The hand is worth {stake}. Score: your team {mine}, their team "
                 "{theirs}.").format(stake=s.stake, mine=mine, theirs=theirs)

    def board_html_text(self) -> str:
        b = self.board
        s = b.state
        rec = b.record
        where = [_("Move {ply} of {length}").format(ply=b.ply, length=b.length)]
        if b.ply == 0:
            where.append(_("the deal"))
        if s.over:
            where.append(_("the hand is over"))
        parts = [_STYLE, '<div class="tl-replayer">',
                 f'<p class="tl-replay-where">{escape(" · ".join(where))}</p>']
        if rec.vira is not None:
            vira = escape(_("Vira"))
            parts.append(f'<div class="tl-seatrow"><span class="tl-seatname">'
                         f'{vira}</span>{self._card(rec.vira, 40)}</div>')
        shown = b.visible_hands()
        order = [(b.seat + k) % rec.opts.seats for k in range(1, rec.opts.seats)] + [b.seat]
        for seat in order:
            cards = shown[seat]
            drawn = ("".join(self._card(c, 44) for c in cards) if cards is not None
                     else "".join(self._card(None, 34) for _ in s.left[seat]))
            empty = "<em>" + escape(_("no cards left")) + "</em>"
            parts.append(f'<div class="tl-seatrow tl-seat-{seat}"><span class="tl-seatname">'
                         f"{escape(b.names[seat])}</span>{drawn or empty}"
                         "</div>")
        tricks = [(t.plays, t.result) for t in s.tricks] + ([(s.cur, None)] if s.cur else [])
        if tricks:
            parts.append('<div class="tl-tricks">')
            for k, (plays, result) in enumerate(tricks, 1):
                played = "".join(self._card(c if up or b.shows(who, c) else None,
                                            36, face_down=not up) for who, c, up in plays)
                parts.append(f'<div class="tl-trick"><div>'
                             f"{escape(self._trick_title(k, result))}</div>{played}</div>")
            parts.append("</div>")
        parts.append(f'<p class="tl-muted">{escape(self._stake_and_score())}</p>')
        items = []
        for m in b.moves():
            cls = ["tl-current"] if m.ply == b.ply else []
            if m.learner:
                cls.append("tl-learner")
            items.append(f'<li class="{" ".join(cls)}" data-ply="{m.ply}">{escape(m.text)}</li>')
        parts.append('<ol class="tl-moves">' + "".join(items) + "</ol></div>")
        return "".join(parts)

    def analysis_text(self) -> str:
        """The analysis of the move played from this position, in a ``div`` whose
        ``data-ply`` names the position (so a page can tell it from the last one's)."""
        b = self.board
        div = f'<div class="tl-replay-analysis" data-ply="{b.ply}">'
        move = b.next_move()
        if move is None:
            return (f'{div}<p class="tl-muted">'
                    + escape(_("The end of the hand. Step back to see each decision again."),
                             quote=False) + "</p></div>")
        head = ('<p class="tl-next">'
                + escape(_("Next: {move}").format(move=move.text), quote=False) + "</p>")
        if not move.learner:
            note = self.notes.get(move.ply)
            reason = _("The coach's reason: {reason}").format(reason=note)
            body = (f'<p class="tl-coach-note">{escape(reason, quote=False)}</p>'
                    if note else "")
            return f'{div}{head}{body}</div>'
        ev = self.analysis.at(move.ply)
        if ev is None:
            only = escape(_("You had only this move."))
            return (f'{div}{head}<p class="tl-muted">'
                    f"{only}</p></div>")
        return (f'{div}{head}'
                f"{evaluation_html(ev, b.record.opts.seats)}</div>")


def _signed(x: float) -> str:
    """``+0.47`` / ``−0.39`` (a true minus sign), in the current language's digits."""
    return numbers.signed(x).replace("-", "−")


def evaluation_html(ev: Evaluation, seats: int = 2) -> str:
    """The coach's evaluation of one decision: the sentence, then every option's numbers
    (``seats``: the table's, which says whether "you" or "your team" wins)."""
    rows = []
    for o in ev.options:
        cls = " ".join(c for c, on in (("tl-chosen", o.chosen), ("tl-best", o.best)) if on)
        words = o.words
        if o.chosen:
            words = _("{option} (you)").format(option=words)
        if o.best:
            words = _("{option} (the coach's choice)").format(option=words)
        rows.append(f'<tr class="{cls}" data-action="{escape(o.action)}" title="'
                    f'{escape(o.sentence)}"><td>{escape(words, quote=False)}</td>'
                    f"<td>{_signed(o.ev)}</td><td>{numbers.percent(o.win)}</td></tr>")
    win = _("you win the hand") if seats == 2 else _("your team wins the hand")
    estimate = ngettext("The coach's estimate over {n} possible deal of the cards you could "
                        "not see.",
                        "The coach's estimate over {n} possible deals of the cards you could "
                        "not see.", ev.samples).format(n=ev.samples)
    option, expected = escape(_("option")), escape(_("expected points"))
    return (f'<p class="tl-verdict tl-{escape(ev.label)}">{escape(ev.sentence)}</p>'
            f'<table class="tl-eval"><thead><tr><th>{option}</th>'
            f'<th>{expected}</th>'
            f"<th>{escape(win)}</th></tr></thead><tbody>" + "".join(rows)
            + f'</tbody></table><p class="tl-muted">{escape(estimate, quote=False)}</p>')


def replayer_for_scenario(text: str | Mapping[str, Any], seat: int = 0,
                          level: str = "normal", seed: int = 0) -> Replayer:
    """A replayer for a hand given as a replay scenario (PROTOCOL.md), seen from ``seat``;
    raise a TrucoError naming what is wrong with the scenario."""
    board = ReplayBoard(HandRecord.from_scenario(text), seat)
    return Replayer(board, HandAnalysis(board, level, seed))
