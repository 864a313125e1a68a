"""The coach: determinized Monte Carlo rollouts from the observation, with the numbers shown.

For each decision the coach draws hidden deals consistent with what its seat has seen (weighted
by the other seats' bets, :mod:`.sampler`), tries every legal action on every deal (the same
deals for every action, so differences are sharp), plays each hand out with the rule-of-thumb
policy for its own side and as the other team was seen to play for theirs (:mod:`.opponent`:
how often they fold, accept, raise again, raise, and whether their bets and cards follow their
hand, learnt during the game from the public log), and takes the action that gives the best
chance to win the game (:mod:`.equity` turns each playout's points into a game-winning chance
at the current score, from how this game's hands have ended so far, blended with how hands end
against a wild player as far as the other team looks wild), then the most points.
The explanation lists every action's expected points (``ev``, net points for my team from this
hand), chance to win the hand (``win``), the standard error of ``ev`` (``se``) and the chance
to win the game afterwards (``game``).

>>> from truco_learn.engine import new_hand, observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> d = CoachBot("easy", seed=1).decide(observation(s, 0))
>>> d.action in ["play:3S", "play:4H", "play:QC", "raise"], d.explanation["samples"]
(True, 40)
>>> sorted(o["action"] for o in d.explanation["options"])
['play:3S', 'play:4H', 'play:QC', 'raise']
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, replace
from typing import Any, Mapping

from ..engine.actions import ACTION_STR, COVER, FOLD, ONZE_FOLD, ONZE_PLAY, RAISE
from ..engine.cards import parse_card
from ..engine.observer import parse_observation
from ..engine.state import IRON, HandState, apply_legal, legal_codes
from ..errors import ConfigError
from .base import Decision
from .equity import WILD_OUTCOMES, equity_table, mixed_table, outcome_table
from .envido_explain import envido_facts, envido_kind, envido_summary
from .facts import table_facts
from .credibility import RaiseCredibility
from .early_stop import CHECK_AT, TIES, clear_lead
from .opponent import OpponentModel
from .playout import OwnRaises, playout
from .policy import ROLLOUT, rollout
from .sampler import DealSampler
from .self_check import SelfCheck
from .sentences import summarize

# the levels a learner climbs (their habits: .levels); "beginner" samples as "easy" does
LEVELS: dict[str, int] = {"beginner": 40, "easy": 40, "normal": 300, "strong": 900}


def seat_samples(samples: int, seats: int) -> int:
    """Deals sampled per decision: a four-seat playout costs about twice a two-seat one, so
    four seats get half as many, which keeps the decision latency the same.

    >>> seat_samples(LEVELS["normal"], 2), seat_samples(LEVELS["normal"], 4)
    (300, 150)
    """
    return samples if seats == 2 else max(1, samples // 2)
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


def estimate(observation: Mapping[str, Any], samples: int, rng: random.Random,
             infer_bets: bool = True, trust: float = 1.0,
             model: OpponentModel | None = None, own: OwnRaises | None = None,
             stop: str | None = None) -> Estimate:
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
    coach's own decisions) says how often my side raises beyond its cards in the playouts.
    ``stop`` (an objective of :func:`best_index`): half-way through, stop sampling if the best
    action by it is already clear (:mod:`.early_stop`); ``samples`` of the result says how
    many deals were played out."""
    sampler = DealSampler(observation, infer_bets=infer_bets, trust=trust, tries=SAMPLER_TRIES,
                          resample=True,
                          answers=None if model is None else model.answers,
                          turns=None if model is None else model.turns,
                          reading=None if model is None else model.reading,
                          card_sense=0.0 if model is None else model.card_sense * trust)
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
            if model is None:
                end = rollout(apply_legal(s, code), play_rng, ROLLOUT, mine_style)
            else:
                end = playout(apply_legal(s, code), play_rng, team,
                              mine_wild if wild else mine_style[1], ROLLOUT, model, own, wild)
            pts = end.points[team] - end.points[1 - team]
            at = len(s.log) + 1  # the answer to my action, if it was a raise
            if code == RAISE and len(end.log) > at and end.log[at][1] == FOLD:
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


class CoachBot:
    """The explaining bot. ``level`` sets the number of sampled deals per decision (half as
    many with four seats, where each playout costs about twice as much)."""

    name = "coach"

    def __init__(self, level: str = "normal", seed: int = 0, bluff_rate: float = 0.25,
                 bluff_margin: float = 0.08, samples: int | None = None,
                 objective: str = "match", early_stop: bool = True) -> None:
        if level not in LEVELS:
            raise ConfigError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.level = level
        self.samples = LEVELS[level] if samples is None else samples
        self.objective = objective
        self.early_stop = early_stop  # stop sampling half-way when the choice is clear
        self.seed = seed
        self.bluff_rate = bluff_rate
        self.bluff_margin = bluff_margin
        # learnt during the game from public cards and bets, one pair per team this bot plays
        self.learnt: dict[int, tuple[RaiseCredibility, OpponentModel]] = {}
        # its own stated chances against the hands won in this game (:mod:`.self_check`)
        self.checked: dict[int, SelfCheck] = {}
        # its own raises beyond what its cards call for, for its side in the playouts
        self.own: dict[int, OwnRaises] = {}

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        """Choose the action with the best chance to win the game (then the most points),
        bluff now and then where the numbers allow it, and explain the choice."""
        rng = decision_rng(self.seed, observation)
        ob = parse_observation(observation)
        credibility, model = self.learnt.setdefault(ob.seat & 1,
                                                    (RaiseCredibility(), OpponentModel()))
        # envido, flor and dropping out: the other team plays the rule-of-thumb policy in the
        # playouts (the learnt opponent model reads Brazilian hands only)
        extended = ob.opts.extended
        if not extended:
            credibility.observe(ob)
            model.observe(ob)
        model.credible = credibility.trust
        model.shown = (credibility.total, credibility.strong)
        trust = model.informative
        own = self.own.setdefault(ob.seat & 1, OwnRaises())
        # with the learnt model, each sample draws whether they are wild (:func:`estimate`),
        # so a sensible player's bets are read as far as the raises they showed say
        est = estimate(observation, seat_samples(self.samples, ob.opts.seats), rng,
                       trust=trust if extended else model.credible,
                       model=None if extended else model, own=None if extended else own,
                       stop=self.objective if self.early_stop else None)
        best = best_index(est, self.objective)
        chosen = best
        bluff = no_truco = False
        if RAISE in est.actions and est.example.pending is None:
            r = est.actions.index(RAISE)
            if cheap_truco(est.example, ob.seat):
                chosen = best_other(est, r, self.objective)
                no_truco = best == r
            elif est.win[r] < 0.5 and (r == best or (
                    est.ev[r] >= est.ev[best] - self.bluff_margin
                    and rng.random() < self.bluff_rate)):
                chosen, bluff = r, True
        check = self.checked.setdefault(ob.seat & 1, SelfCheck())
        shown = est
        if not extended:
            check.observe(ob)
            shown = corrected(est, check)
        exp = explain(observation, shown, chosen, best, bluff)
        if no_truco:  # the numbers favoured it; the coach does not teach it (cheap_truco)
            exp["facts"]["decision"]["rule"] = "no_weak_truco"
            exp["summary"] = summarize(exp)
        if not extended:
            kind = option_kind(est, chosen)
            exp["facts"]["self_check"] = {"raw_win": round(est.win[chosen], 3),
                                          "by_kind": check.facts()}
            check.note(ob, kind, est.win[chosen] if kind is not None else None)
        exp["facts"]["their_raises"] = credibility.facts()
        exp["facts"]["their_play"] = model.facts()
        action = ACTION_STR[est.actions[chosen]]
        model.note_own(ob, action)
        if not extended:
            own.note(est.example, ob.seat, est.actions[chosen] == RAISE,
                     replace(OWN, respect=OWN.respect * trust))
            exp["facts"]["own_raises"] = own.facts()
        return Decision(action, exp)


def option_kind(est: Estimate, i: int) -> str | None:
    """The calibration kind (:mod:`.calibration`) of option ``i``: None for a fold or a
    forced move, whose stated chance says nothing."""
    code, s = est.actions[i], est.example
    if len(est.actions) == 1 or code in (FOLD, ONZE_FOLD):
        return None
    if code == RAISE:
        return "own raise"
    if s.onze_pending or code == ONZE_PLAY:
        return "hand of eleven"
    return "answer" if s.pending is not None else "card play"


def corrected(est: Estimate, check: SelfCheck) -> Estimate:
    """The estimate with each option's chance to win the hand corrected by what this game
    showed of the coach's stated chances of that kind (:mod:`.self_check`); a raise's chance
    when it is played is moved with it (their folds stay as sampled)."""
    win = tuple(check.correct(option_kind(est, i), w) for i, w in enumerate(est.win))
    played = list(est.played_win)
    for i, f in enumerate(est.folded):
        if est.actions[i] == RAISE and f < 1.0 and i < len(played):
            played[i] = min(1.0, max(0.0, (win[i] - f) / (1.0 - f)))
            win = win[:i] + (f + (1.0 - f) * played[i],) + win[i + 1:]
    return replace(est, win=win, played_win=tuple(played))


ACE = 7  # strength of an ace: a hand with nothing above it is weak


def cheap_truco(s: HandState, seat: int) -> bool:
    """Would a raise now be a truco before any card of the hand with nothing above an ace?
    (Such trucos were the coach's worst leak: a player who raises back on strong hands makes
    them cost points. The coach never makes them: :func:`best_other`.)

    >>> from truco_learn.engine import new_hand
    >>> weak = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "KS", "AC"], ["2H", "5C", "KD"]])
    >>> cheap_truco(weak, 0), cheap_truco(weak, 1)
    (True, False)
    """
    return (s.deal.mode != IRON and all(code >= RAISE for _, code in s.log)
            and bool(s.left[seat]) and max(s.deal.strength[c] for c in s.left[seat]) <= ACE)


def best_other(est: Estimate, r: int, objective: str) -> int:
    """The best action other than ``r`` (``r`` itself when it is the only one): a cheap truco
    is never taken, whatever the numbers say. Against a player who folds most raises such a
    truco may pay, but a coach that calls truco with nothing above an ace before the first
    card teaches the habit that costs beginners most: players who raise back make it cost
    points (about 2 points a match, measured against such a player)."""
    others = [i for i in range(len(est.actions)) if i != r]
    if not others:
        return r
    return max(others, key=lambda i: (est.match[i] + POINT_WEIGHT * est.ev[i], est.ev[i], -i)
               if objective == "match" else (est.ev[i], est.win[i], -i))


def explain(observation: Mapping[str, Any], est: Estimate, chosen: int, best: int,
            bluff: bool) -> dict[str, Any]:
    """The explanation object of PROTOCOL.md, with the facts and a generated summary."""
    ob = parse_observation(observation)
    s = est.example
    facts = table_facts(ob, s)
    code = est.actions[chosen]
    facts["ladder"] = list(s.deal.opts.ladder)
    facts["eleven_fold"] = s.deal.opts.eleven_fold
    facts["eleven_at"] = s.deal.opts.eleven_at
    facts["game_model"] = {"hand_share": est.share}  # "game" assumes I win this share of hands
    if s.pending is not None:
        facts["stakes"] = {"fold_pays": s.stake, "accept_plays_for": s.pending[1],
                           "break_even": round((s.pending[1] - s.stake) / (2 * s.pending[1]), 3)}
    ext_kind = envido_kind(s, code, est.actions)  # envido, flor or dropping out
    if ext_kind is not None:
        facts.update(envido_facts(ob, s, ext_kind, random.Random(len(ob.log))))
    facts["decision"] = {"kind": ext_kind or _kind(s, est.actions), "chosen": ACTION_STR[code],
                         "best": ACTION_STR[est.actions[best]], "bluff": bluff,
                         "reason": _card_reason(s, ob.seat, code, facts)}
    if code == RAISE and est.folded:
        facts["raise_split"] = raise_split(est, chosen)
    order = sorted(range(len(est.actions)), key=lambda i: -est.ev[i])
    options = [{"action": ACTION_STR[est.actions[i]], "ev": round(est.ev[i], 3),
                "win": round(est.win[i], 3), "se": round(est.se[i], 3),
                "game": round(est.match[i], 3)} for i in order]
    out: dict[str, Any] = {"summary": "", "options": options, "samples": est.samples,
                           "facts": facts}
    out["summary"] = envido_summary(out) if ext_kind is not None else summarize(out)
    return out


def raise_split(est: Estimate, i: int) -> dict[str, float]:
    """A raise's numbers apart: how often they fold at once, and my chance to win the hand
    when they do not (they accept, or raise back and the hand goes on)."""
    return {"they_fold": round(est.folded[i], 3), "played_win": round(est.played_win[i], 3)}


def _kind(s: HandState, actions: tuple[int, ...]) -> str:
    if len(actions) == 1:
        return "only"
    if s.onze_pending or ONZE_PLAY in actions or ONZE_FOLD in actions:
        return "onze"
    if s.pending is not None:
        return "answer"
    if s.deal.mode == IRON:
        return "blind"
    return "play"


def _card_reason(s: HandState, seat: int, code: int, facts: Mapping[str, Any]) -> str:
    """Which plain rule of thumb the chosen card play matches (for the sentence)."""
    if code >= RAISE or s.deal.mode == IRON:
        return ""
    strength = s.deal.strength
    table = facts.get("table")
    if code >= COVER:  # "could not take this trick" only when it is true of the covered card
        card = code - COVER
        if table is None:
            return "cover"
        top = strength[parse_card(table["best"])]
        if table["by"] == "us":
            return "cover_partner"
        return "cover_losing" if strength[card] < top else "cover"
    mine = sorted(s.left[seat], key=lambda c: strength[c])
    st = strength[code]
    if len(mine) == 1:
        return "last_card"
    if table is not None:
        top = strength[parse_card(table["best"])]
        if table["by"] == "us" and code == mine[0]:
            return "partner"
        if table["by"] == "them":
            above = [c for c in mine if strength[c] > top]
            if st > top:
                return "cheapest_winner" if code == above[0] else "beats"
            if st == top:
                return "tie"
            if not above and st == strength[mine[0]]:  # it really is my lowest card
                return "cannot_beat"
    if code == mine[-1] and not facts.get("unseen_better"):
        return "unbeatable"
    if table is None and len(mine) == 3 and code == mine[0]:
        return "lead_low"
    if table is None and code == mine[-1]:
        return "lead_high"
    return ""
