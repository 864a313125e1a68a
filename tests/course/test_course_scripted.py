"""Narration of scripted hands: every sentence names what the engine did."""

from __future__ import annotations

import pytest

from truco_learn.course.deals import ALL_LINES, find_line
from truco_learn.course.scripted import (describe_action, hand_frames, lead_sentence, narrate,
                                         outcome_of_results, raise_name)
from truco_learn.engine import make_options
from truco_learn.errors import ConfigError


def _story(key: str) -> list[str]:
    frames = hand_frames(find_line(key))
    return [narrate(a, b) for a, b in zip(frames, frames[1:])]


def test_every_step_of_every_line_has_a_sentence() -> None:
    for line in ALL_LINES:
        story = [narrate(a, b) for a, b in zip(hand_frames(line), hand_frames(line)[1:])]
        assert len(story) == len(line.actions) and all(s.endswith((".", "!")) for s in story)


def test_tie_sentence_and_who_leads_after() -> None:
    story = _story("tie_first_tying_leads")
    assert "Trick 1 is tied" in story[3] and story[3].endswith(
        "Bruno, who played the first tying card, leads the next trick.")
    assert "Ana, who led the tied trick, leads again." in _story("tie_leader_leads")[3]


def test_raise_sentences_name_the_calls() -> None:
    story = _story("up_to_doze")
    assert story[0] == "Ana calls truco! The hand would be worth 3 points."
    assert story[1].startswith("Bruno accepts 3 and raises at once: seis!")
    assert "nove" in story[2] and "doze" in story[3]
    assert story[4] == "Ana accepts: the hand is now worth 12 points."


def test_fold_and_result_sentences() -> None:
    story = _story("truco_folded")
    assert story[-1] == "Bruno runs (corre) and gives up the hand. Ana wins the hand and scores 1 point."
    assert "Nobody scores: all three tricks are tied" in _story("all_tied")[-1]


def test_exposed_rule_is_named_when_it_decides() -> None:
    assert "Exposed-card rule" in _story("exposed_rule")[-1]
    assert "Exposed-card rule" not in " ".join(_story("no_exposed_rule"))


def test_covered_card_is_not_revealed() -> None:
    story = _story("covered_card")
    assert story[4] == "Ana covers a card: it lies face down and counts for nothing."
    assert "4 of hearts" not in story[4]


def test_manilha_nicknames_appear() -> None:
    assert "(zap)" in _story("up_to_doze")[5]
    assert "(copas)" in _story("eleven_play")[1]


def test_lead_sentences() -> None:
    frames = hand_frames(find_line("eleven_play"))
    assert lead_sentence(frames[0]) == "Ana decides: play the hand of eleven, or run."
    frames = hand_frames(find_line("truco_folded"))
    assert lead_sentence(frames[1]) == "Bruno must answer the call: accept, run or raise."
    assert lead_sentence(frames[-1]) == "The hand is over."


def test_describe_action_needs_adjacent_states() -> None:
    frames = hand_frames(find_line("plain"))
    with pytest.raises(ConfigError, match="one action apart"):
        describe_action(frames[0], frames[2])


def test_raise_names_and_rule_names() -> None:
    m = make_options("mineiro-4p")
    assert [raise_name(m, v) for v in (4, 6, 10, 12)] == ["truco", "seis", "dez", "doze"]
    assert outcome_of_results((0, -1)).startswith("first trick won, second tied")
    assert outcome_of_results((-1, -1, -1)) == "all three tricks tied"
    assert outcome_of_results((0,)) == "not decided yet"
