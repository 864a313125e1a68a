"""Scripted hands: a fixed deal plus a fixed list of actions, stepped one action at a time, with
a plain-English sentence for every step.

The lessons use them to walk a learner through real hands of the engine (every tie line, a
raise and a fold, a hand of eleven, the exposed-card rule).

>>> line = ScriptedHand("demo", "A quick hand", "Ana wins two tricks.", "paulista-2p",
...                     dealer=1, vira="4D", hands=(("3S", "2C", "6H"), ("KC", "QD", "7S")),
...                     actions=("play:3S", "play:KC", "play:2C", "play:QD"),
...                     results=(0, 0), winner=0, points=(1, 0))
>>> frames = hand_frames(line)
>>> len(frames), frames[-1].over, frames[-1].winner
(5, True, 0)
>>> narrate(frames[0], frames[1])
'Ana plays the 3 of spades.'
>>> narrate(frames[1], frames[2])
'Bruno plays the king of clubs. Ana wins trick 1 with the 3 of spades. Ana leads the next trick.'
>>> narrate(frames[3], frames[4])
'Bruno plays the queen of diamonds. Ana wins trick 2 with the 2 of clubs. Ana wins the hand and scores 1 point.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..engine.actions import (ACCEPT, BLIND, CONTRAFLOR_RESTO, COVER, DROP, FOLD, ONZE_FOLD,
                              ONZE_PLAY, RAISE)
from ..engine.cards import RANKS, card_name
from ..engine.extended import ExtState
from ..engine.options import Options, make_options
from ..engine.state import ELEVEN, HandState, apply_legal, new_hand, step
from ..engine.tricks import ALL_TIED, hand_outcome
from ..errors import ConfigError
from ..i18n import _, numbers, pgettext
from .scripted_envido import (describe_extended, flor_at_deal, flor_compared,
                              game_over_by_points, hand_points, is_extended_action)

SEAT_NAMES = ("Ana", "Bruno", "Carla", "Davi")
_NUMBER_WORDS = {1: "um", 2: "dois", 3: "três", 4: "quatro", 6: "seis", 9: "nove", 10: "dez",
                 12: "doze"}


def seat_name(seat: int) -> str:
    """The friendly name the lessons give a seat.

    >>> seat_name(0), seat_name(3)
    ('Ana', 'Davi')
    """
    return SEAT_NAMES[seat]


def team_name(team: int, seats: int) -> str:
    """A team by its players' names.

    >>> team_name(0, 2), team_name(1, 4)
    ('Ana', 'Bruno and Davi')
    """
    if seats == 2:
        return SEAT_NAMES[team]
    # Translators: a team of two players, "Ana and Carla"
    return _("{first} and {second}").format(first=SEAT_NAMES[team], second=SEAT_NAMES[team + 2])


def raise_name(opts: Options, value: int) -> str:
    """The call that proposes ``value``: the first step is always *truco*, the others are named
    by their number in Portuguese.

    >>> o = make_options("paulista-2p")
    >>> [raise_name(o, v) for v in (3, 6, 9, 12)]
    ['truco', 'seis', 'nove', 'doze']
    >>> raise_name(make_options("mineiro-2p"), 10)
    'dez'
    >>> [raise_name(make_options("argentino-2p"), v) for v in (2, 3, 4)]
    ['truco', 'retruco', 'vale cuatro']
    """
    if len(opts.ladder) > 1 and value == opts.ladder[1]:
        return "truco"
    if opts.manilhas == "argentine" and value in opts.ladder[2:4]:
        # Translators: the Argentine raises after truco; "vale quatro" at a gaúcho table
        return _("retruco") if value == opts.ladder[2] else _("vale cuatro")
    return _NUMBER_WORDS.get(value, str(value))


def eleven_text(at: int) -> str:
    """The hand a team plays alone at ``at`` points, in the learner's language (the same
    English as :func:`truco_learn.bots.sentences.eleven_name`).

    >>> eleven_text(11), eleven_text(10), eleven_text(20)
    ('hand of eleven', 'hand of ten', 'hand of 20')
    """
    if at == 11:
        return _("hand of eleven")
    if at == 10:
        return _("hand of ten")
    return _("hand of {n}").format(n=at)


def _points(n: int) -> str:
    return numbers.points(n)


@dataclass(frozen=True, slots=True)
class ScriptedHand:
    """A fixed deal (seat 0 is always Ana) and the actions played, with what the lesson claims
    happens: the trick results (team, or -1 for a tie), the hand's winner (-1: nobody) and the
    points each team scores. Tests check every claim against the engine."""

    key: str
    title: str
    lesson_text: str
    variant: str
    dealer: int
    vira: str | None
    hands: tuple[tuple[str, ...], ...]
    actions: tuple[str, ...]
    results: tuple[int, ...]
    winner: int
    points: tuple[int, int]
    score: tuple[int, int] = (0, 0)
    overrides: Mapping[str, Any] = field(default_factory=dict)

    @property
    def options(self) -> Options:
        return make_options(self.variant, dict(self.overrides))


def start_state(line: ScriptedHand) -> HandState:
    """The hand before any action of the script."""
    return new_hand(line.options, line.dealer, [list(h) for h in line.hands], line.vira,
                    line.score)


def hand_frames(line: ScriptedHand) -> list[HandState]:
    """Every state of the scripted hand: the start, then one after each action."""
    states = [start_state(line)]
    for action in line.actions:
        states.append(step(states[-1], action))
    return states


def _card(state: HandState, card: int) -> str:
    """The card with its article, as a sentence names it ("the 3 of spades", "a dama de
    paus"): Portuguese articles follow the rank's gender (dama and sota are feminine)."""
    d = state.deal
    name = card_name(card, d.opts.deck, d.vira, d.opts.manilhas)
    first, _sep, nick = name.partition(", ")
    feminine = RANKS[card // 4] == "Q"
    if d.opts.deck == "french":
        # Translators: a French-deck card with its article; this one is masculine in Portuguese
        article = (pgettext("card, feminine", "the {card}") if feminine
                   else pgettext("card, masculine", "the {card}")).format(card=first)
    else:
        # Translators: a Spanish-deck card, named without an article in English
        article = (pgettext("Spanish card, feminine", "{card}") if feminine
                   else pgettext("Spanish card, masculine", "{card}")).format(card=first)
    return f"{article} ({nick})" if nick else article


def describe_action(before: HandState, after: HandState) -> str:
    """One sentence for the last action applied (``after`` is ``before`` plus one action)."""
    if len(after.log) != len(before.log) + 1:
        raise ConfigError("describe_action needs two states one action apart")
    seat, code = after.log[-1]
    who = seat_name(seat)
    opts = before.opts
    if is_extended_action(before, code):
        return describe_extended(before, after, seat, code)
    if code < COVER:
        return _("{who} plays {card}.").format(who=who, card=_card(before, code))
    if code < BLIND:
        return _("{who} covers a card: it lies face down and counts for nothing.").format(who=who)
    if code < RAISE:
        card = before.left[seat][code - BLIND]
        return _("{who} plays blind and turns up {card}.").format(who=who,
                                                                  card=_card(before, card))
    if code == RAISE:
        assert after.pending is not None
        value = after.pending[1]
        head = _("{who} calls {call}!").format(who=who, call=raise_name(opts, value))
        if before.pending is not None:
            head = _("{who} accepts {accepted} and raises at once: {call}!").format(
                who=who, accepted=before.pending[1], call=raise_name(opts, value))
        worth = _("The hand would be worth {points}.").format(points=_points(value))
        return f"{head} {worth}"
    if code == ACCEPT:
        return _("{who} accepts: the hand is now worth {points}.").format(
            who=who, points=_points(after.stake))
    if code == FOLD:
        return _("{who} runs (corre) and gives up the hand.").format(who=who)
    if code == ONZE_PLAY:
        return _("{who} decides to play the {eleven}: it is worth {points} and nobody may call "
                 "truco.").format(who=who, eleven=eleven_text(opts.eleven_at),
                                  points=_points(after.stake))
    if code == ONZE_FOLD:
        return _("{who} runs from the {eleven}.").format(who=who,
                                                         eleven=eleven_text(opts.eleven_at))
    raise ConfigError(f"unknown action code {code}")  # pragma: no cover


def describe_trick(state: HandState, index: int) -> str:
    """What happened in finished trick ``index`` (0-based)."""
    trick = state.tricks[index]
    seats = state.opts.seats
    if trick.result < 0:
        if not any(up for _s, _c, up in trick.plays):
            return _("Trick {number} is tied: no card was face up.").format(number=index + 1)
        return _("Trick {number} is tied: the best cards of both teams are equal.").format(
            number=index + 1)
    strength = state.deal.strength
    best = max(strength[c] for _s, c, up in trick.plays if up)
    card = next(c for _s, c, up in trick.plays if up and strength[c] == best)
    team = team_name(trick.result, seats)
    if seats == 4:
        return _("{team} win trick {number} with {card}.").format(
            team=team, number=index + 1, card=_card(state, card))
    return _("{team} wins trick {number} with {card}.").format(
        team=team, number=index + 1, card=_card(state, card))


def end_reason(state: HandState) -> str:
    """Which rule ended the hand, read from the engine's options and the state (the same tests
    the engine makes, in the same order): ``fold``, ``onze_fold``, ``exposed``, ``redeal``,
    ``eleven_all_tied`` (Federação rule), ``all_tied`` (the table's ``all_tied`` option),
    ``drop`` (a team went to the deck) or ``tricks`` (the tie lines); ``""`` while the hand goes on.

    >>> s = new_hand("paulista-2p", 1, [["3S", "2C", "6H"], ["KC", "QD", "7S"]], "4D")
    >>> end_reason(step(step(s, "raise"), "fold"))
    'fold'
    """
    if not state.over:
        return ""
    last = state.log[-1][1] if state.log else -1
    if last == FOLD:
        return "fold"
    if last == ONZE_FOLD:
        return "onze_fold"
    if last == DROP:
        return "drop"
    if state.redeal:
        return "redeal"
    d = state.deal
    results = trick_results(state)
    if d.opts.exposed_card and results and results[-1] == -1 and _exposed_fired(state):
        return "exposed"
    if hand_outcome(results) == ALL_TIED:
        if d.mode == ELEVEN and d.opts.eleven_all_tied == "eleven_team_loses":
            return "eleven_all_tied"
        return "all_tied"
    return "tricks"


def _exposed_fired(state: HandState) -> bool:
    """Did the exposed-card rule end the hand: at the last raise of the final (tied) trick, one
    of the tying cards was already face up?"""
    d = state.deal
    before = new_hand(d.opts, d.dealer, [list(h) for h in d.hands], d.vira, d.score)
    for _seat, code in state.log[:-1]:
        before = apply_legal(before, code)
    if before.exposed is None:
        return False
    trick = state.tricks[-1]
    strength = d.strength
    best = max((strength[c] for _s, c, up in trick.plays if up), default=-1)
    _seat2, on_table = before.exposed
    return any(up and strength[c] == best for _s, c, up in trick.plays[:on_table])


def describe_result(state: HandState) -> str:
    """How the hand ended, once it is over, with the rule that decided it."""
    seats = state.opts.seats
    opts = state.opts
    reason = end_reason(state)
    if reason == "redeal":
        return _("All three tricks are tied in the iron hand: it is void and dealt again.")
    game = game_over_by_points(state)
    flor = flor_compared(state)
    if state.winner < 0 and game:
        return f"{flor} {game}" if flor else game
    if state.winner < 0:
        return _("Nobody scores: all three tricks are tied, and at this table a hand with three "
                 "tied tricks goes to nobody.")
    pts = hand_points(state, state.winner)
    plural = seats == 4
    winner = team_name(state.winner, seats)
    if plural:
        text = _("{team} win the hand and score {points}.").format(team=winner,
                                                                   points=_points(pts))
    else:
        text = _("{team} wins the hand and scores {points}.").format(team=winner,
                                                                    points=_points(pts))
    loser = team_name(1 - state.winner, seats)
    if reason == "exposed":
        if plural:
            why = _("Exposed-card rule: one of the tying cards was already face up when {team} "
                    "made the last raise of this trick, so {team} lose the hand at once.")
        else:
            why = _("Exposed-card rule: one of the tying cards was already face up when {team} "
                    "made the last raise of this trick, so {team} loses the hand at once.")
        text = why.format(team=loser) + " " + text
    elif reason == "eleven_all_tied":
        why = _("All three tricks are tied in a {eleven}: under the Federação rule the team on "
                "{at} loses.").format(eleven=eleven_text(opts.eleven_at), at=opts.eleven_at)
        text = why + " " + text
    elif reason == "all_tied":
        if opts.all_tied == "dealer_team":
            why = _("All three tricks are tied: at this table the dealer's team takes the hand.")
        else:
            why = _("All three tricks are tied: at this table the mão's team takes the hand.")
        text = why + " " + text
    elif reason == "tricks" and -1 in trick_results(state):
        rule = outcome_of_results(trick_results(state))
        text = f"{rule[0].upper()}{rule[1:]}. " + text  # the tie-line rule, its own sentence
    return f"{text} {flor}" if flor else text


def _tie_lead(state: HandState) -> str:
    """Why the player who leads after a tied trick leads, from the table's option."""
    trick = state.tricks[-1]
    who = seat_name(state.leader)
    if not any(up for _s, _c, up in trick.plays):
        return _("{who}, who led the tied trick, leads again: no card was face up.").format(
            who=who)
    if state.opts.lead_after_tie == "leader" or state.leader == trick.leader:
        return _("{who}, who led the tied trick, leads again.").format(who=who)
    return _("{who}, who played the first tying card, leads the next trick.").format(who=who)


def narrate(before: HandState, after: HandState) -> str:
    """The action, then the trick it finished (if any), then the result (if the hand ended)."""
    parts = [describe_action(before, after)]
    if not before.log and flor_at_deal(before):
        parts.insert(0, flor_at_deal(before))
    if len(after.tricks) > len(before.tricks):
        parts.append(describe_trick(after, len(after.tricks) - 1))
        if not after.over:
            parts.append(_tie_lead(after) if after.tricks[-1].result < 0 else
                         _("{who} leads the next trick.").format(who=seat_name(after.leader)))
    if after.over:
        parts.append(describe_result(after))
    return " ".join(parts)


def lead_sentence(state: HandState) -> str:
    """Who is to act now, as a sentence (or that the hand is over).

    >>> s = new_hand("paulista-2p", 1, [["3S", "2C", "6H"], ["KC", "QD", "7S"]], "4D")
    >>> lead_sentence(s)
    'Ana is the mão: she leads the first trick.'
    """
    if state.over:
        return _("The hand is over.")
    who = seat_name(state.to_act)
    if state.ext is not None and state.ext.flor_wait == 1:
        return _("{who} must answer the flor: flor, contraflor, contraflor al resto, or give "
                 "in.").format(who=who)
    if not state.log:
        if state.onze_pending:
            return _("{who} decides: play the {eleven}, or run.").format(
                who=who, eleven=eleven_text(state.opts.eleven_at))
        if state.to_act % 2 == 0:
            return _("{who} is the mão: she leads the first trick.").format(who=who)
        return _("{who} is the mão: he leads the first trick.").format(who=who)
    if state.ext is not None and state.ext.flor_wait == 2:
        return _contraflor_answer(state.ext, who)
    if state.ext is not None and state.ext.env_open:
        return _("{who} must answer the envido: quiero, no quiero, or a higher call.").format(
            who=who)
    if state.pending is not None:
        return _("{who} must answer the call: accept, run or raise.").format(who=who)
    return _("{who} is to play.").format(who=who)


def _contraflor_answer(ext: ExtState, who: str) -> str:
    """``Ana must answer the contraflor…``: the flor call that waits (the engine's last one)."""
    if ext.flor_calls and ext.flor_calls[-1][1] == CONTRAFLOR_RESTO:
        return _("{who} must answer the contraflor al resto: quiero or no quiero.").format(
            who=who)
    return _("{who} must answer the contraflor: quiero or no quiero.").format(who=who)


def trick_results(state: HandState) -> tuple[int, ...]:
    """The result of every finished trick: team, or -1 for a tie."""
    return tuple(t.result for t in state.tricks)


def outcome_of_results(results: tuple[int, ...]) -> str:
    """The tie-line rule that decides a hand with these trick results.

    >>> outcome_of_results((-1, 1)), outcome_of_results((0, 1, -1))
    ('first trick tied: the next trick that is not tied decides', 'one trick each, third tied: the winner of the first trick wins')
    """
    out = hand_outcome(results)
    if out is None:
        return _("not decided yet")
    if out == ALL_TIED:
        return _("all three tricks tied")
    if results[0] == -1:
        return _("first trick tied: the next trick that is not tied decides")
    if len(results) >= 2 and results[1] == -1:
        return _("first trick won, second tied: the winner of the first trick wins")
    if len(results) == 3 and results[2] == -1:
        return _("one trick each, third tied: the winner of the first trick wins")
    return _("two tricks won")
