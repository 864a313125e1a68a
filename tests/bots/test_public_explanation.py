"""The public form of an explanation (shown to the learner during the hand) never names a card
the bot still holds or covered; the full form stays for after the hand and the protocol."""

from __future__ import annotations

import random

import pytest

from truco_learn.bots import make_bot
from truco_learn.bots.sentences import card_text, public_explanation, public_summary
from truco_learn.engine import legal_actions, new_hand, observation, step
from truco_learn.engine.cards import DECK, card_str


def _deal(rng: random.Random, seats: int) -> tuple[list[list[str]], str]:
    deck = [card_str(c) for c in DECK]
    rng.shuffle(deck)
    return [deck[3 * k:3 * k + 3] for k in range(seats)], deck[3 * seats]


def _hidden_after(s, seat: int, action: str) -> list[str]:
    """The seat's cards still unseen by the others once ``action`` is taken."""
    held = [card_str(c) for c in s.left[seat]]
    kind, _, card = action.partition(":")
    return [c for c in held if not (kind == "play" and c == card)]


@pytest.mark.parametrize("variant,seats", [("paulista-2p", 2), ("paulista-4p", 4)])
def test_a_hidden_card_never_appears_in_the_public_text(variant: str, seats: int) -> None:
    rng = random.Random(2026)
    checked = named_in_full = 0
    for k in range(25):
        hands, vira = _deal(rng, seats)
        s = new_hand(variant, dealer=k % seats, vira=vira, hands=hands)
        bot = make_bot("coach", "easy", seed=k)
        while not s.over:
            seat = s.to_act
            if seat == 0:
                d = bot.decide(observation(s, seat))
                hidden = _hidden_after(s, seat, d.action)
                pub = public_explanation(d.explanation, d.action)
                texts = [pub["summary"]] + [str(o["action"]) for o in pub["options"]]
                for card in hidden:
                    assert not any(card in t or card_text(card) in t for t in texts), (
                        card, texts)
                assert pub["summary"] == public_summary(d.explanation, d.action)
                named_in_full += any(card_text(c) in d.explanation["summary"] for c in hidden)
                checked += 1
                action = d.action
            else:
                action = rng.choice(legal_actions(s))
            s = step(s, action)
    assert checked > 40
    assert named_in_full > 0  # the full summary does name held cards, so the check can fail


def test_a_covered_card_stays_hidden_and_its_option_is_merged() -> None:
    ex = {"summary": "I cover 5♦: it could not take this trick.", "samples": 40,
          "options": [{"action": "cover:5D", "ev": 0.1, "win": 0.4},
                      {"action": "cover:2C", "ev": 0.0, "win": 0.4},
                      {"action": "play:5D", "ev": -0.1, "win": 0.3}],
          "facts": {"decision": {"kind": "play", "chosen": "cover:5D", "reason": "cover"},
                    "my_cards": ["2C", "5D"]}}
    pub = public_explanation(ex, "cover:5D")
    assert [o["action"] for o in pub["options"]] == ["cover"]
    assert "5♦" not in pub["summary"] and "2♣" not in pub["summary"]
    assert pub["summary"].startswith("I cover a card")
    assert "facts" not in pub


def test_a_played_card_may_be_named_once_it_is_on_the_table() -> None:
    ex = {"options": [{"action": "play:3S", "ev": 0.4, "win": 0.6},
                      {"action": "play:4H", "ev": 0.0, "win": 0.5}],
          "facts": {"decision": {"kind": "play", "chosen": "play:3S", "reason": "lead_high"},
                    "my_cards": ["3S", "4H"], "manilhas": ["QC", "QH", "QS", "QD"]}}
    text = public_summary(ex)
    assert "3♠" in text and "4♥" not in text


def test_a_raise_is_compared_with_playing_one_of_the_hidden_cards() -> None:
    """Mid-hand the coach's raise still shows what playing on was worth (the best of the cards
    it hides, unnamed), in the table and in the sentence."""
    ex = {"samples": 150,
          "options": [{"action": "raise", "ev": 5.44, "win": 0.93},
                      {"action": "play:6H", "ev": 4.1, "win": 0.9},
                      {"action": "play:2C", "ev": 3.2, "win": 0.85}],
          "facts": {"decision": {"kind": "play", "chosen": "raise", "bluff": False},
                    "my_cards": ["6H", "2C"], "stake": 3, "ladder": [1, 3, 6, 9, 12]}}
    pub = public_explanation(ex, "raise")
    assert pub["options"] == [{"action": "raise", "ev": 5.44, "win": 0.93},
                              {"action": "play", "ev": 4.1, "win": 0.9}]
    assert "against +4.10 for playing a card" in pub["summary"], pub["summary"]
    assert "6♥" not in pub["summary"] and "2♣" not in pub["summary"]
