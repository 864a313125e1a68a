"""The JSON-lines protocol: exact answers, garbage survived, quit exits 0, stdout stays clean."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from truco_learn.bots import BOT_NAMES, make_bot
from truco_learn.bots.protocol import ExternalBot, handle, serve
from truco_learn.engine import new_hand, observation, step
from truco_learn.errors import TrucoError

OBS = observation(new_hand("paulista-2p", dealer=1, vira="7D",
                           hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]]), 0)
LEGAL = ["play:3S", "play:4H", "play:QC", "raise"]


def _lines(*requests: object) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)


@pytest.mark.parametrize("line", ["garbage", "[1, 2]", '{"cmd": "dance"}', '{"no": "cmd"}',
                                  '{"cmd": "decide", "id": 1}',
                                  '{"cmd": "decide", "id": 2, "observation": {"variant": "x"}}',
                                  '{"cmd": "decide", "id": 3, "observation": {"variant": '
                                  '"paulista-2p", "seat": 0, "dealer": 1, "vira": "7D", '
                                  '"hand": ["QC", "QC", "4H"], "log": []}}',
                                  '{"cmd": "decide", "id": 4, "observation": {"variant": '
                                  '"paulista-2p", "seat": 0, "dealer": 1, "vira": "7D", '
                                  '"hand": ["QC", "3S", "4H"], "log": [[1, "play:2H"]]}}'])
@pytest.mark.parametrize("bot", ["random", "heuristic", "coach"])
def test_garbage_gets_an_error_and_the_bot_goes_on(line: str, bot: str) -> None:
    b = make_bot(bot, "easy")
    response, stop = handle(b, line)
    assert not stop and response is not None
    assert isinstance(response["error"], str) and response["error"]
    answer, _ = handle(b, _lines({"cmd": "decide", "id": 9, "observation": OBS}))
    assert answer is not None and answer["id"] == 9 and answer["action"] in LEGAL


def test_serve_answers_in_order_and_quits() -> None:
    out = io.StringIO()
    rest = _lines({"cmd": "hello"})
    text = _lines({"cmd": "hello"}, "oops", {"cmd": "decide", "id": 7, "observation": OBS},
                  {"cmd": "quit"}) + rest
    assert serve(make_bot("coach", "easy"), io.StringIO(text), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 3  # nothing after quit
    assert answers[0]["name"] == "coach" and "paulista-2p" in answers[0]["variants"]
    assert "error" in answers[1]
    assert answers[2]["id"] == 7 and answers[2]["action"] in LEGAL
    exp = answers[2]["explanation"]
    assert {"summary", "options", "samples"} <= set(exp)
    assert sorted(o["action"] for o in exp["options"]) == LEGAL


def test_the_bot_command_speaks_only_protocol_lines_and_exits_0() -> None:
    text = _lines({"cmd": "hello"}, "\x00garbage", "", {"cmd": "decide", "id": 1,
                                                         "observation": OBS}, {"cmd": "quit"})
    proc = subprocess.run([sys.executable, "-m", "truco_learn.cli", "bot", "coach",
                           "--level", "easy", "--seed", "4"], input=text, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [sorted(a)[0] for a in answers] == ["name", "error", "action"]
    assert answers[2]["action"] in LEGAL


def test_end_of_input_also_exits_0() -> None:
    proc = subprocess.run([sys.executable, "-m", "truco_learn.cli", "bot", "random"],
                          input="", capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout == ""


def test_unknown_bot_name_is_one_message_and_exit_2() -> None:
    proc = subprocess.run([sys.executable, "-m", "truco_learn.cli", "bot", "nobody"],
                          input="", capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stdout == ""


def test_external_bot_round_trip_and_checks() -> None:
    cmd = f"{sys.executable} -m truco_learn.cli bot heuristic"
    with ExternalBot(cmd) as bot:
        assert bot.name == "heuristic"
        d = bot.decide(OBS)
        assert d.action in LEGAL and d.explanation["summary"]
        with pytest.raises(TrucoError, match="answered an error"):
            bot.decide({"variant": "nope"})
    with pytest.raises(TrucoError, match="cannot start"):
        ExternalBot("/no/such/program --x")


def test_mangled_observations_never_crash_the_bot() -> None:
    import random

    rng = random.Random(0)
    junk: list[object] = [None, 0, -1, 7, True, "x", "QC", [], [1, 2, 3], ["QC", "QC", "4H"],
                          {}, {"a": 1}, [[0, "play:QC"]], [[5, "raise"]], [[0, "cover"]],
                          [[0, "blind:0"]], 1.5, ["QC", "3S"], "paulista-4p"]
    bots = [make_bot(name, "easy", seed=1) for name in ("random", "heuristic", "coach")]
    for k in range(300):
        obs = dict(OBS)
        for _ in range(rng.randrange(1, 3)):
            obs[rng.choice(sorted(OBS) + ["extra"])] = rng.choice(junk)
        for b in bots:
            response, stop = handle(b, json.dumps({"cmd": "decide", "id": k, "observation": obs}))
            assert not stop and response is not None
            assert ("error" in response) != ("action" in response)


@pytest.mark.parametrize("bot", ["tight", "loose", "reraiser", "caller", "sampler"])
def test_every_yardstick_serves_the_protocol(bot: str) -> None:
    text = _lines({"cmd": "hello"}, {"cmd": "decide", "id": 3, "observation": OBS},
                  {"cmd": "quit"})
    proc = subprocess.run([sys.executable, "-m", "truco_learn.cli", "bot", bot, "--seed", "2"],
                          input=text, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert answers[0]["name"] == bot
    assert answers[1]["id"] == 3 and answers[1]["action"] in LEGAL


_START = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
_IRON = observation(new_hand("paulista-2p", dealer=1, vira="2H", score=(11, 11),
                             hands=[["KD", "3S", "4C"], ["AC", "7D", "3H"]]), 0)
_NOT_ANSWERABLE = {
    "not this seat's turn": (observation(_START, 1), "seat 0's turn, not seat 1's"),
    "hand null in an ordinary hand": ({**OBS, "hand": None}, '"hand"'),
    "hand absent": ({k: v for k, v in OBS.items() if k != "hand"}, '"hand"'),
    "own cards shown in an iron hand": ({**_IRON, "hand": ["KD", "3S", "4C"]}, "iron hand"),
    "a partner's hand at two seats": ({**OBS, "partner_hand": ["AS", "AD", "AC"]}, "partner_hand"),
    "a partner's hand outside a hand of eleven": (
        observation(new_hand("paulista-4p", dealer=3, vira="7D", hands=[
            ["QC", "3S", "4H"], ["2H", "5C", "KD"], ["AS", "AD", "AC"], ["6S", "7S", "KS"]]), 0)
        | {"partner_hand": ["AS", "AD", "AC"]}, "partner_hand"),
}


@pytest.mark.parametrize("case", sorted(_NOT_ANSWERABLE))
@pytest.mark.parametrize("bot", ["random", "heuristic", "coach"])
def test_a_decide_the_seat_cannot_answer_gets_an_error_not_an_invented_move(case: str,
                                                                             bot: str) -> None:
    """PROTOCOL.md: the bot answers "with one action legal in that state" for the observing seat,
    whose ``hand`` is its dealt cards (``null`` only in an iron hand) and whose ``partner_hand``
    is ``null`` unless it may see it (a hand of eleven at four seats). An observation of a seat
    that is not to act, without the seat's own cards, or with a partner's hand it may not see
    (at two seats taken for its own: the bot played a card it does not hold) used to be
    answered with a move; now it is an error line and the bot goes on."""
    obs, words = _NOT_ANSWERABLE[case]
    b = make_bot(bot, "easy", seed=1)
    response, stop = handle(b, json.dumps({"cmd": "decide", "id": 5, "observation": obs}))
    assert not stop and response is not None
    assert "action" not in response, response
    assert response["id"] == 5 and words in response["error"]
    answer, _ = handle(b, _lines({"cmd": "decide", "id": 9, "observation": _IRON}))
    assert answer is not None and answer["action"] == "blind:0"


@pytest.mark.parametrize("bot", BOT_NAMES)
def test_every_option_sent_carries_its_numbers(bot: str) -> None:
    """PROTOCOL.md: ``options`` are the actions the bot compared, ``ev`` the expected points
    and ``win`` the chance to win the hand: numbers an outside program may read as such (a
    rule bot compares nothing and sends none, not ``null`` numbers)."""
    b = make_bot(bot, "easy", seed=3)
    answering = observation(step(_START, "raise"), 1)  # seat 1 answers a truco
    for k, obs in enumerate((OBS, answering)):
        answer, _ = handle(b, json.dumps({"cmd": "decide", "id": k, "observation": obs}))
        assert answer is not None and "action" in answer, answer
        exp = answer["explanation"]
        assert isinstance(exp["options"], list) and isinstance(exp["samples"], int)
        for option in exp["options"]:
            assert {type(option["ev"]), type(option["win"])} <= {int, float}, option
        if bot == "coach":  # a bot that compares moves names them with their numbers
            assert len(exp["options"]) >= 2
