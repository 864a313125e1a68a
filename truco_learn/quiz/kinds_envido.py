"""Lesson 8's item kinds about the envido's points: ``envido_points`` (how many points a hand
holds) and ``envido_winner`` (who wins an accepted envido).

Each item is a hand on an Argentine or gaúcho table, replayed by the engine; the answer is read
from the engine's state after the replay (the envido values it announces, the winner and points
it scores), never counted here.

>>> import random
>>> item = envido_points(5, "argentino-2p", random.Random(5))
>>> item.answer in item.choices, item.rule.startswith("envido.")
(True, True)
"""

from __future__ import annotations

import random
from ..course.tables import table_label
from ..engine.cards import card_name
from ..engine.handpoints import FACE_VALUE, best_face, flor_points
from ..engine.handpoints import envido_points as hand_envido
from ..engine.options import make_options
from ..engine.state import legal_actions
from ..i18n import N_, _
from ..i18n.numbers import integer
from .deals import replay
from .envido_words import deal_rest, hand_words, narrate, scenario, table_for
from .model import QuizItem, seat_label, team_label

FACES = (4, 5, 6)  # rank indexes of the queen, jack and king (face value 0)
_POINT_FORMS = ("pair", "pair", "pair", "none", "faces", "max", "flor", "flor")


def _card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def _points_hand(form: str, rng: random.Random) -> list[int]:
    """Three cards that show ``form``: two of a suit, no two of a suit, three face cards, the
    33 (7 and 6 of a suit), three of a suit."""
    suits = [0, 1, 2, 3]
    rng.shuffle(suits)
    if form == "flor":
        return [_card(r, suits[0]) for r in rng.sample(range(10), 3)]
    if form == "faces":
        return [_card(r, s) for r, s in zip([rng.choice(FACES) for _i in range(3)], suits)]
    if form == "max":
        return [_card(3, suits[0]), _card(2, suits[0]), _card(rng.randrange(10), suits[1])]
    if form == "none":
        return [_card(rng.randrange(10), s) for s in suits[:3]]
    a, b = rng.sample(range(10), 2)
    return [_card(a, suits[0]), _card(b, suits[0]), _card(rng.randrange(10), suits[1])]


def _suited(cards: list[int]) -> list[int]:
    """The cards of the suit held most often, highest face value first."""
    suit = max(range(4), key=lambda s: sum(c % 4 == s for c in cards))
    return sorted((c for c in cards if c % 4 == suit), key=lambda c: -FACE_VALUE[c // 4])


def _mistakes(cards: list[int]) -> set[int]:
    """Envido counts a learner might make: every face value added, the flor's count, a face
    card counted as ten, the lowest two of a suit, the highest card alone."""
    faces = [FACE_VALUE[c // 4] for c in cards]
    tens = [10 if c // 4 in FACES else FACE_VALUE[c // 4] for c in cards]
    suited = [FACE_VALUE[c // 4] for c in _suited(cards)]
    out = {sum(faces), 20 + sum(faces), max(faces), max(faces) + 1, 20 + sum(sorted(tens)[-2:]),
           sum(sorted(faces)[-2:]), max(tens)}
    if len(suited) >= 2:
        out |= {20 + suited[-1] + suited[-2], suited[0] + suited[1], 20 + suited[0],
                21 + suited[0] + suited[1]}
    return {v for v in out if 0 <= v <= 38}


_POINTS_WHY: dict[str, str] = {
    "pair": N_("The {first} and the {second} share a suit: 20 + {a} + {b} = {points}."),
    "flor_off": N_("All three cards share a suit, and at this table there is no flor: the two "
                   "highest count, 20 + {a} + {b} = {points}."),
    "none": N_("No two cards share a suit: the highest face value counts alone, {points} (the "
               "queen, jack and king count 0)."),
    "faces": N_("Three face cards of different suits: face cards count 0, so the envido is 0."),
}
FLOR_ANSWER = N_("A flor of {points}: nobody calls envido in this hand")


def envido_points(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """How many points for envido a hand holds (with the flor at the gaúcho table)."""
    table = table_for(variant, 2)
    opts = make_options(table)
    form = rng.choice(_POINT_FORMS)
    cards = _points_hand(form, rng)
    rng.shuffle(cards)
    hands = deal_rest([cards, []], 2, rng, no_flor=True)
    sc = scenario(table, 1, hands, [])
    state = replay(sc)
    deck = opts.deck
    shown = list(sc["hands"][0])
    names = hand_words(shown, deck)
    prompt = _("At the {table} table, Ana holds the {cards}. How many points for envido does "
               "this hand hold?").format(table=table_label(table), cards=names)
    mistakes = _mistakes(cards)
    flor = None
    if "envido" in legal_actions(state):
        sc["actions"] = ["envido", "accept"]
        state = replay(sc)
        assert state.ext is not None and state.ext.env_values is not None
        value = state.ext.env_values[0]  # the engine announces it once the envido is accepted
        rule = "envido.points"
    else:  # a flor at the table: the engine has declared it, no envido may be called
        assert state.ext is not None and 0 in state.ext.flor_seats
        value = -1
        flor = flor_points(cards)
        rule = "flor.no_envido"
    if flor is not None:  # the envido it would hold without the flor is the tempting choice
        value = -1
        tempting = [20 + FACE_VALUE[c // 4] for c in _suited(cards)[:1]]
        tempting = [tempting[0] + FACE_VALUE[_suited(cards)[1] // 4]]
        pool = sorted(mistakes - set(tempting))
        numbers = sorted(rng.sample(pool, min(2, len(pool))) + tempting)
    else:
        pool = sorted(mistakes - {value})
        numbers = sorted(rng.sample(pool, min(3, len(pool))) + [value])
    choices = [integer(v) for v in numbers]
    if flor is not None:
        answer = _(FLOR_ANSWER).format(points=integer(flor))
        choices.append(answer)
        suited = [FACE_VALUE[c // 4] for c in _suited(cards)]
        why = _("All three cards share a suit: a flor, worth 20 + {a} + {b} + {c} = {points} "
                "for flor. It is declared when the cards are dealt, and with a flor at the "
                "table nobody calls envido in this hand.").format(
            a=suited[0], b=suited[1], c=suited[2], points=integer(flor))
    else:
        answer = integer(value)
        why = _explain_points(cards, value, deck)
    return QuizItem("envido_points", seed, variant, prompt, tuple(choices), answer, rule, why,
                    {"table": table, "scenario": sc, "cards": shown, "vira": None,
                     "form": form, "seat": 0})


def _explain_points(cards: list[int], value: int, deck: str) -> str:
    suited = _suited(cards)
    if len(suited) >= 2:
        a, b = FACE_VALUE[suited[0] // 4], FACE_VALUE[suited[1] // 4]
        if len(suited) == 3:
            return _(_POINTS_WHY["flor_off"]).format(a=a, b=b, points=integer(value))
        return _(_POINTS_WHY["pair"]).format(
            first=card_name(suited[0], deck), second=card_name(suited[1], deck), a=a, b=b,
            points=integer(value))
    if value == 0:
        return _(_POINTS_WHY["faces"])
    return _(_POINTS_WHY["none"]).format(points=integer(value))



# ---------------------------------------------------------------- envido_winner

NOBODY_WINS = N_("Nobody: a tie scores nothing")
_WINNER_RULES = {"higher": "envido.winner", "tie": "envido.mao_tie", "zero": "envido.mao_tie",
                 "dropped": "envido.dropped"}


def _team_best(hands: list[list[int]], team: int, skip: int = -1) -> int:
    return max(hand_envido(h) for s, h in enumerate(hands) if s % 2 == team and s != skip)


def _zero_hands(seats: int, rng: random.Random) -> list[list[int]]:
    """Three face cards of three suits for every seat (envido 0 all round)."""
    faces = [_card(r, s) for r in FACES for s in range(4)]
    while True:
        rng.shuffle(faces)
        hands = [faces[3 * s:3 * s + 3] for s in range(seats)]
        if all(len({c % 4 for c in h}) == 3 for h in hands):
            return hands


def _winner_deal(form: str, seats: int, mao: int, no_flor: bool,
                 rng: random.Random) -> list[list[int]]:
    if form == "zero":
        return _zero_hands(seats, rng)
    while True:
        hands = deal_rest([[] for _s in range(seats)], seats, rng, no_flor)
        a, b = _team_best(hands, 0), _team_best(hands, 1)
        if form == "higher" and a != b or form == "tie" and a == b > 0:
            return hands
        if form == "dropped":  # the mão's cards would win; without them the other team wins
            team = mao % 2
            rest = _team_best(hands, team, skip=mao)
            other = _team_best(hands, 1 - team)
            if hand_envido(hands[mao]) > other > rest:
                return hands


def envido_winner(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Who wins an accepted envido (two or four seats; ties; a seat that dropped out)."""
    seats = rng.choice((2, 4))
    table = table_for(variant, seats)
    opts = make_options(table)
    forms: tuple[str, ...] = ("higher", "higher", "tie")
    if seats == 2 or not opts.flor:  # four gaúcho seats at 0 hold every face card: no contest
        forms += ("zero",)
    form = rng.choice(forms + (("dropped",) * 2 if seats == 4 else ()))
    dealer = rng.randrange(seats)
    mao = (dealer + 1) % seats
    hands = _winner_deal(form, seats, mao, opts.flor, rng)
    actions = (["drop"] if form == "dropped" else []) + ["envido", "accept"]
    sc = scenario(table, dealer, hands, actions)
    state = replay(sc)
    x = state.ext
    assert x is not None and x.env_values is not None
    winner, values = x.env_winner, x.env_values  # the engine's verdict and announced values
    held = " ".join(_("{who} holds the {cards}.").format(
        who=seat_label(s), cards=hand_words(sc["hands"][s], opts.deck)) for s in range(seats))
    prompt = " ".join([
        _("At the {table} table, {mao} is the mão.").format(table=table_label(table),
                                                            mao=seat_label(mao)),
        held, _("So far: {story}.").format(story=narrate(sc)), _("Who wins the envido?")])
    choices = (team_label(0, seats), team_label(1, seats), _(NOBODY_WINS))
    rule = _WINNER_RULES[form]
    a, b = values
    if seats == 2:
        count = _("Envido: {team_a} {a}, {team_b} {b}.")
    else:
        count = _("Each team's envido is its best player's: {team_a} {a}, {team_b} {b}.")
    parts = [count.format(team_a=team_label(0, seats), a=a, team_b=team_label(1, seats), b=b)]
    if form == "dropped":
        parts.insert(0, _("{who} went to the deck: those cards no longer count.").format(
            who=seat_label(mao)))
    if a != b:
        parts.append(_("The higher envido wins: {team}.").format(team=team_label(winner, seats)))
    elif a == 0 and opts.envido_zero_tiebreak == "face_cards":
        rule = "envido.face_cards"
        faces = [max(best_face(h) for s, h in enumerate(hands) if s % 2 == t) for t in (0, 1)]
        if faces[0] != faces[1]:
            parts.append(_("A tie at 0 at a gaúcho table: the team holding the highest face "
                           "card (king, then jack, then queen) wins: {team}.").format(
                team=team_label(winner, seats)))
        else:
            parts.append(_("A tie at 0 at a gaúcho table, and the best face cards tie too: the "
                           "mão's team wins, {team}.").format(team=team_label(winner, seats)))
    else:
        parts.append(_("A tie goes to the mão's team: {team}.").format(
            team=team_label(winner, seats)))
    return QuizItem("envido_winner", seed, variant, prompt, choices,
                    team_label(winner, seats), rule, " ".join(parts),
                    {"table": table, "scenario": sc, "vira": None, "form": form, "mao": mao})
