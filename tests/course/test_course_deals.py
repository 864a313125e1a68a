"""Every fixed deal of the lessons really produces what the lesson text claims (via the engine)."""

from __future__ import annotations

import pytest

from truco_learn.course.deals import (ALL_LINES, BETTING_LINES, ELEVEN_LINES, PARTNER_LINES,
                                      TIE_LINES, find_line, line_group)
from truco_learn.course.scripted import ScriptedHand, hand_frames, trick_results
from truco_learn.engine import hand_outcome, new_hand, step
from truco_learn.engine.actions import COVER
from truco_learn.engine.tricks import ALL_TIED
from truco_learn.errors import ConfigError

ALL = ALL_LINES + (PARTNER_LINES[0],)


@pytest.mark.parametrize("line", ALL, ids=[ln.key for ln in ALL])
def test_line_claims_match_the_engine(line: ScriptedHand) -> None:
    # replay from scratch with the engine's own step, not through the course helpers
    s = new_hand(line.variant if not line.overrides else line.options, line.dealer,
                 [list(h) for h in line.hands], line.vira, line.score)
    for action in line.actions:
        assert not s.over, f"{line.key}: the hand ended before {action}"
        s = step(s, action)
    assert s.over, f"{line.key}: the script leaves the hand unfinished"
    assert tuple(t.result for t in s.tricks) == line.results
    assert s.winner == line.winner
    assert s.points == line.points
    assert hand_frames(line)[-1].points == s.points


def test_the_tie_lines_cover_every_tie_rule() -> None:
    by_results = {ln.results: ln for ln in TIE_LINES}
    # a tied first trick decided by the second
    first = [r for r in by_results if r[0] == -1 and len(r) == 2 and r[1] != -1]
    # first won, second tied
    second = [r for r in by_results if r[0] != -1 and len(r) == 2 and r[1] == -1]
    # one each, third tied
    third = [r for r in by_results if len(r) == 3 and r[0] != -1 and r[1] not in (-1, r[0])
             and r[2] == -1]
    two = [r for r in by_results if r[:2] == (-1, -1) and len(r) == 3 and r[2] != -1]
    all_tied = [r for r in by_results if r == (-1, -1, -1)]
    assert first and second and third and two and all_tied
    for r in first + second + third + two:
        assert hand_outcome(list(r)) == by_results[r].winner
    assert hand_outcome([-1, -1, -1]) == ALL_TIED


def test_the_winner_of_the_first_trick_wins_a_third_tied_trick() -> None:
    line = find_line("third_tied")
    assert line.results[0] == line.winner and line.results[1] == 1 - line.winner


def test_all_tied_lines_show_two_table_rules_with_the_same_cards() -> None:
    a, b = find_line("all_tied"), find_line("all_tied_dealer")
    assert a.hands == b.hands and a.actions == b.actions
    assert a.points == (0, 0) and b.winner == b.dealer % 2


def test_partners_tie_is_a_trick_for_their_team() -> None:
    line = find_line("partners_tie")
    first = hand_frames(line)[-1].tricks[0]
    strength = hand_frames(line)[0].deal.strength
    best = max(strength[c] for _, c, _ in first.plays)
    top_seats = [s for s, c, _ in first.plays if strength[c] == best]
    assert len(top_seats) == 2 and top_seats[0] % 2 == top_seats[1] % 2 == first.result


def test_lead_after_tie_lines_differ_only_in_who_leads() -> None:
    a, b = find_line("tie_leader_leads"), find_line("tie_first_tying_leads")
    assert a.hands == b.hands and a.vira == b.vira
    sa = [f for f in hand_frames(a) if len(f.tricks) == 1][0]
    sb = [f for f in hand_frames(b) if len(f.tricks) == 1][0]
    assert sa.tricks[0].result == sb.tricks[0].result == -1
    assert sa.to_act == sa.tricks[0].leader == 0
    tying = [s for s, c, _ in sb.tricks[0].plays
             if sb.deal.strength[c] == max(sb.deal.strength[x] for _, x, _ in sb.tricks[0].plays)]
    assert sb.to_act == tying[0] == 1
    assert a.options.lead_after_tie == "leader" and b.options.lead_after_tie == "first_tying"


def test_exposed_card_rule_changes_the_outcome_of_the_same_cards() -> None:
    usual, fpt = find_line("no_exposed_rule"), find_line("exposed_rule")
    assert usual.hands == fpt.hands and usual.actions[:6] == fpt.actions
    assert fpt.options.exposed_card and not usual.options.exposed_card
    assert usual.winner == 1 and fpt.winner == 0 and fpt.points == (3, 0)
    # the raise came after the 3 was already face up
    frames = hand_frames(fpt)
    raise_at = fpt.actions.index("raise")
    assert len(frames[raise_at].cur) == 1


def test_covered_card_line_covers_in_the_second_trick() -> None:
    line = find_line("covered_card")
    last = hand_frames(line)[-1]
    covers = [(i, code) for i, (_, code) in enumerate(last.log) if COVER <= code < 2 * COVER]
    assert len(covers) == 1
    assert [up for _, _, up in last.tricks[1].plays].count(False) == 1
    assert all(up for _, _, up in last.tricks[0].plays)


def test_betting_lines_points() -> None:
    pts = {ln.key: ln.points for ln in BETTING_LINES}
    assert pts["truco_folded"] == (1, 0)  # fold against truco pays the 1 accepted before
    assert pts["seis_answer"] == (0, 3)  # fold against seis pays 3
    assert max(hand_frames(find_line("up_to_doze"))[-1].score) == 12


def test_eleven_lines_are_hands_of_eleven() -> None:
    for line in ELEVEN_LINES:
        s = hand_frames(line)[0]
        assert s.onze_pending and s.stake == 3
    assert find_line("eleven_run").points == (0, 1)


def test_unknown_keys_give_clear_errors() -> None:
    with pytest.raises(ConfigError, match="unknown lesson hand 'nope'"):
        find_line("nope")
    with pytest.raises(ConfigError, match="unknown group"):
        line_group("nope")


def test_keys_are_unique() -> None:
    keys = [ln.key for ln in ALL_LINES]
    assert len(keys) == len(set(keys))
    assert trick_results(hand_frames(ALL_LINES[0])[0]) == ()
