"""Play against the coach: choose the variant, the level and the deck, play matches to 12, and
read the coach's reason for every move.

A handful of widgets: a setup row (three dropdowns, a checkbox, a button), the table (one
anywidget), the Why? panel and the review panel (two HTML widgets). Errors never reach the page
as a traceback: they become a friendly message and the game state stays as it was.

>>> app = PlayApp("paulista-2p", bot="random", seed=1)
>>> app.session.learner_to_act
True
>>> before = len(app.session.events)
>>> app.click(app.table.enabled_actions()[0])
>>> len(app.session.events) > before
True
>>> app.click("truco")   # not an action: a friendly message, nothing changes
>>> app.table.message
"unknown action 'truco': expected play:XX, cover:XX, blind:i, raise, accept, fold, onze:play, onze:fold, envido, real_envido, falta_envido, flor, contraflor, contraflor_resto, achico or drop"
"""

from __future__ import annotations

import logging
import os
import random
from contextlib import contextmanager
from typing import Any, Iterator

from html import escape

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine.options import VARIANTS
from ..errors import ConfigError, InvalidNotationError, TrucoError
from ..i18n import DEFAULT, N_, _, current
from ..play.adaptive import AdaptiveLevel, level_name
from ..play.replay_eval import session_replay
from ..play.session import LEVELS, BotFailure, MatchSession
from ..play.view import table_view
from .panels import error_html, explanation_html, review_html
from .replayer import Replayer
from .table import TableWidget
from .table_render import table_json

__all__ = ["PlayApp", "VARIANT_LABELS", "variant_label"]

log = logging.getLogger(__name__)

VARIANT_LABELS = {
    "paulista-2p": N_("Paulista, 2 players"),
    "paulista-4p": N_("Paulista, 4 players"),
    "paulista-fpt": N_("Paulista, Federação rules (4 players)"),
    "mineiro-4p": N_("Mineiro, 4 players"),
    "mineiro-2p": N_("Mineiro, 2 players"),
    "argentino-2p": N_("Argentine, 2 players"),
    "argentino-4p": N_("Argentine, 4 players"),
    "gauderio-2p": N_("Gaúcho (gaudério), 2 players"),
    "gauderio-4p": N_("Gaúcho (gaudério), 4 players"),
}
APP_ACTIONS = ("next-hand", "new-match", "continue")
ADAPTIVE = "adaptive"


def variant_label(variant: str) -> str:
    """A preset as the setup menus name it, in the current language.

    >>> variant_label("mineiro-2p")
    'Mineiro, 2 players'
    """
    return _(VARIANT_LABELS[variant]) if variant in VARIANT_LABELS else variant


def seed_from_env() -> int:
    """``TRUCO_LEARN_SEED`` when set (tests and demos replay a page exactly), else a fresh seed.

    >>> import os; os.environ["TRUCO_LEARN_SEED"] = "12"; seed_from_env()
    12
    >>> del os.environ["TRUCO_LEARN_SEED"]; 0 <= seed_from_env() < 2**31
    True
    """
    text = os.environ.get("TRUCO_LEARN_SEED", "").strip()
    if text.isdigit():
        return int(text)
    return random.SystemRandom().randrange(2**31)


def _thinking(name: str) -> str:
    return _("{name} is thinking…").format(name=name)


def friendly_error(exc: TrucoError) -> str:
    """What the page says about a refused click or choice: the play layer's own message (it
    is written for the learner, in the page's language). In English, any error's own words, as
    always; in another language, a plain sentence for the engine's notation and option errors
    and a bot's refused move (their messages are a developer's English).
    """
    if current() == DEFAULT:
        return str(exc)
    if isinstance(exc, InvalidNotationError):
        return _("The table does not know that move. Nothing changed: try again.")
    if isinstance(exc, ConfigError):
        return _("These choices do not make a match. Choose again and click New match.")
    if isinstance(exc, BotFailure):
        return _("A bot could not make its move. Click Continue to let it try again.")
    return str(exc)


class PlayApp:
    """The play page. ``seed`` fixes the deals and the bots (a fresh one per page otherwise);
    ``bot`` picks the bot (the coach by default)."""

    def __init__(self, variant: str = "paulista-2p", level: str = "normal",
                 deck: str = "preset", *, bot: str | None = None, seed: int | None = None,
                 seat: int = 0, start: bool = True) -> None:
        self.bot = bot
        self.seat = seat
        root = seed if seed is not None else seed_from_env()
        self.seeds = random.Random(root)
        self.variant = W.Dropdown(options=[(variant_label(v), v) for v in VARIANTS],
                                  value=variant, description=_("Variant"))
        self.level = W.Dropdown(options=[(level_name(lv).capitalize(), lv) for lv in LEVELS]
                                + [(_("Adaptive (moves with your results)"), ADAPTIVE)],
                                value=level, description=_("Level"))
        self.adaptive = AdaptiveLevel()
        self.adaptive_note = W.HTML("")
        self.adaptive_note.add_class("tl-adaptive-note")
        self.replay_button = W.Button(description=_("Replay this hand"), icon="history",
                                      tooltip=_("Step through the hand move by move, with "
                                                "everyone's cards and the coach's view of each "
                                                "of your decisions"))
        self.replay_button.add_class("tl-replay-open")
        self.replay_button.layout.display = "none"
        self.replay_box = W.VBox([])
        self.replayer: Replayer | None = None
        self.deck = W.Dropdown(options=[(_("Variant's deck"), "preset"), (_("French"), "french"),
                                        (_("Spanish"), "spanish")], value=deck,
                               description=_("Deck"))
        self.four_colour = W.Checkbox(value=False, description=_("Four colours"), indent=False)
        self.explain_live = W.Checkbox(
            value=True, description=_("Explain during the hand"), indent=False,
            tooltip=_("The coach's reasons name its own cards; untick to read them after the "
                      "hand"))
        self.new_button = W.Button(description=_("New match"), button_style="success",
                                   tooltip=_("Start a new match with these choices"))
        self.new_button.add_class("tl-new-match")  # darker green: readable white text
        self.table = TableWidget()
        self.why = W.HTML(explanation_html([]))
        self.review = W.HTML("")
        for w in (self.variant, self.level, self.deck, self.four_colour, self.explain_live):
            w.style.description_width = "initial"
            w.layout.width = "auto"
        self.widget = W.VBox([
            W.HBox([self.variant, self.level, self.deck, self.four_colour, self.explain_live,
                    self.new_button],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.table,
            W.HBox([self.why, self.review], layout=W.Layout(flex_flow="row wrap")),
        ])  # the adaptive note and the replayer join once they have something to show
        self.widget.children[0].add_class("tl-setup")
        self.widget.children[2].add_class("tl-panels")
        self.why.layout.flex = "1 1 300px"  # side by side on a wide screen, stacked on a phone
        self.review.layout.flex = "1 1 300px"
        self.widget.add_class("tl-play-app")
        self.session: MatchSession | None = None
        self.counted = True  # the current match's result went to the adaptive level
        self.last_error: BaseException | None = None
        self.stalled = False  # a bot failed: offer "Continue"
        self.table.on_action(self.click)
        self.new_button.on_click(lambda _b: self.new_match())
        self.replay_button.on_click(lambda _b: self._guarded(self.open_replay))
        self.deck.observe(lambda _c: self._guarded(self.redraw), "value")
        self.four_colour.observe(lambda _c: self._guarded(self.redraw), "value")
        self.explain_live.observe(lambda _c: self._guarded(self.redraw), "value")
        if start:
            self.new_match()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------ intents
    def new_match(self) -> None:
        """Start a match with the chosen variant and level; the bots play until it is the
        learner's turn."""
        with self._guard():
            adaptive = self.level.value == ADAPTIVE
            level = self.adaptive.level if adaptive else self.level.value
            old = self.session
            memory = None if old is None else old.memory_for(self.variant.value, self.seat)
            self.session = MatchSession(self.variant.value, level=level, bot=self.bot,
                                        seed=self.seeds.randrange(2**31), seat=self.seat,
                                        memory=memory)
            note = _("Adaptive level: this coach plays at the {level} level.").format(
                level=level_name(level))
            self.adaptive_note.value = (f'<p class="tl-muted">{escape(note)} '
                                        f"{escape(self.adaptive.note)}</p>" if adaptive else "")
            if self.session.recalled:
                self.adaptive_note.value += '<p class="tl-muted tl-remembers">{}</p>'.format(
                    escape(_("The coach remembers how you called and answered truco in your "
                             "earlier matches against it.")))
            if self.adaptive_note.value:
                self._show(self.adaptive_note)
            self.counted = False
            self.close_replay()
            self.review.value = ""
            self.table.message = ""
            self._thinking_first()
            self.redraw()
            self._run_bots()

    def click(self, action: str) -> None:
        """The learner clicked a card or a button (``action`` as PROTOCOL.md, or one of the
        app's own ``next-hand`` / ``new-match`` / ``continue``)."""
        self._guarded(self._click, action)

    def _click(self, action: str) -> None:
        if action == "new-match":
            self.new_match()
            return
        s = self._session()
        if action == "next-hand":
            s.next_hand()
            self.review.value = ""
            self.close_replay()
        elif action != "continue":
            s.act(action)
        self.table.message = ""
        self._thinking_first()
        self.redraw()
        self._run_bots()

    def _thinking_first(self) -> None:
        """Set the thinking indicator before the view that needs it, so that the page never
        looks like the learner's turn while a bot is to act (nor before the review is in)."""
        s = self._session()
        if s.bot_to_act:  # the indicator arrives with the learner's own move (or the deal)
            self.table.thinking = _thinking(s.names[s.hand.to_act])
        elif s.hand_over and s.review_items is None:  # the review comes before "Next hand"
            self.table.thinking = _("Reviewing your hand…")

    def open_replay(self) -> None:
        """Open the replayer on the last finished hand (the coach's analysis at the level and
        with the seed of its review)."""
        board, analysis, notes = session_replay(self._session())
        self.replayer = Replayer(board, analysis, notes=notes,
                                 four_colour=bool(self.four_colour.value))
        self.replay_box.children = [self.replayer.widget]
        self._show(self.replay_box)

    def _show(self, widget: Any) -> None:
        """Put one of the page's later widgets at the bottom of the page (once)."""
        if widget not in self.widget.children:
            self.widget.children = tuple(self.widget.children) + (widget,)

    def close_replay(self) -> None:
        self.replayer = None
        self.replay_box.children = []

    def _count_match(self) -> None:
        """Once per match: tell the adaptive level whether the learner won."""
        s = self._session()
        if (self.level.value != ADAPTIVE or not s.match_over or self.counted
                or s.level != self.adaptive.level):
            return
        self.counted = True
        self.adaptive.record(s.match.winner == s.seat % 2)
        more = _("Click New match to play the next one.")
        self.adaptive_note.value = (f'<p class="tl-muted">{escape(self.adaptive.note)} '
                                    f"{escape(more)}</p>")

    # ------------------------------------------------------------ drawing
    def _session(self) -> MatchSession:
        if self.session is None:
            raise TrucoError(_("No match yet: click New match."))
        return self.session

    def deck_name(self) -> str:
        s = self._session()
        return s.opts.deck if self.deck.value == "preset" else str(self.deck.value)

    def redraw(self) -> None:
        """Draw the table and the Why? panel from the session."""
        s = self._session()
        result = s.result
        view = table_view(s.hand, s.seat, s.names, result.text if result else "",
                          deck=self.deck_name())
        nxt: tuple[str, str] | None = None
        if s.match_over:
            nxt = ("new-match", _("New match"))
        elif s.hand_over:
            nxt = ("next-hand", _("Next hand"))
        elif s.bot_to_act and self.stalled:
            nxt = ("continue", _("Continue"))
        self.table.view = table_json(view, deck=self.deck_name(),
                                     four_colour=bool(self.four_colour.value), events=s.events,
                                     hand_number=s.hand_number, match_over=s.match_over,
                                     next_action=nxt)
        self.replay_button.layout.display = "" if s.finished_hands else "none"
        if s.finished_hands:
            self._show(self.replay_button)
        self.replay_button.description = (_("Replay this hand") if s.hand_over
                                          else _("Replay the last hand"))
        self._count_match()
        moves = s.hand_moves(public=not s.hand_over)  # no hidden card named mid-hand
        if self.explain_live.value or s.hand_over:
            o = s.opts
            self.why.value = explanation_html(
                moves, quiero=tuple(o.ladder) == (1, 2, 3, 4) or o.envido or o.flor)
        else:
            self.why.value = explanation_html([], note=_(
                "{n} move(s) of the coach will be explained after the hand.").format(
                    n=len(moves)))

    def _run_bots(self) -> None:
        s = self._session()
        self.stalled = False
        try:
            while s.bot_to_act:
                self.table.thinking = _thinking(s.names[s.hand.to_act])
                s.bot_step()
                self.redraw()
            if s.hand_over and s.review_items is None:
                self.table.thinking = _("Reviewing your hand…")
                result = s.result
                self.review.value = review_html(s.review_hand(), result.text if result else "")
        finally:
            self.table.thinking = ""
            self.redraw()

    # ------------------------------------------------------------ errors
    @contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except TrucoError as exc:
            self._failed(exc, friendly_error(exc))
        except Exception as exc:  # never a traceback on the page
            log.debug("play app error", exc_info=True)
            self._failed(exc, _("Sorry, something went wrong ({error}). The game is kept as it "
                                "was: try again, or start a new match.").format(
                                    error=type(exc).__name__))

    def _failed(self, exc: BaseException, message: str) -> None:
        self.last_error = exc
        self.table.thinking = ""
        self.table.message = message
        if self.session is None:
            self.review.value = error_html(message)
            return
        self.stalled = self.session.bot_to_act
        try:  # show the "Continue" button when a bot is stuck
            self.redraw()
        except Exception:  # the message above is already on the page
            log.debug("redraw after an error failed", exc_info=True)

    def _guarded(self, fn: Any, *args: Any) -> None:
        with self._guard():
            fn(*args)

