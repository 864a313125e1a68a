"""The class's progress service (``truco-learn progress``) over real HTTP, with the hub's "whose
token is this?" stood in by a table of tokens (tests/browser/test_jupyterhub.py asks a real
hub): a student's kernel sends choices, the service grades them, stores them under the signed-in
name, and signs the results file; bad requests change nothing."""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore, StoreError
from truco_learn.classroom.grading import grade_documents
from truco_learn.classroom.progress_client import (TOKEN_ENV, URL_ENV, RemoteProgress,
                                                   open_progress)
from truco_learn.classroom.progress_service import ProgressService, make_app
from truco_learn.widgets.assignment_view import AssignmentView

from postgres_server import free_port  # tests/postgres_server.py

SECRET = b"class-secret"
TOKENS = {"tok-ana": "ana", "tok-bia": "bia"}
ASSIGNMENT = Assignment("Service week", (2, 3), questions=4, pass_pct=50, seed=77)


class Running:
    def __init__(self, store: ProgressStore, url: str) -> None:
        self.store, self.url = store, url

    def client(self, token: str) -> RemoteProgress:
        return RemoteProgress(self.url, token, timeout=10)

    def raw(self, method: str, path: str, data: bytes | None = None,
            token: str | None = "tok-ana") -> tuple[int, Any]:
        headers = {"Authorization": f"token {token}"} if token else {}
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Running]:
    store = ProgressStore(tmp_path / "class.sqlite3")

    async def identify(token: str) -> str | None:
        if token == "tok-noscope":
            raise PermissionError("the token of 'cid' may not use this service")
        return TOKENS.get(token)

    loop = asyncio.new_event_loop()
    port = free_port()
    ready = threading.Event()
    holder: dict[str, Any] = {}

    async def start() -> None:
        holder["server"] = make_app(ProgressService(store, SECRET), identify).listen(
            port, address="127.0.0.1")
        ready.set()

    def target() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(start())
        loop.run_forever()
        holder["server"].stop()
        loop.close()

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    assert ready.wait(10)
    yield Running(store, f"http://127.0.0.1:{port}/truco/progress/")
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)


def item(lesson: int, position: int) -> Any:
    return dict(ASSIGNMENT.quizzes())[lesson][position]


def wrong(lesson: int, position: int) -> str:
    it = item(lesson, position)
    return next(c for c in it.choices if c != it.answer)


def test_who_is_who_comes_from_the_token(service: Running) -> None:
    assert service.client("tok-ana").whoami() == "ana"
    assert service.client("tok-bia").whoami() == "bia"
    status, body = service.raw("GET", "whoami", token=None)
    assert status == 401 and "Authorization: token" in body["error"]
    status, body = service.raw("GET", "whoami", token="tok-forged")
    assert status == 401 and "does not know this token" in body["error"]
    status, body = service.raw("GET", "whoami", token="tok-noscope")
    assert status == 403 and "may not use this service" in body["error"]
    with pytest.raises(StoreError, match=r"refused: the hub does not know this token \(HTTP 401"):
        service.client("tok-forged").whoami()


def test_the_service_grades_and_the_kernel_only_says_the_choice(service: Running) -> None:
    code = ASSIGNMENT.quiz_code()
    ana = service.client("tok-ana")
    it = item(2, 0)
    # a kernel that claims "correct" for a wrong choice (and another student's name) is not heard
    attempt = ana.record(code, "bia", 2, 0, it.kind, it.seed, it.variant, wrong(2, 0), True,
                         it.rule)
    assert attempt == 1
    assert ana.record(code, "bia", 2, 0, it.kind, it.seed, it.variant, it.answer, False,
                      it.rule) == 2
    stored = service.store.answers(code, "ana")
    assert [(a.choice, a.correct, a.attempt) for a in stored] == [
        (wrong(2, 0), False, 1), (it.answer, True, 2)]
    assert service.store.students(code) == ["ana"]  # nothing under the name the kernel gave
    assert service.store.answers(code, "bia") == []
    assert [a.choice for a in ana.answers(code, "whoever")] == [wrong(2, 0), it.answer]
    assert service.client("tok-bia").answers(code, "ana") == []  # bia cannot read ana's


@pytest.mark.parametrize("body, message", [
    (b"{not json", "not JSON"),
    (b"[1, 2]", "a JSON object"),
    (json.dumps({"lesson": 2, "position": 0, "choice": "x"}).encode(), "code"),
    (json.dumps({"code": "tl1nonsense", "lesson": 2, "position": 0, "choice": "x"}).encode(),
     "bad assignment code"),
    (json.dumps({"code": ASSIGNMENT.code(), "lesson": 9, "position": 0,
                 "choice": "x"}).encode(), "lesson 9 is not in this assignment"),
    (json.dumps({"code": ASSIGNMENT.code(), "lesson": 2, "position": 7,
                 "choice": "x"}).encode(), "position 7 is not in lesson 2"),
    (json.dumps({"code": ASSIGNMENT.code(), "lesson": "2", "position": 0,
                 "choice": "x"}).encode(), "expected a whole number"),
    (json.dumps({"code": ASSIGNMENT.code(), "lesson": 2, "position": True,
                 "choice": "x"}).encode(), "expected a whole number"),
    (json.dumps({"code": ASSIGNMENT.code(), "lesson": 2, "position": 0,
                 "choice": 3}).encode(), "the text of one choice"),
    (json.dumps({"code": ASSIGNMENT.code(), "lesson": 2, "position": 0,
                 "choice": "x" * 301}).encode(), "the text of one choice"),
    (b"{" + b" " * 20_000 + b"}", "too large"),
    (b"[" * 8_000 + b"]" * 8_000, "nested too deeply"),
])
def test_a_bad_answer_is_refused_and_changes_nothing(service: Running, body: bytes,
                                                     message: str) -> None:
    status, reply = service.raw("POST", "answers", body)
    assert status == 400 and message in reply["error"], reply
    assert service.store.count() == 0 and service.store.codes() == []


def test_the_results_file_is_built_and_signed_by_the_service(service: Running) -> None:
    code = ASSIGNMENT.quiz_code()
    session = AssignmentSession(ASSIGNMENT.code(), service.client("tok-ana"))
    session.set_name("ana")
    session.answer(2, 0, item(2, 0).answer)
    session.answer(2, 1, wrong(2, 1))
    doc = session.results()
    assert doc["student"] == "ana" and doc["assignment"] == code and "signature" in doc
    assert doc["claimed"]["right"] == 1
    (grade,) = grade_documents(ASSIGNMENT, [("ana.json", doc)], secret=SECRET).students
    assert grade.right == 1 and grade.status == "ok" and not grade.problems, grade
    forged = json.loads(json.dumps(doc))
    forged["items"][1]["answers"][0]["choice"] = item(2, 1).answer
    (graded,) = grade_documents(ASSIGNMENT, [("ana.json", forged)], secret=SECRET).students
    assert graded.status == "altered", graded  # changed after the service signed it


def test_the_page_signs_the_student_in_and_resumes(service: Running) -> None:
    view = AssignmentView(ASSIGNMENT.code(), service.client("tok-bia"))
    assert view.session is not None and view.session.student == "bia"
    assert view.name_box.layout.display == "none"  # no name to type, nor to type as another
    assert "You are signed in as bia" in view.header.value
    assert view.quiz is not None and view.lesson == 2
    view.quiz.answer(view.quiz.current.answer)
    assert [(a.lesson, a.position, a.correct) for a in
            service.store.answers(ASSIGNMENT.quiz_code(), "bia")] == [(2, 0, True)]
    again = AssignmentView(ASSIGNMENT.code(), service.client("tok-bia"))  # another tab
    assert again.session is not None and again.session.first_answers(2) == {0: item(2, 0).answer}
    assert "signature" in again.session.results()


def test_a_page_whose_service_is_down_still_lets_the_student_answer(tmp_path: Path) -> None:
    down = RemoteProgress(f"http://127.0.0.1:{free_port()}/truco/progress/", "tok", timeout=2)
    view = AssignmentView(ASSIGNMENT.code(), down)
    assert "cannot be saved" in view.error.value and "cannot be reached" in view.error.value
    assert view.name_box.layout.display != "none"
    view.start("Ana")
    assert view.session is not None and view.session.student == "Ana"
    assert "signature" not in view.session.results()


def test_open_progress_reads_the_environment(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "p.sqlite3"
    monkeypatch.delenv(URL_ENV, raising=False)
    assert isinstance(open_progress(str(db)), ProgressStore)
    monkeypatch.setenv(URL_ENV, "http://127.0.0.1:9/truco/progress/")
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    with pytest.raises(StoreError, match="JUPYTERHUB_API_TOKEN is not"):
        open_progress()
    monkeypatch.setenv(TOKEN_ENV, "abc")
    remote = open_progress()
    assert isinstance(remote, RemoteProgress) and remote.token == "abc"
    assert isinstance(open_progress(str(db)), ProgressStore)  # an explicit file wins


def test_a_database_that_fails_is_a_503_with_its_reason(
        tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite3"
    ProgressStore(db)  # created, then served read-only: every write fails
    svc = ProgressService(ProgressStore(db, readonly=True))

    async def identify(token: str) -> str | None:
        return TOKENS.get(token)

    async def scenario() -> tuple[int, str]:
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError
        port = free_port()
        server = make_app(svc, identify).listen(port, address="127.0.0.1")
        try:
            await AsyncHTTPClient().fetch(
                f"http://127.0.0.1:{port}/truco/progress/answers", method="POST",
                headers={"Authorization": "token tok-ana"},
                body=json.dumps({"code": ASSIGNMENT.code(), "lesson": 2, "position": 0,
                                 "choice": item(2, 0).answer}))
        except HTTPClientError as exc:
            assert exc.response is not None
            return exc.code, json.loads(exc.response.body)["error"]
        finally:
            server.stop()
        return 200, ""

    out: list[tuple[int, str]] = []
    # a loop of its own, in a thread of its own: asyncio.run in the main thread would leave it
    # without the event loop later tests of the same process expect
    thread = threading.Thread(target=lambda: out.append(asyncio.run(scenario())))
    thread.start()
    thread.join(30)
    (status, error), = out
    assert status == 503 and error.startswith("the progress database failed"), error


def test_the_load_script_runs_and_every_answer_is_stored() -> None:
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "progress_load.py"),
                           "--students", "3", "--answers", "3"], capture_output=True,
                          text=True, timeout=300, cwd=root)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["answers"] == out["stored"] == 9 and out["errors"] == 0, out  # 3 students × 3
    assert 0 < out["p50_ms"] <= out["p95_ms"] <= out["max_ms"]


def test_the_signed_in_line_speaks_the_page_language(service: Running) -> None:
    from truco_learn.i18n import set_language
    try:  # a page's language is the kernel's: set for the page, put back for the next test
        view = AssignmentView(ASSIGNMENT.code(), service.client("tok-ana"), lang="pt-BR")
        assert "Você entrou como ana" in view.header.value
    finally:
        set_language("en")


def test_one_request_per_answer_and_the_page_shows_what_the_service_stored(
        service: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    client = service.client("tok-ana")
    calls: list[str] = []
    real = client._call

    def counted(method: str, path: str, body: Any = None) -> Any:
        calls.append(f"{method} {path.split('?')[0]}")
        return real(method, path, body)
    monkeypatch.setattr(client, "_call", counted)
    view = AssignmentView(ASSIGNMENT.code(), client)
    assert view.quiz is not None and view.session is not None
    calls.clear()
    view.quiz.answer(view.quiz.current.answer)  # graded, recorded, the page redrawn
    assert calls == ["POST answers"]
    assert "1 of 2 answered, 1 right" in view.lessons.value
    assert "Score so far: 1 of" in view.download.value  # the signed results, from the reply
    doc = view.session.results()  # asked again: the reply's results are used once only
    assert calls == ["POST answers", "GET results"] and "signature" in doc
    assert doc["claimed"]["right"] == 1

    # another tab answers: this page's next refresh reads the service again
    other = AssignmentSession(ASSIGNMENT.code(), service.client("tok-ana"))
    other.set_name("ana")
    other.answer(2, 1, wrong(2, 1))
    assert view.session.progress()[0].answered == 2
    assert calls[-1] == "GET answers"

    # a reply older than FRESH_S stands for nothing
    monkeypatch.setattr("truco_learn.classroom.progress_client.FRESH_S", -1.0)
    calls.clear()
    view.session.answer(3, 0, item(3, 0).answer)
    view.session.progress()
    view.session.results()
    assert calls == ["POST answers", "GET answers", "GET results"]


def test_the_reply_to_an_answer_matches_what_get_would_send(service: Running) -> None:
    code = ASSIGNMENT.code()
    service.raw("POST", "start", json.dumps({"code": code}).encode())
    status, reply = service.raw("POST", "answers", json.dumps(
        {"code": code, "lesson": 2, "position": 0, "choice": item(2, 0).answer}).encode())
    assert status == 201 and reply["attempt"] == 1 and reply["correct"] is True
    assert reply["answers"] == service.raw("GET", f"answers?code={code}")[1]["answers"]
    results = service.raw("GET", f"results?code={code}")[1]
    assert reply["results"]["claimed"] == results["claimed"]
    assert reply["results"]["items"] == results["items"]
    (grade,) = grade_documents(ASSIGNMENT, [("ana.json", reply["results"])],
                               secret=SECRET).students
    assert grade.status == "ok" and grade.right == 1, grade
