"""Assignments: the settings a teacher picks, packed into one short, URL-safe code.

The code carries the title, the lessons, the number of questions, the pass mark, the variant,
the due date and the quiz seed, plus a checksum, so a code mistyped or cut short in an e-mail is
refused with a clear message instead of opening the wrong quiz.

>>> a = Assignment("Ties week", (2, 3), questions=6, pass_pct=80, seed=12345)
>>> code = a.code()
>>> code.startswith("tl1") and Assignment.from_code(code) == a
True
>>> [len(items) for _, items in a.quizzes()]
[3, 3]
>>> Assignment.from_code(code[:-2])
Traceback (most recent call last):
...
truco_learn.classroom.assignment.AssignmentCodeError: this assignment code is damaged (its checksum does not match): copy the whole link again, or ask your teacher for it
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import datetime as dt
import hashlib
import random
import json
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from ..course.tables import table_label
from ..engine.options import VARIANTS
from ..quiz.registry import QUIZ_VARIANTS
from ..errors import TrucoError
from ..i18n import DEFAULT, _, html_lang, language, ngettext, normalize
from ..names import hidden_characters, tidy_name
from ..quiz import LESSON_KINDS, QuizItem, make_quiz
from .lesson_names import POSITIONS_SECTION

CODE_PREFIX = "tl1"
POSITIONS_PREFIX = "tl2"  # a code that also carries the teacher's positions
LANG_PREFIX = "tl3"  # a tl1 code that also carries the page's language (not English)
MAX_POSITIONS = 10
MAX_TITLE = 80
MAX_QUESTIONS = 100
SEED_LIMIT = 2 ** 30
def assignment_language(tag: object) -> str:
    """The catalog name of an assignment's language (``"pt-BR"`` -> ``"pt_BR"``); raise
    AssignmentCodeError naming the languages there are.

    >>> assignment_language("pt-BR"), assignment_language("en")
    ('pt_BR', 'en')
    >>> assignment_language("xx")
    Traceback (most recent call last):
    ...
    truco_learn.classroom.assignment.AssignmentCodeError: unknown language 'xx': choose one of en, pt-BR
    """
    if not isinstance(tag, str):
        raise AssignmentCodeError(f"the language must be text like pt-BR, got "
                                  f"{type(tag).__name__}")
    try:
        return normalize(tag)
    except TrucoError as exc:
        raise AssignmentCodeError(str(exc)) from None


class AssignmentCodeError(TrucoError):
    """An assignment code that cannot be read, or settings that make no assignment."""


def clean_text(text: object, what: str, limit: int) -> str:
    """NFC-normalized, whitespace-collapsed text; raise AssignmentCodeError if empty, too long
    or holding control characters.

    >>> clean_text("  Jose\\u0301   Silva ", "name", 40)
    'José Silva'
    """
    if not isinstance(text, str):
        raise AssignmentCodeError(f"the {what} must be text, got {type(text).__name__}")
    t = tidy_name(text)
    if not t:
        raise AssignmentCodeError(f"the {what} is empty")
    if len(t) > limit:
        raise AssignmentCodeError(f"the {what} is too long ({len(t)} characters, at most {limit})")
    if hidden_characters(t):
        raise AssignmentCodeError(f"the {what} holds control characters: {t!r}")
    return t


def parse_lessons(text: str) -> tuple[int, ...]:
    """``"2,3,4"`` -> ``(2, 3, 4)``; raise AssignmentCodeError for anything else.

    >>> parse_lessons("2, 3,4")
    (2, 3, 4)
    """
    try:
        lessons = tuple(int(p) for p in text.replace(" ", "").split(",") if p)
    except ValueError:
        raise AssignmentCodeError(f"lessons must be numbers separated by commas, like 2,3,4; "
                                  f"got {text!r}") from None
    return lessons


@dataclass(frozen=True, slots=True)
class Assignment:
    """What a teacher assigns. ``seed`` makes every student's quiz the same."""

    title: str
    lessons: tuple[int, ...]
    questions: int = 10
    pass_pct: int = 80
    variant: str = "paulista-2p"
    due: str | None = None  # YYYY-MM-DD
    seed: int = 0
    positions: tuple[str, ...] = ()  # "what would you do here?" positions (replay JSON)
    lang: str = DEFAULT  # the language the student's page opens in (a catalog name: pt_BR)

    def __post_init__(self) -> None:
        object.__setattr__(self, "title", clean_text(self.title, "title", MAX_TITLE))
        lessons = tuple(self.lessons)
        if not lessons or any(isinstance(n, bool) or not isinstance(n, int)
                              or n not in LESSON_KINDS for n in lessons):
            raise AssignmentCodeError(f"lessons must be lesson numbers from 1 to "
                                      f"{max(LESSON_KINDS)}, got {list(lessons)}")
        if len(set(lessons)) != len(lessons):
            raise AssignmentCodeError(f"a lesson is listed twice: {list(lessons)}")
        object.__setattr__(self, "lessons", lessons)
        q = self.questions
        if isinstance(q, bool) or not isinstance(q, int) or not len(lessons) <= q <= MAX_QUESTIONS:
            raise AssignmentCodeError(f"questions must be a whole number from {len(lessons)} "
                                      f"(one per lesson) to {MAX_QUESTIONS}, got {q!r}")
        p = self.pass_pct
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= 100:
            raise AssignmentCodeError(f"the pass mark must be a percentage from 0 to 100, "
                                      f"got {p!r}")
        # every preset: lesson 8's items build on an Argentine or gaúcho table, the others on
        # a Brazilian one (truco_learn.quiz.registry), so any mix of lessons works
        if self.variant not in QUIZ_VARIANTS:
            raise AssignmentCodeError(f"unknown variant {self.variant!r} (known: "
                                      f"{', '.join(QUIZ_VARIANTS)})")
        if self.due is not None:
            try:
                dt.date.fromisoformat(self.due)
            except (TypeError, ValueError):
                raise AssignmentCodeError(f"the due date must look like 2026-12-15, got "
                                          f"{self.due!r}") from None
        s = self.seed
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < SEED_LIMIT:
            raise AssignmentCodeError(f"the seed must be a whole number from 0 to "
                                      f"{SEED_LIMIT - 1}, got {s!r}")
        object.__setattr__(self, "positions", check_positions(self.positions))
        object.__setattr__(self, "lang", assignment_language(self.lang))

    @classmethod
    def new(cls, title: str, lessons: tuple[int, ...], rng: random.Random,
            **settings: object) -> "Assignment":
        """An assignment with a fresh quiz seed drawn from ``rng``."""
        return cls(title, lessons, seed=rng.randrange(SEED_LIMIT), **settings)  # type: ignore[arg-type]

    # ---------------------------------------------------------------- code

    def code(self) -> str:
        """The assignment code: ``tl1`` + base64url(settings + checksum), no padding; with
        positions, ``tl2`` + base64url(zlib(settings and positions as JSON) + checksum).

        An assignment in another language than English carries it: ``tl3`` (the ``tl1``
        fields with the language before the title), or a ninth element of ``tl2``'s JSON.
        English codes are the same as before languages existed.

        >>> a = Assignment("Semana dos empates", (3,), questions=2, seed=5, lang="pt-BR")
        >>> a.code()[:3], Assignment.from_code(a.code()).lang, a.quiz_code()[:3]
        ('tl3', 'pt_BR', 'tl1')
        """
        due = "" if self.due is None else self.due.replace("-", "")
        fields = [str(self.seed), "".join(map(str, self.lessons)), str(self.questions),
                  str(self.pass_pct), str(VARIANTS.index(self.variant)), due, self.title]
        if self.positions:
            extra: list[Any] = [] if self.lang == DEFAULT else [self.lang]
            data = json.dumps(fields + [[json.loads(p) for p in self.positions]] + extra,
                              separators=(",", ":"), ensure_ascii=False)
            packed = zlib.compress(data.encode("utf-8"), 9)
            check = hashlib.sha256(packed).digest()[:4]
            return POSITIONS_PREFIX + base64.urlsafe_b64encode(packed + check).decode(
                "ascii").rstrip("=")
        prefix = CODE_PREFIX
        if self.lang != DEFAULT:
            prefix, fields = LANG_PREFIX, fields[:-1] + [self.lang, self.title]
        body = "|".join(fields).encode("utf-8")
        check = hashlib.sha256(body).digest()[:4]
        return prefix + base64.urlsafe_b64encode(body + check).decode("ascii").rstrip("=")

    def quiz_code(self) -> str:
        """The code of this assignment in English: what every student answers, whatever the
        page's language. Results files, the progress store and grading use it, so a file from
        a student who read the quiz in Portuguese grades the same as one in English."""
        return self.code() if self.lang == DEFAULT else dataclasses.replace(
            self, lang=DEFAULT).code()

    @classmethod
    def from_code(cls, code: object) -> "Assignment":
        """Read an assignment code (``tl1``, ``tl2`` or ``tl3``); raise AssignmentCodeError
        with a clear message."""
        if not isinstance(code, str) or not code.strip():
            # Translators: the messages of a bad assignment code are shown on the student's page
            raise AssignmentCodeError(_("no assignment code given: open the link your teacher "
                                        "sent, or paste the code"))
        code = code.strip()
        if code.startswith(POSITIONS_PREFIX):
            return cls._from_positions_code(code)
        with_lang = code.startswith(LANG_PREFIX)
        if not code.startswith(CODE_PREFIX) and not with_lang:
            raise AssignmentCodeError(_("{code} is not a truco-learn assignment code (codes "
                                        "start with {prefixes})").format(
                                            code=_short(code), prefixes=", ".join(
                                                repr(p) for p in (CODE_PREFIX, POSITIONS_PREFIX,
                                                                  LANG_PREFIX))))
        body = _unpack(code, len(CODE_PREFIX))
        try:
            parts = body.decode("utf-8").split("|", 7 if with_lang else 6)
            lang = parts.pop(6) if with_lang else DEFAULT
            seed, lessons, questions, pass_pct, variant, due, title = parts
            due_iso = f"{due[:4]}-{due[4:6]}-{due[6:]}" if due else None
            return cls(title, tuple(int(c) for c in lessons), int(questions), int(pass_pct),
                       VARIANTS[int(variant)], due_iso, int(seed), lang=lang)
        except (UnicodeDecodeError, ValueError, IndexError) as exc:
            raise AssignmentCodeError(_("this assignment code was made by another version of "
                                        "truco-learn and cannot be read here ({reason})").format(
                                            reason=exc)) from None

    @classmethod
    def _from_positions_code(cls, code: str) -> "Assignment":
        raw = _unpack(code, len(POSITIONS_PREFIX))
        try:
            fields = json.loads(zlib.decompress(raw, bufsize=1 << 16).decode("utf-8"))
            lang = fields.pop(8) if isinstance(fields, list) and len(fields) == 9 else DEFAULT
            seed, lessons, questions, pass_pct, variant, due, title, positions = fields
            due_iso = f"{due[:4]}-{due[4:6]}-{due[6:]}" if due else None
            return cls(title, tuple(int(c) for c in lessons), int(questions), int(pass_pct),
                       VARIANTS[int(variant)], due_iso, int(seed),
                       tuple(json.dumps(p, separators=(",", ":")) for p in positions), lang)
        except (zlib.error, UnicodeDecodeError, ValueError, IndexError, TypeError) as exc:
            raise AssignmentCodeError(_("this assignment code was made by another version of "
                                        "truco-learn and cannot be read here ({reason})").format(
                                            reason=exc)) from None

    def with_position(self, scenario: Any) -> "Assignment":
        """This assignment with one more "what would you do here?" position (a replay
        scenario, object or JSON text); raise AssignmentCodeError naming what is wrong."""
        return dataclasses.replace(self, positions=self.positions + (
            _position_text(scenario, len(self.positions) + 1),))

    # ---------------------------------------------------------------- quizzes

    @property
    def total_questions(self) -> int:
        """The lessons' questions and the teacher's positions."""
        return self.questions + len(self.positions)

    def split(self) -> list[tuple[int, int]]:
        """``(lesson, questions)`` for each lesson, in order; extra questions go first."""
        n, extra = divmod(self.questions, len(self.lessons))
        return [(lesson, n + (1 if i < extra else 0)) for i, lesson in enumerate(self.lessons)]

    def quizzes(self) -> list[tuple[int, list[QuizItem]]]:
        """Each lesson's quiz items, rebuilt from the assignment's seed (the same for every
        student and for the grader), in English whatever the page's language: their choices
        are what results files store and the grader compares."""
        with language(DEFAULT):
            return self.shown_quizzes()

    def shown_quizzes(self) -> list[tuple[int, list[QuizItem]]]:
        """The same items as :meth:`quizzes`, worded in the current language (for the page;
        choice ``k`` of a shown item is choice ``k`` of the English one)."""
        quizzes = [(lesson, make_quiz([lesson], n, self.seed * 10 + lesson, self.variant))
                   for lesson, n in self.split()]
        if self.positions:
            from ..quiz.kinds_position import position_item

            quizzes.append((POSITIONS_SECTION, [
                position_item(p, self.seed * 10 + k) for k, p in enumerate(self.positions)]))
        return quizzes

    # ---------------------------------------------------------------- links

    def voila_url(self, base: str = "http://localhost:8866") -> str:
        """The local Voilà link (``make app`` serves ``lessons/`` on port 8866)."""
        return self.page_url(f"{base.rstrip('/')}/voila/render/assignment.ipynb")

    def page_url(self, page: str) -> str:
        """The link to this assignment on the students' page at ``page`` (its address)."""
        return f"{page}?code={self.code()}{self._lang_query()}"

    def _lang_query(self) -> str:
        """``&lang=pt-BR`` for a link to the student's page, so the server translates the
        page's text too (nothing for English)."""
        return "" if self.lang == DEFAULT else f"&lang={html_lang(self.lang)}"

    def binder_url(self, repo: str, ref: str = "HEAD") -> str:
        """The Binder link for a GitHub repository URL or ``owner/name``.

        >>> Assignment("T", (1,), 1, seed=1).binder_url("https://github.com/me/truco-learn")[:60]
        'https://mybinder.org/v2/gh/me/truco-learn/HEAD?urlpath=voila'
        """
        slug = repo.strip().rstrip("/")
        for head in ("https://github.com/", "http://github.com/", "github.com/"):
            if slug.startswith(head):
                slug = slug[len(head):]
        if slug.endswith(".git"):
            slug = slug[:-4]
        if slug.count("/") != 1 or not all(slug.split("/")):
            raise AssignmentCodeError(f"cannot build a Binder link from {repo!r}: give a GitHub "
                                      "repository like https://github.com/OWNER/NAME")
        path = quote(f"voila/render/lessons/assignment.ipynb?code={self.code()}"
                     f"{self._lang_query()}", safe="")
        return f"https://mybinder.org/v2/gh/{slug}/{ref}?urlpath={path}"

    def describe(self) -> str:
        """One line for the teacher: title, lessons, questions, pass mark, due date (in the
        current language; the language of the student's page is not part of it).

        >>> a = Assignment("Ties week", (2, 3), questions=6, pass_pct=80, due="2026-12-15")
        >>> a.describe()
        'Ties week: lessons 2, 3, 6 questions, pass at 80%, Paulista heads-up, due 2026-12-15'
        >>> with language("pt-BR"):
        ...     a.describe()
        'Ties week: lições 2, 3, 6 perguntas, aprovação com 80%, Paulista mano a mano, prazo 2026-12-15'
        """
        k = len(self.positions)
        fill = {"title": self.title, "lessons": ", ".join(map(str, self.lessons)),
                "questions": self.questions, "k": k, "pass_pct": self.pass_pct,
                "variant": table_label(self.variant), "due": self.due}
        if k and self.due:
            text = ngettext("{title}: lessons {lessons}, {questions} questions and {k} position "
                            "of yours, pass at {pass_pct}%, {variant}, due {due}",
                            "{title}: lessons {lessons}, {questions} questions and {k} positions "
                            "of yours, pass at {pass_pct}%, {variant}, due {due}", k)
        elif k:
            text = ngettext("{title}: lessons {lessons}, {questions} questions and {k} position "
                            "of yours, pass at {pass_pct}%, {variant}",
                            "{title}: lessons {lessons}, {questions} questions and {k} positions "
                            "of yours, pass at {pass_pct}%, {variant}", k)
        elif self.due:
            text = _("{title}: lessons {lessons}, {questions} questions, pass at {pass_pct}%, "
                     "{variant}, due {due}")
        else:
            text = _("{title}: lessons {lessons}, {questions} questions, pass at {pass_pct}%, "
                     "{variant}")
        return text.format(**fill)


def _position_text(scenario: Any, number: int) -> str:
    from ..quiz.kinds_position import canonical_position

    try:
        sc = canonical_position(scenario)
    except TrucoError as exc:
        raise AssignmentCodeError(f"position {number} cannot be asked: {exc}") from None
    return json.dumps(sc, separators=(",", ":"))


def check_positions(positions: Any) -> tuple[str, ...]:
    """The positions in canonical JSON; raise AssignmentCodeError for too many or a bad one."""
    if isinstance(positions, (str, bytes)) or not isinstance(positions, (tuple, list)):
        raise AssignmentCodeError(f"positions must be a list of replay scenarios, got "
                                  f"{type(positions).__name__}")
    if len(positions) > MAX_POSITIONS:
        raise AssignmentCodeError(f"at most {MAX_POSITIONS} positions fit in an assignment, "
                                  f"got {len(positions)}")
    return tuple(_position_text(p, k) for k, p in enumerate(positions, 1))


def _unpack(code: str, prefix: int) -> bytes:
    text = code[prefix:]
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise AssignmentCodeError(_("{code} is damaged: it holds characters a code never has; "
                                    "copy the whole link again").format(code=_short(code))
                                  ) from None
    body, check = raw[:-4], raw[-4:]
    if len(raw) < 5 or hashlib.sha256(body).digest()[:4] != check:
        raise AssignmentCodeError(_("this assignment code is damaged (its checksum does not "
                                    "match): copy the whole link again, or ask your teacher "
                                    "for it"))
    return body


def _short(code: str) -> str:
    return repr(code if len(code) <= 24 else code[:20] + "…")
