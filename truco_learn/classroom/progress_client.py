"""A student's kernel's side of the progress service (:mod:`.progress_service`): the same
``start`` / ``record`` / ``answers`` an :class:`~.AssignmentSession` asks of a
:class:`~.store.ProgressStore`, sent to the service with the server's hub token. The service
answers a recorded answer with the student's answers and results after it, and the next ask
of each (the page's refresh right after the answer) is served from that reply: one request
per answer.

:func:`open_progress` picks it: with ``TRUCO_LEARN_PROGRESS_URL`` set (a JupyterHub gives it to
every student's server), the service; otherwise the database itself.

>>> client = RemoteProgress("http://127.0.0.1:9/truco/progress/", "t0k", timeout=0.5)
>>> client.whoami()
Traceback (most recent call last):
...
truco_learn.classroom.store.StoreError: the class's progress service at http://127.0.0.1:9/truco/progress/ cannot be reached (Connection refused)
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from .store import ProgressStore, StoredAnswer, StoreError

__all__ = ["TOKEN_ENV", "URL_ENV", "RemoteProgress", "open_progress"]

URL_ENV = "TRUCO_LEARN_PROGRESS_URL"
TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
TIMEOUT_S = 10.0
#: How long the answers and results sent with an answer stand for the next ask of them.
FRESH_S = 5.0


@dataclass(slots=True)
class _Fresh:
    """The student's answers and results as the service sent them with an answer."""

    at: float
    answers: list[StoredAnswer] | None
    results: dict[str, Any] | None


class RemoteProgress:
    """The progress service at ``url`` (``.../truco/progress/``), asked with ``token``. The
    service names the student (the hub user the token belongs to): ``student`` arguments are
    ignored, and :meth:`whoami` says who that is."""

    def __init__(self, url: str, token: str, timeout: float = TIMEOUT_S) -> None:
        self.url = url if url.endswith("/") else url + "/"
        self.token = token
        self.timeout = timeout
        self._student: str | None = None
        # per assignment code: the answers and results the service sent with the last answer
        # recorded, each used once by the next ask (the page's refresh right after it)
        self._fresh: dict[str, _Fresh] = {}

    @property
    def where(self) -> str:
        return f"the class's progress service at {self.url}"

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": f"token {self.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            try:
                reason = json.loads(exc.read()).get("error") or exc.reason
            except (ValueError, AttributeError, OSError):
                reason = exc.reason
            raise StoreError(f"{self.where} refused: {reason} (HTTP {exc.code})") from None
        except (urllib.error.URLError, OSError) as exc:
            why = getattr(exc, "reason", exc)
            why = getattr(why, "strerror", None) or why
            raise StoreError(f"{self.where} cannot be reached ({why})") from None
        except ValueError:
            raise StoreError(f"{self.where} answered something that is not JSON") from None

    def whoami(self) -> str:
        """The hub user whose answers this is (asked once)."""
        if self._student is None:
            reply = self._call("GET", "whoami")
            if not isinstance(reply, dict) or not isinstance(reply.get("student"), str):
                raise StoreError(f"{self.where} did not say who you are")
            self._student = str(reply["student"])
        return self._student

    def start(self, code: str, student: str) -> None:
        self._call("POST", "start", {"code": code})

    def record(self, code: str, student: str, lesson: int, position: int, kind: str,
               seed: int, variant: str, choice: str, correct: bool, rule: str,
               answered_at: str | None = None) -> int:
        """Send one answer; the service grades it again and numbers the attempt."""
        self._fresh.pop(code, None)
        reply = self._call("POST", "answers", {"code": code, "lesson": lesson,
                                               "position": position, "choice": choice})
        try:
            attempt = int(reply["attempt"])
        except (KeyError, TypeError, ValueError):
            raise StoreError(f"{self.where} did not number the answer") from None
        if isinstance(reply.get("results"), dict):
            try:
                self._fresh[code] = _Fresh(time.monotonic(), self._parse_answers(reply),
                                           reply["results"])
            except StoreError:
                pass  # stored all the same: the next ask reads them from the service
        return attempt

    def _take_fresh(self, code: str) -> _Fresh | None:
        """What the service sent with the last answer recorded, while fresh."""
        fresh = self._fresh.get(code)
        if fresh is None or time.monotonic() - fresh.at > FRESH_S:
            self._fresh.pop(code, None)
            return None
        return fresh

    def _parse_answers(self, reply: Any) -> list[StoredAnswer]:
        try:
            return [StoredAnswer(int(a["lesson"]), int(a["position"]), str(a["kind"]),
                                 int(a["seed"]), str(a["variant"]), str(a["choice"]),
                                 bool(a["correct"]), str(a["rule"]), str(a["answered_at"]),
                                 int(a["attempt"])) for a in reply["answers"]]
        except (KeyError, TypeError, ValueError):
            raise StoreError(f"{self.where} sent answers in a shape it should not") from None

    def answers(self, code: str, student: str) -> list[StoredAnswer]:
        fresh = self._take_fresh(code)
        if fresh is not None and fresh.answers is not None:
            answers, fresh.answers = fresh.answers, None  # once
            return answers
        return self._parse_answers(
            self._call("GET", "answers?" + urllib.parse.urlencode({"code": code})))

    def results(self, code: str) -> dict[str, Any]:
        """The results file the service built from what it stored (signed by the service)."""
        fresh = self._take_fresh(code)
        doc: Any = None
        if fresh is not None and fresh.results is not None:
            doc, fresh.results = fresh.results, None  # once
        else:
            doc = self._call("GET", "results?" + urllib.parse.urlencode({"code": code}))
        if not isinstance(doc, dict):
            raise StoreError(f"{self.where} sent a results file in a shape it should not")
        return doc


def open_progress(path: str | None = None) -> ProgressStore | RemoteProgress:
    """The service when ``TRUCO_LEARN_PROGRESS_URL`` is set (and no ``path`` is given), else
    the database at ``path`` (:class:`~.store.ProgressStore`)."""
    url = os.environ.get(URL_ENV, "").strip()
    if path is None and url:
        token = os.environ.get(TOKEN_ENV, "").strip()
        if not token:
            raise StoreError(f"{URL_ENV} is set but {TOKEN_ENV} is not: this server cannot "
                             "sign in to the class's progress service")
        return RemoteProgress(url, token)
    return ProgressStore(path)
