"""A second, deliberately plain referee written straight from RULES.md (mutable, strings, no
speed tricks), played against the engine over thousands of random hands in every preset and
random option mixes: legal actions, stake, pending raise, turn, trick results, hand winner,
points and redeal must agree after every action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from truco_learn.engine import (VARIANTS, HandState, card_str, legal_actions, make_options,
                                step)
from truco_learn.engine.match import deal_hand
from truco_learn.engine.options import Options

ORDER = "4567QJKA23"
SUIT_RANK = {"D": 0, "S": 1, "H": 2, "C": 3}  # mole < espadilha < copas < zap
MINEIRO = {"4C": 13, "7H": 12, "AS": 11, "7D": 10}
ALL_TIED = "all tied"


def strength(card: str, manilhas: str, vira: str | None) -> int:
    if manilhas == "mineiro":
        return MINEIRO.get(card, ORDER.index(card[0]))
    assert vira is not None
    if card[0] == ORDER[(ORDER.index(vira[0]) + 1) % 10]:
        return 10 + SUIT_RANK[card[1]]
    return ORDER.index(card[0])


def decide(r: list[int]) -> int | str | None:
    """RULES.md "Who wins the hand", read line by line (-1 is a tied trick)."""
    for team in (0, 1):
        if r.count(team) >= 2:
            return team  # a team that wins two tricks wins
    if len(r) < 2:
        return None
    if r[0] == -1:  # first tied: the next trick that is not tied decides
        for x in r[1:]:
            if x != -1:
                return x
        return ALL_TIED if len(r) == 3 else None
    if r[1] == -1:  # first won by X, second tied: X
        return r[0]
    if len(r) == 3:  # one each: the third decides; tied → the first trick's winner
        return r[0] if r[2] == -1 else r[2]
    return None


class Referee:
    def __init__(self, o: Options, dealer: int, hands: list[list[str]], vira: str | None,
                 score: tuple[int, int]) -> None:
        self.o, self.n, self.dealer = o, o.seats, dealer
        self.mao = (dealer + 1) % self.n
        self.left = [list(h) for h in hands]
        self.vira, self.score = vira, score
        a, b = score[0] >= o.eleven_at, score[1] >= o.eleven_at
        if a and b:
            self.mode = "iron" if o.iron else "no raises"
        elif (a or b) and o.eleven:
            self.mode = "eleven"
        else:
            self.mode = "normal"
        self.eleven_team = 0 if a else 1
        self.stake = {"iron": o.iron_value, "eleven": o.eleven_value}.get(self.mode, o.ladder[0])
        self.onze_pending = self.mode == "eleven"
        self.to_act = self.mao
        if self.onze_pending:
            self.to_act = next(s for s in ((self.mao + k) % self.n for k in range(self.n))
                               if s % 2 == self.eleven_team)
        self.pending: tuple[int, int] | None = None
        self.first_raiser = -1
        self.last_accepted_team: int | None = None
        self.leader = self.mao
        self.trick: list[tuple[int, str, bool]] = []
        self.results: list[int] = []
        self.exposure: tuple[int, list[str]] | None = None  # team, face-up cards at last raise
        self.over, self.winner, self.points, self.redeal = False, -1, [0, 0], False

    def st(self, card: str) -> int:
        return strength(card, self.o.manilhas, self.vira)

    def next_value(self, value: int) -> int | None:
        lad = list(self.o.ladder)
        return lad[lad.index(value) + 1] if value in lad[:-1] else None

    def pointless(self, team: int, value: int) -> bool:
        return self.o.no_pointless_raise and self.score[team] + value >= self.o.target

    def legal(self) -> list[str]:
        if self.over:
            return []
        if self.onze_pending:
            return ["onze:fold", "onze:play"]
        seat = self.to_act
        team = seat % 2
        if self.pending is not None:
            out = ["accept", "fold"]
            value = self.pending[1]
            if self.next_value(value) is not None and not self.pointless(team, value):
                out.append("raise")
            return sorted(out)
        if self.mode == "iron":
            k = 1 if self.o.iron_choice == "top" else len(self.left[seat])
            return sorted(f"blind:{i}" for i in range(k))
        out = ["play:" + c for c in self.left[seat]]
        if self.o.covered_cards and self.results:
            out += ["cover:" + c for c in self.left[seat]]
        if (self.mode == "normal" and self.next_value(self.stake) is not None
                and self.last_accepted_team != team and not self.pointless(team, self.stake)):
            out.append("raise")
        return sorted(out)

    def end(self, winner: int, pts: int, redeal: bool = False) -> None:
        self.over, self.winner, self.redeal = True, winner, redeal
        if winner >= 0:
            self.points[winner] = pts

    def apply(self, action: str) -> None:
        assert action in self.legal()
        seat = self.to_act
        team = seat % 2
        if action == "onze:play":
            self.onze_pending, self.to_act = False, self.mao
        elif action == "onze:fold":
            self.end(1 - self.eleven_team, self.o.eleven_fold)
        elif action == "raise":
            if self.pending is None:
                self.first_raiser = seat
                proposed = self.next_value(self.stake)
            else:  # a raise given as an answer accepts, then proposes the next value
                self.stake, self.last_accepted_team = self.pending[1], self.pending[0]
                proposed = self.next_value(self.stake)
            assert proposed is not None
            self.pending = (team, proposed)
            self.to_act = next(s for s in ((seat + k) % self.n for k in range(1, self.n))
                               if s % 2 != team)
            self.exposure = (team, [c for _, c, up in self.trick if up])
        elif action == "accept":
            assert self.pending is not None
            self.stake, self.last_accepted_team = self.pending[1], self.pending[0]
            self.pending, self.to_act = None, self.first_raiser
        elif action == "fold":
            assert self.pending is not None
            self.end(self.pending[0], self.stake)
        else:
            kind, arg = action.split(":")
            card = self.left[seat][int(arg)] if kind == "blind" else arg
            self.left[seat].remove(card)
            self.trick.append((seat, card, kind != "cover"))
            if len(self.trick) < self.n:
                self.to_act = (seat + 1) % self.n
            else:
                self.finish_trick()

    def finish_trick(self) -> None:
        face_up = [(s, c) for s, c, up in self.trick if up]
        nxt = self.leader
        if not face_up:
            result = -1
        else:
            top = max(self.st(c) for _, c in face_up)
            tops = [s for s, c in face_up if self.st(c) == top]
            if len({s % 2 for s in tops}) == 2:
                result = -1
                if self.o.lead_after_tie == "first_tying":
                    nxt = tops[0]
                if self.o.exposed_card and self.exposure is not None:
                    raiser, shown = self.exposure
                    if any(self.st(c) == top for c in shown):
                        self.results.append(-1)
                        self.end(1 - raiser, self.stake)
                        return
            else:
                result, nxt = tops[0] % 2, tops[0]
        self.results.append(result)
        self.trick, self.exposure = [], None
        outcome = decide(self.results)
        if outcome is None:
            self.leader = self.to_act = nxt
        elif outcome != ALL_TIED:
            assert isinstance(outcome, int)
            self.end(outcome, self.stake)
        elif self.mode == "iron":
            self.end(-1, 0, redeal=True)
        elif self.mode == "eleven" and self.o.eleven_all_tied == "eleven_team_loses":
            self.end(1 - self.eleven_team, self.stake)
        elif self.o.all_tied == "nobody":
            self.end(-1, 0)
        else:
            self.end((self.dealer if self.o.all_tied == "dealer_team" else self.mao) % 2,
                     self.stake)


def _compare(s: HandState, ref: Referee, where: str) -> None:
    assert legal_actions(s) == ref.legal(), where
    assert s.over == ref.over, where
    assert [t.result for t in s.tricks] == ref.results, where
    assert s.stake == ref.stake, where
    if ref.over:
        assert (s.winner, s.points, s.redeal) == (ref.winner, tuple(ref.points), ref.redeal), where
    else:
        assert s.to_act == ref.to_act and s.pending == ref.pending, where


MIX_CHOICES: dict[str, list[Any]] = {
    "lead_after_tie": ["leader", "first_tying"], "all_tied": ["nobody", "dealer_team", "mao_team"],
    "covered_cards": [True, False], "no_pointless_raise": [True, False],
    "eleven": [True, False], "iron": [True, False],
    "eleven_all_tied": ["as_usual", "eleven_team_loses"], "iron_choice": ["top", "any"],
    "exposed_card": [True, False],
}


def _random_score(o: Options, rng: random.Random) -> tuple[int, int]:
    near = [o.eleven_at - 1, o.eleven_at, o.target - 1, o.target - 3, 0]
    return tuple(rng.choice(near) if rng.random() < 0.6 else rng.randrange(o.target)
                 for _ in range(2))  # type: ignore[return-value]


def _play_random_hands(variant: str, hands: int, seed: int) -> int:
    rng = random.Random(seed)
    checked = 0
    for k in range(hands):
        mix = {name: rng.choice(vals) for name, vals in MIX_CHOICES.items() if rng.random() < 0.5}
        o = make_options(variant, mix)
        dealer = rng.randrange(o.seats)
        s = deal_hand(o, dealer, _random_score(o, rng), rng)
        d = s.deal
        ref = Referee(o, dealer, [[card_str(c) for c in h] for h in d.hands],
                      None if d.vira is None else card_str(d.vira), d.score)
        where = f"hand {k} of {variant} {mix} score {d.score}"
        _compare(s, ref, where)
        while not ref.over:
            legal = ref.legal()
            # lean towards raising so that the ladder and the answers get explored
            action = "raise" if "raise" in legal and rng.random() < 0.35 else rng.choice(legal)
            where += " " + action
            s = step(s, action)
            ref.apply(action)
            _compare(s, ref, where)
            checked += 1
    return checked


# the Brazilian presets; the Argentine ones have their own referee (argentine_referee.py)
BRAZILIAN = [v for v in VARIANTS if not make_options(v).extended]


@pytest.mark.parametrize("variant", BRAZILIAN)
def test_engine_agrees_with_the_plain_referee(variant: str) -> None:
    assert _play_random_hands(variant, 800, seed=VARIANTS.index(variant)) > 2000


@pytest.mark.parametrize("vira", ["3D", "7S", "KH"])
def test_reference_strength_matches_simple_cases(vira: str) -> None:
    # the referee's own table: manilhas above the threes, ordered by suit
    m = ORDER[(ORDER.index(vira[0]) + 1) % 10]
    assert strength(m + "C", "vira", vira) > strength(m + "H", "vira", vira) > strength(
        m + "S", "vira", vira) > strength(m + "D", "vira", vira) > strength("3C", "vira", vira)
