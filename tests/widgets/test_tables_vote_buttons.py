"""A partner's vote at a four-seat table: the page keeps the same vote buttons while the
choices stay the same, and redraws only the vote's line when the partner votes or signals.
Buttons made anew on every state message were replaced under the learner's click (the vote was
lost: "Your vote" never came) and took the keyboard's focus away."""

from __future__ import annotations

from typing import Any

from truco_learn.tables.table import Table, new_table_spec
from truco_learn.widgets.tables_app import TablesPage


class FakeSeat:
    """The page's connection to its seat: what the page sends."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)

    def close(self) -> None:
        pass


def _voting_table() -> tuple[Table, tuple[int, int]]:
    spec = new_table_spec("t1", {"variant": "paulista-4p", "seats": ["human"] * 4,
                                 "votes": True, "signals": True}, 7)
    t = Table.create(spec)
    for name in ("Ana", "Bia", "Caio", "Davi"):
        t.join(name)
    while t.vote is None:  # cards until a seat may raise, then a truco: the other team votes
        seat = t.hand.to_act
        legal = t.legal(seat)
        t.act(seat, "raise" if "raise" in legal else legal[0])
    assert t.vote is not None
    return t, tuple(t.vote.seats)


def test_the_vote_buttons_stay_while_the_partner_votes_and_a_click_is_sent() -> None:
    t, (answering, partner) = _voting_table()
    page = TablesPage(query="table=t1", start=False)
    seat = FakeSeat()
    page.seat = seat  # type: ignore[assignment]
    page.on_message(t.state_for(partner))
    first = page.vote_box.children
    buttons = [b for b in first if "tl-vote" in getattr(b, "_dom_classes", ())]
    assert [b.description for b in buttons] == ["Vote: accept", "Vote: run", "Vote: raise"]
    assert "Your partner has not voted yet." in page.vote_line.value
    t.cast_vote(answering, "fold")  # the partner votes: a new state for this page
    page.on_message(t.state_for(partner))
    assert page.vote_box.children == first  # the very same buttons, a new line
    assert "votes run" in page.vote_line.value
    buttons[1].click()
    assert seat.sent == [{"type": "vote", "action": "fold"}]
    assert t.cast_vote(partner, seat.sent[-1]["action"]) == "fold"  # the vote decides


def test_new_choices_make_new_buttons_and_no_vote_clears_them() -> None:
    t, (answering, partner) = _voting_table()
    page = TablesPage(query="table=t1", start=False)
    page.on_message(t.state_for(partner))
    assert len(page.vote_box.children) == 4
    t.act(answering, "accept")  # the truco is accepted: no vote any more
    page.on_message(t.state_for(partner))
    assert page.vote_box.children == ()


def test_both_partners_are_told_on_the_table_that_their_team_votes() -> None:
    from truco_learn.widgets.tables_view import state_view

    t, (answering, partner) = _voting_table()
    for seat in (answering, partner):
        status = state_view(t.state_for(seat))["status"]
        assert status.endswith("Your team votes on it: choose with your partner, or the "
                               "team runs."), status
    for seat in (answering + 1) % 4, None:  # the other team, a spectator: no vote of theirs
        assert "votes" not in state_view(t.state_for(seat))["status"]
