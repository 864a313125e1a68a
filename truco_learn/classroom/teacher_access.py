"""Who may read the class from the server on the teacher's page.

The teacher's page can read what students did from the server itself: **Grade from this
server's progress**, **Watch the class live**, and a results folder on the server's disk. An
assignment code is in every student's link, so the code alone must not open the class's grades
to a student who opens the teacher's page. With ``TRUCO_LEARN_TEACHER_PASSWORD`` set where the
app runs, those three need the password typed on the page; without it (one teacher on their own
computer) they stay open, as before. Grading uploaded files needs nothing: the uploader already
has them.

>>> check_password("secret-1", {PASSWORD_ENV: "secret-1"}), check_password("x", {})
(True, True)
>>> check_password("guess", {PASSWORD_ENV: "secret-1"}), password_required({})
(False, False)
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Mapping

__all__ = ["PASSWORD_ENV", "check_password", "password_required"]

PASSWORD_ENV = "TRUCO_LEARN_TEACHER_PASSWORD"


def password_required(env: Mapping[str, str] | None = None) -> bool:
    """Whether this server asks the teacher's password before reading the class."""
    return bool((os.environ if env is None else env).get(PASSWORD_ENV))


def check_password(typed: str, env: Mapping[str, str] | None = None) -> bool:
    """``typed`` opens the class's grades (always, when no password is set); compared in
    constant time."""
    expected = (os.environ if env is None else env).get(PASSWORD_ENV)
    if not expected:
        return True
    return hmac.compare_digest(typed.encode("utf-8"), expected.encode("utf-8"))
