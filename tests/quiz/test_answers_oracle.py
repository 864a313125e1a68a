"""Every quiz kind's answer, re-derived without the quiz's own code: card orders, manilhas,
envido and flor points from RULES.md's definitions; trick and hand winners, the next leader,
points and stakes by replaying the item's scenario in the engine; every "Yes" / "No: <reason>"
legality answer against the engine's legal actions, and the reason against the state.

(The rules audit ran this over 28,800 items, 200 seeds of every kind at every preset; the
suite keeps 12 seeds.)"""

from __future__ import annotations

import collections
import re
from typing import Any

import pytest

from truco_learn.course.scripted import seat_name
from truco_learn.engine import ELEVEN, IRON, VARIANTS, legal_actions, make_options, parse_card
from truco_learn.engine.cards import strength_table
from truco_learn.quiz.deals import replay
from truco_learn.quiz.registry import ITEM_KINDS, make_item

ORDER = "4 5 6 7 Q J K A 2 3".split()
FACE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "Q": 0, "J": 0, "K": 0}


def team(t: int, n: int) -> str:
    return seat_name(t) if n == 2 else f"{seat_name(t)} and {seat_name(t + 2)}"


def envido(cards: list[str]) -> int:  # RULES.md, independent
    by = collections.defaultdict(list)
    for c in cards:
        by[c[1]].append(FACE[c[0]])
    best = max(FACE[c[0]] for c in cards)
    for v in by.values():
        if len(v) >= 2:
            v = sorted(v, reverse=True)
            best = max(best, 20 + v[0] + v[1])
    return best


def causes(s: Any, d: Any, opts: Any) -> list[str]:
    """Possible reasons (answer substrings) why d['action'] is illegal, from the state."""
    seat, a = d["seat"], d["action"]
    tm = seat % 2
    out: list[str] = []
    e = s.ext
    if a == "raise" or a.startswith("cover") or a.startswith("play"):
        if s.pending is not None:
            out.append("answered first")
    if a == "raise":
        if s.deal.mode == ELEVEN:
            out += ["hand of eleven", "hand of ten"]
        if s.deal.mode == IRON:
            out.append("iron hand")
        nxt = s.pending[1] if s.pending else s.stake
        if nxt == opts.ladder[-1]:
            out.append("top of the ladder")
        if s.last_raise_team == tm and s.pending is None:
            out.append("alternate")
        if s.pending is not None and s.pending[0] == tm:
            out.append("alternate")
        at = s.pending[1] if s.pending else s.stake
        if opts.no_pointless_raise and s.deal.score[tm] + at >= opts.target:
            out.append("accepting alone")
    if a.startswith("cover"):
        if not opts.covered_cards:
            out.append("without covered cards")
        if not s.tricks:
            out.append("first trick")
    if a in ("envido", "real_envido", "falta_envido"):
        if e is not None:
            if e.flor_seats:
                out.append("flor at the table")
            if e.env_result is not None:
                out.append("only one envido")
            if e.env_open:
                out += ["must go up", "answered first"]
            if e.env_open is False and s.pending is not None:
                out.append("answered first")
        if s.tricks:
            out.append("only in the first trick")
        if s.last_raise_team >= 0:
            out.append("truco was already accepted")
        played = [c for c in s.cur if c[0] == seat] if s.cur else []
        if played:
            out.append("already played a card")
    if a == "drop":
        if s.pending is not None or (e and (e.env_open or e.flor_wait)):
            out.append("answered first")
    return out


def symbols(card: str) -> str:
    """``"QC"`` as the quiz writes it, ``"Q♣"``."""
    return card[:-1] + {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}[card[-1]]


def pts(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def check(it: Any) -> str | None:
    d = it.data
    sc = d.get("scenario")
    k = it.kind
    if k == "coach":
        return None
    s = replay(sc) if sc else None
    opts = make_options(d.get("table") or it.variant)
    n = opts.seats
    if k == "card_rank":
        if d.get("form") == "decks":
            from truco_learn.engine.cards import card_name
            a = d["asked"]
            sp = {"Q": "sota", "J": "caballo", "K": "rey", "A": "as"}[a[0]]
            assert sp in it.prompt, it.prompt
            return card_name(parse_card(a), "french")
        if d.get("form") != "order":
            return None
        cards = [parse_card(c) for c in d["cards"]]
        # ordinary order: index in ORDER
        ranks = [ORDER.index(c[0]) for c in d["cards"]]
        assert len(set(ranks)) == len(ranks)
        best = d["cards"][ranks.index(max(ranks))]
        from truco_learn.engine.cards import card_name
        want = card_name(parse_card(best), d["deck"])
        return want
    if k == "manilhas":
        if d["form"] == "rank":
            v = d["vira"]
            r = ORDER[(ORDER.index(v[0]) + 1) % 10]
            names = {"4": "fours", "5": "fives", "6": "sixes", "7": "sevens", "Q": "queens",
                     "J": "jacks", "K": "kings", "A": "aces", "2": "twos", "3": "threes"}
            return names[r]
        if d["form"] == "strongest":
            suit = {"C": 3, "H": 2, "S": 1, "D": 0}
            return symbols(max(d["cards"], key=lambda c: suit[c[1]]))
        if d["form"] == "mineiro":
            m = [c for c in d["cards"] if c in ("4C", "7H", "AS", "7D")]
            assert len(m) == 1, d
            return symbols(m[0])
        return "?" + d["form"]
    if k in ("trick_winner", "partner_trick"):
        t = s.tricks[-1] if s.tricks and not s.cur else None
        assert t is not None
        if t.result < 0:
            return "Tie (empate)"
        if k == "partner_trick":
            return team(t.result, n)
        strength = strength_table(opts.manilhas, parse_card(d["vira"]) if d.get("vira") else None)
        ups = [(c, strength[parse_card(c)]) for c in d["cards"]]
        top = max(x for _, x in ups)
        return symbols(next(c for c, x in ups if x == top))
    if k == "hand_winner":
        assert s.over
        return team(s.winner, n) if s.winner >= 0 else "Nobody scores"
    if k == "lead_after_tie":
        return seat_name(s.leader)
    if k == "bet_points":
        if "worth now" in it.prompt:
            return pts(s.stake)
        m = re.search(r"How many points (?:do|does) (.+?) score", it.prompt)
        who = m.group(1)
        tm = 0 if who.startswith("Ana") else 1
        return pts(s.points[tm])
    if k == "eleven":
        m = re.search(r"How many points (?:do|does) (.+?) score", it.prompt)
        if m and m.group(1) != "it":
            tm = 0 if m.group(1).startswith("Ana") else 1
        else:
            m = re.search(r"(\w+(?: and \w+)?) wins? it", it.prompt)
            tm = 0 if m.group(1).startswith("Ana") else 1
            assert s.winner == tm
        return pts(s.points[tm])
    if k in ("legal", "eleven_legal", "cover_legal", "envido_legal"):
        ok = s.to_act == d["seat"] and d["action"] in legal_actions(s)
        if not ok:
            cause = causes(s, d, opts)
            if cause and not any(x in it.answer for x in cause):
                return "WRONG REASON " + repr(cause)
        return "Yes" if ok else "No"
    if k == "exposed_card":
        if s.over and s.winner >= 0:
            return f"{team(s.winner, n)} win the hand at once"
        return "The trick is tied and the hand goes on"
    if k == "envido_points":
        cs = d["cards"]
        if opts.flor and len({c[1] for c in cs}) == 1:
            return f"A flor of {20 + sum(FACE[c[0]] for c in cs)}: nobody calls envido in this hand"
        return str(envido(d["cards"]))
    if k == "envido_winner":
        e = s.ext
        # independent: team envido
        hands = sc["hands"]
        dropped = set(e.dropped)
        vals = [max((envido(hands[x]) for x in range(n) if x % 2 == tm and x not in dropped),
                    default=-1) for tm in (0, 1)]
        mao = (sc["dealer"] + 1) % n
        if vals[0] != vals[1]:
            w = 0 if vals[0] > vals[1] else 1
        elif opts.envido_zero_tiebreak == "face_cards" and vals[0] == 0:
            fr = {"K": 3, "J": 2, "Q": 1}
            bf = [max((fr.get(c[0], 0) for x in range(n) if x % 2 == tm and x not in dropped
                       for c in hands[x]), default=0) for tm in (0, 1)]
            w = (0 if bf[0] > bf[1] else 1) if bf[0] != bf[1] else mao % 2
        else:
            w = mao % 2
        assert e.env_winner == w, (e.env_winner, w, vals)
        return team(w, n)
    if k == "envido_declined":
        m = re.search(r"How many points (?:do|does) (.+?) score", it.prompt)
        tm = 0 if m.group(1).startswith("Ana") else 1
        e = s.ext
        return pts(e.bonus[tm])
    return None


SEEDS = 12


@pytest.mark.parametrize("kind", [k for k in ITEM_KINDS if k != "coach"])


def test_every_answer_is_the_rules(kind: str) -> None:
    bad, checked = [], 0
    for variant in VARIANTS:
        for seed in range(SEEDS):
            item = make_item(kind, seed, variant)
            assert item.answer in item.choices and len(set(item.choices)) == len(item.choices)
            want = check(item)
            if want is None or want.startswith("?"):
                continue
            checked += 1
            ok = item.answer.startswith(want) if want in ("Yes", "No") else item.answer == want
            if not ok:
                bad.append(f"{kind}/{variant}/{seed}: {item.answer!r}, the rules say {want!r}: "
                           f"{item.prompt}")
    assert checked, kind
    assert not bad, "\n".join(bad[:10])
