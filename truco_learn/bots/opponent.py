"""What the other team actually does, learnt during a game from the public log only.

The coach starts from a sensible player (it folds about a third of the time to a raise, seldom
raises again, calls truco now and then, plays its cards with sense) and updates counts as it
watches: how often the other team folds, accepts or raises again when raised, how often it
raises on its own turn, and whether its card play follows the plain rules of thumb (checked
against the cards it shows later in the same hand). Each hand is read to its end when the
coach watches it (:meth:`.CoachBot.watch`: what came after its own last turn); otherwise a fold
to the coach's own raise, which ends the hand before the coach sees another observation of it,
is read from the score of the next hand. Hidden cards are never read.

Each of these observations is also evidence for one of two kinds of player, weighed by
likelihood ratios: a sensible one, or a wild one that takes every legal action alike whatever
its cards (``wild`` is the chance of the second, from a prior of ``WILD_PRIOR``). The evidence:
how often they raise for the cards they hold (a sensible player calls truco mostly on its first
turn), how they answer raises, whether they lead a trick face down (:mod:`.wild_evidence`),
and, once a hand is over, each of their turns again by how good the moment was (a wild player
raises on any moment alike, a sensible one as the raise reading expects, :mod:`.raise_reading`)
and whether each card they played was the rule-of-thumb card for the hand they held (their
unseen cards drawn a few times). The learnt model drives the other team's seats in the coach's
playouts (:func:`.playout.playout`): each sample first draws which kind of player they are; a
wild one takes legal actions at random, a sensible one (:meth:`OpponentModel.choose`) answers
raises as learnt by the moment it answers in (:mod:`.answer_reading`, every grade leaning by the
style learnt in :mod:`.answer_model`), raises on its turn as learnt, and plays a random card as
often as their card play was seen to make no sense. With envido, flor or dropping out (the
Argentine presets) the same is learnt of their truco. Their answers to my team's envido calls
are read by the points they showed (:mod:`.envido_reading`), and how often they open an envido
on a weak one (:mod:`.envido_calls`), and played so; their raises of an envido and their flor
are read by nothing here (:func:`.envido_calls.envido_turn`) and played by the rule of thumb.

>>> from truco_learn.engine import new_hand, observation, step
>>> m = OpponentModel()
>>> round(m.fold_rate, 2), round(m.card_sense, 2)
(0.35, 1.0)
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> m.observe(observation(step(s, "raise"), 1))      # seat 1 sees seat 0 call truco
>>> m.raises, m.raise_chances
(1, 1)
>>> m.observe(observation(step(step(step(s, "raise"), "accept"), "play:4H"), 1))
>>> m.raises, m.raise_chances, m.accepts     # the same raise is counted once
(1, 1, 0)
"""

from __future__ import annotations

import copy
import math
import random
from dataclasses import replace
from typing import Any, Mapping

from ..engine.actions import ACCEPT, FOLD, RAISE
from ..engine.cards import strength_table
from ..engine.observer import Observed, determinize, parse_observation
from ..engine.state import IRON, HandState, apply_legal, legal_codes, new_hand
from .answer_model import AnswerModel, RaiseModel, bucket, raise_step, shown_classes, step_of
from .answer_reading import AnswerReading
from .card_play_reading import checked_plays, wild_play_evidence
from .coach_memory import CoachMemory, fade_envido
from .credibility import SENSIBLE, WILD
from .envido_policy import envido_choice
from .envido_calls import EnvidoCalls, envido_turn
from .envido_evidence import EnvidoLearnt
from .envido_reading import EnvidoAnswers
from .equity import Outcome, hand_outcomes
from .policy import Style, card_choice, choose, fold_loses_game
from .raise_reading import RaiseReading, may_read
from .wild_evidence import answer_evidence, lead_evidence, turn_evidence

# a sensible player's rates, and how many observations the prior is worth
PRIOR_FOLD, PRIOR_RERAISE, PRIOR_RAISE, PRIOR_WEIGHT = 0.35, 0.1, 0.12, 4.0
SENSE_PRIOR, SENSE_WEIGHT = 0.95, 3.0
RANDOM_SENSE = 0.45  # how often a random card happens to be the rule-of-thumb card
# prior chance that the other team plays without regard to its cards. The coach meets people
# learning the game, who try to play their cards well (and, in benchmarks, the `random` bot,
# which the evidence soon shows up). At 0.3, as before, a sensible stranger's first hands were
# played out against a random player in a fifth to a half of the samples, and the coach stated
# its chances too high when it accepted their trucos (issue 18).
WILD_PRIOR = 0.1


def _hand_key(ob: Observed) -> tuple[Any, ...]:
    """Which hand an observation belongs to (the same for partners)."""
    return (ob.opts.variant, ob.dealer, ob.score, ob.vira)


def _rate(k: float, n: float, prior: float, weight: float = PRIOR_WEIGHT) -> float:
    return (k + prior * weight) / (n + weight)


class OpponentModel:
    """Counts of what the other team did in this game (one instance per game)."""

    def __init__(self, memory: CoachMemory | None = None) -> None:
        self.folds = 0  # answers to a raise: fold / accept / raise again
        self.accepts = 0
        self.reraises = 0
        self.reraise_chances = 0  # answers where raising again was legal
        self.raises = 0  # raises on their own turn
        self.raise_chances = 0  # their turns where a raise was legal (no raise pending)
        self.sensible = 0  # card plays that follow the rules of thumb / all checked plays
        self.checked = 0
        self.hands_won = 0  # finished hands that gave points, to my team / to theirs
        self.hands_lost = 0
        self.results: list[tuple[int, int]] = []  # points of each finished hand: mine, theirs
        self.credible = 1.0  # how far their raises mean good cards (set by the coach)
        self.shown = (0, 0)  # their raises whose cards were shown: all, with a good card
        self.evidence = 0.0  # log likelihood ratio: a player ignoring its cards vs a sensible one
        self._hand: tuple[Any, ...] | None = None
        self._done = 0  # log entries of the current hand already counted
        self._cards_checked: set[int] = set()  # log indexes of their card plays already checked
        self._last_ob: Observed | None = None
        # my raise: hand, stake, step, and the length of the log it followed
        self._my_raise: tuple[tuple[Any, ...], int, int, int] | None = None
        self.answers = AnswerModel()  # their answers by step and strength (filed as hands end)
        self._answered: list[tuple[int | None, int, int, bool]] = []  # seat, step, code, may
        # their answers by the moment they answered in
        self.answer_reading = AnswerReading(() if memory is None else memory.answers)
        self._answer_log: list[tuple[int, int, bool]] = []  # log index, code, may raise back
        self.turns = RaiseModel()  # their raises on their own turn, by step and strength
        self.reading = RaiseReading(memory)  # their raises against the rule of thumb's
        self._read: list[tuple[int, bool]] = []  # log index of a turn, raised
        # per read turn: a wild player's log chance of the choice, and the evidence it gave
        self._read_wild: list[tuple[float, float]] = []
        self._turns: list[tuple[int, int, bool]] = []  # seat, step, raised
        # their answers to our envido calls and their envido bluffs, from earlier matches too
        self.envido_answers = EnvidoAnswers(() if memory is None else memory.envido)
        self.envido_calls = EnvidoCalls(() if memory is None else memory.envido_calls)
        self.watched = False  # has it read a hand's log?

    # ------------------------------------------------------------------ rates
    @property
    def fold_rate(self) -> float:
        """Chance they fold when raised."""
        return _rate(self.folds, self.folds + self.accepts + self.reraises, PRIOR_FOLD)

    @property
    def reraise_rate(self) -> float:
        """Chance they raise again when raised and allowed to."""
        return _rate(self.reraises, self.reraise_chances, PRIOR_RERAISE)

    @property
    def raise_rate(self) -> float:
        """Chance they raise on a turn where they may."""
        return _rate(self.raises, self.raise_chances, PRIOR_RAISE)

    @property
    def card_sense(self) -> float:
        """0 (cards played at random) .. 1 (cards played by the rules of thumb)."""
        rate = _rate(self.sensible, self.checked, SENSE_PRIOR, SENSE_WEIGHT)
        return max(0.0, min(1.0, (rate - RANDOM_SENSE) / (SENSE_PRIOR - RANDOM_SENSE)))

    def hand_share(self, prior: float, weight: float = 3.0) -> float:
        """The share of the coming hands my team expects to win: ``prior`` moved towards the
        share of scoring hands it won in this game (between 0.5 and 0.9, in steps of 0.05)."""
        rate = _rate(self.hands_won, self.hands_won + self.hands_lost, prior, weight)
        return round(max(0.5, min(0.9, rate)) * 20) / 20

    def hand_outcomes(self, ladder: tuple[int, ...], prior: float, weight: float = 6.0
                      ) -> tuple[Outcome, Outcome]:
        """How the coming hands are expected to end, from the hands finished in this game
        (:func:`.equity.hand_outcomes`)."""
        return hand_outcomes(self.results, ladder, prior, weight)

    @property
    def wild(self) -> float:
        """Chance that the other team plays without regard to its cards (each legal action
        alike) rather than like a sensible player, from everything seen."""
        total, strong = self.shown
        x = (math.log(WILD_PRIOR / (1 - WILD_PRIOR)) + self.evidence
             + strong * math.log(WILD / SENSIBLE)
             + (total - strong) * math.log((1 - WILD) / (1 - SENSIBLE)))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))

    @property
    def informative(self) -> float:
        """How far their bets and plays follow their cards (0..1)."""
        return min(self.credible, 1.0 - self.wild)

    def facts(self) -> dict[str, Any]:
        """The learnt rates, for the explanation."""
        return {"fold_rate": round(self.fold_rate, 2), "reraise_rate": round(self.reraise_rate, 2),
                "raise_rate": round(self.raise_rate, 2), "card_sense": round(self.card_sense, 2),
                "wild": round(self.wild, 2),
                "answers_seen": self.folds + self.accepts + self.reraises,
                "raise_reading": self.reading.facts()}

    # ------------------------------------------------------------------ learning
    def observe(self, observation: Mapping[str, Any] | Observed) -> None:
        """Count what the other team did in this observation that was not counted yet."""
        ob = observation if isinstance(observation, Observed) else parse_observation(observation)
        self.watched = True
        key = _hand_key(ob)
        if key != self._hand:
            self._finish_hand(ob)
            self._hand, self._done = key, 0
            self._cards_checked = set()
        if len(ob.log) <= self._done:
            self._last_ob = ob
            return
        s = determinize(ob, random.Random(0))
        d = s.deal
        team = ob.seat & 1
        t = new_hand(d.opts, d.dealer, d.hands, d.vira, d.score)
        for i, (who, code) in enumerate(s.log):
            if i >= self._done and who & 1 != team:
                self.envido_answers.note(t, who, code)
                self.envido_calls.note(t, who, code)
            if (i >= self._done and who & 1 != team and d.mode != IRON
                    and not envido_turn(t, code)):
                turn = self._count(t, code)
                if t.pending is not None and not t.onze_pending:
                    self._answered.append((who, step_of(t), code, RAISE in legal_codes(t)))
                    self._answer_log.append((i, code, RAISE in legal_codes(t)))
                elif not t.onze_pending and RAISE in legal_codes(t):
                    self._turns.append((who, raise_step(t), code == RAISE))
                    if may_read(t) and turn is not None:
                        self._read.append((i, code == RAISE))
                        self._read_wild.append(turn)
            t = apply_legal(t, code)
        self._done = len(s.log)
        self._last_ob = ob
        self._check_cards(ob)

    def _count(self, t: HandState, code: int) -> tuple[float, float] | None:
        """Count their action ``code`` in ``t`` and weigh it as evidence. On a turn where they
        could raise, returns a wild player's log chance of the choice and the evidence added
        (weighed again by the moment once the hand is filed: :meth:`_turn_evidence`)."""
        if t.onze_pending:
            return None
        legal = legal_codes(t)
        turn = None
        if t.pending is not None:
            self.folds += code == FOLD
            self.accepts += code == ACCEPT
            self.reraises += code == RAISE
            self.reraise_chances += RAISE in legal
            self.evidence += answer_evidence(code, RAISE in legal)
        else:
            if RAISE in legal:
                self.raise_chances += 1
                self.raises += code == RAISE
                turn = turn_evidence(code, legal, len(t.left[t.to_act]))
                self.evidence += turn[1]
            if code < RAISE and not t.cur:
                self.evidence += lead_evidence(code, legal)
        return turn

    def note_own(self, observation: Mapping[str, Any] | Observed, action: str) -> None:
        """Remember the coach's own raise, to learn a fold from the next hand's score."""
        ob = observation if isinstance(observation, Observed) else parse_observation(observation)
        if action != "raise":
            return
        s = determinize(ob, random.Random(0))
        before = s.stake if s.pending is None else s.pending[1]
        ladder = s.deal.opts.ladder
        nxt = s.deal.next_stake.get(before, before)
        step = max(0, min(2, ladder.index(nxt) - 1)) if nxt in ladder else 0
        self._my_raise = (_hand_key(ob), before, step, len(ob.log))

    def _finish_hand(self, new: Observed) -> None:
        """The previous hand is over: read a fold from the score and check card play."""
        old = self._last_ob
        if old is not None:
            team = old.seat & 1
            gain = [new.score[k] - old.score[k] for k in (0, 1)]
            if min(gain) == 0 and max(gain) >= 0:
                self.hands_won += gain[team] > 0
                self.hands_lost += gain[1 - team] > 0
                self.results.append((gain[team], gain[1 - team]))
        if (self._my_raise is not None and old is not None and self._my_raise[0] == self._hand
                and len(old.log) <= self._my_raise[3]):  # (a hand watched to its end logs
            # their answer to my raise: counted with their other moves)
            team = old.seat & 1
            gain = [new.score[k] - old.score[k] for k in (0, 1)]
            if gain[team] == self._my_raise[1] and gain[1 - team] == 0:
                self.folds += 1
                self.evidence += answer_evidence(FOLD, True)
                self._answered.append((None, self._my_raise[2], FOLD, True))
                self._answer_log.append((len(old.log), FOLD, True))
        self._my_raise = None
        if old is not None:
            self._file_answers(old)
            self.envido_answers.file_hand(old)
            self.envido_calls.file_hand(old)
            self._turn_evidence(self.reading.file_hand(old, self._read))
            for q, k, r in self.answer_reading.file_hand(old, self._answer_log):
                self.reading.add_answer(q, k == 0, r)  # k: 0 is a fold
        self._read, self._read_wild, self._answer_log = [], [], []
        self._answered, self._turns = [], []
        self._last_ob = None
        if old is not None:
            self._play_evidence(old)

    def remembered(self) -> CoachMemory:
        """What to remember of this player for the next match (:mod:`.coach_memory`): the
        raise reading, the answers read by their moments, their answers to its envido calls
        and their envido bluffs, with the hand last seen filed as well (a match's last hand
        never reaches a next hand that would file it). Changes nothing here."""
        ob, reading, answers = self._last_ob, self.reading, self.answer_reading
        envido, calls = self.envido_answers, self.envido_calls
        if ob is not None and (self._read or self._answer_log):
            reading, answers = copy.deepcopy(reading), copy.deepcopy(answers)
            reading.file_hand(ob, self._read)
            for q, k, r in answers.file_hand(ob, self._answer_log):
                reading.add_answer(q, k == 0, r)
        if ob is not None and (envido.pending() or calls.pending()):
            envido, calls = copy.deepcopy(envido), copy.deepcopy(calls)
            envido.file_hand(ob)
            calls.file_hand(ob)
        memory = reading.remembered(answers.answers if answers.seen else None)
        if any(envido.seen.values()):  # a match that showed no envido answer fades none
            memory = replace(memory, envido=fade_envido(envido.evidence()))
        if calls.seen:
            memory = replace(memory, envido_calls=fade_envido(calls.evidence()))
        return memory

    @property
    def envido_learnt(self) -> EnvidoLearnt:
        """What their envido answers and calls taught, as the deal sampler reads it."""
        return self.envido_answers, self.envido_calls.bluff()

    def _turn_evidence(self, read: list[float | None]) -> None:
        """Their turns of a finished hand, weighed again now that the reading graded how good
        each moment was: a wild player raises on any moment alike, a sensible one as the
        reading expects by the moment (its chance replaces the rate by cards left counted
        when the turn was seen)."""
        for predicted, (wild, counted) in zip(read, self._read_wild):
            if predicted is not None:
                self.evidence += wild - predicted - counted

    def _file_answers(self, ob: Observed) -> None:
        """File this hand's answers by the strength of the hand each answering seat showed
        (``ob``: the hand's last observation)."""
        if ob.opts.manilhas == "vira" and ob.vira is None:
            return
        strength = strength_table(ob.opts.manilhas, ob.vira)
        for who, step, code, may_raise in self._answered:
            self.answers.add(step, shown_classes(ob, strength, who), code, may_raise)
        if self._answered:
            self.answers.refit()
            self.answer_reading.lean(*self.answers.shift)
        for seat, step, raised in self._turns:
            self.turns.add(step, shown_classes(ob, strength, seat), raised)

    def _play_evidence(self, ob: Observed) -> None:
        """Weigh their card plays in a finished hand
        (:func:`.card_play_reading.wild_play_evidence`)."""
        self.evidence += wild_play_evidence(ob)

    def _check_cards(self, ob: Observed) -> None:
        """Count their card plays that followed a card of ours and could be checked against
        the cards they showed later (:func:`.card_play_reading.checked_plays`)."""
        for index, ok in checked_plays(ob, self._cards_checked):
            self._cards_checked.add(index)
            self.checked += 1
            self.sensible += ok

    # ------------------------------------------------------------------ playing
    def choose(self, s: HandState, rng: random.Random, style: Style) -> int:
        """Their seat's action in a playout when they play as a sensible player: an answer to
        a raise drawn from the answers learnt for a moment as good as the one it is in
        (:mod:`.answer_reading`, at two seats and four alike); on its turn the rule-of-thumb
        policy as far as their raises mean good cards, else the learnt frequencies; a random
        card as often as seen."""
        legal = legal_codes(s)
        if len(legal) == 1 or s.onze_pending or s.deal.mode == IRON:
            return choose(s, rng, style)
        if s.ext is not None:  # the envido and flor by the rule of thumb, bluffs and a quiero
            code = envido_choice(s, rng, self.envido_calls.bluff(), legal)  # as learnt
            if code is not None:
                return self.envido_answers.answer(s, code, rng)
        if s.pending is not None:
            if fold_loses_game(s):
                return ACCEPT
            return self.answer_reading.sample(s, RAISE in legal, rng)
        cards = [c for c in legal if c < RAISE]  # (not an envido call, nor dropping out)
        if RAISE in legal:
            held = bucket([s.deal.strength[c] for c in s.deal.hands[s.to_act]])
            if rng.random() < self.turns.rate(raise_step(s), held):
                return RAISE
        if rng.random() < self.card_sense:
            return card_choice(s, s.to_act, cards)
        return cards[rng.randrange(len(cards))]


__all__ = ["OpponentModel"]
