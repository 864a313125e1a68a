"""PROTOCOL.md "Tables", message by message, with every bad input: a clear error, nothing
changed, the connection kept."""

from __future__ import annotations

import json

import pytest
import websocket

from tables_helpers import Server

pytestmark = pytest.mark.timeout(120)

STATE_KEYS = {"type", "seat", "observation", "to_act", "legal", "score", "hand", "hand_over",
              "game_over", "game_winner"}
OBS_KEYS = {"variant", "options", "seat", "dealer", "score", "vira", "hand", "partner_hand",
            "log"}


def test_create_returns_table_invite_and_no_tokens(server: Server) -> None:
    status, out = server.request("POST", "/tables", {
        "variant": "paulista-4p", "options": {}, "seats": ["human", "human", "bot:coach",
                                                           "human"],
        "votes": False, "signals": False})
    assert status == 201
    assert set(out) == {"table", "invite", "tokens"} and out["tokens"] == []
    assert out["table"] in out["invite"]
    status, view = server.request("GET", f"/tables/{out['table']}")
    assert status == 200 and view["variant"] == "paulista-4p"
    assert [p["kind"] for p in view["players"]] == ["human", "human", "bot", "human"]


@pytest.mark.parametrize("body", [
    None, [], "paulista-2p", {"variant": "nope"}, {"variant": "paulista-2p", "seats": ["human"]},
    {"variant": "paulista-2p", "seats": ["human", "bot:nobody"]},
    {"variant": "paulista-2p", "seats": ["human", "robot"]},
    {"variant": "paulista-2p", "seats": ["human", "human"], "votes": True},
    {"variant": "paulista-4p", "seats": ["human"] * 4, "signals": "yes"},
    {"variant": "paulista-2p", "options": {"ladder": "up"}},
    {"variant": "paulista-2p", "options": []},
    {"variant": "paulista-2p", "colour": "red"},
])
def test_a_bad_body_gets_400_and_creates_nothing(server: Server, body: object) -> None:
    before = server.request("GET", "/tables")[1]["tables"]
    status, out = server.request("POST", "/tables", body)
    assert status == 400 and isinstance(out["error"], str) and out["error"]
    assert server.request("GET", "/tables")[1]["tables"] == before


def test_a_body_that_is_not_json_gets_400(server: Server) -> None:
    status, out = server.request("POST", "/tables", raw=b"{not json")
    assert status == 400 and "not JSON" in out["error"]
    status, out = server.request("POST", "/tables", raw=b"")
    assert status == 400


def test_join_fills_seats_in_order_then_spectators_and_a_token_gets_the_seat_back(
        server: Server) -> None:
    t = server.create(variant="paulista-4p", seats=["human", "bot:random", "human", "human"])
    assert server.join(t, "Ana", seat=3)[0] == 3
    seat_b, token_b = server.join(t, "Bia")
    assert seat_b == 0
    assert server.join(t, "Caio")[0] == 2
    spect, spect_token = server.join(t, "Duda")
    assert spect is None and spect_token
    assert server.join(t, "Eva", seat=0)[0] is None  # taken: a spectator
    status, out = server.request("POST", f"/tables/{t}/join", {"token": token_b})
    assert (status, out) == (200, {"seat": 0, "token": token_b})
    names = [p["name"] for p in server.request("GET", f"/tables/{t}")[1]["players"]]
    assert names == ["Bia", "Random bot", "Caio", "Ana"]


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": 7}, {"name": "x" * 41},
                                  {"name": "Ana", "seat": 9}, {"name": "Ana", "seat": "one"},
                                  {"token": "nope"}, {"name": "Ana", "extra": 1}, [1]])
def test_a_bad_join_gets_400_and_takes_no_seat(server: Server, body: object) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    status, out = server.request("POST", f"/tables/{t}/join", body)
    assert status == 400 and out["error"]
    assert server.join(t, "Ana")[0] == 0


def test_unknown_table_is_404_everywhere(server: Server) -> None:
    assert server.request("GET", "/tables/nosuch")[0] == 404
    assert server.request("POST", "/tables/nosuch/join", {"name": "Ana"})[0] == 404
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        server.connect("nosuch", "x")
    assert err.value.status_code == 404


@pytest.mark.parametrize("token", ["", "wrong"])
def test_a_bad_or_missing_token_is_refused_with_403(server: Server, token: str) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        server.connect(t, token)
    assert err.value.status_code == 403


def test_state_message_shape_and_only_the_seat_to_act_has_legal(server: Server) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    a, b = (server.connect(t, server.join(t, n)[1]) for n in ("Ana", "Bia"))
    for c, seat in ((a, 0), (b, 1)):
        msg = c.until(lambda m: m["type"] == "state" and m["players"][1]["presence"] == "here")
        assert STATE_KEYS <= set(msg) and OBS_KEYS <= set(msg["observation"])
        assert msg["seat"] == seat == msg["observation"]["seat"]
        assert len(msg["observation"]["hand"]) == 3 and msg["hand"] == 1
        assert (msg["legal"] != []) == (msg["to_act"] == seat)
    spectator = server.connect(t, server.join(t, "Caio")[1])
    msg = spectator.until(lambda m: m["type"] == "state")
    assert msg["seat"] is None and msg["observation"]["seat"] is None
    assert msg["observation"]["hand"] is None and msg["legal"] == []


def _play_until_to_act(a, b):  # type: ignore[no-untyped-def]
    a.drain()
    b.drain()
    st = a.state
    return (a, b) if st["to_act"] == 0 else (b, a)


def test_bad_messages_get_an_error_change_nothing_and_keep_the_connection(
        server: Server) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "human"])
    a, b = (server.connect(t, server.join(t, n)[1]) for n in ("Ana", "Bia"))
    mover, waiter = _play_until_to_act(a, b)
    before = server.request("GET", f"/tables/{t}")[1]
    legal = mover.state["legal"]
    bad = ["not json", json.dumps([1, 2]), json.dumps({"type": "dance"}),
           json.dumps({"type": "act"}), json.dumps({"type": "act", "action": 7}),
           json.dumps({"type": "act", "action": "onze:play"}),
           json.dumps({"type": "act", "action": "play:XX"}),
           json.dumps({"type": "act", "action": f"{1 - mover.state['seat']}:{legal[0]}"}),
           json.dumps({"type": "signal"}), json.dumps({"type": "vote", "action": "accept"})]
    for text in bad:
        mover.send(text)
        msg = mover.recv()
        assert msg["type"] == "error" and msg["message"], text
    waiter.send({"type": "act", "action": legal[0]})  # out of turn
    msg = waiter.recv()
    assert msg["type"] == "error" and "not your turn" in msg["message"]
    assert server.request("GET", f"/tables/{t}")[1] == before
    mover.send({"type": "act", "action": legal[0]})  # still connected, still works
    msg = mover.until(lambda m: m["type"] == "state")
    assert msg["observation"]["log"][-1] == [mover.state["seat"], legal[0]]


def test_spectators_cannot_act(server: Server) -> None:
    t = server.create(variant="paulista-2p", seats=["human", "bot:random"])
    server.join(t, "Ana")
    s = server.connect(t, server.join(t, "Bia")[1])
    s.recv()
    s.send({"type": "act", "action": "raise"})
    msg = s.recv()
    assert msg["type"] == "error" and "spectators" in msg["message"]


@pytest.mark.parametrize("bot", ["bot:heuristic", "bot:coach"])  # the coach: its habits
def test_a_match_is_played_to_its_end_against_a_bot_with_reviews(server: Server,
                                                                  bot: str) -> None:
    t = server.create(variant="paulista-2p", seats=["human", bot],
                      options={"target": 3, "eleven_at": 2})
    c = server.connect(t, server.join(t, "Ana")[1])
    last: dict = {}
    while True:
        msg = c.recv()
        if msg["type"] == "state":
            last = msg
            if msg["game_over"]:
                break
            if msg["legal"]:
                c.send({"type": "act", "action": msg["legal"][0]})
    assert max(last["score"]) >= 3 and last["game_winner"] in (0, 1)
    reviews = [m for m in c.seen if m["type"] == "review"]
    if not any(r["hand"] == last["hand"] for r in reviews):
        c.until(lambda m: m["type"] == "review" and m["hand"] == last["hand"])
    assert all(r["seat"] == 0 for r in c.seen if r["type"] == "review")
