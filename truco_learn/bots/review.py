"""The coach as reviewer: every decision of one seat in a finished hand, graded by the drop in
expected points against the best action, like chess game review.

The coach sees, at each decision, only the observation that seat had then.

>>> from truco_learn.engine import new_hand, step
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6D"], ["QC", "QH", "3S"]])
>>> for a in ["raise", "fold"]:        # seat 1 runs from a truco holding zap and copas
...     s = step(s, a)
>>> [(i.index, i.action, i.label, i.best in ("accept", "raise")) for i in review(s, 1, "easy")]
[(1, 'fold', 'blunder', True)]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Container, Mapping

from ..engine.actions import ACTION_STR, FOLD, RAISE
from ..engine.observer import observation
from ..engine.state import HandState, apply_legal
from ..errors import ConfigError
from .coach import LEVELS, decision_rng, estimate, explain, raise_split
from .coach_estimate import Estimate
from .hand_draws import hand_steps
from .policy import Player
from .review_answers import (FOLD_PRIOR_DEALS, Answerer, answered_estimate, answered_split,
                             played_part)
from .review_sentences import review_reason, your_raise

# loss in expected points from which a move gets each label (checked from the worst down)
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 1.0), ("mistake", 0.5),
                                              ("inaccuracy", 0.2))


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One reviewed decision. ``index`` is its position in ``hand.log``."""

    index: int
    action: str
    best: str
    ev_taken: float
    ev_best: float
    loss: float
    label: str  # "good" | "inaccuracy" | "mistake" | "blunder"
    reason: str
    split: dict[str, float] | None = None  # a raise's numbers (:func:`.coach.raise_split`)
    #: every legal option as the review priced it: (action, ev, win, se), in the estimate's
    #: order, and the deals drawn; the replay of the hand shows these same numbers
    options: tuple[tuple[str, float, float, float], ...] = ()
    samples: int = 0


def label_for(loss: float, noise: float = 0.0) -> str:
    """The label for a loss of expected points; a loss within twice its standard error
    (``noise``) is not counted against the player.

    >>> label_for(0.1), label_for(0.3), label_for(0.7), label_for(2.0), label_for(0.7, 0.4)
    ('good', 'inaccuracy', 'mistake', 'blunder', 'good')
    """
    if loss <= 2 * noise:
        return "good"
    for name, at in THRESHOLDS:
        if loss >= at:
            return name
    return "good"


def review(hand: HandState, seat: int, level: str = "normal", seed: int = 0,
           answerer: Answerer | None = None,
           their_play: Player | None = None,
           answers_level: str | None = None,
           skip: Container[int] = ()) -> list[ReviewItem]:
    """Grade every decision ``seat`` took in ``hand`` (a finished or unfinished hand whose
    ``log`` holds the actions). Forced moves (one legal action) are left out.

    A raise's numbers (their fold, the chance when it is played, its expected points) come
    from the review's playouts, where the other side answers by the rule of thumb. With
    ``answerer`` (how the other side answers: on the play page, the coach as it stood at the
    learner's turn ``index``) the learner's raises are answered by it on the deals the review
    draws (:mod:`.review_answers`), and so is a raise the playouts name the better move where
    the learner did not raise (when the playouts would grade the learner's move worse than
    good for it); the grade and the better move come from those numbers. The answerer is
    asked only at the learner's turns where a raise was open. ``their_play`` plays the other
    side in the review's playouts in place of the rule of thumb: on the play page against the
    coach at a level with habits, those habits (:func:`.levels.habit_player`), so that a move
    is priced against the answers that level gives (a beginner's coach runs from a later
    truco it holds no manilha for as surely as from one now). ``answers_level``: the level
    of the coach that answers, where it is not the review's own ``level`` (a table's review
    works at ``easy`` against the coach at any level); it sets how far the answerer's folds
    are drawn towards one half (:data:`.review_answers.FOLD_PRIOR_DEALS`). ``skip``: the
    indices of ``hand.log`` that ``seat`` did not decide itself (at a table, the moves a bot
    made for a person who was away), left out."""
    for named in (level, answers_level or level):
        if named not in LEVELS:
            raise ConfigError(f"unknown level {named!r} (known: {', '.join(LEVELS)})")
    d = hand.deal
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < d.opts.seats:
        raise ConfigError(f"seat {seat!r} is not a seat of this hand")
    items: list[ReviewItem] = []
    for index, (who, code, s) in enumerate(hand_steps(hand)):
        if who == seat and index not in skip:
            obs = observation(s, seat)
            est = estimate(obs, LEVELS[level], decision_rng(seed, obs), others=their_play)
            if len(est.actions) > 1 and code in est.actions:
                taken = est.actions.index(code)
                paired: Mapping[str, float] = {}
                if answerer is not None and RAISE in est.actions:
                    raised, best = est.actions.index(RAISE), _best(est)
                    # the learner's raise, or a raise the playouts name the better move by
                    # more than their noise: as the other side answers it
                    if raised == taken or (raised == best
                                           and _graded(est, best, taken, {})[1] != "good"):
                        est, paired = _answered(s, obs, index, answerer, seed, est, raised,
                                                answers_level or level, their_play)
                best = _best(est)
                loss, label = _graded(est, best, taken, paired)
                why = explain(obs, est, best, best, False)
                reason = review_reason(label, ACTION_STR[code], ACTION_STR[est.actions[best]],
                                       est.ev[taken], est.ev[best], why)
                split = None
                if code == RAISE:  # the learner's raise: their fold and the played hand apart
                    split = raise_split(est, taken)
                    note = your_raise(split, guessed=answerer is None and their_play is None,
                                      said=reason)
                    reason += " " + note if note else ""
                options = tuple((ACTION_STR[a], est.ev[i], est.win[i], est.se[i])
                                for i, a in enumerate(est.actions))
                items.append(ReviewItem(
                    index, ACTION_STR[code], ACTION_STR[est.actions[best]],
                    round(est.ev[taken], 3), round(est.ev[best], 3), round(loss, 3), label,
                    reason, split, options, est.samples))
    return items


def _best(est: Estimate) -> int:
    """The best action by expected points (ties: the likelier win, then the first)."""
    return max(range(len(est.actions)), key=lambda i: (est.ev[i], est.win[i], -i))


def _graded(est: Estimate, best: int, taken: int,
            paired: Mapping[str, float]) -> tuple[float, str]:
    """The loss of ``taken`` against ``best`` in expected points, and its label."""
    loss = max(0.0, est.ev[best] - est.ev[taken])
    return loss, label_for(loss, _noise(est, best, taken, paired))


def _noise(est: Estimate, best: int, taken: int, paired: Mapping[str, float]) -> float:
    """The standard error of the loss of ``taken`` against ``best``: paired on the review's
    deals, or, where one of the two is a raise asked (``paired``: by each other move, the
    error of the raise's points less the move's on the raise's own deals), there."""
    if best == taken:
        return 0.0
    if paired and est.actions[best] == RAISE:
        return paired[ACTION_STR[est.actions[taken]]]
    if paired and est.actions[taken] == RAISE:
        return paired[ACTION_STR[est.actions[best]]]
    return est.diff_se(best, taken)


def _answered(s: HandState, obs: Mapping[str, Any], index: int, answerer: Answerer,
              seed: int, est: Estimate, raised: int,
              level: str, their_play: Player | None = None
              ) -> tuple[Estimate, Mapping[str, float]]:
    """``est`` with a raise by the learner's seat (``est.actions[raised]``, in state ``s``,
    the learner's turn ``index`` of the hand's log) as the ``answerer`` answers it
    (:func:`.review_answers.answered_split`): the chance when played drawn towards the
    review's own playouts', the fold towards one half as far as ``level`` asks
    (:data:`.review_answers.FOLD_PRIOR_DEALS`); and by each other move, the standard error of
    the raise's points less the move's, paired on the deals the raise was asked on. The
    other side plays out by ``their_play`` where given, as in the review's own playouts; and
    there (a coach at a level with habits, whose decisions are cheap to ask) each other move
    is also priced on those deals, the answerer making the other side's replies to it before
    the playouts, in place of the review's own playouts: such a coach lays traps the habits
    do not (it answers a quiet card with a low one, lets the learner call truco and asks for
    six), and the raise was priced against the coach itself."""
    team = s.to_act & 1
    prior = played_part(est, raised, apply_legal(apply_legal(s, RAISE), FOLD), team)
    moves = [c for c in est.actions if c != RAISE]
    got = answered_split(obs, index, answerer, random.Random(f"{seed}|answers|{index}"),
                         prior_played=prior, fold_prior=FOLD_PRIOR_DEALS[level],
                         pairs=(moves, random.Random(f"{seed}|pairs|{index}")),
                         their_play=their_play, replies=their_play is not None)
    return answered_estimate(est, raised, got), got["paired_se"]
