"""The hand of eleven's summary: at eleven any win ends the game, so it compares the chances to
win the game, not points (the coach's own voice and, with ``you=True``, the learner's)."""

from __future__ import annotations

from typing import Any, Mapping

from ..i18n import N_, _
from .coach_words import action_text, cap, eleven_name, pct, say

__all__ = ["onze_summary"]


# the second sentence of a hand of eleven's summary: (wins the game?, how it ends) -> the
# coach's own voice and the learner's
_ONZE: dict[tuple[bool, str], tuple[str, str]] = {
    (False, "choose"): (
        N_("We would win it {win} of the time, so I choose {action}."),
        N_("You would win it {win} of the time, so you choose {action}.")),
    (True, "choose"): (
        N_("We would win it {win} of the time, and winning it wins us the game, so I choose "
           "{action}."),
        N_("You would win it {win} of the time, and winning it wins you the game, so you "
           "choose {action}.")),
    (False, "chance"): (
        N_("We would win it {win} of the time, so {action} gives us a {game} chance to win "
           "the game."),
        N_("You would win it {win} of the time, so {action} gives you a {game} chance to win "
           "the game.")),
    (True, "chance"): (
        N_("We would win it {win} of the time, and winning it wins us the game, so {action} "
           "gives us a {game} chance to win the game."),
        N_("You would win it {win} of the time, and winning it wins you the game, so {action} "
           "gives you a {game} chance to win the game.")),
    (False, "against"): (
        N_("We would win it {win} of the time, so {action} gives us a {game} chance to win "
           "the game, against {other_game} for {other}."),
        N_("You would win it {win} of the time, so {action} gives you a {game} chance to win "
           "the game, against {other_game} for {other}.")),
    (True, "against"): (
        N_("We would win it {win} of the time, and winning it wins us the game, so {action} "
           "gives us a {game} chance to win the game, against {other_game} for {other}."),
        N_("You would win it {win} of the time, and winning it wins you the game, so {action} "
           "gives you a {game} chance to win the game, against {other_game} for {other}.")),
}


def _onze_words(action: str, facts: Mapping[str, Any]) -> str:
    if action == "onze:play":
        return action_text(action, facts)
    if action == "onze:fold":
        return _("running")
    return action_text(action, facts)


def onze_summary(chosen: str, mine: Mapping[str, Any], options: Mapping[str, Any],
                  facts: Mapping[str, Any], you: bool = False) -> str:
    """At eleven any win ends the game, so the sentence compares chances to win the game, not
    points.

    >>> print(onze_summary("onze:play", {"action": "onze:play", "win": 0.55, "game": 0.6},
    ...     {"onze:fold": {"action": "onze:fold", "win": 0.0, "game": 0.5}},
    ...     {"eleven_at": 10, "eleven_fold": 2, "stake": 4, "score": [10, 3], "target": 12}))
    Hand of ten: running gives them 2, playing makes the hand worth 4. We would win it 55% of the time, and winning it wins us the game, so playing the hand gives us a 60% chance to win the game, against 50% for running.
    """
    at = int(facts.get("eleven_at") or 11)
    play = options.get("onze:play", mine)
    head = cap(_("{name}: running gives them {fold}, playing makes the hand worth {stake}.")
               .format(name=eleven_name(at), fold=facts.get("eleven_fold", 1),
                       stake=facts.get("stake")))
    score = facts.get("score") or [at, 0]
    stake = int(facts.get("stake") or 0)
    wins = facts.get("target") is not None and int(score[0]) + stake >= int(facts["target"])
    other = next((o for a, o in options.items() if a != chosen), None)
    values = {"win": pct(float(play["win"])), "action": _onze_words(chosen, facts)}
    if mine.get("game") is None:
        ending = "choose"
    else:
        values["game"] = pct(float(mine["game"]))
        ending = "chance"
        if other is not None and other.get("game") is not None:
            ending = "against"
            values.update(other_game=pct(float(other["game"])),
                          other=_onze_words(str(other["action"]), facts))
    me, to_you = _ONZE[(wins, ending)]
    return head + " " + say(you, me, to_you).format(**values)
