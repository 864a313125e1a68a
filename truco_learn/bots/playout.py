"""The coach's playouts: one sampled deal played to its end, the other team as the coach learnt
they play (:class:`.opponent.OpponentModel`), the coach's own side as the coach itself plays.

My side plays the rule-of-thumb policy (:func:`.policy.choose`, without its fixed bluffs), and
on a turn where it may raise but the cards alone do not call for it, it raises as often as the
live coach was seen to do in this game with a hand of that strength at that step of the ladder
(:class:`OwnRaises`, learnt from the coach's own decisions, starting from the rule of thumb's
bluff rate). Against a player who folds most raises the live coach raises far more than its
cards say, and takes many hands its cards would lose; playouts whose raises followed the cards
only rated such hands lost (stated 0.15, won 0.38 against the ``tight`` yardstick).

For the truco itself (the first step of the ladder), my side raises beyond its cards where the
other side, as the coach learnt it answers (:mod:`.answer_reading`), would fold to it with the
cards the drawn deal gives them (:data:`AIM`), and not at a learnt rate:
the live coach aims its trucos at the moments the other side is weak, and counted by the rate
alone the playouts expected too few of its trucos and too few folds (after a card at the first
stake, against ``tight``: trucos later in 36% of the playouts, 49% of the live hands; folded
in 67% of those, 86% live: ``benchmarks/playout_outcomes.py``), so they rated its card plays
about 0.1 too low against most of the yardstick panel. The same held at four seats until the
truco was aimed there too (paulista-4p against the heuristic, after a card at the first stake:
the other side folded to a later truco of my side in 40% of the playouts and 54% of the live
hands, ``playout_outcomes.py --variant paulista-4p --matches 15``; over 200 matches the card
plays were stated 0.053 below the share won). With envido, flor or dropping out, raising on
its cards alone, the playouts had rated the card plays at the first stake 0.12 (argentino-2p)
and 0.17 (argentino-4p) below the share won against the heuristic. Without a learnt model the
other side plays the rule of thumb and my side's truco goes where the rule of thumb folds to it
(:func:`playout` without a model).

>>> import random
>>> from truco_learn.engine import new_hand
>>> from truco_learn.bots.opponent import OpponentModel
>>> from truco_learn.bots.policy import ROLLOUT
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> playout(s, random.Random(2), 0, ROLLOUT, ROLLOUT, OpponentModel(), OwnRaises()).over
True
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..engine.actions import FOLD, RAISE
from ..engine.state import IRON, HandState, apply_legal, legal_codes
from .answer_model import CLASSES, RaiseModel, bucket, raise_step
from .envido_reading import EnvidoAnswers
from .opponent import OpponentModel
from .policy import ROLLOUT, Style, choose, thumb_raise

OWN_PRIOR_RATE = 0.06  # the rule of thumb's bluff rate: the prior of the raises beyond the cards
OWN_PRIOR_WEIGHT = 6.0  # how many turns' worth that prior is
AIM = 0.5  # my side's truco beyond its cards where the other side folds to it at least this often


class OwnRaises:
    """How often the live coach raised on a turn where the cards alone did not call for a raise,
    by the step of the ladder and the strength of its hand (:func:`.answer_model.bucket` of the
    three cards it was dealt).

    >>> from truco_learn.engine import new_hand
    >>> from truco_learn.bots.policy import ROLLOUT
    >>> weak = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6C"], ["2H", "5C", "KD"]])
    >>> own = OwnRaises()
    >>> round(own.rate(weak, 0), 2)
    0.06
    >>> for _ in range(20):
    ...     own.note(weak, 0, True, ROLLOUT)      # the coach raised with it every time
    >>> round(own.rate(weak, 0), 2)
    0.78
    """

    def __init__(self) -> None:
        self.model = RaiseModel((OWN_PRIOR_RATE,) * CLASSES, OWN_PRIOR_WEIGHT)

    def note(self, s: HandState, seat: int, raised: bool, style: Style) -> None:
        """One live decision of the coach (``seat`` to act in ``s``, its real cards): counted
        when a raise was legal, no answer was due and the rule of thumb would not raise."""
        if (s.pending is not None or s.onze_pending or s.deal.mode == IRON
                or RAISE not in legal_codes(s) or thumb_raise(s, seat, style)):
            return
        b = bucket([s.deal.strength[c] for c in s.deal.hands[seat]])
        self.model.add(raise_step(s), (b, b), raised)

    def rate(self, s: HandState, seat: int) -> float:
        """The chance the coach raises beyond its cards on this turn."""
        return self.model.rate(raise_step(s), bucket([s.deal.strength[c]
                                                       for c in s.deal.hands[seat]]))

    def facts(self) -> dict[str, object]:
        """The learnt rates at the first step, for the explanation."""
        return {"turns": self.model.seen,
                "truco_beyond_cards": [round(self.model.rate(0, b), 2) for b in range(CLASSES)]}


def own_choose(s: HandState, rng: random.Random, style: Style, own: OwnRaises | None,
               model: OpponentModel | None = None) -> int:
    """My side's action in a playout: the rule-of-thumb policy, and where it does not raise
    though it may, a raise as often as :class:`OwnRaises` says the live coach does (``own``
    None: the rule of thumb with its own bluffs); with ``model``, a truco where the other side
    would fold to it at least :data:`AIM` of the time.

    >>> from truco_learn.engine import new_hand
    >>> from truco_learn.bots.policy import ROLLOUT
    >>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["4H", "5S", "6C"], ["QD", "5C", "4D"]])
    >>> model = OpponentModel()
    >>> model.answer_reading.fold_chance(s) >= AIM      # their hand is as poor as mine
    True
    >>> own_choose(s, random.Random(1), ROLLOUT, OwnRaises(), model) == RAISE
    True
    """
    code = choose(s, rng, style)
    if (own is None or code >= RAISE or s.pending is not None or s.onze_pending
            or s.deal.mode == IRON or RAISE not in legal_codes(s)):
        return code  # (``code >= RAISE``: a raise already, or an envido or flor call)
    if raise_step(s) == 0:  # the truco: where they fold, as learnt (else by the rule of thumb)
        folds = (model.answer_reading.fold_chance(s) >= AIM if model is not None
                 else thumb_folds(s, rng))
        return RAISE if folds else code
    return RAISE if rng.random() < own.rate(s, s.to_act) else code


def thumb_folds(s: HandState, rng: random.Random, style: Style = ROLLOUT) -> bool:
    """Would the other side, answering by the rule of thumb (``style``), fold to a raise of
    the seat to act now? (A raise must be legal.)

    >>> from truco_learn.engine import new_hand
    >>> s = new_hand("argentino-2p", dealer=1, hands=[["4H", "5S", "6C"], ["4C", "5H", "6D"]])
    >>> thumb_folds(s, random.Random(1))          # their cards are as poor as mine
    True
    >>> s = new_hand("argentino-2p", dealer=1, hands=[["4H", "5S", "6C"], ["AS", "AC", "7S"]])
    >>> thumb_folds(s, random.Random(1))
    False
    """
    after = apply_legal(s, RAISE)
    return after.to_act >= 0 and choose(after, rng, style) == FOLD


_WITHOUT_BLUFFS: dict[Style, Style] = {}


def _no_bluffs(style: Style) -> Style:
    """``style`` without its fixed bluffs (made once per style: a playout is short)."""
    plain = _WITHOUT_BLUFFS.get(style)
    if plain is None:
        if len(_WITHOUT_BLUFFS) > 256:
            _WITHOUT_BLUFFS.clear()
        plain = _WITHOUT_BLUFFS[style] = replace(style, bluff=0.0)
    return plain


def playout(s: HandState, rng: random.Random, team: int, mine: Style, theirs: Style,
            model: OpponentModel | None, own: OwnRaises | None = None,
            wild: bool | None = None, envido: EnvidoAnswers | None = None) -> HandState:
    """Play the hand to its end: ``team``'s seats by :func:`own_choose` (style ``mine``, with
    no fixed bluffs when ``own`` is given), the other seats as ``model`` expects them to play.
    Which kind of player the other team is: ``wild`` (one taking legal actions at random) or
    sensible, or when not given drawn once per playout with chance ``model.wild``. Without a
    model the other seats play the rule of thumb (style ``theirs``), and my side's truco goes
    where :data:`.ROLLOUT`'s answer would fold (:func:`thumb_folds`); their quiero or no
    quiero to my side's envido is then drawn from ``envido`` (when given: a stranger's, see
    :mod:`.envido_reading`) rather than the rule of thumb's fixed numbers.

    >>> from truco_learn.engine import new_hand
    >>> from truco_learn.bots.policy import ROLLOUT
    >>> s = new_hand("argentino-2p", dealer=1, hands=[["7S", "5S", "KC"], ["6H", "4H", "AD"]])
    >>> playout(s, random.Random(2), 0, ROLLOUT, ROLLOUT, None, OwnRaises()).over
    True
    """
    if own is not None:
        mine = _no_bluffs(mine)
    if wild is None:
        wild = model is not None and rng.random() < model.wild
    while s.to_act >= 0:
        if s.to_act & 1 == team:
            s = apply_legal(s, own_choose(s, rng, mine, own, model))
        elif wild:
            legal = legal_codes(s)
            s = apply_legal(s, legal[rng.randrange(len(legal))])
        elif model is None:
            code = choose(s, rng, theirs)
            s = apply_legal(s, code if envido is None else envido.answer(s, code, rng))
        else:
            s = apply_legal(s, model.choose(s, rng, theirs))
    return s


__all__ = ["AIM", "OWN_PRIOR_RATE", "OWN_PRIOR_WEIGHT", "OwnRaises", "own_choose", "playout",
           "thumb_folds"]
