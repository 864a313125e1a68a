"""The words of a level's habit: the sentence that says a habit made the move ("An easy
player's habit: I never call without a manilha, so I play the 4 of hearts.") and what the
coach would have done instead, in the current language (:mod:`.levels` has the habits).

>>> from truco_learn.engine import new_hand
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> _doing(s, RAISE, "french"), _doing(s, FOLD, "french", would=True)
('call truco', 'run')
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.actions import ACCEPT, ACTION_STR, BLIND, COVER, FOLD, ONZE_PLAY, RAISE
from ..engine.cards import card_name
from ..engine.state import HandState
from ..i18n import N_, _, pgettext
from .base import Decision
from .coach_words import english, eleven_name, pct, signed, the_card
from .envido_words import envido_words

__all__ = ["explain_habit", "habit_summary"]

_HABIT_SENTENCE = {
    "beginner": N_("A beginner's habit: I {habit}, so I {move}."),
    "easy": N_("An easy player's habit: I {habit}, so I {move}."),
}


def _stake_call(s: HandState) -> str:
    ladder = s.deal.opts.ladder
    base = s.pending[1] if s.pending is not None else s.stake
    value = s.deal.next_stake.get(base, base)
    i = ladder.index(value) if value in ladder else -1
    names = {1: "truco", 2: "seis", 3: "nove" if value == 9 else "dez", 4: "doze"}
    if tuple(ladder) == (1, 2, 3, 4):  # the Argentine calls
        names = {1: "truco", 2: _("retruco"), 3: _("vale cuatro")}
    return names.get(i) or _("raise to {points}").format(points=value)


def _doing(s: HandState, code: int, deck: str, would: bool = False) -> str:
    """What a move is, in the first person: 'play the 3 of spades', 'call truco' (in other
    languages "I do" and "I would do" read differently: ``would``)."""
    def card(c: int) -> str:
        return the_card(card_name(c, deck, s.deal.vira, s.deal.opts.manilhas), c)

    def msg(do: str, would_do: str) -> str:
        return would_do if would else do

    if code < COVER:
        return msg(pgettext("habit: I do", "play {card}"),
                   pgettext("habit: I would", "play {card}")).format(card=card(code))
    if code < BLIND:
        return msg(pgettext("habit: I do", "cover {card}"),
                   pgettext("habit: I would", "cover {card}")).format(card=card(code - COVER))
    if code < RAISE:
        nth = (pgettext("ordinal of a card", "first"), pgettext("ordinal of a card", "second"),
               pgettext("ordinal of a card", "third"))[code - BLIND]
        return msg(pgettext("habit: I do", "turn up my {nth} card"),
                   pgettext("habit: I would", "turn up my {nth} card")).format(nth=nth)
    if code == RAISE:
        return msg(pgettext("habit: I do", "call {call}"),
                   pgettext("habit: I would", "call {call}")).format(call=_stake_call(s))
    ext = envido_words(ACTION_STR[code])  # envido, flor, dropping out
    if ext is not None:
        return msg(ext[3], ext[0])
    n = eleven_name(s.deal.opts.eleven_at)
    if code == ACCEPT:
        return msg(pgettext("habit: I do", "accept"), pgettext("habit: I would", "accept"))
    if code == FOLD:
        return msg(pgettext("habit: I do", "run"), pgettext("habit: I would", "run"))
    if code == ONZE_PLAY:
        return msg(pgettext("habit: I do", "play the {name}"),
                   pgettext("habit: I would", "play the {name}")).format(name=n)
    return msg(pgettext("habit: I do", "run from the {name}"),
               pgettext("habit: I would", "run from the {name}")).format(name=n)


def _signed(x: float) -> str:
    return format(x, "+.2f").replace("-", "−") if english() else signed(x)


def habit_summary(explanation: Mapping[str, Any], public: bool = False) -> str | None:
    """The habit sentence of an explanation (``None`` when no habit decided the move);
    ``public`` leaves out the coach's own choice, which may name a card still held.

    >>> habit_summary({"facts": {"habit": {"sentence": "A.", "coach_sentence": " B."}}})
    'A. B.'
    >>> habit_summary({"facts": {"habit": {"sentence": "A.", "coach_sentence": " B."}}}, True)
    'A.'
    """
    habit = (explanation.get("facts") or {}).get("habit")
    if not habit:
        return None
    return str(habit["sentence"]) + ("" if public else str(habit["coach_sentence"]))


def explain_habit(d: Decision, level: str, habit: tuple[str, str], code: int, s: HandState
                  ) -> Decision:
    """The coach's decision ``d`` turned into the move ``code`` that a habit of ``level``
    made (``habit``: its name and its catalog text): the action, the habit's sentence, what the
    coach would have done with its numbers, and ``facts["habit"]``."""
    name, text = habit
    deck = s.deal.opts.deck
    action = ACTION_STR[code]
    exp = dict(d.explanation)
    facts = dict(exp.get("facts") or {})
    decision = dict(facts.get("decision") or {})
    sentence = _(_HABIT_SENTENCE[level]).format(habit=_(text), move=_doing(s, code, deck))
    by_action = {o["action"]: o for o in exp.get("options") or []}
    mine, best = by_action.get(action, {}), by_action.get(d.action, {})
    if action == d.action:
        if all(isinstance(mine.get(k), (int, float)) for k in ("ev", "win")):
            said = _("Thinking it through, I would do the same ({ev} points on average; I "
                     "win the hand {win} of the time).").format(
                ev=_signed(mine["ev"]), win=pct(mine["win"]))
        else:
            said = _("Thinking it through, I would do the same.")
    else:
        would = _doing(s, ACTION_STR.index(d.action), deck, would=True)
        numbers = (isinstance(mine.get("ev"), (int, float))
                   and isinstance(best.get("ev"), (int, float)))
        if numbers and _signed(best["ev"]) == _signed(mine["ev"]):  # no better as written
            said = _("Thinking it through, I could just as well {move}: both are worth {ev} "
                     "points on average.").format(move=would, ev=_signed(mine["ev"]))
        elif numbers:
            said = _("Thinking it through, I would {move} ({best_ev} points on average "
                     "against {ev}).").format(move=would, best_ev=_signed(best["ev"]),
                                              ev=_signed(mine["ev"]))
        else:
            said = _("Thinking it through, I would {move}.").format(move=would)
    coach_sentence = " " + said
    decision.update({"chosen": action, "bluff": False})
    facts["decision"] = decision
    facts["habit"] = {"name": name, "level": level, "text": text,
                      "coach_choice": d.action, "sentence": sentence,
                      "coach_sentence": coach_sentence}
    exp["facts"] = facts
    exp["summary"] = sentence + coach_sentence
    return Decision(action, exp)
