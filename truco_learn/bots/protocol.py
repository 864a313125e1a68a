"""The JSON-lines bot protocol of PROTOCOL.md: serving a bot, and talking to an outside one.

``serve`` answers ``hello``, ``decide`` and ``quit`` requests, one JSON object a line; a line it
cannot use gets ``{"error": ...}`` and serving goes on. A ``decide`` request may carry
``"lang"`` (``"pt-BR"``, ``"en"``): the language of the explanation's sentences (English when
absent; an unknown tag is an error line). :class:`ExternalBot` runs another
program that speaks the protocol and uses it like any in-process bot.

>>> import io
>>> from truco_learn.bots import make_bot
>>> out = io.StringIO()
>>> serve(make_bot("random"), io.StringIO('{"cmd": "hello"}\\nnot json\\n{"cmd": "quit"}\\n'), out)
0
>>> [sorted(json.loads(line)) for line in out.getvalue().splitlines()]
[['name', 'variants', 'version'], ['error']]
"""

from __future__ import annotations

import json
import random
import selectors
import shlex
import subprocess
from typing import IO, Any, Mapping

from .. import __version__
from ..engine.actions import ACTION_STR, parse_action
from ..engine.observer import determinize, parse_observation, partner_visible
from ..engine.state import IRON, hand_mode
from ..engine.options import VARIANTS
from ..errors import TrucoError
from ..i18n import DEFAULT, language, normalize
from .base import Bot, Decision, legal_from_observation


def handle(bot: Bot, line: str) -> tuple[dict[str, Any] | None, bool]:
    """The response to one request line (``None`` for a blank line) and whether to quit."""
    if not line.strip():
        return None, False
    try:
        req = json.loads(line)
    except ValueError as exc:
        return {"error": f"not valid JSON: {exc}"}, False
    if not isinstance(req, dict):
        return {"error": "a request must be a JSON object with a \"cmd\""}, False
    cmd = req.get("cmd")
    if cmd == "quit":
        return None, True
    if cmd == "hello":
        return {"name": bot.name, "version": __version__, "variants": list(VARIANTS)}, False
    if cmd == "decide":
        rid = req.get("id")
        obs = req.get("observation")
        if not isinstance(obs, dict):
            return _error("decide needs an \"observation\" object", rid), False
        lang = req.get("lang")
        if lang is None:  # absent (or null): English
            lang = DEFAULT
        if not isinstance(lang, str):
            return _error(f"\"lang\" must be a language tag such as \"pt-BR\", not {lang!r}",
                          rid), False
        try:
            tag = normalize(lang)
        except TrucoError as exc:
            return _error(str(exc), rid), False
        try:
            check_answerable(obs)
            with language(tag):  # the explanation's sentences, in the asked language
                d = bot.decide(obs)
        except TrucoError as exc:
            return _error(str(exc), rid), False
        except (TypeError, KeyError, IndexError, AttributeError) as exc:
            return _error(f"bad observation: {exc!r}", rid), False
        return {"id": rid, "action": d.action, "explanation": wire_explanation(d.explanation)}, False
    return {"error": f"unknown command {cmd!r} (known: hello, decide, quit)"}, False


def check_answerable(observation: Mapping[str, Any]) -> None:
    """Raise a TrucoError unless the observing seat is the one to act and sees its own cards.

    PROTOCOL.md: the bot answers "with one action legal in that state"; ``hand`` is the seat's
    dealt cards, ``null`` only in an iron hand (where nobody sees their own); ``partner_hand``
    is ``null`` unless the seat may see it (the deciding team's hand of eleven, four seats).
    """
    ob = parse_observation(observation)
    mode, _, eleven_team = hand_mode(ob.opts, ob.score)
    iron = mode == IRON
    if ob.partner_hand is not None and not partner_visible(ob.opts.seats, mode, eleven_team,
                                                           ob.seat):
        raise TrucoError("bad observation: \"partner_hand\" must be null: this seat may not "
                         "see its partner's cards (only the deciding team in a hand of eleven "
                         "at four seats does)")
    if iron and ob.hand is not None:
        raise TrucoError("bad observation: in an iron hand nobody sees their own cards, "
                         "so \"hand\" must be null")
    if not iron and ob.hand is None:
        raise TrucoError("bad observation: \"hand\" must list this seat's three dealt cards "
                         "(it is null only in an iron hand)")
    to_act = determinize(ob, random.Random(0)).to_act
    if to_act is None:
        raise TrucoError("bad observation: the hand is over, there is nothing to decide")
    if to_act != ob.seat:
        raise TrucoError(f"bad observation: it is seat {to_act}'s turn, not seat {ob.seat}'s")


def wire_explanation(explanation: Mapping[str, Any]) -> dict[str, Any]:
    """An explanation as PROTOCOL.md sends it: ``options`` are the actions the bot compared,
    each with its numbers, so a rule bot's options without numbers (``"ev": null``, kept in
    the app for its own panels) stay out, and a bot that compared nothing sends ``[]``.

    >>> wire_explanation({"summary": "s", "samples": 0,
    ...                   "options": [{"action": "play:4H", "ev": None, "win": None}]})
    {'summary': 's', 'samples': 0, 'options': []}
    >>> wire_explanation({"options": [{"action": "raise", "ev": 0.5, "win": 0.61}]})["options"]
    [{'action': 'raise', 'ev': 0.5, 'win': 0.61}]
    """
    out = dict(explanation)
    options = out.get("options")
    if isinstance(options, list):
        out["options"] = [o for o in options if isinstance(o, Mapping)
                          and _number(o.get("ev")) and _number(o.get("win"))]
    return out


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _error(message: str, rid: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"error": message}
    if rid is not None:
        out["id"] = rid
    return out


def serve(bot: Bot, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer requests from ``stdin`` until ``quit`` or end of input; return exit status 0."""
    for line in stdin:
        response, stop = handle(bot, line)
        if stop:
            break
        if response is not None:
            stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
            stdout.flush()
    return 0


class ExternalBot:
    """A bot in another process, spoken to with the JSON-lines protocol.

    ``timeout`` seconds per answer; any failure (no answer, bad JSON, an error answer, an
    action that is not legal) raises a TrucoError naming the command.
    """

    def __init__(self, command: str, timeout: float = 30.0) -> None:
        self.command = command
        self.timeout = timeout
        self._next_id = 0
        try:
            self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)
        except (OSError, ValueError) as exc:
            raise TrucoError(f"cannot start bot command {command!r}: {exc}") from None
        hello = self._ask({"cmd": "hello"})
        self.name = str(hello.get("name", command))

    def _ask(self, request: Mapping[str, Any]) -> dict[str, Any]:
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
        except OSError as exc:
            raise TrucoError(f"bot command {self.command!r} stopped: {exc}") from None
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            if not sel.select(self.timeout):
                raise TrucoError(f"bot command {self.command!r} gave no answer in "
                                 f"{self.timeout} s")
        line = proc.stdout.readline()
        if not line:
            raise TrucoError(f"bot command {self.command!r} closed its output")
        try:
            answer = json.loads(line)
        except ValueError:
            raise TrucoError(f"bot command {self.command!r} answered with a line that is not "
                             f"JSON: {line.strip()[:200]!r}") from None
        if not isinstance(answer, dict):
            raise TrucoError(f"bot command {self.command!r} answered {answer!r}")
        if "error" in answer:
            raise TrucoError(f"bot command {self.command!r} answered an error: "
                             f"{answer['error']}")
        return answer

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        """Ask the outside bot; check that its action is legal here."""
        self._next_id += 1
        answer = self._ask({"cmd": "decide", "id": self._next_id, "observation": observation})
        action = answer.get("action")
        if answer.get("id") != self._next_id or not isinstance(action, str):
            raise TrucoError(f"bot command {self.command!r} gave a bad answer: {answer!r}")
        legal = legal_from_observation(observation)
        try:
            action = ACTION_STR[parse_action(action)[1]]
        except TrucoError:
            pass
        if action not in legal:
            raise TrucoError(f"bot command {self.command!r} chose {action!r}, which is not "
                             f"legal here (legal: {' '.join(legal)})")
        explanation = answer.get("explanation")
        return Decision(action, explanation if isinstance(explanation, dict) else {})

    def close(self) -> None:
        """Send ``quit`` and wait for the process to end (kill it after a few seconds)."""
        proc = self.proc
        if proc.poll() is None:
            try:
                assert proc.stdin is not None
                proc.stdin.write('{"cmd": "quit"}\n')
                proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()

    def __enter__(self) -> "ExternalBot":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
