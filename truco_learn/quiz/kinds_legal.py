"""The ``legal`` item kind: is this action legal now, and if not, which rule forbids it.

Each form builds a real state with the engine; whether the action is legal is the engine's
``legal_actions``; the reason is the rule the form was built to show, and the tests check the
state really has that property.

>>> import random
>>> item = legal(4, "paulista-2p", random.Random(4))
>>> item.answer in item.choices and item.choices[0] == YES
True
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.cards import card_str, parse_card
from ..engine.options import Options, make_options
from ..engine.state import NORMAL, HandState, legal_actions, step
from .deals import random_deal, replay
from .kinds_betting import eleven_words, narrate, raise_name
from ..course.tables import table_label
from ..i18n import DEFAULT, N_, _, current, language
from .model import QuizItem, card_label, seat_label, team_label

YES = N_("Yes, it is legal")
REASONS: dict[str, str] = {
    "betting.alternate": N_("No: that team made the last raise, raises alternate"),
    "betting.top": N_("No: the stake is already at the top of the ladder"),
    "betting.pointless": N_("No: accepting alone would already win that team the game"),
    "betting.answer_first": N_("No: the raise must be answered first"),
    "eleven.no_raise": N_("No: nobody raises in a hand of eleven"),
    "iron.no_raise": N_("No: nobody raises in the iron hand"),
    "covered.first_trick": N_("No: a card cannot be covered in the first trick"),
    "covered.variant": N_("No: this table plays without covered cards"),
}
#: the reason itself, without its "No: ", as the explanation says it
_WHY_NOT: dict[str, str] = {
    "betting.alternate": N_("That team made the last raise, raises alternate."),
    "betting.top": N_("The stake is already at the top of the ladder."),
    "betting.pointless": N_("Accepting alone would already win that team the game."),
    "betting.answer_first": N_("The raise must be answered first."),
    "eleven.no_raise": N_("Nobody raises in a hand of eleven."),
    "iron.no_raise": N_("Nobody raises in the iron hand."),
    "covered.first_trick": N_("A card cannot be covered in the first trick."),
    "covered.variant": N_("This table plays without covered cards."),
}


def reasons(opts: Options) -> dict[str, str]:
    """The answers naming a rule, worded for this table (Mineiro's hand of ten by its name),
    in the current language.

    >>> reasons(make_options("mineiro-2p"))["eleven.no_raise"]
    'No: nobody raises in a hand of ten'
    """
    named = {rule: _(text) for rule, text in REASONS.items()}
    if opts.eleven_at == 10:
        named["eleven.no_raise"] = _("No: nobody raises in a hand of ten")
    elif opts.eleven_at != 11:
        named["eleven.no_raise"] = _("No: nobody raises in a {hand}").format(
            hand=eleven_words(opts.eleven_at))
    return named


def why_not(rule: str, opts: Options) -> str:
    """The explanation of a "No" answer: its reason as a sentence."""
    if rule == "eleven.no_raise" and opts.eleven_at == 10:
        return _("Nobody raises in a hand of ten.")
    if rule == "eleven.no_raise" and opts.eleven_at != 11:
        return _("Nobody raises in a {hand}.").format(hand=eleven_words(opts.eleven_at))
    return _(_WHY_NOT[rule])


# form -> (rule, legal?)
FORMS: dict[str, tuple[str, bool]] = {
    "raise_ok": ("betting.alternate", True),
    "answer_raise": ("betting.raise_answer", True),
    "alternate": ("betting.alternate", False),
    "top": ("betting.top", False),
    "pointless": ("betting.pointless", False),
    "answer_first": ("betting.answer_first", False),
    "eleven_raise": ("eleven.no_raise", False),
    "iron_raise": ("iron.no_raise", False),
    "cover_first": ("covered.first_trick", False),
    "cover_ok": ("covered.first_trick", True),
    "cover_variant": ("covered.variant", False),
}


LEGAL_WHY = {
    "raise_ok": N_("It is legal: nobody has raised in this hand yet, so the player to act may "
                   "call truco before playing a card."),
    "answer_raise": N_("It is legal: raising is one of the three answers to a raise; it "
                       "accepts the raise and proposes the next step of the ladder."),
    "cover_ok": N_("It is legal: from the second trick on, a card may be played face down "
                   "(covered) at this table. It counts for nothing in the trick."),
}

#: topic -> reasons its questions name (the choices come from the topic's reasons)
TOPIC_RULES: dict[str, tuple[str, ...]] = {
    "betting": ("betting.alternate", "betting.top", "betting.pointless", "betting.answer_first"),
    "eleven": ("eleven.no_raise", "iron.no_raise", "betting.alternate", "betting.top"),
    "covered": ("covered.first_trick", "covered.variant", "betting.answer_first",
                "betting.alternate"),
}


def forms_for(opts: Options, topic: str = "betting") -> list[str]:
    """The forms of a topic (``betting``, ``eleven``, ``covered``) these rules allow.

    >>> forms_for(make_options("paulista-2p"))[:3]
    ['raise_ok', 'answer_raise', 'alternate']
    >>> forms_for(make_options("paulista-4p"), "covered")
    ['cover_first', 'cover_ok']
    """
    out: list[str] = []
    if topic == "betting":
        out = ["raise_ok", "answer_raise", "alternate", "top", "answer_first"]
        if opts.no_pointless_raise and _pointless_score(opts) is not None:
            out.append("pointless")
    elif topic == "eleven":
        out = (["eleven_raise"] if opts.eleven else []) + (["iron_raise"] if opts.iron else [])
        out = out or ["alternate"]
    else:
        out = ["cover_first", "cover_ok"] if opts.covered_cards else ["cover_variant"]
    return out


def _pointless_score(opts: Options) -> int | None:
    """A score below the hand of eleven from which accepting a truco reaches the target."""
    fits = [s for s in range(opts.eleven_at) if s + opts.ladder[1] >= opts.target]
    return fits[0] if fits else None


def _after_first_trick(opts: Options, rng: random.Random) -> dict[str, Any]:
    """A random deal whose first trick someone won (the hand goes on)."""
    while True:
        sc = random_deal(opts, opts.seats - 1, (0, 0), rng)
        state = replay(sc)
        for seat in range(opts.seats):
            sc["actions"].append("play:" + card_str(state.left[state.to_act][0]))
            state = step(state, sc["actions"][-1])
        if state.tricks[0].result >= 0:
            return sc


def _build(form: str, opts: Options, rng: random.Random) -> tuple[dict[str, Any], str]:
    n = opts.seats
    top_raises = len(opts.ladder) - 1
    if form == "raise_ok":
        return random_deal(opts, n - 1, (0, 0), rng), "raise"
    if form == "answer_raise":
        return random_deal(opts, n - 1, (0, 0), rng, ["raise"]), "raise"
    if form == "alternate":
        return random_deal(opts, n - 1, (0, 0), rng, ["raise", "accept"]), "raise"
    if form == "top":
        return random_deal(opts, n - 1, (0, 0), rng, ["raise"] * top_raises + ["accept"]), "raise"
    if form == "pointless":
        s = _pointless_score(opts)
        assert s is not None
        return random_deal(opts, n - 1, (rng.randrange(s), s), rng, ["raise"]), "raise"
    if form == "answer_first":
        sc = random_deal(opts, n - 1, (0, 0), rng, ["raise"])
        return sc, "play:" + sc["hands"][1][rng.randrange(3)]
    if form == "eleven_raise":
        team = rng.randrange(2)
        low = rng.randrange(opts.eleven_at)
        score = (opts.eleven_at, low) if team == 0 else (low, opts.eleven_at)
        return random_deal(opts, n - 1, score, rng, ["onze:play"]), "raise"
    if form == "iron_raise":
        return random_deal(opts, n - 1, (opts.eleven_at, opts.eleven_at), rng), "raise"
    if form == "cover_first":
        sc = random_deal(opts, n - 1, (0, 0), rng)
        return sc, "cover:" + sc["hands"][0][rng.randrange(3)]
    sc = _after_first_trick(opts, rng)
    state = replay(sc)
    return sc, "cover:" + card_str(rng.choice(state.left[state.to_act]))


def _situation(scenario: dict[str, Any], state: HandState, opts: Options) -> str:
    d = state.deal
    n = opts.seats
    parts = [_("At a {table} table (stakes {ladder}), the score is {team_a} {score_a}, {team_b} "
               "{score_b}.").format(table=table_label(opts.variant),
                                    ladder="-".join(map(str, opts.ladder)),
                                    team_a=team_label(0, n), score_a=d.score[0],
                                    team_b=team_label(1, n), score_b=d.score[1])]
    bets = narrate(scenario)
    if bets:
        parts.append(_("So far: {story}.").format(story=bets))
    if state.tricks:
        parts.append(_("The first trick is over (taken by {team}).").format(
            team=team_label(state.tricks[0].result, n)))
    return " ".join(parts)


def _ask(action: str, state: HandState, opts: Options) -> str:
    who = seat_label(state.to_act)
    if action == "raise":
        base = state.stake if state.pending is None else state.pending[1]
        nxt = state.deal.next_stake.get(base)
        if state.deal.mode != NORMAL:  # the stake is the hand's fixed value: just "truco"
            return _("May {who} call truco (raise the stake) now?").format(who=who)
        if nxt is None:
            return _("May {who} raise now?").format(who=who)
        return _("May {who} call {call} now?").format(who=who, call=raise_name(opts, nxt))
    if action.startswith("cover:"):
        return _("May {who} cover the {card} (play it face down) now?").format(
            who=who, card=card_label(parse_card(action[6:])))
    return _("May {who} play the {card} now?").format(who=who,
                                                      card=card_label(parse_card(action[5:])))


def _legal_item(kind: str, topic: str, seed: int, variant: str,
                rng: random.Random) -> QuizItem:
    opts = make_options(variant)
    form = rng.choice(forms_for(opts, topic))
    rule, _legal = FORMS[form]
    scenario, action = _build(form, opts, rng)
    state = replay(scenario)
    legal_now = action in legal_actions(state)  # the engine decides; the form only names why
    named = reasons(opts)
    if current() != DEFAULT:  # the choices keep the English order in every language
        with language(DEFAULT):
            english = reasons(opts)
    else:
        english = named
    answer = _(YES) if legal_now else named[rule]
    others = [r for r in TOPIC_RULES[topic] if r in named and (legal_now or r != rule)]
    picks = rng.sample(others, min(len(others), 3 if legal_now else 2))
    ordered = sorted(picks + ([] if legal_now else [rule]), key=lambda r: english[r])
    choices = [_(YES)] + [named[r] for r in ordered]
    explanation = ((_(LEGAL_WHY[form]) if form in LEGAL_WHY else _("It is legal now."))
                   if legal_now else why_not(rule, opts))
    return QuizItem(kind, seed, variant,
                    f"{_situation(scenario, state, opts)} {_ask(action, state, opts)}",
                    tuple(choices), answer, rule, explanation,
                    {"table": opts.variant, "scenario": scenario, "vira": scenario["vira"],
                     "action": action, "form": form, "seat": state.to_act})


def legal(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Betting: is this raise, answer or card legal now, and why not."""
    return _legal_item("legal", "betting", seed, variant, rng)


def eleven_legal(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """May anyone raise in a hand of eleven or the iron hand."""
    return _legal_item("eleven_legal", "eleven", seed, variant, rng)


def cover_legal(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """May this card be covered now (the encoberta)."""
    return _legal_item("cover_legal", "covered", seed, variant, rng)
