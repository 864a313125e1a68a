"""Why one move beats another, in one plain sentence: their chances to win the hand and what
each puts at stake (the coach's voice, or spoken to the learner with ``you=True``)."""

from __future__ import annotations

from typing import Any, Mapping

from ..i18n import N_, _
from .coach_words import action_text, cap, pct, say, signed

__all__ = ["why_best"]


def _at_stake(action: str, facts: Mapping[str, Any]) -> int | None:
    """What the hand is worth if it is played out after ``action`` (None when unknown)."""
    stake, pending = facts.get("stake"), facts.get("pending")
    if action == "raise":
        base = pending or stake
        nxt = [v for v in facts.get("ladder") or [] if base is not None and v > base]
        return int(nxt[0]) if nxt else None
    if action == "accept":
        return None if pending is None else int(pending)
    return None if stake is None or action == "fold" else int(stake)


def _won_mostly_played(action: str, facts: Mapping[str, Any]) -> bool:
    """Do most of ``action``'s wins come from the hand played for what it puts at stake? Not
    a raise's when they fold to it at once more often than it wins the hand played: a fold
    pays only what was at stake before the raise (``facts["raise_split"]``, the chosen
    raise's numbers; without them, taken as yes)."""
    split = facts.get("raise_split")
    if action != "raise" or not split or (facts.get("decision") or {}).get("chosen",
                                                                            action) != action:
        return True
    fold = float(split["they_fold"])
    return (1.0 - fold) * float(split["played_win"]) > fold


def _pct_key(x: float) -> int:
    return round(100 * x)


def _ev_key(x: float) -> str:
    text = f"{x:+.2f}"
    return "+0.00" if text == "-0.00" else text


# "{other} wins more often" or "both about as often", then what the best move gains instead:
# (often, tail) -> the coach's own voice and the learner's
_OFTEN: dict[tuple[str, str], tuple[str, str]] = {
    ("other", "lose"): (
        N_("{other} wins the hand more often ({other_win} against {best_win}), but when they "
           "accept and win I lose {other_stake} instead of {best_stake}."),
        N_("{other} wins the hand more often ({other_win} against {best_win}), but when they "
           "accept and win you lose {other_stake} instead of {best_stake}.")),
    ("same", "lose"): (
        N_("{best} and {other} win the hand about as often ({best_win}), but when they accept "
           "and win I lose {other_stake} instead of {best_stake}."),
        N_("{best} and {other} win the hand about as often ({best_win}), but when they accept "
           "and win you lose {other_stake} instead of {best_stake}.")),
    ("other", "plays"): (
        N_("{other} wins the hand more often ({other_win} against {best_win}), but {best} "
           "plays for {best_stake} points instead of {other_stake} when they accept."),) * 2,
    ("same", "plays"): (
        N_("{best} and {other} win the hand about as often ({best_win}), but {best} plays for "
           "{best_stake} points instead of {other_stake} when they accept."),) * 2,
    ("other", "scores"): (
        N_("{other} wins the hand more often ({other_win} against {best_win}), but {best} "
           "scores more points on average ({best_ev} against {other_ev}), counting what is "
           "still to come in this hand."),) * 2,
    ("same", "scores"): (
        N_("{best} and {other} win the hand about as often ({best_win}), but {best} scores "
           "more points on average ({best_ev} against {other_ev}), counting what is still to "
           "come in this hand."),) * 2,
}


def why_best(options: Any, best: str, facts: Mapping[str, Any], against: str | None = None,
             you: bool = False) -> str:
    """One plain sentence saying why ``best`` beats ``against`` (by default the best of the
    other options), from their chances to win the hand and what each puts at stake; in the
    coach's voice ("I"), like its summaries, or spoken to the learner (``you``).

    >>> opts = [{"action": "play:QD", "ev": -0.37, "win": 0.32},
    ...         {"action": "raise", "ev": -0.91, "win": 0.52}]
    >>> why_best(opts, "play:QD", {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
    'Raising to truco (3) wins the hand more often (52% against 32%), but when they accept and win I lose 3 instead of 1.'
    >>> why_best([{"action": "fold", "ev": -1, "win": 0}, {"action": "accept", "ev": -1.6, "win": 0.23}],
    ...          "fold", {"stake": 1, "pending": 3, "ladder": [1, 3, 6, 9, 12]})
    'Accepting wins the hand only 23% of the time, and when it loses I lose 3 instead of the 1 that running costs.'

    A raise that wins more often because they run from it wins what was at stake before,
    not what the raise asks:

    >>> opts = [{"action": "raise", "ev": 0.78, "win": 0.94},
    ...         {"action": "play:4D", "ev": -1.0, "win": 0.0}]
    >>> facts = {"stake": 1, "ladder": [1, 3, 6, 9, 12], "raise_split": {"they_fold": 0.94,
    ...          "played_win": 0.0}}
    >>> why_best(opts, "raise", facts)
    'Raising to truco (3) wins the hand more often than playing 4♦ (94% against 0%).'
    >>> why_best(opts, "raise", {**facts, "raise_split": {"they_fold": 0.2, "played_win": 0.9}})
    'Raising to truco (3) wins the hand more often than playing 4♦ (94% against 0%), and for 3 points instead of 1.'

    An envido or flor decision is about points: its chance to win the hand (the truco's) is
    not what makes one call better than another.

    >>> why_best([{"action": "falta_envido", "ev": 7.1, "win": 0.4},
    ...           {"action": "real_envido", "ev": 3.62, "win": 0.65}], "falta_envido",
    ...          {"stake": 1, "decision": {"kind": "envido"}})
    'Calling falta envido scores more points on average than calling real envido (+7.10 against +3.62), counting the envido and the rest of the hand.'
    """
    by = {str(o.get("action")): o for o in options or [] if o.get("ev") is not None}
    b = by.get(best)
    rest = sorted((o for a, o in by.items() if a != best), key=lambda o: -float(o["ev"]))
    o = by.get(against) if against is not None and against != best else (rest[0] if rest else None)
    if b is None or o is None or (facts.get("decision") or {}).get("kind") in ("only", "blind"):
        return ""
    other = str(o["action"])
    bw, ow = float(b.get("win") or 0.0), float(o.get("win") or 0.0)
    sb, so = _at_stake(best, facts), _at_stake(other, facts)
    values = {"best": action_text(best, facts), "other": action_text(other, facts),
              "best_win": pct(bw), "other_win": pct(ow), "best_stake": sb, "other_stake": so,
              "best_ev": signed(float(b["ev"])), "other_ev": signed(float(o["ev"]))}
    if (best.startswith("onze:") and b.get("game") is not None and o.get("game") is not None
            and float(b["game"]) >= float(o["game"])):
        return cap(say(you, N_("{best} gives me the better chance to win the game ({best_game} "
                               "against {other_game})."),
                       N_("{best} gives you the better chance to win the game ({best_game} "
                          "against {other_game}).")).format(
            **values, best_game=pct(float(b["game"])), other_game=pct(float(o["game"]))))
    if (facts.get("decision") or {}).get("kind") in ("envido", "flor"):
        # the envido or flor is about points, not about winning the hand (the truco's chance)
        if _ev_key(float(b["ev"])) == _ev_key(float(o["ev"])):
            return cap(_("{best} and {other} are worth the same here ({best_ev}).")
                       .format(**values))
        return cap(_("{best} scores more points on average than {other} ({best_ev} against "
                     "{other_ev}), counting the envido and the rest of the hand.")
                   .format(**values))
    if best == "fold" and so is not None:
        return cap(say(you, N_("{other} wins the hand only {other_win} of the time, and when it "
                               "loses I lose {other_stake} instead of the {stake} that running "
                               "costs."),
                       N_("{other} wins the hand only {other_win} of the time, and when it "
                          "loses you lose {other_stake} instead of the {stake} that running "
                          "costs.")).format(**values, stake=facts.get("stake")))
    if _pct_key(bw) != _pct_key(ow) and bw > ow:
        if sb and so and sb > so and _won_mostly_played(best, facts):
            return cap(_("{best} wins the hand more often than {other} ({best_win} against "
                         "{other_win}), and for {best_stake} points instead of {other_stake}.")
                       .format(**values))
        return cap(_("{best} wins the hand more often than {other} ({best_win} against "
                     "{other_win}).").format(**values))
    if _ev_key(float(b["ev"])) == _ev_key(float(o["ev"])):
        return cap(_("{best} and {other} are worth the same here ({best_ev}).").format(**values))
    if other == "raise" and sb is not None and so is not None and so > sb and ow >= 0.85:
        return say(you, N_("My cards are strong enough that a raise now would only make them "
                           "run and pay {stake}: {best} keeps the raise for when it can win "
                           "more."),
                   N_("Your cards are strong enough that a raise now would only make them "
                      "run and pay {stake}: {best} keeps the raise for when it can win "
                      "more.")).format(**values, stake=facts.get("pending") or facts.get("stake"))
    often = "other" if _pct_key(bw) != _pct_key(ow) else "same"
    if sb is not None and so is not None and so > sb:
        tail = "lose"
    elif sb is not None and so is not None and sb > so:
        tail = "plays"
    else:
        tail = "scores"
    me, to_you = _OFTEN[(often, tail)]
    return cap(say(you, me, to_you).format(**values))
