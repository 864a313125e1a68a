"""The tables API's errors as the tables page says them, in the page's language.

The service and its client speak English (a developer interface, PROTOCOL.md); the page shows
a learner what went wrong: for the errors a learner can meet (a full table, a stale invite
link, a name too long, a click out of turn...) the learner's sentence from the catalog, in
every language (English included: "unknown token for this table" is a developer's word). For
anything else, the service's own sentence in English, a plain "that did not work" in another
language.

>>> from truco_learn.i18n import language
>>> friendly("there is no table 'ab12'")
'This table does not exist (any more): check the invite link, or open a new table.'
>>> friendly("unknown token for this table (join without a token to get one)")
'This browser has no seat at this table yet: join it with your name.'
>>> friendly("the name 'ana' is already taken at this table by Ana; choose another, "
...          "e.g. 'ana B.'")
'The name “ana” is already used at this table by Ana: choose another one, such as “ana B.”.'
>>> friendly("seats must be a list of 2 entries")   # no learner's sentence: the service's
'seats must be a list of 2 entries'
>>> with language("pt-BR"):
...     friendly("there is no table 'ab12'").startswith("Esta mesa não existe")
True
"""

from __future__ import annotations

import re

from ..i18n import DEFAULT, N_, _, current

__all__ = ["ERRORS", "BOT_NAMES", "friendly", "player_name"]

#: (a pattern of the service's English, the learner's sentence); the first match wins.
ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), m) for p, m in (
    (r"^no tables service is configured",
     N_("Playing with friends is not available here: this page needs the app's tables "
        "service (start the app with make app).")),
    (r"cannot be reached",
     N_("The tables service cannot be reached right now. Wait a moment and try again.")),
    (r"^the table refused the connection",
     N_("The table refused the connection: open the invite link again to get your seat "
        "back.")),
    (r"^there is no table ",
     N_("This table does not exist (any more): check the invite link, or open a new table.")),
    (r"^(a valid token is needed|unknown token for this table)",
     N_("This browser has no seat at this table yet: join it with your name.")),
    (r"^name must be a non-empty text of at most (?P<max>\d+) characters",
     N_("Your name must have between 1 and {max} characters.")),
    (r"^name must not hold control or invisible characters",
     N_("Your name must not hold control or invisible characters (such as a zero-width space "
        "or a right-to-left mark): type it again.")),
    (r"^the name '(?P<name>.*)' is already taken at this table by (?P<who>.*); choose "
     r"another, e\.g\. '(?P<example>.*)'$",
     N_("The name “{name}” is already used at this table by {who}: choose another one, such "
        "as “{example}”.")),
    (r"is not legal: the match is over",
     N_("The match is over: go back to the tables to start another one.")),
    (r"is not legal now: it is not your turn \((?P<who>.*) is to act\)$",
     N_("It is not your turn: {who} is to act.")),
    (r"is not legal now",
     N_("That move is not allowed now.")),
    (r"^spectators watch",
     N_("You are watching this table: spectators do not play, vote or signal.")),
    (r"^signals are off at this table",
     N_("Signals are switched off at this table.")),
    (r"^you have already signalled in this hand",
     N_("You have already signalled in this hand.")),
    (r"^you may signal only on your own turn",
     N_("You may signal only on your own turn, and never in the iron hand.")),
    (r"^there is no vote for you now",
     N_("There is no vote for you now.")),
    (r"^vote one of ",
     N_("That vote is not one of the choices: vote again.")),
))

#: The service's names of its bots ("Coach bot"), as the page shows them.
BOT_NAMES = {"coach": N_("Coach bot"), "heuristic": N_("Heuristic bot"),
             "bluffer": N_("Bluffer bot"), "random": N_("Random bot")}


def friendly(message: str) -> str:
    """The page's sentence for an error of the tables service or client."""
    for pattern, text in ERRORS:
        m = pattern.search(message)
        if m:
            fields = {k: v for k, v in m.groupdict().items() if v is not None}
            if "who" in fields:
                bot = _service_bot(fields["who"])
                fields["who"] = _(bot) if bot else fields["who"]
            return _(text).format(**fields)
    if current() == DEFAULT:
        return message
    return _("That did not work. Nothing changed: try again.")


def _service_bot(name: str) -> str | None:
    for message in BOT_NAMES.values():
        if message == name:
            return message
    return None


def player_name(player: dict[str, object]) -> str:
    """A player of a table's ``players`` list as the page names them: a person by their
    name, a bot by its name in the page's language, a free seat as such.

    >>> player_name({"name": "Coach bot", "kind": "bot", "bot": "coach"})
    'Coach bot'
    >>> player_name({"name": "Ana", "kind": "human"})
    'Ana'
    """
    bot = player.get("bot")
    if player.get("kind") == "bot" and isinstance(bot, str) and bot in BOT_NAMES:
        return _(BOT_NAMES[bot])
    if player.get("kind") == "human" and player.get("joined") is False:
        return _("(free seat)")
    return str(player.get("name", ""))
