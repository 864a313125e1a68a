"""Bad input anywhere gets a clear, typed error: fuzzed codes and results files, the CLI's
config, and malformed results files, one message each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from truco_learn.classroom import (Assignment, AssignmentCodeError, ResultsFileError,
                                   build_results, parse_results_bytes)
from truco_learn.cli import main

GOOD = Assignment("Fuzz", (1, 2), 4, seed=11)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_text_is_a_code_or_a_clear_error(text: str) -> None:
    try:
        Assignment.from_code(text)
    except AssignmentCodeError as exc:
        assert str(exc)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_are_a_results_file_or_a_clear_error(raw: bytes) -> None:
    with pytest.raises(ResultsFileError):
        parse_results_bytes(raw)


def good_doc() -> dict[str, object]:
    (_, items), _ = GOOD.quizzes()
    return build_results(GOOD, "Ana", {(1, 0): [(items[0].answer, "2026-11-30T10:00:00Z")]})


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 255))
def test_any_single_byte_edit_is_caught_or_changes_nothing(pos: int, byte: int) -> None:
    from truco_learn.classroom import grade_documents

    orig = good_doc()
    raw = bytearray(json.dumps(orig, ensure_ascii=False).encode("utf-8"))
    pos %= len(raw)
    if raw[pos] == byte:
        return
    raw[pos] = byte
    try:
        doc = parse_results_bytes(bytes(raw))
    except ResultsFileError:
        return
    g = grade_documents(GOOD, [("f.json", doc)])
    # an edit is flagged, unless it changed nothing the JSON means (spacing between tokens)
    assert g.students[0].status != "ok" or doc == orig


@pytest.mark.parametrize("mutate,match", [
    (lambda d: d.pop("checksum"), "'checksum' is missing"),
    (lambda d: d.update(format="nbgrader"), "not a truco-learn results file"),
    (lambda d: d.update(version=2), "version 2 is not supported"),
    (lambda d: d.update(student=""), "student name is empty"),
    (lambda d: d.update(student="SÃ£o Paulo"), "garbled"),
    (lambda d: d.update(student="Ana\u0007"), "control characters"),
    (lambda d: d["items"][0].update(seed="7"), "item 1: the field 'seed'"),
    (lambda d: d["items"][0]["answers"].append({"choice": "x"}), "expected choice, correct"),
    (lambda d: d["items"][0]["answers"][0].update(at="yesterday"), "bad timestamp"),
    (lambda d: d["claimed"].update(passed="yes"), "claimed.passed"),
])
def test_malformed_fields_get_one_clear_line(mutate: object, match: str) -> None:
    doc = good_doc()
    mutate(doc)  # type: ignore[operator]
    with pytest.raises(ResultsFileError, match=match):
        parse_results_bytes(json.dumps(doc).encode("utf-8"))


def test_the_same_name_in_another_normal_form_is_the_same_student() -> None:
    from truco_learn.classroom import grade_documents

    a = good_doc()
    b = json.loads(json.dumps(a))
    b["student"] = "ANA  "
    b["created"] = "2026-12-01T00:00:00Z"
    from truco_learn.classroom.results import checksum
    b["checksum"] = checksum(b)
    g = grade_documents(GOOD, [("a.json", parse_results_bytes(json.dumps(a).encode())),
                               ("b.json", parse_results_bytes(json.dumps(b).encode()))])
    assert sorted(s.status for s in g.students) == ["duplicate", "ok"]


def test_assign_repo_from_env_config_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["assign", "--title", "T", "--lessons", "1", "--questions", "2", "--seed", "3"]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "none"))
    monkeypatch.delenv("TRUCO_LEARN_REPO", raising=False)
    assert main(args) == 0
    assert "give --repo" in capsys.readouterr().out
    monkeypatch.setenv("TRUCO_LEARN_REPO", "https://github.com/env/repo")
    assert main(args) == 0
    assert "/gh/env/repo/" in capsys.readouterr().out
    monkeypatch.delenv("TRUCO_LEARN_REPO")
    config = tmp_path / "c.json"
    config.write_text('{"repo": "cfg/repo"}', encoding="utf-8")
    assert main(args + ["--config", str(config), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "/gh/cfg/repo/" in out["binder_url"] and out["seed"] == 3
    assert Assignment.from_code(out["code"]).lessons == (1,)
    config.write_text("{not json", encoding="utf-8")
    assert main(args + ["--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert "cannot read the config file" in err and "Traceback" not in err
    assert main(args + ["--config", str(tmp_path / "missing.json")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["assign", "--title", "T", "--lessons", "x"]) == 2
    assert "separated by commas" in capsys.readouterr().err
    assert main(["assign", "--title", "T", "--lessons", "1", "--due", "tomorrow"]) == 2
    assert "2026-12-15" in capsys.readouterr().err
