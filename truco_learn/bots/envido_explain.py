"""The coach's envido, flor and dropping-out decisions explained: the facts (my points, how many
of the hands the other team may hold have less, what each answer pays) and one sentence.

The facts come from hidden deals drawn like the coach's own (consistent with everything this
seat has seen: flors declared, envido values announced, and weighed by what their envido calls
and answers say of their points, :mod:`.envido_evidence`), so the share is "of the hands they
may hold".

>>> facts = {"envido": {"mine": 31, "share_below": 0.78, "what": "envido"},
...          "decision": {"kind": "envido", "chosen": "real_envido"}}
>>> envido_summary({"options": [{"action": "real_envido", "ev": 1.9, "win": 0.6},
...                             {"action": "play:4H", "ev": 0.2, "win": 0.5}], "facts": facts})
'I hold 31 for envido; of the hands they may hold, 78% have less, so I call real envido: worth +1.90 against +0.20 for playing 4♥.'

A call most of their hands beat is a bluff, and says so, with how often they say no quiero (the
share of the coach's playouts where they did):

>>> facts["envido"].update(mine=5, share_below=0.03, they_fold=0.72)
>>> facts["decision"]["chosen"] = "falta_envido"
>>> envido_summary({"options": [{"action": "falta_envido", "ev": 0.4, "win": 0.3},
...                             {"action": "play:4H", "ev": 0.1, "win": 0.3}], "facts": facts})
'I hold 5 for envido and 3% of the hands they may hold have less, so I call falta envido as a bluff: they say no quiero about 72% of the time, and it is worth +0.40 against +0.10 for playing 4♥.'
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..engine.actions import ACTION_STR, DROP, ENVIDO_CALLS, FLOR_ANSWERS
from ..engine.envido import team_values
from ..engine.handpoints import envido_points, flor_points
from ..engine.observer import HiddenCards, Observed
from ..engine.state import HandState, apply_legal
from ..i18n import N_, _
from .coach_words import action_text, pct, say, signed
from .envido_evidence import EnvidoEvidence, EnvidoLearnt
from .sentences import game_reason, summarize

DRAWS = 200  # hidden deals drawn for the share (no playouts: cheap)
# an envido call is named a bluff when fewer of their possible hands than this are below mine
# (clearly most beat it: a call on 30 with 47% below, at four seats, is no bluff to a learner)
BLUFF_BELOW = 0.4


def envido_kind(s: HandState, chosen: int, actions: tuple[int, ...]) -> str | None:
    """``"envido"``, ``"flor"`` or ``"drop"`` when this decision is about one of them (an
    envido or flor waits, or the chosen move is one), else ``None``."""
    x = s.ext
    if x is None or len(actions) < 2:
        return None
    if x.flor_wait or chosen in FLOR_ANSWERS:
        return "flor"
    if x.env_open or chosen in ENVIDO_CALLS:
        return "envido"
    if chosen == DROP:
        return "drop"
    return None


def envido_facts(ob: Observed, s: HandState, kind: str, rng: random.Random,
                 learnt: EnvidoLearnt | None = None) -> dict[str, Any]:
    """My envido or flor points and the share of the other team's possible hands below them
    (their envido calls and answers read by ``learnt``, what was learnt of them, if given)."""
    x = s.ext
    assert x is not None
    seat = ob.seat
    hand = s.deal.hands[seat]
    out: dict[str, Any] = {"what": kind, "stake": s.stake}
    if kind == "drop":
        # what the engine does with the drop (RULES.md, Dropping out): the hand ends only
        # when every seat of the team is out, and the other team then scores the stake, plus 1
        # before any card while an envido could still have been called; no hidden card counts
        after = apply_legal(s, DROP)
        pays = after.points[1 - (seat & 1)] if after.over else 0
        out.update(drop_pays=pays, drop_extra=int(after.over and pays > s.stake),
                   partner_on=not after.over)
        return {"envido": out}
    hidden = HiddenCards.of(ob)
    below = 0
    them = 1 - (seat & 1)
    flor = kind == "flor"
    mine = flor_points(hand) if flor else envido_points(hand)
    said = EnvidoEvidence.of(ob, 1.0, *(learnt or (None, None)))  # what their calls say
    for _ in range(DRAWS):
        hands, _ = said.draw(hidden.draw, rng)
        if flor:
            theirs = max((flor_points(hands[k]) for k in x.flor_seats
                          if k & 1 == them and k not in x.dropped), default=-1)
        else:
            theirs = team_values(hands, x.dropped)[them]
        below += theirs < mine
    out.update(mine=mine, share_below=round(below / DRAWS, 3))
    if x.env_calls:
        out["calls"] = [a for _, a in _named_calls(x.env_calls)]
    return {"envido": out}


def _named_calls(calls: tuple[tuple[int, int], ...]) -> list[tuple[int, str]]:
    return [(seat, ACTION_STR[c]) for seat, c in calls]


# "so I ...": each answer its own sentence, in the coach's voice and spoken to the learner
_ENVIDO: dict[str, tuple[str, str]] = {
    "envido": (N_("I hold {mine} for envido; of the hands they may hold, {share} have less, so "
                  "I call envido: worth {ev}{versus}."),
               N_("You hold {mine} for envido; of the hands they may hold, {share} have less, "
                  "so you call envido: worth {ev}{versus}.")),
    "real_envido": (N_("I hold {mine} for envido; of the hands they may hold, {share} have "
                       "less, so I call real envido: worth {ev}{versus}."),
                    N_("You hold {mine} for envido; of the hands they may hold, {share} have "
                       "less, so you call real envido: worth {ev}{versus}.")),
    "falta_envido": (N_("I hold {mine} for envido; of the hands they may hold, {share} have "
                        "less, so I call falta envido: worth {ev}{versus}."),
                     N_("You hold {mine} for envido; of the hands they may hold, {share} have "
                        "less, so you call falta envido: worth {ev}{versus}.")),
    "accept": (N_("I hold {mine} for envido; of the hands they may hold, {share} have less, so "
                  "I say quiero: worth {ev}{versus}."),
               N_("You hold {mine} for envido; of the hands they may hold, {share} have less, "
                  "so you say quiero: worth {ev}{versus}.")),
    "fold": (N_("I hold {mine} for envido; of the hands they may hold, {share} have less, so I "
                "say no quiero: worth {ev}{versus}."),
             N_("You hold {mine} for envido; of the hands they may hold, {share} have less, so "
                "you say no quiero: worth {ev}{versus}.")),
}
# Translators: any other move while an envido is open; "{action}" is a move as
# :func:`.coach_words.action_text` says it ("playing 4♥", "jogar 4♥")
_ENVIDO_OTHER = (N_("I hold {mine} for envido; of the hands they may hold, {share} have less, "
                    "so I go for {action}: worth {ev}{versus}."),
                 N_("You hold {mine} for envido; of the hands they may hold, {share} have less, "
                    "so you go for {action}: worth {ev}{versus}."))

# an envido call on an envido most of their hands beat: a bluff, worth its while only by their
# no quiero (the call's name is the same in every language)
_CALLS = {"envido": "envido", "real_envido": "real envido", "falta_envido": "falta envido"}
_BLUFF = (N_("I hold {mine} for envido and {share} of the hands they may hold have less, so I "
             "call {call} as a bluff: they say no quiero about {fold} of the time, and it is "
             "worth {ev}{versus}."),
          N_("You hold {mine} for envido and {share} of the hands they may hold have less, so "
             "you call {call} as a bluff: they say no quiero about {fold} of the time, and it "
             "is worth {ev}{versus}."))


def share_text(x: float) -> str:
    """A share of their possible hands, never a flat "0%" or "100%" (the share is of sampled
    hands, so a few unseen ones may still be there).

    >>> share_text(0.78), share_text(0.005), share_text(0.999)
    ('78%', 'under 1%', 'over 99%')
    """
    if round(100 * x) < 1:  # (round: what "0%" would have shown)
        # Translators: a share of the hands they may hold, "{share}" is "1%"
        return _("under {share}").format(share=pct(0.01))
    if round(100 * x) > 99:
        # Translators: a share of the hands they may hold, "{share}" is "99%"
        return _("over {share}").format(share=pct(0.99))
    return pct(x)


def envido_summary(explanation: Mapping[str, Any], you: bool = False) -> str:
    """One sentence for an envido, flor or dropping-out decision, from its facts (``you``:
    spoken to the learner about the learner's seat), and one more when the move was chosen
    over a richer one for the chance to win the game (:func:`.sentences.game_reason`)."""
    text = _sentence(explanation, you)
    options = [o for o in explanation.get("options", []) if o.get("ev") is not None]
    chosen = str(((explanation.get("facts") or {}).get("decision") or {}).get("chosen", ""))
    mine = next((o for o in options if o["action"] == chosen), None)
    if mine is None or not options:
        return text
    richer = max(options, key=lambda o: float(o["ev"]))
    return text + game_reason(mine, richer, explanation.get("facts") or {}, you)


def _sentence(explanation: Mapping[str, Any], you: bool) -> str:
    options = {o["action"]: o for o in explanation.get("options", [])}
    facts: Mapping[str, Any] = explanation.get("facts", {})
    dec: Mapping[str, Any] = facts.get("decision", {})
    info: Mapping[str, Any] = facts.get("envido", {})
    chosen = str(dec.get("chosen", ""))
    mine = options.get(chosen, {})
    ev = float(mine.get("ev") or 0.0)
    others = sorted((o for a, o in options.items() if a != chosen and o.get("ev") is not None),
                    key=lambda o: -float(o["ev"]))
    versus = ""
    if others:
        versus = _(" against {ev} for {action}").format(
            ev=signed(float(others[0]["ev"])),
            action=action_text(str(others[0]["action"]), facts))
    values = {"ev": signed(ev), "versus": versus, "action": action_text(chosen, facts),
              "mine": info.get("mine"), "share": share_text(float(info.get("share_below", 0.0)))}
    if info.get("what") == "drop":
        return _drop_sentence(info, mine, others, values, you)
    if info.get("what") == "flor":
        return say(you, N_("I hold a flor of {mine}; of the flors they may hold, {share} are "
                           "lower, so I go for {action}: worth {ev}{versus}."),
                   N_("You hold a flor of {mine}; of the flors they may hold, {share} are "
                      "lower, so you go for {action}: worth {ev}{versus}.")).format(**values)
    fold = info.get("they_fold")
    if chosen in _CALLS and fold is not None:
        values["fold"], values["call"] = pct(float(fold)), _CALLS[chosen]
        if float(info.get("share_below", 0.0)) < BLUFF_BELOW:  # most of their hands beat mine
            return say(you, *_BLUFF).format(**values)
        me, to_you = _ENVIDO[chosen]
        return (say(you, me, to_you).format(**values) + " "
                + _("They say no quiero about {fold} of the time.").format(**values))
    if chosen in _ENVIDO:
        me, to_you = _ENVIDO[chosen]
        return say(you, me, to_you).format(**values)
    return say(you, *_ENVIDO_OTHER).format(**values)


def _drop_sentence(info: Mapping[str, Any], mine: Mapping[str, Any],
                   others: list[Mapping[str, Any]], values: dict[str, Any], you: bool) -> str:
    """What dropping out gives the other team (RULES.md, Dropping out), from the facts:
    nothing yet when the partner plays on; else the stake, plus 1 before any card while an
    envido could still be called. The chance named for "my cards" is that of playing on (the
    best other option), not the drop's own (none, when the hand is given up)."""
    if info.get("partner_on"):
        return say(you, N_("I drop out and my partner plays the hand on alone; we would still "
                           "win it {win} of the time, so I leave: worth {ev}{versus}."),
                   N_("You drop out and your partner plays the hand on alone; you would still "
                      "win it {win} of the time, so you leave: worth {ev}{versus}.")
                   ).format(**values, win=pct(float(mine.get("win") or 0.0)))
    on = others[0] if others else mine
    win = pct(float(on.get("win") or 0.0))
    if info.get("drop_extra"):
        return say(you, N_("Dropping out gives them {pays}: the {stake} the hand is worth now, "
                           "plus 1 because no card has been played yet and an envido could "
                           "still be called; my cards would win it only {win} of the time, so "
                           "I leave: worth {ev}{versus}."),
                   N_("Dropping out gives them {pays}: the {stake} the hand is worth now, "
                      "plus 1 because no card has been played yet and an envido could still "
                      "be called; your cards would win it only {win} of the time, so you "
                      "leave: worth {ev}{versus}.")
                   ).format(**values, pays=info.get("drop_pays"), stake=info.get("stake"),
                            win=win)
    return say(you, N_("Dropping out gives them the {stake} the hand is worth now; my cards "
                       "would win it only {win} of the time, so I leave: worth "
                       "{ev}{versus}."),
               N_("Dropping out gives them the {stake} the hand is worth now; your cards "
                  "would win it only {win} of the time, so you leave: worth "
                  "{ev}{versus}.")).format(**values, stake=info.get("stake"), win=win)


def summary_of(explanation: Mapping[str, Any], you: bool = False, why: bool = True) -> str:
    """The coach's summary of an explanation, made again from its facts in the current
    language (``you``, ``why``: as for :func:`~.sentences.summarize`)."""
    facts: Mapping[str, Any] = explanation.get("facts") or {}
    kind = (facts.get("decision") or {}).get("kind")
    if kind in ("envido", "flor", "drop") and "envido" in facts:
        return envido_summary(explanation, you)
    return summarize(explanation, you, why)


__all__ = ["BLUFF_BELOW", "DRAWS", "envido_facts", "envido_kind", "envido_summary", "share_text",
           "summary_of"]
