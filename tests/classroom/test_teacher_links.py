"""The teacher's page: the students' link goes to the server and port the page was served
from (as the tables page's invite link does)."""

from __future__ import annotations

import random

import pytest

from truco_learn.widgets.teacher_view import TeacherView

PAGE = "http://127.0.0.1:18866/voila/render/teacher.ipynb?lang=pt-BR"


def made(view: TeacherView) -> TeacherView:
    view.title.value, view.lessons.value = "Ties week", (2, 3)
    view.create()
    return view


def test_the_students_link_uses_the_pages_own_address() -> None:
    view = made(TeacherView(random.Random(1), page_url=PAGE))
    link = ("http://127.0.0.1:18866/voila/render/assignment.ipynb?code="
            + view.code.value)
    assert link in view.links.value and "localhost:8866" not in view.links.value


def test_the_address_comes_from_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://10.0.0.5:9000/voila/render/teacher.ipynb")
    view = made(TeacherView(random.Random(1)))
    assert "http://10.0.0.5:9000/voila/render/assignment.ipynb?code=" in view.links.value


def test_outside_voila_the_local_app_link_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_REQUEST_URL", raising=False)
    view = made(TeacherView(random.Random(1)))
    assert "http://localhost:8866/voila/render/assignment.ipynb?code=" in view.links.value


def test_on_a_hub_the_link_goes_through_user_redirect(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/ana/")
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/")
    view = made(TeacherView(random.Random(1), page_url=(
        "https://hub.example.org/user/ana/voila/render/teacher.ipynb")))
    assert ("https://hub.example.org/hub/user-redirect/voila/render/assignment.ipynb?code="
            in view.links.value)
