"""Which catalog (domain) each source file's messages belong to: one per area of the code, so
that each area's translators own one file, and a message is looked up first in the catalog of
the module that says it (the same English may be said two ways in two places: "Accept" is
"Aceito" on a button at the table and "Aceitar" among a quiz's choices).
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["DOMAIN_PREFIXES", "domain_of", "module_domain"]

#: Which domain a source file belongs to: the longest matching prefix wins.
DOMAIN_PREFIXES: tuple[tuple[str, str], ...] = (
    ("truco_learn/engine/", "core"),
    ("truco_learn/i18n/", "core"),
    ("truco_learn/course/", "course"),
    ("truco_learn/widgets/lesson_view", "course"),
    ("lessons/0", "course"),
    ("truco_learn/course/scripted", "demos"),
    ("truco_learn/course/stakes", "demos"),
    ("truco_learn/course/iron", "demos"),
    ("truco_learn/course/deals", "demos"),
    ("truco_learn/course/cards_demo", "demos"),
    ("truco_learn/widgets/lesson_demos", "demos"),
    ("truco_learn/quiz/", "quiz"),
    ("truco_learn/widgets/quiz_view", "quiz"),
    ("truco_learn/bots/", "coach"),
    ("truco_learn/play/replay_eval", "coach"),
    ("truco_learn/classroom/", "classroom"),
    ("truco_learn/widgets/assignment_view", "classroom"),
    ("truco_learn/widgets/teacher_view", "classroom"),
    ("truco_learn/widgets/replayer", "classroom"),
    ("truco_learn/play/replay_board", "classroom"),
    ("lessons/assignment", "classroom"),
    ("lessons/teacher", "classroom"),
    ("lessons/review", "classroom"),
    ("truco_learn/play/", "play"),
    ("truco_learn/tables/", "play"),
    ("truco_learn/widgets/play_app", "play"),
    ("truco_learn/widgets/table", "play"),
    ("truco_learn/widgets/panels", "play"),
    ("truco_learn/widgets/svg", "play"),
    ("lessons/play", "play"),
    ("lessons/tables", "play"),
    ("truco_learn/", "app"),
    ("lessons/", "app"),
)
def domain_of(path: str) -> str:
    """The domain of a file, by its path from the repository's root.

    >>> domain_of("truco_learn/quiz/kinds_cards.py"), domain_of("lessons/index.ipynb")
    ('quiz', 'app')
    """
    best = max((p for p in DOMAIN_PREFIXES if path.startswith(p[0])),
               key=lambda p: len(p[0]), default=None)
    if best is None:
        raise ValueError(f"{path!r} is not a source of messages")
    return best[1]


@lru_cache(maxsize=1024)
def module_domain(module: str) -> str | None:
    """The domain of a module by its dotted name (``None`` outside the package).

    >>> module_domain("truco_learn.quiz.kinds_cards"), module_domain("__main__")
    ('quiz', None)
    """
    if not module.startswith("truco_learn."):
        return None
    return domain_of(module.replace(".", "/") + ".py")
