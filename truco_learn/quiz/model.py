"""Quiz items and grading: the data every item kind produces, and one pure ``grade``.

An item is plain data: it stores its kind, seed and variant, so :func:`make_item` rebuilds it
exactly, and a results file only needs those three to be regraded.

An item is worded in the language current when it was built (``lang``); the same seed gives
the same item in every language: the same cards, the same choices in the same places, the
answer at the same place. The language-independent answer key of a choice is the English
choice at its place (:func:`truco_learn.quiz.display.answer_key`): that is what results files
store and graders check. :func:`grade` takes a choice or its key, and writes its message in
the current language.

>>> item = QuizItem(kind="demo", seed=1, variant="paulista-2p", prompt="2 + 2?",
...                 choices=("3", "4"), answer="4", rule="demo.sum",
...                 explanation="Two and two make four.", data={})
>>> grade(item, "4").correct, grade(item, "3").message
(True, 'Not quite: the answer is 4. Two and two make four.')
>>> grade(item, "five").correct
False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import RANKS, SUIT_SYMBOL, SUITS
from ..course.scripted import seat_name
from ..engine.options import PRESETS
from ..i18n import DEFAULT, N_, _
from ..i18n.numbers import integer, points

_P, _M = PRESETS["paulista-2p"], PRESETS["mineiro-2p"]


def _ladder(opts: Any) -> Callable[[], str]:
    return lambda: "-".join(map(str, opts.ladder))


# rule id -> (message, its placeholders' values, computed when the text is read)
_RULES: dict[str, tuple[str, dict[str, Callable[[], str]]]] = {
    "cards.order": (N_("ordinary order 4 5 6 7 Q J K A 2 3 (the queen is below the jack)"), {}),
    "cards.decks": (N_("French and Spanish decks name the same cards"), {}),
    "manilhas.vira": (N_("the manilhas are the rank right after the vira (3 wraps to 4, Q to J)"),
                      {}),
    "manilhas.suits": (N_("manilhas rank by suit: zap (clubs) > copas > espadilha > mole"), {}),
    "manilhas.mineiro": (N_("Mineiro's fixed manilhas: 4♣ > 7♥ > A♠ > 7♦"), {}),
    "tricks.highest": (N_("the highest face-up card wins the trick"), {}),
    "tricks.manilha": (N_("a manilha beats every ordinary card"), {}),
    "ties.trick": (N_("equal top cards from both teams tie the trick (empate)"), {}),
    "ties.partners": (N_("partners who share the top card do not tie: their team wins"), {}),
    "covered.worthless": (N_("a covered card is worth nothing: it cannot win or tie"), {}),
    "tricks.two_wins": (N_("two tricks win the hand"), {}),
    "ties.first_trick": (N_("first trick tied: the next trick that is not tied decides"), {}),
    "ties.second_trick": (N_("first trick won, second tied: the first trick's winner wins"), {}),
    "ties.third_trick": (N_("one trick each, third tied: the first trick's winner wins"), {}),
    "ties.all_tied": (N_("all three tricks tied: the preset says who scores (usually nobody)"),
                      {}),
    "ties.lead": (N_("who leads after a tie depends on the preset (leader or first tying card)"),
                  {}),
    "betting.accept": (N_("an accepted raise sets the stake to the value it proposed (the next "
                          "step of the table's ladder: Paulista {paulista}; Mineiro {mineiro})"),
                       {"paulista": _ladder(_P), "mineiro": _ladder(_M)}),
    "betting.fold_pays": (N_("a fold pays the stake accepted before the refused raise"), {}),
    "betting.raise_answer": (N_("raising as an answer accepts the value proposed and proposes "
                                "the next"), {}),
    "betting.alternate": (N_("raises alternate: the team that made the last raise cannot raise"),
                          {}),
    "betting.top": (N_("nobody raises past the top of the ladder"), {}),
    "betting.pointless": (N_("where pointless raises are greyed out, no raise when your score "
                             "plus the stake (or, answering, plus the value proposed to you) "
                             "already reaches the target"), {}),
    "betting.answer_first": (N_("a pending raise must be answered before any card is played"),
                             {}),
    "covered.first_trick": (N_("no covered card in the first trick"), {}),
    "covered.variant": (N_("this preset has no covered cards"), {}),
    "eleven.play": (N_("a hand of eleven (Mineiro: of ten) that is played is worth {paulista} "
                       "(Mineiro {mineiro}) to whoever wins it"),
                    {"paulista": lambda: integer(_P.eleven_value),
                     "mineiro": lambda: integer(_M.eleven_value)}),
    "eleven.fold": (N_("running from the hand of eleven (Mineiro: of ten) gives the other team "
                       "{paulista} (Mineiro: {mineiro})"),
                    {"paulista": lambda: points(_P.eleven_fold),
                     "mineiro": lambda: points(_M.eleven_fold)}),
    "eleven.no_raise": (N_("nobody raises in a hand of eleven (Mineiro: of ten)"), {}),
    "eleven.decider": (N_("in a hand of eleven (Mineiro: of ten) the team at that score decides "
                          "to play or run"), {}),
    "iron.value": (N_("the iron hand is worth the iron value and wins the game"), {}),
    "iron.no_raise": (N_("nobody raises in the iron hand"), {}),
    "exposed.card": (N_("Federação rule: a tie with a card already shown at the raise loses"),
                     {}),
    "envido.points": (N_("envido points: 20 + the two highest face values of a suit held twice, "
                          "else the highest face value (A = 1, 2 to 7 their number, Q J K = 0)"),
                      {}),
    "flor.no_envido": (N_("three cards of one suit are a flor (20 + all three face values) where "
                          "the table plays flor; then nobody calls envido in that hand"), {}),
    "envido.winner": (N_("an accepted envido goes to the team with the higher envido (a team's "
                         "envido is its best player's)"), {}),
    "envido.mao_tie": (N_("an envido tie goes to the mão's team"), {}),
    "envido.face_cards": (N_("gaúcho rule: a tie at 0 goes to the team with the highest face "
                             "card (K > J > Q), then to the mão's team"), {}),
    "envido.dropped": (N_("a player who went to the deck no longer counts for the team's envido"),
                       {}),
    "envido.declined": (N_("an envido declined (no quiero) pays the calls before the last one to "
                           "the last caller's team, or 1 when there was only one call"), {}),
    "envido.accepted": (N_("an envido accepted (quiero) pays the sum of all its calls (envido 2, "
                           "real envido 3)"), {}),
    "envido.falta": (N_("a falta envido accepted pays what the leading team still needs to "
                        "reach the target"), {}),
    "envido.when": (N_("the envido is called on your turn in the first trick, before playing "
                       "your card, once per hand, before any truco is accepted"), {}),
    "envido.first": (N_("the envido comes first: it may answer the first truco"), {}),
    "envido.first_trick": (N_("the envido is called only in the first trick"), {}),
    "envido.own_card": (N_("the envido is called before playing your own first card"), {}),
    "envido.after_truco": (N_("no envido once a truco has been accepted"), {}),
    "envido.order": (N_("envido calls go up: envido (at most twice), real envido, falta envido"),
                     {}),
    "envido.real_repeat": (N_("gaúcho rule: real envido may be called more than once"), {}),
    "envido.once": (N_("one envido exchange per hand"), {}),
    "envido.flor": (N_("no envido in a hand where someone holds a flor"), {}),
    "drop.when": (N_("you may go to the deck (me voy al mazo) on your turn when nothing waits "
                     "for an answer"), {}),
    "drop.pending": (N_("no going to the deck while a call waits for its answer"), {}),
    "coach.play": (N_("which card to play (the coach's best move)"), {}),
    "coach.answer": (N_("accept, run or raise against a raise (the coach's best move)"), {}),
    "coach.onze": (N_("play or run from the hand of eleven or ten (the coach's best move)"), {}),
    "coach.blind": (N_("which card to turn up in the iron hand (the coach's best move)"), {}),
    "coach.only": (N_("the only legal move"), {}),
}


class RuleTexts(Mapping[str, str]):
    """Rule ids and what they mean, read in the current language (a teacher's table can say
    "the class misses ties.first_trick"). A read-only mapping: the text is made when read.

    >>> RULE_TEXT["tricks.two_wins"], "coach.play" in RULE_TEXT
    ('two tricks win the hand', True)
    >>> from truco_learn.i18n import language
    >>> with language("pt-BR"):
    ...     RULE_TEXT["tricks.two_wins"]
    'duas rodadas ganham a mão'
    """

    def __getitem__(self, rule: str) -> str:
        message, values = _RULES[rule]
        text = _(message)
        return text.format(**{k: f() for k, f in values.items()}) if values else text

    def __iter__(self) -> Iterator[str]:
        return iter(_RULES)

    def __len__(self) -> int:
        return len(_RULES)


RULE_TEXT: Mapping[str, str] = RuleTexts()


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
    #: the language of the words (a catalog name); not part of the item's identity
    lang: str = field(default=DEFAULT, compare=False)

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
    """Grade ``answer`` (one of ``item.choices``, or its language-independent key: the English
    choice at its place) against ``item``. Whether it is correct never depends on the
    language; the message is written in the current language. An answer that is not one of
    the choices is wrong, and the message says so."""
    from .display import english, localized  # the display rebuilds items (registry)

    if answer not in item.choices and isinstance(answer, str):
        keys = english(item).choices  # a key: the English choice at its place
        if answer in keys:
            answer = item.choices[keys.index(answer)]
    shown = localized(item)
    right = shown.answer
    if answer == item.answer:
        # Translators: {explanation} is a whole sentence or more, why the answer is right
        return Feedback(True, item.rule, _("Right! {explanation}").format(
            explanation=shown.explanation), item.answer)
    explanation = "" if restates(right, shown.explanation) else shown.explanation
    if answer not in item.choices:
        said = answer if isinstance(answer, str) else repr(answer)
        text = (_("{said!r} is not one of the choices; the answer is {answer}. {explanation}")
                if explanation else
                _("{said!r} is not one of the choices; the answer is {answer}."))
        return Feedback(False, item.rule, text.format(said=said, answer=right,
                                                      explanation=explanation), item.answer)
    text = (_("Not quite: the answer is {answer}. {explanation}") if explanation else
            _("Not quite: the answer is {answer}."))
    return Feedback(False, item.rule, text.format(answer=right, explanation=explanation),
                    item.answer)


def _words(text: str) -> list[str]:
    """The words of ``text``, in lower case, without punctuation."""
    return re.findall(r"\w+", text.casefold())


def restates(answer: str, explanation: str) -> bool:
    """Does ``explanation`` only say again what ``answer`` says (a "No: the reason" answer
    whose explanation is the reason), so that feedback naming the answer need not add it?

    >>> restates("No: nobody raises in the iron hand", "Nobody raises in the iron hand.")
    True
    >>> restates("Yes, it is legal", "It is legal: nobody has raised in this hand yet.")
    False
    """
    said, why = _words(answer), _words(explanation)
    return bool(why) and said[-len(why):] == why


def card_label(card: int) -> str:
    """Short label of a card code: rank and suit symbol (the same in every language: the
    letters are printed on the cards).

    >>> card_label(16), card_label(39)
    ('Q♣', '3♦')
    """
    return RANKS[card // 4] + SUIT_SYMBOL[SUITS[card % 4]]


def seat_label(seat: int) -> str:
    """How questions name a player: the lessons' names (Ana and Bruno, partners Carla and Davi,
    so Ana and Carla play against Bruno and Davi).

    >>> seat_label(0), seat_label(3)
    ('Ana', 'Davi')
    """
    return seat_name(seat)


def team_label(team: int, seats: int) -> str:
    """How questions name a side: its players by name.

    >>> team_label(0, 2), team_label(1, 4)
    ('Ana', 'Bruno and Davi')
    >>> from truco_learn.i18n import language
    >>> with language("pt-BR"):
    ...     team_label(1, 4)
    'Bruno e Davi'
    """
    if seats == 2:
        return seat_name(team)
    # Translators: a team of two named players, "Ana and Carla"
    return _("{first} and {second}").format(first=seat_name(team), second=seat_name(team + 2))


_RANK_PLURALS = (N_("fours"), N_("fives"), N_("sixes"), N_("sevens"), N_("queens"), N_("jacks"),
                 N_("kings"), N_("aces"), N_("twos"), N_("threes"))


def rank_plural(rank: int) -> str:
    """``'queens'``, ``'fours'``... for a rank index 0..9, in the current language.

    >>> rank_plural(4), rank_plural(0)
    ('queens', 'fours')
    """
    return _(_RANK_PLURALS[rank])
