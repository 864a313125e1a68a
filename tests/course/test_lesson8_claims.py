"""Every rule lesson 8 states, read from the text a learner sees and checked by playing the
engine: a teaching tool that teaches something false is broken.

Each test reads its numbers and names out of the rendered step (so a changed sentence is
checked again), then builds hands and steps the engine (not the constants the text was
written from)."""

from __future__ import annotations

import html
import itertools
import random
import re

import pytest

from truco_learn.course.steps import get_lesson
from truco_learn.course.tables import table_label
from truco_learn.engine import new_hand, observation, step
from truco_learn.engine.cards import DECK, RANKS, card_name, card_str, strength_table
from truco_learn.engine.handpoints import envido_points
from truco_learn.engine.options import PRESETS
from truco_learn.engine.state import legal_actions

STEPS = {s.title: s for s in get_lesson(8).steps}
ARG = ("argentino-2p", "argentino-4p")
GAU = ("gauderio-2p", "gauderio-4p")
# Ana is the mão (dealer Bruno): 32 for envido; Bruno 30
HANDS = [["7S", "5S", "KC"], ["6H", "4H", "AD"]]


def text(title: str) -> str:
    body = re.sub(r"<[^>]+>", " ", STEPS[title].body)
    return re.sub(r"\s+", " ", html.unescape(body)).strip()


def number(pattern: str, title: str) -> int:
    m = re.search(pattern, text(title))
    assert m, (pattern, text(title))
    return int(m.group(1))


def start(variant: str = "argentino-2p", hands: list[list[str]] | None = None,
          score: tuple[int, int] = (0, 0), dealer: int = 1):  # type: ignore[no-untyped-def]
    return new_hand(variant, dealer=dealer, hands=hands or HANDS, score=score)


def play(state, *actions: str):  # type: ignore[no-untyped-def]
    for a in actions:
        state = step(state, a)
    return state


# ---------------------------------------------------------------- step 1: the cards

def test_the_top_cards_named_strongest_first_are_the_engines() -> None:
    t = text("The fixed top cards")
    names = [n.strip() for n in re.search(r"strongest first: (.+?)\.", t).group(1).split(">")]
    strength = strength_table(PRESETS["argentino-2p"].manilhas, None)
    ranked = sorted(DECK, key=lambda c: -strength[c])
    named = [card_name(c, "spanish", manilhas="argentine").split(", ")[1] for c in ranked[:4]]
    assert names == named
    for v in ARG + GAU:  # no vira at any of these tables
        s = new_hand(v, 1, [["4C", "5C", "6C"], ["4H", "5H", "6H"]] + (
            [["4S", "5S", "6S"], ["4D", "5D", "6D"]] if PRESETS[v].seats == 4 else []))
        assert s.deal.vira is None and strength_table(s.opts.manilhas, None) == strength


def test_the_order_below_the_top_cards_is_the_engines() -> None:
    t = text("The fixed top cards")
    phrase = re.search(r"Below them come (.+?)\.", t).group(1)
    words = re.split(r", | and ", phrase)
    rank_of = {"3s": "3", "2s": "2", "aces": "A", "kings": "K", "jacks": "J", "queens": "Q",
               "7s": "7", "6s": "6", "5s": "5", "4s": "4"}
    ranks = [next(r for w, r in rank_of.items() if w in word) for word in words]
    strength = strength_table("argentine", None)
    tops = sorted(DECK, key=lambda c: -strength[c])[:4]
    rest = [c for c in DECK if c not in tops]
    by_strength = sorted({strength[c] for c in rest}, reverse=True)
    expect = [RANKS[next(c for c in rest if strength[c] == s) // 4] for s in by_strength]
    assert ranks == expect
    for word, rank in zip(words, ranks):  # "the other two aces": two are among the top cards
        left = [c for c in rest if RANKS[c // 4] == rank]
        assert ("other two" in word) == (len(left) == 2), word


def test_the_decks_named_are_the_presets() -> None:
    t = text("The fixed top cards")
    assert "Argentine tables play with the Spanish deck" in t
    assert "gaúcho tables play with the French deck" in t
    assert {PRESETS[v].deck for v in ARG} == {"spanish"}
    assert {PRESETS[v].deck for v in GAU} == {"french"}


# ---------------------------------------------------------------- step 2: counting

def test_counting_claims() -> None:
    t = text("Counting envido points")
    assert "face cards (sota, caballo, rey) are worth 0" in t
    assert envido_points([16, 21, 26]) == 0  # QC JH KS: no two of a suit
    assert envido_points([16, 20, 26]) == 20  # QC JC KS: two face cards of a suit
    best = number(r"The best envido is (\d+)", "Counting envido points")
    assert best == max(envido_points(h) for h in itertools.combinations(DECK, 3))
    assert "the 7 and the 6 of one suit" in t
    assert envido_points([12, 8, 20]) == best  # 7C 6C JC
    # the counting sentences themselves: tests/course/test_lesson8.py (a referee from the
    # lesson's words, over every hand of three cards)


# ---------------------------------------------------------------- step 3: the envido ladder

LADDER = "The envido ladder"


def _settle(calls: tuple[str, ...], answer: str, score: tuple[int, int] = (0, 0),
            variant: str = "argentino-2p") -> int:
    s = play(start(variant, score=score), *calls, answer)
    return s.ext.env_points


def test_what_each_call_is_worth() -> None:
    envido = number(r"envido \(worth (\d+)\)", LADDER)
    real = number(r"real envido \(worth (\d+)\)", LADDER)
    for v in ("argentino-2p", "gauderio-2p"):
        assert _settle(("envido",), "accept", variant=v) == envido
        assert _settle(("real_envido",), "accept", variant=v) == real
        assert _settle(("envido", "real_envido"), "accept", variant=v) == envido + real


@pytest.mark.parametrize("score", [(0, 0), (7, 19), (25, 3), (29, 28)])
def test_the_falta_is_what_the_leading_team_still_needs(score: tuple[int, int]) -> None:
    assert "falta envido (worth what the leading team still needs to win the game)" in text(
        LADDER)
    target = PRESETS["argentino-2p"].target
    assert _settle(("falta_envido",), "accept", score) == target - max(score)
    assert _settle(("envido", "falta_envido"), "accept", score) == target - max(score)


def test_the_examples_listed_are_what_the_engine_pays() -> None:
    body = STEPS[LADDER].body
    rows = re.findall(r"<li><i>([^<]+)</i>: (\d+) / (\d+)</li>", body)
    assert len(rows) >= 5 and "At 0 to 0" in text(LADDER)
    for words, quiero, no_quiero in rows:
        calls = tuple(w.strip().replace(" ", "_") for w in words.split(","))
        assert _settle(calls, "accept") == int(quiero), words
        assert _settle(calls, "fold") == int(no_quiero), words


def test_the_no_quiero_rule_as_worded() -> None:
    assert ("the team that made the last call scores the calls before it, or 1 when there "
            "was only one call") in text(LADDER)
    worth = {"envido": number(r"envido \(worth (\d+)\)", LADDER),
             "real_envido": number(r"real envido \(worth (\d+)\)", LADDER)}
    seqs = [("envido",), ("real_envido",), ("falta_envido",), ("envido", "envido"),
            ("envido", "real_envido"), ("envido", "envido", "real_envido"),
            ("real_envido", "falta_envido"), ("envido", "envido", "real_envido", "falta_envido")]
    for calls in seqs:
        s = play(start(), *calls)
        last_caller = s.ext.env_calls[-1][0]
        after = step(s, "fold")
        want = 1 if len(calls) == 1 else sum(worth[c] for c in calls[:-1])
        assert after.ext.env_points == want and after.ext.env_winner == last_caller % 2, calls


def test_a_tie_goes_to_the_mao_and_at_gaucho_tables_at_0_to_the_face_card() -> None:
    t = text(LADDER)
    assert "A tie goes to the mão's team" in t
    tied = [["7S", "5S", "KC"], ["7H", "5H", "AD"]]  # 32 each
    for dealer in (0, 1):
        for v in ("argentino-2p", "gauderio-2p"):
            s = play(start(v, tied, dealer=dealer), "envido", "accept")
            assert s.ext.env_winner == (1 - dealer) % 2  # the mão: the seat after the dealer
    assert "gaúcho tables: a tie at 0 goes first to the highest face card, king, then jack" in t
    zero = [["QC", "JH", "QS"], ["KC", "QH", "JS"]]  # 0 each; Bruno holds the king
    s = play(start("gauderio-2p", zero), "envido", "accept")
    assert s.ext.env_values == (0, 0) and s.ext.env_winner == 1
    s = play(start("argentino-2p", zero), "envido", "accept")
    assert s.ext.env_winner == 0  # Argentine tables: the mão, Ana


def test_when_envido_may_be_called() -> None:
    t = text(LADDER)
    assert "On your turn in the first trick, before you play your card, you may call" in t
    s = start()
    assert "envido" in legal_actions(s)
    s1 = step(s, "play:KC")  # Bruno, in the first trick, before his card
    assert "envido" in legal_actions(s1)
    s2 = play(s1, "play:AD")  # second trick: no envido
    assert not s2.over and "envido" not in legal_actions(s2)
    # only one exchange per hand
    assert "Only one envido exchange per hand" in t
    s3 = play(s, "envido", "fold")
    assert not any(a.endswith("envido") for a in legal_actions(s3))
    s4 = play(s3, "play:KC")
    assert not any(a.endswith("envido") for a in legal_actions(s4))


def test_the_order_of_the_calls() -> None:
    assert ("Envido may be called twice, then real envido once (gaúcho tables: again and "
            "again), and falta envido last") in text(LADDER)
    for v, repeat in (("argentino-2p", False), ("gauderio-2p", True)):
        s = start(v)
        assert "envido" in legal_actions(play(s, "envido"))
        assert "envido" not in legal_actions(play(s, "envido", "envido"))
        assert "envido" not in legal_actions(play(s, "real_envido"))
        assert ("real_envido" in legal_actions(play(s, "real_envido"))) == repeat
        assert not any(a.endswith("envido") for a in legal_actions(play(s, "falta_envido")))
        assert "falta_envido" in legal_actions(play(s, "envido", "envido", "real_envido"))


# ---------------------------------------------------------------- step 4: envido first

def test_envido_comes_first_and_the_turn_goes_back() -> None:
    t = text("Envido comes first")
    assert "he may answer with envido: the envido comes first and the truco waits" in t
    s = play(start(), "raise")
    assert "envido" in legal_actions(s)  # Bruno has not played a card
    s = play(s, "envido", "accept")
    assert s.pending is not None and s.to_act == 1  # Bruno still answers the truco
    assert "Bruno still has to answer the truco" in t
    # after you call envido on your turn, you still play your card
    assert "After you call envido on your turn, you still play your card" in t
    s = play(start(), "envido", "accept")
    assert s.to_act == 0 and "play:7S" in legal_actions(s)
    # when the answering seat has played its card, it may not put the envido first
    s = play(start(), "play:KC", "play:AD")  # Bruno wins trick 1 and leads the second
    assert s.to_act == 1 and "envido" not in legal_actions(play(s, "raise"))


def test_no_envido_after_an_accepted_truco_and_values_public_after_quiero() -> None:
    t = text("Envido comes first")
    assert "Once a truco is accepted, nobody may call envido" in t
    s = play(start(), "raise", "accept")
    assert not any(a.endswith("envido") for a in legal_actions(s))
    s = play(start(), "play:KC", "raise", "accept")
    assert not any(a.endswith("envido") for a in legal_actions(s))
    assert "After a quiero, both teams say their envido points aloud" in t
    before = play(start(), "envido")
    assert observation(before, 1)["envido_values"] is None
    for seat in (0, 1):
        assert observation(step(before, "accept"), seat)["envido_values"] == [32, 30]
    assert observation(step(before, "fold"), 1)["envido_values"] is None


# ---------------------------------------------------------------- step 5: flor

FLOR = "Flor and contraflor"
ANA_FLOR = [["7S", "5S", "KS"], ["6H", "4H", "AH"]]  # flors: Ana 32, Bruno 31


def _flor_numbers() -> tuple[int, int, int]:
    t = text(FLOR)
    each = number(r"it scores (\d+) for each flor, at once", FLOR)
    assert number(r"the higher scores (\d+) for each flor", FLOR) == each
    win = number(r"if accepted, the higher flor scores (\d+) at the end", FLOR)
    fold = number(r"if refused, the team that called it scores (\d+)", FLOR)
    assert number(r"the other team scores (\d+)", FLOR) == fold
    assert f"Contraflor al resto : accepted, {win} plus what the leading team needs" in t
    return each, win, fold


def test_flor_is_three_of_a_suit_announced_at_the_deal_and_stops_the_envido() -> None:
    t = text(FLOR)
    assert "At gaúcho tables, three cards of one suit are a flor" in t
    assert "nobody may call envido in that hand" in t
    for v in GAU:
        extra = [["3C", "5D", "6C"], ["4D", "2D", "JC"]] if PRESETS[v].seats == 4 else []
        s = new_hand(v, 1, [["7S", "5S", "KS"], ["6H", "4C", "AD"]] + extra)
        assert s.ext.flor_seats == (0,)
        assert not any(a.endswith("envido") for a in legal_actions(s))
        assert observation(s, 1)["flor_seats"] == [0]  # announced: public
    for v in ARG:  # no flor at Argentine tables: the same cards allow an envido
        extra = [["3C", "5D", "6C"], ["4D", "2D", "JC"]] if PRESETS[v].seats == 4 else []
        s = new_hand(v, 1, [["7S", "5S", "KS"], ["6H", "4C", "AD"]] + extra)
        assert "envido" in legal_actions(s)


def test_flor_points_decide_as_worded() -> None:
    assert "worth 20 plus all three numbers" in text(FLOR)
    number_of = {"4": 4, "5": 5, "6": 6, "7": 7, "Q": 0, "J": 0, "K": 0, "A": 1, "2": 2, "3": 3}
    rng = random.Random(8)
    suits = "CHSD"
    checked = 0
    while checked < 150:
        a_suit, b_suit = rng.sample(suits, 2)
        a = [r + a_suit for r in rng.sample(RANKS, 3)]
        b = [r + b_suit for r in rng.sample(RANKS, 3)]
        pa = 20 + sum(number_of[c[0]] for c in a)
        pb = 20 + sum(number_of[c[0]] for c in b)
        if pa == pb:
            continue
        s = play(start("gauderio-2p", [a, b]), "contraflor", "accept")
        while not s.over:
            s = step(s, next(x for x in legal_actions(s) if x.startswith("play")))
        assert s.ext.flor_winner == (0 if pa > pb else 1), (a, b)
        checked += 1


def test_what_flor_and_contraflor_pay() -> None:
    each, win, fold = _flor_numbers()
    # one team: each flor, at once (two flors on one team at four seats)
    s = new_hand("gauderio-2p", 1, [["7S", "5S", "KS"], ["6H", "4C", "AD"]])
    assert s.ext.bonus == (each, 0)
    s = new_hand("gauderio-4p", 3, [["7S", "5S", "KS"], ["6H", "4C", "AD"], ["7C", "5C", "KC"],
                                    ["4D", "2D", "JH"]])
    assert s.ext.bonus == (2 * each, 0)
    assert "Both teams hold flor: the second one answers" in text(FLOR)
    s = start("gauderio-2p", ANA_FLOR)
    assert s.to_act == 1 and set(legal_actions(s)) == {"flor", "contraflor",
                                                       "contraflor_resto", "achico"}

    def finish(state):  # type: ignore[no-untyped-def]
        while not state.over:
            state = step(state, next(a for a in legal_actions(state) if a.startswith("play")))
        return state

    s = finish(play(start("gauderio-2p", ANA_FLOR), "flor"))
    assert (s.ext.flor_winner, s.ext.flor_points) == (0, 2 * each)
    s = finish(play(start("gauderio-2p", ANA_FLOR), "contraflor", "accept"))
    assert (s.ext.flor_winner, s.ext.flor_points) == (0, win)
    s = play(start("gauderio-2p", ANA_FLOR), "contraflor", "fold")
    assert s.ext.bonus == (0, fold)  # Bruno called the contraflor
    s = play(start("gauderio-2p", ANA_FLOR), "achico")
    assert s.ext.bonus == (fold, 0)
    target = PRESETS["gauderio-2p"].target
    s = finish(play(start("gauderio-2p", ANA_FLOR, score=(5, 10)), "contraflor_resto",
                    "accept"))
    assert s.ext.flor_points == win + target - 10


# ---------------------------------------------------------------- step 6: going to the deck

DECK_STEP = "Going to the deck"


def test_when_you_may_go_to_the_deck() -> None:
    assert "when no call waits for an answer, you may say me voy al mazo" in text(DECK_STEP)
    for v in ARG + GAU:
        assert PRESETS[v].drop_out
    s = start()
    assert "drop" in legal_actions(s)
    assert "drop" not in legal_actions(play(s, "raise"))
    assert "drop" not in legal_actions(play(s, "envido"))
    assert "drop" in legal_actions(play(s, "play:KC"))


def test_what_going_to_the_deck_pays_with_two_players() -> None:
    t = text(DECK_STEP)
    assert ("the other player scores what the hand is worth now, plus 1 if no card was played "
            "yet and an envido could still have been called") in t
    s = play(start(), "drop")
    assert s.over and s.points == (0, 1 + 1)
    s = play(start(), "play:KC", "drop")  # a card was played
    assert s.points == (1, 0)
    s = play(start(), "envido", "fold", "drop")  # the envido was called: no extra point
    assert s.points == (1, 1) and s.ext.bonus == (1, 0)  # Ana's envido refused; Bruno's stake
    s = play(start(), "raise", "accept", "drop")  # truco accepted: stake 2, no envido left
    assert s.points == (0, 2)


def test_with_four_players_the_partner_plays_on() -> None:
    assert "With four players your partner plays on alone, until both of you have left" in text(
        DECK_STEP)
    hands = [["4C", "5H", "6S"], ["3C", "2D", "7D"], ["KC", "QH", "JS"], ["4D", "5D", "6D"]]
    s = play(new_hand("argentino-4p", 3, hands), "drop")
    assert not s.over and s.to_act == 1
    s = play(s, "play:3C", "play:KC", "play:4D")  # Ana is skipped
    assert not s.over
    s = play(s, *(["drop"] if s.to_act == 2 else [legal_actions(s)[0], "drop"]))
    assert s.over and s.winner == 1


# ---------------------------------------------------------------- step 7: Paulista compared

COMPARE = "How it differs from Paulista"


def test_the_ties_sentence_is_the_presets() -> None:
    t = text(COMPARE)
    p, a, g = (PRESETS[v] for v in ("paulista-2p", "argentino-2p", "gauderio-2p"))
    assert "except when all three tricks tie: then the mão's team scores" in t
    assert p.all_tied == "nobody" and a.all_tied == g.all_tied == "mao_team"
    all_tied = [["3S", "2C", "QH"], ["3C", "2D", "QD"]]
    s = play(new_hand("argentino-2p", 1, all_tied), "play:3S", "play:3C", "play:2C", "play:2D",
             "play:QH", "play:QD")
    assert s.winner == 0  # Ana, the mão
    for v in ("argentino-2p", "gauderio-2p"):
        assert PRESETS[v].lead_after_tie == p.lead_after_tie


def test_the_comparison_table_is_the_presets() -> None:
    body = STEPS[COMPARE].body
    rows = {m[0]: m[1:] for m in re.findall(
        r"<tr><th>([^<]*)</th><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td></tr>", body)}
    heads = re.findall(r"<th>([^<]+)</th>", body.split("</tr>")[0])
    variants = ("paulista-2p", "argentino-2p", "gauderio-2p")
    assert heads == [table_label(v) for v in variants]
    opts = [PRESETS[v] for v in variants]
    yes = {"yes": True, "no": False}
    assert [int(x) for x in rows["Game to"]] == [o.target for o in opts]
    assert [yes[x] for x in rows["Hand of eleven"]] == [o.eleven for o in opts]
    assert [yes[x] for x in rows["Envido"]] == [o.envido for o in opts]
    assert [yes[x] for x in rows["Flor"]] == [o.flor for o in opts]
    assert [yes[x] for x in rows["Going to the deck"]] == [o.drop_out for o in opts]
    assert [x.split()[0].lower() for x in rows["Deck"]] == [o.deck for o in opts]
    for cell, o in zip(rows["Ladder"], opts):
        assert tuple(int(n) for n in re.findall(r"\d+", cell)) == o.ladder
    assert rows["Ladder"][1] == "1 → 2 (truco) → 3 (retruco) → 4 (vale cuatro)"
    tops = [card_name(c, "spanish", manilhas="argentine").split(", ")[1]
            for c in sorted(DECK, key=lambda c: -strength_table("argentine", None)[c])[:4]]
    assert rows["Strongest cards"][1] == rows["Strongest cards"][2]
    assert re.split(r", | and ", rows["Strongest cards"][1]) == tops
    assert opts[0].manilhas == "vira" and "vira" in rows["Strongest cards"][0]


def test_the_game_is_played_to_the_presets_target() -> None:
    target = number(r"Play a game to (\d+) against", "Play Argentine truco")
    assert target == PRESETS["argentino-2p"].target
    # the game ends when a team reaches it: an accepted falta envido at 0 to 0 ends it at once
    s = play(start(), "falta_envido", "accept")
    assert s.over and s.points[0] == target


def test_card_notation_in_tests_is_what_the_engine_parses() -> None:
    assert card_str(DECK[0]) == "4C"  # the notation the hands above are written in
