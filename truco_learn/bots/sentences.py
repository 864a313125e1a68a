"""Explanation data → one or two plain English sentences.

Only this module holds English text about decisions, so another language is one more module
with the same :func:`summarize` signature.

>>> summarize({"options": [{"action": "accept", "ev": 0.7, "win": 0.62},
...                        {"action": "fold", "ev": -1.0, "win": 0.0}],
...            "facts": {"decision": {"kind": "answer", "chosen": "accept", "bluff": False},
...                      "stake": 1, "pending": 3, "ladder": [1, 3, 6, 9, 12]}})
'Folding pays them 1; accepting plays for 3. I win this hand 62% of the time (break-even 33%), so accepting is worth +0.70 against −1.00 for folding.'
"""

from __future__ import annotations

from typing import Any, Mapping

_SYMBOL = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
_MANILHA = ("zap", "copas", "espadilha", "mole")
_STEP_NAMES = {0: "truco", 1: "seis", 3: "doze"}
_TIE_TEXT = {
    "won_first": "we won the first trick, so a tie in this one wins us the hand",
    "lost_first": "they won the first trick, so a tie in this one loses the hand",
    "first_tied": "the first trick tied, so whoever takes this trick wins the hand",
    "one_each": "one trick each, so a tie here gives the hand to whoever won the first",
}


def eleven_name(at: int, portuguese: bool = False) -> str:
    """The name of the hand a team plays when it alone has ``eleven_at`` points: Paulista's
    hand of eleven, Mineiro's hand of ten.

    >>> eleven_name(11), eleven_name(10), eleven_name(10, portuguese=True), eleven_name(20)
    ('hand of eleven', 'hand of ten', 'mão de dez', 'hand of 20')
    """
    words = {10: ("ten", "dez"), 11: ("eleven", "onze")}.get(at)
    if words is None:
        return f"mão de {at}" if portuguese else f"hand of {at}"
    return f"mão de {words[1]}" if portuguese else f"hand of {words[0]}"


def card_text(card: str) -> str:
    """``'QC'`` → ``'Q♣'``.

    >>> card_text("3D")
    '3♦'
    """
    return card[0] + _SYMBOL.get(card[1], card[1])


def _named(card: str, facts: Mapping[str, Any]) -> str:
    if card in (facts.get("hidden") or ()):
        return "one of my cards"
    mans = facts.get("manilhas") or []
    if card in mans:
        return f"{_MANILHA[mans.index(card)]} ({card_text(card)})"
    return card_text(card)


def raise_name(value: int, ladder: list[int]) -> str:
    """``3`` on the Paulista ladder → ``'truco (3)'``.

    >>> raise_name(9, [1, 3, 6, 9, 12]), raise_name(10, [2, 4, 6, 10, 12])
    ('nove (9)', 'dez (10)')
    """
    i = ladder.index(value) - 1 if value in ladder else -1
    name = _STEP_NAMES.get(i) or ("dez" if value == 10 else "nove" if value == 9 else "a raise")
    return f"{name} ({value})"


def action_text(action: str, facts: Mapping[str, Any]) -> str:
    """How an action reads in a sentence."""
    kind, _, arg = action.partition(":")
    hidden = facts.get("hidden") or ()
    if kind == "play":
        return "playing another card" if arg in hidden else f"playing {_named(arg, facts)}"
    if kind == "cover":
        return "covering a card" if arg in hidden or not arg else f"covering {card_text(arg)}"
    if kind == "blind":
        return f"turning up card {int(arg) + 1}"
    if action == "raise":
        value = facts.get("pending") or facts.get("stake")
        ladder = list(facts.get("ladder") or [])
        nxt = [v for v in ladder if value is not None and v > value]
        return f"raising to {raise_name(nxt[0], ladder)}" if nxt else "raising"
    return {"accept": "accepting", "fold": "folding", "onze:play": "playing the hand",
            "onze:fold": "running from the hand", "envido": "calling envido",
            "real_envido": "calling real envido", "falta_envido": "calling falta envido",
            "flor": "saying flor", "contraflor": "saying contraflor",
            "contraflor_resto": "saying contraflor al resto",
            "achico": "saying con flor me achico",
            "drop": "dropping out (me voy al mazo)"}.get(action, action)


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def signed(x: float) -> str:
    """Expected points as the app writes them: always signed, with a real minus sign.

    >>> signed(0.47), signed(-0.386), signed(0)
    ('+0.47', '−0.39', '+0.00')
    """
    text = f"{x:+.2f}"
    return "+0.00" if text == "-0.00" else text.replace("-", "−")


def summarize(explanation: Mapping[str, Any]) -> str:
    """One or two sentences naming the fact or the number that decided the move."""
    options = {o["action"]: o for o in explanation.get("options", [])}
    facts: Mapping[str, Any] = explanation.get("facts", {})
    dec: Mapping[str, Any] = facts.get("decision", {})
    chosen = str(dec.get("chosen", ""))
    mine = options.get(chosen)
    if mine is None or mine.get("ev") is None:
        return f"I chose {action_text(chosen, facts)}."
    text = _summary(chosen, mine, options, facts, dec)
    richer = max(options.values(), key=lambda o: float(o.get("ev") or 0.0))
    said = dec.get("kind") in ("only", "blind", "onze") or (  # these already say why
        dec.get("kind") == "answer" and chosen in ("accept", "fold"))
    if richer is mine and not said:
        why = why_best(list(options.values()), chosen, facts)
        text += f" {why}" if why else ""
    if (richer is not mine and mine.get("game") is not None and richer.get("game") is not None
            and float(richer["ev"]) > float(mine["ev"]) + 0.05 and not dec.get("bluff")
            and dec.get("kind") != "onze"  # the onze sentence already compares game chances
            and _pct(float(mine["game"])) != _pct(float(richer["game"]))):
        text += (f" {_cap(action_text(richer['action'], facts))} would score more points on "
                 f"average, but my chance to win the game is higher this way "
                 f"({_pct(float(mine['game']))} against {_pct(float(richer['game']))}).")
    if chosen == "raise" and facts.get("raise_split"):
        text += " " + raise_split_text(facts["raise_split"])
    return text


def raise_split_text(split: Mapping[str, Any], me: str = "I") -> str:
    """A raise's two numbers kept apart: their fold, and the hand when it is played.

    >>> raise_split_text({"they_fold": 0.26, "played_win": 0.32})
    'They fold about 26% of the time; when it is played I win about 32%.'
    >>> raise_split_text({"they_fold": 0.0, "played_win": 0.81}, "you")
    'They fold about 0% of the time; when it is played you win about 81%.'
    """
    return (f"They fold about {_pct(float(split['they_fold']))} of the time; when it is "
            f"played {me} win about {_pct(float(split['played_win']))}.")


def _summary(chosen: str, mine: Mapping[str, Any], options: Mapping[str, Any],
             facts: Mapping[str, Any], dec: Mapping[str, Any]) -> str:
    kind = dec.get("kind", "")
    ev, win = float(mine["ev"]), float(mine["win"])
    others = sorted((o for a, o in options.items() if a != chosen and o.get("ev") is not None),
                    key=lambda o: -float(o["ev"]))
    alt = others[0] if others else None
    versus = (f" against {signed(float(alt['ev']))} for {action_text(alt['action'], facts)}"
              if alt else "")
    if kind == "only":
        return f"{_cap(action_text(chosen, facts))} is my only legal move here; I win this hand {_pct(win)} of the time."
    if kind == "answer":
        stake, proposed = int(facts["stake"]), int(facts["pending"])
        be = (proposed - stake) / (2 * proposed)
        head = f"Folding pays them {stake}; accepting plays for {proposed}."
        acc = options.get("accept")
        if chosen == "fold" and acc is not None:
            return (f"{head} I win this hand only {_pct(float(acc['win']))} of the time "
                    f"(break-even {_pct(be)}), so folding ({signed(ev)}) beats accepting "
                    f"({signed(float(acc['ev']))}).")
        if chosen == "raise":
            return (f"{head} I win this hand {_pct(win)} of the time, so I raise again: "
                    f"{action_text('raise', facts)} is worth {signed(ev)}{versus}.")
        return (f"{head} I win this hand {_pct(win)} of the time (break-even {_pct(be)}), so "
                f"accepting is worth {signed(ev)}{versus}.")
    if kind == "onze":
        return _onze_summary(chosen, mine, options, facts)
    if kind == "blind":
        return (f"Iron hand: nobody sees their cards, so any position is the same gamble; "
                f"we win {_pct(win)} of the time.")
    if chosen == "raise":
        if dec.get("bluff"):
            return (f"A bluff: my cards win only {_pct(win)} of the time, but they fold often "
                    f"enough that {action_text(chosen, facts)} is worth {signed(ev)}{versus}.")
        return (f"I win this hand {_pct(win)} of the time, so {action_text(chosen, facts)} is "
                f"worth {signed(ev)}{versus}.")
    if ":" not in chosen:  # an envido, flor or drop decision summarised without its facts
        return f"{_cap(action_text(chosen, facts))} is worth {signed(ev)}{versus}."
    return f"{_card_reason(chosen, dec, facts)} It is worth {signed(ev)} (I win {_pct(win)}){versus}."


def _onze_summary(chosen: str, mine: Mapping[str, Any], options: Mapping[str, Any],
                  facts: Mapping[str, Any]) -> str:
    """At eleven any win ends the game, so the sentence compares chances to win the game, not
    points.

    >>> print(_onze_summary("onze:play", {"action": "onze:play", "win": 0.55, "game": 0.6},
    ...     {"onze:fold": {"action": "onze:fold", "win": 0.0, "game": 0.5}},
    ...     {"eleven_at": 10, "eleven_fold": 2, "stake": 4, "score": [10, 3], "target": 12}))
    Hand of ten: running gives them 2, playing makes the hand worth 4. We would win it 55% of the time, and winning it wins us the game, so playing the hand gives us a 60% chance to win the game, against 50% for running.
    """
    at = int(facts.get("eleven_at") or 11)
    name = eleven_name(at)
    play = options.get("onze:play", mine)
    head = (f"{_cap(name)}: running gives them {facts.get('eleven_fold', 1)}, playing makes the "
            f"hand worth {facts.get('stake')}. We would win it {_pct(float(play['win']))} of the "
            "time")
    score = facts.get("score") or [at, 0]
    stake = int(facts.get("stake") or 0)
    if facts.get("target") is not None and int(score[0]) + stake >= int(facts["target"]):
        head += ", and winning it wins us the game"
    other = next((o for a, o in options.items() if a != chosen), None)
    words = {"onze:play": "playing the hand", "onze:fold": "running"}
    if mine.get("game") is None:
        return f"{head}, so I choose {words.get(chosen, action_text(chosen, facts))}."
    text = (f"{head}, so {words.get(chosen, action_text(chosen, facts))} gives us a "
            f"{_pct(float(mine['game']))} chance to win the game")
    if other is not None and other.get("game") is not None:
        text += (f", against {_pct(float(other['game']))} for "
                 f"{words.get(str(other['action']), action_text(str(other['action']), facts))}")
    return text + "."


def _card_reason(chosen: str, dec: Mapping[str, Any], facts: Mapping[str, Any]) -> str:
    kind, _, card = chosen.partition(":")
    table = facts.get("table")
    reason = str(dec.get("reason", ""))
    name = _named(card, facts)
    if kind == "cover":
        hidden = card in (facts.get("hidden") or ()) or not card
        what = "a card" if hidden else card_text(card)
        if reason == "cover_losing" and table and not hidden:
            return (f"I cover {what}: it could not take this trick from their "
                    f"{card_text(table['best'])}, and nobody learns what it was.")
        if reason == "cover_partner" and table:
            return (f"My partner's {card_text(table['best'])} already holds this trick, so I "
                    f"cover {what}: nobody learns what it was.")
        return f"I cover {what}: it counts for nothing in this trick, and nobody learns what it was."
    if reason == "last_card":
        return f"{_cap(name)} is my last card, and I play it face up."
    if reason == "unbeatable":
        return f"{_cap(name)} is the highest card left in this hand: nothing can beat it."
    if reason == "tie" and table:
        rule = _TIE_TEXT.get(str(facts.get("tie_rule")), "a tie suits us here")
        return f"{_cap(name)} ties their {card_text(table['best'])}: {rule}."
    if reason == "partner" and table:
        return (f"My partner's {card_text(table['best'])} already holds this trick, so I "
                f"save my cards and play {name}.")
    if reason == "cheapest_winner" and table:
        return f"{_cap(name)} is my cheapest card that beats their {card_text(table['best'])}."
    if reason == "cannot_beat" and table:
        return (f"Nothing I hold beats their {card_text(table['best'])}, so I give up my "
                f"lowest card, {name}.")
    if reason == "lead_low":
        keep = [c for c in facts.get("my_cards", []) if c != card]
        if any(c in (facts.get("hidden") or ()) for c in keep):
            return "I lead my weakest card and keep the other two for the tricks that decide."
        return (f"I lead my weakest card and keep {' and '.join(_named(c, facts) for c in keep)}"
                f" for the tricks that decide.")
    if reason == "lead_high":
        return f"I lead my strongest card, {name}, to take this trick."
    better = facts.get("unseen_better") or []
    if better:
        return (f"I play {name}; {len(better)} unseen card{'s' if len(better) > 1 else ''} "
                f"still beat{'' if len(better) > 1 else 's'} my best.")
    return f"I play {name}."


def hidden_cards(explanation: Mapping[str, Any], action: str | None = None) -> set[str]:
    """The deciding seat's cards that are still hidden after its move ``action`` (by default
    the ``chosen`` action in the facts): every card it holds except one it plays face up.

    >>> sorted(hidden_cards({"facts": {"my_cards": ["2D", "AC", "5H"]}}, "play:5H"))
    ['2D', 'AC']
    """
    facts: Mapping[str, Any] = explanation.get("facts") or {}
    if action is None:
        action = str((facts.get("decision") or {}).get("chosen", ""))
    kind, _, card = action.partition(":")
    hidden = {str(c) for c in facts.get("my_cards") or []}
    if kind == "play":
        hidden.discard(card)
    elif kind == "cover" and card:
        hidden.add(card)
    return hidden


def public_options(options: Any, hidden: set[str]) -> list[dict[str, Any]]:
    """The compared actions that name no hidden card (a covered card shows as ``cover``)."""
    out: list[dict[str, Any]] = []
    for o in options or []:
        kind, _, card = str(o.get("action", "")).partition(":")
        if kind == "play" and card in hidden:
            continue
        if kind == "cover":
            if any(x.get("action") == "cover" for x in out):
                continue
            o = {**o, "action": "cover"}
        out.append(dict(o))
    return out


def public_summary(explanation: Mapping[str, Any], action: str | None = None) -> str:
    """The summary the seat's opponents may read during the hand: the same facts and numbers,
    naming none of the cards it still holds (nor a card it covered).

    >>> ex = {"options": [{"action": "play:4H", "ev": 0.5, "win": 0.7},
    ...                   {"action": "play:3S", "ev": 0.1, "win": 0.6}],
    ...       "facts": {"decision": {"kind": "play", "chosen": "play:4H", "reason": "lead_low"},
    ...                 "my_cards": ["3S", "QC", "4H"], "manilhas": ["QC", "QH", "QS", "QD"]}}
    >>> summarize(ex)
    'I lead my weakest card and keep 3♠ and zap (Q♣) for the tricks that decide. It is worth +0.50 (I win 70%) against +0.10 for playing 3♠. Playing 4♥ wins the hand more often than playing 3♠ (70% against 60%).'
    >>> public_summary(ex)
    'I lead my weakest card and keep the other two for the tricks that decide. It is worth +0.50 (I win 70%).'
    """
    facts: Mapping[str, Any] = explanation.get("facts") or {}
    hidden = hidden_cards(explanation, action)
    if "decision" in facts:
        options = [o for o in explanation.get("options") or []
                   if not (str(o.get("action", "")).startswith("play:")
                           and str(o["action"])[5:] in hidden)]
        text = summarize({**explanation, "facts": {**facts, "hidden": sorted(hidden)},
                          "options": options})
    else:
        text = str(explanation.get("summary", ""))
    for card in hidden:  # a last guard for summaries made elsewhere
        text = text.replace(card_text(card), "a card").replace(card, "a card")
    return text


def public_explanation(explanation: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The explanation without what the seat's opponents may not know yet: the public
    summary, the options that name no hidden card, the sample count (no facts).

    >>> ex = {"summary": "I chose playing 4♥.", "samples": 0,
    ...       "options": [{"action": "play:4H", "ev": None}, {"action": "play:3S", "ev": None}],
    ...       "facts": {"my_cards": ["3S", "4H"]}}
    >>> public_explanation(ex, "play:4H")["options"]
    [{'action': 'play:4H', 'ev': None}]
    """
    hidden = hidden_cards(explanation, action)
    return {"summary": public_summary(explanation, action),
            "options": public_options(explanation.get("options"), hidden),
            "samples": explanation.get("samples", 0)}


def summarize_rule(action: str, win: float, facts: Mapping[str, Any]) -> str:
    """The heuristic bot's one-line reason: its rule-of-thumb win estimate and the move.

    >>> summarize_rule("raise", 0.81, {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
    'Rule of thumb: my cards win about 81% of the time, so I go for raising to truco (3).'
    """
    return (f"Rule of thumb: my cards win about {_pct(win)} of the time, so I go for "
            f"{action_text(action, facts)}.")


def _at_stake(action: str, facts: Mapping[str, Any]) -> int | None:
    """What the hand is worth if it is played out after ``action`` (None when unknown)."""
    stake, pending = facts.get("stake"), facts.get("pending")
    if action == "raise":
        base = pending or stake
        nxt = [v for v in facts.get("ladder") or [] if base is not None and v > base]
        return int(nxt[0]) if nxt else None
    if action == "accept":
        return None if pending is None else int(pending)
    return None if stake is None or action == "fold" else int(stake)


def why_best(options: Any, best: str, facts: Mapping[str, Any], against: str | None = None) -> str:
    """One plain sentence saying why ``best`` beats ``against`` (by default the best of the
    other options), from their chances to win the hand and what each puts at stake; in the
    coach's voice ("I"), like its summaries.

    >>> opts = [{"action": "play:QD", "ev": -0.37, "win": 0.32},
    ...         {"action": "raise", "ev": -0.91, "win": 0.52}]
    >>> why_best(opts, "play:QD", {"stake": 1, "ladder": [1, 3, 6, 9, 12]})
    'Raising to truco (3) wins the hand more often (52% against 32%), but when they accept and win I lose 3 instead of 1.'
    >>> why_best([{"action": "fold", "ev": -1, "win": 0}, {"action": "accept", "ev": -1.6, "win": 0.23}],
    ...          "fold", {"stake": 1, "pending": 3, "ladder": [1, 3, 6, 9, 12]})
    'Accepting wins the hand only 23% of the time, and when it loses I lose 3 instead of the 1 that running costs.'
    """
    by = {str(o.get("action")): o for o in options or [] if o.get("ev") is not None}
    b = by.get(best)
    rest = sorted((o for a, o in by.items() if a != best), key=lambda o: -float(o["ev"]))
    o = by.get(against) if against is not None and against != best else (rest[0] if rest else None)
    if b is None or o is None or (facts.get("decision") or {}).get("kind") in ("only", "blind"):
        return ""
    other = str(o["action"])
    bw, ow = float(b.get("win") or 0.0), float(o.get("win") or 0.0)
    B, O = action_text(best, facts), action_text(other, facts)
    sb, so = _at_stake(best, facts), _at_stake(other, facts)
    if (best.startswith("onze:") and b.get("game") is not None and o.get("game") is not None
            and float(b["game"]) >= float(o["game"])):
        return (f"{_cap(B)} gives me the better chance to win the game ({_pct(float(b['game']))}"
                f" against {_pct(float(o['game']))}).")
    if best == "fold" and so is not None:
        return (f"{_cap(O)} wins the hand only {_pct(ow)} of the time, and when it loses I lose "
                f"{so} instead of the {facts.get('stake')} that running costs.")
    if _pct(bw) != _pct(ow) and bw > ow:
        more = f", and for {sb} points instead of {so}" if sb and so and sb > so else ""
        return f"{_cap(B)} wins the hand more often than {O} ({_pct(bw)} against {_pct(ow)}){more}."
    if signed(float(b["ev"])) == signed(float(o["ev"])):
        return f"{_cap(B)} and {O} are worth the same here ({signed(float(b['ev']))})."
    if other == "raise" and sb is not None and so is not None and so > sb and ow >= 0.85:
        return (f"My cards are strong enough that a raise now would only make them run and pay "
                f"{facts.get('pending') or facts.get('stake')}: {B} keeps the raise for when "
                "it can win more.")
    often = (f"{_cap(O)} wins the hand more often ({_pct(ow)} against {_pct(bw)})"
             if _pct(bw) != _pct(ow) else
             f"{_cap(B)} and {O} win the hand about as often ({_pct(bw)})")
    if sb is not None and so is not None and so > sb:
        return f"{often}, but when they accept and win I lose {so} instead of {sb}."
    if sb is not None and so is not None and sb > so:
        return f"{often}, but {B} plays for {sb} points instead of {so} when they accept."
    return (f"{often}, but {B} scores more points on average ({signed(float(b['ev']))} against "
            f"{signed(float(o['ev']))}), counting what is still to come in this hand.")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
