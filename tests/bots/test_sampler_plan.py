"""The sampler's replay plan (factors worked out once per decision from the public log, card
plays' fits kept by the hand they came from, replays given up once their weight is too low)
gives every drawn deal exactly the state and the weight of the plain replay, factor by factor,
and the sampler draws exactly the deals of the plain sampler."""

from __future__ import annotations

import random

import pytest

from truco_learn.bots import make_bot
from truco_learn.bots.answer_model import AnswerModel, RaiseModel, bucket
from truco_learn.bots.answer_reading import GRADES as ANSWER_GRADES
from truco_learn.bots.answer_reading import AnswerReading, answer_moment
from truco_learn.bots.card_play_reading import PARTNER_SENSE, play_fit
from truco_learn.bots.policy import card_choice, their_raises
from truco_learn.bots.raise_reading import GRADES, RaiseReading, may_read, moment
from truco_learn.bots.sampler import DealSampler, bet_likelihood
from truco_learn.bots.sampler_tables import answer_table, turn_table
from truco_learn.engine import HandState, new_hand, observation, step
from truco_learn.engine.actions import ACCEPT, BLIND, COVER, RAISE
from truco_learn.engine.match import new_match
from truco_learn.engine.state import IRON, apply_legal, legal_codes


def plain_play_fit(sp: DealSampler, s: HandState, who: int, code: int) -> float:
    """The fit of a card play as the sampler first wrote it, on this very state (a hidden
    partner's plays read as a sensible player's, the other team's with what was learnt; the
    fit itself is checked on its own below and in its doctest)."""
    return play_fit(s, who, code, sp.card_sense if who & 1 != sp.ob.seat & 1 else PARTNER_SENSE)


def plain_replay(sp: DealSampler, hands: list[list[int]], covered: dict[int, list[int]]
                 ) -> tuple[HandState, float]:
    """The replay as it was written before the plan: every factor on every deal."""
    ob = sp.ob
    covered = {k: list(v) for k, v in covered.items()}
    s = new_hand(ob.opts, ob.dealer, hands, ob.vira, ob.score)
    iron = s.deal.mode == IRON
    weight = 1.0

    def held(who: int) -> int:
        return bucket([s.deal.strength[c] for c in s.deal.hands[who]])

    def read_fit(who: int, raised: bool) -> float:
        if sp.reading is None or not may_read(s):
            return 1.0
        fit = sp.reading.factor(moment(s, who), raised, their_raises(s, who))
        return 1.0 - sp.trust * (1.0 - fit)

    def answer_fit(who: int, code: int) -> float | None:
        """An answer read by its moment (two seats, with an answer reading), else None."""
        if sp.answer_reading is None or s.onze_pending or s.ext is not None:
            return None
        chances = [sp.answer_reading.rates(g, RAISE in legal_codes(s))[1 if code == ACCEPT
                                                                        else 2]
                   for g in range(ANSWER_GRADES)]
        fit = chances[answer_moment(s, who)] / max(chances)
        return 1.0 - sp.trust * (1.0 - fit)

    def turn_fit(raised: bool) -> tuple[float, ...]:
        return turn_table(sp.turns, sp.reading, s, raised)

    for who, kind, card, code in sp.named:
        theirs = who not in sp.visible and who & 1 != ob.seat & 1  # what was learnt is theirs
        if kind in ("play", "cover") and sp.weighed and theirs:
            weight *= turn_fit(False)[held(who)] * read_fit(who, False)
        if kind == "play":
            assert card is not None
            code = BLIND + s.left[who].index(card) if iron else card
        elif kind == "cover":
            code = COVER + (card if card is not None else covered[who].pop(0))
        if (kind in ("play", "cover") and sp.card_sense > 0 and not iron
                and who not in sp.visible and s.pending is None):
            weight *= plain_play_fit(sp, s, who, code)
        elif sp.weighed and who not in sp.visible:
            if theirs and sp.answers is not None and s.pending is not None and code in (ACCEPT,
                                                                                      RAISE):
                by_moment = answer_fit(who, code)
                weight *= (answer_table(sp.answers, s, code)[held(who)] if by_moment is None
                           else by_moment)
            elif theirs and sp.turns is not None and code == RAISE:
                weight *= turn_fit(True)[held(who)] * read_fit(who, True)
            else:
                weight *= 1.0 - sp.trust * (1.0 - bet_likelihood(s, who, code))
        s = apply_legal(s, code)
    return s, weight


def _learnt() -> tuple[AnswerModel, RaiseModel, RaiseReading, AnswerReading]:
    answers, turns, reading = AnswerModel(), RaiseModel(), RaiseReading()
    by_moment = AnswerReading()
    rng = random.Random(3)
    for _ in range(20):
        step, b = rng.randrange(3), rng.randrange(4)
        answers.add(step, (b, min(3, b + rng.randrange(2))), rng.choice([91, 92, 90]), True)
        turns.add(step, (b, 3), rng.random() < 0.4)
        grades = [rng.random() for _ in range(GRADES)]
        reading.add([g / sum(grades) for g in grades], rng.random() < 0.3, rng.randrange(3))
        q = [rng.random() for _ in range(ANSWER_GRADES)]
        by_moment.add([x / sum(q) for x in q], rng.choice([91, 92, 90]), True)
    return answers, turns, reading, by_moment


def _observations(variant: str, score: tuple[int, int], seed: int) -> list[dict[str, object]]:
    """Every observation of a match between heuristic and random players."""
    rng = random.Random(seed)
    m = new_match(variant, rng, score)
    bots = [make_bot("heuristic" if k % 2 else "random", "easy", seed + k)
            for k in range(m.opts.seats)]
    out = []
    while not m.over and len(out) < 120:
        ob = observation(m.hand, m.hand.to_act)
        out.append(ob)
        m = m.apply(bots[m.hand.to_act].decide(ob).action, rng)
    return out


def _same(a: HandState, b: HandState) -> bool:
    return a.deal.hands == b.deal.hands and a.deal.vira == b.deal.vira and tuple(a)[1:] == tuple(b)[1:]


@pytest.mark.parametrize("variant,score", [
    ("paulista-2p", (0, 0)), ("paulista-4p", (0, 0)), ("mineiro-4p", (7, 9)),
    ("paulista-2p", (11, 11)), ("paulista-4p", (11, 3)), ("argentino-2p", (0, 0))])
def test_the_planned_replay_is_the_plain_replay(variant: str, score: tuple[int, int]) -> None:
    answers, turns, reading, by_moment = _learnt()
    configs = [dict(), dict(answers=answers, turns=turns, card_sense=0.5, trust=0.7),
               dict(turns=turns, card_sense=0.9, trust=1.0, resample=True),
               dict(answers=answers, turns=turns, reading=reading, card_sense=0.5, trust=0.8),
               dict(answers=answers, turns=turns, reading=reading, answer_reading=by_moment,
                    card_sense=0.5, trust=0.8),
               dict(turns=turns, reading=reading, trust=1.0),
               dict(answers=answers, trust=0.4), dict(infer_bets=False, card_sense=0.6)]
    weighed = compared = 0
    for seed in range(3):
        for ob in _observations(variant, score, seed):
            for config in configs:
                sp = DealSampler(ob, **config)  # type: ignore[arg-type]
                rng = random.Random(seed)
                for _ in range(3):
                    hands, covered = sp._draw(rng)
                    keep = {k: list(v) for k, v in covered.items()}
                    got, w = sp._replay(hands, covered)
                    assert covered == keep  # the draw is left as it was
                    want, w0 = plain_replay(sp, hands, covered)
                    assert _same(got, want)
                    compared += 1
                    if sp.weighed:
                        assert w == w0
                        weighed += w0 < 1.0
                        for u in (0.0, w0 / 2, w0, (1 + w0) / 2, 0.999):
                            part = sp._advance(sp._start(hands, covered), u)  # given up at u?
                            if part[2] < len(sp.named):  # given up: the weight is down to u
                                assert w0 <= part[1] <= u
                            else:
                                assert part[1] == w0
                            if w0 > u:  # a deal kept at u is never given up
                                assert part[2] == len(sp.named)
                            end = sp._advance(part)  # and taken on to the end
                            assert end[1] == w0 and _same(end[0], want)
    iron = score == (11, 11)  # one blind hand ends the game: few decisions, no bets
    assert compared > (100 if iron else 500) and (iron or weighed > 50), (compared, weighed)


def plain_sample(sp: DealSampler, rng: random.Random) -> HandState:
    """DealSampler.sample with the plain replay of every draw (no replay given up early)."""
    if not sp.weighed:
        return plain_replay(sp, *sp._draw(rng))[0]
    if not sp.resample:
        s, weight = plain_replay(sp, *sp._draw(rng))
        for _ in range(sp.tries - 1):
            if rng.random() < weight:
                return s
            s, weight = plain_replay(sp, *sp._draw(rng))
        return s
    draws = []
    for _ in range(sp.tries):
        hands, covered = sp._draw(rng)
        u = rng.random()
        s, weight = plain_replay(sp, hands, covered)
        if u < weight:
            return s
        draws.append((s, weight))
    total = sum(w for _, w in draws)
    if total <= 0:
        return draws[-1][0]
    x = rng.random() * total
    for deal, w in draws:
        x -= w
        if x <= 0:
            return deal
    return draws[-1][0]


@pytest.mark.parametrize("variant", ["paulista-2p", "paulista-4p", "argentino-2p"])
def test_sampled_deals_are_those_of_the_plain_sampler(variant: str) -> None:
    answers, turns, reading, by_moment = _learnt()
    configs = [dict(answers=answers, turns=turns, card_sense=0.5, trust=0.7, tries=16,
                    resample=True),
               dict(answers=answers, turns=turns, reading=reading, answer_reading=by_moment,
                    card_sense=0.5, trust=0.9, tries=16, resample=True),
               dict(answers=answers, turns=turns, reading=reading, card_sense=0.5, trust=0.9,
                    tries=16, resample=True),
               dict(turns=turns, card_sense=0.9, tries=4, resample=True),
               dict(answers=answers, trust=0.4, tries=8)]
    n = 0
    for ob in _observations(variant, (0, 0), 5)[::3]:
        for config in configs:
            sp = DealSampler(ob, **config)  # type: ignore[arg-type]
            a, b = random.Random(n), random.Random(n)
            for _ in range(4):
                assert _same(sp.sample(a), plain_sample(sp, b))
            assert a.random() == b.random()
            n += 1
    assert n > 20


@pytest.mark.parametrize("variant,score", [
    ("paulista-2p", (0, 0)), ("paulista-4p", (0, 0)), ("mineiro-4p", (7, 9)),
    ("paulista-4p", (11, 3)), ("argentino-2p", (0, 0)), ("argentino-4p", (12, 20))])
def test_a_deal_weighed_without_its_replay_weighs_the_same(variant: str,
                                                            score: tuple[int, int]) -> None:
    """:mod:`truco_learn.bots.plan_weights` gives every draw its replay's weight, to the bit,
    also when given up part-way and taken on later."""
    answers, turns, reading, by_moment = _learnt()
    configs = [dict(answers=answers, turns=turns, card_sense=0.5, trust=0.7, resample=True),
               dict(answers=answers, turns=turns, reading=reading, answer_reading=by_moment,
                    card_sense=0.5, trust=0.8, resample=True),
               dict(answers=answers, turns=turns, reading=reading, card_sense=0.5, trust=0.8,
                    resample=True),
               dict(turns=turns, reading=reading, trust=1.0, resample=True),
               dict(answers=answers, trust=0.4, resample=True)]
    quick = 0
    for seed in range(2):
        for ob in _observations(variant, score, seed):
            for config in configs:
                sp = DealSampler(ob, **config)  # type: ignore[arg-type]
                if sp.quick is None:
                    continue
                quick += 1
                rng = random.Random(seed)
                for _ in range(3):
                    hands, covered = sp._draw(rng)
                    _, w0 = sp._replay(hands, covered)
                    assert sp.quick.weigh(hands, -1.0)[0] == w0
                    part = sp.quick.weigh(hands, w0 / 2)
                    assert sp.quick.weigh(hands, -1.0, part[1], part[0], part[2])[0] == w0
    assert quick > 50, quick


def test_a_partners_bets_are_not_read_with_what_was_learnt_of_the_other_team() -> None:
    """At four seats the learnt answers, raises and raise reading are the other team's: the
    partner's truco is weighed as a sensible player's bet, the same truco seen from the other
    team is read with the reading, and the class-only bound leaves the partner out."""
    s = new_hand("paulista-4p", dealer=3, vira="7D",
                 hands=[["4H", "5S", "6C"], ["5C", "4D", "6D"], ["4C", "5D", "6S"],
                        ["7H", "7C", "JD"]])
    for a in ("play:6C", "play:5C", "raise"):  # seat 2 calls truco
        s = step(s, a)
    reading = RaiseReading()
    for _ in range(30):  # they raise only on the best moments
        reading.add([1.0 if g == GRADES - 1 else 0.0 for g in range(GRADES)], True)
        reading.add([1.0 if g == 2 else 0.0 for g in range(GRADES)], False)
    answers, turns, _, _ = _learnt()
    config = dict(answers=answers, turns=turns, reading=reading, card_sense=0.5, tries=16,
                  resample=True)
    partner = DealSampler(observation(s, 0), **config)  # type: ignore[arg-type]
    other = DealSampler(observation(s, 1), **config)  # type: ignore[arg-type]
    (who, code, _, _, after, table, read) = partner._plan[2]
    assert (who, code, table, read) == (2, RAISE, None, None) and after == 3  # a bet's likelihood
    (who, code, _, _, after, table, read) = other._plan[2]
    assert who == 2 and table is not None and read is not None
    assert all(w != 2 for w, _ in partner.bounds)
    rng = random.Random(1)
    for _ in range(20):  # the partner's hand weighs as bet_likelihood says, whatever the reading
        hands, covered = partner._draw(rng)
        got, w = partner._replay(hands, covered)
        want, w0 = plain_replay(partner, hands, covered)
        assert _same(got, want) and w == w0


def test_a_partners_card_plays_are_not_read_with_the_other_teams_card_sense() -> None:
    """A hidden partner's card that strays from the rule of thumb is read as a sensible
    player's stray card; the same card seen from the other team is read with what was learnt
    of their card plays (here: they play almost at random)."""
    s = new_hand("paulista-4p", dealer=3, vira="7D",
                 hands=[["4H", "5S", "6C"], ["5C", "4D", "6D"], ["4C", "QD", "KS"],
                        ["7H", "7C", "JD"]])
    s = step(step(s, "play:6C"), "play:5C")  # seat 2, the partner of seat 0, to play
    cards = [c for c in legal_codes(s) if c < RAISE]
    pick = card_choice(s, 2, cards)
    stray = next(c for c in cards if c != pick)
    partner = DealSampler(observation(s, 0), card_sense=0.2)
    other = DealSampler(observation(s, 1), card_sense=0.2)
    assert partner._play_fit(s, 2, pick) == other._play_fit(s, 2, pick) == 1.0

    def fit(sense: float) -> float:
        return (1.0 - sense) / 3 / (sense + (1.0 - sense) / 3)

    assert partner._play_fit(s, 2, stray) == pytest.approx(fit(PARTNER_SENSE))
    assert other._play_fit(s, 2, stray) == pytest.approx(fit(0.2))
