"""At a table, the review of a player's raise shows the other side's fold as their answers to
that seat's earlier raises put it (the service keeps them per seat, as the play page keeps the
learner's: :mod:`truco_learn.bots.fold_check`)."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from truco_learn.engine import new_hand, step
from truco_learn.tables.service import TableService, review_message, reviewed_message
from truco_learn.tables.store import TableStore
from truco_learn.tables.table import Table, new_table_spec


def _raised_and_folded() -> Any:
    return step(step(new_hand("paulista-2p", dealer=1, vira="7D",
                              hands=[["QS", "3S", "4D"], ["4C", "5H", "6S"]]), "raise"), "fold")


def test_a_review_shows_the_fold_the_tables_answers_put() -> None:
    h = _raised_and_folded()
    plain = review_message(h, 0, 1, 3)
    first, taken = reviewed_message(h, 0, 1, 3)
    assert first == plain and len(taken) == 1 and taken[0][1] == 1.0
    folded = [(taken[0][0] - 1.0, 1.0)] * 12   # they folded to every raise before
    msg, now = reviewed_message(h, 0, 1, 3, folds=folded)
    assert now == taken           # only the new raise: the service keeps the rest
    assert msg["items"][0]["reason"] != plain["items"][0]["reason"]
    assert set(msg["items"][0]) == {"index", "action", "best", "loss", "label", "reason"}
    assert {k: v for k, v in msg["items"][0].items() if k != "reason"} == {
        k: v for k, v in plain["items"][0].items() if k != "reason"}


def test_the_service_keeps_each_seats_raises_and_sends_the_message_alone() -> None:
    service = TableService(TableStore(":memory:"))
    t = Table(new_table_spec("t1", {"variant": "paulista-2p", "seats": ["human", "human"]}, 7))
    sent: list[tuple[int, dict[str, Any]]] = []
    service._send_review = lambda table, seat, msg: sent.append((seat, msg))  # type: ignore
    try:
        for seat, raises in [(0, [(0.1, 1.0)]), (0, [(0.2, 0.0), (0.3, 1.0)]), (1, [])]:
            fut: Future[Any] = Future()
            fut.set_result(({"type": "review", "seat": seat, "items": []}, raises))
            service._review_done(t, seat, fut)  # type: ignore[arg-type]
        assert t.review_folds == {0: [(0.1, 1.0), (0.2, 0.0), (0.3, 1.0)], 1: []}
        assert [m for _, m in sent] == [{"type": "review", "seat": s, "items": []}
                                        for s in (0, 0, 1)]
        failed: Future[Any] = Future()
        failed.set_exception(RuntimeError("worker died"))
        service._review_done(t, 0, failed)  # type: ignore[arg-type]
        assert len(t.review_folds[0]) == 3 and len(sent) == 3
    finally:
        service.close()
