"""After a hand at a table, a person replays it: the replayer is built from that person's own
observation (what the server sent), so the cards they never saw stay face down and cannot
be guessed from the board."""

from __future__ import annotations

import random
from typing import Any

import pytest

from truco_learn.engine import new_hand, step
from truco_learn.engine.cards import card_name, card_str, parse_card
from truco_learn.engine.observer import observation
from truco_learn.engine.state import legal_actions
from truco_learn.play.replay_board import board_from_observation
from truco_learn.tables.table import Table, new_table_spec
from truco_learn.widgets.tables_app import TablesPage


def finished_table_hand(variant: str, seed: int) -> tuple[Table, dict[str, Any], Any]:
    """Ana (seat 0) and bots play one hand by random legal actions at a real Table."""
    seats = ["human"] + ["bot:coach"] * (3 if variant.endswith("4p") else 1)
    t = Table.create(new_table_spec("t1", {"variant": variant, "seats": seats}, seed))
    t.join("Ana")
    rng = random.Random(seed)
    while t.hand_number == 1 and not t.match.over:
        h = t.hand
        t.act(h.to_act, rng.choice(t.legal(h.to_act)))
    finished = t.match.history[-1] if t.match.history else t.hand
    return t, t.state_for(0, finished, 1), finished


def test_the_board_from_an_observation_never_depends_on_cards_the_seat_did_not_see() -> None:
    """Two deals that differ only in the opponent's unplayed card give the same board."""
    boards = []
    for hidden in ("KD", "5D"):
        h = new_hand("paulista-2p", dealer=1, vira="7D",
                     hands=[["QC", "3S", "4H"], ["2H", "5C", hidden]])
        for a in ["play:QC", "play:2H", "play:3S", "play:5C"]:
            h = step(h, a)
        board = board_from_observation(observation(h, 0), ("You", "Bia"), seed=3)
        board.last()
        boards.append((board.record, board.visible_hands()))
    assert boards[0] == boards[1]
    assert boards[0][1][1] == (None,)  # her last card stays face down
    assert boards[0][1][0] == (parse_card("4H"),)  # mine is shown


def test_a_covered_card_of_the_other_side_stays_face_down() -> None:
    h = new_hand("paulista-4p", dealer=3, vira="7D",
                 hands=[["3S", "4H", "5C"], ["2H", "KS", "6C"], ["6S", "AH", "JC"],
                        ["QS", "5D", "7C"]])
    for a in ["play:3S", "play:2H", "play:6S", "play:5D", "play:4H", "cover:6C"]:
        h = step(h, a)
    rng = random.Random(1)
    while not h.over:
        h = step(h, rng.choice([a for a in legal_actions(h) if a != "raise"]))
    board = board_from_observation(observation(h, 0), ("You", "Bia", "Caio", "Duda"))
    covered = [(who, c) for t in board.positions[-1].tricks for who, c, up in t.plays
               if not up and who == 1]
    assert len(covered) == 1
    who, card = covered[0]
    assert not board.shows(who, card) and card in board.hidden
    assert parse_card("6C") in board.hidden  # the real covered card is one she never saw


@pytest.mark.parametrize("variant", ["paulista-2p", "paulista-4p", "mineiro-2p",
                                     "argentino-2p", "gauderio-4p"])
def test_replay_this_hand_at_a_table_shows_no_card_the_server_did_not_send(variant: str) -> None:
    t, msg, finished = finished_table_hand(variant, seed=11)
    page = TablesPage()
    page.draw(msg)
    assert page.replay_button.layout.display != "none"
    page.replay_button.click()
    assert len(page.replay_box.children) == 1, page.message.value
    html = page.replay_box.children[0].children[1].value  # the board
    seen = {parse_card(c) for c in msg["observation"]["hand"] or []}
    seen |= {parse_card(a.split(":")[1]) for _w, a in msg["observation"]["log"]
             if a.startswith(("play:", "cover:"))}
    if msg["observation"].get("partner_hand"):
        seen |= {parse_card(c) for c in msg["observation"]["partner_hand"]}
    deck = finished.deal.opts.deck
    for hand in finished.deal.hands:
        for c in hand:
            if c not in seen:  # a card Ana never saw must not be named on her board
                assert card_name(c, deck) not in html, (card_str(c), variant)
    assert "Move" in html


def test_no_replay_button_for_a_spectator_or_a_hand_in_play() -> None:
    t, msg, _finished = finished_table_hand("paulista-2p", seed=4)
    page = TablesPage()
    live = t.state_for(0)
    if not live["hand_over"]:
        page.draw(live)
        assert page.replay_button.layout.display == "none"
    watcher = t.state_for(None, _finished, 1)
    page.draw(watcher)
    assert page.finished_hand is None


def test_the_replay_at_a_table_shows_the_reviews_numbers_and_grades() -> None:
    """The server's review of a hand and its replay on the page grade each decision alike
    (the review's options travel in its message)."""
    from truco_learn.tables.reviews import review_message

    for seed in range(11, 40):
        t, msg, finished = finished_table_hand("paulista-2p", seed=seed)
        review = review_message(finished, 0, msg["hand"], 1, against="easy")
        if any(i["action"] == "raise" or i["best"] == "raise" for i in review["items"]):
            break
    assert review["items"] and all(i["options"] and i["samples"] > 0 for i in review["items"])
    page = TablesPage()
    page.draw(msg)
    page._on_message(review)
    page.replay_button.click()
    assert page.replayer is not None, page.message.value
    for item in review["items"]:
        ev = page.replayer.analysis.at(item["index"])
        assert ev is not None
        assert (ev.chosen, ev.best, ev.label) == (item["action"], item["best"], item["label"])
        assert {o.action: round(o.ev, 3) for o in ev.options} == {
            a: e for a, e, _w, _se in item["options"]}
