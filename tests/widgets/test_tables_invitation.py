"""An invite link to a table whose every seat is taken says so before anyone joins, and its
button watches the match; with a free seat it invites to join (the page used to say "Join the
table" either way, and the person learnt only after joining that they were watching)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from truco_learn.i18n import language
from truco_learn.tables.table import Table, new_table_spec
from truco_learn.widgets.tables_app import TablesPage


class FakeClient:
    """The tables service as the page's client sees it: one table's public view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.public = view
        self.joined: list[tuple[str, str | None, bool]] = []

    async def view(self, table: str) -> dict[str, Any]:
        return self.public

    async def join(self, table: str, name: str | None = None, token: str | None = None,
                   watch: bool = False) -> dict[str, Any]:
        self.joined.append((table, name, watch))
        return {"table": table, "seat": None, "token": "tok"}

    async def connect(self, table: str, token: str, on_message: Any, lang: str = "en") -> Any:
        class Seat:
            def send(self, msg: dict[str, Any]) -> None:
                pass

            def close(self) -> None:
                pass
        return Seat()


def _table(people: int) -> Table:
    t = Table.create(new_table_spec("t1", {"variant": "paulista-2p",
                                           "seats": ["human", "human"]}, 3))
    for name in ("Ana", "Bia")[:people]:
        t.join(name)
    return t


def _open_invite(view: dict[str, Any], name: str = "",
                 lang: str = "en") -> tuple[TablesPage, FakeClient]:
    async def main() -> tuple[TablesPage, FakeClient]:
        with language(lang):  # the page's language, in the loop's own thread
            return await opened()

    async def opened() -> tuple[TablesPage, FakeClient]:
        page = TablesPage(query="table=t1")
        client = FakeClient(view)
        page.client = client  # type: ignore[assignment]
        page.keeper.loaded = True  # this browser holds no token for the table
        await asyncio.sleep(0.05)
        page.join_name.value = name
        page.join_button.click()
        await asyncio.sleep(0.05)
        for task in asyncio.all_tasks() - {asyncio.current_task()}:
            task.cancel()  # the page's watch on its seat
        return page, client
    # a loop of its own, in a thread of its own: the browser tests' Playwright keeps a loop
    # running in the main thread, and ``asyncio.run`` there would leave the main thread
    # without the loop later pages' ``ensure_future`` calls need
    out: dict[str, Any] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        try:
            out["value"] = loop.run_until_complete(main())
            loop.run_until_complete(asyncio.sleep(0.01))  # the cancelled watch ends
        except BaseException as exc:  # re-raised in the test's thread
            out["error"] = exc
        finally:
            loop.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    if "error" in out:
        raise out["error"]
    return out["value"]


@pytest.mark.parametrize("people, title, button, watch", [
    (1, "You are invited to a table", "Join the table", False),
    (2, "Every seat at this table is taken: you can watch the match.", "Watch the table", True),
])
def test_the_invitation_says_whether_a_seat_is_free(people: int, title: str, button: str,
                                                    watch: bool) -> None:
    page, client = _open_invite(_table(people).public_view(), "Eva")
    assert title in page.join_title.value and page.join_button.description == button
    assert client.joined == [("t1", "Eva", watch)]


def test_a_full_tables_watcher_needs_no_name_and_reads_portuguese() -> None:
    page, client = _open_invite(_table(2).public_view())
    assert client.joined == [("t1", "Spectator", True)]
    page, _client = _open_invite(_table(2).public_view(), lang="pt-BR")
    assert page.join_button.description == "Assistir à mesa"
    assert "Todos os lugares desta mesa estão ocupados" in page.join_title.value
