"""Quiz items and grading: the data every item kind produces, and one pure ``grade``.

An item is plain data: it stores its kind, seed and variant, so :func:`make_item` rebuilds it
exactly, and a results file only needs those three to be regraded.

>>> item = QuizItem(kind="demo", seed=1, variant="paulista-2p", prompt="2 + 2?",
...                 choices=("3", "4"), answer="4", rule="demo.sum",
...                 explanation="Two and two make four.", data={})
>>> grade(item, "4").correct, grade(item, "3").message
(True, 'Not quite: the answer is 4. Two and two make four.')
>>> grade(item, "five").correct
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import RANKS, SUIT_SYMBOL, SUITS
from ..engine.options import PRESETS

_P, _M = PRESETS["paulista-2p"], PRESETS["mineiro-2p"]

#: Rule ids and what they mean, so a teacher's table can say "the class misses ties.first_trick".
RULE_TEXT: dict[str, str] = {
    "cards.order": "ordinary order 4 5 6 7 Q J K A 2 3 (the queen is below the jack)",
    "cards.decks": "French and Spanish decks name the same cards",
    "manilhas.vira": "the manilhas are the rank right after the vira (3 wraps to 4, Q to J)",
    "manilhas.suits": "manilhas rank by suit: zap (clubs) > copas > espadilha > mole",
    "manilhas.mineiro": "Mineiro's fixed manilhas: 4♣ > 7♥ > A♠ > 7♦",
    "tricks.highest": "the highest face-up card wins the trick",
    "tricks.manilha": "a manilha beats every ordinary card",
    "ties.trick": "equal top cards from both teams tie the trick (empate)",
    "ties.partners": "partners who share the top card do not tie: their team wins",
    "covered.worthless": "a covered card is worth nothing: it cannot win or tie",
    "tricks.two_wins": "two tricks win the hand",
    "ties.first_trick": "first trick tied: the next trick that is not tied decides",
    "ties.second_trick": "first trick won, second tied: the first trick's winner wins",
    "ties.third_trick": "one trick each, third tied: the first trick's winner wins",
    "ties.all_tied": "all three tricks tied: the preset says who scores (usually nobody)",
    "ties.lead": "who leads after a tie depends on the preset (leader or first tying card)",
    "betting.accept": "an accepted raise sets the stake to the value it proposed (the next step "
                      f"of the table's ladder: Paulista {'-'.join(map(str, _P.ladder))}; "
                      f"Mineiro {'-'.join(map(str, _M.ladder))})",
    "betting.fold_pays": "a fold pays the stake accepted before the refused raise",
    "betting.raise_answer": "raising as an answer accepts the stake and proposes the next",
    "betting.alternate": "raises alternate: the team that made the last raise cannot raise",
    "betting.top": "nobody raises past the top of the ladder",
    "betting.pointless": "where pointless raises are greyed out, no raise when your score plus "
                         "the stake (or, answering, plus the value proposed to you) already "
                         "reaches the target",
    "betting.answer_first": "a pending raise must be answered before any card is played",
    "covered.first_trick": "no covered card in the first trick",
    "covered.variant": "this preset has no covered cards",
    "eleven.play": f"a hand of eleven (Mineiro: of ten) that is played is worth "
                   f"{_P.eleven_value} (Mineiro {_M.eleven_value}) to whoever wins it",
    "eleven.fold": f"running from the hand of eleven (Mineiro: of ten) gives the other team "
                   f"{_P.eleven_fold} (Mineiro {_M.eleven_fold})",
    "eleven.no_raise": "nobody raises in a hand of eleven (Mineiro: of ten)",
    "eleven.decider": "in a hand of eleven (Mineiro: of ten) the team at that score decides to "
                      "play or run",
    "iron.value": "the iron hand is worth the iron value and wins the game",
    "iron.no_raise": "nobody raises in the iron hand",
    "exposed.card": "Federação rule: a tie with a card already shown at the raise loses",
    "coach.play": "which card to play (the coach's best move)",
    "coach.answer": "accept, run or raise against a raise (the coach's best move)",
    "coach.onze": "play or run from the hand of eleven or ten (the coach's best move)",
    "coach.blind": "which card to turn up in the iron hand (the coach's best move)",
    "coach.only": "the only legal move",
}


@dataclass(frozen=True, slots=True)
class QuizItem:
    """One question. ``answer`` is one of ``choices``; ``data`` is JSON-able detail (cards to
    draw, the replay scenario the question was built from, the table's variant)."""

    kind: str
    seed: int
    variant: str
    prompt: str
    choices: tuple[str, ...]
    answer: str
    rule: str
    explanation: str
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)

    def public(self) -> dict[str, Any]:
        """What may be shown before answering: no answer, no explanation (no key in the page).

        >>> item = QuizItem("demo", 1, "paulista-2p", "?", ("a", "b"), "b", "demo", "b.", {})
        >>> sorted(item.public())
        ['choices', 'kind', 'prompt', 'seed', 'variant']
        """
        return {"kind": self.kind, "seed": self.seed, "variant": self.variant,
                "prompt": self.prompt, "choices": list(self.choices)}


@dataclass(frozen=True, slots=True)
class Feedback:
    """The grade of one answer: ``answer`` is the correct answer, ``message`` names the rule
    and shows the example."""

    correct: bool
    rule: str
    message: str
    answer: str


def grade(item: QuizItem, answer: str) -> Feedback:
    """Grade ``answer`` against ``item`` (pure). An answer that is not one of the choices is
    wrong, and the message says so."""
    if answer == item.answer:
        return Feedback(True, item.rule, f"Right! {item.explanation}", item.answer)
    if answer not in item.choices:
        shown = answer if isinstance(answer, str) else repr(answer)
        return Feedback(False, item.rule,
                        f"{shown!r} is not one of the choices; the answer is {item.answer}. "
                        f"{item.explanation}", item.answer)
    return Feedback(False, item.rule, f"Not quite: the answer is {item.answer}. "
                    f"{item.explanation}", item.answer)


def card_label(card: int) -> str:
    """Short label of a card code: rank and suit symbol.

    >>> card_label(16), card_label(39)
    ('Q♣', '3♦')
    """
    return RANKS[card // 4] + SUIT_SYMBOL[SUITS[card % 4]]


def team_label(team: int, seats: int) -> str:
    """How questions name a team.

    >>> team_label(0, 2), team_label(1, 4)
    ('Seat 0', 'Team 1 (seats 1 and 3)')
    """
    if seats == 2:
        return f"Seat {team}"
    return f"Team {team} (seats {team} and {team + 2})"


def rank_plural(rank: int) -> str:
    """``'queens'``, ``'fours'``... for a rank index 0..9.

    >>> rank_plural(4), rank_plural(0)
    ('queens', 'fours')
    """
    return ("fours", "fives", "sixes", "sevens", "queens", "jacks", "kings", "aces", "twos",
            "threes")[rank]
