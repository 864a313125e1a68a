"""``truco-learn progress``: the class's progress behind one service that writes each answer for
the person who signed in, and nobody else.

On a JupyterHub, a student's own server runs any code its student types (JupyterLab, or a kernel
through the Jupyter API). So it must hold neither the class database's password nor the results
files' signing secret. The hub runs this service once, with both; a student's kernel sends its
answers here with the hub's API token of that student's server (``JUPYTERHUB_API_TOKEN``), and
the service:

- asks the hub whose token it is (a token without ``access:services!service=NAME`` is refused),
  and stores the answer under that hub user's name, whatever name the page typed;
- grades the answer itself, from the assignment code: a kernel says which choice was picked,
  never whether it was right;
- builds and signs the student's results file from what it stored.

The API (JSON; ``Authorization: token TOKEN``), under ``/truco/progress/`` and, as a hub
service, also under the hub's prefix (``/services/NAME/truco/progress/``):

- ``GET whoami`` → ``{"student": NAME}``
- ``POST start`` ``{"code": CODE}`` → ``{"student": NAME}`` (the student is on the assignment)
- ``GET answers?code=CODE`` → ``{"student": NAME, "answers": [{lesson, position, kind, seed,
  variant, choice, correct, rule, answered_at, attempt}, ...]}``
- ``POST answers`` ``{"code": CODE, "lesson": L, "position": P, "choice": TEXT}`` → 201
  ``{"attempt": N, "correct": BOOL, "answers": [...], "results": {...}}``: the student's
  answers and results document after this one, as ``GET answers`` and ``GET results`` would
  send them (the page shows both after each answer: one request, not three)
- ``GET results?code=CODE`` → the results document (:mod:`.results`), signed when the service
  has ``TRUCO_LEARN_SECRET``.

Errors are ``{"error": MESSAGE}`` with 400 (bad input), 401 (no token, or one the hub does not
know), 403 (a token without access to this service), 404, or 503 (the database failed).

>>> import tempfile, os
>>> from .assignment import Assignment
>>> a = Assignment("Demo", (2,), questions=2, seed=9)
>>> svc = ProgressService(ProgressStore(os.path.join(tempfile.mkdtemp(), "p.sqlite3")))
>>> item = a.quizzes()[0][1][0]
>>> svc.answer("ana", a.code(), 2, 0, item.answer)
(1, True)
>>> [(x.position, x.correct, x.attempt) for x in svc.answers("ana", a.code())]
[(0, True, 1)]
>>> svc.answer("ana", a.code(), 9, 0, "x")
Traceback (most recent call last):
...
truco_learn.classroom.progress_service.ProgressRequestError: lesson 9 is not in this assignment (its lessons: 2)
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
from typing import Any, Awaitable, Callable

from tornado import web

from ..errors import TrucoError
from ..quiz import QuizItem, grade
from ..serving.json_api import BadBody, JsonApiHandler
from .assignment import Assignment, AssignmentCodeError
from .results import MAX_NAME, build_results, secret_from_env
from .store import ProgressStore, StoredAnswer, StoreError

__all__ = ["API_PATH", "Identify", "ProgressRequestError", "ProgressService", "hub_identify",
           "make_app", "run", "service_store"]

API_PATH = "truco/progress/"
MAX_CHOICE = 300  # longer than any choice of any quiz
MAX_BODY = 16_384
MAX_CACHED = 64  # assignments whose quizzes are kept built

Identify = Callable[[str], Awaitable["str | None"]]


class ProgressRequestError(TrucoError):
    """A request the service refuses (the message says why)."""


class ProgressService:
    """The progress writes and reads one student may ask for, on ``store``, with results files
    signed by ``secret`` (``None``: unsigned)."""

    def __init__(self, store: ProgressStore, secret: bytes | None = None) -> None:
        self.store = store
        self.secret = secret
        # an assignment's quizzes take ~0.1 s to build (more with the coach's positions):
        # built once per assignment, not at every answer of every student
        self._quizzes: dict[str, list[tuple[int, list[QuizItem]]]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _assignment(code: object) -> Assignment:
        if not isinstance(code, str) or not code.strip():
            raise ProgressRequestError("give the assignment's code as \"code\"")
        try:
            return Assignment.from_code(code.strip())
        except AssignmentCodeError as exc:
            raise ProgressRequestError(f"bad assignment code: {exc}") from None

    def quizzes(self, a: Assignment) -> list[tuple[int, list[QuizItem]]]:
        key = a.quiz_code()
        with self._lock:
            found = self._quizzes.get(key)
        if found is None:
            found = a.quizzes()
            with self._lock:
                if len(self._quizzes) >= MAX_CACHED:
                    self._quizzes.pop(next(iter(self._quizzes)))
                self._quizzes[key] = found
        return found

    def start(self, student: str, code: object) -> None:
        self.store.start(self._assignment(code).quiz_code(), student)

    def answer(self, student: str, code: object, lesson: object, position: object,
               choice: object) -> tuple[int, bool]:
        """Grade ``choice`` (an English choice, as the page records it) against the
        assignment's own item and store it; ``(attempt, correct)``."""
        a = self._assignment(code)
        if isinstance(lesson, bool) or not isinstance(lesson, int):
            raise ProgressRequestError(f"lesson {lesson!r}: expected a whole number")
        if isinstance(position, bool) or not isinstance(position, int):
            raise ProgressRequestError(f"position {position!r}: expected a whole number")
        if not isinstance(choice, str) or not choice or len(choice) > MAX_CHOICE:
            raise ProgressRequestError(f"choice {str(choice)[:40]!r}: expected the text of "
                                       f"one choice (1-{MAX_CHOICE} characters)")
        quiz = dict(self.quizzes(a)).get(lesson)
        if quiz is None:
            raise ProgressRequestError(
                f"lesson {lesson} is not in this assignment (its lessons: "
                f"{', '.join(str(n) for n in a.lessons)})")
        if not 0 <= position < len(quiz):
            raise ProgressRequestError(f"position {position} is not in lesson {lesson}'s quiz "
                                       f"(positions 0-{len(quiz) - 1})")
        item = quiz[position]
        correct = grade(item, choice).correct
        attempt = self.store.record(a.quiz_code(), student, lesson, position, item.kind,
                                    item.seed, item.variant, choice, correct, item.rule)
        return attempt, correct

    def answers(self, student: str, code: object) -> list[StoredAnswer]:
        return self.store.answers(self._assignment(code).quiz_code(), student)

    def results(self, student: str, code: object,
                stored: list[StoredAnswer] | None = None) -> dict[str, Any]:
        """The results document built from the stored answers (``stored``: as just read),
        signed when there is a secret."""
        a = self._assignment(code)
        attempts: dict[tuple[int, int], list[tuple[str, str]]] = {}
        for x in self.store.answers(a.quiz_code(), student) if stored is None else stored:
            attempts.setdefault((x.lesson, x.position), []).append((x.choice, x.answered_at))
        return build_results(a, student[:MAX_NAME], attempts, quizzes=self.quizzes(a),
                             secret=self.secret)


# ---------------------------------------------------------------------- HTTP

class _Handler(JsonApiHandler):
    max_body = MAX_BODY

    def initialize(self, service: ProgressService,  # type: ignore[override]
                   identify: Identify) -> None:
        super().initialize()
        self.service = service
        self.identify = identify
        self.student = ""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        reason = self._reason if status_code != 500 else "the service failed"
        self.finish(json.dumps({"error": reason}))

    async def prepare(self) -> None:
        header = self.request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() not in ("token", "bearer") or not token.strip():
            self.reply(401, {"error": "no token: send 'Authorization: token TOKEN' with your "
                                      "server's JUPYTERHUB_API_TOKEN"})
            return
        try:
            who = await self.identify(token.strip())
        except PermissionError as exc:
            self.reply(403, {"error": str(exc)})
            return
        if not who:
            self.reply(401, {"error": "the hub does not know this token"})
            return
        self.student = who

    def fields(self) -> dict[str, Any]:
        """The request's JSON object."""
        doc = self.body()
        if not isinstance(doc, dict):
            raise ProgressRequestError("the request must be a JSON object")
        return doc

    async def run(self, work: Callable[[], Any], status: int = 200) -> None:
        try:
            # the database calls block: off the event loop, so a slow write stalls nobody else
            result = await asyncio.get_running_loop().run_in_executor(None, work)
        except (ProgressRequestError, BadBody) as exc:
            self.reply(400, {"error": str(exc)})
        except StoreError as exc:
            self.reply(503, {"error": f"the progress database failed: {exc}"})
        else:
            self.reply(status, result)


class WhoamiHandler(_Handler):
    async def get(self) -> None:
        self.reply(200, {"student": self.student})


class StartHandler(_Handler):
    async def post(self) -> None:
        def work() -> dict[str, str]:
            self.service.start(self.student, self.fields().get("code"))
            return {"student": self.student}
        await self.run(work)


def answer_fields(a: StoredAnswer) -> dict[str, Any]:
    """One stored answer as the API sends it."""
    return {"lesson": a.lesson, "position": a.position, "kind": a.kind, "seed": a.seed,
            "variant": a.variant, "choice": a.choice, "correct": a.correct, "rule": a.rule,
            "answered_at": a.answered_at, "attempt": a.attempt}


class AnswersHandler(_Handler):
    async def get(self) -> None:
        code = self.get_query_argument("code", "")
        await self.run(lambda: {"student": self.student, "answers": [
            answer_fields(a) for a in self.service.answers(self.student, code)]})

    async def post(self) -> None:
        def work() -> dict[str, Any]:
            doc = self.fields()
            code = doc.get("code")
            attempt, correct = self.service.answer(self.student, code, doc.get("lesson"),
                                                   doc.get("position"), doc.get("choice"))
            # what the page shows next, in the same reply: one request per answer, not three
            stored = self.service.answers(self.student, code)
            return {"attempt": attempt, "correct": correct,
                    "answers": [answer_fields(a) for a in stored],
                    "results": self.service.results(self.student, code, stored)}
        await self.run(work, 201)


class ResultsHandler(_Handler):
    async def get(self) -> None:
        code = self.get_query_argument("code", "")
        await self.run(lambda: self.service.results(self.student, code))


def handlers(base_url: str, service: ProgressService,
             identify: Identify) -> list[tuple[str, type, dict[str, Any]]]:
    root = base_url.rstrip("/") + "/" + API_PATH
    kw = {"service": service, "identify": identify}
    return [(root + "whoami", WhoamiHandler, kw), (root + "start", StartHandler, kw),
            (root + "answers", AnswersHandler, kw), (root + "results", ResultsHandler, kw)]


def hub_identify() -> Identify:
    """Who a token belongs to, asked of the hub (``HubAuth`` reads the service's own
    ``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_API_URL`` and ``JUPYTERHUB_SERVICE_NAME``, which the
    hub gives a service it manages). A token without this service's access scope raises
    ``PermissionError``."""
    from jupyterhub.services.auth import HubAuth  # type: ignore[import-untyped]

    auth = HubAuth(cache_max_age=60)

    async def identify(token: str) -> str | None:
        model = await auth.user_for_token(token, sync=False)
        if not model or model.get("kind", "user") != "user" or not model.get("name"):
            return None
        if not auth.check_scopes(auth.access_scopes, model):
            raise PermissionError(f"the token of {model['name']!r} may not use this service "
                                  f"(it needs {' or '.join(sorted(auth.access_scopes))})")
        return str(model["name"])
    return identify


def service_store(db: str | None) -> ProgressStore:
    """The store as the service keeps it: one connection, kept open and shared by the
    requests one operation at a time (opening one per request costs more than the write, on
    PostgreSQL)."""
    store = ProgressStore(db)
    store.db.keep_open()
    return store


def make_app(service: ProgressService, identify: Identify) -> web.Application:
    """The API at ``/truco/progress/`` and, as a hub service, under the hub's prefix."""
    from ..tables.server import hub_prefix

    routes = handlers("/", service, identify)
    prefix = hub_prefix()
    if prefix is not None:
        routes += handlers(prefix, service, identify)
    return web.Application(routes)


def run(port: int, db: str | None, host: str = "127.0.0.1") -> None:
    """Serve the progress API on ``host:port`` until interrupted; the hub says who is who."""
    if not os.environ.get("JUPYTERHUB_API_TOKEN"):
        raise TrucoError("the progress service runs as a JupyterHub service: the hub gives it "
                         "JUPYTERHUB_API_TOKEN to ask who is who (see deploy/jupyterhub_config.py)")
    service = ProgressService(service_store(db), secret_from_env())
    identify = hub_identify()

    async def main() -> None:
        server = make_app(service, identify).listen(port, address=host)
        print(f"truco-learn progress: http://{host}:{port}/{API_PATH} (database "
              f"{service.store.where}; results files "
              f"{'signed' if service.secret else 'unsigned'})", flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            server.stop()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
