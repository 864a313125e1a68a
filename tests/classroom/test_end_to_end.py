"""The whole loop: assign (CLI), a simulated student answers through the quiz API (some right,
some wrong, a retry), downloads the results file, the teacher grades (CLI): exact scores, and
every kind of tampered or broken file is flagged while the rest are still graded."""

from __future__ import annotations

import copy
import csv
import json
from pathlib import Path
from typing import Any

import pytest

from truco_learn.classroom import Assignment, AssignmentSession, ProgressStore, grade_paths
from truco_learn.classroom.results import checksum
from truco_learn.cli import main
from truco_learn.quiz import RULE_TEXT, QuizItem


def wrong(item: QuizItem) -> str:
    return next(c for c in item.choices if c != item.answer)


def assign(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["assign", "--title", "Ties week", "--lessons", "2,3", "--questions", "6",
                 "--pass", "60", "--seed", "4242", "--repo", "https://github.com/me/truco",
                 *extra]) == 0
    out = capsys.readouterr().out
    code = out.split("Assignment code: ")[1].split()[0]
    assert f"assignment.ipynb?code={code}" in out and "mybinder.org/v2/gh/me/truco" in out
    return code


def student(code: str, store: ProgressStore, name: str, right: set[int],
            folder: Path) -> Path:
    """Answer question k right if k in ``right`` (counting over the whole assignment), else
    wrong then right (a retry); download the results file into ``folder``."""
    s = AssignmentSession(code, store)
    s.set_name(name)
    k = 0
    for lesson, quiz in s.quizzes:
        for pos, item in enumerate(quiz):
            if k in right:
                assert s.answer(lesson, pos, item.answer).correct
            else:
                assert not s.answer(lesson, pos, wrong(item)).correct
                assert s.answer(lesson, pos, item.answer).correct  # the retry
            k += 1
    fname, data = s.results_file()
    path = folder / fname
    path.write_bytes(data)
    return path


def rewrite(path: Path, doc: dict[str, Any], fix_checksum: bool = True) -> None:
    if fix_checksum:
        doc["checksum"] = checksum(doc)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def test_assign_answer_export_grade(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = assign(capsys)
    store = ProgressStore(tmp_path / "progress.sqlite3")
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    ana = student(code, store, "Ana Souza", {0, 1, 2, 3, 4, 5}, inbox)      # 6/6 = 100%
    bruno = student(code, store, "Bruno", {0, 2, 4}, inbox)                 # 3/6 = 50%
    carla = student(code, store, "Carla Mão", {1, 2, 3, 5}, inbox)          # 4/6 = 66%
    assert ana.name == "results-ana-souza.json"

    out_csv = tmp_path / "grades.csv"
    status = main(["grade", str(inbox), "--assignment", code, "--csv", str(out_csv)])
    out = capsys.readouterr().out
    assert status == 0, out
    rows = {r["student"]: r for r in csv.DictReader(out_csv.open(encoding="utf-8"))}
    assert {n: (r["percent"], r["right"], r["total"], r["passed"], r["status"])
            for n, r in rows.items()} == {
        "Ana Souza": ("100", "6", "6", "yes", "ok"),
        "Bruno": ("50", "3", "6", "no", "ok"),
        "Carla Mão": ("66", "4", "6", "yes", "ok"),
    }
    a = Assignment.from_code(code)
    rules = [item.rule for _, quiz in a.quizzes() for item in quiz]
    assert sorted(rows["Bruno"]["missed_rules"].split()) == sorted(rules[k] for k in (1, 3, 5))
    assert "Bruno" in out and "50%" in out and "class: 3 graded, mean 72%, 2 passed" in out
    # the class's most missed rules: each on a line of its own, its id and what it says
    missed = out.split("rules most missed:\n")[1].splitlines()
    assert missed and all(line.startswith("  ") for line in missed)
    for line in missed:
        rule = line.split()[0]
        assert rule in rules and line.endswith(f": {RULE_TEXT[rule]}"), line

    # the teacher gets edited copies: each is flagged, the honest files are still graded
    doc = json.loads(bruno.read_text(encoding="utf-8"))
    naive = copy.deepcopy(doc)                 # claims right without fixing the checksum
    naive["items"][1]["answers"][0]["correct"] = True
    naive["claimed"].update(right=4, percent=66, passed=True)
    rewrite(inbox / "bruno-naive.json", naive, fix_checksum=False)
    clever = copy.deepcopy(naive)              # ... and with the checksum recomputed
    clever["student"] = "Bruno B"
    rewrite(inbox / "bruno-clever.json", clever)
    swapped = copy.deepcopy(doc)               # an easier item swapped in (another seed)
    swapped["student"] = "Bruno C"
    swapped["items"][0]["seed"] += 1
    rewrite(inbox / "bruno-swapped.json", swapped)
    dropped = copy.deepcopy(doc)               # a missed question removed
    dropped["student"] = "Bruno D"
    del dropped["items"][1]
    rewrite(inbox / "bruno-dropped.json", dropped)
    (inbox / "ana-again.json").write_bytes(ana.read_bytes())           # a duplicate
    other = student(Assignment("Other", (2, 3), 6, 60, seed=1).code(), store, "Dani",
                    {0}, tmp_path)
    (inbox / "dani.json").write_bytes(other.read_bytes())              # another assignment
    (inbox / "cut.json").write_bytes(carla.read_bytes()[:200])         # truncated
    (inbox / "latin1.json").write_bytes(carla.read_text(encoding="utf-8").replace(
        "Carla Mão", "Carla Mão 2").encode("cp1252", "replace"))      # re-saved as cp1252
    (inbox / "notes.json").write_text("[1, 2, 3]", encoding="utf-8")   # not a results file

    status = main(["grade", str(inbox), "--assignment", code, "--csv", str(out_csv)])
    out = capsys.readouterr().out
    assert status == 1
    rows_all = list(csv.DictReader(out_csv.open(encoding="utf-8")))
    by_file = {Path(r["file"]).name: r for r in rows_all}
    assert by_file["bruno-naive.json"]["status"] == "duplicate"  # same name as bruno's file
    assert "checksum" in by_file["bruno-naive.json"]["problems"]
    assert by_file["bruno-clever.json"]["status"] == "altered"
    assert "regrade says wrong" in by_file["bruno-clever.json"]["problems"]
    assert by_file["bruno-clever.json"]["percent"] == "50"  # the regraded score, not the claim
    assert by_file["bruno-swapped.json"]["status"] == "altered"
    assert "swapped" in by_file["bruno-swapped.json"]["problems"]
    assert by_file["bruno-dropped.json"]["status"] == "altered"
    assert "missing" in by_file["bruno-dropped.json"]["problems"]
    # of two identical files, one counts and the other is the duplicate
    assert {by_file["ana-again.json"]["status"], by_file[ana.name]["status"]} == {
        "ok", "duplicate"}
    assert by_file["dani.json"]["status"] == "other assignment"
    assert by_file["cut.json"]["status"] == "unreadable"
    assert "cut short" in by_file["cut.json"]["problems"]
    assert by_file["latin1.json"]["status"] == "unreadable"
    assert "UTF-8" in by_file["latin1.json"]["problems"]
    assert by_file["notes.json"]["status"] == "unreadable"
    for honest in (bruno, carla):
        assert by_file[honest.name]["status"] == "ok"
    assert "class: 3 graded, mean 72%, 2 passed" in out
    assert sum(1 for line in out.splitlines() if "unreadable" in line) == 3


def test_grade_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = assign(capsys)
    assert main(["grade", str(tmp_path), "--assignment", code]) == 2
    assert "no results files found" in capsys.readouterr().err
    assert main(["grade", str(tmp_path), "--assignment", code[:-3]]) == 2
    err = capsys.readouterr().err
    assert "damaged" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    (tmp_path / "x.json").write_text("{}", encoding="utf-8")
    assert main(["grade", str(tmp_path / "x.json"), "--assignment", code, "--csv",
                 str(tmp_path / "no" / "dir" / "out.csv")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_grading_matches_the_store_and_resumes(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code = assign(capsys)
    store = ProgressStore(tmp_path / "p.sqlite3")
    first = AssignmentSession(code, store, "Eva")
    (lesson, quiz), = first.quizzes[:1]
    first.answer(lesson, 0, wrong(quiz[0]))
    second = AssignmentSession(code, store, "Eva")  # another tab, or the next day
    assert second.first_answers(lesson) == {0: wrong(quiz[0])}
    assert second.progress()[0].answered == 1 and second.progress()[0].right == 0
    second.answer(lesson, 1, quiz[1].answer)  # answered in the second tab ...
    assert [e["answers"] for e in first.results()["items"]][1][0]["choice"] == quiz[1].answer
    doc = second.results()                    # ... is in the first tab's download too
    g = grade_paths(Assignment.from_code(code), [])
    assert g.students == []
    assert doc["claimed"] == {"right": 1, "total": 6, "percent": 16, "passed": False}


def test_a_perfect_forgery_is_caught_by_the_progress_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A student who rewrites wrong choices into right ones and fixes the claims and the
    checksum passes the regrade (the file is self-consistent); the app's own database,
    when the class used a shared server, still catches it."""
    code = assign(capsys)
    store = ProgressStore(tmp_path / "p.sqlite3")
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    path = student(code, store, "Fábio", {0, 1, 2}, inbox)  # 3/6
    doc = json.loads(path.read_text(encoding="utf-8"))
    a = Assignment.from_code(code)
    items = [item for _, quiz in a.quizzes() for item in quiz]
    for entry, item in zip(doc["items"], items):
        entry["answers"] = [{"choice": item.answer, "correct": True,
                             "at": entry["answers"][0]["at"]}]
    doc["claimed"].update(right=6, percent=100, passed=True)
    rewrite(path, doc)
    assert main(["grade", str(inbox), "--assignment", code]) == 0  # self-consistent
    assert "100%" in capsys.readouterr().out
    assert main(["grade", str(inbox), "--assignment", code, "--db", str(store.path)]) == 1
    out = capsys.readouterr().out
    assert "ALTERED" in out and "differs from the progress database" in out
    assert main(["grade", str(inbox), "--assignment", code, "--db",
                 str(tmp_path / "nope.sqlite3")]) == 2
    assert "is not a file" in capsys.readouterr().err


def test_a_changed_quiz_is_not_called_tampering(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from truco_learn.quiz import registry

    code = assign(capsys)
    store = ProgressStore(tmp_path / "p.sqlite3")
    path = student(code, store, "Gil", {0, 1, 2, 3, 4, 5}, tmp_path)
    real = registry._MAKERS["manilhas"]
    monkeypatch.setitem(registry._MAKERS, "manilhas", lambda seed, variant, rng: dataclasses.replace(
        real(seed, variant, rng), prompt="A reworded question?"))
    assert main(["grade", str(path), "--assignment", code]) == 1
    out = capsys.readouterr().out
    assert "QUIZ CHANGED" in out and "grade with that version" in out and "ALTERED" not in out


def test_grade_straight_from_the_progress_database(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code = assign(capsys)
    store = ProgressStore(tmp_path / "p.sqlite3")
    student(code, store, "Hana", {0, 1, 2, 3}, tmp_path)   # 4/6 = 66%
    student(code, store, "Ivo", {5}, tmp_path)             # 1/6 = 16%
    assert main(["grade", "--assignment", code, "--db", str(store.path)]) == 0
    out = capsys.readouterr().out
    assert "Hana" in out and " 66%  4/6  pass" in out and " 16%  1/6  FAIL" in out
    assert main(["grade", "--assignment", code]) == 2
    assert "give results files" in capsys.readouterr().err
    empty = ProgressStore(tmp_path / "empty.sqlite3")
    assert main(["grade", "--assignment", code, "--db", str(empty.path)]) == 2
    assert "nobody has started" in capsys.readouterr().err


def test_files_signed_by_the_class_server(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """On a Voilà server the teacher hosts, the kernel signs each download with a secret the
    students never see; ``grade --signed`` then refuses a forged file, even one that is
    self-consistent, and an unsigned one."""
    code = assign(capsys)
    store = ProgressStore(tmp_path / "p.sqlite3")
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    monkeypatch.setenv("TRUCO_LEARN_SECRET", "the class server's secret")
    honest = student(code, store, "Júlia", {0, 2, 4}, inbox)
    forged = json.loads(honest.read_text(encoding="utf-8"))
    assert len(forged["signature"]) == 64
    a = Assignment.from_code(code)
    items = [item for _, quiz in a.quizzes() for item in quiz]
    forged["student"] = "Júlia 2"
    for entry, item in zip(forged["items"], items):
        entry["answers"] = [{"choice": item.answer, "correct": True,
                             "at": entry["answers"][0]["at"]}]
    forged["claimed"].update(right=6, percent=100, passed=True)
    rewrite(inbox / "forged.json", forged)  # checksum fixed, signature cannot be
    monkeypatch.delenv("TRUCO_LEARN_SECRET")
    unsigned = student(code, store, "Kai", {0}, tmp_path)  # made without the secret
    (inbox / "unsigned.json").write_bytes(unsigned.read_bytes())
    assert main(["grade", str(inbox), "--assignment", code, "--signed"]) == 2
    assert "set TRUCO_LEARN_SECRET" in capsys.readouterr().err
    monkeypatch.setenv("TRUCO_LEARN_SECRET", "the class server's secret")
    assert main(["grade", str(inbox), "--assignment", code, "--signed", "--csv",
                 str(tmp_path / "g.csv")]) == 1
    rows = {Path(r["file"]).name: r for r in csv.DictReader((tmp_path / "g.csv").open())}
    assert rows[honest.name]["status"] == "ok" and rows[honest.name]["percent"] == "50"
    assert rows["forged.json"]["status"] == "altered"
    assert "signature does not match" in rows["forged.json"]["problems"]
    assert rows["unsigned.json"]["status"] == "altered"
    assert "not signed" in rows["unsigned.json"]["problems"]


def test_answers_after_the_due_date_are_noted_not_flagged(tmp_path: Path) -> None:
    from truco_learn.classroom import build_results, grade_documents

    a = Assignment("Due", (2,), 2, due="2026-12-15", seed=6)
    (_, items), = a.quizzes()
    doc = build_results(a, "Leo", {(2, 0): [(items[0].answer, "2026-12-15T23:00:00Z")],
                                   (2, 1): [(items[1].answer, "2026-12-16T08:00:00Z")]})
    g = grade_documents(a, [("leo.json", doc)]).students[0]
    assert g.status == "ok" and g.percent == 100
    assert g.notes == ["1 answer after the due date 2026-12-15"]
    assert "after the due date" in grade_documents(a, [("leo.json", doc)]).csv_text()
