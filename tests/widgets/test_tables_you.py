"""At a table the reader's own seat is "You" (in Portuguese "Você"), in the trick boxes and
the spoken narration, as on the play page; the others keep their names, and a spectator
reads every seat by its name."""

from __future__ import annotations

from truco_learn.engine import new_hand, observation, step
from truco_learn.i18n import language
from truco_learn.widgets.table_render import announcement
from truco_learn.widgets.tables_view import state_view

PLAYERS = [{"name": "Ana", "kind": "human"}, {"name": "Bia", "kind": "human"}]


def _msg(s, seat):
    return {"seat": seat, "observation": observation(s, 0 if seat is None else seat), "hand": 1,
            "hand_over": False, "game_over": False, "score": list(s.score), "legal": [],
            "players": PLAYERS}


def test_your_own_moves_are_told_to_you() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                            ["2H", "5C", "KD"]])
    after = step(step(s, "play:3S"), "play:2H")
    for seat, me, other in ((0, "You", "Bia"), (1, "You", "Ana")):
        said = announcement(state_view(_msg(s, seat)), state_view(_msg(after, seat)))
        mover = "You" if seat == 0 else "Ana"
        assert said.startswith(f"{mover} played the 3 of spades."), said
        names = {v["seat"]: v["name"] for v in state_view(_msg(after, seat))["seats"]}
        assert names[seat] == me and names[1 - seat] == other
    with language("pt-BR"):
        said = announcement(state_view(_msg(s, 0)), state_view(_msg(after, 0)))
        assert said.startswith("Você jogou"), said


def test_a_spectator_reads_every_seat_by_its_name() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                            ["2H", "5C", "KD"]])
    names = [v["name"] for v in state_view(_msg(s, None))["seats"]]
    assert names == ["Ana", "Bia"]
