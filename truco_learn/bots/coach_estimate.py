"""The coach's numbers: determinized Monte Carlo playouts of every legal action from an
observation (:func:`estimate`), and the best action by them (:func:`best_index`).

Each sample draws a hidden deal consistent with what the coach's seat has seen (weighted by the
other seats' bets, :mod:`.sampler`), tries every legal action on it (the same deals for every
action, so differences are sharp) and plays the hand out: the coach's side by the rule of thumb
as the coach itself plays (:mod:`.playout`), the other team as it was seen to play
(:mod:`.opponent`). :mod:`.coach` decides and explains with these numbers.

>>> from truco_learn.engine import new_hand, observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> est = estimate(observation(s, 0), 40, random.Random(1))
>>> est.samples, len(est.actions) == len(est.win) == 4
(40, True)
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, replace
from typing import Any, Mapping

from ..engine.actions import ENVIDO_CALLS, FOLD, RAISE
from ..engine.state import HandState, apply_legal, legal_codes
from ..errors import ConfigError
from .early_stop import CHECK_AT, TIES, clear_lead
from .equity import WILD_OUTCOMES, equity_table, mixed_table, outcome_table
from .envido_reading import EnvidoAnswers
from .opponent import OpponentModel
from .playout import OwnRaises, playout
from .policy import ROLLOUT, Player, rollout
from .raise_reading import RaiseReading
from .sampler import DealSampler

# the levels a learner climbs (their habits: .levels); "beginner" samples as "easy" does
LEVELS: dict[str, int] = {"beginner": 40, "easy": 40, "normal": 300, "strong": 900}
FEWEST_FOUR_SEAT = 20  # deals a four-seat decision samples at least (the level's, if fewer)


def seat_samples(samples: int, seats: int, extended: bool = False) -> int:
    """Deals sampled per decision: a four-seat deal costs well over twice a two-seat one to
    play out (four players, and a player read by the moment folds less, so the hand goes on),
    so four seats get two fifths as many, which keeps the decision latency within the same
    bounds; but never fewer than :data:`FEWEST_FOUR_SEAT` (the easy levels' 40 give 20, as
    before: 16, often halved by the early stop, make numbers too rough to show). With envido,
    flor or dropping out (``extended``) a hand takes the engine's slower path, and the coach
    reads the other side as learnt (two seats, no flor) or draws their hidden cards by what
    their envido calls say, so two seats get four fifths as many there.

    >>> seat_samples(LEVELS["normal"], 2), seat_samples(LEVELS["normal"], 4)
    (300, 120)
    >>> seat_samples(LEVELS["easy"], 4), seat_samples(LEVELS["strong"], 4)
    (20, 360)
    >>> seat_samples(LEVELS["normal"], 2, extended=True), seat_samples(LEVELS["normal"], 4, True)
    (240, 120)
    >>> seat_samples(LEVELS["easy"], 2, True)
    32
    """
    if seats == 2:
        return samples * 4 // 5 if extended else samples
    return max(min(samples, FEWEST_FOUR_SEAT), samples * 2 // 5)
# my side in the playouts: the rule-of-thumb player, answering raises less timidly (accepting
# from the break-even chance on, their raises weighed less), as the live coach answers: with
# ROLLOUT's answers the playouts folded about 65% of trucos where the live coach folded 53%
OWN = replace(ROLLOUT, accept_margin=0.0, respect=0.1)
# deals drawn for one sample before the best-fitting of them is taken: after a raise from a
# player seen raising only on very good cards, about one deal in six fits, and with 8 tries a
# fifth of the samples fell back on a deal that fits badly (with 16, one in twenty, and a
# sample costs about 15% more in those spots only)
SAMPLER_TRIES = 16
POINT_WEIGHT = 0.005  # game chance one expected point is worth when game chances are level
FAVOURITE = 0.65  # share of the coming hands the coach expects to win (for game chances)


@dataclass(frozen=True, slots=True)
class Estimate:
    """The coach's numbers for one observation."""

    actions: tuple[int, ...]  # legal action codes
    ev: tuple[float, ...]  # mean net points for my team, per action
    se: tuple[float, ...]  # standard error of ev
    win: tuple[float, ...]  # chance my team wins the hand
    samples: int
    example: HandState  # one consistent deal: its public parts and my cards are the real ones
    points: tuple[tuple[int, ...], ...]  # per action, the net points of each sampled deal
    match: tuple[float, ...]  # chance to win the game after this hand, per action
    share: float = FAVOURITE  # share of the coming hands the game chances assume I win
    folded: tuple[float, ...] = ()  # per action, share of deals where they fold to it at once
    # (a raise, or an envido call: their no quiero)
    played_win: tuple[float, ...] = ()  # per action, my win chance in the deals where they don't

    def diff_se(self, i: int, j: int) -> float:
        """Standard error of ``ev[i] - ev[j]`` (paired: both use the same deals)."""
        a, b = self.points[i], self.points[j]
        n = len(a)
        if n < 2:
            return 0.0
        d = [x - y for x, y in zip(a, b)]
        m = sum(d) / n
        return math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)


def decision_rng(seed: int, observation: Mapping[str, Any]) -> random.Random:
    """A RNG that depends only on the seed and the observation: the same question always gets
    the same answer, whatever came before."""
    key = json.dumps(observation, sort_keys=True, default=str)
    return random.Random(f"{seed}|{key}")


def deal_sampler(observation: Mapping[str, Any], trust: float,
                 model: OpponentModel | None = None, infer_bets: bool = True,
                 reading: RaiseReading | None = None) -> DealSampler:
    """The sampler of the deals the coach plays out (:func:`estimate`): their bets read as
    far as ``trust``, and by what ``model`` learnt of them (their answers, turns, raises and
    card play; ``reading`` in place of its raise reading, for diagnostics)."""
    if model is None:
        return DealSampler(observation, infer_bets=infer_bets, trust=trust,
                           tries=SAMPLER_TRIES, resample=True)
    return DealSampler(observation, infer_bets=infer_bets, trust=trust, tries=SAMPLER_TRIES,
                       resample=True, answers=model.answers, turns=model.turns,
                       reading=model.reading if reading is None else reading,
                       answer_reading=model.answer_reading,
                       card_sense=model.card_sense * trust, envido=model.envido_learnt)


def estimate(observation: Mapping[str, Any], samples: int, rng: random.Random,
             infer_bets: bool = True, trust: float = 1.0,
             model: OpponentModel | None = None, own: OwnRaises | None = None,
             stop: str | None = None, envido: EnvidoAnswers | None = None,
             others: Player | None = None) -> Estimate:
    """Expected points, win chance and standard error of every legal action by ``samples``
    determinized rollouts each (raises TrucoError for a malformed observation).

    ``trust`` (0..1) is how far the other team's raises are taken to mean good cards, both
    in the sampled deals and in my side's answers during the playouts. ``model`` (learnt
    during the game) plays the other team's seats in the playouts; without it they play the
    rule-of-thumb policy. With it, each sample first draws which kind of player they are
    (wild with chance ``model.wild``): a sensible player's deal is drawn reading its bets as
    far as ``trust`` and it plays as learnt; a wild player's deal is drawn without reading its
    bets and it plays at random. (One trust for both kinds, ``1 - wild``, gave the deals of a
    sensible player's raise weaker hands than either kind makes it: a deal weighed
    ``1 - t + t * fit`` keeps many of the deals the raise rules out.) ``own`` (learnt from the
    coach's own decisions) says how often my side raises beyond its cards in the playouts;
    given without ``model``, the other team plays by the rule of thumb and my side's truco is
    aimed where it would fold (:func:`.playout.playout` without a model), and their answers to
    my side's envido are drawn from ``envido`` if given. ``others`` (without ``model`` and
    ``own``) plays the other team's seats in place of the rule of thumb: a player whose
    habits are known (:func:`.levels.habit_player`, for a review of play against the coach
    at a level).
    ``stop`` (an objective of :func:`best_index`): half-way through, stop sampling if the best
    action by it is already clear (:mod:`.early_stop`); ``samples`` of the result says how
    many deals were played out."""
    sampler = deal_sampler(observation, trust, model, infer_bets)
    wild_deals: DealSampler | None = None  # deals for a wild player: its bets read as nothing
    example = sampler.checked
    if example.over:
        raise ConfigError("bad observation: the hand is already over")
    if example.to_act != sampler.ob.seat:
        raise ConfigError(f"bad observation: seat {example.to_act} is to act, not seat "
                          f"{sampler.ob.seat}")
    actions = tuple(sorted(legal_codes(example)))
    team = sampler.ob.seat & 1
    k = len(actions)
    tot = [0.0] * k
    sq = [0.0] * k
    wins = [0] * k
    pts_all: list[list[int]] = [[] for _ in range(k)]
    folds = [0] * k
    played_wins = [0] * k
    eq = [0.0] * k
    opts = example.deal.opts
    if model is None:
        share = FAVOURITE
        table = equity_table(opts, share)
    else:
        share = model.hand_share(FAVOURITE)
        table = mixed_table(outcome_table(opts, *model.hand_outcomes(opts.ladder, FAVOURITE)),
                            outcome_table(opts, *WILD_OUTCOMES), model.wild)
    top = example.deal.opts.target
    mine, theirs = example.deal.score[team], example.deal.score[1 - team]
    mine_style = (team, replace(OWN, respect=OWN.respect * trust))
    mine_wild = replace(OWN, respect=0.0)  # against a wild player: its raises mean nothing
    play_rng = random.Random()  # seeded afresh for each playout
    check = max(2, int(samples * CHECK_AT)) if stop is not None else -1
    tie = 0.0 if stop is None else TIES[stop]
    # per action, each sampled deal's worth by the ``stop`` objective (for the early stop)
    worth: list[list[float]] = [[] for _ in range(k)]
    done = 0
    for done in range(1, samples + 1):
        # which kind of player the other team is in this sample, drawn before its deal: a
        # sensible player's bets are read (as far as ``trust``), a wild player's are not
        wild = model is not None and rng.random() < model.wild
        if wild:
            if wild_deals is None:
                wild_deals = DealSampler(observation, infer_bets=False, tries=SAMPLER_TRIES)
            s = wild_deals.sample(rng)
        else:
            s = sampler.sample(rng)
        seed = rng.getrandbits(48)
        for i, code in enumerate(actions):
            play_rng.seed(seed)  # every action's playout of this deal draws the same numbers
            if model is None and own is None:
                end = rollout(apply_legal(s, code), play_rng, ROLLOUT, mine_style, others)
            else:
                end = playout(apply_legal(s, code), play_rng, team,
                              mine_wild if wild else mine_style[1], ROLLOUT, model, own, wild,
                              envido)
            pts = end.points[team] - end.points[1 - team]
            at = len(s.log) + 1  # the answer to my action, if it was a raise or an envido
            if ((code == RAISE or code in ENVIDO_CALLS) and len(end.log) > at
                    and end.log[at][1] == FOLD):
                folds[i] += 1
            else:
                played_wins[i] += end.winner == team
            pts_all[i].append(pts)
            game = table[min(top, mine + end.points[team])][
                min(top, theirs + end.points[1 - team])]
            eq[i] += game
            if stop is not None:
                worth[i].append(game + POINT_WEIGHT * pts if stop == "match" else pts)
            tot[i] += pts
            sq[i] += pts * pts
            if end.winner == team:
                wins[i] += 1
        if done == check and clear_lead(worth, tie=tie):
            break
    samples = done
    n = max(samples, 1)
    ev = tuple(t / n for t in tot)
    se = tuple(math.sqrt(max(0.0, q / n - m * m) / max(n - 1, 1)) for q, m in zip(sq, ev))
    return Estimate(actions, ev, se, tuple(w / n for w in wins), samples, example,
                    tuple(tuple(p) for p in pts_all), tuple(e / n for e in eq), share,
                    tuple(f / n for f in folds),
                    tuple(w / (n - f) if n > f else 0.0 for w, f in zip(played_wins, folds)))


def best_index(est: Estimate, objective: str = "match") -> int:
    """The best action: by chance to win the game (``match``), or by expected points
    (``points``); ties go to more points, then to the higher win chance."""
    if objective == "match":
        return max(range(len(est.actions)),
                   key=lambda i: (est.match[i] + POINT_WEIGHT * est.ev[i], est.ev[i], -i))
    return max(range(len(est.actions)), key=lambda i: (est.ev[i], est.win[i], -i))


__all__ = ["Estimate", "FAVOURITE", "LEVELS", "OWN", "POINT_WEIGHT", "SAMPLER_TRIES",
           "best_index", "deal_sampler", "decision_rng", "estimate", "seat_samples"]
