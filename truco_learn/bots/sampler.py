"""Hidden deals consistent with an observation, weighted by what the other seats' bets say.

The plain sampler (``engine.determinize``) deals every unseen card uniformly. This one does the
same, then replays the public log and keeps the deal with the chance that the other seats would
have bet the way they did holding those cards (a soft model of a sensible player: a truco
usually means a good hand, accepting means a fair one). So after an opponent's truco the coach
imagines stronger opponent hands, but never rules any hand out. Their envido calls and answers
are read alike, by the envido points of the cards drawn (:mod:`.envido_evidence`).

At a four-seat table with the ``signals`` custom, every deal drawn gives the partner the card
its secret signals name (:mod:`.partner_signals`).

Each drawn deal is weighed off the replay plan without being replayed (:mod:`.plan_weights`),
where that reads the same; only the deal kept is replayed.

>>> import random
>>> from truco_learn.engine import new_hand, observation, step
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> sampler = DealSampler(observation(step(s, "play:4H"), 1))
>>> deal = sampler.sample(random.Random(3))
>>> deal.deal.hands[1] == s.deal.hands[1], deal.log == ((0, 4 * 0 + 1),)
(True, True)
"""

from __future__ import annotations

import math
import random
from typing import Any, Mapping

from ..engine.actions import ACCEPT, BLIND, COVER, ONZE_PLAY, RAISE, parse_action
from ..engine.observer import HiddenCards, Observed, determinize, parse_observation
from ..engine.state import IRON, HandState, apply_legal, dealt_hand, new_hand
from .answer_model import AnswerModel, RaiseModel, bucket
from .answer_reading import AnswerReading
from .card_play_reading import PARTNER_SENSE, PLAY_DEVIATION, play_fit
from .envido_evidence import EnvidoEvidence, EnvidoLearnt
from .partner_signals import SIGNAL_TRIES, partner_signals, signal_fits
from .plan_weights import PlanWeights, Weighed, moment_grade, strengths_held
from .raise_reading import RaiseReading
from .sampler_plan import BET as _BET, COVERED as _COVERED, IRON_PLAY as _IRON_PLAY
from .sampler_plan import NOTHING as _NOTHING, PLAY_FIT as _PLAY_FIT, TABLE as _TABLE
from .sampler_plan import ReplayStep, bet_likelihood
from .sampler_tables import answer_read_table, answer_table, read_table, reads_answer
from .sampler_tables import turn_table

# a replay under way: the state, the weight so far, the next log entry, the cards still
# behind hidden covered plays, the strength class of each hand read so far
Replay = tuple[HandState, float, int, dict[int, list[int]], dict[int, int]]


class DealSampler:
    """Draw full hands (engine states at the observed moment) consistent with an observation.

    ``sample(rng)`` returns one deal, drawn with rejection on :func:`bet_likelihood` (at most
    ``tries`` attempts, after which the last consistent deal is taken as it is).
    """

    def __init__(self, observation: Mapping[str, Any] | Observed, infer_bets: bool = True,
                 tries: int = 8, trust: float = 1.0, answers: AnswerModel | None = None,
                 turns: RaiseModel | None = None, card_sense: float = 0.0,
                 resample: bool = False, reading: RaiseReading | None = None,
                 answer_reading: AnswerReading | None = None,
                 envido: EnvidoLearnt | None = None) -> None:
        ob = observation if isinstance(observation, Observed) else parse_observation(observation)
        self.ob = ob
        self.infer_bets = infer_bets
        self.trust = trust  # how far bets are believed (0: not at all, 1: fully)
        self.tries = tries
        self.resample = resample  # when every try is turned down: pick one by its fit
        self.answers = answers  # their learnt answers to raises, if known
        self.turns = turns  # their learnt raises on their own turns (and turns without one)
        self.reading = reading  # their raises against the rule of thumb's, if learnt
        # their answers by the moment they answered in, if learnt (read at two seats only)
        self.answer_reading = answer_reading if ob.opts.seats == 2 else None
        # how far their card plays follow the rule of thumb (0: not read at all)
        self.card_sense = min(card_sense, 1.0 - PLAY_DEVIATION)
        self.hidden = HiddenCards.of(ob)
        self.visible = self.hidden.visible
        # what their envido calls and answers say of their points, read by what was learnt of
        # them (``envido``) if it was: the hidden cards are drawn with it (:mod:`.envido_evidence`)
        self.envido = (EnvidoEvidence.of(ob, trust, *(envido or (None, None)))
                       if infer_bets and trust > 0 and ob.opts.extended else None)
        if self.envido is not None and not self.envido.steps:
            self.envido = None
        partner = (ob.seat + 2) % 4
        self.signals = (partner_signals(observation, ob)
                        if partner not in self.visible else ())
        self.named = [(who, kind, card, 0 if kind in ("play", "cover") else
                       parse_action(kind)[1]) for who, kind, card in ob.log]
        self.hidden_bets = infer_bets and trust > 0 and any(
            code in (RAISE, ACCEPT, ONZE_PLAY) and who not in self.visible
            for who, _, _, code in self.named)
        self.checked = determinize(ob, random.Random(0))  # validates the log (TrucoError)
        self.weighed = self.hidden_bets or (infer_bets and (turns is not None or card_sense > 0)
                                            and any(
            who not in self.visible for who, _, _, _ in self.named))
        # the factors of a deal's weight that depend only on the strength class of a hand:
        # their product bounds the weight from above, so a deal it already turns down needs
        # no replay (the result is the same, only cheaper)
        self.bounds = self._class_factors() if self.weighed and resample else []
        opts = ob.opts
        self._vira = None if opts.manilhas != "vira" else ob.vira  # as new_hand takes it
        self._plan = self._replay_plan()
        # per log entry, the fit of a card play (:meth:`_play_fit`) by the card and the hand
        # it was played from (the rest of what the fit reads is the public table)
        self._fits: list[dict[tuple[int, tuple[int, ...]], float]] = [{} for _ in self._plan]
        # per log entry, the grade of the acting seat's moment by the strengths of the hand it
        # holds then (the rest of what :func:`.raise_reading.moment` reads is the public table)
        self._moments: list[dict[tuple[int, ...], int]] = [{} for _ in self._plan]
        # every factor of a weight is at most 1 (so a replay may stop once it is too low)
        self._at_most_one = 0.0 <= self.trust <= 1.0 and self.card_sense >= 0.0
        # a drawn deal's weight without its replay (:mod:`.plan_weights`), where every card
        # played is named (no hidden covered card, no blind iron play) and no flor is played
        # (who holds one is part of the state, and it is the drawn deal's)
        self.quick: PlanWeights | None = None
        if (self.weighed and resample and not opts.flor
                and all(step[1] >= 0 for step in self._plan)):
            self.quick = PlanWeights(self._plan, self._refs, self._counts, self.trust,
                                     self._play_fit, self._moments, self._fits)

    def _draw(self, rng: random.Random) -> tuple[list[list[int]], dict[int, list[int]]]:
        """Hidden cards dealt at random, redrawn (a few times) until they fit the partner's
        signals."""
        draw = self.hidden.draw if self.envido is None else self._envido_draw
        hands, covered = draw(rng)
        if self.signals:
            strength = self.checked.deal.strength
            partner = (self.ob.seat + 2) % 4
            for _ in range(SIGNAL_TRIES - 1):
                held = list(hands[partner]) + list(covered.get(partner, ()))
                if all(signal_fits(x, strength, held) for x in self.signals):
                    break
                hands, covered = draw(rng)
        return hands, covered

    def _envido_draw(self, rng: random.Random) -> tuple[list[list[int]], dict[int, list[int]]]:
        assert self.envido is not None
        return self.envido.draw(self.hidden.draw, rng)

    def _one(self, rng: random.Random) -> tuple[HandState, float]:
        return self._replay(*self._draw(rng))

    def _replay(self, hands: list[list[int]], covered: dict[int, list[int]]
                ) -> tuple[HandState, float]:
        """The drawn deal played along the public log, and its weight (1.0 when the deals are
        not weighed: the weight is then never read)."""
        s, weight, _, _, _ = self._advance(self._start(hands, covered))
        return s, weight

    def _start(self, hands: list[list[int]], covered: dict[int, list[int]]) -> Replay:
        """The replay of a drawn deal, at its start."""
        ob = self.ob
        s = dealt_hand(ob.opts, ob.dealer, tuple(tuple(h) for h in hands), self._vira,
                       ob.score)
        return s, 1.0, 0, covered, {}

    def _advance(self, replay: Replay, give_up: float = -math.inf) -> Replay:
        """The replay taken along the public log to its end, with the deal's weight; or
        stopped before the log entry where the weight is down to ``give_up`` (every factor is
        at most 1: the deal's weight will be no more), to go on later if need be.

        Every factor of the weight that reads only the public log and the strength class of
        the acting seat's hand was worked out once (:meth:`_replay_plan`); the factors that
        read the cards themselves are worked out here, on the replayed state."""
        s, weight, i, covered, held = replay
        plan = self._plan
        strength = s.deal.strength
        while i < len(plan):
            if weight <= give_up:
                return s, weight, i, covered, held
            who, code, card, before, after, table, read = plan[i]
            if code < 0:  # a card whose code depends on the deal
                if code == _IRON_PLAY:
                    code = BLIND + s.left[who].index(card)
                else:
                    code = COVER + covered[who][0]
                    covered = {**covered, who: covered[who][1:]}
            b = 0  # the strength class of the hand, read when a factor needs it
            if before is not None or table is not None:
                known = held.get(who)
                if known is None:
                    known = held[who] = bucket([strength[c] for c in s.deal.hands[who]])
                b = known
            if table is None and (before is not None or read is not None):
                # a card play: the learnt raising's fit times the reading's, as one factor
                fit = 1.0 if before is None else before[b]
                if read is not None:
                    fit = fit * read[self._moment(i, s, who)]
                weight *= fit
            elif table is not None:  # after == _TABLE (a raise: times the reading's fit)
                fit = table[b]
                if read is not None:
                    fit = fit * read[self._moment(i, s, who)]
                weight *= fit
            if after == _PLAY_FIT:  # kept by the hand: card_choice reads no other hidden card
                fits = self._fits[i]
                key = (code, s.left[who])
                kept = fits.get(key)
                if kept is None:
                    kept = fits[key] = self._play_fit(s, who, code)
                weight *= kept
            elif after == _BET:
                weight *= 1.0 - self.trust * (1.0 - bet_likelihood(s, who, code))
            s = apply_legal(s, code)
            i += 1
        return s, weight, i, covered, held

    def _moment(self, i: int, s: HandState, who: int) -> int:
        """:func:`.plan_weights.moment_grade` of ``who`` at log entry ``i`` of a replay, kept by
        the strengths of the cards ``who`` holds (all it reads of them: the same strengths
        recur across the drawn deals far more often than the same cards)."""
        kept = self._moments[i]
        key = strengths_held(s.deal.strength, s.left[who])
        grade = kept.get(key)
        if grade is None:
            grade = kept[key] = moment_grade(s, who)
        return grade

    def _replay_plan(self) -> list[ReplayStep]:
        """Per log entry: the seat, the action code (or how to find it in a deal) and the card
        it names (-1 if none), the factor table by strength class taken before the action (a
        card play's fit to the learnt raising), what weighs the action itself (nothing, a
        table by strength class, the fit of a card play, or a bet's likelihood), and the
        raise reading's factors for a turn it reads. The answers, raises and raise reading
        learnt are the other team's: a hidden partner's bets are weighed as a sensible
        player's (:func:`bet_likelihood`). It reads the public log only, so it holds for every
        deal drawn; factors that are exactly 1 are left out (multiplying by 1 changes
        nothing)."""
        c = self.checked
        t = new_hand(c.deal.opts, c.deal.dealer, c.deal.hands, c.deal.vira, c.deal.score)
        iron = t.deal.mode == IRON
        weighed = self.weighed
        plan: list[ReplayStep] = []
        self._refs: list[HandState] = []  # the public state before each entry (any deal's)
        self._counts: list[int] = []  # cards the acting seat played before each entry
        cards_played = [0] * c.deal.opts.seats
        mine = self.ob.seat & 1
        for (who, kind, card, code), (_, played) in zip(self.named, c.log):
            self._refs.append(t)
            self._counts.append(cards_played[who])
            hidden = who not in self.visible
            theirs = hidden and who & 1 != mine  # what was learnt is of the other team
            card_play = kind in ("play", "cover")
            before: tuple[float, ...] | None = None
            read: tuple[float, ...] | None = None
            if card_play and weighed and theirs:
                before = turn_table(self.turns, self.reading, t, False)
                if all(x == 1.0 for x in before):
                    before = None
                read = read_table(self.reading, self.trust, t, False)
            if kind == "play":
                code = _IRON_PLAY if iron else played
            elif kind == "cover":
                code = played if card is not None else _COVERED
            after, table = _NOTHING, None
            if not weighed:
                pass
            elif (card_play and self.card_sense > 0 and not iron and hidden
                  and t.pending is None):
                after = _PLAY_FIT
            elif hidden:
                if (theirs and self.answers is not None and t.pending is not None
                        and code in (ACCEPT, RAISE)):
                    read = answer_read_table(self.answer_reading, self.trust, t, code)
                    if read is None:  # by the strength of the hand dealt
                        after, table = _TABLE, answer_table(self.answers, t, code)
                elif theirs and self.turns is not None and code == RAISE:
                    after, table = _TABLE, turn_table(self.turns, self.reading, t, True)
                    read = read_table(self.reading, self.trust, t, True)
                elif code == RAISE or code == ONZE_PLAY or (code == ACCEPT
                                                            and t.pending is not None):
                    after = _BET  # any other action's likelihood is 1: its factor is 1
            plan.append((who, code, -1 if card is None else card, before, after, table, read))
            cards_played[who] += card_play
            t = apply_legal(t, played)
        return plan

    def _class_factors(self) -> list[tuple[int, tuple[float, ...]]]:
        """Per log entry whose weight factor depends only on the answering or raising seat's
        strength class (as in :meth:`_one`): that seat and the factor for each class."""
        c = self.checked
        t = new_hand(c.deal.opts, c.deal.dealer, c.deal.hands, c.deal.vira, c.deal.score)
        iron = t.deal.mode == IRON
        out: list[tuple[int, tuple[float, ...]]] = []
        mine = self.ob.seat & 1
        for (who, kind, _, code), (_, played) in zip(self.named, c.log):
            theirs = who not in self.visible and who & 1 != mine
            if kind in ("play", "cover") and theirs:
                out.append((who, turn_table(self.turns, self.reading, t, False)))
            card_fit = (kind in ("play", "cover") and self.card_sense > 0 and not iron
                        and t.pending is None)  # a card play's fit reads the cards themselves
            if theirs and not card_fit:
                if (self.answers is not None and t.pending is not None and code in (ACCEPT, RAISE)
                        and (self.answer_reading is None or not reads_answer(t))):
                    out.append((who, answer_table(self.answers, t, code)))
                elif self.turns is not None and code == RAISE:
                    out.append((who, turn_table(self.turns, self.reading, t, True)))
            t = apply_legal(t, played)
        return [(who, f) for who, f in out if min(f) < 1.0]

    def _bound(self, hands: list[list[int]]) -> float:
        """An upper bound of the weight of the deal ``hands`` (the class-only factors)."""
        strength = self.checked.deal.strength
        weight = 1.0
        for who, factors in self.bounds:
            weight *= factors[bucket([strength[c] for c in hands[who]])]
        return weight

    def _play_fit(self, s: HandState, who: int, code: int) -> float:
        """:func:`.card_play_reading.play_fit` of a card play: read with what was learnt of
        the other team's card plays, a hidden partner's as a sensible player's."""
        return play_fit(s, who, code, self.card_sense if who & 1 != self.ob.seat & 1
                        else PARTNER_SENSE)

    def sample(self, rng: random.Random) -> HandState:
        """One deal; with bet inference, kept with the chance the bets fit it. After ``tries``
        deals in a row are turned down the last one is taken as it is, or, with ``resample``,
        one of them with a chance in proportion to how well it fits."""
        if not self.weighed:
            return self._one(rng)[0]
        if not self.resample:
            s, weight = self._one(rng)
            for _ in range(self.tries - 1):
                if rng.random() < weight:
                    return s
                s, weight = self._one(rng)
            return s
        if self.quick is not None:
            return self._sample_quick(rng, self.quick)
        # every turned-down draw, in draw order: its replay (to its end, or as far as it went),
        # or (turned down by the bound alone) its cards, replayed only now that the pick by
        # fit needs its weight
        draws: list[Replay | tuple[list[list[int]], dict[int, list[int]]]] = []
        for _ in range(self.tries):
            hands, covered = self._draw(rng)
            u = rng.random()
            if self.bounds and self._bound(hands) <= u:
                draws.append((hands, covered))
                continue
            # a replay whose weight falls to u is turned down there (and goes on from there
            # only if the pick by fit needs its weight)
            replay = self._advance(self._start(hands, covered),
                                   u if self._at_most_one else -math.inf)
            s, weight, i = replay[0], replay[1], replay[2]
            if i == len(self._plan) and u < weight:
                return s
            draws.append(replay)
        done = [self._advance(d if isinstance(d[0], HandState) else self._start(*d))
                for d in draws]
        replayed = [(d[0], d[1]) for d in done]
        total = sum(w for _, w in replayed)
        if total <= 0:
            return replayed[-1][0]
        x = rng.random() * total
        for deal, w in replayed:
            x -= w
            if x <= 0:
                return deal
        return replayed[-1][0]

    def _sample_quick(self, rng: random.Random, quick: PlanWeights) -> HandState:
        """:meth:`sample` with ``resample``, each draw weighed without its replay
        (:mod:`.plan_weights`) and only the deal taken replayed: the same draws, the same
        weights, the same deal."""
        end = len(self._plan)
        give_up = self._at_most_one
        # every turned-down draw, in draw order, with its weight as far as it was worked out
        # (None: turned down by the bound alone)
        draws: list[tuple[list[list[int]], dict[int, list[int]], Weighed | None]] = []
        for _ in range(self.tries):
            hands, covered = self._draw(rng)
            u = rng.random()
            if self.bounds and self._bound(hands) <= u:
                draws.append((hands, covered, None))
                continue
            weighed = quick.weigh(hands, u if give_up else -math.inf)
            if weighed[1] == end and u < weighed[0]:
                return self._deal(hands, covered)
            draws.append((hands, covered, weighed))
        weights = [(quick.weigh(h, -math.inf) if w is None
                    else quick.weigh(h, -math.inf, w[1], w[0], w[2]))[0] for h, _, w in draws]
        total = sum(weights)
        pick = len(draws) - 1
        if total > 0:
            x = rng.random() * total
            for k, w in enumerate(weights):
                x -= w
                if x <= 0:
                    pick = k
                    break
        return self._deal(draws[pick][0], draws[pick][1])

    def _deal(self, hands: list[list[int]], covered: dict[int, list[int]]) -> HandState:
        """The drawn deal played along the public log (every code named in the plan)."""
        s = self._start(hands, covered)[0]
        for step in self._plan:
            s = apply_legal(s, step[1])
        return s
