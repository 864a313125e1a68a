"""A second referee for Argentine and gaudério truco, written straight from RULES.md
("Argentine and gaudério truco: envido, flor and dropping out") and PROTOCOL.md, sharing no
code with the engine: cards are plain strings, the state is mutable, nothing is fast.

It plays ordinary hands (no hand of eleven, no iron hand: the Argentine presets never reach
one), with any mix of the options below, and reports what the replay reports.
"""

from __future__ import annotations

from typing import Any

ORDER = "4567QJKA23"
TOP = ["7D", "7S", "AC", "AS"]  # the fixed top cards, weakest first
FACE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "Q": 0, "J": 0, "K": 0}
CALLS = ["envido", "real_envido", "falta_envido"]


def strength(card: str) -> int:
    if card in TOP:
        return 10 + TOP.index(card)
    return ORDER.index(card[0])


def envido_of(cards: list[str]) -> int:
    """20 + the two highest face values of a suit held twice or more, else the highest."""
    best = max(FACE[c[0]] for c in cards)
    for suit in "CHSD":
        values = sorted((FACE[c[0]] for c in cards if c[1] == suit), reverse=True)
        if len(values) >= 2:
            best = max(best, 20 + values[0] + values[1])
    return best


def is_flor(cards: list[str]) -> bool:
    return len({c[1] for c in cards}) == 1


def flor_of(cards: list[str]) -> int:
    return 20 + sum(FACE[c[0]] for c in cards)


def face_rank(cards: list[str]) -> int:
    return max("QJK".index(c[0]) + 1 if c[0] in "QJK" else 0 for c in cards)


def hand_result(r: list[int]) -> int | str | None:
    """Who wins the hand from the trick results (-1 tied): RULES.md, read line by line."""
    for team in (0, 1):
        if r.count(team) >= 2:
            return team
    if len(r) < 2:
        return None
    if r[0] == -1:
        for x in r[1:]:
            if x != -1:
                return x
        return "all tied" if len(r) == 3 else None
    if r[1] == -1:
        return r[0]
    if len(r) == 3:
        return r[0] if r[2] == -1 else r[2]
    return None


class ArgentineReferee:
    def __init__(self, o: Any, dealer: int, hands: list[list[str]],
                 score: tuple[int, int]) -> None:
        self.o, self.n = o, o.seats
        self.dealt = [list(h) for h in hands]
        self.left = [list(h) for h in hands]
        self.start = list(score)
        self.mao = (dealer + 1) % self.n
        self.dealer = dealer
        self.stake = o.ladder[0]
        self.truco: tuple[int, int] | None = None  # (team, proposed value)
        self.first_raiser = -1
        self.last_accepted_team: int | None = None
        self.leader = self.mao
        self.to_act = self.mao
        self.trick: list[tuple[int, str, bool]] = []
        self.done_tricks: list[dict[str, Any]] = []
        self.results: list[int] = []
        self.over = False
        self.winner: int | None = None
        self.points = [0, 0]
        self.dropped: list[int] = []
        self.envido_calls: list[tuple[int, str]] = []
        self.envido_waiting = False
        self.envido_caller_first = -1
        self.envido: dict[str, Any] | None = None
        self.flor: dict[str, Any] | None = None
        self.flor_stage = ""  # "decide", "contra", "" (nothing waits)
        self.first_flor = -1
        self.flor_kind = ""
        self.cards_played = 0
        if o.flor:
            holders = [s for s in range(self.n) if is_flor(self.dealt[s])]
            if holders:
                self.flor = {"seats": holders, "calls": [], "result": None, "winner": None,
                             "points": 0}
                teams = {s % 2 for s in holders}
                if len(teams) == 1:
                    team = holders[0] % 2
                    self.flor.update(result="lone", winner=team, points=3 * len(holders))
                    self.score_now(team, 3 * len(holders))
                else:
                    from_mao = [(self.mao + k) % self.n for k in range(self.n)]
                    order = [s for s in from_mao if s in holders]
                    self.first_flor = order[0]
                    answer = [s for s in order if s % 2 != self.first_flor % 2][0]
                    self.flor_stage = "decide"
                    self.to_act = answer

    # ------------------------------------------------------------ helpers

    def score(self) -> list[int]:
        return [self.start[0] + self.points[0], self.start[1] + self.points[1]]

    def score_now(self, team: int, pts: int) -> None:
        """Points scored at once: they may end the game (and the hand) there."""
        self.points[team] += pts
        if max(self.score()) >= self.o.target:
            self.over, self.winner = True, None

    def in_hand(self, seat: int) -> bool:
        return seat not in self.dropped

    def after(self, seat: int, other_team: bool) -> int:
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.in_hand(s) and (not other_team or s % 2 != seat % 2):
                return s
        raise AssertionError("nobody left")

    def next_value(self, value: int) -> int | None:
        lad = list(self.o.ladder)
        i = lad.index(value)
        return lad[i + 1] if i + 1 < len(lad) else None

    def pointless(self, team: int, value: int) -> bool:
        return self.o.no_pointless_raise and self.score()[team] + value >= self.o.target

    def someone_has_flor(self) -> bool:
        return self.flor is not None

    def may_open_envido(self, seat: int) -> bool:
        return (self.o.envido and not self.envido_calls and self.last_accepted_team is None
                and not self.someone_has_flor() and not self.results
                and len(self.left[seat]) == 3)

    def team_envido(self, team: int) -> int:
        vals = [envido_of(self.dealt[s]) for s in range(self.n)
                if s % 2 == team and self.in_hand(s)]
        return max(vals) if vals else -1

    def falta(self) -> int:
        return self.o.target - max(self.score())

    # ------------------------------------------------------------ legal actions

    def legal(self) -> list[str]:
        if self.over:
            return []
        seat = self.to_act
        team = seat % 2
        if self.flor_stage == "decide":
            return sorted(["flor", "contraflor", "contraflor_resto", "achico"])
        if self.flor_stage == "contra":
            return ["accept", "fold"]
        if self.envido_waiting:
            made = [c for _, c in self.envido_calls]
            out = ["accept", "fold"]
            if "falta_envido" not in made:
                if "real_envido" not in made and made.count("envido") < 2:
                    out.append("envido")
                if "real_envido" not in made or self.o.real_envido_repeat:
                    out.append("real_envido")
                out.append("falta_envido")
            return sorted(out)
        if self.truco is not None:
            out = ["accept", "fold"]
            value = self.truco[1]
            if self.next_value(value) is not None and not self.pointless(team, value):
                out.append("raise")
            if self.may_open_envido(seat):
                out += CALLS
            return sorted(out)
        out = ["play:" + c for c in self.left[seat]]
        if self.o.covered_cards and self.results:
            out += ["cover:" + c for c in self.left[seat]]
        if (self.next_value(self.stake) is not None and self.last_accepted_team != team
                and not self.pointless(team, self.stake)):
            out.append("raise")
        if self.may_open_envido(seat):
            out += CALLS
        if self.o.drop_out:
            out.append("drop")
        return sorted(out)

    # ------------------------------------------------------------ actions

    def apply(self, action: str) -> None:
        assert action in self.legal(), (action, self.legal())
        seat = self.to_act
        team = seat % 2
        if self.flor_stage == "decide":
            self.flor["calls"].append([seat, action])  # type: ignore[index]
            if action == "flor":
                self.flor.update(result="compared")  # type: ignore[union-attr]
                self.flor_kind, self.flor_stage, self.to_act = "flor", "", self.mao
            elif action == "achico":
                self.flor_stage, self.to_act = "", self.mao
                self.flor.update(result="achico", winner=self.first_flor % 2,  # type: ignore
                                 points=4)
                self.score_now(self.first_flor % 2, 4)
            else:
                self.flor_kind, self.flor_stage, self.to_act = action, "contra", self.first_flor
            return
        if self.flor_stage == "contra":
            caller_team = self.flor["calls"][-1][0] % 2  # type: ignore[index]
            self.flor_stage, self.to_act = "", self.mao
            if action == "accept":
                self.flor.update(result="compared")  # type: ignore[union-attr]
            else:
                self.flor.update(result="declined", winner=caller_team,  # type: ignore
                                 points=4)
                self.score_now(caller_team, 4)
            return
        if action in CALLS:
            if not self.envido_calls:
                self.envido_caller_first = seat
            self.envido_calls.append((seat, action))
            self.envido_waiting = True
            self.envido = {"calls": [[s, c] for s, c in self.envido_calls], "result": None,
                           "winner": None, "points": 0, "values": None}
            self.to_act = self.after(seat, other_team=True)
            return
        if self.envido_waiting and action in ("accept", "fold"):
            self.settle_envido(action == "accept")
            return
        if action == "raise":
            if self.truco is None:
                self.first_raiser = seat
                proposed = self.next_value(self.stake)
            else:
                self.stake, self.last_accepted_team = self.truco[1], self.truco[0]
                proposed = self.next_value(self.stake)
            assert proposed is not None
            self.truco = (team, proposed)
            self.to_act = self.after(seat, other_team=True)
            return
        if action == "accept":
            assert self.truco is not None
            self.stake, self.last_accepted_team = self.truco[1], self.truco[0]
            self.truco, self.to_act = None, self.first_raiser
            return
        if action == "fold":
            assert self.truco is not None
            self.end_hand(self.truco[0], self.stake)
            return
        if action == "drop":
            self.dropped.append(seat)
            if all(not self.in_hand(s) for s in range(self.n) if s % 2 == team):
                extra = 1 if (self.cards_played == 0 and self.o.envido and not self.envido_calls
                              and self.last_accepted_team is None
                              and not self.someone_has_flor()) else 0
                self.end_hand(1 - team, self.stake + extra)
                return
            if not self.trick:
                self.leader = self.after(seat, other_team=False)
                self.to_act = self.leader
            else:
                self.next_in_trick(seat)
            return
        kind, card = action.split(":")
        self.left[seat].remove(card)
        self.cards_played += 1
        self.trick.append((seat, card, kind == "play"))
        self.next_in_trick(seat)

    def next_in_trick(self, seat: int) -> None:
        played = {s for s, _, _ in self.trick}
        if all(s in played for s in range(self.n) if self.in_hand(s)):
            self.finish_trick()
        else:
            self.to_act = self.after(seat, other_team=False)

    def settle_envido(self, accepted: bool) -> None:
        calls = [c for _, c in self.envido_calls]
        worth = {"envido": 2, "real_envido": 3}
        assert self.envido is not None
        if accepted:
            mine, theirs = self.team_envido(0), self.team_envido(1)
            if mine != theirs:
                win = 0 if mine > theirs else 1
            else:
                win = self.mao % 2
                if self.o.envido_zero_tiebreak == "face_cards" and mine == 0:
                    faces = [max([face_rank(self.dealt[s]) for s in range(self.n)
                                  if s % 2 == t and self.in_hand(s)]) for t in (0, 1)]
                    if faces[0] != faces[1]:
                        win = 0 if faces[0] > faces[1] else 1
            pts = self.falta() if "falta_envido" in calls else sum(worth[c] for c in calls)
            self.envido.update(result="accepted", values=[mine, theirs])
        else:
            win = self.envido_calls[-1][0] % 2
            pts = 1 if len(calls) == 1 else sum(worth[c] for c in calls[:-1])
            self.envido.update(result="declined")
        self.envido.update(winner=win, points=pts)
        self.envido_waiting = False
        self.to_act = self.envido_caller_first
        self.score_now(win, pts)

    def finish_trick(self) -> None:
        face_up = [(s, c) for s, c, up in self.trick if up]
        nxt = self.leader
        if not face_up:
            result = -1
        else:
            top = max(strength(c) for _, c in face_up)
            tops = [s for s, c in face_up if strength(c) == top]
            if len({s % 2 for s in tops}) == 2:
                result = -1
                if self.o.lead_after_tie == "first_tying":
                    nxt = tops[0]
            else:
                result, nxt = tops[0] % 2, tops[0]
        self.done_tricks.append({"leader": self.leader, "plays": list(self.trick),
                                 "result": result})
        self.results.append(result)
        self.trick = []
        outcome = hand_result(self.results)
        if outcome is None:
            self.leader = self.to_act = nxt
        elif outcome != "all tied":
            assert isinstance(outcome, int)
            self.end_hand(outcome, self.stake)
        elif self.o.all_tied == "nobody":
            self.end_hand(None, 0)
        else:
            who = self.dealer if self.o.all_tied == "dealer_team" else self.mao
            self.end_hand(who % 2, self.stake)

    def end_hand(self, team: int | None, pts: int) -> None:
        self.over = True
        self.truco = None
        if self.flor is not None and self.flor["result"] == "compared":
            best = [-1, -1]
            for s in self.flor["seats"]:
                if self.in_hand(s):
                    best[s % 2] = max(best[s % 2], flor_of(self.dealt[s]))
            fw = self.mao % 2 if best[0] == best[1] else (0 if best[0] > best[1] else 1)
            if self.flor_kind == "flor":
                fp = 3 * len(self.flor["seats"])
            elif self.flor_kind == "contraflor":
                fp = 6
            else:
                fp = 6 + self.falta()
            self.flor.update(winner=fw, points=fp)
            self.points[fw] += fp
            if max(self.score()) >= self.o.target:
                self.winner = None
                return
        self.winner = team
        if team is not None:
            self.points[team] += pts

    # ------------------------------------------------------------ the replay's view

    def report(self) -> dict[str, Any]:
        pending: dict[str, Any] | None = None
        if not self.over:
            if self.flor_stage == "decide":
                pending = {"team": self.first_flor % 2, "flor": "flor"}
            elif self.flor_stage == "contra":
                seat, call = self.flor["calls"][-1]  # type: ignore[index]
                pending = {"team": seat % 2, "flor": call}
            elif self.envido_waiting:
                seat, call = self.envido_calls[-1]
                pending = {"team": seat % 2, "envido": call}
            elif self.truco is not None:
                pending = {"team": self.truco[0], "value": self.truco[1]}
        score = self.score()
        game_over = max(score) >= self.o.target and self.over
        out = {
            "results": list(self.results), "stake": self.stake, "pending": pending,
            "to_act": None if self.over else self.to_act, "legal": self.legal(),
            "hand_over": self.over, "hand_winner": self.winner, "points": list(self.points),
            "score": score, "game_over": game_over,
            "game_winner": (0 if score[0] >= self.o.target else 1) if game_over else None,
        }
        if self.o.envido or self.o.flor or self.o.drop_out:  # PROTOCOL.md: only then present
            out.update(envido=self.envido, flor=self.flor, dropped=list(self.dropped))
        return out
