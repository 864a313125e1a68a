"""Assignment codes: round trip, damaged codes refused, settings checked, links."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from truco_learn.classroom import Assignment, AssignmentCodeError, parse_lessons
from truco_learn.quiz.registry import QUIZ_VARIANTS


def test_code_round_trip_and_settings() -> None:
    a = Assignment("Ties week", (2, 3, 4), questions=10, pass_pct=80, variant="paulista-4p",
                   due="2026-12-15", seed=123456)
    code = a.code()
    assert code.startswith("tl1") and len(code) < 80
    assert all(ch.isalnum() or ch in "-_" for ch in code)  # URL-safe, no padding
    back = Assignment.from_code(code)
    assert back == a and back.code() == code
    assert [n for n, _ in back.split()] == [2, 3, 4] and sum(n for _, n in back.split()) == 10
    quizzes = back.quizzes()
    assert [len(q) for _, q in quizzes] == [4, 3, 3]
    assert quizzes == a.quizzes()  # every student and the grader get the same items
    assert Assignment("Ties week", (2, 3, 4), seed=1).quizzes() != Assignment(
        "Ties week", (2, 3, 4), seed=2).quizzes()


@settings(max_examples=60, deadline=None)
@given(title=st.text(st.characters(blacklist_categories=("C", "Z")), min_size=1, max_size=30),
       lessons=st.lists(st.integers(1, 8), min_size=1, max_size=8, unique=True),
       extra=st.integers(0, 20), pass_pct=st.integers(0, 100),
       variant=st.sampled_from(QUIZ_VARIANTS), seed=st.integers(0, 2 ** 30 - 1))
def test_any_assignment_survives_its_code(title: str, lessons: list[int], extra: int,
                                          pass_pct: int, variant: str, seed: int) -> None:
    a = Assignment(title, tuple(lessons), len(lessons) + extra, pass_pct, variant, None, seed)
    assert Assignment.from_code(a.code()) == a


def test_every_single_character_change_is_refused() -> None:
    code = Assignment("Manilhas", (2,), 5, seed=77).code()
    alphabet = "AQgw09-_z"
    refused = 0
    for i in range(3, len(code)):
        for ch in alphabet:
            if ch == code[i]:
                continue
            bad = code[:i] + ch + code[i + 1:]
            try:
                other = Assignment.from_code(bad)
            except AssignmentCodeError:
                refused += 1
            else:  # only the last base64 character's padding bits may change nothing
                assert other == Assignment.from_code(code) and i == len(code) - 1
    assert refused > 8 * (len(code) - 4)


@pytest.mark.parametrize("code,match", [
    ("", "no assignment code"),
    (None, "no assignment code"),
    ("hello", "not a truco-learn assignment code \\(codes start with 'tl1', 'tl2', 'tl3'\\)"),
    ("tl1***", "damaged"),
    ("tl1AAAA", "damaged"),
])
def test_bad_codes_get_clear_messages(code: object, match: str) -> None:
    with pytest.raises(AssignmentCodeError, match=match):
        Assignment.from_code(code)


def test_truncated_code_is_refused() -> None:
    code = Assignment("Betting", (4,), 4, seed=8).code()
    for cut in range(4, len(code)):
        with pytest.raises(AssignmentCodeError):
            Assignment.from_code(code[:cut])


@pytest.mark.parametrize("kwargs,match", [
    ({"title": " "}, "title is empty"),
    ({"title": "x" * 81}, "too long"),
    ({"title": "a\x00b"}, "control characters"),
    ({"lessons": ()}, "lesson numbers from 1 to 8"),
    ({"lessons": (2, 9)}, "lesson numbers from 1 to 8"),
    ({"lessons": (2, 2)}, "listed twice"),
    ({"questions": 1, "lessons": (2, 3)}, "from 2 \\(one per lesson\\)"),
    ({"questions": 101}, "to 100"),
    ({"pass_pct": 101}, "percentage"),
    ({"variant": "truco-argentino"}, "unknown variant"),
    ({"due": "15/12/2026"}, "2026-12-15"),
    ({"seed": -1}, "seed"),
])
def test_bad_settings_are_refused(kwargs: dict[str, object], match: str) -> None:
    base: dict[str, object] = {"title": "T", "lessons": (2,), "questions": 3}
    base.update(kwargs)
    with pytest.raises(AssignmentCodeError, match=match):
        Assignment(**base)  # type: ignore[arg-type]


def test_lessons_text_and_links() -> None:
    assert parse_lessons("2,3, 4") == (2, 3, 4)
    with pytest.raises(AssignmentCodeError, match="separated by commas"):
        parse_lessons("two,three")
    a = Assignment("T", (1,), 2, seed=4)
    assert a.voila_url().endswith(f"/voila/render/assignment.ipynb?code={a.code()}")
    url = a.binder_url("https://github.com/me/truco-learn.git")
    assert url.startswith("https://mybinder.org/v2/gh/me/truco-learn/HEAD?urlpath=voila%2F")
    assert a.code() in url
    with pytest.raises(AssignmentCodeError, match="Binder"):
        a.binder_url("not a repo")
