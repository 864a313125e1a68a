"""Draw a table-service ``state`` message with the play page's table widget.

The message holds one seat's observation (PROTOCOL.md); the engine rebuilds a hand from it
(the unseen cards filled in arbitrarily and never drawn), the play layer's ``table_view``
makes the picture, ``table_json`` the widget's data. A spectator's picture has no hand, no
covered card and no button.

>>> import random
>>> from truco_learn.engine import new_match, observation
>>> m = new_match("paulista-2p", random.Random(3))
>>> msg = {"seat": 0, "observation": observation(m.hand, 0), "hand": 1, "hand_over": False,
...        "game_over": False, "score": [0, 0], "legal": [],
...        "players": [{"name": "Ana"}, {"name": "Bia"}]}
>>> v = state_view(msg)
>>> len(v["hand"]), [s["name"] for s in v["seats"]]   # the reader's own seat is "You"
(3, ['You', 'Bia'])
>>> spectator = dict(msg, seat=None, observation=dict(msg["observation"], seat=None, hand=None))
>>> w = state_view(spectator)
>>> w["hand"], w["bar"], [s["name"] for s in w["seats"]]
([], [], ['Ana', 'Bia'])
"""

from __future__ import annotations

import itertools
import random
from typing import Any, Mapping

from ..engine.cards import DECK, card_str, parse_card
from ..engine.observer import determinize, parse_observation
from ..engine.options import make_options
from ..errors import TrucoError
from ..i18n import _, pgettext
from ..play.view import table_view
from ..tables.friendly import player_name
from .svg import card_svg
from .table_render import table_json

__all__ = ["state_view", "spectator_observation"]


def spectator_observation(obs: Mapping[str, Any]) -> dict[str, Any]:
    """A spectator's observation dressed as the first seat's, with stand-in cards for what
    that seat holds (only to rebuild a hand; those cards are never drawn). With public flors
    and envido points the stand-ins must fit them too: the first fitting hand is taken."""
    opts = make_options(obs["variant"], obs.get("options") or {})
    ob = dict(obs, seat=0, partner_hand=None)
    score = obs.get("score", [0, 0])
    iron = opts.iron and min(score) >= opts.eleven_at
    if iron:
        ob["hand"] = None
        return ob
    seen = {parse_card(obs["vira"])} if obs.get("vira") else set()
    for _, text in obs["log"]:
        if text.startswith("play:"):
            seen.add(parse_card(text[5:]))
    unseen = [c for c in DECK if c not in seen]
    played = [parse_card(t[5:]) for s, t in obs["log"] if s == 0 and t.startswith("play:")]
    covers = sum(1 for s, t in obs["log"] if s == 0 and t == "cover")
    # with the flor rule even "nobody holds a flor" is public: the stand-ins must fit it
    public_points = opts.flor or obs.get("envido_values") is not None
    fills = itertools.combinations(unseen, 3 - len(played))
    first = None
    for k, extra in enumerate(fills):
        candidate = _dressed(ob, played, list(extra), covers)
        if not public_points:
            return candidate
        first = first or candidate
        try:
            determinize(parse_observation(candidate), random.Random(0))
            return candidate
        except TrucoError:
            if k >= _FILL_TRIES:
                break
    return first if first is not None else _dressed(ob, played, unseen[:3 - len(played)], covers)


_FILL_TRIES = 20_000


def _dressed(ob: dict[str, Any], played: list[int], extra: list[int],
             covers: int) -> dict[str, Any]:
    """``ob`` with seat 0 holding ``played`` plus ``extra``; its covered plays (as many as
    ``covers``) are the first of ``extra``."""
    hidden = list(extra)
    log = []
    for s, text in ob["log"]:
        if s == 0 and text == "cover":
            text = "cover:" + card_str(hidden.pop(0))
        log.append([s, text])
    return dict(ob, hand=[card_str(c) for c in played + list(extra)], log=log)


def _team_names(names: list[str], seat: int | None
                ) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    """A four-seat table's teams by their players ("Coaches" is the play page's other team; a
    spectator has no team): the score board's names, and the names the table's sentences use as
    their subject ("Bia & Davi called truco"; in Portuguese "Dupla Bia e Davi pediu truco")."""
    if len(names) != 4:
        return None, None
    board = [_("{first} & {second}").format(first=names[t], second=names[t + 2]) for t in (0, 1)]
    # Translators: a team of two players named as the subject of a sentence ("{team} won",
    # "{raiser} called truco"): one team, a singular subject
    said = [pgettext("team in a sentence", "{first} & {second}").format(
        first=names[t], second=names[t + 2]) for t in (0, 1)]
    if seat is not None:
        board[seat % 2] = said[seat % 2] = _("Your team")
    return (board[0], board[1]), (said[0], said[1])


def state_view(msg: Mapping[str, Any], deck: str = "preset",
               next_action: tuple[str, str] | None = None,
               events: list[str] | None = None) -> dict[str, Any]:
    """The table widget's ``view`` for a ``state`` message."""
    seat = msg["seat"]
    obs = msg["observation"] if seat is not None else spectator_observation(msg["observation"])
    ob = parse_observation(obs)
    h = determinize(ob, random.Random(0))
    names = [player_name(p) for p in msg["players"]]
    me = 0 if seat is None else int(seat)
    if seat is not None:  # the reader's own seat is "You", in the narration too, as on the play page
        names[me] = _("You")
    result = ""
    if msg.get("hand_over"):
        # The score itself is said once, by name, right after this (table_render.announcement)
        # and shown on the scoreboard: "Hand over. Score 0–3. Score: 0 for You, 3 for Bruno."
        # said it twice.
        result = _("Hand over.")
    deck_name = ob.opts.deck if deck == "preset" else deck
    board, teams = _team_names(names, seat)
    view = table_view(h, me, names, result, deck=deck_name, teams=teams)
    data = table_json(view, deck=deck_name,
                      hand_number=int(msg["hand"]), match_over=bool(msg["game_over"]),
                      next_action=next_action, events=events or [])
    if board is not None:
        for k, entry in enumerate(data["score"]):
            entry["name"] = board[k]
    vote = msg.get("vote")
    if vote and seat is not None and seat in vote["seats"] and not msg.get("hand_over"):
        # both partners decide (RULES.md, table customs): the one who does not answer is
        # told so where they look, not only in the vote's line under the table
        data["status"] = " ".join(x for x in (data["status"], _(
            "Your team votes on it: choose with your partner, or the team runs.")) if x)
    if seat is None:
        data["envido_count"] = ""  # a spectator holds no cards (its hand here is a stand-in)
        data["hand"] = []
        data["bar"] = []
        data["your_turn"] = False
        data["cover"] = {"possible": False, "enabled": False, "reason": ""}
        for s in data["seats"]:
            s["learner"] = False
            s["shown"] = None
            s["backs"] = [card_svg(None, width=34) for _ in range(s["cards_left"])]
        for t in data["tricks"]:
            for p in t["plays"]:
                if p["card"] is None:
                    label = _("{name}: covered card").format(name=p["name"])
                    p["svg"] = card_svg(None, width=56, label=label)
                    p["label"] = label
        for s in data["score"]:
            s["mine"] = False
    return data
