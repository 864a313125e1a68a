"""Lesson 8's scripted hands: envido, flor and going to the deck, at the Argentine and gaúcho
tables. Like :mod:`.deals`, every claim (trick results, winner, points) is checked against the
engine by the tests.

>>> [line.key for line in ENVIDO_LINES]
['envido_accepted', 'envido_declined']
>>> [line.key for line in FLOR_LINES]
['flor_lone', 'contraflor', 'achico']
"""

from __future__ import annotations

from ..i18n import N_
from .scripted import ScriptedHand

# Ana (the mão): 32 for envido (7 and 5 of swords); Bruno: 30 (6 and 4 of cups)
_ENVIDO_HANDS = (("7S", "5S", "KC"), ("6H", "4H", "AD"))
# both hold flor: Ana 32 (7, 5 and king of spades), Bruno 31 (6, 4 and ace of hearts)
_FLOR_HANDS = (("7S", "5S", "KS"), ("6H", "4H", "AH"))
_WEAK_HANDS = (("4C", "5H", "6S"), ("3C", "2D", "7D"))
_PLAYED_OUT = ("play:7S", "play:6H", "play:5S", "play:4H")

ENVIDO_LINES: tuple[ScriptedHand, ...] = (
    ScriptedHand(
        "envido_accepted", N_("Envido, real envido, quiero"),
        N_("Ana calls envido and Bruno raises to real envido. Ana accepts (quiero): her 32 "
           "beats Bruno's 30, so she scores 2 + 3 = 5 at once. Then the hand is played as "
           "usual."),
        "argentino-2p", 1, None, _ENVIDO_HANDS,
        ("envido", "real_envido", "accept") + _PLAYED_OUT, (0, 0), 0, (6, 0)),
    ScriptedHand(
        "envido_declined", N_("Envido, real envido, no quiero"),
        N_("The same cards. Ana calls envido, Bruno raises to real envido, and Ana says no "
           "quiero. Bruno scores what was called before his real envido: 2 points."),
        "argentino-2p", 1, None, _ENVIDO_HANDS,
        ("envido", "real_envido", "fold") + _PLAYED_OUT, (0, 0), 0, (1, 2)),
)

ENVIDO_FIRST_LINE = ScriptedHand(
    "envido_first", N_("Envido comes first"),
    N_("Ana calls truco. Before answering it, Bruno calls envido: the truco waits. Ana accepts "
       "the envido and wins it, 32 against 30. Then Bruno answers the truco: he accepts, and "
       "Ana wins the hand as well."),
    "argentino-2p", 1, None, _ENVIDO_HANDS,
    ("raise", "envido", "accept", "accept") + _PLAYED_OUT, (0, 0), 0, (4, 0))

FLOR_LINES: tuple[ScriptedHand, ...] = (
    ScriptedHand(
        "flor_lone", N_("One flor"),
        N_("Ana's three cards are all spades: a flor. Nobody else holds one, so she scores 3 "
           "as the cards are dealt, and nobody may call envido in this hand."),
        "gauderio-2p", 1, None, (("7S", "5S", "KS"), ("6H", "4C", "AD")), _PLAYED_OUT[:3]
        + ("play:4C",), (0, 0), 0, (4, 0)),
    ScriptedHand(
        "contraflor", N_("Flor against flor: contraflor"),
        N_("Both hold a flor. Bruno answers with contraflor and Ana accepts: the flors are "
           "compared at the end of the hand. Ana's 32 beats Bruno's 31: she scores 6, then "
           "the point of the hand."),
        "gauderio-2p", 1, None, _FLOR_HANDS, ("contraflor", "accept") + _PLAYED_OUT, (0, 0), 0,
        (7, 0)),
    ScriptedHand(
        "achico", N_("Flor against flor: con flor me achico"),
        N_("The same cards. Bruno gives in (con flor me achico): Ana's team scores 4 at once, "
           "and the hand is played as usual."),
        "gauderio-2p", 1, None, _FLOR_HANDS, ("achico",) + _PLAYED_OUT, (0, 0), 0, (5, 0)),
)

DROP_LINES: tuple[ScriptedHand, ...] = (
    ScriptedHand(
        "drop_at_once", N_("To the deck before any card"),
        N_("Ana's cards are weak, and she goes to the deck before playing. Bruno scores the "
           "hand's 1 point, plus 1 because an envido could still have been called: 2."),
        "argentino-2p", 1, None, _WEAK_HANDS, ("drop",), (), 1, (0, 2)),
    ScriptedHand(
        "drop_later", N_("To the deck in the second trick"),
        N_("The same cards. Ana plays her 4 and loses the first trick, then goes to the deck. "
           "A card was played, so no envido point is added: Bruno scores 1."),
        "argentino-2p", 1, None, _WEAK_HANDS, ("play:4C", "play:3C", "play:2D", "drop"), (1,),
        1, (0, 1)),
)

ARGENTINE_LINES: tuple[ScriptedHand, ...] = (ENVIDO_LINES + (ENVIDO_FIRST_LINE,) + FLOR_LINES
                                             + DROP_LINES)
ARGENTINE_GROUPS: dict[str, tuple[ScriptedHand, ...]] = {
    "envido": (ENVIDO_FIRST_LINE,) + ENVIDO_LINES, "flor": FLOR_LINES, "drop": DROP_LINES,
}
