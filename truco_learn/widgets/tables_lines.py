"""The words the tables page shows beside the table, from a ``state`` message (PROTOCOL.md):
who sits where and whether they are here, the team's vote, and the signals a partner sent.
Pure functions returning HTML, every piece of text escaped; the page
(:mod:`.tables_app`) puts them in its widgets.

>>> msg = {"seat": 0, "players": [
...     {"seat": 0, "name": "Ana", "presence": "here"},
...     {"seat": 1, "name": "Bia", "presence": "gone"}]}
>>> players_html(msg) == ("<div class='tl-players'><ul>"
...     "<li data-presence='here'>Ana (you): at the table</li>"
...     "<li data-presence='gone'>Bia: disconnected, keeps the seat</li></ul></div>")
True
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from ..i18n import N_, _
from ..tables.friendly import player_name
from .panels import action_label

__all__ = ["PRESENCE", "SIGNAL_WORDS", "invitation", "players_html", "signals_html",
           "vote_html"]

PRESENCE = {"here": N_("at the table"), "gone": N_("disconnected, keeps the seat"),
            "away": N_("away: a bot plays for them"), "free": N_("free seat"), "bot": N_("bot")}
# Translators: the truthful signals a player sends the partner (their best card).
SIGNAL_WORDS = {"zap": "zap", "copas": "copas", "espadilha": "espadilha", "mole": "mole",
                "three": N_("three"), "two": N_("two"), "ace": N_("ace"), "king": N_("king"),
                "nothing": N_("nothing")}


def _tag(tag: str, text: str) -> str:
    return f"<{tag}>{escape(text)}</{tag}>"


def invitation(view: Mapping[str, Any]) -> tuple[str, str, bool]:
    """What an invite link's page says before anyone joins, from the table's public view
    (``GET /truco/api/tables/ID``): its heading, its button's words, and whether the button
    watches (every seat is a bot or a person who joined, or the match is over) rather than
    takes a seat.

    >>> invitation({"game_over": False, "players": [{"joined": True}, {"joined": False}]})
    ('You are invited to a table', 'Join the table', False)
    >>> invitation({"game_over": False, "players": [{"joined": True}, {"joined": True}]})
    ('Every seat at this table is taken: you can watch the match.', 'Watch the table', True)
    """
    if view.get("game_over"):
        return (_("This table's match is over: you can see how it ended."),
                _("Watch the table"), True)
    if all(p.get("joined") for p in view["players"]):
        return (_("Every seat at this table is taken: you can watch the match."),
                _("Watch the table"), True)
    return _("You are invited to a table"), _("Join the table"), False


def players_html(msg: Mapping[str, Any]) -> str:
    """Each player's name and presence, the reader's own marked, and a line for a spectator."""
    me = msg["seat"]
    rows = []
    for p in msg["players"]:
        presence = p["presence"]
        where = _(PRESENCE[presence]) if presence in PRESENCE else presence
        line = (_("{name} (you): {presence}") if p["seat"] == me
                else _("{name}: {presence}")).format(name=player_name(p), presence=where)
        rows.append(f"<li data-presence='{escape(presence)}'>{escape(line)}</li>")
    watch = _tag("p", _("You are watching this table.")) if me is None else ""
    return f"<div class='tl-players'>{watch}<ul>{''.join(rows)}</ul></div>"


def vote_html(msg: Mapping[str, Any]) -> str:
    """Where the team's vote stands (``msg["vote"]``, set): the reader's vote and the
    partner's.

    >>> vote = {"seats": [0, 2], "votes": {"2": "accept"}, "choices": ["accept", "fold"]}
    >>> vote_html({"seat": 0, "vote": vote, "players": [{"name": "Ana"}, {"name": "Bia"},
    ...                                                  {"name": "Caio"}, {"name": "Duda"}]})
    "<span class='tl-vote-text'>Your team must decide: vote together. Caio votes accept.</span>"
    """
    v = msg["vote"]
    me = msg["seat"]
    partner = v["seats"][1] if v["seats"][0] == me else v["seats"][0]
    theirs = v["votes"].get(str(partner))
    mine = v["votes"].get(str(me))
    text = _("Your team must decide: vote together.")
    if mine:
        text += " " + _("Your vote: {choice}.").format(choice=action_label(mine))
    text += " " + (_("{name} votes {choice}.").format(
        name=player_name(msg["players"][partner]), choice=action_label(theirs))
        if theirs else _("Your partner has not voted yet."))
    return f"<span class='tl-vote-text'>{escape(text)}</span>"


def signals_html(msg: Mapping[str, Any]) -> str:
    """The signals the reader's partners sent (``msg["signals"]``: seat and signal), the
    signal in bold.

    >>> signals_html({"seat": 0, "signals": [[2, "zap"], [0, "three"]],
    ...               "players": [{"name": "Ana"}, {}, {"name": "Caio"}, {}]})
    "<span class='tl-signal'>Caio signals: <b>zap</b></span>"
    """
    me = msg["seat"]
    got = [escape(_("{name} signals: {signal}").format(
               name=player_name(msg["players"][s]), signal="\x00")).replace(
               "\x00", _tag("b", _(SIGNAL_WORDS[v]) if v in SIGNAL_WORDS else v))
           for s, v in msg.get("signals") or [] if s != me]
    return f"<span class='tl-signal'>{'; '.join(got)}</span>"
