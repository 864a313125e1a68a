"""A real local JupyterHub with deploy/jupyterhub_config.py: a temporary PostgreSQL as the
class store, configurable-http-proxy (installed from npm into ``.venv/node`` when missing), the
dummy authenticator and the local-process spawner. Two students log in, land on the course,
open a lesson and answer on the assignment page, signed in by the hub (their answers go to the
progress service, run once by the hub, which stores them under the hub user; a student's server
holds no database password nor signing secret, and its token cannot write for someone else);
both join one table of the tables service (run
once, by the hub, as a hub-managed service with its tables in the same PostgreSQL) and play a
hand against each other through the hub's service URL with their table tokens (PROTOCOL.md,
"Tables": HTTP and WebSocket); the teacher's dashboard, on the teacher's own server, shows both
students' progress live from PostgreSQL.

Skipped, saying why, only where PostgreSQL's binaries or the proxy cannot be found or installed.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import websocket

from truco_learn.classroom import Assignment, ProgressStore
from truco_learn.tables.store import TableStore

from postgres_server import free_port  # tests/postgres_server.py

ROOT = Path(__file__).resolve().parents[2]
NODE_DIR = ROOT / ".venv" / "node"
PASSWORD = "class-pw"
SECRET = "hub-class-secret"
ASSIGNMENT = Assignment("Hub week", (2,), questions=3, pass_pct=50, seed=4242)


def find_proxy() -> str | None:
    local = NODE_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
    if local.exists():
        return str(local)
    return shutil.which("configurable-http-proxy")


@pytest.fixture(scope="session")
def proxy() -> str:
    """configurable-http-proxy: on PATH, in .venv/node, else installed there from npm."""
    found = find_proxy()
    if found:
        return found
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("JupyterHub test skipped: no configurable-http-proxy and no npm to install "
                    "it (apt-get install npm; .ci/run does)")
    proc = subprocess.run([npm, "install", "--prefix", str(NODE_DIR), "--no-audit", "--no-fund",
                           "--loglevel=error", "configurable-http-proxy@^4"],
                          capture_output=True, text=True, timeout=600)
    found = find_proxy()
    if proc.returncode != 0 or found is None:
        pytest.skip(f"JupyterHub test skipped: npm could not install configurable-http-proxy "
                    f"({proc.returncode}): {proc.stderr.strip()[-300:]}")
    return found


@pytest.fixture
def hub(proxy: str, pg_url: str, tmp_path: Path,
        start_server: Callable[..., Any]) -> Iterator[Any]:
    jupyterhub = Path(sys.executable).parent / "jupyterhub"
    if not jupyterhub.exists():
        pytest.skip("JupyterHub test skipped: jupyterhub is not installed (make install-test)")
    state = tmp_path / "hub"
    state.mkdir()
    env = {
        "TRUCO_LEARN_DB": pg_url,
        "TRUCO_HUB_AUTH": "dummy",
        "TRUCO_HUB_SPAWNER": "simple", "TRUCO_HUB_HOMES": str(tmp_path / "homes"),
        "TRUCO_HUB_TEACHERS": "teacher",
        "TRUCO_HUB_PROXY": proxy,
        "TRUCO_HUB_PROXY_API_PORT": str(free_port()),
        "TRUCO_HUB_INTERNAL_PORT": str(free_port()),
        "TRUCO_TABLES_PORT": str(free_port()),
        "TRUCO_PROGRESS_PORT": str(free_port()),
        "TRUCO_LEARN_SECRET": SECRET,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }

    def cmd(port: int) -> list[str]:
        env["TRUCO_HUB_PORT"] = str(port)
        return [str(jupyterhub), "-f", str(ROOT / "deploy" / "jupyterhub_config.py")]

    server = start_server(cmd, "jupyterhub", cwd=state, env=env, ready_path="/hub/health")
    server.tables_port = int(env["TRUCO_TABLES_PORT"])
    yield server
    server.stop()


def login(browser: Any, hub_url: str, user: str) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(f"{hub_url}/hub/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit], button[type=submit]")
    # the hub spawns the user's server and sends them to the app: Voilà on the course
    page.wait_for_url(f"**/user/{user}/voila/render/index.ipynb**", timeout=180_000)
    page.wait_for_selector("a[href*='02_vira_and_manilhas']", timeout=180_000)
    return page


def call(method: str, url: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={
        "Content-Type": "application/json",
        **({"Authorization": f"token {token}"} if token else {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def next_state(ws: Any) -> dict[str, Any]:
    """The next ``state`` message on this socket (reviews and other messages read past)."""
    while True:
        msg = json.loads(ws.recv())
        assert msg["type"] != "error", msg
        if msg["type"] == "state":
            return dict(msg)


def drain(ws: Any, last: dict[str, Any]) -> dict[str, Any]:
    """Read until nothing more arrives for a moment; the last state seen."""
    ws.settimeout(0.5)
    try:
        while True:
            msg = json.loads(ws.recv())
            if msg["type"] == "state":
                last = msg
    except websocket.WebSocketTimeoutException:
        pass
    ws.settimeout(60)
    return last


def tables_service_processes(port: int) -> list[tuple[int, int]]:
    """``(pid, parent pid)`` of every ``truco-learn tables --port PORT`` on this machine."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        words = [a.decode(errors="replace") for a in argv]
        if "tables" in words and "--port" in words and str(port) in words:
            found.append((int(proc.name), int(stat.rsplit(")", 1)[1].split()[1])))
    return found


def play_one_hand_through_the_hub(hub_url: str, ws_url: str,
                                  students: tuple[str, str]) -> tuple[str, dict[int, Any], int]:
    """Both students join one table at the hub's service URL and play its first hand to the end
    by legal actions (a truco raised and accepted on the way); the last state each saw."""
    api = f"{hub_url}/services/tables/truco/api"
    deadline = time.monotonic() + 120
    while call("GET", f"{api}/tables")[0] != 200:  # the hub starts it with the hub
        assert time.monotonic() < deadline, "the tables service did not answer through the hub"
        time.sleep(0.5)
    status, made = call("POST", f"{api}/tables", {"variant": "paulista-2p",
                                                  "seats": ["human", "human"]})
    assert status == 201, made
    table = made["table"]
    assert "/hub/user-redirect/voila/render/tables.ipynb?table=" + table in made["invite"]
    tokens: dict[int, str] = {}
    for name in students:
        status, joined = call("POST", f"{api}/tables/{table}/join", {"name": name})
        assert status == 200 and joined["seat"] is not None, joined
        tokens[joined["seat"]] = joined["token"]
    assert sorted(tokens) == [0, 1]
    socks = {seat: websocket.create_connection(
        f"{ws_url}/services/tables/truco/api/tables/{table}/ws?token={tok}", timeout=60)
        for seat, tok in tokens.items()}
    states = {seat: drain(ws, next_state(ws)) for seat, ws in socks.items()}
    assert [p["name"] for p in states[0]["players"]] == list(students)
    rng, actions, raised = random.Random(15), 0, False
    while not states[0]["hand_over"]:
        assert states[0]["hand"] == states[1]["hand"] == 1 and actions < 40
        actor = states[0]["to_act"]
        legal = states[actor]["legal"]
        assert legal and not states[1 - actor]["legal"], (actor, legal)
        if "raise" in legal and not raised:
            action, raised = "raise", True
        elif "accept" in legal:
            action = "accept"
        else:
            action = rng.choice([a for a in legal if a.startswith("play:")])
        socks[actor].send(json.dumps({"type": "act", "action": action}))
        actions += 1
        states = {seat: next_state(ws) for seat, ws in socks.items()}
    for ws in socks.values():
        ws.close()
    return table, states, actions


def server_environments() -> dict[str, dict[str, str]]:
    """The environment of every running ``jupyterhub-singleuser``, by its hub user."""
    found = {}
    for proc in Path("/proc").iterdir():
        try:
            argv = (proc / "cmdline").read_bytes()
            raw = (proc / "environ").read_bytes()
        except OSError:
            continue
        if b"jupyterhub-singleuser" not in argv:
            continue
        env = dict(kv.decode(errors="replace").partition("=")[::2]
                   for kv in raw.split(b"\0") if b"=" in kv)
        if env.get("JUPYTERHUB_USER"):
            found[env["JUPYTERHUB_USER"]] = env
    return found


def check_what_a_student_server_holds(hub: Any, pg_url: str, store: ProgressStore) -> None:
    """A student's server (so, whatever its student runs in it) holds no database password and
    no signing secret; its hub token writes answers for that student only."""
    envs = server_environments()
    ana = envs["ana"]
    for key, value in ana.items():
        assert pg_url.split("@")[0] not in value and SECRET not in value, key
    assert "TRUCO_LEARN_DB" not in ana and "TRUCO_LEARN_SECRET" not in ana
    api = f"{hub.url}/services/progress/truco/progress"
    item = ASSIGNMENT.quizzes()[0][1][1]
    wrong = next(c for c in item.choices if c != item.answer)

    def post(token: str | None, student_claim: str) -> tuple[int, Any]:
        return call("POST", f"{api}/answers", {
            "code": ASSIGNMENT.code(), "lesson": 2, "position": 1, "choice": wrong,
            "correct": True, "student": student_claim}, token)

    # code run in ana's server, claiming to be bia and to be right: stored as ana's, wrong
    status, reply = post(ana["JUPYTERHUB_API_TOKEN"], "bia")
    assert status == 201 and (reply["attempt"], reply["correct"]) == (1, False), reply
    assert reply["results"]["student"] == "ana" and reply["results"]["claimed"]["right"] == 1
    assert [(a.position, a.correct) for a in store.answers(ASSIGNMENT.quiz_code(), "ana")] \
        == [(0, True), (1, False)]
    assert len(store.answers(ASSIGNMENT.quiz_code(), "bia")) == 1
    assert post(None, "bia")[0] == 401 and post("not-a-hub-token", "bia")[0] == 401


@pytest.mark.jupyterhub
@pytest.mark.browser
def test_two_students_and_their_teacher_on_one_hub(hub: Any, browser: Any, pg_url: str,
                                                   artifacts_dir: Path) -> None:
    (lesson, items), = ASSIGNMENT.quizzes()
    for user, right in (("ana", True), ("bia", False)):
        page = login(browser, hub.url, user)
        page.click("a[href*='02_vira_and_manilhas']")  # a lesson, on the user's own server
        page.wait_for_url(f"**/user/{user}/voila/render/02_vira_and_manilhas.ipynb**")
        page.wait_for_selector(".widget-button, .jupyter-button", timeout=180_000)
        assert "Traceback" not in page.content()
        page.goto(f"{hub.url}/user/{user}/voila/render/assignment.ipynb"
                  f"?code={ASSIGNMENT.code()}")
        # signed in to the hub: the page asks no name (the progress service knows who it is)
        page.wait_for_selector(".tl-quiz-prompt", timeout=180_000)
        assert not page.is_visible("input[placeholder='your name']")
        assert f"You are signed in as {user}" in page.inner_text(".tl-assignment")
        choice = items[0].answer if right else next(c for c in items[0].choices
                                                    if c != items[0].answer)
        page.click(f".tl-quiz button:text-is('{choice}')")
        page.wait_for_selector(".tl-quiz [role=status]")
        page.screenshot(path=str(artifacts_dir / f"hub-{user}.png"))
        # the user's server gzips what the browser accepts compressed (Voilà's ~5 MB of scripts)
        script = page.request.get(f"{hub.url}/user/{user}/voila/static/voila.js",
                                  headers={"Accept-Encoding": "gzip"})
        assert script.ok and script.headers.get("content-encoding") == "gzip"
        # the user's own server mounts no tables service: it uses the hub's one
        assert page.request.get(f"{hub.url}/user/{user}/truco/api/tables").status == 404
        page.context.close()

    # the tables service runs once, started by the hub as a hub-managed service
    running = tables_service_processes(hub.tables_port)
    assert len(running) == 1 and running[0][1] == hub.proc.pid, running
    table, seen, actions = play_one_hand_through_the_hub(
        hub.url, hub.url.replace("http", "ws", 1), ("Ana", "Bia"))
    ana, bia = seen[0], seen[1]
    assert ana["hand_over"] and bia["hand_over"] and ana["hand"] == bia["hand"] == 1
    assert ana["score"] == bia["score"] and sum(ana["score"]) >= 2  # the truco was accepted
    assert ana["observation"]["log"] == bia["observation"]["log"]  # no covered card played
    assert ana["observation"]["vira"] == bia["observation"]["vira"]
    assert ana["observation"]["hand"] != bia["observation"]["hand"]  # each saw their own cards
    # the table is in the one PostgreSQL, written by the one service as each action happened
    stored = TableStore(pg_url)
    try:
        assert [t.table_id for t in stored.tables()] == [table]
        assert sorted(name for _tok, _seat, name in stored.players(table)) == ["Ana", "Bia"]
        assert len([e for e in stored.events(table) if e[1] == "act"]) == actions
    finally:
        stored.close()

    # both answers are in the one PostgreSQL, written for each by the progress service
    store = ProgressStore(pg_url, readonly=True)
    code = ASSIGNMENT.quiz_code()
    assert store.students(code) == ["ana", "bia"]
    assert [a.correct for a in store.answers(code, "ana")] == [True]
    check_what_a_student_server_holds(hub, pg_url, store)

    teacher = login(browser, hub.url, "teacher")
    teacher.goto(f"{hub.url}/user/teacher/voila/render/teacher.ipynb")
    teacher.wait_for_selector(".tl-teacher", timeout=180_000)
    teacher.fill(".tl-teacher input[placeholder='the assignment code']", ASSIGNMENT.code())
    teacher.click("button:has-text('Watch the class live')")
    teacher.wait_for_selector("table.tl-grades", timeout=60_000)
    table = teacher.inner_text("table.tl-grades")
    assert "ana" in table and "bia" in table
    rows = {r.split("\t")[0]: r for r in table.splitlines() if "\t" in r}
    assert "1/3" in rows["ana"] and "0/3" in rows["bia"]
    assert "2 students, 3 answers" in teacher.inner_text(".tl-live")
    assert "postgresql://" in teacher.inner_text(".tl-live") and "truco-test-pw" not in \
        teacher.content()
    teacher.screenshot(path=str(artifacts_dir / "hub-teacher.png"), full_page=True)
    teacher.context.close()
    # every user server ran with deploy/jupyter/jupyter_server_config.json (cap, culling)
    assert hub.log.read_text().count("truco-learn: at most 8 kernels at once, idle ones "
                                     "stopped after 1200 s") == 3
