"""Lesson 8's item kinds about envido calls: ``envido_declined`` (what an exchange pays, with
no quiero or with quiero) and ``envido_legal`` (may this call, or going to the deck, be made
now, and if not, which rule forbids it).

The exchanges are walked with the engine's legal actions and replayed; the points are the
ones the engine scores and legality is the engine's ``legal_actions``. The rule an item names
is the one its form was built to show; the tests check the state really has that property.

>>> import random
>>> item = envido_declined(1, "argentino-2p", random.Random(1))
>>> item.answer in item.choices, item.rule.startswith("envido.")
(True, True)
>>> item = envido_legal(2, "gauderio-2p", random.Random(2))
>>> item.answer in item.choices and item.choices[0] == YES
True
"""

from __future__ import annotations

import random
from typing import Any

from ..course.tables import table_label
from ..engine.envido import CALL_VALUE
from ..engine.handpoints import has_flor
from ..engine.options import Options, make_options
from ..engine.state import legal_actions, step
from ..i18n import DEFAULT, N_, _, current, language, pgettext
from ..i18n.numbers import integer
from ..i18n.numbers import points as _points
from .deals import replay
from .envido_words import (ENVIDO_ACTIONS, call_words, deal_rest, narrate, scenario,
                           table_for)
from .kinds_betting import point_choices
from .kinds_legal import YES
from .model import QuizItem, seat_label, team_label

# ---------------------------------------------------------------- envido_declined


def _walk(sc: dict[str, Any], accept: bool, rng: random.Random) -> None:
    """Append a random exchange to ``sc``: calls that go up, as the engine allows them, then
    quiero (``accept``) or no quiero."""
    state = replay(sc)
    first = [a for a in legal_actions(state) if a in ENVIDO_ACTIONS]
    sc["actions"].append(rng.choices(first, weights=[3, 2, 1][:len(first)])[0])
    state = step(state, sc["actions"][-1])
    while True:
        ups = [a for a in legal_actions(state) if a in ENVIDO_ACTIONS]
        if ups and len(sc["actions"]) < 4 and rng.random() < 0.55:
            sc["actions"].append(rng.choice(ups))
            state = step(state, sc["actions"][-1])
            continue
        sc["actions"].append("accept" if accept else "fold")
        return


def _sum_words(values: list[int]) -> str:
    return " + ".join(str(v) for v in values)


def envido_declined(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """What an envido exchange pays: declined (no quiero) or accepted (quiero, the falta)."""
    table = table_for(variant, 2)
    opts = make_options(table)
    form = rng.choice(("declined", "declined", "accepted"))
    score = [rng.randrange(opts.target - 1), rng.randrange(opts.target - 1)]
    hands = deal_rest([[], []], 2, rng, no_flor=opts.flor)
    sc = scenario(table, rng.randrange(2), hands, [], score)
    _walk(sc, form == "accepted", rng)
    state = replay(sc)
    x = state.ext
    assert x is not None and x.env_result is not None
    pts, team = x.env_points, x.env_winner  # what the engine scored, and for whom
    calls = [c for _s, c in x.env_calls]
    names = [call_words(a) for a in sc["actions"][:-1]]
    falta = opts.target - max(score)
    values = [CALL_VALUE.get(c, falta) for c in calls]
    who = team_label(team, 2)
    prompt = " ".join([
        _("At the {table} table (a game to {target} points), the score is {team_a} {score_a}, "
          "{team_b} {score_b}.").format(table=table_label(table), target=opts.target,
                                        team_a=team_label(0, 2), score_a=score[0],
                                        team_b=team_label(1, 2), score_b=score[1]),
        _("So far: {story}.").format(story=narrate(sc))]
        # an accepted envido goes to the team with the higher envido (or the mão's, on a tie):
        # the question says who won it, as it asks what that team scores
        + ([_("{who} wins the envido.").format(who=who)] if form == "accepted" else [])
        + [_("How many points does {who} score for the envido?").format(who=who)])
    before = sum(values[:-1])
    candidates = [1, 2, 3, 4, 5, 7, sum(values), before, values[-1], falta, falta + 1, before + 1]
    has_falta = "falta_envido" in sc["actions"]
    if has_falta:
        rule = "envido.falta" if form == "accepted" else "envido.declined"
    else:
        rule = "envido.accepted" if form == "accepted" else "envido.declined"
    if form == "declined" and len(calls) == 1:
        why = _("A call answered at once with no quiero pays 1 point to the team that made it.")
    elif form == "declined" and len(calls) == 2:
        why = _("No quiero: the team of the last call ({last}) scores the call before it, "
                "{points}.").format(last=names[-1], points=integer(pts))
    elif form == "declined":
        why = _("No quiero: the team of the last call ({last}) scores the calls before it, "
                "{sum} = {points}.").format(last=names[-1], sum=_sum_words(values[:-1]),
                                            points=integer(pts))
    elif has_falta:
        why = _("Quiero to a falta envido: the falta alone counts, what the leading team still "
                "needs to reach {target}: {target} - {lead} = {points}.").format(
            target=opts.target, lead=max(score), points=integer(pts))
    elif len(calls) == 1:
        why = _("Quiero: the team with the higher envido scores the call, {points}.").format(
            points=integer(pts))
    else:
        why = _("Quiero: the team with the higher envido scores every call, {sum} = "
                "{points}.").format(sum=_sum_words(values), points=integer(pts))
    return QuizItem("envido_declined", seed, variant, prompt,
                    point_choices(pts, [c for c in candidates if c > 0], rng), _points(pts), rule, why,
                    {"table": table, "scenario": sc, "vira": None, "form": form,
                     "team": team})


# ---------------------------------------------------------------- envido_legal

REASONS: dict[str, str] = {
    "envido.first_trick": N_("No: the envido is called only in the first trick"),
    "envido.own_card": N_("No: that player has already played a card"),
    "envido.after_truco": N_("No: a truco was already accepted"),
    "envido.order": N_("No: the calls must go up (envido at most twice, then real envido, "
                       "then falta envido)"),
    "envido.once": N_("No: there is only one envido in a hand"),
    "envido.flor": N_("No: with a flor at the table nobody calls envido"),
    "drop.pending": N_("No: the call waiting must be answered first"),
}
_WHY_NOT: dict[str, str] = {
    "envido.first_trick": N_("The envido is called only in the first trick."),
    "envido.own_card": N_("The envido is called before playing your card of the first trick, "
                          "and that player has already played it."),
    "envido.after_truco": N_("Once a truco is accepted, nobody calls envido in that hand."),
    "envido.order": N_("The calls must go up: envido at most twice, then real envido (once, "
                       "unless the table repeats it), then falta envido, last."),
    "envido.once": N_("There is only one envido exchange in a hand, whatever its result."),
    "envido.flor": N_("A flor was declared when the cards were dealt: in that hand nobody "
                      "calls envido."),
    "drop.pending": N_("Going to the deck is for your turn when nothing waits for an answer: "
                       "the call must be answered first."),
}
# form -> (the rule it shows, the actions before, the action asked)
_FORMS: dict[str, tuple[str, list[str], str]] = {
    "open": ("envido.when", [], "envido"),
    "answer_card": ("envido.when", ["play"], "envido"),
    "second_trick": ("envido.first_trick", ["play", "play"], "envido"),
    "own_card": ("envido.own_card", ["play", "raise"], "envido"),
    "truco_accepted": ("envido.after_truco", ["raise", "accept"], "envido"),
    "envido_first": ("envido.first", ["raise"], "envido"),
    "twice_then_real": ("envido.order", ["envido", "envido"], "real_envido"),
    "three_envidos": ("envido.order", ["envido", "envido"], "envido"),
    "real_after_falta": ("envido.order", ["falta_envido"], "real_envido"),
    "real_twice": ("envido.order", ["real_envido"], "real_envido"),
    "once": ("envido.once", ["envido", "fold", "play"], "envido"),
    "flor_table": ("envido.flor", [], "envido"),
    "drop_truco": ("drop.pending", ["raise"], "drop"),
    "drop_envido": ("drop.pending", ["envido"], "drop"),
    "drop_ok": ("drop.when", [], "drop"),
}
_LEGAL_WHY: dict[str, str] = {
    "envido.when": N_("On your turn in the first trick, before playing your card, you may call "
                      "envido if nobody has yet, no truco was accepted and nobody holds a "
                      "flor."),
    "envido.first": N_("The envido comes first: against the first truco, a player who has not "
                       "played a card may call envido; the truco waits until it is settled."),
    "envido.order": N_("A higher call answers and raises: after envido, envido, the real envido "
                       "may come."),
    "envido.real_repeat": N_("At this gaúcho table real envido may be called again (the gaúcho "
                             "rule)."),
    "drop.when": N_("On your turn, when nothing waits for an answer, you may go to the deck "
                    "(me voy al mazo)."),
}


def forms_for(opts: Options) -> list[str]:
    """The envido_legal forms a table shows (the flor one only where the flor is played)."""
    return [f for f in _FORMS if f != "flor_table" or opts.flor]


def _legal_deal(form: str, opts: Options, rng: random.Random) -> list[list[int]]:
    """Two hands; with ``flor_table`` one of them a flor, otherwise none where flor counts."""
    if form != "flor_table":
        return deal_rest([[], []], 2, rng, no_flor=opts.flor)
    while True:
        hands = deal_rest([[], []], 2, rng)
        if sum(has_flor(h) for h in hands) == 1:
            return hands


def envido_legal(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Envido and going to the deck: is this call legal now, and why not."""
    table = table_for(variant, 2)
    opts = make_options(table)
    form = rng.choice(forms_for(opts))
    rule, before, action = _FORMS[form]
    sc = scenario(table, rng.randrange(2), _legal_deal(form, opts, rng), [])
    state = replay(sc)
    for a in before:  # "play": the seat to act plays a random card of its hand
        if a == "play":
            a = "play:" + rng.choice(sorted(c for c in legal_actions(state)
                                            if c.startswith("play:")))[5:]
        sc["actions"].append(a)
        state = step(state, a)
    legal_now = action in legal_actions(state)  # the engine decides; the form names why
    if legal_now and form == "real_twice":
        rule = "envido.real_repeat"
    named = {r: _(t) for r, t in REASONS.items()}
    if current() != DEFAULT:  # the choices keep the English order in every language
        with language(DEFAULT):
            english = {r: _(t) for r, t in REASONS.items()}
    else:
        english = named
    answer = _(YES) if legal_now else named[rule]
    others = [r for r in REASONS if legal_now or r != rule]
    picks = rng.sample(others, 3 if legal_now else 2)
    ordered = sorted(picks + ([] if legal_now else [rule]), key=lambda r: english[r])
    choices = [_(YES)] + [named[r] for r in ordered]
    why = _(_LEGAL_WHY[rule]) if legal_now else _(_WHY_NOT[rule])
    who = seat_label(state.to_act)
    if action == "drop":
        ask = _("May {who} go to the deck (me voy al mazo) now?").format(who=who)
    else:
        ask = pgettext("envido", "May {who} call {call} now?").format(
            who=who, call=call_words(action))
    parts = [_("At the {table} table, {mao} is the mão.").format(
        table=table_label(table), mao=seat_label(state.deal.mao))]
    if state.ext is not None and state.ext.flor_seats:
        parts.append(_("{who} holds a flor (three cards of one suit).").format(
            who=seat_label(state.ext.flor_seats[0])))
    if sc["actions"]:
        parts.append(_("So far: {story}.").format(story=narrate(sc)))
    parts.append(ask)
    return QuizItem("envido_legal", seed, variant, " ".join(parts), tuple(choices), answer, rule,
                    why, {"table": table, "scenario": sc, "vira": None, "action": action,
                          "form": form, "seat": state.to_act})
