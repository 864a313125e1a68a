"""The coach's diagnostic commands under ``benchmarks/`` still run on the code as it is.

They reach into the coach's insides (its playouts, its readings, its learnt models), so a move
of code can break one without any other test noticing: ``playout_outcomes.py`` did, when the
playouts moved out of ``bots/coach.py``. Each runs here on the smallest input that exercises
it, and its output is checked for the figures it exists to print."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from truco_learn.bots.calibration import Calibration

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_playout_outcomes_sets_live_hands_against_the_playouts() -> None:
    for extra in ((), ("--variant", "paulista-4p")):
        out = _run("playout_outcomes.py", "--opponent", "heuristic", "--matches", "1",
                   "--seed", "3", *extra)
        counted = re.match(r"(\d+) card plays at the first stake", out)
        assert counted is not None and int(counted.group(1)) > 0, out
        won = [float(x) for x in re.findall(r"^(?:live|playouts): won ([\d.]+)%", out, re.M)]
        assert len(won) == 2 and all(0.0 <= w <= 100.0 for w in won), out


def test_answer_oracle_gives_the_oracle_chance_of_the_answers() -> None:
    out = _run("answer_oracle.py", "--opponent", "loose", "--matches", "1", "--seed", "3",
               "--playouts", "4", "--draws", "4")
    line = next(x for x in out.splitlines() if x.startswith("all: "))
    found = re.search(r"stated ([\d.]+), oracle ([\d.]+), won ([\d.]+)", line)
    assert found is not None and all(0.0 <= float(v) <= 1.0 for v in found.groups()), line


def test_calibration_log_records_and_reads_back_a_run(tmp_path: Path) -> None:
    log = tmp_path / "loose.jsonl"
    _run("calibration_log.py", "record", "--opponent", "loose", "--matches", "1", "--seed",
         "3", "--out", str(log))
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    summary = json.loads(log.with_suffix(".summary.json").read_text())
    assert rows and summary["matches"] == 2 and 0 <= summary["wins"] <= 2
    assert {"card play"} <= {r["kind"] for r in rows}
    assert {r["seat"] for r in rows} == {0, 1}  # the coach sits at each seat in one match
    split = _run("calibration_log.py", "split", str(log), "--kind", "card play")
    assert re.search(rf"card play, all: {sum(r['kind'] == 'card play' for r in rows)} "
                     r"decisions, ECE [\d.]+", split), split
    low = _run("calibration_log.py", "split", str(log), "--kind", "card play", "--below", "0.5")
    assert re.search(rf"card play, all: "
                     rf"{sum(r['kind'] == 'card play' and r['shown'] < 0.5 for r in rows)} "
                     r"decisions", low), low
    raises = [r for r in rows if r["kind"] == "own raise" and "they_fold" in r]
    assert raises  # own raises give the folds expected and made, and are parted by the first
    # a fold, read from the hand's log, gives the raiser the hand; loose accepts some raises
    assert all(r["won"] == 1.0 for r in raises if r["folded"])
    assert any(not r["folded"] for r in raises) and any(r["folded"] for r in raises)
    own = _run("calibration_log.py", "split", str(log), "--kind", "own raise")
    did = sum(float(r["folded"]) for r in raises) / len(raises)
    assert f"they fold: expected {sum(r['they_fold'] for r in raises) / len(raises):.3f}, " \
           f"did {did:.3f}, ECE " in own.splitlines()[0], own
    folds = Calibration()
    for r in raises:
        folds.add("fold", r["they_fold"], float(r["folded"]))
    assert f"ECE {folds.ece('fold'):.3f} (by chance alone {folds.chance_ece('fold'):.3f})" \
           in own.splitlines()[0], own
    played = [r for r in raises if not r["folded"]]   # when played: won or lost with the hand
    for r in played:
        folds.add("played", r["played_win"], r["won"])
    assert f"when played ({len(played)}), ECE {folds.ece('played'):.3f} (by chance alone " \
           f"{folds.chance_ece('played'):.3f})" in own.splitlines()[0], own
    parted = re.findall(r"folds expected [\d.]+-[\d.]+: (\d+) decisions", own)
    assert sum(map(int, parted)) == len(raises), own
    plain = _run("calibration_log.py", "replay", str(log))
    assert "card play" in plain
    moved = _run("calibration_log.py", "replay", str(log), "--center", "card play=3")
    ece = re.compile(r"^card play: \d+ decisions, ECE ([\d.]+)", re.M)
    assert ece.search(plain) and ece.search(moved), (plain, moved)
    assert ece.search(plain).group(1) != ece.search(moved).group(1)  # type: ignore[union-attr]
    bad = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "calibration_log.py"),
                          "replay", str(log), "--center", "cards=1"], capture_output=True,
                         text=True, timeout=60, cwd=ROOT)
    assert bad.returncode != 0 and "--center wants KIND=SHIFT" in bad.stderr, bad.stderr
    assert "Traceback" not in bad.stderr
    assert "card play" in _run("calibration_log.py", "fit", str(log))
    exact = _run("calibration_log.py", "exact", str(log), "--kind", "card play",
                 "--from-hand", "1", "--draws", "5", "--seed", "1")
    assert re.search(r"\d\.\d{3}", exact), exact
    tables = _run("calibration_tables.py", "--kind", "card play",
                  f"one run={log.with_suffix('.summary.json')}")
    cal = summary["calibration"]["card play"]
    assert tables.splitlines()[0] == "| stated | one run |", tables
    assert f"| ECE (by chance alone) | **{cal['ece']:.3f}** ({cal['chance_ece']:.3f}) |" in tables
    assert sum(int(m.replace(",", "")) for m in re.findall(r"\(([\d,]+)\) \|", tables)
               ) == cal["decisions"], tables


def test_raise_folds_sets_the_imagined_moments_against_the_true_ones() -> None:
    out = _run("raise_folds.py", "--opponent", "tight", "--matches", "2", "--draws", "3",
               "--below", "1.0")
    raises = re.match(r"tight: (\d+) raises of the coach stated below 1.0", out)
    assert raises is not None and int(raises.group(1)) > 0, out
    for which in ("true", "imagined"):
        found = re.search(rf"grades of their moment, {which}: +\[([\d., ]+)\]", out)
        assert found is not None, out
        shares = [float(x) for x in found.group(1).split(",")]
        assert len(shares) == 5 and abs(sum(shares) - 1.0) < 0.01, out
    assert re.search(r"folds: expected [\d.]+, the reading on the true grades [\d.]+, made "
                     r"[\d.]+", out), out


def test_coach_identity_finds_the_same_decisions_again(tmp_path: Path) -> None:
    digests = tmp_path / "before.json"
    _run("coach_identity.py", "--matches", "1", "--variants", "paulista-2p", "--level", "easy",
         "--out", str(digests))
    again = _run("coach_identity.py", "--matches", "1", "--variants", "paulista-2p", "--level",
                 "easy", "--against", str(digests))
    assert "identical" in again, again


def test_raising_by_moment_and_reading_speed_print_their_tables() -> None:
    out = _run("raising_by_moment.py", "--player", "tight", "--matches", "2", "--seed", "5")
    rows = re.findall(r"^tight moment [\d.]+-[\d.]+: turns +(\d+) raised", out, re.M)
    assert len(rows) == 20 and sum(map(int, rows)) > 0, out
    out = _run("reading_speed.py", "--matches", "3", "--against", "heuristic", "--trials", "3")
    assert out.startswith("tight: ") and re.search(r"^after 10 turns: imagined mean grade "
                                                   r"[\d.]+ \(true [\d.]+\)", out, re.M), out


def test_calibration_log_replays_each_seat_with_its_own_self_check() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from calibration_log import replay
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    # seat 0 states 0.5 and loses five hands; then seat 2 states 0.5 for the first time
    rows = [{"match": (0, 1), "hand": h, "seat": 0, "kind": "card play", "shown": 0.5,
             "raw": 0.5, "won": 0.0} for h in range(1, 6)]
    rows.append({"match": (0, 1), "hand": 6, "seat": 2, "kind": "card play", "shown": 0.5,
                 "raw": 0.5, "won": 0.0})
    rows.append({"match": (0, 1), "hand": 7, "seat": 0, "kind": "card play", "shown": 0.5,
                 "raw": 0.5, "won": 0.0})
    own = replay(rows)              # seat 2 starts from nothing: its 0.5 stays
    shared = replay([{k: v for k, v in r.items() if k != "seat"} for r in rows])
    # the tenth of 0.5: seat 0's first decision, and with a check of its own seat 2's too
    assert own.bins["card play"][5][0] == 2 and shared.bins["card play"][5][0] == 1
    assert own.count("card play") == shared.count("card play") == 7


def test_calibration_log_replays_an_envido_preset_without_the_four_seat_centres(
        tmp_path: Path) -> None:
    """``replay --extended``: the self-check of the Argentine presets, the seats' prior weight
    and no centre (a four-seat log of answers stated 0.6, won two thirds of the time)."""
    log = tmp_path / "answers.jsonl"
    log.write_text("".join(json.dumps(
        {"match": 1, "hand": h, "kind": "answer", "shown": 0.6, "raw": 0.6,
         "won": float(h % 3 != 0), "seat": 0}) + "\n" for h in range(1, 31)))
    centred = _run("calibration_log.py", "replay", str(log), "--seats", "4")
    plain = _run("calibration_log.py", "replay", str(log), "--seats", "4", "--center",
                 "answer=0")
    assert centred != plain
    assert _run("calibration_log.py", "replay", str(log), "--seats", "4", "--extended") == plain


def test_review_folds_sets_a_reviews_numbers_against_what_came() -> None:
    out = _run("review_folds.py", "--learner", "loose", "--matches", "2", "--seed", "3",
               "--level", "easy", "--replay")
    found = {m.group(1): (int(m.group(2)), float(m.group(3)), float(m.group(4)))
             for m in re.finditer(r"^(fold|played|win): (\d+) [a-z ]+, ECE ([\d.]+) \(by "
                                  r"chance alone ([\d.]+)\)", out, re.M)}
    assert set(found) == {"fold", "played", "win"}, out
    assert found["fold"][0] > 0 and found["win"][0] == found["fold"][0] >= found["played"][0]
    assert all(0.0 <= v <= 1.0 for n, *vs in found.values() for v in vs), out
    rows = [int(n) for n in re.findall(r"^  \d\.\d-\d\.\d: +(\d+), stated", out, re.M)]
    assert sum(rows) == sum(n for n, _, _ in found.values()), out  # each in one tenth
    # the raises' expected points, with the coach asked and without, each raise in one group
    points = {m.group(1): int(m.group(2)) for m in re.finditer(
        r"^(ev|ev_thumb): (\d+) raises answered, mean gap [\d.]+ points", out, re.M)}
    assert points == {"ev": found["fold"][0], "ev_thumb": found["fold"][0]}, out
    groups = [int(n) for n in re.findall(r"^  [+-]\d: +(\d+), stated [+-][\d.]+, came", out,
                                         re.M)]
    assert sum(groups) == 2 * found["fold"][0], out
    moved = re.search(r"^grades that differ from the rule of thumb's: (\d+) of (\d+)$", out,
                      re.M)
    assert moved is not None and int(moved.group(2)) == found["fold"][0], out
    # the better moves replayed: each raise counted once, graded good or worse
    for loss in ("loss", "loss_thumb"):
        part = out.split(f"{loss}: the better move named, replayed\n", 1)[1].splitlines()[:3]
        counts = [int(re.match(r"  [a-z ]+: (\d+), loss stated [\d.]+, came [+-][\d.]+ \(the "
                               r"raise stated [+-][\d.]+, came [+-][\d.]+; the better move "
                               r"stated [+-][\d.]+, replayed [+-][\d.]+\)$",
                               line).group(1)) for line in part]  # type: ignore[union-attr]
        assert counts[0] == found["fold"][0] == counts[1] + counts[2], out


def test_review_folds_points_report_sets_stated_points_against_what_came() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from review_folds import points_report
    rows = [{"ev": 1.2, "points": 3.0}, {"ev": 0.8, "points": -1.0}, {"ev": -2.6, "points": -3.0}]
    text = points_report(rows, "ev").splitlines()
    # groups +1 (stated 1.0, came 1.0) and -3 (stated -2.6, came -3.0): a gap of 0.4 / 3
    assert text[0].startswith("ev: 3 raises answered, mean gap 0.133 points"), text
    assert text[0].endswith("stated - came +0.133"), text
    assert text[1:] == ["  -3:    1, stated -2.60, came -3.00",
                        "  +1:    2, stated +1.00, came +1.00"], text


def test_review_folds_sets_the_rule_of_thumb_with_the_true_cards_beside_them() -> None:
    out = _run("review_folds.py", "--learner", "loose", "--matches", "2", "--seed", "3",
               "--level", "easy", "--true-cards")
    raises = re.search(r"^fold: (\d+) raises answered", out, re.M)
    thumb = re.search(r"^the rule of thumb with their true cards: (\d+) raises answered, ECE "
                      r"([\d.]+) against their answers, the same answer on ([\d.]+) of them",
                      out, re.M)
    assert raises is not None and thumb is not None, out
    assert thumb.group(1) == raises.group(1) and 0 <= float(thumb.group(3)) <= 1, out


def test_review_folds_named_report_counts_the_raises_named_and_what_raising_saved() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from review_folds import named_report
    rows = [{"best": "raise", "best_thumb": "raise", "loss": 0.7, "loss_thumb": 0.6,
             "label": "good", "label_thumb": "mistake", "raised": -3.0, "ev": -0.5,
             "ev_best": 0.2, "points": 1.0},
            {"best": "play:4H", "best_thumb": "raise", "loss": 0.0, "loss_thumb": 1.2,
             "label": "good", "label_thumb": "blunder", "raised": 2.0, "ev": 0.1,
             "ev_best": 0.1, "points": -1.0}]
    assert named_report(rows, "best_thumb", "loss_thumb", "label_thumb") == (
        "best_thumb: a raise named the better move at 2 other moves (2 graded worse than "
        "good), loss stated 0.900, saved by raising -0.500")
    # with the coach asked, the move and the raise apart, by grade
    assert named_report(rows, "best", "loss", "label").splitlines() == [
        "best: a raise named the better move at 1 other moves (0 graded worse than good), "
        "loss stated 0.700, saved by raising -3.000",
        "  graded worse than good: 0, loss stated 0.000, saved by raising +0.000 (the move "
        "stated +0.000, came +0.000; the raise stated +0.000, replayed +0.000)",
        "  graded good: 1, loss stated 0.700, saved by raising -3.000 (the move stated -0.500, "
        "came +1.000; the raise stated +0.200, replayed -2.000)"]


def test_review_folds_loss_report_sets_the_raise_and_the_better_move_apart() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from review_folds import loss_report
    rows = [{"best": "play:4H", "loss": 1.5, "label": "blunder", "ev": 0.5, "points": 1.0,
             "saved": {"play:4H": 0.0}, "folded": 1.0},
            {"best": "raise", "loss": 0.0, "label": "good", "ev": 1.0, "points": 3.0,
             "saved": {}, "folded": 0.0}]
    assert loss_report(rows, "best", "loss", "label").splitlines() == [
        "loss: the better move named, replayed",
        "  every raise: 2, loss stated 0.750, came +0.000 (the raise stated +0.750, came "
        "+2.000; the better move stated +1.500, replayed +2.000)",
        "  graded worse than good: 1, loss stated 1.500, came +0.000 (the raise stated "
        "+0.500, came +1.000; the better move stated +2.000, replayed +1.000)",
        "  graded good: 1, loss stated 0.000, came +0.000 (the raise stated +1.000, came "
        "+3.000; the better move stated +1.000, replayed +3.000)",
        "  they folded at once: 1, loss stated 1.500, came +0.000 (the raise stated +0.500, "
        "came +1.000; the better move stated +2.000, replayed +1.000)",
        "  they played it: 1, loss stated 0.000, came +0.000 (the raise stated +1.000, came "
        "+3.000; the better move stated +1.000, replayed +3.000)"]


def test_coach_raising_counts_where_the_coach_calls_and_prices_a_quiet_card() -> None:
    out = _run("coach_raising.py", "--level", "easy", "--matches", "2", "--seed", "5",
               "--against", "heuristic", "tight", "--playouts", "3")
    total = re.search(r"^all: (\d+) turns holding a manilha, the coach called on ([\d.]+), "
                      r"the rule of thumb would on ([\d.]+)", out, re.M)
    assert total is not None and int(total.group(1)) > 0, out
    rows = re.findall(r"^\((\d), (\d), (\d), (\d)\) heuristic +(\d+) [\d.]+ / [\d.]+ \| "
                      r"tight +(\d+) ", out, re.M)
    assert sum(int(r[4]) + int(r[5]) for r in rows) == int(total.group(1)), out
    assert re.search(r"^quiet card, playouts: 3 deals, mean [-+][\d.]+, less played on "
                     r"[-+][\d.]+ \(standard error [\d.]+\)$", out, re.M), out
    assert re.search(r"^quiet card, played on: 3 deals, mean [-+][\d.]+$", out, re.M), out


def test_coach_raising_table_player_calls_on_the_share_given() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import random

    from coach_raising import table_player, turn_key

    from truco_learn.engine import new_hand
    from truco_learn.engine.actions import ACTION_STR
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                             ["2H", "5C", "KD"]])
    key = turn_key(s, 0)
    never, always = table_player("easy", {key: 0.0}), table_player("easy", {key: 1.0})
    assert {ACTION_STR[never(s, random.Random(k))] for k in range(20)} == {"play:QC"}
    assert {ACTION_STR[always(s, random.Random(k))] for k in range(20)} == {"raise"}
    half = sum(table_player("easy", {key: 0.5})(s, random.Random(k)) == always(s, random.Random(k))
               for k in range(200))
    assert 70 < half < 130


def test_review_folds_replays_the_learners_later_turns_with_fresh_draws() -> None:
    """A bot bluffs when its next draw is low. Replaying one of its bluffs by another move,
    its copy must not take that same draw to its next turn (it would bluff there for sure)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import random

    from review_folds import replay_bots

    class Bluffer:
        def __init__(self, seed: int) -> None:
            self.rng = random.Random(seed)

    again = bluffed = 0
    for seed in range(400):
        bot = Bluffer(seed)
        if random.Random(seed).random() >= 0.5:  # its next draw would not bluff
            continue
        bluffed += 1
        copies = replay_bots([bot, Bluffer(-1)], 0, "play:4H")
        again += copies[0].rng.random() < 0.5
        assert bot.rng.random() < 0.5  # the bot itself is left as it stood
    assert bluffed > 150 and 0.35 < again / bluffed < 0.65, (again, bluffed)
