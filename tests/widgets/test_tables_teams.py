"""At a four-seat table of people the teams are their players: the other team calls truco and
wins tricks by its players' names ("Bia & Davi called truco"), never the play page's
"Coaches", and a spectator, who has no team, never reads "Your team"."""

from __future__ import annotations

from truco_learn.engine import new_hand, observation, step
from truco_learn.i18n import language
from truco_learn.widgets.table_render import announcement
from truco_learn.widgets.tables_view import state_view

PLAYERS = [{"name": n, "kind": "human"} for n in ("Ana", "Bia", "Caio", "Davi")]


def _msg(s, seat):
    return {"seat": seat, "observation": observation(s, 0 if seat is None else seat), "hand": 1,
            "hand_over": False, "game_over": False, "score": list(s.score), "legal": [],
            "players": PLAYERS}


def _hand():
    return new_hand("paulista-4p", dealer=3, vira="7D",
                    hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"], ["JS", "4C", "5D"],
                           ["AS", "6C", "KH"]])


def _words(view) -> str:
    return " ".join([view["status"], *(t["text"] for t in view["tricks"]),
                     *(s["name"] for s in view["score"])])


def test_the_other_team_calls_truco_by_its_players_names() -> None:
    s = step(step(_hand(), "play:4H"), "raise")  # Ana leads, Bia calls truco
    for seat in (0, 2):  # Ana and Caio must answer Bia & Davi's truco
        view = state_view(_msg(s, seat))
        assert "Coaches" not in _words(view), view["status"]
        assert view["status"].startswith("Bia & Davi called truco"), view["status"]
    with language("pt-BR"):
        status = state_view(_msg(s, 0))["status"]
        assert status.startswith("Dupla Bia e Davi pediu truco"), status


def test_tricks_are_won_by_teams_a_spectator_can_name() -> None:
    s = _hand()
    for card in ("4H", "2H", "JS", "AS"):  # Bia's 2 takes the trick for Bia & Davi
        s = step(s, f"play:{card}")
    mine = state_view(_msg(s, 0))
    assert mine["tricks"][0]["text"] == "Bia & Davi won", mine["tricks"][0]
    theirs = state_view(_msg(s, 1))
    assert theirs["tricks"][0]["text"] == "Your team won"
    watched = state_view(_msg(s, None))
    assert watched["tricks"][0]["text"] == "Bia & Davi won", watched["tricks"][0]
    assert "Your team" not in _words(watched) and "Coaches" not in _words(watched)
    said = announcement(state_view(_msg(_hand(), None)), watched)
    assert "Trick 1: Bia & Davi won." in said and "Your team" not in said, said
