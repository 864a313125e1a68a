"""Turn a :class:`~truco_learn.play.view.TableView` into the JSON the table widget draws.

Pure functions: cards become SVG strings, seats get a place at the table (the learner at the
bottom), everything else is copied. No rule is decided here.

>>> from truco_learn.engine import new_hand
>>> from truco_learn.play.view import table_view
>>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> data = table_json(table_view(h, 0, ("You", "Coach")))
>>> [s["position"] for s in data["seats"]], data["hand"][0]["label"]
(['bottom', 'top'], 'queen of clubs, zap')
>>> data["bar"][0]["label"], data["bar"][0]["enabled"]
('Truco!', True)
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..engine.cards import (ARGENTINE_NAMES, MANILHA_NAMES, RANKS, SUIT_SYMBOL, SUITS,
                            card_name, feminine_name, parse_card)
from ..i18n import N_, _, ngettext, pgettext
from ..play.view import TableView
from .svg import card_svg, manilha_name

__all__ = ["table_json", "table_words", "announcement", "POSITIONS"]

POSITIONS = {2: ("bottom", "top"), 4: ("bottom", "right", "top", "left")}
# One whole sentence per rank (the article and the plural differ from language to language).
_MANILHA_RANKS = {
    "4": N_("Manilhas: the fours (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "5": N_("Manilhas: the fives (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "6": N_("Manilhas: the sixes (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "7": N_("Manilhas: the sevens (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "Q": N_("Manilhas: the queens (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "J": N_("Manilhas: the jacks (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "K": N_("Manilhas: the kings (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "A": N_("Manilhas: the aces (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "2": N_("Manilhas: the twos (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
    "3": N_("Manilhas: the threes (zap ♣ > copas ♥ > espadilha ♠ > mole ♦)."),
}


def _manilha_text(v: TableView, deck: str) -> str:
    if v.manilha_rule == "argentine":  # fixed top cards, no vira
        names = " > ".join(f"{name} ({RANKS[c // 4]}{SUIT_SYMBOL[SUITS[c % 4]]})"
                           for name, c in zip(ARGENTINE_NAMES, v.manilhas))
        return _("Top cards: {cards}.").format(cards=names)
    if v.manilha_rule == "mineiro":
        names = ", ".join(card_name(c, deck, None, "mineiro") for c in v.manilhas)
        return _("Fixed manilhas: {cards}.").format(cards=names)
    if deck == "spanish":  # the cards by their Spanish names, as the vira's line says them
        names = " > ".join(f"{name} ({card_name(c, deck)})"
                           for name, c in zip(MANILHA_NAMES, v.manilhas))
        return _("Manilhas: {cards}.").format(cards=names)
    rank = RANKS[v.manilhas[0] // 4]
    return _(_MANILHA_RANKS[rank])


def table_words() -> dict[str, str]:
    """The table's own words (what ``table.js`` writes around the view), in the current
    language; ``{name}``-style fields are filled in by the browser.

    >>> table_words()["not_now"]
    '{name}: not now. {reason}'
    """
    return {
        # Translators: a greyed-out action as a screen reader says it.
        "not_now": _("{name}: not now. {reason}"),
        "dealer": _("dealer"),
        # Translators: the dealer's chip on the table (one letter).
        "dealer_chip": _("D"),
        "mao": _("mão"),
        "mao_title": _("mão: leads the first trick"),
        "to_play": _("to play"),
        "partner_cards": _("Your partner's cards: your team decides this hand together"),
        "trick": _("Trick {number}"),
        "shuffling": _("Shuffling the cards…"),
        "covering": _("Covering: pick a card"),
        "cover": _("Cover a card"),
        "score": _("Score"),
        "target": _("to {target}"),
        "stake": _("Stake"),
        "hand_stake": _("Hand {number} · stake"),
        "your_cards": _("Your cards"),
        "actions": _("Actions"),
        "events": _("What happened"),
        # Translators: the chip of a seat that declared a flor (the Spanish word).
        "flor": _("flor"),
        "flor_title": _("declared a flor: three cards of one suit"),
        # Translators: the button that shows the envido points of the learner's own cards.
        "my_envido": _("My envido"),
        "envido_points": _("Your envido points"),
    }


def table_json(v: TableView, *, deck: str = "french", four_colour: bool = False,
               events: Sequence[str] = (), hand_number: int = 1, match_over: bool = False,
               next_action: tuple[str, str] | None = None) -> dict[str, Any]:
    """The widget's ``view`` trait for this table (JSON-ready).

    ``next_action`` is the app's own button once the hand is over, e.g.
    ``("next-hand", "Next hand")``.
    """
    n = len(v.seats)
    places = POSITIONS[n]

    def svg(card: int | None, width: int, face_down: bool = False, label: str | None = None,
            mark: bool = True) -> str:
        man = None
        if card is not None and mark and not face_down:
            man = manilha_name(card, v.manilha_rule, v.vira)
        return card_svg(card, deck=deck, four_colour=four_colour, manilha=man,
                        face_down=face_down, width=width, label=label)

    def name_of(card: int | None) -> str:
        if card is None:
            return _("face-down card")
        return card_name(card, deck, v.vira, v.manilha_rule)

    seats = []
    for s in v.seats:
        shown = [svg(c, 40) for c in s.shown] if s.shown is not None else None
        seats.append({
            "seat": s.seat, "name": s.name, "team": s.team, "learner": s.learner,
            "dealer": s.dealer, "mao": s.mao, "to_act": s.to_act,
            "position": places[(s.seat - v.seat) % n], "cards_left": s.cards_left,
            "backs": [svg(None, 34) for _ in range(s.cards_left)] if not s.learner else [],
            "shown": shown, "flor": s.flor,
            "backs_label": ngettext("{n} card in hand", "{n} cards in hand",
                                    s.cards_left).format(n=s.cards_left),
        })
    tricks = []
    for t in v.tricks:
        plays = []
        for p in t.plays:
            who = v.seats[p.seat].name
            if p.face_up:
                label = _("{name}: {card}").format(name=who, card=name_of(p.card))
                drawn = svg(p.card, 56, label=label)
            elif p.card is not None:
                label = _("{name}: covered card ({card})").format(name=who, card=name_of(p.card))
                drawn = svg(p.card, 56, face_down=True, label=label)
            else:
                label = _("{name}: covered card").format(name=who)
                drawn = svg(None, 56, label=label)
            spoken = name_of(p.card) if p.face_up else _("a card face down")
            plays.append({"seat": p.seat, "name": who, "svg": drawn, "covered": not p.face_up,
                          "label": label, "spoken": spoken, "card": None if p.card is None or not p.face_up
                          else RANKS[p.card // 4] + SUITS[p.card % 4]})
        outcome = "" if not t.finished else "tied" if t.tied else (
            "won" if t.winner == v.seat % 2 else "lost")
        tricks.append({"number": t.number, "text": t.text, "outcome": outcome, "plays": plays,
                       "title": _("Trick {number}").format(number=t.number)})
    hand = []
    for hc in v.hand:
        it = hc.item
        label = name_of(it.card) if it.card is not None else _("face-down card (iron hand)")
        hand.append({
            "svg": svg(it.card, 84, label=label), "label": label, "action": it.action,
            # Translators: what a screen reader says for a card of the learner's hand.
            "play_name": _("Play {card}").format(card=label),
            "cover_name": _("Cover {card}").format(card=label),
            "enabled": it.enabled, "reason": it.reason, "cover_action": it.cover_action,
            "cover_enabled": it.cover_enabled, "cover_reason": it.cover_reason,
            "manilha": hc.manilha,
        })
    any_cover = any(h["cover_enabled"] for h in hand)
    cover_reason = next((h["cover_reason"] for h in hand if h["cover_reason"]), "")
    bar = [{"action": i.action, "label": i.label, "enabled": i.enabled, "reason": i.reason}
           for i in v.bar]
    vira_label = "" if v.vira is None else _("Vira: {card}").format(card=card_name(v.vira, deck))
    return {
        "variant": v.variant, "seat": v.seat, "seats": seats, "tricks": tricks, "hand": hand,
        "vira": None if v.vira is None else svg(v.vira, 56, label=vira_label, mark=False),
        "vira_label": vira_label, "manilha_text": _manilha_text(v, deck),
        "stake": v.stake, "pending": v.pending_text,
        "score": [{"name": v.team_names[i], "points": v.score[i], "mine": i == v.seat % 2,
                   "half": v.halves[i]} for i in (0, 1)],
        "target": v.target, "target_text": v.target_text, "bet": v.bet_text,
        "envido_line": v.envido_line, "envido_count": v.envido_count, "status": v.status, "mode": v.mode_text, "bar": bar,
        "cover": {"possible": v.cover_possible, "enabled": any_cover,
                  "reason": "" if any_cover else cover_reason},
        "your_turn": v.to_act == v.seat, "hand_over": v.hand_over, "match_over": match_over,
        "hand_number": hand_number, "events": list(events)[-6:],
        "next": None if next_action is None else {"action": next_action[0],
                                                  "label": next_action[1]},
    }


def _played(play: Mapping[str, Any]) -> str:
    if play.get("covered"):
        return _("{name} covered a card.").format(name=play["name"])
    # The card's article differs by gender in Portuguese (a dama, o ás): one sentence each.
    if play.get("card") and feminine_name(parse_card(play["card"])):
        # Translators: {card} is a card whose name is feminine (dama, sota): "jogou a {card}"
        text = pgettext("feminine card", "{name} played the {card}.")
    else:
        # Translators: {card} is a card whose name is masculine (ás, as, 3, rei): "jogou o {card}"
        text = pgettext("masculine card", "{name} played the {card}.")
    return text.format(name=play["name"], card=play["spoken"])


def _score_text(view: Mapping[str, Any]) -> str:
    def who(name: str) -> str:
        if name == _("Your team"):
            return _("your team")
        if name == _("Coaches"):
            # Translators: the other team of a four-seat table, inside a sentence.
            return pgettext("in a sentence", "Coaches")
        return name

    first, second = view["score"]
    return _("Score: {first_points} for {first}, {second_points} for {second}.").format(
        first_points=first["points"], first=who(first["name"]),
        second_points=second["points"], second=who(second["name"]))


def announcement(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> str:
    """What a screen reader should hear when the table changes from ``before`` to ``after``
    (two :func:`table_json` views; ``before`` is ``None`` or empty on the first drawing).

    Names people and cards, never seat numbers: a new hand and its vira, each card played,
    a call and its answer, who won each trick, the end of the hand and the score.

    >>> from truco_learn.engine import new_hand, step
    >>> from truco_learn.play.view import table_view
    >>> h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    >>> names = ("You", "Coach")
    >>> first = table_json(table_view(h, 0, names))
    >>> announcement(None, first)
    'Hand 1. Vira: 7 of diamonds. Manilhas: the queens (zap ♣ > copas ♥ > espadilha ♠ > mole ♦). Your turn.'
    >>> h2 = step(step(h, "play:QC"), "play:2H")
    >>> announcement(first, table_json(table_view(h2, 0, names)))
    'You played the queen of clubs, zap. Coach played the 2 of hearts. Trick 1: You won. Your turn.'
    """
    if not after or not after.get("seats"):
        return ""
    out: list[str] = []
    new_hand = (not before or not before.get("seats")
                or before["hand_number"] != after["hand_number"]
                or before["variant"] != after["variant"])
    if new_hand:
        out.append(_("Hand {number}.").format(number=after["hand_number"]))
        if after["vira_label"]:
            out.append(f"{after['vira_label']}.")
        out.append(after["manilha_text"])
        if after["mode"]:
            out.append(after["mode"])
        old_tricks: list[Any] = []
    else:
        assert before is not None
        old_tricks = before["tricks"]
    for k, trick in enumerate(after["tricks"]):
        old = old_tricks[k] if k < len(old_tricks) else {"plays": [], "outcome": ""}
        for p in trick["plays"][len(old["plays"]):]:
            out.append(_played(p))
        if trick["outcome"] and not old["outcome"]:
            if trick["outcome"] == "tied":
                out.append(_("Trick {number}: tied.").format(number=trick["number"]))
            else:
                out.append(_("Trick {number}: {result}.").format(number=trick["number"],
                                                                 result=trick["text"]))
    old_bet = "" if new_hand or before is None else before.get("bet", "")
    if after.get("bet") and after["bet"] != old_bet:
        out.append(after["status"])
    if after.get("envido_line") and (new_hand or before is None
                                     or before.get("envido_line") != after["envido_line"]):
        out.append(after["envido_line"])
    old_pending = "" if new_hand or before is None else before["pending"]
    if after["pending"] and after["pending"] != old_pending and not after.get("bet"):
        out.append(after["status"])
    elif old_pending and not after["pending"] and not after["hand_over"]:
        out.append(_("Accepted: the hand is worth {stake} points.").format(
            stake=after["stake"]))
    if after["hand_over"] and (new_hand or before is None or not before["hand_over"]):
        out.append(after["status"])
    if before and before.get("seats") and before["score"] != after["score"]:
        out.append(_score_text(after))
    was_turn = False if new_hand or before is None else bool(before["your_turn"])
    if after["your_turn"] and not after["pending"] and (out or not was_turn):
        out.append(_("Your turn."))
    return " ".join(out)
