"""A restart loses nothing; votes, signals and a gone player's seat (RULES.md, Table customs)."""

from __future__ import annotations

import random
import time

import pytest

from tables_helpers import Client, Server

pytestmark = pytest.mark.timeout(180)


def _step(clients: dict[int, Client], rng: random.Random) -> None:
    """The seat to act plays one random legal action."""
    for c in clients.values():
        c.drain(0.2)
    st = next(iter(clients.values())).state
    assert st is not None
    mover = clients[st["to_act"]]
    assert mover.state is not None and mover.state["legal"]
    calm = [a for a in mover.state["legal"] if a != "raise"]  # no game ends in a few moves
    mover.send({"type": "act", "action": rng.choice(calm or mover.state["legal"])})


def test_a_restart_mid_match_keeps_the_hand_score_and_log(server: Server) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    tokens = {s: tok for s, tok in (server.join(t, n) for n in ("Ana", "Bia"))}
    clients = {s: server.connect(t, tok) for s, tok in tokens.items()}
    rng = random.Random(5)
    for _ in range(9):
        _step(clients, rng)
    for c in clients.values():
        c.drain(0.3)
    before = {s: c.state for s, c in clients.items()}
    view_before = server.request("GET", f"/tables/{t}")[1]
    assert view_before["hand"] >= 1
    for c in clients.values():
        c.close()
    server.restart()
    assert server.request("GET", f"/tables/{t}")[1]["log"] == view_before["log"]
    assert server.request("POST", f"/tables/{t}/join", {"token": tokens[1]})[1]["seat"] == 1
    again = {s: server.connect(t, tok) for s, tok in tokens.items()}
    for s, c in again.items():
        c.drain(0.3)
        after = c.state
        assert after is not None and before[s] is not None
        for key in ("observation", "hand", "score", "to_act", "legal"):
            assert after[key] == before[s][key], key
    _step(again, rng)  # and the match goes on
    again[0].drain(0.3)
    assert again[0].state["observation"]["log"] != before[0]["observation"]["log"] or (
        again[0].state["hand"] != before[0]["hand"])


def _four_people(server: Server, **customs: bool) -> tuple[str, dict[int, Client]]:
    t = server.create(variant="paulista-4p", seats=["human"] * 4, **customs)
    clients = {}
    for name in ("Ana", "Bia", "Caio", "Duda"):
        seat, token = server.join(t, name)
        clients[seat] = server.connect(t, token)
    for c in clients.values():
        c.drain(0.3)
    return t, clients


def _raise_until_vote(clients: dict[int, Client]) -> tuple[int, int, dict]:
    """Whoever is to act raises (it is the first move of the hand); return the voters."""
    st = clients[0].state
    raiser = st["to_act"]
    assert "raise" in clients[raiser].state["legal"]
    clients[raiser].send({"type": "act", "action": "raise"})
    answer = (raiser + 1) % 4
    msg = clients[answer].until(lambda m: m["type"] == "state" and m["vote"] is not None)
    return answer, (answer + 2) % 4, msg


def test_votes_agreeing_decide_at_once(quick_server: Server) -> None:
    t, clients = _four_people(quick_server, votes=True)
    answer, partner, msg = _raise_until_vote(clients)
    assert msg["vote"]["seats"] == [answer, partner] and "accept" in msg["vote"]["choices"]
    other = clients[(answer + 1) % 4]
    other.drain(0.2)
    assert other.state["vote"] is None  # the other team does not see the vote
    clients[partner].send({"type": "vote", "action": "accept"})
    clients[answer].send({"type": "act", "action": "accept"})  # the answering seat's act votes
    done = clients[answer].until(lambda m: m["type"] == "state" and m["vote"] is None)
    assert done["observation"]["log"][-1] == [answer, "accept"]


def test_votes_without_agreement_run_when_the_time_is_up(quick_server: Server) -> None:
    t, clients = _four_people(quick_server, votes=True)
    answer, partner, _ = _raise_until_vote(clients)
    clients[answer].send({"type": "vote", "action": "accept"})
    clients[partner].send({"type": "vote", "action": "raise"})
    started = time.monotonic()
    done = clients[answer].until(
        lambda m: m["type"] == "state" and m["observation"]["log"][-1:] == [[answer, "fold"]]
        or m["hand"] == 2)
    assert time.monotonic() - started >= 0.5
    assert done["hand"] == 2 or done["observation"]["log"][-1] == [answer, "fold"]


def test_signals_reach_the_partner_only_and_are_truthful(server: Server) -> None:
    t, clients = _four_people(server, signals=True)
    seat = clients[0].state["to_act"]
    clients[seat].send({"type": "signal"})
    partner = clients[(seat + 2) % 4].until(lambda m: m["type"] == "state" and m["signals"])
    sig = partner["signals"][0]
    assert sig[0] == seat and sig[1] in ("zap", "copas", "espadilha", "mole", "three", "two",
                                         "ace", "king", "nothing")
    for opp in ((seat + 1) % 4, (seat + 3) % 4):
        clients[opp].drain(0.3)
        assert clients[opp].state["signals"] == []
    clients[seat].send({"type": "signal"})
    assert "already" in clients[seat].until(lambda m: m["type"] == "error")["message"]
    other = clients[(seat + 1) % 4]
    other.send({"type": "signal"})
    assert "own turn" in other.until(lambda m: m["type"] == "error")["message"]


def test_signals_are_refused_when_off(server: Server) -> None:
    t, clients = _four_people(server)
    seat = clients[0].state["to_act"]
    clients[seat].send({"type": "signal"})
    assert "off" in clients[seat].until(lambda m: m["type"] == "error")["message"]


def test_a_gone_player_keeps_the_seat_a_bot_plays_it_and_the_player_comes_back(
        quick_server: Server) -> None:
    t = quick_server.create(variant="paulista-2p", seats=["human", "human"])
    (sa, ta), (sb, tb) = quick_server.join(t, "Ana"), quick_server.join(t, "Bia")
    a, b = quick_server.connect(t, ta), quick_server.connect(t, tb)
    a.drain(0.3)
    b.drain(0.3)
    mover_seat = a.state["to_act"]
    gone, stay = (a, b) if mover_seat == 0 else (b, a)
    gone_token = ta if mover_seat == 0 else tb
    gone.close()
    msg = stay.until(lambda m: m["type"] == "state"
                     and m["players"][mover_seat]["presence"] == "gone")
    assert msg["players"][mover_seat]["name"] in ("Ana", "Bia")  # the seat is kept
    moved = stay.until(lambda m: m["type"] == "state" and (
        m["observation"]["log"] and m["observation"]["log"][0][0] == mover_seat
        or m["hand"] > 1), timeout=20)
    assert moved["players"][mover_seat]["presence"] == "away"
    back = quick_server.connect(t, gone_token)
    state = back.until(lambda m: m["type"] == "state")
    assert state["seat"] == mover_seat
    assert state["players"][mover_seat]["presence"] == "here"
