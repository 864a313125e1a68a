"""The ``exposed_card`` item kind: the Federação Paulista rule. A trick that ends tied, where one
of the tying cards was already face up when the trick's last raise was made, loses the hand for
the team that made that raise. The outcome is the engine's (``paulista-fpt`` has the rule on).

>>> import random
>>> item = exposed_card(1, "paulista-2p", random.Random(1))
>>> item.data["table"], item.answer in item.choices
('paulista-fpt', True)
"""

from __future__ import annotations

import random

from ..engine.actions import action_str
from ..engine.cards import DECK, card_str, strength_table
from ..engine.options import make_options
from .deals import replay
from .kinds_cards import vira_text, pick_vira
from ..course.tables import table_label
from ..i18n import N_, _
from .model import QuizItem, card_label, seat_label, team_label

GOES_ON = N_("The trick is tied and the hand goes on")


def wins_at_once(team: int) -> str:
    """``'Ana and Carla win the hand at once'``."""
    return _("{team} win the hand at once").format(team=team_label(team, 4))


def _cards(strength: tuple[int, ...], vira: int, rng: random.Random) -> list[int]:
    """Four cards for seats 0..3: seats ``a`` and ``b`` (other teams) tie, the others lower."""
    pool = [c for c in DECK if c != vira and strength[c] < 10 and strength[c] > 1]
    while True:
        x = rng.choice(pool)
        twins = [c for c in pool if strength[c] == strength[x] and c != x]
        lows = [c for c in DECK if c != vira and strength[c] < strength[x]]
        if twins and len(lows) >= 2:
            y = rng.choice(twins)
            low = rng.sample(lows, 2)
            return [x, y, low[0], low[1]]


def exposed_card(seed: int, variant: str, rng: random.Random) -> QuizItem:
    """Who wins after a tie when a raise was made with a tying card already on the table."""
    opts = make_options(variant)
    if not opts.exposed_card:
        opts = make_options("paulista-fpt")
    vira = pick_vira(rng)
    strength = strength_table(opts.manilhas, vira)
    x, y, l1, l2 = _cards(strength, vira, rng)
    form = rng.choice(("exposed_other", "exposed_own", "raised_before", "no_raise"))
    # trick 1, seat 0 leads; which seat plays which card, and when the raise comes
    if form == "exposed_other":      # seat 0 shows x; seat 1 raises, then ties it
        plays, actions = [x, y, l1, l2], ["play:X0", "raise", "accept", "play:X1", "play:X2",
                                          "play:X3"]
    elif form == "exposed_own":      # seat 0 shows x; its partner raises; seat 3 ties x
        plays, actions = [x, l1, l2, y], ["play:X0", "play:X1", "raise", "accept", "play:X2",
                                          "play:X3"]
    elif form == "raised_before":    # the raise comes before any card is on the table
        plays, actions = [x, y, l1, l2], ["raise", "accept", "play:X0", "play:X1", "play:X2",
                                          "play:X3"]
    else:
        plays, actions = [x, y, l1, l2], ["play:X0", "play:X1", "play:X2", "play:X3"]
    actions = [a if not a.startswith("play:X") else "play:" + card_str(plays[int(a[-1])])
               for a in actions]
    used = set(plays) | {vira}
    rest = [c for c in DECK if c not in used]
    rng.shuffle(rest)
    hands = [[card_str(plays[s]), card_str(rest[2 * s]), card_str(rest[2 * s + 1])]
             for s in range(4)]
    scenario = {"variant": opts.variant, "options": opts.overrides(), "dealer": 3,
                "score": [0, 0], "vira": card_str(vira), "hands": hands, "actions": actions}
    state = replay(scenario)
    answer = wins_at_once(state.winner) if state.over else _(GOES_ON)
    choices = (wins_at_once(0), wins_at_once(1), _(GOES_ON))
    story = []
    for seat, code in state.log:
        a = action_str(code)
        who = seat_label(seat)
        if code < 40:
            story.append(_("{who} plays {card}").format(who=who, card=card_label(code)))
        elif a == "raise":
            story.append(_("{who} calls truco").format(who=who))
        else:
            story.append({"accept": _("{who} accepts")}[a].format(who=who))
    a, b = team_label(0, 4), team_label(1, 4)
    why = {"exposed_other": _("{team} called truco with the tying card already face up on the "
                              "table, so {team} lose the hand.").format(team=b),
           "exposed_own": _("{team} called truco while their own tying card was already face "
                            "up, so {team} lose the hand: the rule counts either side's "
                            "card.").format(team=a),
           "raised_before": _("The truco came before any card was on the table, so the rule "
                              "does not apply: an ordinary tie."),
           "no_raise": _("Nobody raised in this trick, so the rule does not apply: an ordinary "
                         "tie.")}[form]
    return QuizItem(
        "exposed_card", seed, variant,
        _("{table} rules, four players: {team_a} against {team_b}. {vira} In the first trick: "
          "{story}. {x} and {y} tie. What happens?").format(
            table=table_label(opts.variant), team_a=a, team_b=b, vira=vira_text(opts, vira),
            story=", ".join(story), x=card_label(x), y=card_label(y)),
        choices, answer, "exposed.card",
        _("The exposed-card rule: if a trick ends tied and one of the tying cards was already "
          "face up when the trick's last raise was made, the team that raised loses the hand at "
          "once. {why}").format(why=why),
        {"table": opts.variant, "scenario": scenario, "vira": card_str(vira),
         "cards": [card_str(c) for c in plays], "form": form})
