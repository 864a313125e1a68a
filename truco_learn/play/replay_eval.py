"""The coach's evaluation of each of the learner's decisions in a replayed hand: every option
with its numbers and a plain sentence, as an analysis board shows them.

The coach judges each decision from the observation the learner had then (never the hidden
cards), with the same seeded sampling as the after-hand review, so the numbers agree with it.

>>> from truco_learn.engine import new_hand, step
>>> from truco_learn.play.replay_board import HandRecord, ReplayBoard
>>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "QH", "3S"]])
>>> h = step(step(h, "raise"), "fold")          # the learner runs holding zap and copas
>>> board = ReplayBoard(HandRecord.from_hand(h), seat=1, names=("Coach", "You"))
>>> ev = HandAnalysis(board, level="easy").at(1)
>>> ev.label, ev.chosen, ev.best in ("accept", "raise")
('blunder', 'fold', True)
>>> ev.sentence.startswith("Blunder: you ran from truco")
True
>>> HandAnalysis(board, level="easy").at(0) is None   # the coach's move, not the learner's
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..bots.coach import LEVELS, decision_rng, estimate
from ..bots.review import label_for
from ..bots.sentences import eleven_name
from ..engine.actions import ACTION_STR
from ..engine.cards import card_name
from ..engine.observer import observation
from ..engine.state import HandState
from ..errors import ConfigError
from .menu import stake_name
from .replay_board import ReplayBoard

__all__ = ["OptionEval", "Evaluation", "HandAnalysis", "action_words", "session_replay", "signed", "we_win"]


def signed(x: float, digits: int = 2) -> str:
    """A signed number with a true minus sign.

    >>> signed(-0.391), signed(0.47), signed(0.0)
    ('−0.39', '+0.47', '+0.00')
    """
    return format(x, f"+.{digits}f").replace("-", "−")


def action_words(s: HandState, action: str, deck: str = "french") -> tuple[str, str, str]:
    """``(to do, done, doing)`` for the seat to act in ``s``, as players say it.

    >>> from truco_learn.engine import new_hand
    >>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> action_words(h, "play:3S")
    ('play the 3 of spades', 'played the 3 of spades', 'playing the 3 of spades')
    >>> action_words(h, "raise")
    ('call truco', 'called truco', 'calling truco')
    """
    d = s.deal
    kind, _, arg = action.partition(":")
    if kind in ("play", "cover") and len(arg) == 2:
        from ..engine.cards import parse_card

        name = card_name(parse_card(arg), deck, d.vira, d.opts.manilhas)
        if kind == "play":
            return f"play the {name}", f"played the {name}", f"playing the {name}"
        return (f"cover the {name}", f"covered the {name}", f"covering the {name}")
    if kind == "blind" and arg.isdigit():
        nth = ("first", "second", "third")[int(arg)] if int(arg) < 3 else f"card {int(arg) + 1}"
        return (f"turn up your {nth} card", f"turned up your {nth} card",
                f"turning up your {nth} card")
    if action == "raise":
        base = s.pending[1] if s.pending is not None else s.stake
        call = stake_name(d.next_stake[base], d.opts.ladder)
        return f"call {call}", f"called {call}", f"calling {call}"
    if action == "accept":
        call = stake_name(s.pending[1], d.opts.ladder) if s.pending else "the raise"
        return f"accept {call}", f"accepted {call}", f"accepting {call}"
    if action == "fold":
        call = stake_name(s.pending[1], d.opts.ladder) if s.pending else "the raise"
        return f"run from {call}", f"ran from {call}", f"running from {call}"
    n = eleven_name(d.opts.eleven_at)  # "hand of eleven", Mineiro's "hand of ten"
    if action == "onze:play":
        return (f"play the {n}", f"played the {n}", f"playing the {n}")
    return (f"run from the {n}", f"ran from the {n}", f"running from the {n}")


@dataclass(frozen=True, slots=True)
class OptionEval:
    """One option at a decision: the coach's numbers and a sentence."""

    action: str
    words: str  # "call truco"
    ev: float  # expected points for the learner's team from this hand
    win: float  # chance the learner's team wins the hand
    se: float
    chosen: bool
    best: bool
    sentence: str


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The coach's view of the learner's decision at ``ply``."""

    ply: int
    options: tuple[OptionEval, ...]  # best first
    chosen: str
    best: str
    label: str  # good | inaccuracy | mistake | blunder
    loss: float
    samples: int
    sentence: str


def we_win(seats: int) -> str:
    """How the learner's side wins: ``'you win'`` heads-up, ``'your team wins'`` with four.

    >>> we_win(2), we_win(4)
    ('you win', 'your team wins')
    """
    return "you win" if seats == 2 else "your team wins"


def _option_sentence(words: str, ev: float, win: float, seats: int) -> str:
    return (f"{words[0].upper()}{words[1:]}: {we_win(seats)} the hand {round(100 * win)}% of "
            f"the time and score{'' if seats == 2 else 's'} {signed(ev)} points on average.")


def _verdict(label: str, taken: OptionEval, best: OptionEval, done: str, doing: dict[str, str],
             loss: float, seats: int) -> str:
    if taken.action == best.action:
        return (f"Good: you {done}, the coach's choice too ({signed(taken.ev)} points on "
                f"average; {we_win(seats)} the hand {round(100 * taken.win)}% of the time).")
    if label == "good":
        return (f"Good: you {done}. The coach slightly prefers to {best.words}, but the "
                f"difference ({signed(-loss)} points) is within the noise of its estimate.")
    head = (f"{label.capitalize()}: you {done} ({signed(taken.ev)} points on average); the "
            f"coach would {best.words} ({signed(best.ev)}).")
    b, t = doing[best.action], doing[taken.action]
    if best.win >= taken.win:
        why = (f"{b[0].upper()}{b[1:]} wins the hand more often ({round(100 * best.win)}% "
               f"against {round(100 * taken.win)}%).")
    else:
        why = (f"{t[0].upper()}{t[1:]} wins the hand more often ({round(100 * taken.win)}% "
               f"against {round(100 * best.win)}%), but {b} scores more on average: what "
               "each one risks when it loses counts more than the chance.")
    return f"{head} {why}"


class HandAnalysis:
    """The coach's evaluations of the learner's decisions on ``board`` (computed on demand,
    kept). ``level`` and ``seed`` as for the after-hand review (the play page reviews hand
    ``n`` with ``seed + n``)."""

    def __init__(self, board: ReplayBoard, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ConfigError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.board, self.level, self.seed = board, level, seed
        self._cache: dict[int, Evaluation | None] = {}

    def decisions(self) -> list[int]:
        """The plies where the learner chose among two or more legal actions."""
        from ..engine.state import legal_codes

        b = self.board
        return [ply for ply, (seat, _) in enumerate(b.record.log)
                if seat == b.seat and len(legal_codes(b.positions[ply])) > 1]

    def at(self, ply: int) -> Evaluation | None:
        """The evaluation of the move played at ``ply`` when it is one of the learner's real
        decisions, else ``None``."""
        if ply not in self._cache:
            self._cache[ply] = self._evaluate(ply) if ply in self.decisions() else None
        return self._cache[ply]

    def _evaluate(self, ply: int) -> Evaluation:
        b = self.board
        s = b.positions[ply]
        code = b.record.log[ply][1]
        obs = observation(s, b.seat)
        est = estimate(obs, LEVELS[self.level], decision_rng(self.seed, obs))
        acts = [ACTION_STR[c] for c in est.actions]
        bi = max(range(len(acts)), key=lambda i: (est.ev[i], est.win[i], -i))
        ti = est.actions.index(code)
        loss = max(0.0, est.ev[bi] - est.ev[ti])
        label = label_for(loss, est.diff_se(bi, ti) if bi != ti else 0.0)
        words = {a: action_words(s, a, b.deck) for a in acts}
        seats = b.record.opts.seats
        opts = [OptionEval(a, words[a][0], est.ev[i], est.win[i], est.se[i], i == ti, i == bi,
                           _option_sentence(words[a][0], est.ev[i], est.win[i], seats))
                for i, a in enumerate(acts)]
        opts.sort(key=lambda o: (-o.ev, -o.win))
        taken, best = opts_by(opts, acts[ti]), opts_by(opts, acts[bi])
        sentence = _verdict(label, taken, best, words[acts[ti]][1],
                            {a: w[2] for a, w in words.items()}, loss, seats)
        return Evaluation(ply, tuple(opts), acts[ti], acts[bi], label, loss, est.samples,
                          sentence)


def session_replay(session: Any, hand: int | None = None
                   ) -> tuple[ReplayBoard, HandAnalysis, dict[int, str]]:
    """The board, the coach's analysis (the same level and seed as the session's review of
    that hand) and the coach's own reasons (ply -> sentence) for a finished hand of a
    :class:`~truco_learn.play.session.MatchSession` (the last one by default); raise
    ScenarioError when there is no such finished hand.

    >>> from truco_learn.play.session import MatchSession
    >>> s = MatchSession("paulista-2p", bot="random", seed=3)
    >>> while not s.hand_over:
    ...     _ = s.run_bots()
    ...     if s.learner_to_act:
    ...         s.act(s.legal()[0])
    >>> board, analysis, notes = session_replay(s)
    >>> board.length == len(s.hand.log), board.finished, len(notes) > 0
    (True, True, True)
    """
    from ..errors import ScenarioError
    from .replay_board import HandRecord

    done = session.finished_hands
    number = max(done) if hand is None and done else hand
    if number not in done:
        raise ScenarioError(f"hand {hand!r} is not a finished hand of this match"
                            if hand is not None else "no hand is finished yet: nothing to replay")
    last = done[number]
    board = ReplayBoard(HandRecord.from_hand(last), session.seat, session.names,
                        deck=session.deck)
    analysis = HandAnalysis(board, session.level if session.level in LEVELS else "normal",
                            session.seed + number)
    moves = iter(m for m in session.moves if m.hand == number)
    notes: dict[int, str] = {}
    for ply, (seat, _) in enumerate(last.log):
        if seat != session.seat:
            move = next(moves, None)
            if move is not None and move.explanation.get("summary"):
                notes[ply] = str(move.explanation["summary"])
    return board, analysis, notes


def opts_by(options: Sequence[OptionEval], action: str) -> OptionEval:
    """The option for ``action``."""
    return next(o for o in options if o.action == action)
