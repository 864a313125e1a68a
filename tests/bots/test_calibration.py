"""Calibration: the arena sets the coach's stated chances against the hands it won."""

from __future__ import annotations

import json
import random

from truco_learn.bots.arena import BotSpec, run_arena
from truco_learn.bots.calibration import KINDS, Calibration, decision_kind, ece_if_exact
from truco_learn.cli import main


def test_the_table_counts_every_stated_chance_once() -> None:
    c = Calibration()
    c.add("answer", 0.95, 1)
    c.add("answer", 0.91, 0)
    c.add("answer", 0.05, 0)
    s = c.summary()["answer"]
    assert s["decisions"] == 3
    assert s["rows"] == [[0.0, 1, 0.05, 0.0], [0.9, 2, 0.93, 0.5]]
    assert abs(s["ece"] - (0.05 + abs(1.86 - 1)) / 3) < 1e-4
    assert decision_kind({"facts": {"decision": {"kind": "only", "chosen": "accept"}}}) is None
    assert decision_kind({"facts": {"decision": {"kind": "onze", "chosen": "onze:play"}}}) == (
        "hand of eleven")


def test_the_ece_by_chance_alone_is_what_exact_chances_show() -> None:
    """Outcomes drawn at exactly the stated chances give, on average over many seeded samples,
    the ECE that ``chance_ece`` predicts; chances stated 0.15 too high give far more."""
    rng = random.Random(5)
    stated = [rng.uniform(0.05, 0.95) for _ in range(150)]
    exact, biased = [], []
    predicted = 0.0
    for _ in range(300):
        c, b = Calibration(), Calibration()
        for p in stated:
            won = float(rng.random() < p)
            c.add("answer", p, won)
            b.add("answer", min(1.0, p + 0.15), won)
        exact.append(c.ece("answer"))
        biased.append(b.ece("answer"))
        predicted = c.chance_ece("answer")
    mean = sum(exact) / len(exact)
    assert 0.04 < predicted < 0.12
    assert abs(mean - predicted) < 0.15 * predicted
    assert sum(biased) / len(biased) > mean + 0.05
    assert c.summary()["answer"]["chance_ece"] == round(predicted, 4)


def test_the_ece_if_exact_keeps_what_is_not_marked_and_redraws_what_is() -> None:
    """A match's first hands stated 0.3 too high, the rest exact by construction: marking the
    early decisions exact takes the ECE down to what chance alone gives, marking only the later
    ones leaves the early gap in, and a seed gives the same draws again."""
    rng = random.Random(3)
    rows = []
    for _ in range(300):
        hand, stated = rng.randint(1, 10), rng.choice((0.35, 0.55, 0.75))
        truth = stated - 0.3 if hand <= 2 else stated
        rows.append((hand, stated, float(rng.random() < truth)))
    seen = Calibration()
    for _, stated, won in rows:
        seen.add("answer", stated, won)
    late = ece_if_exact([(p, w, h >= 3) for h, p, w in rows], random.Random(1), draws=200)
    every = ece_if_exact([(p, w, True) for h, p, w in rows], random.Random(1), draws=200)
    assert late == sorted(late) and len(late) == 200
    assert sum(every) / 200 < sum(late) / 200 < seen.ece("answer") + 0.02
    assert sum(late) / 200 > sum(every) / 200 + 0.02  # the early gap stays in
    assert abs(sum(every) / 200 - seen.chance_ece("answer")) < 0.01
    assert ece_if_exact([(p, w, h >= 3) for h, p, w in rows], random.Random(1), 200) == late


def test_stated_chances_come_true_against_a_yardstick() -> None:
    """Seeded matches against the tight yardstick: over a few hundred decisions the mean
    stated chance is close to the share of hands won (a loose tolerance: a small run)."""
    r = run_arena(BotSpec("coach", "easy"), BotSpec("tight"), "paulista-2p", deals=4, seed=11)
    cal = r.calibration
    assert set(cal.bins) <= set(KINDS)
    n = stated = won = 0.0
    for kind in ("card play", "own raise", "answer"):
        for count, s, w in cal.bins.get(kind, ()):
            n, stated, won = n + count, stated + s, won + w
    assert n >= 150
    assert abs(stated - won) / n < 0.12, (stated / n, won / n)
    assert cal.ece("card play") < 0.2
    assert 0 <= r.weak_first[1] <= r.weak_first[0]


def test_the_arena_command_prints_calibration(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["arena", "--level", "easy", "--opponent", "caller", "--matches", "1",
                 "--seed", "4", "--calibration"]) == 0
    out = capsys.readouterr().out
    assert "calibration (stated chance to win the hand against the share won):" in out
    assert "card play:" in out and "ECE" in out
    assert main(["arena", "--level", "easy", "--opponent", "sampler", "--matches", "1",
                 "--seed", "4", "--calibration", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["opponent"] == "sampler" and "card play" in summary["calibration"]
    assert summary["calibration"]["card play"]["decisions"] > 0
    assert main(["arena", "--level", "easy", "--opponent", "caller", "--matches", "1",
                 "--seed", "4", "--json"]) == 0
    assert "calibration" not in json.loads(capsys.readouterr().out)


class _FaltaCaller:
    """Calls falta envido whenever it may, else takes the first legal action."""

    def decide(self, observation):  # type: ignore[no-untyped-def]
        from truco_learn.bots.base import Decision
        from truco_learn.engine import legal_actions
        from truco_learn.engine.observer import determinize, parse_observation

        legal = legal_actions(determinize(parse_observation(observation), random.Random(0)))
        return Decision("falta_envido" if "falta_envido" in legal else legal[0], {})


def test_the_arena_counts_falta_envidos_on_a_weak_envido() -> None:
    from truco_learn.bots.arena import ArenaResult, WEAK_ENVIDO, arena_report, play_match
    from truco_learn.bots.heuristic import HeuristicBot

    r = ArenaResult("argentino-2p", "falta", "heuristic")
    for deal in range(3):
        play_match("argentino-2p", [_FaltaCaller(), HeuristicBot(seed=deal)], deal, 0, r)
    turns, calls = r.weak_falta
    assert turns > 0 and calls == turns  # every such turn of the caller, each counted once
    h = ArenaResult("argentino-2p", "heuristic", "heuristic")
    for deal in range(3):
        play_match("argentino-2p", [HeuristicBot(seed=deal), HeuristicBot(seed=9)], deal, 0, h)
    assert h.weak_falta[0] > 0 and h.weak_falta[1] == 0  # the rule of thumb: falta from 33
    assert f"falta envidos of falta holding under {WEAK_ENVIDO}" in arena_report(r.summary())
