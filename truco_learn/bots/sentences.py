"""Explanation data → one or two plain sentences, in the learner's language.

The sentences are catalog messages (domain ``coach``) filled from the facts; every sentence
about the deciding seat exists in the coach's own voice ("I win") and spoken to the learner
about the learner's seat (``you=True``: "You win"), because Portuguese verbs change with the
person.

>>> summarize({"options": [{"action": "accept", "ev": 0.7, "win": 0.62},
...                        {"action": "fold", "ev": -1.0, "win": 0.0}],
...            "facts": {"decision": {"kind": "answer", "chosen": "accept", "bluff": False},
...                      "stake": 1, "pending": 3, "ladder": [1, 3, 6, 9, 12]}})
'Folding pays them 1; accepting plays for 3. I win this hand 62% of the time (break-even 33%), so accepting is worth +0.70 against −1.00 for folding.'
>>> from truco_learn.i18n import language
>>> with language("pt-BR"):
...     summarize({"options": [{"action": "accept", "ev": 0.7, "win": 0.62},
...                            {"action": "fold", "ev": -1.0, "win": 0.0}],
...                "facts": {"decision": {"kind": "answer", "chosen": "accept", "bluff": False},
...                          "stake": 1, "pending": 3, "ladder": [1, 3, 6, 9, 12]}})
'Correr dá 1 a eles; aceitar faz a mão valer 3. Ganho esta mão 62% das vezes (ponto de equilíbrio: 33%), então aceitar vale +0,70, contra −1,00 para correr.'
"""

from __future__ import annotations

from typing import Any, Mapping

from ..i18n import N_, _, ngettext
from .coach_words import (action_text, cap, card_text, eleven_name, named, pct, raise_name,
                          say, signed)
from .eleven_sentences import onze_summary
from .public_sentences import hidden_cards, public_explanation, public_options, public_summary
from .why_sentences import why_best

__all__ = ["summarize", "game_reason", "raise_split_text", "summarize_rule", "why_best",
           "hidden_cards", "public_options", "public_summary", "public_explanation", "eleven_name",
           "card_text", "raise_name", "action_text", "signed", "versus_text"]


def versus_text(alt: Mapping[str, Any] | None, facts: Mapping[str, Any],
                worth: str | None = None) -> str:
    """The runner-up's value, said after a sentence's own value ``worth`` (empty without a
    runner-up; "as much as" where the two read the same).

    >>> versus_text({"action": "fold", "ev": -1.0}, {}), versus_text({"action": "fold", "ev": -1.0}, {}, "−1.00")
    (' against −1.00 for folding', ', as much as folding')
    """
    if alt is None:
        return ""
    if worth is not None and signed(float(alt["ev"])) == worth:
        # Translators: added after "... is worth +0.70" when the runner-up move is worth
        # the same to two decimals; keep the leading comma
        return _(", as much as {action}").format(action=action_text(str(alt["action"]), facts))
    # Translators: added after "... is worth +0.70": the runner-up move's value; keep the
    # leading space ("{action}" is a move such as "folding" / "correr")
    return _(" against {ev} for {action}").format(ev=signed(float(alt["ev"])),
                                                  action=action_text(str(alt["action"]), facts))


def summarize(explanation: Mapping[str, Any], you: bool = False, why: bool = True) -> str:
    """One or two sentences naming the fact or the number that decided the move (``you``:
    spoken to the learner about the learner's seat; ``why``: with the sentence comparing the
    move to the runner-up)."""
    options = {o["action"]: o for o in explanation.get("options", [])}
    facts: Mapping[str, Any] = explanation.get("facts", {})
    dec: Mapping[str, Any] = facts.get("decision", {})
    chosen = str(dec.get("chosen", ""))
    mine = options.get(chosen)
    if mine is None or mine.get("ev") is None:
        return say(you, N_("I chose {action}."), N_("You chose {action}.")).format(
            action=action_text(chosen, facts))
    text = _summary(chosen, mine, options, facts, dec, you)
    richer = max(options.values(), key=lambda o: float(o.get("ev") or 0.0))
    said = dec.get("kind") in ("only", "blind", "onze") or (  # these already say why
        dec.get("kind") == "answer" and chosen in ("accept", "fold"))
    if richer is mine and not said and why:
        reason = why_best(list(options.values()), chosen, facts, you=you)
        text += f" {reason}" if reason else ""
    if dec.get("rule") == "no_weak_truco":
        text += " " + say(
            you, N_("By the numbers a truco looks better here, but I never call truco before "
                    "the first card with nothing above an ace: against a player who raises back "
                    "it costs points."),
            N_("By the numbers a truco looks better here, but never call truco before the "
               "first card with nothing above an ace: against a player who raises back it "
               "costs points."))
    elif not dec.get("bluff") and dec.get("kind") != "onze":  # (the onze's says it already)
        text += game_reason(mine, richer, facts, you)
    if chosen == "raise" and facts.get("raise_split"):
        text += " " + raise_split_text(facts["raise_split"], "you" if you else "I")
    return text


def game_reason(mine: Mapping[str, Any], richer: Mapping[str, Any], facts: Mapping[str, Any],
                you: bool = False) -> str:
    """A sentence (with its leading space) when the move ``mine`` was chosen over the
    ``richer`` one, worth more points as the app writes them, for its chance to win the game
    (or where that chance is the same either way); else "" (also where the richer move
    gives the better chance to win the game too: no number explains the choice).

    >>> game_reason({"ev": -0.5, "game": 0.18}, {"action": "envido", "ev": -0.498, "game": 0.16},
    ...             {})
    ''
    >>> game_reason({"ev": -0.5, "game": 0.18}, {"action": "envido", "ev": -0.3, "game": 0.16},
    ...             {})
    ' Calling envido would score more points on average, but my chance to win the game is higher this way (18% against 16%).'
    >>> game_reason({"ev": -1.0, "game": 0.331}, {"action": "accept", "ev": -0.97, "game": 0.329},
    ...             {})
    ' Accepting would score slightly more points on average; my chance to win the game is about the same either way (33%).'
    >>> game_reason({"ev": -1.0, "game": 0.15}, {"action": "accept", "ev": -0.4, "game": 0.17}, {})
    ''
    """
    if (richer is mine or mine.get("game") is None or richer.get("game") is None
            or float(richer["ev"]) <= float(mine["ev"])
            or signed(float(richer["ev"])) == signed(float(mine["ev"]))):
        return ""
    mine_pct, richer_pct = round(100 * float(mine["game"])), round(100 * float(richer["game"]))
    if mine_pct < richer_pct:  # not chosen for the game either: the numbers give no reason
        return ""
    if mine_pct == richer_pct:
        return " " + cap(say(
            you, N_("{action} would score slightly more points on average; my chance to win "
                    "the game is about the same either way ({mine})."),
            N_("{action} would score slightly more points on average; your chance to win "
               "the game is about the same either way ({mine}).")).format(
            action=action_text(str(richer["action"]), facts), mine=pct(float(mine["game"]))))
    return " " + cap(say(
        you, N_("{action} would score more points on average, but my chance to win the game "
                "is higher this way ({mine} against {other})."),
        N_("{action} would score more points on average, but your chance to win the game "
           "is higher this way ({mine} against {other}).")).format(
        action=action_text(str(richer["action"]), facts), mine=pct(float(mine["game"])),
        other=pct(float(richer["game"]))))


def raise_split_text(split: Mapping[str, Any], me: str = "I") -> str:
    """A raise's two numbers kept apart: their fold, and the hand when it is played.

    >>> raise_split_text({"they_fold": 0.26, "played_win": 0.32})
    'They fold about 26% of the time; when it is played I win about 32%.'
    >>> raise_split_text({"they_fold": 0.0, "played_win": 0.81}, "you")
    'They fold about 0% of the time; when it is played you win about 81%.'

    Where they (almost) always fold, the hand played on is too rare to give a chance of it:

    >>> raise_split_text({"they_fold": 0.998, "played_win": 0.0}, "you")
    'They fold about 100% of the time: the hand is almost never played on.'
    """
    if round(100 * float(split["they_fold"])) >= 100:
        # Translators: a raise they fold to every time (100%): no chance of the hand played on
        return _("They fold about {fold} of the time: the hand is almost never played "
                 "on.").format(fold=pct(float(split["they_fold"])))
    return say(me == "you",
               N_("They fold about {fold} of the time; when it is played I win about {win}."),
               N_("They fold about {fold} of the time; when it is played you win about {win}.")
               ).format(fold=pct(float(split["they_fold"])), win=pct(float(split["played_win"])))


def _summary(chosen: str, mine: Mapping[str, Any], options: Mapping[str, Any],
             facts: Mapping[str, Any], dec: Mapping[str, Any], you: bool) -> str:
    kind = dec.get("kind", "")
    ev, win = float(mine["ev"]), float(mine["win"])
    others = sorted((o for a, o in options.items() if a != chosen and o.get("ev") is not None),
                    key=lambda o: -float(o["ev"]))
    values = {"action": action_text(chosen, facts), "ev": signed(ev), "win": pct(win),
              "versus": versus_text(others[0] if others else None, facts, signed(ev))}
    if kind == "only":
        return cap(say(you, N_("{action} is my only legal move here; I win this hand {win} of "
                               "the time."),
                       N_("{action} is your only legal move here; you win this hand {win} of "
                          "the time.")).format(**values))
    if kind == "answer":
        stake, proposed = int(facts["stake"]), int(facts["pending"])
        values["be"] = pct((proposed - stake) / (2 * proposed))
        head = _("Folding pays them {stake}; accepting plays for {proposed}.").format(
            stake=stake, proposed=proposed)
        acc = options.get("accept")
        if chosen == "fold" and acc is not None:
            case = _fold_case(acc, ev, (proposed - stake) / (2 * proposed))
            return head + " " + say(you, *_FOLDED[case]).format(
                **{**values, "win": pct(float(acc["win"]))}, accept=signed(float(acc["ev"])))
        if chosen == "raise":
            return head + " " + say(
                you, N_("I win this hand {win} of the time, so I raise again: {action} is worth "
                        "{ev}{versus}."),
                N_("You win this hand {win} of the time, so you raise again: {action} is worth "
                   "{ev}{versus}.")).format(**values)
        return head + " " + say(
            you, N_("I win this hand {win} of the time (break-even {be}), so accepting is worth "
                    "{ev}{versus}."),
            N_("You win this hand {win} of the time (break-even {be}), so accepting is worth "
               "{ev}{versus}.")).format(**values)
    if kind == "onze":
        return onze_summary(chosen, mine, options, facts, you)
    if kind == "blind":
        return say(you, N_("Iron hand: nobody sees their cards, so any position is the same "
                           "gamble; we win {win} of the time."),
                   N_("Iron hand: nobody sees their cards, so any position is the same "
                      "gamble; you win {win} of the time.")).format(**values)
    if chosen == "raise":
        if dec.get("bluff"):
            return say(you, N_("A bluff: my cards win only {win} of the time, but they fold "
                               "often enough that {action} is worth {ev}{versus}."),
                       N_("A bluff: your cards win only {win} of the time, but they fold "
                          "often enough that {action} is worth {ev}{versus}.")).format(**values)
        return say(you, N_("I win this hand {win} of the time, so {action} is worth "
                           "{ev}{versus}."),
                   N_("You win this hand {win} of the time, so {action} is worth "
                      "{ev}{versus}.")).format(**values)
    if ":" not in chosen:  # an envido, flor or drop decision summarised without its facts
        return cap(_("{action} is worth {ev}{versus}.").format(**values))
    return _card_reason(chosen, dec, facts, you) + " " + say(
        you, N_("It is worth {ev} (I win {win}){versus}."),
        N_("It is worth {ev} (you win {win}){versus}.")).format(**values)


# the second sentence of a fold to a raise, by how the numbers stand (:func:`_fold_case`): the
# coach's own voice and the learner's
_FOLDED: dict[str, tuple[str, str]] = {
    "below": (N_("I win this hand only {win} of the time (break-even {be}), so folding ({ev}) "
                 "beats accepting ({accept})."),
              N_("You win this hand only {win} of the time (break-even {be}), so folding "
                 "({ev}) beats accepting ({accept}).")),
    # at or above break-even, accepting still loses more: its points count the raises to come
    "raises": (N_("I win this hand {win} of the time (break-even {be}); counting the raises "
                  "that may follow, folding ({ev}) beats accepting ({accept})."),
               N_("You win this hand {win} of the time (break-even {be}); counting the raises "
                  "that may follow, folding ({ev}) beats accepting ({accept}).")),
    # accepting scores more on average: the game reason follows (:func:`game_reason`)
    "richer": (N_("I win this hand {win} of the time (break-even {be}): accepting is worth "
                  "{accept}, folding {ev}."),
               N_("You win this hand {win} of the time (break-even {be}): accepting is worth "
                  "{accept}, folding {ev}.")),
}


def _fold_case(accept: Mapping[str, Any], ev: float, be: float) -> str:
    """Which :data:`_FOLDED` sentence says a fold with ``ev`` against ``accept``'s numbers
    (``be``: the break-even chance; the chances compared as written, in whole percents).

    >>> third = 1 / 3
    >>> _fold_case({"ev": -2.6, "win": 0.09}, -1.0, third), _fold_case({"ev": -1.18, "win": 0.34}, -1.0, third)
    ('below', 'raises')
    >>> _fold_case({"ev": -0.97, "win": 0.33}, -1.0, third), _fold_case({"ev": -1.1, "win": 0.328}, -1.0, third)
    ('richer', 'raises')
    """
    if float(accept["ev"]) > ev and signed(float(accept["ev"])) != signed(ev):
        return "richer"
    return "raises" if round(100 * float(accept["win"])) >= round(100 * be) else "below"


# a tie's consequence for each tie rule: the coach's own voice and the learner's
_TIE: dict[str, tuple[str, str]] = {
    "won_first": (N_("{card} ties their {best}: we won the first trick, so a tie in this one "
                     "wins us the hand."),
                  N_("{card} ties their {best}: you won the first trick, so a tie in this one "
                     "wins you the hand.")),
    "lost_first": (N_("{card} ties their {best}: they won the first trick, so a tie in this "
                      "one loses the hand."),
                   N_("{card} ties their {best}: they won the first trick, so a tie in this "
                      "one loses the hand.")),
    # only at the second trick (a third trick's card is the last, said as such)
    "first_tied": (N_("{card} ties their {best}: the first trick tied, so a tie in this one "
                      "leaves the hand to the third trick."),
                   N_("{card} ties their {best}: the first trick tied, so a tie in this one "
                      "leaves the hand to the third trick.")),
    "one_each": (N_("{card} ties their {best}: one trick each, so a tie here gives the hand to "
                    "whoever won the first."),
                 N_("{card} ties their {best}: one trick each, so a tie here gives the hand to "
                    "whoever won the first.")),
}
_TIE_OTHER = (N_("{card} ties their {best}: a tie suits us here."),
              N_("{card} ties their {best}: a tie suits you here."))
# a tie the exposed-card rule decides (RULES.md): the team that made the trick's last raise
# while a tying card was face up loses the hand at once, whatever the tricks before
_TIE_EXPOSED: dict[str, tuple[str, str]] = {
    "tie_exposed_us": (N_("{card} ties their {best}; a tying card was already face up when we "
                          "made this trick's last raise, so under the exposed-card rule a tie "
                          "here loses us the hand."),
                       N_("{card} ties their {best}; a tying card was already face up when "
                          "your team made this trick's last raise, so under the exposed-card "
                          "rule a tie here loses you the hand.")),
    "tie_exposed_them": (N_("{card} ties their {best}; a tying card was already face up when "
                            "they made this trick's last raise, so under the exposed-card rule "
                            "a tie here wins us the hand."),
                         N_("{card} ties their {best}; a tying card was already face up when "
                            "they made this trick's last raise, so under the exposed-card rule "
                            "a tie here wins you the hand.")),
}


def _cover_reason(card: str, reason: str, facts: Mapping[str, Any], you: bool) -> str:
    table = facts.get("table")
    hidden = card in (facts.get("hidden") or ()) or not card
    values = {"card": "" if hidden else card_text(card),
              "best": card_text(table["best"]) if table else ""}
    if reason == "cover_losing" and table and not hidden:
        return say(you, N_("I cover {card}: it could not take this trick from their {best}, "
                           "and nobody learns what it was."),
                   N_("You cover {card}: it could not take this trick from their {best}, "
                      "and nobody learns what it was.")).format(**values)
    if reason == "cover_partner" and table:
        if hidden:
            return say(you, N_("My partner's {best} already holds this trick, so I cover a "
                               "card: nobody learns what it was."),
                       N_("Your partner's {best} already holds this trick, so you cover a "
                          "card: nobody learns what it was.")).format(**values)
        return say(you, N_("My partner's {best} already holds this trick, so I cover {card}: "
                           "nobody learns what it was."),
                   N_("Your partner's {best} already holds this trick, so you cover {card}: "
                      "nobody learns what it was.")).format(**values)
    if hidden:
        return say(you, N_("I cover a card: it counts for nothing in this trick, and nobody "
                           "learns what it was."),
                   N_("You cover a card: it counts for nothing in this trick, and nobody "
                      "learns what it was.")).format(**values)
    return say(you, N_("I cover {card}: it counts for nothing in this trick, and nobody learns "
                       "what it was."),
               N_("You cover {card}: it counts for nothing in this trick, and nobody learns "
                  "what it was.")).format(**values)


def _card_reason(chosen: str, dec: Mapping[str, Any], facts: Mapping[str, Any],
                 you: bool = False) -> str:
    kind, _sep, card = chosen.partition(":")
    reason = str(dec.get("reason", ""))
    if kind == "cover":
        return _cover_reason(card, reason, facts, you)
    table = facts.get("table")
    values = {"card": named(card, facts), "best": card_text(table["best"]) if table else ""}
    if reason == "last_card":
        return cap(say(you, N_("{card} is my last card, and I play it face up."),
                       N_("{card} is your last card, and you play it face up.")).format(**values))
    if reason == "unbeatable":
        return cap(_("{card} is the highest card left in this hand: nothing can beat it.")
                   .format(**values))
    if reason == "tie" and table:
        me, to_you = _TIE.get(str(facts.get("tie_rule")), _TIE_OTHER)
        return cap(say(you, me, to_you).format(**values))
    if reason in _TIE_EXPOSED and table:
        return cap(say(you, *_TIE_EXPOSED[reason]).format(**values))
    if reason == "partner" and table:
        return say(you, N_("My partner's {best} already holds this trick, so I save my cards "
                           "and play {card}."),
                   N_("Your partner's {best} already holds this trick, so you save your cards "
                      "and play {card}.")).format(**values)
    if reason == "cheapest_winner" and table:
        return cap(say(you, N_("{card} is my cheapest card that beats their {best}."),
                       N_("{card} is your cheapest card that beats their {best}."))
                   .format(**values))
    if reason == "cannot_beat" and table:
        return say(you, N_("Nothing I hold beats their {best}, so I give up my lowest card, "
                           "{card}."),
                   N_("Nothing you hold beats their {best}, so you give up your lowest card, "
                      "{card}.")).format(**values)
    if reason == "lead_low":
        keep = [c for c in facts.get("my_cards", []) if c != card]
        if any(c in (facts.get("hidden") or ()) for c in keep) or len(keep) != 2:
            return say(you, N_("I lead my weakest card and keep the other two for the tricks "
                               "that decide."),
                       N_("You lead your weakest card and keep the other two for the tricks "
                          "that decide."))
        return say(you, N_("I lead my weakest card and keep {first} and {second} for the tricks "
                           "that decide."),
                   N_("You lead your weakest card and keep {first} and {second} for the "
                      "tricks that decide.")).format(first=named(keep[0], facts),
                                                      second=named(keep[1], facts))
    if reason == "lead_high":
        return say(you, N_("I lead my strongest card, {card}, to take this trick."),
                   N_("You lead your strongest card, {card}, to take this trick.")
                   ).format(**values)
    better = facts.get("unseen_better") or []
    if better:
        n = len(better)
        if you:
            text = ngettext("You play {card}; {n} unseen card still beats your best.",
                            "You play {card}; {n} unseen cards still beat your best.", n)
        else:
            text = ngettext("I play {card}; {n} unseen card still beats my best.",
                            "I play {card}; {n} unseen cards still beat my best.", n)
        return text.format(n=n, **values)
    return say(you, N_("I play {card}."), N_("You play {card}.")).format(**values)


def summarize_rule(action: str, win: float, facts: Mapping[str, Any]) -> str:
    """The heuristic bot's one-line reason: its rule-of-thumb win estimate and the move.

    >>> summarize_rule("raise", 0.81, {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
    'Rule of thumb: my cards win about 81% of the time, so I go for raising to truco (3).'
    """
    return _("Rule of thumb: my cards win about {win} of the time, so I go for {action}.").format(
        win=pct(win), action=action_text(action, facts))
