"""Summaries are generated from the explanation data and name the fact or number that decided."""

from __future__ import annotations

from typing import Any

from truco_learn.bots import make_bot
from truco_learn.bots.facts import table_facts, tie_rule
from truco_learn.bots.sentences import summarize
from truco_learn.engine import new_hand, observation, parse_observation, step

LADDER = [1, 3, 6, 9, 12]


def _exp(kind: str, chosen: str, options: list[dict[str, Any]], **facts: Any) -> dict[str, Any]:
    facts.setdefault("ladder", LADDER)
    facts["decision"] = {"kind": kind, "chosen": chosen, "bluff": facts.pop("bluff", False),
                         "reason": facts.pop("reason", "")}
    return {"options": options, "facts": facts}


def test_answer_sentence_states_the_stake_arithmetic() -> None:
    text = summarize(_exp("answer", "fold", [
        {"action": "fold", "ev": -1.0, "win": 0.0}, {"action": "accept", "ev": -1.6, "win": 0.2},
    ], stake=1, pending=3))
    assert text.startswith("Folding pays them 1; accepting plays for 3.")
    assert "only 20%" in text and "break-even 33%" in text and "−1.60" in text


def test_seis_break_even_is_a_quarter() -> None:
    text = summarize(_exp("answer", "accept", [
        {"action": "accept", "ev": 0.2, "win": 0.4}, {"action": "fold", "ev": -3.0, "win": 0.0},
    ], stake=3, pending=6))
    assert "Folding pays them 3; accepting plays for 6." in text and "break-even 25%" in text


def test_bluff_and_value_raise_read_differently() -> None:
    opts = [{"action": "raise", "ev": 0.3, "win": 0.35}, {"action": "play:4H", "ev": -0.2,
                                                          "win": 0.3}]
    bluff = summarize(_exp("play", "raise", opts, stake=1, pending=None, bluff=True))
    value = summarize(_exp("play", "raise", opts, stake=1, pending=None))
    assert bluff.startswith("A bluff") and "truco (3)" in bluff
    assert value.startswith("I win this hand 35%") and "playing 4♥" in value


def test_card_reasons_name_the_rule() -> None:
    opts = [{"action": "play:QC", "ev": 0.8, "win": 0.9}, {"action": "play:3S", "ev": 0.5,
                                                          "win": 0.7}]
    mans = ["QC", "QH", "QS", "QD"]
    top = summarize(_exp("play", "play:QC", opts, manilhas=mans, reason="unbeatable"))
    assert top.startswith("Zap (Q♣) is the highest card left in this hand")
    tie = summarize(_exp("play", "play:QC", opts, manilhas=[], reason="tie",
                         table={"best": "QS", "by": "them"}, tie_rule="won_first"))
    assert "ties their Q♠" in tie and "a tie in this one wins us the hand" in tie
    assert "+0.80" in top and "+0.50 for playing 3♠" in top


def test_tie_rules() -> None:
    assert [tie_rule(r) for r in ([], ["won"], ["lost"], ["tied"], ["won", "lost"])] == [
        "first_trick", "won_first", "lost_first", "first_tied", "one_each"]


def test_facts_see_only_what_the_seat_sees() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["2H", "5S", "6D"],
                                                             ["QS", "3C", "4C"]])
    s = step(s, "play:2H")
    f = table_facts(parse_observation(observation(s, 1)), s)
    assert f["my_cards"] == ["QS", "3C", "4C"] and f["my_manilhas"] == ["QS"]
    assert f["unseen_better"] == ["QC", "QH"] and f["unseen"] == 40 - 5
    assert f["table"] == {"best": "2H", "by": "them", "seat": 0}
    assert f["tricks"] == [] and f["stake"] == 1 and f["score"] == [0, 0]


def test_every_real_summary_is_short_and_specific() -> None:
    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"],
                                                             ["2H", "5C", "KD"]])
    coach = make_bot("coach", "easy", seed=2)
    for actions in ([], ["raise"], ["play:4H"], ["play:4H", "play:5C"]):
        t = s
        for a in actions:
            t = step(t, a)
        text = coach.decide(observation(t, t.to_act)).explanation["summary"]
        assert 20 < len(text) < 400 and text.count(". ") <= 2
        assert any(ch.isdigit() for ch in text)


def test_a_truco_they_run_from_is_not_said_to_win_its_stake() -> None:
    """A raise that wins more often mostly because they run wins the 1 point at stake, not
    the 3 it asks: the coach's own summary and the review's words say only that it wins more
    often (the fold and the chance when played follow apart)."""
    opts = [{"action": "raise", "ev": 0.78, "win": 0.94},
            {"action": "play:4D", "ev": -1.0, "win": 0.0}]

    def said(fold: float, played: float) -> str:
        return summarize(_exp("play", "raise", opts, stake=1, pending=None,
                              raise_split={"they_fold": fold, "played_win": played}))

    runs = said(0.94, 0.0)
    assert "wins the hand more often than playing 4♦ (94% against 0%)." in runs
    assert "points instead of" not in runs and "They fold about 94%" in runs
    assert "and for 3 points instead of 1" in said(0.2, 0.93)


def test_a_tie_after_a_tied_first_trick_is_said_to_leave_the_hand_to_the_third() -> None:
    """The coach said "the first trick tied, so whoever takes this trick wins the hand" as the
    reason for a card that takes nothing: a tie there leaves the hand to the third trick (RULES.md:
    first trick tied, the next trick that is not tied decides), as the engine plays it."""
    from truco_learn.bots.coach import _card_reason
    from truco_learn.engine.cards import parse_card

    s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["3S", "KC", "4H"],
                                                             ["3H", "KD", "5C"]])
    for a in ("play:3S", "play:3H", "play:KC"):
        s = step(s, a)
    facts = table_facts(parse_observation(observation(s, 1)), s)
    assert facts["tie_rule"] == "first_tied"
    reason = _card_reason(s, 1, parse_card("KD"), facts)
    assert reason == "tie"
    opts = [{"action": "play:KD", "ev": 0.1, "win": 0.5}, {"action": "play:5C", "ev": -0.4,
                                                           "win": 0.3}]
    for you, who in ((False, "I"), (True, "you")):
        facts = dict(facts, decision={"kind": "play", "chosen": "play:KD", "bluff": False,
                                      "reason": reason})
        text = summarize({"options": opts, "facts": facts}, you=you)
        assert ("ties their K♣: the first trick tied, so a tie in this one leaves the hand to "
                "the third trick.") in text, (who, text)
    after = step(s, "play:KD")
    assert not after.over and [t.result for t in after.tricks] == [-1, -1]
