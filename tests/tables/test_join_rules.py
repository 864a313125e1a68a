"""Who may sit where, under which name: asking for a seat someone else (or a bot) holds while
another seat is free gets 409 naming the seat, its holder and the free seats (it used to make
the person a spectator without a word); with every seat taken the answer is a spectator, as
PROTOCOL.md says. A name that differs from someone's at the table only by case, accents or
spaces ("ana", "Aná", "ANA ") from a seated person's gets 409 too when it would be seated,
before and after a restart (a spectator is named nowhere, so any name may watch); a token still
brings its holder back. A refused join stores nothing and sends nobody anything."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tables_helpers import Client, Server, run_async
from truco_learn.i18n import language
from truco_learn.tables.friendly import friendly
from truco_learn.tables.service import TableService
from truco_learn.tables.store import StoredTable, TableStore
from truco_learn.tables.table import TableConflict

pytestmark = pytest.mark.timeout(120)

FOUR = {"variant": "paulista-4p", "seats": ["human", "bot:random", "human", "human"]}


def _stored(server: Server, table: str) -> list[tuple[str, int | None, str]]:
    store = TableStore(server.db)
    try:
        return store.players(table)
    finally:
        store.close()


def _watched(server: Server, table: str, name: str = "Ana") -> tuple[str, Client]:
    """``name`` sits at seat 0 with a connection open and read to the end."""
    seat, token = server.join(table, name)
    assert seat == 0
    c = server.connect(table, token)
    c.until(lambda m: m["type"] == "state")
    c.drain()
    return token, c


def _refused(server: Server, table: str, c: Client, body: dict[str, Any]) -> str:
    """POST the join; assert 409 and that nothing changed; return the error."""
    view = server.request("GET", f"/tables/{table}")[1]
    stored = _stored(server, table)
    status, out = server.request("POST", f"/tables/{table}/join", body)
    assert status == 409, (body, status, out)
    assert server.request("GET", f"/tables/{table}")[1] == view
    assert _stored(server, table) == stored
    seen = len(c.seen)
    c.drain(0.5)
    assert c.seen[seen:] == [], c.seen[seen:]  # nobody was told of a join
    return str(out["error"])


def test_a_seat_taken_by_a_person_is_refused_while_another_is_free(server: Server) -> None:
    t = server.create(**FOUR)
    _, c = _watched(server, t)
    error = _refused(server, t, c, {"name": "Bia", "seat": 0})
    assert error == "seat 0 is taken by Ana; free seats: 2, 3"
    assert server.join(t, "Bia")[0] == 2  # the first free seat is still free
    c.close()


def test_a_bot_seat_is_refused_while_another_is_free(server: Server) -> None:
    t = server.create(**FOUR)
    _, c = _watched(server, t)
    error = _refused(server, t, c, {"name": "Bia", "seat": 1})
    assert error == "seat 1 is played by the Random bot; free seats: 2, 3"
    c.close()


def test_the_seat_asked_for_is_given_when_free_and_the_free_seats_stay_free(
        server: Server) -> None:
    t = server.create(**FOUR)
    _, c = _watched(server, t)
    _refused(server, t, c, {"name": "Bia", "seat": 0})
    assert server.join(t, "Bia", seat=3)[0] == 3
    assert server.join(t, "Caio")[0] == 2  # the refused join took nothing
    names = [p["name"] for p in server.request("GET", f"/tables/{t}")[1]["players"]]
    assert names == ["Ana", "Random bot", "Caio", "Bia"]
    c.close()


def test_with_every_seat_taken_asking_for_one_makes_a_spectator_as_before(
        server: Server) -> None:
    t = server.create(**FOUR)
    for name in ("Ana", "Bia", "Caio"):
        server.join(t, name)
    for seat, name in ((0, "Duda"), (1, "Eva")):  # a person's seat, a bot's seat
        status, out = server.request("POST", f"/tables/{t}/join", {"name": name, "seat": seat})
        assert status == 200 and out["seat"] is None and out["token"], out
    assert server.request("GET", f"/tables/{t}")[1]["spectators"] == 2


def test_watching_while_asking_for_a_taken_seat_still_watches(server: Server) -> None:
    t = server.create(**FOUR)
    server.join(t, "Ana")
    status, out = server.request("POST", f"/tables/{t}/join",
                                 {"name": "Bia", "seat": 0, "watch": True})
    assert status == 200 and out["seat"] is None, out


def test_watching_while_naming_a_free_seat_watches(server: Server) -> None:
    """``watch: true`` joins as a spectator even with a free seat (README), a seat named or
    not: naming a free seat with it took that seat."""
    t = server.create(**FOUR)
    status, out = server.request("POST", f"/tables/{t}/join",
                                 {"name": "Bia", "seat": 2, "watch": True})
    assert status == 200 and out["seat"] is None, out
    assert server.request("GET", f"/tables/{t}")[1]["spectators"] == 1
    assert server.join(t, "Caio", seat=2)[0] == 2  # still free


@pytest.mark.parametrize("name", ["ana", "Aná", "ANA ", "  a  n\u00e1 ", "A\u0301na", "\uff21na"])
def test_a_name_that_differs_only_by_case_accents_or_spaces_is_refused(
        server: Server, name: str) -> None:
    t = server.create(**FOUR)
    _, c = _watched(server, t)
    for body in ({"name": name}, {"name": name, "seat": 2}):
        error = _refused(server, t, c, body)
        assert error.startswith("the name '") and "is already taken at this table by Ana; " \
            "choose another, e.g. '" in error, error
    assert server.join(t, "Ana B.")[0] == 2  # another name is welcome
    c.close()


def test_the_message_suggests_a_name_nobody_seated_holds(server: Server) -> None:
    t = server.create(variant="paulista-4p", seats=["human"] * 4)
    for name, seat in (("Bia", 0), ("Bia B.", 1)):
        assert server.join(t, name)[0] == seat
    status, out = server.request("POST", f"/tables/{t}/join", {"name": "BIA"})
    assert (status, out) == (409, {"error": "the name 'BIA' is already taken at this table by "
                                            "Bia; choose another, e.g. 'BIA C.'"})


def test_spectators_names_are_shown_nowhere_so_they_neither_clash_nor_block(
        server: Server) -> None:
    """The page's watchers who type no name all join as "Spectator": the second must get in;
    a watcher named like a player, or a player named like a watcher, confuses nobody."""
    t = server.create(**FOUR)
    _, c = _watched(server, t)
    for body in ({"name": "Spectator", "watch": True}, {"name": "spectator", "watch": True},
                 {"name": "ANA", "watch": True}, {"name": "Bia", "watch": True}):
        status, out = server.request("POST", f"/tables/{t}/join", body)
        assert status == 200 and out["seat"] is None, (body, status, out)
    assert server.join(t, "bía")[0] == 2  # named like a watcher, seated all the same
    assert server.request("GET", f"/tables/{t}")[1]["spectators"] == 4
    c.close()


def test_a_token_still_brings_its_holder_back_before_and_after_a_restart(
        server: Server) -> None:
    t = server.create(**FOUR)
    _, ana = server.join(t, "Ana")
    _, bia = server.join(t, "Bia", watch=True)
    for _ in range(2):
        for token, seat in ((ana, 0), (bia, None)):
            status, out = server.request("POST", f"/tables/{t}/join", {"token": token})
            assert (status, out) == (200, {"seat": seat, "token": token})
        for name in ("ANA", "ána"):
            status, out = server.request("POST", f"/tables/{t}/join", {"name": name})
            assert status == 409 and "already taken at this table" in out["error"], out
        server.restart()
    assert server.join(t, "Caio")[0] == 2
    stored = {name: seat for _, seat, name in _stored(server, t)}
    assert stored == {"Ana": 0, "Bia": None, "Caio": 2}


def test_a_table_stored_before_the_rule_with_two_alike_names_loads_and_keeps_both(
        tmp_path: Path) -> None:
    """Names stored before the rule are kept (their tokens still work); new ones are checked
    against all of them."""
    async def run() -> None:
        store = TableStore(tmp_path / "t.sqlite3")
        store.create_table(StoredTable("t1", "paulista-4p", {}, FOUR["seats"], False, False, 7,
                                       "2026-01-01T00:00:00Z", {}))
        store.add_player("t1", "tok-a", 0, "Ana")
        store.add_player("t1", "tok-b", 2, "ana")
        svc = TableService(store)
        sent: list[dict[str, Any]] = []
        svc.connect("t1", "tok-a", sent.append)
        sent.clear()
        for body in ({"name": "ANÁ"}, {"name": "Bia", "seat": 2}):
            with pytest.raises(TableConflict):
                svc.join("t1", body)
        assert sent == [] and len(store.players("t1")) == 2
        assert svc.join("t1", {"token": "tok-b"}) == {"seat": 2, "token": "tok-b"}
        assert svc.join("t1", {"name": "Bia"})["seat"] == 3
        assert len(sent) == 1  # the one join that happened
        svc.close()

    run_async(run)  # a loop of its own: Playwright keeps one running in the main thread


def test_the_page_says_a_taken_name_in_the_learners_words() -> None:
    msg = "the name 'ana' is already taken at this table by Ana; choose another, e.g. 'ana B.'"
    assert friendly(msg) == ("The name “ana” is already used at this table by Ana: choose "
                             "another one, such as “ana B.”.")
    with language("pt-BR"):
        said = friendly(msg)
    assert "“ana”" in said and "Ana" in said and "“ana B.”" in said and "already" not in said


def test_a_person_is_not_named_as_a_bot_at_the_table(server: Server) -> None:
    """The bots' seats read "Coach bot", "Random bot": a person so named could not be told
    from the bot."""
    t = server.create(variant="paulista-4p", seats=["human", "bot:coach", "human", "bot:random"])
    status, out = server.request("POST", f"/tables/{t}/join", {"name": "coach BOT"})
    assert (status, out) == (409, {"error": "the name 'coach BOT' is already taken at this "
                                            "table by Coach bot; choose another, e.g. 'coach "
                                            "BOT B.'"})
    assert server.request("GET", f"/tables/{t}")[1]["players"][0]["name"] != "coach BOT"
    assert server.join(t, "Random bot", watch=True)[0] is None  # a spectator is named nowhere
    assert server.join(t, "Ana")[0] == 0
