"""Envido and flor on the play page and at a table, driven from Python the way clicks would:
call envido, read the answer and the points, ask for your own envido points; a table's seat sees
its own points, a spectator none; the flor chips come from the public observation."""

from __future__ import annotations

import random

import pytest

from truco_learn.engine import new_match, observation
from truco_learn.engine.handpoints import envido_points
from truco_learn.tables.table import Table, new_table_spec
from truco_learn.widgets.play_app import PlayApp
from truco_learn.widgets.tables_view import state_view


def call_envido(app: PlayApp, limit: int = 30) -> tuple[int, int]:
    """Play on until the learner may call envido (in this hand or a later one), then call it;
    returns the learner's envido points in that hand and the points on the board before. A
    bet of the coach's is turned down on the way (an accepted falta envido may end the match
    before the learner's turn comes)."""
    for _ in range(limit):
        acts = app.table.enabled_actions()
        if "envido" in acts:
            s = app.session
            assert s is not None
            mine, before = envido_points(s.hand.deal.hands[s.seat]), sum(s.hand.score)
            app.click("envido")
            return mine, before
        app.click("next-hand" if "next-hand" in acts else
                  next(a for a in acts if a.startswith("play:")) if any(
                      a.startswith("play:") for a in acts) else "fold" if "fold" in acts
                  else acts[0])
    raise AssertionError("the learner never could call envido")


@pytest.mark.parametrize("variant", ["argentino-2p", "gauderio-2p"])
def test_call_envido_on_the_page_see_the_answer_and_the_points(variant: str) -> None:
    app = PlayApp(variant, bot="coach", level="easy", seed=11)
    s = app.session
    assert s is not None
    mine, before = call_envido(app)  # the hand it is called in: not always the first
    x = s.hand.ext
    assert x is not None and x.env_calls
    while x.env_result is None:  # the coach raised the envido: say quiero
        assert app.table.view["bet"].endswith("?") and "you must answer" in app.table.view[
            "status"]
        app.click("accept")
        x = s.hand.ext
        assert x is not None
    events = app.table.view["events"]
    assert "You call envido." in events
    answer = [e for e in events if e.startswith("Coach ") and "envido" in e]
    assert answer, events  # quiero, no quiero or a higher call, in words
    assert sum(s.hand.score) > before  # settled: the points are on the board
    assert any("for the envido." in e for e in events), events
    if x.env_result == "accepted":
        assert app.table.view["envido_line"].startswith("Envido: ")
        assert f"{mine} for you" in app.table.view["envido_line"]
        assert any(e.startswith("Envido points: ") for e in events)
    # your own points, on request: the page's model holds them, counted from your cards
    count = app.table.view["envido_count"]
    assert count.startswith(f"You hold {mine} for envido") or "flor" in count
    assert app.table.words["my_envido"] == "My envido"


def test_the_coachs_envido_reason_reaches_the_why_panel() -> None:
    found = False
    for seed in range(12):
        app = PlayApp("argentino-2p", bot="coach", level="easy", seed=seed)
        s = app.session
        assert s is not None
        if any(m.action.endswith("envido") for m in s.hand_moves()):
            assert "envido" in app.why.value
            found = True
            break
    assert found, "no coach called envido in the first hand of 12 matches"


def test_a_table_seat_sees_its_own_envido_points_and_a_spectator_none() -> None:
    t = Table.create(new_table_spec("t", {"variant": "argentino-2p",
                                          "seats": ["human", "bot:coach"]}, 4))
    view = state_view(t.state_for(0))
    own = envido_points(t.hand.deal.hands[0])
    assert view["envido_count"].startswith(f"You hold {own} for envido")
    assert state_view(t.state_for(None))["envido_count"] == ""
    assert view["target_text"] == "15 malas, then 15 buenas"


def test_a_table_marks_the_declared_flors_from_the_observation() -> None:
    for seed in range(200):
        m = new_match("gauderio-2p", random.Random(seed))
        obs = observation(m.hand, 0)
        if obs["flor_seats"]:
            break
    else:
        raise AssertionError("no flor in 200 deals")
    msg = {"seat": 0, "observation": obs, "hand": 1, "hand_over": False, "game_over": False,
           "score": list(m.hand.score), "legal": [], "players": [{"name": "Ana"}, {"name": "Bia"}]}
    view = state_view(msg)
    assert [s["seat"] for s in view["seats"] if s["flor"]] == obs["flor_seats"]


def test_the_why_panel_names_the_answers_quiero_and_no_quiero_at_an_argentine_table() -> None:
    from truco_learn.play.session import BotMove
    from truco_learn.widgets.panels import explanation_html

    move = BotMove(1, 1, "Coach", "accept", "Coach says quiero to the envido.",
                   {"summary": "x", "options": [{"action": "accept", "ev": 1.0, "win": 0.5},
                                                {"action": "fold", "ev": -1.0, "win": 0.0}]})
    html = explanation_html([move], quiero=True)
    assert "<td>quiero</td>" in html and "<td>no quiero</td>" in html
    plain = explanation_html([move])
    assert "<td>accept</td>" in plain and "<td>run</td>" in plain
