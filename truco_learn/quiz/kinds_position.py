"""The ``position`` item kind: "what would you do here?" in a position a teacher chose (a
replay scenario exported from the hand replayer). The answer is the coach's best move there,
and the feedback gives every option's numbers.

Unlike the seeded kinds, the item is rebuilt from its scenario and seed, which an assignment
carries (:class:`~truco_learn.classroom.assignment.Assignment` ``positions``).

>>> sc = {"variant": "paulista-2p", "dealer": 1, "vira": "7D",
...       "hands": [["4H", "5S", "6D"], ["QC", "QH", "3S"]], "actions": ["raise"]}
>>> item = position_item(sc, seed=1)
>>> item.kind, item.rule, item.choices
('position', 'coach.answer', ('Accept truco', 'Run from truco', 'Call seis'))
>>> item.answer != "Run from truco"        # zap and copas: never run
True
>>> item.prompt.splitlines()[0]
'What would you do here? Your opponent calls truco (3 points).'
"""

from __future__ import annotations

import json
import math
from typing import Any, Mapping

from ..bots import make_bot
from ..engine.cards import card_name
from ..engine.observer import observation
from ..engine.state import legal_actions
from ..errors import ScenarioError
from ..play.replay_board import HandRecord, ReplayBoard, position_scenario
from ..play.replay_eval import action_words
from ..i18n import _, current
from .kinds_coach import signed
from .model import QuizItem

__all__ = ["position_item", "canonical_position", "position_names", "LEVEL"]

LEVEL = "normal"
MIN_GAP = 0.3  # expected points between the best option and the next for a clear answer
KIND = "position"


def position_names(seats: int) -> tuple[str, ...]:
    """How the question names the seats, from the seat to act (index 0).

    >>> position_names(4)
    ('You', 'The player on your right', 'Your partner', 'The player on your left')
    """
    if seats == 2:
        return (_("You"), _("Your opponent"))
    return (_("You"), _("The player on your right"), _("Your partner"),
            _("The player on your left"))


def canonical_position(data: Any) -> dict[str, Any]:
    """Check a scenario is a position to ask about (a hand not over, where the seat to act
    has two or more choices) and return it in canonical form; raise ScenarioError (or
    another TrucoError) naming what is wrong.

    >>> canonical_position('{"variant": "paulista-2p", "dealer": 1, "vira": "7D", '
    ...     '"hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]], "actions": ["play:qc"]}')["actions"]
    ['play:QC']
    >>> canonical_position({"variant": "paulista-2p", "dealer": 1, "vira": "7D", "actions": [],
    ...     "hands": [["QC", "3S", "4H"], ["2H", "5C", "KD"]], "score": [11, 11]})
    Traceback (most recent call last):
    ...
    truco_learn.errors.ScenarioError: nothing to ask in this position: the player to act has only one move (blind:0)
    """
    record = HandRecord.from_scenario(data)
    state = record.states()[-1]
    if state.over:
        raise ScenarioError("nothing to ask in this position: the hand is over")
    legal = legal_actions(state)
    if len(legal) < 2:
        raise ScenarioError(f"nothing to ask in this position: the player to act has only one "
                            f"move ({legal[0]})")
    return position_scenario(record, len(record.log))


def position_item(scenario: Any, seed: int = 0) -> QuizItem:
    """The question for ``scenario`` (a replay scenario, object or JSON text), the coach
    seeded with ``seed``, worded in the current language; raise a TrucoError when it is not a
    position to ask about."""
    sc = canonical_position(scenario)
    record = HandRecord.from_scenario(sc)
    state = record.states()[-1]
    me = state.to_act
    n = record.opts.seats
    names = tuple(position_names(n)[(i - me) % n] for i in range(n))
    board = ReplayBoard(record, me, names)
    d = state.deal
    deck = "french"  # English names throughout the question
    legal = legal_actions(state)
    words = {a: action_words(state, a, deck)[0] for a in legal}
    obs = observation(state, me)
    decision = make_bot("coach", LEVEL, seed).decide(obs)
    exp: Mapping[str, Any] = decision.explanation
    facts = exp.get("facts", {}).get("decision", {})
    best = str(facts.get("best", decision.action))
    kind = str(facts.get("kind", "play"))
    so_far = " ".join(m.text for m in board.moves()) or _("Nobody has played yet.")
    mine = ", ".join(card_name(c, deck, d.vira, d.opts.manilhas) for c in state.left[me])
    score = state.score
    lines = [_("What would you do here? {moves}").format(moves=so_far)]
    parts = [_("Your cards: {cards}.").format(cards=mine) if mine
             else _("Your cards: none seen (iron hand).")]
    if d.vira is not None:
        parts.append(_("The vira is the {card}.").format(card=card_name(d.vira, deck)))
    if n == 2:
        worth = _("The hand is worth {stake}; the score is {mine} for you, {theirs} for them.")
    else:
        worth = _("The hand is worth {stake}; the score is {mine} for your team, {theirs} for "
                  "them.")
    parts.append(worth.format(stake=state.stake, mine=score[me % 2], theirs=score[1 - me % 2]))
    prompt = "\n".join(lines + [" ".join(parts)])
    order = sorted(exp.get("options", []), key=lambda o: -o["ev"])
    numbers = "; ".join(_("{move} {ev}").format(move=words[o["action"]], ev=signed(o["ev"]))
                        for o in order)
    explanation = _("In your seat the coach would {move}. Expected points per option (over "
                    "{samples} possible deals of the cards you cannot see): {options}.").format(
                        move=words[best], samples=exp.get("samples", 0), options=numbers)
    clear = order[0]["action"] == best and (len(order) < 2 or (
        order[0]["ev"] - order[1]["ev"] >= max(MIN_GAP, 2 * math.hypot(
            order[0].get("se", 0.0), order[1].get("se", 0.0)))))
    if not clear:
        explanation += " " + _("The best options are close here: the coach's choice is only a "
                               "little better.")
    choices = tuple(w[0].upper() + w[1:] for w in words.values())
    return QuizItem(KIND, seed, d.opts.variant, prompt, choices,
                    words[best][0].upper() + words[best][1:], f"coach.{kind}", explanation,
                    {"table": d.opts.variant, "scenario": sc, "level": LEVEL,
                     "coach_action": best, "clear": clear,
                     "position": json.dumps(sc, separators=(",", ":"))}, current())
