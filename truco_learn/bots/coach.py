"""The coach: determinized Monte Carlo rollouts from the observation, with the numbers shown.

For each decision the coach draws hidden deals consistent with what its seat has seen (weighted
by the other seats' bets, :mod:`.sampler`), tries every legal action on every deal (the same
deals for every action, so differences are sharp: :mod:`.coach_estimate`), plays each hand out
with the rule-of-thumb policy for its own side and as the other team was seen to play for
theirs (:mod:`.opponent`: how often they fold, accept, raise again, raise, and whether their
bets and cards follow their hand, learnt during the game from the public log), and takes the
action that gives the best chance to win the game (:mod:`.equity` turns each playout's points
into a game-winning chance at the current score, from how this game's hands have ended so far,
blended with how hands end against a wild player as far as the other team looks wild), then
the most points.
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

import random
from dataclasses import replace
from typing import Any, Mapping

from ..engine.actions import ACTION_STR, COVER, ENVIDO_CALLS, FOLD, ONZE_FOLD, ONZE_PLAY, RAISE
from ..engine.cards import ACE, parse_card
from ..engine.observer import Observed, determinize, parse_observation
from ..engine.options import Options
from ..engine.state import IRON, HandState, exposed_tie_loser
from ..errors import ConfigError
from .base import Decision
from .coach_estimate import (FAVOURITE, LEVELS, OWN, POINT_WEIGHT, SAMPLER_TRIES, Estimate,
                             best_index, decision_rng, estimate, seat_samples)
from .coach_memory import CoachMemory, fade_folds
from .credibility import RaiseCredibility
from .envido_evidence import EnvidoLearnt
from .envido_explain import envido_facts, envido_kind, envido_summary
from .facts import table_facts
from .fold_check import FoldCheck
from .opponent import OpponentModel
from .playout import OwnRaises
from .self_check import SelfCheck, for_seats
from .sentences import summarize


# an answer to a raise plays out this many times the deals of the level, and every one of them
# (no early stop): the answers are the chances the coach stated least truly (issue 18), and
# on 400 matches the extra deals brought them closer against four yardsticks of five
ANSWER_DEALS = 2


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
        # the folds it stated for its raises against their answers (:mod:`.fold_check`)
        self.fold_checks: dict[int, FoldCheck] = {}
        # its own raises beyond what its cards call for, for its side in the playouts
        self.own: dict[int, OwnRaises] = {}
        self.memory: CoachMemory | None = None  # of the player met in earlier matches
        self.seats = 0  # of the table it plays at, once it has decided

    def recall(self, memory: CoachMemory | None) -> None:
        """Start this match from what earlier matches against the same player taught
        (:mod:`.coach_memory`); call before the match's first decision."""
        if self.learnt:
            raise ConfigError("the coach recalls a player before its first decision only")
        self.memory = memory

    def remembered(self) -> CoachMemory | None:
        """What to remember of the other team for the next match against it: the recalled
        memory and this match's evidence, faded (:meth:`.OpponentModel.remembered`), with
        the folds it stated at its raises and whether they came (:mod:`.fold_check`); the
        recalled memory as it came (None if none) when this coach watched no hand,
        or played at four seats: there the reading reads a team of two, and in the arena the
        coach met again over series of matches won fewer of them (82.3% of 400 against the
        heuristic in paulista-4p, 85.5% met afresh), so it starts every match afresh."""
        models = [(team, model) for team, (_, model) in self.learnt.items() if model.watched]
        if not models or self.seats != 2:
            return self.memory
        team, model = models[0]
        memory = model.remembered()
        folds = self.fold_checks.get(team)
        if folds is not None and (folds.raises or folds.settled()):  # raises of this match
            memory = replace(memory, folds=fade_folds(folds.weighted()))
        return memory

    def _learnt(self, ob: Observed) -> tuple[RaiseCredibility, OpponentModel]:
        learnt = self.learnt.get(ob.seat & 1)
        if learnt is None:
            self.seats = ob.opts.seats
            memory = self.memory if self.seats == 2 else None
            learnt = self.learnt[ob.seat & 1] = (RaiseCredibility(), OpponentModel(memory))
        return learnt

    def watch(self, observation: Mapping[str, Any]) -> None:
        """See a finished hand's end from this seat, as a player at the table does: what was
        played after this seat's last turn (the other team's answers to my partner's raises,
        their fold to mine, the cards shown last) is read into what the coach learns of them.
        Decides nothing.

        Without it a seat saw a hand only up to its own last turn. At four seats it then never
        saw the other team fold to its partner's raises (the hand ended there), only their
        accepts, and learnt from half the folds; at two seats it missed their last card
        whenever they played after it.

        >>> from truco_learn.engine import new_hand, observation, step
        >>> s = new_hand("paulista-4p", dealer=3, vira="7D",
        ...              hands=[["4H", "5S", "6C"], ["5C", "4D", "6D"], ["4C", "5D", "6S"],
        ...                     ["7H", "7C", "JD"]])
        >>> for action in ("play:4H", "play:5C", "raise", "fold"):  # my partner raises
        ...     s = step(s, action)
        >>> coach = CoachBot("easy")
        >>> coach.watch(observation(s, 0)); coach.learnt[0][1].folds
        1
        """
        self._read(parse_observation(observation))

    def _read(self, ob: Observed) -> tuple[RaiseCredibility, OpponentModel, bool]:
        """This seat's reading of the other team, with ``ob`` read into it where the learnt
        model plays them (:func:`plays_as_learnt`, the third item)."""
        credibility, model = self._learnt(ob)
        if ob.seat & 1 not in self.fold_checks:
            self.fold_checks[ob.seat & 1] = FoldCheck(
                self.memory.folds if self.memory is not None and self.seats == 2 else ())
        self.fold_checks[ob.seat & 1].observe(ob)
        learnt_model = plays_as_learnt(ob.opts)
        if learnt_model:
            credibility.observe(ob)
            model.observe(ob)
        return credibility, model, learnt_model

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        """Choose the action with the best chance to win the game (then the most points),
        bluff now and then where the numbers allow it, and explain the choice."""
        rng = decision_rng(self.seed, observation)
        ob = parse_observation(observation)
        credibility, model, learnt_model = self._read(ob)
        # with envido or dropping out at two seats too the learnt model reads their truco and
        # plays them in the playouts; their envido calls are the rule of thumb's there, bluffs
        # and answers to mine as learnt (:meth:`.OpponentModel.choose`). At four seats with envido,
        # and with flor, the other team plays the rule of thumb in the playouts, my side's
        # truco aimed where it folds, their answers to my envido a stranger's
        # (:func:`.playout.playout` without a model): read as learnt at four seats, the
        # coach's stated chances were further off against the heuristic, and with flor the
        # decisions took longer than the latency target allows (coach-rounds.md, round 22)
        extended = ob.opts.extended
        model.credible = credibility.trust
        model.shown = (credibility.total, credibility.strong)
        trust = model.informative
        own = self.own.setdefault(ob.seat & 1, OwnRaises())
        # with the learnt model, each sample draws whether they are wild (:func:`estimate`),
        # so a sensible player's bets are read as far as the raises they showed say
        answer = determinize(ob, random.Random(0)).pending is not None
        samples = (seat_samples(self.samples, ob.opts.seats, extended)
                   * (ANSWER_DEALS if answer else 1))
        est = estimate(observation, samples, rng,
                       trust=model.credible if learnt_model else trust,
                       model=model if learnt_model else None, own=own,
                       stop=self.objective if self.early_stop and not answer else None,
                       envido=None if learnt_model else model.envido_answers)
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
        check = self.checked.setdefault(ob.seat & 1, for_seats(ob.opts.seats, extended))
        check.observe(ob)
        folds = self.fold_checks[ob.seat & 1]
        shown = corrected(est, check, folds)
        exp = explain(observation, shown, chosen, best, bluff,
                      model.envido_learnt if learnt_model else None)
        if no_truco:  # the numbers favoured it; the coach does not teach it (cheap_truco)
            exp["facts"]["decision"]["rule"] = "no_weak_truco"
            exp["summary"] = summarize(exp)
        kind = option_kind(est, chosen)
        exp["facts"]["self_check"] = {"raw_win": round(est.win[chosen], 3),
                                      "by_kind": check.facts(), "folds": folds.facts()}
        x = est.example.ext
        check.note(ob, kind, est.win[chosen] if kind is not None else None,
                   (0, 0) if x is None else x.bonus)
        exp["facts"]["their_raises"] = credibility.facts()
        exp["facts"]["their_play"] = model.facts()
        action = ACTION_STR[est.actions[chosen]]
        if est.actions[chosen] == RAISE and est.folded:
            folds.note(ob, est.folded[chosen], back=answer)
        model.note_own(ob, action)
        own.note(est.example, ob.seat, est.actions[chosen] == RAISE,
                 replace(OWN, respect=OWN.respect * trust))
        exp["facts"]["own_raises"] = own.facts()
        return Decision(action, exp)


def plays_as_learnt(opts: Options) -> bool:
    """Does the coach read and play the other side as learnt at this table (every Brazilian
    table; with envido or dropping out, two seats without flor)?

    >>> from truco_learn.engine import make_options
    >>> [plays_as_learnt(make_options(v)) for v in
    ...  ("paulista-4p", "argentino-2p", "argentino-4p", "gauderio-2p")]
    [True, True, False, False]
    """
    return not opts.extended or (opts.seats == 2 and not opts.flor)


def option_kind(est: Estimate, i: int) -> str | None:
    """The calibration kind (:mod:`.calibration`) of option ``i``: None for a fold or a
    forced move, whose stated chance says nothing."""
    code, s = est.actions[i], est.example
    if len(est.actions) == 1 or code in (FOLD, ONZE_FOLD):
        return None
    if code == RAISE:
        return "own raise"
    if envido_kind(s, code, est.actions) is not None:  # envido, flor, dropping out: the
        return "card play"  # arena counts them with the card plays (calibration.decision_kind)
    if s.onze_pending or code == ONZE_PLAY:
        return "hand of eleven"
    return "answer" if s.pending is not None else "card play"


def corrected(est: Estimate, check: SelfCheck, folds: FoldCheck | None = None) -> Estimate:
    """The estimate with each option's chance to win the hand corrected by what this game
    showed of the coach's stated chances of that kind (:mod:`.self_check`); a raise's chance
    when it is played is moved with it. With ``folds``, a raise's fold is then corrected by
    what their answers showed (:mod:`.fold_check`), held at or below the raise's chance to win
    the hand, which stays; the chance when played takes the rest.

    >>> est = Estimate(actions=(RAISE,), ev=(1.0,), se=(0.0,), win=(0.7,), samples=100,
    ...                example=None, points=(), match=(0.6,), folded=(0.25,), played_win=(0.6,))
    >>> f = FoldCheck()
    >>> f.raises.extend([(0.0, 1.0)] * 12)              # they folded to every raise seen
    >>> shown = corrected(est, SelfCheck(), f)    # the fold held at the chance to win
    >>> round(shown.win[0], 3), round(shown.folded[0], 3), shown.played_win
    (0.7, 0.7, (0.0,))
    >>> round(corrected(est, SelfCheck(), FoldCheck()).played_win[0], 3)   # none seen yet
    0.6
    """
    win = [check.correct(option_kind(est, i), w) for i, w in enumerate(est.win)]
    played, fold = list(est.played_win), list(est.folded)
    for i, f in enumerate(est.folded):
        if est.actions[i] == RAISE and f < 1.0 and i < len(played):
            win[i] = max(win[i], f)  # a fold is a hand won
            fold[i] = f if folds is None else min(folds.correct(f), win[i])
            played[i] = min(1.0, max(0.0, (win[i] - fold[i]) / (1.0 - fold[i])))
    return replace(est, win=tuple(win), played_win=tuple(played), folded=tuple(fold))


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
            bluff: bool, envido: EnvidoLearnt | None = None) -> dict[str, Any]:
    """The explanation object of PROTOCOL.md, facts and summary (``envido``: their envido read)."""
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
        facts.update(envido_facts(ob, s, ext_kind, random.Random(len(ob.log)), envido))
        if code in ENVIDO_CALLS and est.folded and "envido" in facts:
            facts["envido"]["they_fold"] = round(est.folded[chosen], 3)  # their no quiero
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


def _tie_reason(s: HandState, seat: int, top: int) -> str:
    """``"tie"``, or, where the exposed-card rule would decide a tie at ``top`` (a card of that
    strength was face up when this trick's last raise was made; RULES.md, Exposed-card rule),
    ``"tie_exposed_us"`` / ``"tie_exposed_them"``: the team that made that raise loses."""
    loser = exposed_tie_loser(s.deal, s.exposed, s.cur, top)
    if loser is None:
        return "tie"
    return "tie_exposed_us" if loser == seat & 1 else "tie_exposed_them"


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
                return _tie_reason(s, seat, top)
            if not above and st == strength[mine[0]]:  # it really is my lowest card
                return "cannot_beat"
    if code == mine[-1] and not facts.get("unseen_better"):
        return "unbeatable"
    if table is None and len(mine) == 3 and code == mine[0]:
        return "lead_low"
    if table is None and code == mine[-1]:
        return "lead_high"
    return ""


__all__ = ["ANSWER_DEALS", "CoachBot", "Estimate", "FAVOURITE", "LEVELS", "OWN", "POINT_WEIGHT",
           "SAMPLER_TRIES", "best_index", "best_other", "cheap_truco", "corrected", "decision_rng",
           "estimate", "explain", "option_kind", "plays_as_learnt", "raise_split", "seat_samples"]
