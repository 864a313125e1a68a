"""The course's lessons by number: their notebooks and titles, and the titles of an
assignment's quiz sections (a lesson's, or the teacher's positions').

>>> LESSON_NOTEBOOKS[2], lesson_title(2)
('02_vira_and_manilhas.ipynb', 'The vira and the manilhas')
"""

from __future__ import annotations

from ..i18n import N_, _

POSITIONS_SECTION = 0  # the quiz section of the teacher's positions (lessons are 1..8)
LESSON_NOTEBOOKS: dict[int, str] = {
    1: "01_cards.ipynb", 2: "02_vira_and_manilhas.ipynb", 3: "03_tricks_and_ties.ipynb",
    4: "04_betting.ipynb", 5: "05_eleven_and_iron.ipynb", 6: "06_partners.ipynb",
    7: "07_play_and_review.ipynb", 8: "08_argentine_and_gauderio.ipynb",
}
#: The lessons' titles in English (marked for the catalogs: show them with :func:`lesson_title`).
LESSON_TITLES: dict[int, str] = {
    1: N_("The cards"), 2: N_("The vira and the manilhas"), 3: N_("Tricks and ties"),
    4: N_("Betting"), 5: N_("The hand of eleven and the iron hand"),
    6: N_("Playing with a partner"), 7: N_("Play and review"),
    8: N_("Truco argentino and gaudério"),
}


def lesson_title(lesson: int) -> str:
    """A lesson's title in the current language.

    >>> from truco_learn.i18n import language
    >>> lesson_title(3)
    'Tricks and ties'
    >>> with language("pt-BR"):
    ...     lesson_title(3)
    'Rodadas e empates'
    """
    return _(LESSON_TITLES[lesson])


def section_title(section: int) -> str:
    """The title of a quiz section: a lesson's, or the teacher's positions'.

    >>> section_title(3), section_title(POSITIONS_SECTION)
    ('Lesson 3: Tricks and ties', "Your teacher's positions: what would you do here?")
    """
    if section == POSITIONS_SECTION:
        return _("Your teacher's positions: what would you do here?")
    return _("Lesson {n}: {title}").format(n=section, title=lesson_title(section))


__all__ = ["LESSON_NOTEBOOKS", "LESSON_TITLES", "POSITIONS_SECTION", "lesson_title",
           "section_title"]
