"""Envido and flor on the play page's table: the learner's own envido points on request, the
flor marks, the announced envido values, the malas/buenas on the scoreboard, the buttons and the
narration as players say them. States are built from given hands."""

from __future__ import annotations

import json
import random

import pytest

from truco_learn.engine import legal_actions, new_hand, step
from truco_learn.engine.cards import card_name, parse_card
from truco_learn.engine.handpoints import envido_points
from truco_learn.play.bets_view import (describe_bet, envido_count, hand_start_events,
                                        score_halves, settle_events, target_halves)
from truco_learn.play.menu import action_bar, raise_name
from truco_learn.play.replay_eval import action_words
from truco_learn.play.session import MatchSession, describe_action
from truco_learn.play.view import table_view
from truco_learn.widgets.table_render import table_json

NAMES = ("You", "Coach")


def bar(s, seat=0):
    return {i.action: i for i in action_bar(s, seat, NAMES)}


# ---------------------------------------------------------------- the envido points on request
@pytest.mark.parametrize("hand, deck, text", [
    (["7S", "AS", "KC"], "spanish",
     "You hold 28 for envido: the 7 de espadas and the as de espadas, 20 + 7 + 1."),
    (["7S", "AS", "KC"], "french",
     "You hold 28 for envido: the 7 of spades and the ace of spades, 20 + 7 + 1."),
    (["KS", "5H", "QS"], "spanish",
     "You hold 20 for envido: the rey de espadas and the sota de espadas, 20 + 0 + 0."),
    (["7C", "KH", "2S"], "spanish",
     "You hold 7 for envido: no two cards of one suit, so your highest card counts, the 7 de "
     "bastos."),
    (["KC", "JH", "QS"], "spanish",
     "You hold 0 for envido: no two cards of one suit, and face cards count 0."),
    (["6H", "4H", "AH"], "spanish",  # three of a suit without the flor rule: the best two count
     "You hold 30 for envido: the 6 de copas and the 4 de copas, 20 + 6 + 4."),
])
def test_the_envido_points_of_your_hand_and_how_they_are_counted(hand, deck, text) -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[hand, ["4D", "5D", "6C"]])
    assert envido_count(s, 0, deck) == text
    assert str(envido_points([parse_card(c) for c in hand])) in text


def test_a_flor_is_counted_as_a_flor_where_the_flor_is_played() -> None:
    s = new_hand("gauderio-2p", dealer=1, hands=[["7H", "6H", "5H"], ["4D", "5D", "6C"]])
    assert envido_count(s, 0) == ("You hold a flor: 38 points (20 + 7 + 6 + 5); nobody calls "
                                  "envido in this hand.")
    assert envido_count(s, 1) == ("You hold 29 for envido: the 5 of diamonds and the 4 of "
                                  "diamonds, 20 + 5 + 4.")


def test_no_envido_points_where_envido_is_off() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    v = table_view(s, 0, NAMES)
    assert envido_count(s, 0) == "" and v.envido_count == ""
    assert table_json(v)["envido_count"] == "" and table_json(v)["target_text"] == ""


@pytest.mark.parametrize("variant", ["argentino-2p", "argentino-4p", "gauderio-2p", "gauderio-4p"])
def test_the_page_model_never_holds_another_seats_hidden_cards(variant: str) -> None:
    rng = random.Random(7)
    names = ("You", "Coach (right)", "Partner", "Coach (left)")[:4 if "4p" in variant else 2]
    for game in range(40):
        from truco_learn.engine import new_match
        m = new_match(variant, random.Random(game))
        s = m.hand
        while True:
            for seat in range(len(names)):
                data = table_json(table_view(s, seat, names), deck=s.deal.opts.deck)
                text = json.dumps(data)
                played = {c for t in s.tricks for _, c, _ in t.plays} | {c for _, c, _ in s.cur}
                for other in range(len(names)):
                    if other == seat:
                        continue
                    for c in s.deal.hands[other]:
                        if c in played:
                            continue
                        name = card_name(c, s.deal.opts.deck)
                        assert name not in text, (variant, game, seat, name)
                # the envido count is the seat's own: it matches its own cards
                if data["envido_count"] and "flor:" not in data["envido_count"]:
                    assert f"hold {envido_points(s.deal.hands[seat])} for envido" in \
                        data["envido_count"]
                # another seat's envido value is public only after an accepted envido
                x = s.ext
                if x is not None and x.env_result != "accepted":
                    assert data["envido_line"] == ""
            if s.over:
                break
            s = step(s, rng.choice(legal_actions(s)))


# ---------------------------------------------------------------- the flor on the table
def test_a_declared_flor_is_marked_on_the_table_and_told_in_the_log() -> None:
    s = new_hand("gauderio-2p", dealer=1, hands=[["4D", "5D", "6C"], ["7H", "6H", "5H"]])
    v = table_view(s, 0, NAMES)
    assert [x.flor for x in v.seats] == [False, True]
    data = table_json(v)
    assert [x["flor"] for x in data["seats"]] == [False, True]
    assert hand_start_events(s, 0, NAMES) == ["Coach has a flor.",
                                              "Coach: +3 points for the flor."]
    assert hand_start_events(s, 1, ("Coach", "You")) == ["You have a flor.",
                                                         "You: +3 points for the flor."]
    assert s.score == (0, 3)
    assert bar(s)["envido"].reason == "Somebody holds a flor: there is no envido in this hand."


def test_both_flors_the_answer_and_its_outcome_in_the_log() -> None:
    s = new_hand("gauderio-2p", dealer=1, hands=[["7C", "6C", "5C"], ["7H", "6H", "5H"]])
    assert [x.flor for x in table_view(s, 0, NAMES).seats] == [True, True]
    # seat 1 answers the flor: the status says so, the buttons are there
    v = table_view(s, 0, NAMES)
    assert v.status == "Both teams hold a flor: Coach answers."
    assert table_view(s, 1, ("Coach", "You")).status == (
        "Both teams hold a flor: you answer (flor, contraflor or con flor me achico).")
    after = step(s, "contraflor")
    assert describe_action(s, 1, "contraflor", NAMES) == "Coach calls contraflor."
    assert table_view(after, 0, NAMES).bet_text == "Contraflor?"
    assert table_view(after, 0, NAMES).status == "Coach called contraflor: you must answer."
    assert describe_action(after, 0, "fold", NAMES) == "You say no quiero to the contraflor."
    end = step(after, "fold")
    assert settle_events(after, end, 0, NAMES) == ["Coach: +4 points for the flor."]
    assert describe_action(s, 1, "achico", NAMES) == "Coach says con flor me achico."
    assert describe_action(s, 1, "flor", NAMES) == (
        "Coach says flor: the flors are compared at the end of the hand.")


# ---------------------------------------------------------------- envido calls and answers
def test_an_envido_call_its_answer_and_the_announced_values() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[["7S", "AS", "KC"], ["6H", "4H", "AD"]])
    b = bar(s)
    assert [b[a].label for a in ("raise", "accept", "fold", "envido", "real_envido",
                                 "falta_envido", "drop")] == [
        "Truco!", "Quiero", "No quiero", "Envido", "Real envido", "Falta envido",
        "Me voy al mazo"]
    assert describe_action(s, 0, "envido", NAMES) == "You call envido."
    called = step(s, "envido")
    v = table_view(called, 1, ("You", "Coach")[::-1])
    assert v.status == "Coach called envido: you must answer." and v.bet_text == "Envido?"
    assert table_view(called, 0, NAMES).status == "You called envido: Coach must answer."
    assert table_view(called, 0, NAMES).envido_line == ""  # nothing announced yet
    assert bar(called, 1)["raise"].reason == (
        "Answer the envido first: quiero, no quiero or a higher call.")
    assert describe_action(called, 1, "accept", NAMES) == "Coach says quiero to the envido."
    assert describe_action(called, 1, "fold", NAMES) == "Coach says no quiero to the envido."
    assert describe_action(called, 1, "real_envido", NAMES) == "Coach calls real envido."
    accepted = step(called, "accept")
    assert settle_events(called, accepted, 0, NAMES) == [
        "Envido points: 28 for you, 30 for Coach.", "Coach: +2 points for the envido."]
    v = table_view(accepted, 0, NAMES)
    assert v.envido_line == "Envido: 28 for you, 30 for Coach."
    assert v.bet_text == "" and v.status == "Your turn."
    declined = step(called, "fold")
    assert settle_events(called, declined, 0, NAMES) == ["You: +1 point for the envido."]
    assert table_view(declined, 0, NAMES).envido_line == ""  # a no quiero announces nothing


def test_envido_first_against_a_truco_then_the_truco_is_answered() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[["7S", "AS", "KC"], ["6H", "4H", "AD"]])
    s = step(s, "raise")
    assert describe_action(s, 1, "envido", NAMES) == "Coach calls envido."
    e = step(s, "envido")
    v = table_view(e, 0, NAMES)
    assert v.pending_text == "Truco (2)?" and v.bet_text == "Envido?"
    assert v.status == "Coach called envido: you must answer."
    assert describe_action(e, 0, "accept", NAMES) == "You say quiero to the envido."
    back = step(e, "accept")
    assert describe_action(back, 1, "accept", NAMES) == "Coach says quiero to the truco."
    assert describe_action(back, 1, "fold", NAMES) == "Coach says no quiero to the truco."


def test_the_ladder_buttons_say_truco_retruco_vale_cuatro() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[["7S", "AS", "KC"], ["6H", "4H", "AD"]])
    labels = []
    for _ in range(3):
        labels.append(raise_name(s))
        s = step(s, "raise")
    assert labels == ["Truco!", "Retruco!", "Vale cuatro!"]
    assert bar(s, 1)["raise"].reason == (
        "Vale cuatro is the top of the ladder: you can only say quiero or no quiero.")
    assert bar(s, 1)["drop"].reason == (
        "Answer the vale cuatro first: you may not leave the hand while a call waits.")
    assert [c.item.reason for c in table_view(s, 1, NAMES).hand][0] == (
        "Answer the vale cuatro first: quiero, no quiero or a higher call.")


def test_dropping_out_is_told_as_players_say_it_and_the_replay_names_the_envido() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=[["7S", "AS", "KC"], ["6H", "4H", "AD"]])
    assert describe_action(s, 0, "drop", NAMES) == "You go to the deck (me voy al mazo)."
    e = step(s, "envido")
    assert action_words(e, "accept") == ("say quiero to the envido", "said quiero to the envido",
                                         "saying quiero to the envido")
    assert action_words(e, "fold")[1] == "said no quiero to the envido"
    r = step(e, "real_envido")
    assert action_words(r, "fold")[0] == "say no quiero to the real envido"
    # a Brazilian table keeps its words
    p = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    assert action_words(step(p, "raise"), "fold")[0] == "run from truco"
    assert describe_action(step(p, "raise"), 1, "fold", NAMES) == "Coach runs from the raise."


# ---------------------------------------------------------------- the scoreboard
def test_score_halves_malas_buenas_and_malos_buenos() -> None:
    assert [score_halves(p, 30) for p in (0, 15, 16, 29)] == [
        "0 malas", "15 malas", "1 buenas", "14 buenas"]
    assert [score_halves(p, 24) for p in (3, 12, 13)] == ["3 malos", "12 malos", "1 buenos"]
    assert score_halves(7, 12) == "" and target_halves(12) == ""
    assert target_halves(30) == "15 malas, then 15 buenas"
    assert target_halves(24) == "12 malos, then 12 buenos"


@pytest.mark.parametrize("variant, score, halves, target", [
    ("argentino-2p", (18, 4), ["3 buenas", "4 malas"], "15 malas, then 15 buenas"),
    ("gauderio-4p", (12, 20), ["12 malos", "8 buenos"], "12 malos, then 12 buenos"),
])
def test_the_scoreboard_shows_the_target_and_the_halves(variant, score, halves, target) -> None:
    four = "4p" in variant
    hands = ([["4D", "5D", "6C"], ["7S", "5S", "KC"], ["2H", "3H", "QC"], ["JD", "KD", "2C"]]
             if four else [["4D", "5D", "6C"], ["7S", "5S", "KC"]])
    s = new_hand(variant, 1, hands, None, score)
    names = ("You", "Coach (right)", "Partner", "Coach (left)") if four else NAMES
    data = table_json(table_view(s, 0, names))
    assert [x["half"] for x in data["score"]] == halves
    assert data["target"] == s.deal.opts.target and data["target_text"] == target


def test_a_brazilian_scoreboard_has_no_halves() -> None:
    s = new_hand("paulista-2p", 1, [["QC", "3S", "4H"], ["2H", "5C", "KD"]], "7D", (5, 9))
    assert [x["half"] for x in table_json(table_view(s, 0, NAMES))["score"]] == ["", ""]


# ---------------------------------------------------------------- a match on the page's session
@pytest.mark.parametrize("variant", ["argentino-2p", "gauderio-2p", "argentino-4p"])
def test_a_session_narrates_every_envido_flor_and_drop_in_words(variant: str) -> None:
    said: list[str] = []
    for seed in range(4):
        s = MatchSession(variant, bot="heuristic", seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            s.run_bots()
            if s.match_over:
                break
            if s.hand_over:
                said += s.events + [s.result.text]
                s.next_hand()
                continue
            s.act(rng.choice(s.legal()))
    text = " ".join(said)
    assert "envido" in text and "quiero" in text
    # no answer to an envido is told as running from a hand of eleven or from "the raise"
    assert "hand of 30" not in text and "hand of 24" not in text
    assert "runs from the raise" not in text and "You run." not in text
    assert "Manilhas" not in text


# ---------------------------------------------------------------- the replay board and review
def test_the_replay_board_names_the_envido_in_the_answer_and_the_moves() -> None:
    from truco_learn.play.replay_board import HandRecord, ReplayBoard
    from truco_learn.play.replay_eval import HandAnalysis

    h = new_hand("argentino-2p", dealer=1, hands=[["4C", "5D", "KC"], ["7S", "6S", "AD"]])
    h = step(step(h, "envido"), "fold")  # the learner holds 33 and says no quiero
    board = ReplayBoard(HandRecord.from_hand(h), seat=1, names=("Coach", "You"))
    assert [m.text for m in board.moves()] == ["Coach calls envido.",
                                               "You say no quiero to the envido."]
    ev = HandAnalysis(board, "easy", seed=3).at(1)
    assert ev is not None and ev.chosen == "fold"
    assert "no quiero to the envido" in ev.sentence and "the raise" not in ev.sentence
    words = {o.action: o.words for o in ev.options}
    assert words["fold"] == "say no quiero to the envido"
    assert words["accept"] == "say quiero to the envido"


def test_the_coachs_review_of_an_envido_decision_reaches_the_review_panel() -> None:
    import re

    from truco_learn.bots.review import review
    from truco_learn.widgets.panels import review_html

    h = new_hand("argentino-2p", dealer=1, hands=[["4C", "5D", "KC"], ["7S", "6S", "AD"]])
    h = step(step(h, "envido"), "fold")
    for a in ["play:4C", "play:7S", "play:AD", "play:5D"]:
        h = step(h, a)
    assert h.over
    text = re.sub(r"<[^>]+>", " ", review_html(review(h, 1, "normal", 3), "x"))
    assert "33 for envido" in text  # the coach's count and its envido sentence


def test_an_envido_that_ends_the_game_is_told_as_such() -> None:
    from dataclasses import replace

    from truco_learn.engine.actions import parse_action

    s = MatchSession("argentino-2p", bot="random", seed=1)
    # the learner (seat 0, the mão) holds 33 at 28-0: an accepted envido ends the game at once
    h = new_hand("argentino-2p", 1, [["7S", "6S", "KC"], ["4H", "5D", "QC"]], None, (28, 0))
    s.match = replace(s.match, hand=h, dealer=1)
    s.events = []
    s.act("envido")
    s._apply(1, parse_action("accept")[1], "accept")
    assert s.hand.over and s.match_over and s.hand.winner < 0
    assert s.result is not None
    assert s.result.text == ("The envido or flor points ended the game: the hand is not played "
                             "out. You won the match!")
    assert s.events[-2:] == ["Envido points: 33 for you, 5 for Random bot.",
                             "You: +2 points for the envido."]
