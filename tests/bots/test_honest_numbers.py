"""The numbers the coach shows are honest: re-estimated with many more samples (another RNG),
every option's ev and win agree with the shown values within their stated error."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from truco_learn.bots import make_bot
from truco_learn.bots.coach import ANSWER_DEALS, LEVELS, estimate, plays_as_learnt, seat_samples
from truco_learn.bots.early_stop import CHECK_AT
from truco_learn.bots.playout import OwnRaises
from truco_learn.engine import make_options, new_hand, observation, parse_action, step


def _obs(variant: str, hands: list[list[str]], actions: list[str], seat: int,
         score: tuple[int, int] = (0, 0), vira: str = "7D") -> dict[str, Any]:
    s = new_hand(variant, dealer=len(hands) - 1, vira=vira, hands=hands, score=score)
    for a in actions:
        s = step(s, a)
    assert s.to_act == seat
    return observation(s, seat)


CASES = {
    "lead": _obs("paulista-2p", [["QC", "3S", "4H"], ["2H", "5C", "KD"]], [], 0),
    "answer truco": _obs("paulista-2p", [["KC", "2S", "5H"], ["AH", "3C", "6D"]],
                         ["play:5H", "play:6D", "raise"], 0),
    "follow 4p": _obs("paulista-4p", [["3S", "4H", "5C"], ["2H", "KS", "6C"],
                                      ["6S", "AH", "JC"], ["QS", "5D", "7C"]],
                      ["play:3S", "play:2H"], 2),
    "hand of eleven": _obs("paulista-2p", [["JC", "2D", "6H"], ["KH", "AS", "3C"]], [], 0,
                           score=(11, 7)),
}


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("name", list(CASES))
def test_shown_ev_agrees_with_a_big_re_estimate(name: str, level: str) -> None:
    """At every level, habits included: the numbers shown are the coach's, whatever it played."""
    obs = CASES[name]
    coach = make_bot("coach", level, seed=11)
    shown = coach.decide(obs).explanation
    _, model = coach.learnt[obs["seat"] % 2]  # the same model of the other team
    # and the same own side: its first decision, so nothing learnt yet of its own raises
    big = estimate(obs, 2500, random.Random(f"re-estimate {name}"), trust=model.informative,
                   model=model, own=OwnRaises())
    opts = make_options(obs["variant"])
    full = seat_samples(LEVELS[level], opts.seats, opts.extended and plays_as_learnt(opts))
    if name.startswith("answer"):  # an answer plays out twice the deals, every one
        assert shown["samples"] == ANSWER_DEALS * full
    else:  # all, or stopped half-way
        assert shown["samples"] in (full, max(2, int(full * CHECK_AT)))
    for opt in shown["options"]:
        i = big.actions.index(parse_action(opt["action"])[1])
        tolerance = 3.5 * math.hypot(opt["se"], big.se[i]) + 1e-9
        assert abs(opt["ev"] - big.ev[i]) <= tolerance, (opt, big.ev[i], big.se[i])
        # both estimates carry sampling error, as for ev: the shown one and the re-estimate
        var = max(opt["win"] * (1 - opt["win"]), 0.01)
        win_se = math.hypot(math.sqrt(var / shown["samples"]), math.sqrt(var / 2500))
        assert abs(opt["win"] - big.win[i]) <= 3.5 * win_se, (opt, big.win[i])
