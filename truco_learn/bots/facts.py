"""The facts behind a decision, as plain data: manilhas, my cards, the unseen cards that beat
mine, the tricks so far and the tie rule that applies now, the stake arithmetic.

Sentences are made from these facts elsewhere (:mod:`truco_learn.bots.sentences`).

>>> from truco_learn.engine import new_hand, observation, parse_observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> f = table_facts(parse_observation(observation(s, 0)), s)
>>> f["manilhas"], f["my_manilhas"], f["tie_rule"], len(f["unseen_better"])
(['QC', 'QH', 'QS', 'QD'], ['QC'], 'first_trick', 0)
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import ARGENTINE_NAMES, MANILHA_NAMES, card_str, manilhas_for
from ..engine.observer import Observed
from ..engine.state import IRON, MODE_NAMES, HandState

TIE_RULES = ("first_trick", "won_first", "lost_first", "first_tied", "one_each", "decided")


def tie_rule(results: list[str]) -> str:
    """Which tie rule matters for the next trick, from my team's trick results
    (``won``/``lost``/``tied``).

    >>> tie_rule([]), tie_rule(["won"]), tie_rule(["tied"]), tie_rule(["won", "lost"])
    ('first_trick', 'won_first', 'first_tied', 'one_each')
    """
    if not results:
        return "first_trick"
    if results[0] == "tied":
        return "first_tied"
    if len(results) == 1:
        return "won_first" if results[0] == "won" else "lost_first"
    return "one_each" if len(results) == 2 else "decided"


def table_facts(ob: Observed, s: HandState) -> dict[str, Any]:
    """Facts from what ``ob.seat`` sees; ``s`` is any deal consistent with ``ob`` (only its
    public parts and this seat's own cards are read)."""
    d = s.deal
    seat = ob.seat
    team = seat & 1
    strength = d.strength
    mans = manilhas_for(d.opts.manilhas, d.vira)
    known = ob.known_cards()
    unseen = [c for c in range(40) if c not in known]
    mine: list[int] = [] if ob.hand is None else sorted(s.left[seat], key=lambda c: -strength[c])
    best = strength[mine[0]] if mine else -1
    results = ["tied" if t.result < 0 else "won" if t.result == team else "lost"
               for t in s.tricks]
    table: dict[str, Any] | None = None
    up = [(p, c) for p, c, face in s.cur if face]
    if up:
        p, c = max(up, key=lambda pc: strength[pc[1]])
        table = {"best": card_str(c), "by": "us" if p & 1 == team else "them",
                 "seat": p}
    score = d.score
    return {
        "mode": MODE_NAMES[d.mode],
        "deck": d.opts.deck,  # the cards' names: "2 of hearts", or "2 de copas"
        "manilhas": [card_str(c) for c in mans],
        # what players call them, in the same order (the Argentine top cards are no manilhas)
        "manilha_names": list(ARGENTINE_NAMES if d.opts.manilhas == "argentine"
                              else MANILHA_NAMES),
        "my_manilhas": [card_str(c) for c in mine if c in mans],
        "my_cards": [card_str(c) for c in mine],
        "unseen_better": ([] if d.mode == IRON or not mine else
                          [card_str(c) for c in sorted(unseen, key=lambda c: -strength[c])
                           if strength[c] > best]),
        "unseen": len(unseen),
        "tricks": results,
        "tie_rule": tie_rule(results),
        "table": table,
        "stake": s.stake,
        "pending": None if s.pending is None else s.pending[1],
        "score": [score[team], score[1 - team]],
        "target": d.opts.target,
    }
