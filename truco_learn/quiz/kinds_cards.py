"""Item kinds about cards and single tricks: ``card_rank``, ``manilhas``, ``trick_winner`` and
``partner_trick``. Every answer is read from the engine (strength tables, replayed tricks).

>>> import random
>>> item = trick_winner(5, "paulista-2p", random.Random(5))
>>> item.answer in item.choices and item.rule.split(".")[0] in ("tricks", "ties")
True
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.cards import (DECK, MANILHA_NAMES, RANKS, card_name, card_str, manilha_rank_of,
                            manilhas_for, strength_table)
from ..engine.options import Options, make_options
from .deals import plan_scenario, replay
from ..i18n import N_, _
from .model import QuizItem, card_label, rank_plural, seat_label, team_label

TIE = N_("Tie (empate)")
_FOUR_SEATS = {"paulista-2p": "paulista-4p", "mineiro-2p": "mineiro-4p"}


def table_options(variant: str, seats: int | None = None) -> Options:
    """The rules a question is asked under: ``variant``, or its four-seat counterpart when a
    question needs partners (``seats=4``)."""
    opts = make_options(variant)
    if seats == 4 and opts.seats != 4:
        opts = make_options(_FOUR_SEATS.get(variant, "paulista-4p"))
    return opts


def pick_vira(rng: random.Random) -> int:
    """A vira, biased to the tricky ones: 3 (wraps to 4), 7 (queens), Q (jacks)."""
    if rng.random() < 0.5:
        return RANKS.index(rng.choice("37Q")) * 4 + rng.randrange(4)
    return rng.choice(DECK)


def describe(card: int, opts: Options, vira: int | None) -> str:
    """``'Q♣ (zap, a manilha)'`` or ``'2♥ (ordinary)'``."""
    mans = manilhas_for(opts.manilhas, vira)
    if card in mans:
        # Translators: "Q♣ (zap, a manilha)"; {name} is zap, copas, espadilha or mole
        return _("{card} ({name}, a manilha)").format(card=card_label(card),
                                                      name=MANILHA_NAMES[mans.index(card)])
    # Translators: "2♥ (ordinary 2)": a card that is not a manilha, and its rank
    return _("{card} (ordinary {rank})").format(card=card_label(card), rank=RANKS[card // 4])


def vira_text(opts: Options, vira: int | None) -> str:
    """One sentence naming the vira and the manilhas it makes (or Mineiro's fixed ones).

    >>> vira_text(make_options("paulista-2p"), 15)
    'The vira is 7♦, so the manilhas are the queens.'
    """
    if vira is None:
        return _("Mineiro's fixed manilhas are in play (4♣ > 7♥ > A♠ > 7♦).")
    r = manilha_rank_of(vira)
    # Translators: {ranks} is a rank in the plural: "queens", "fours"...
    return _("The vira is {vira}, so the manilhas are the {ranks}.").format(
        vira=card_label(vira), ranks=rank_plural(r))


def plays_text(seat: int, card: int) -> str:
    """``'Ana plays Q♣'``."""
    # Translators: one play in a trick, "Ana plays Q♣"
    return _("{who} plays {card}").format(who=seat_label(seat), card=card_label(card))


def covers_text(seat: int) -> str:
    """``'Bruno covers a card'`` (plays it face down)."""
    return _("{who} covers a card").format(who=seat_label(seat))


def both(things: list[str]) -> str:
    """``'Q♣ and Q♥'``: two (or more) things together."""
    out = things[0]
    for thing in things[1:]:
        # Translators: two things together, "Q♣ and Q♥"
        out = _("{first} and {second}").format(first=out, second=thing)
    return out


# ---------------------------------------------------------------- card_rank

def card_rank(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Which card is stronger in the ordinary order (no manilha among them)."""
    opts = make_options(variant)
    mans = set(manilhas_for(opts.manilhas, None if opts.manilhas == "mineiro" else 0))
    # with vira 4C the manilhas are the fives: keep fives (and Mineiro's manilhas) out
    candidates = [c for c in DECK if c not in mans and c // 4 != 1 and c != 0]
    if rng.random() < 0.3:
        return _deck_names(seed, variant, rng)
    deck = opts.deck if rng.random() < 0.5 else ("spanish" if opts.deck == "french" else "french")
    while True:
        if rng.random() < 0.4:
            cards = [RANKS.index("Q") * 4 + rng.randrange(4), RANKS.index("J") * 4 + rng.randrange(4)]
            if rng.random() < 0.5:
                cards.append(rng.choice(candidates))
        else:
            cards = rng.sample(candidates, rng.choice((2, 3)))
        if all(c in candidates for c in cards) and len({c // 4 for c in cards}) == len(cards):
            break
    rng.shuffle(cards)
    vira = 0 if opts.manilhas == "vira" else None
    strength = strength_table(opts.manilhas, vira)
    best = max(cards, key=lambda c: strength[c])
    names = [card_name(c, deck) for c in cards]
    answer = card_name(best, deck)
    order = " < ".join(RANKS)
    listed = ", ".join(names)
    if deck == "spanish":
        prompt = _("None of these is a manilha. The cards carry their Spanish-deck names (as, "
                   "rey, caballo, sota; oros, copas, espadas, bastos). Which card is the "
                   "strongest: {cards}?").format(cards=listed)
    else:
        prompt = _("None of these is a manilha. Which card is the strongest: {cards}?").format(
            cards=listed)
    return QuizItem(
        "card_rank", seed, variant, prompt,
        tuple(names), answer, "cards.order",
        _("The ordinary order, low to high, is {order}: the queen is below the jack, and "
          "suits do not matter. So the {card} ({label}) is the strongest.").format(
            order=order, card=answer, label=card_label(best)),
        {"cards": [card_str(c) for c in cards], "deck": deck, "vira": None,
         "ordinary_vira": None if vira is None else card_str(vira), "table": opts.variant,
         "form": "order"})


def _deck_names(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """The Spanish deck's names for the French cards (sota, caballo, rey, as)."""
    suit = rng.randrange(4)
    cards = [RANKS.index(r) * 4 + suit for r in "QJKA"]
    asked = rng.choice(cards)
    spanish, french = card_name(asked, "spanish"), card_name(asked, "french")
    choices = tuple(card_name(c, "french") for c in cards)
    return QuizItem(
        "card_rank", seed, variant,
        _("Some tables play with a Spanish deck. Which card of a French deck is the "
          "{spanish}?").format(spanish=spanish),
        choices, french, "cards.decks",
        _("The decks name the same 40 cards: sota = queen (Q), caballo = jack (J), rey = king "
          "(K), as = ace; bastos = clubs, copas = hearts, espadas = spades, oros = diamonds. So "
          "the {spanish} is the {french}.").format(spanish=spanish, french=french),
        {"cards": [], "asked": card_str(asked), "deck": "spanish", "vira": None,
         "table": make_options(variant).variant, "form": "decks"})


# ---------------------------------------------------------------- manilhas

def manilhas(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Which rank is manilha for this vira / which manilha is strongest / Mineiro's manilhas."""
    opts = make_options(variant)
    form = rng.choice(("rank", "rank", "strongest")) if opts.manilhas == "vira" else rng.choice(
        ("mineiro", "strongest"))
    vira = pick_vira(rng) if opts.manilhas == "vira" else None
    mans = manilhas_for(opts.manilhas, vira)
    strength = strength_table(opts.manilhas, vira)
    data: dict[str, Any] = {"vira": None if vira is None else card_str(vira), "table": opts.variant,
                            "form": form}
    if form == "rank":
        assert vira is not None
        v = vira // 4
        ranks = [(v + 1) % 10, v, (v - 1) % 10, (v + 2) % 10]
        right = next(r for r in range(10) if strength[r * 4] >= 10)  # read from the engine
        choices = [rank_plural(r) for r in ranks]
        rng.shuffle(choices)
        data["cards"] = [card_str(vira)]
        return QuizItem(
            "manilhas", seed, variant,
            _("The vira is {vira} ({name}). Which cards are the manilhas in this hand?").format(
                vira=card_label(vira), name=card_name(vira, opts.deck)),
            tuple(choices), rank_plural(right), "manilhas.vira",
            _("The manilhas are the rank right after the vira in the cycle {cycle} 4…: after "
              "{vira_rank} comes {rank}, so the {ranks} are manilhas ({cards}).").format(
                cycle=" ".join(RANKS), vira_rank=RANKS[v], rank=RANKS[right],
                ranks=rank_plural(right), cards=", ".join(card_label(c) for c in mans)), data)
    if form == "mineiro":
        pick = rng.choice(mans)
        decoys = [c for c in DECK if c // 4 in (0, 3, 7) and c not in mans]
        cards = [pick] + rng.sample(decoys, 3)
        rng.shuffle(cards)
        right = next(c for c in cards if strength[c] >= 10)
        data["cards"] = [card_str(c) for c in cards]
        return QuizItem(
            "manilhas", seed, variant,
            _("Truco Mineiro has no vira. Which of these cards is a manilha?"),
            tuple(card_label(c) for c in cards), card_label(right), "manilhas.mineiro",
            _("Mineiro's manilhas are fixed: 4♣ (zap) > 7♥ (copas) > A♠ (espadilha) > 7♦ "
              "(mole). {card}; the other cards are ordinary.").format(
                card=describe(right, opts, vira)), data)
    cards = rng.sample(mans, rng.choice((2, 3)))
    best = max(cards, key=lambda c: strength[c])
    data["cards"] = [card_str(c) for c in cards]
    return QuizItem(
        "manilhas", seed, variant,
        _("{vira} Which of these manilhas is the strongest?").format(vira=vira_text(opts, vira)),
        tuple(card_label(c) for c in cards), card_label(best), "manilhas.suits",
        _("Manilhas rank by suit: clubs (zap) > hearts (copas) > spades (espadilha) > diamonds "
          "(mole). Here: {cards}.").format(
            cards=", ".join(describe(c, opts, vira) for c in cards)), data)


# ---------------------------------------------------------------- trick_winner

def _trick_cards(opts: Options, vira: int | None, rng: random.Random) -> list[int]:
    strength = strength_table(opts.manilhas, vira)
    n = opts.seats
    pool = [c for c in DECK if c != vira]
    form = rng.choice(("tie", "manilha", "manilhas", "queen_jack", "any"))
    tries = 0
    while True:
        tries += 1
        if tries > 2000:  # the form cannot be built with this vira (queens are manilhas...)
            form = "any"
        cards = rng.sample(pool, n)
        st = [strength[c] for c in cards]
        top = max(st)
        teams = {i % 2 for i, s in enumerate(st) if s == top}
        tops = st.count(top)
        if tops > 1 and len(teams) == 1:
            continue  # partners sharing the top card: that is partner_trick's question
        if form == "tie" and tops < 2:
            continue
        if form == "manilha" and not (top >= 10 > min(st)):
            continue
        if form == "manilhas" and sum(s >= 10 for s in st) < 2:
            continue
        if form == "queen_jack" and not {4, 5} <= {c // 4 for c in cards if strength[c] < 10}:
            continue
        return cards


def trick_winner(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Which card wins this first trick, given the vira (or Mineiro's manilhas)."""
    opts = make_options(variant)
    vira = pick_vira(rng) if opts.manilhas == "vira" else None
    cards = _trick_cards(opts, vira, rng)
    dealer = opts.seats - 1  # seat 0 is the mão and leads
    scenario = plan_scenario(opts, dealer, vira, (0, 0), [[(c, True) for c in cards]], rng)
    trick = replay(scenario).tricks[0]
    strength = strength_table(opts.manilhas, vira)
    labels = [card_label(c) for c in cards]
    played = ", ".join(plays_text(s, c) for s, c, _u in trick.plays)
    if trick.result < 0:
        answer, rule = _(TIE), "ties.trick"
        top = max(strength[c] for c in cards)
        tied = [card_label(c) for c in cards if strength[c] == top]
        why = _("{cards} are equal and were played by both sides: the trick is tied.").format(
            cards=both(tied))
    else:
        top = max(strength[c] for _s, c, _u in trick.plays)
        win = next(c for s, c, _u in trick.plays if s % 2 == trick.result and strength[c] == top)
        answer = card_label(win)
        rule = "tricks.manilha" if strength[win] >= 10 else "tricks.highest"
        why = _("{card} is the highest card on the table, so it wins.").format(card=answer)
    return QuizItem(
        "trick_winner", seed, variant,
        _("{vira} In the first trick {plays}. Which card wins the trick?").format(
            vira=vira_text(opts, vira), plays=played),
        tuple(labels) + (_(TIE),), answer, rule,
        _("{vira} {cards}. {why}").format(
            vira=vira_text(opts, vira), cards="; ".join(describe(c, opts, vira) for c in cards),
            why=why), {"cards": [card_str(c) for c in cards], "vira": scenario["vira"],
                       "table": opts.variant, "scenario": scenario})


# ---------------------------------------------------------------- partner_trick

def partner_trick(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Four seats: partners who share the top card, opponents who tie, a covered card."""
    opts = table_options(variant, seats=4)
    vira = pick_vira(rng) if opts.manilhas == "vira" else None
    strength = strength_table(opts.manilhas, vira)
    form = rng.choice(("partners", "tie", "covered") if opts.covered_cards else ("partners", "tie"))
    pool = [c for c in DECK if c != vira]
    first: list[int] = []
    if form == "covered":
        while True:  # a first trick that someone wins, so the hand goes on
            first = rng.sample(pool, 4)
            st = [strength[c] for c in first]
            if len({i % 2 for i, s in enumerate(st) if s == max(st)}) == 1:
                break
    rest = [c for c in pool if c not in first]
    while True:
        cards = rng.sample(rest, 4)
        up = [True] * 4
        if form == "covered":
            up[rng.randrange(1, 4)] = False
        st = [strength[c] for c, u in zip(cards, up) if u]
        seats_up = [i for i in range(4) if up[i]]
        top = max(st)
        teams = {seats_up[i] % 2 for i, s in enumerate(st) if s == top}
        if form == "partners" and not (st.count(top) == 2 and len(teams) == 1):
            continue
        if form == "tie" and len(teams) < 2:
            continue
        if form == "covered":
            hidden = cards[up.index(False)]
            if strength[hidden] <= top:
                continue  # the covered card would have won: that is what the question tests
        break
    tricks = [[(c, True) for c in first]] if first else []
    tricks.append(list(zip(cards, up)))
    scenario = plan_scenario(opts, 3, vira, (0, 0), tricks, rng)
    trick = replay(scenario).tricks[-1]
    played = ", ".join(plays_text(s, c) if u else covers_text(s) for s, c, u in trick.plays)
    choices = (team_label(0, 4), team_label(1, 4), _(TIE))
    answer = _(TIE) if trick.result < 0 else team_label(trick.result, 4)
    rule = {"partners": "ties.partners", "tie": "ties.trick", "covered": "covered.worthless"}[form]
    why = {"partners": _("Both top cards belong to partners, so there is no tie: their side "
                         "wins."),
           "tie": _("Both teams played the top strength: the trick is tied (empate)."),
           "covered": _("The covered card counts for nothing, whatever it was; the best "
                        "face-up card decides.")}[form]
    shown = [c for _s, c, u in trick.plays if u]
    if len(tricks) == 1:
        ask = _("Four players, partners opposite: {team_a} against {team_b}. {vira} In the "
                "first trick {plays}. Who takes the trick?")
    else:
        ask = _("Four players, partners opposite: {team_a} against {team_b}. {vira} In the "
                "second trick {plays}. Who takes the trick?")
    return QuizItem(
        "partner_trick", seed, variant,
        ask.format(team_a=team_label(0, 4), team_b=team_label(1, 4), vira=vira_text(opts, vira),
                   plays=played), choices, answer, rule,
        _("{cards}. {why}").format(cards="; ".join(describe(c, opts, vira) for c in shown),
                                   why=why),
        {"cards": [card_str(c) for _s, c, u in trick.plays if u], "vira": scenario["vira"],
         "table": opts.variant, "scenario": scenario, "form": form})
