"""Coach levels a learner can climb: ``beginner``, ``easy``, ``normal``, ``strong``.

The weak levels play like people learning, not like dice: each has a few named **habits**
(always leads its best card, never bluffs, accepts every truco with a manilha, forgets that the
queen is below the jack, ...). A habit wraps the coach's decision: the coach still works out
every option's numbers, then the habit, when it applies, picks the move a learner with that
habit would make. The explanation stays honest: it says the move was a habit, which one, and
what the coach would have done instead (``facts["habit"]``).

>>> from truco_learn.engine import new_hand, observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> bot = LevelCoach("beginner", seed=1)
>>> d = bot.decide(observation(s, 0))
>>> d.action                                   # the zap, its best card, first
'play:QC'
>>> d.explanation["summary"].startswith("A beginner's habit: I always lead my best card")
True
>>> [h.name for h in LEVEL_HABITS["easy"]]
['never_bluffs', 'accepts_only_with_manilha', 'leads_best']
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Mapping

from ..engine.actions import ACCEPT, ACTION_STR, COVER, FOLD, ONZE_PLAY, RAISE
from ..engine.cards import manilhas_for
from ..engine.observer import parse_observation
from ..engine.state import IRON, HandState, legal_codes
from .base import Decision
from .coach import LEVELS, CoachBot
from .coach_memory import CoachMemory
from .policy import Player, card_choice, choose
from .sampler import DealSampler
from ..i18n import N_, _
from .level_words import explain_habit, habit_summary

__all__ = ["Habit", "LEVEL_HABITS", "LEVEL_NAMES", "LevelCoach", "habit_move", "habit_player",
           "habit_summary", "has_manilha", "level_label"]

#: the levels, weakest first (the coach's sampled deals per decision: ``coach.LEVELS``)
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)
# Translators: the coach's levels, in the play page's level menu
_LEVEL_LABELS = {"beginner": N_("Beginner"), "easy": N_("Easy"), "normal": N_("Normal"),
                 "strong": N_("Strong")}


def level_label(level: str) -> str:
    """A level's name as the learner reads it, in the current language.

    >>> from truco_learn.i18n import language
    >>> level_label("beginner")
    'Beginner'
    >>> with language("pt-BR"):
    ...     [level_label(lv) for lv in LEVEL_NAMES]
    ['Iniciante', 'Fácil', 'Normal', 'Forte']
    """
    return _(_LEVEL_LABELS[level]) if level in _LEVEL_LABELS else level

Rule = Callable[[HandState, int, list[int], Mapping[str, Any]], int | None]


@dataclass(frozen=True, slots=True)
class Habit:
    """A named habit: ``text`` completes "I ..." in the explanation (a catalog message, in
    other languages a whole clause in the first person); ``rule`` returns the action code the
    habit plays, or ``None`` where it does not apply; ``top_text``, where given, is said in
    place of ``text`` in the Argentine and gaucho games, which have no manilhas but the same
    four top cards every hand.

    >>> NEVER_BLUFFS.words("vira"), NEVER_BLUFFS.words("argentine")
    ('never call without a manilha', 'never call without one of the four top cards')
    >>> LEADS_BEST.words("argentine")
    'always lead my best card'
    """

    name: str
    text: str
    rule: Rule
    top_text: str | None = None

    def words(self, manilhas: str) -> str:
        """The catalog text for a game whose manilhas option is ``manilhas``."""
        return self.top_text if self.top_text and manilhas == "argentine" else self.text


def _strength(s: HandState, card: int, queen_high: bool = False) -> int:
    st = s.deal.strength[card]
    if queen_high and st in (4, 5):  # ordinary Q (4) and J (5) swapped in the player's head
        return 9 - st
    return st


def _leading(s: HandState) -> bool:
    return not s.cur and s.pending is None and not s.onze_pending and s.deal.mode != IRON


def _card_plays(legal: list[int]) -> list[int]:
    return [c for c in legal if c < COVER]


def _leads_best(s: HandState, seat: int, legal: list[int], coach: Mapping[str, Any]
                ) -> int | None:
    if not _leading(s) or coach["chosen"] >= COVER:
        return None
    plays = _card_plays(legal)
    return max(plays, key=lambda c: _strength(s, c)) if len(plays) > 1 else None


def has_manilha(s: HandState, seat: int) -> bool:
    """Does ``seat`` still hold a manilha (the card the easy habits ask for)?"""
    mans = manilhas_for(s.deal.opts.manilhas, s.deal.vira)
    return any(c in mans for c in s.left[seat])


def _never_bluffs(s: HandState, seat: int, legal: list[int], coach: Mapping[str, Any]
                  ) -> int | None:
    if coach["chosen"] != RAISE or s.pending is not None or has_manilha(s, seat):
        return None
    # without a manilha it never calls: its best other option by the coach's numbers
    others = [a for a in coach["by_ev"] if a != RAISE]
    return others[0] if others else None


def _accepts_with_manilha(strict: bool, s: HandState, seat: int, legal: list[int],
                          coach: Mapping[str, Any]) -> int | None:
    if s.pending is None or ACCEPT not in legal:
        return None
    if has_manilha(s, seat):
        return ACCEPT
    return FOLD if strict and FOLD in legal else None


def _never_calls(s: HandState, seat: int, legal: list[int], coach: Mapping[str, Any]
                 ) -> int | None:
    if coach["chosen"] != RAISE or s.pending is not None:
        return None
    others = [a for a in coach["by_ev"] if a != RAISE]
    return others[0] if others else None


def _plays_every_eleven(s: HandState, seat: int, legal: list[int], coach: Mapping[str, Any]
                        ) -> int | None:
    return ONZE_PLAY if ONZE_PLAY in legal else None


def _queen_above_jack(highest: bool, s: HandState, seat: int, legal: list[int],
                      coach: Mapping[str, Any]) -> int | None:
    """Following a trick, it plays a card it believes beats the table (the cheapest, or with
    ``highest`` its highest), counting the queen above the jack; its lowest card when it
    thinks none does. Not with the Spanish deck, whose sota (10) is below its caballo (11)
    for anyone who reads the numbers."""
    if (not s.cur or s.pending is not None or coach["chosen"] >= COVER
            or s.deal.opts.deck == "spanish"):
        return None
    plays = _card_plays(legal)
    if len(plays) < 2:
        return None
    shown = [_strength(s, c, True) for _, c, up in s.cur if up]
    top = max(shown) if shown else -1
    believed = sorted(plays, key=lambda c: _strength(s, c, True))
    winners = [c for c in believed if _strength(s, c, True) > top]
    if not winners:
        return believed[0]
    return winners[-1] if highest else winners[0]


# Translators: the habits complete "I ..."; translate each as a clause in the first person
# ("sempre saio com minha melhor carta")
LEADS_BEST = Habit("leads_best", N_("always lead my best card"), _leads_best)
NEVER_BLUFFS = Habit("never_bluffs", N_("never call without a manilha"), _never_bluffs,
                     N_("never call without one of the four top cards"))
ACCEPTS_ONLY_WITH_MANILHA = Habit(
    "accepts_only_with_manilha", N_("accept a raise when I hold a manilha and run when I do not"),
    partial(_accepts_with_manilha, True),
    N_("accept a raise when I hold one of the four top cards and run when I do not"))
NEVER_CALLS = Habit("never_calls",
                    N_("never call truco myself: I wait for the other side to call"),
                    _never_calls)
PLAYS_EVERY_ELEVEN = Habit("plays_every_eleven", N_("always play the hand of eleven (or ten)"),
                           _plays_every_eleven)
QUEEN_ABOVE_JACK = Habit("queen_above_jack",
                         N_("forget that the queen is below the jack, and follow with my "
                            "highest card when I think it wins"),
                         partial(_queen_above_jack, True))

#: each level's habits, applied in this order (the last that applies names the move)
LEVEL_HABITS: dict[str, tuple[Habit, ...]] = {
    "beginner": (ACCEPTS_ONLY_WITH_MANILHA, NEVER_CALLS, PLAYS_EVERY_ELEVEN, LEADS_BEST,
                 QUEEN_ABOVE_JACK),
    "easy": (NEVER_BLUFFS, ACCEPTS_ONLY_WITH_MANILHA, LEADS_BEST),
    "normal": (),
    "strong": (),
}


def habit_move(habits: tuple[Habit, ...], s: HandState, seat: int, legal: list[int],
               chosen: int, by_ev: list[int]) -> tuple[Habit, int] | None:
    """The habit that names ``seat``'s move and the move, where one of ``habits`` applies to
    the move ``chosen`` (``by_ev``: the options, best first); in order, a later habit acting
    on the earlier one's move."""
    coach: dict[str, Any] = {"chosen": chosen, "by_ev": by_ev}
    decided: tuple[Habit, int] | None = None
    for habit in habits:
        code = habit.rule(s, seat, legal, coach)
        if code is not None and code in legal:
            decided = habit, code
            coach["chosen"] = code
    return decided


def habit_player(level: str) -> Player | None:
    """How the coach at ``level`` plays in a review's playouts: the rule of thumb, with the
    level's habits on top (the rule of thumb's card standing in for the coach's best other
    option); ``None`` for a level without habits, whose coach the rule of thumb stands in for.

    >>> import random
    >>> from truco_learn.engine import new_hand, step, action_str
    >>> s = step(new_hand("paulista-2p", dealer=1, vira="7D",
    ...                   hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]]), "raise")
    >>> action_str(habit_player("easy")(s, random.Random(1)))   # no manilha: it runs
    'fold'
    >>> habit_player("normal") is None
    True
    """
    habits = LEVEL_HABITS.get(level, ())
    if not habits:
        return None

    def play(s: HandState, rng: random.Random) -> int:
        chosen = choose(s, rng)
        legal = sorted(legal_codes(s))
        by_ev = [chosen]
        if chosen == RAISE and s.pending is None and any(c < COVER for c in legal):
            by_ev.append(card_choice(s, s.to_act, legal))
        moved = habit_move(habits, s, s.to_act, legal, chosen, by_ev)
        return chosen if moved is None else moved[1]
    return play


def _own_view(observation: Mapping[str, Any]) -> tuple[int, HandState, list[int]]:
    """The observing seat, a state that reads only its own cards, and its legal codes."""
    ob = parse_observation(observation)
    s = DealSampler(ob, infer_bets=False).checked
    return ob.seat, s, sorted(legal_codes(s))


class LevelCoach:
    """The coach at a level: :class:`~truco_learn.bots.coach.CoachBot` with its sampled
    deals, wrapped by the level's habits."""

    name = "coach"

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        from ..errors import ConfigError

        if level not in LEVELS:
            raise ConfigError(f"unknown level {level!r} (known: {', '.join(LEVEL_NAMES)})")
        self.level = level
        self.habits = LEVEL_HABITS[level]
        self.coach = CoachBot(level, seed=seed)

    @property
    def samples(self) -> int:
        """The wrapped coach's sampled deals per decision."""
        return self.coach.samples

    @property
    def learnt(self) -> Any:
        """What the wrapped coach has learnt about the other team."""
        return self.coach.learnt

    def watch(self, observation: Mapping[str, Any]) -> None:
        """See a finished hand's end (:meth:`.CoachBot.watch`)."""
        self.coach.watch(observation)

    def recall(self, memory: CoachMemory | None) -> None:
        """:meth:`.CoachBot.recall`: start from what earlier matches taught."""
        self.coach.recall(memory)

    def remembered(self) -> CoachMemory | None:
        """:meth:`.CoachBot.remembered`: what to remember for the next match."""
        return self.coach.remembered()

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        """The coach's decision, unless one of the level's habits applies."""
        d = self.coach.decide(observation)
        if not self.habits:
            return d
        seat, s, legal = _own_view(observation)
        chosen = ACTION_STR.index(d.action) if d.action in ACTION_STR else -1
        options = d.explanation.get("options") or []
        by_ev = [ACTION_STR.index(o["action"]) for o in options]
        decided = habit_move(self.habits, s, seat, legal, chosen, by_ev)
        if decided is None:
            return d
        habit, code = decided
        return explain_habit(d, self.level, (habit.name, habit.words(s.deal.opts.manilhas)),
                             code, s)

    def forced_move(self, observation: Mapping[str, Any]) -> str | None:
        """The move the level's habits make here whatever the coach would choose (the
        answer to a raise, by the manilhas held; the hand of eleven a beginner always plays),
        or ``None`` where the coach's choice matters. It decides nothing and learns nothing:
        a quick answer for a review asking how this coach answers a drawn deal
        (:func:`.review_answers.answer_as`), where :meth:`decide` would work out every
        option's numbers only to be overruled.

        >>> from truco_learn.engine import new_hand, observation, step
        >>> s = new_hand("paulista-2p", dealer=1, vira="7D",
        ...              hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
        >>> bot = LevelCoach("easy")
        >>> bot.forced_move(observation(step(s, "raise"), 1)), bot.forced_move(observation(s, 0))
        ('fold', None)
        >>> LevelCoach("normal").forced_move(observation(step(s, "raise"), 1)) is None
        True
        """
        if not self.habits:
            return None
        seat, s, legal = _own_view(observation)
        moves = set()
        for chosen in legal:  # the habits read the coach's move, and its best other option
            firsts = [c for c in legal if c != RAISE] if chosen == RAISE else [chosen]
            for first in firsts or [chosen]:
                decided = habit_move(self.habits, s, seat, legal, chosen, [chosen, first])
                moves.add(chosen if decided is None else decided[1])
                if len(moves) > 1:
                    return None
        return ACTION_STR[moves.pop()] if moves else None
