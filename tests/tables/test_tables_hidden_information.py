"""Every message the service sends to every client during 200 random matches carries only cards
that client's seat may see at that moment (spectators: the public table)."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from truco_learn.engine.cards import card_str
from truco_learn.engine.observer import can_see_partner
from truco_learn.engine.state import IRON, HandState, played_cards
from truco_learn.tables.service import TableService
from truco_learn.tables.store import TableStore
from truco_learn.tables.table import Table
from tables_helpers import run_async

CARD = re.compile(r"(?<![A-Za-z0-9])([4567QJKA23][CHSD])(?![A-Za-z0-9])")

pytestmark = pytest.mark.timeout(900)


def visible(h: HandState, seat: int | None) -> set[str]:
    """The cards ``seat`` may know in hand ``h`` right now."""
    d = h.deal
    out = set() if d.vira is None else {card_str(d.vira)}
    for who, card, up in played_cards(h):
        if up or who == seat:
            out.add(card_str(card))
    if seat is not None and d.mode != IRON:
        out |= {card_str(c) for c in d.hands[seat]}
    if seat is not None and can_see_partner(h, seat):
        out |= {card_str(c) for c in d.hands[(seat + 2) % 4]}
    return out


class Checker:
    def __init__(self) -> None:
        self.messages = 0
        self.pending_reviews: list[tuple[Table, int | None, dict[str, Any]]] = []

    def sender(self, t: Table, seat: int | None):  # type: ignore[no-untyped-def]
        def send(msg: dict[str, Any]) -> None:
            self.messages += 1
            if msg["type"] == "review":
                self.pending_reviews.append((t, seat, msg))
                return
            number = msg.get("hand")
            h = t.hand if number in (None, t.hand_number) else t.match.history[number - 1]
            self.check(json.dumps(msg), h, seat, msg)
        return send

    @staticmethod
    def check(text: str, h: HandState, seat: int | None, msg: dict[str, Any]) -> None:
        leaked = set(CARD.findall(text)) - visible(h, seat)
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} in {msg}"

    def check_reviews(self) -> None:
        for t, seat, msg in self.pending_reviews:
            assert msg["seat"] == seat, "a review went to another seat"
            self.check(json.dumps(msg), t.match.history[msg["hand"] - 1] if msg["hand"] <= len(
                t.match.history) else t.hand, seat, msg)


TABLES = [
    {"variant": "paulista-2p", "seats": ["human", "human"]},
    {"variant": "paulista-2p", "seats": ["human", "bot:random"]},
    {"variant": "paulista-4p", "seats": ["human", "bot:random", "human", "human"],
     "votes": True, "signals": True},
    {"variant": "mineiro-4p", "seats": ["human", "human", "bot:heuristic", "human"],
     "signals": True},
    {"variant": "paulista-fpt", "seats": ["human"] * 4, "votes": True},
]


async def play_match(service: TableService, body: dict[str, Any], rng: random.Random,
                     checker: Checker) -> int:
    out = service.create(body)
    t = service.tables[out["table"]]
    conns = {}
    for seat, kind in enumerate(t.seats):
        if kind == "human":
            s, token = service.join(t.id, {"name": f"P{seat}"}).values()
            conns[s] = service.connect(t.id, token, checker.sender(t, s))
    spect = service.join(t.id, {"name": "Watcher"})
    service.connect(t.id, spect["token"], checker.sender(t, None))
    actions = 0
    for _ in range(5000):
        await asyncio.sleep(0)
        while t.id in service._driving:
            await asyncio.sleep(0.001)
        if t.match.over:
            break
        v = t.vote
        if v is not None:
            todo = [s for s in v.seats if s in conns and s not in v.cast]
            if todo:
                choice = rng.choice(v.legal)
            else:  # they disagree: one of the people changes their vote to the other's
                todo = [next(s for s in v.seats if s in conns)]
                choice = v.cast[next(s for s in v.seats if s != todo[0])]
            service.receive(conns[todo[0]], json.dumps({"type": "vote", "action": choice}))
            continue
        seat = t.hand.to_act
        if seat in conns:
            if t.spec.signals and rng.random() < 0.3:
                service.receive(conns[seat], json.dumps({"type": "signal"}))
            service.receive(conns[seat], json.dumps(
                {"type": "act", "action": rng.choice(t.legal(seat))}))
            actions += 1
    assert t.match.over
    return actions


def test_no_message_to_any_client_carries_a_card_its_seat_may_not_see(tmp_path: Path) -> None:
    async def main() -> tuple[int, int]:
        service = TableService(TableStore(tmp_path / "t.sqlite3"), vote_seconds=600,
                               away_after=600)
        checker = Checker()
        rng = random.Random(2024)
        for k in range(200):
            body = dict(TABLES[k % len(TABLES)])
            body["review"] = k % 20 == 0  # the coach's reviews in every 20th match
            await play_match(service, body, rng, checker)
        while service.pending_reviews:  # the last reviews
            await asyncio.sleep(0.05)
        service.close()
        return checker.messages, len(checker.pending_reviews)

    checker_messages, reviews = run_async(main)
    assert checker_messages > 10000 and reviews > 0


def test_the_checker_catches_a_leak() -> None:
    from truco_learn.engine import new_hand

    h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                            ["2H", "5C", "KD"]])
    Checker.check('{"hand": ["QC", "3S", "4H"]}', h, 0, {})
    with pytest.raises(AssertionError):
        Checker.check('{"x": "2H"}', h, 0, {})
    with pytest.raises(AssertionError):
        Checker.check('{"x": "QC"}', h, None, {})
