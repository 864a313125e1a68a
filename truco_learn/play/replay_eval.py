"""The coach's evaluation of each of the learner's decisions in a replayed hand: every option
with its numbers and a plain sentence, as an analysis board shows them.

The coach judges each decision from the observation the learner had then (never the hidden
cards), with the same seeded sampling as the after-hand review. Given that review's items
(``reviewed``: on the play page, where the review prices a learner's raise with the coach
itself answering it and the other side playing out by the coach's habits), a decision it
graded is shown with the review's own options, numbers and grade, so the two never disagree.

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
from ..bots.coach_words import english, eleven_name, label_name, pct, the_card
from ..bots.coach_words import signed as _coach_signed
from ..bots.envido_words import envido_words
from ..engine.actions import ACTION_STR
from ..engine.cards import card_name
from ..engine.observer import observation
from ..engine.state import HandState
from ..errors import ConfigError
from ..i18n import _, pgettext
from .bets_view import argentine_table, pending_bet
from .menu import stake_name
from .replay_board import ReplayBoard

__all__ = ["OptionEval", "Evaluation", "HandAnalysis", "action_words", "session_replay", "signed", "we_win"]


def signed(x: float, digits: int = 2) -> str:
    """A signed number with a true minus sign (decimal comma in pt-BR).

    >>> signed(-0.391), signed(0.47), signed(0.0)
    ('−0.39', '+0.47', '+0.00')
    """
    if english() or digits != 2:
        return format(x, f"+.{digits}f").replace("-", "−")
    return _coach_signed(x)


def _forms(do: str, done: str, doing: str, **values: object) -> tuple[str, str, str]:
    return do.format(**values), done.format(**values), doing.format(**values)


def action_words(s: HandState, action: str, deck: str = "french") -> tuple[str, str, str]:
    """``(to do, done, doing)`` for the seat to act in ``s``, as players say it (in Portuguese:
    the infinitive, the past after "você", the infinitive).

    >>> from truco_learn.engine import new_hand
    >>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> action_words(h, "play:3S")
    ('play the 3 of spades', 'played the 3 of spades', 'playing the 3 of spades')
    >>> action_words(h, "raise")
    ('call truco', 'called truco', 'calling truco')
    >>> from truco_learn.engine import step
    >>> a = new_hand("argentino-2p", dealer=1, hands=[["7S", "AS", "KC"], ["6H", "4H", "AD"]])
    >>> action_words(step(a, "envido"), "fold")[1], action_words(step(a, "raise"), "accept")[0]
    ('said no quiero to the envido', 'say quiero to the truco')
    >>> from truco_learn.i18n import language
    >>> with language("pt-BR"):
    ...     action_words(h, "play:QC")
    ('jogar a dama de paus, zap', 'jogou a dama de paus, zap', 'jogar a dama de paus, zap')
    """
    d = s.deal
    kind, _sep, arg = action.partition(":")
    if kind in ("play", "cover") and len(arg) == 2:
        from ..engine.cards import parse_card

        code = parse_card(arg)
        card = the_card(card_name(code, deck, d.vira, d.opts.manilhas), code)
        if kind == "play":
            return _forms(pgettext("to do", "play {card}"), pgettext("done", "played {card}"),
                          pgettext("doing", "playing {card}"), card=card)
        return _forms(pgettext("to do", "cover {card}"), pgettext("done", "covered {card}"),
                      pgettext("doing", "covering {card}"), card=card)
    if kind == "blind" and arg.isdigit():
        if int(arg) < 3:
            nth = (pgettext("ordinal of a card", "first"), pgettext("ordinal of a card", "second"),
                   pgettext("ordinal of a card", "third"))[int(arg)]
            return _forms(pgettext("to do", "turn up your {nth} card"),
                          pgettext("done", "turned up your {nth} card"),
                          pgettext("doing", "turning up your {nth} card"), nth=nth)
        return _forms(pgettext("to do", "turn up your card {n}"),
                      pgettext("done", "turned up your card {n}"),
                      pgettext("doing", "turning up your card {n}"), n=int(arg) + 1)
    if action == "raise":
        base = s.pending[1] if s.pending is not None else s.stake
        call = stake_name(d.next_stake[base], d.opts.ladder)
        return _forms(pgettext("to do", "call {call}"), pgettext("done", "called {call}"),
                      pgettext("doing", "calling {call}"), call=call)
    # an envido or a contraflor waits (the answer names it), or a truco at a quiero table
    bet = pending_bet(s)
    answered = bet[1] if bet is not None else (
        stake_name(s.pending[1], d.opts.ladder) if s.pending and argentine_table(s) else None)
    if answered is not None and action == "accept":
        return _forms(pgettext("to do", "say quiero to the {call}"),
                      pgettext("done", "said quiero to the {call}"),
                      pgettext("doing", "saying quiero to the {call}"), call=answered)
    if answered is not None and action == "fold":
        return _forms(pgettext("to do", "say no quiero to the {call}"),
                      pgettext("done", "said no quiero to the {call}"),
                      pgettext("doing", "saying no quiero to the {call}"), call=answered)
    if action == "accept":
        if s.pending:
            return _forms(pgettext("to do", "accept {call}"), pgettext("done", "accepted {call}"),
                          pgettext("doing", "accepting {call}"),
                          call=stake_name(s.pending[1], d.opts.ladder))
        return (pgettext("to do", "accept the raise"), pgettext("done", "accepted the raise"),
                pgettext("doing", "accepting the raise"))
    if action == "fold":
        if s.pending:
            return _forms(pgettext("to do", "run from {call}"), pgettext("done", "ran from {call}"),
                          pgettext("doing", "running from {call}"),
                          call=stake_name(s.pending[1], d.opts.ladder))
        return (pgettext("to do", "run from the raise"), pgettext("done", "ran from the raise"),
                pgettext("doing", "running from the raise"))
    ext = envido_words(action)  # envido, flor, dropping out
    if ext is not None:
        return ext[0], ext[1], ext[2]
    n = eleven_name(d.opts.eleven_at)  # "hand of eleven", Mineiro's "hand of ten"
    if action == "onze:play":
        return _forms(pgettext("to do", "play the {name}"), pgettext("done", "played the {name}"),
                      pgettext("doing", "playing the {name}"), name=n)
    return _forms(pgettext("to do", "run from the {name}"), pgettext("done", "ran from the {name}"),
                  pgettext("doing", "running from the {name}"), name=n)


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
    return _("you win") if seats == 2 else _("your team wins")


def _option_sentence(words: str, ev: float, win: float, seats: int) -> str:
    if seats == 2:
        text = _("{action}: you win the hand {win} of the time and score {ev} points on "
                 "average.")
    else:
        text = _("{action}: your team wins the hand {win} of the time and scores {ev} points "
                 "on average.")
    text = text.format(action=words, win=pct(win), ev=signed(ev))
    return text[:1].upper() + text[1:]


def _verdict(label: str, taken: OptionEval, best: OptionEval, done: str, doing: dict[str, str],
             loss: float, seats: int) -> str:
    if taken.action == best.action:
        if seats == 2:
            text = _("{label}: you {done}, the coach's choice too ({ev} points on average; you "
                     "win the hand {win} of the time).")
        else:
            text = _("{label}: you {done}, the coach's choice too ({ev} points on average; "
                     "your team wins the hand {win} of the time).")
        return text.format(label=label_name("good"), done=done, ev=signed(taken.ev),
                           win=pct(taken.win))
    if label == "good":
        return _("{label}: you {done}. The coach slightly prefers to {best}, but the difference "
                 "({diff} points) is within the noise of its estimate.").format(
            label=label_name("good"), done=done, best=best.words, diff=signed(-loss))
    head = _("{label}: you {done} ({ev} points on average); the coach would {best} "
             "({best_ev}).").format(label=label_name(label), done=done, ev=signed(taken.ev),
                                    best=best.words, best_ev=signed(best.ev))
    values = {"best": doing[best.action], "taken": doing[taken.action],
              "best_win": pct(best.win), "taken_win": pct(taken.win)}
    if best.win >= taken.win:
        why = _("{best} wins the hand more often ({best_win} against {taken_win}).")
    else:
        why = _("{taken} wins the hand more often ({taken_win} against {best_win}), but {best} "
                "scores more on average: what each one risks when it loses counts more than "
                "the chance.")
    why = why.format(**values)
    return f"{head} {why[:1].upper()}{why[1:]}"


class HandAnalysis:
    """The coach's evaluations of the learner's decisions on ``board`` (computed on demand,
    kept). ``level`` and ``seed`` as for the after-hand review (the play page reviews hand
    ``n`` with ``seed + n``)."""

    def __init__(self, board: ReplayBoard, level: str = "normal", seed: int = 0,
                 reviewed: Sequence[Any] | None = None) -> None:
        if level not in LEVELS:
            raise ConfigError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.board, self.level, self.seed = board, level, seed
        # the after-hand review's items (bots.review.ReviewItem) by their index in the log
        self.reviewed = {item.index: item for item in reviewed or ()
                         if getattr(item, "options", ())}
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
        item = self.reviewed.get(ply)
        if item is not None and item.action == ACTION_STR[code]:
            # the after-hand review's own numbers and grade for this decision
            acts = [o[0] for o in item.options]
            ev, win, se = ([o[k] for o in item.options] for k in (1, 2, 3))
            ti, bi = acts.index(item.action), acts.index(item.best)
            loss, label, samples = float(item.loss), str(item.label), int(item.samples)
        else:
            obs = observation(s, b.seat)
            est = estimate(obs, LEVELS[self.level], decision_rng(self.seed, obs))
            acts = [ACTION_STR[c] for c in est.actions]
            ev, win, se = list(est.ev), list(est.win), list(est.se)
            bi = max(range(len(acts)), key=lambda i: (est.ev[i], est.win[i], -i))
            ti = est.actions.index(code)
            loss = max(0.0, est.ev[bi] - est.ev[ti])
            label = label_for(loss, est.diff_se(bi, ti) if bi != ti else 0.0)
            samples = est.samples
        words = {a: action_words(s, a, b.deck) for a in acts}
        seats = b.record.opts.seats
        opts = [OptionEval(a, words[a][0], ev[i], win[i], se[i], i == ti, i == bi,
                           _option_sentence(words[a][0], ev[i], win[i], seats))
                for i, a in enumerate(acts)]
        opts.sort(key=lambda o: (-o.ev, -o.win))
        taken, best = opts_by(opts, acts[ti]), opts_by(opts, acts[bi])
        sentence = _verdict(label, taken, best, words[acts[ti]][1],
                            {a: w[2] for a, w in words.items()}, loss, seats)
        return Evaluation(ply, tuple(opts), acts[ti], acts[bi], label, loss, samples,
                          sentence)


def session_replay(session: Any, hand: int | None = None
                   ) -> tuple[ReplayBoard, HandAnalysis, dict[int, str]]:
    """The board, the coach's analysis (the same level and seed as the session's review of
    that hand, and that review's numbers and grades where it was made) and the coach's own
    reasons (ply -> sentence) for a finished hand of a
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
                            session.seed + number, getattr(session, "reviewed", {}).get(number))
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
