"""Rules audit, December 2026: RULES.md lines that no earlier test pinned down with a dealt
hand, mostly where two rules meet (an option override on a preset, envido points beside
no_pointless_raise, a tie after a tie, a dropped leader and a tie). Each test quotes the line
it pins; every hand is built directly from the cards."""

from __future__ import annotations

import pytest

from engine_helpers import deal, report, results, run
from truco_learn.engine import legal_actions

CALLS = {"envido", "real_envido", "falta_envido"}
H = [["7S", "5S", "KC"], ["6H", "4H", "AD"]]  # envido 32 against 30; dealer 1: seat 0 is mão


# RULES.md, "Envido, flor and dropping out beside the other rules":
#   "Score" in every rule (the falta, `no_pointless_raise`, the target) means the score with
#   the points already scored in this hand (envido, a lone flor, a declined contraflor) included.
# RULES.md, "Betting": you may not raise if "`no_pointless_raise` is on and your team's score +
#   the current stake already reaches the target".
def test_no_pointless_raise_counts_the_envido_already_scored_on_your_turn() -> None:
    s = deal("argentino-2p", 1, H, score=(27, 0), no_pointless_raise=True)
    assert "raise" in legal_actions(s)  # 27 + 1 < 30
    s = run(s, "envido", "accept")  # 32 beats 30: team 0 is at 29 now
    assert s.points == (2, 0) and s.to_act == 0
    assert "raise" not in legal_actions(s)  # 29 + 1 reaches 30
    s = run(s, "play:KC")
    assert "raise" in legal_actions(s)  # team 1 is still at 0


# RULES.md, "Betting", `raise` as an answer: "`no_pointless_raise` applies here too: not
#   allowed when the answering team's score + the proposed value reaches the target."
# with "Score ... with the points already scored in this hand ... included" and "Envido comes
#   first ... when the envido exchange is settled, the same seat answers the truco."
def test_no_pointless_raise_as_an_answer_counts_the_envido_called_first() -> None:
    s = deal("argentino-2p", 1, [H[1], H[0]], score=(0, 26), no_pointless_raise=True)
    s = run(s, "raise")  # truco: 2 proposed to team 1
    assert set(legal_actions(s)) == {"accept", "fold", "raise"} | CALLS  # 26 + 2 < 30
    s = run(s, "envido", "accept")  # seat 1's 32 beats 30: team 1 is at 28 now
    assert s.points == (0, 2) and s.to_act == 1
    assert report(s)["pending"] == {"team": 0, "value": 2}
    assert legal_actions(s) == ["accept", "fold"]  # 28 + 2 reaches 30: no retruco


# RULES.md, "Exposed-card rule": "If a trick ends tied and one of the tying cards was already
#   face up on the table when the **last raise of that trick** was made, the team that made
#   that raise loses the hand at once, and the other team scores the accepted stake."
# RULES.md, "Argentine and gaudério truco": "Every new rule is an option, so it can be tried on
#   any preset." (an override on the envido / dropping-out path)
def test_exposed_card_override_on_an_argentine_preset() -> None:
    hands = [["3C", "4D", "5C"], ["3H", "6H", "KD"]]
    s = run(deal("argentino-2p", 1, hands, exposed_card=True), "play:3C", "raise", "accept",
            "play:3H")
    assert s.ext is not None  # the envido / dropping-out path
    assert s.over and s.winner == 0 and s.points == (2, 0) and results(s) == [-1]
    plain = run(deal("argentino-2p", 1, hands), "play:3C", "raise", "accept", "play:3H")
    assert not plain.over and results(plain) == [-1] and plain.to_act == 0


# RULES.md, "Tricks": "`first_tying` — the seat that played the first (in play order) of the
#   tying cards." and "First trick tied: the next trick that is not tied decides."
def test_a_tie_after_a_tie_first_tying_at_four_seats() -> None:
    hands = [["3C", "KD", "5C"], ["QS", "3H", "KH"], ["2C", "5D", "6C"], ["2D", "6S", "4S"]]
    s = run(deal("mineiro-4p", 3, hands), "play:5C", "play:QS", "play:2C", "play:2D")
    assert results(s) == [-1] and s.to_act == 2  # 2C (seat 2) was the first of the twos
    s = run(s, "play:6C", "play:6S", "play:3C", "play:3H")  # led by seat 2: 3C then 3H tie
    assert results(s) == [-1, -1] and not s.over and s.to_act == 0 and s.leader == 0
    s = run(s, "play:KD", "play:KH", "play:5D", "play:4S")  # all three tied: nobody scores
    assert s.over and s.winner == -1 and s.points == (0, 0)


# RULES.md, "Tricks": "`"leader"` — whoever led the tied trick leads again" (here as an
#   override of mineiro-4p's `first_tying`), through two tied tricks in a row.
def test_a_tie_after_a_tie_leader_at_four_seats() -> None:
    hands = [["5C", "6C", "KD"], ["QS", "3H", "KH"], ["2C", "3C", "5D"], ["2D", "6S", "4S"]]
    s = run(deal("mineiro-4p", 3, hands, lead_after_tie="leader"),
            "play:5C", "play:QS", "play:2C", "play:2D")
    assert results(s) == [-1] and s.to_act == 0  # first_tying would give seat 2
    s = run(s, "play:6C", "play:3H", "play:3C", "play:6S")  # 3H (seat 1) ties 3C (seat 2)
    assert results(s) == [-1, -1] and s.to_act == 0 and s.leader == 0
    s = run(s, "play:KD", "play:KH", "play:5D", "play:4S")
    assert s.over and s.winner == -1 and s.points == (0, 0)


# RULES.md, "Envido": "`falta_envido` (worth what the **leading** team still needs to reach
#   `target`: `target` minus the higher of the two scores at the moment the falta is settled)."
# RULES.md, "Presets" (Argentine): "Not switches yet (lesson content): ... the 24-point game's
#   halves (malos and buenos) for the falta" — so the falta is that plain difference anywhere.
@pytest.mark.parametrize("variant,score,overrides,points", [
    ("argentino-2p", (0, 0), {}, 30),  # at 0-0 the falta is the whole game
    ("argentino-2p", (20, 5), {}, 10),  # the winner of the falta leads
    ("argentino-2p", (14, 14), {}, 16),
    ("gauderio-2p", (5, 15), {}, 9),  # in the malos for one team, the buenos for the other
    ("gauderio-2p", (11, 11), {}, 13),
    ("argentino-2p", (3, 9), {"target": 15}, 6),
])
def test_falta_envido_at_various_scores(variant: str, score: tuple[int, int],
                                        overrides: dict[str, int], points: int) -> None:
    s = run(deal(variant, 1, H, score=score, **overrides), "falta_envido", "accept")
    assert s.points == (points, 0)  # seat 0's 32 beats 30
    assert s.over == (score[0] + points >= s.opts.target)
    if s.over:
        assert report(s)["game_winner"] == 0 and report(s)["hand_winner"] is None


# RULES.md, "Flor": "`achico` (con flor me achico): the team of the first flor scores 4 at
#   once." and "`contraflor`: ... `fold` (the contraflor's team scores 4 at once)" with
#   "Points scored "at once" that bring a team to `target` end the game at once, as for the
#   envido."
def test_achico_and_a_declined_contraflor_can_end_the_game_at_once() -> None:
    h4 = [["5C", "4C", "KC"], ["7H", "6H", "AH"], ["3S", "2D", "QS"], ["JD", "5D", "4S"]]
    s = run(deal("gauderio-4p", 3, h4, score=(21, 0)), "achico")
    r = report(s)
    assert s.over and r["to_act"] is None and r["legal"] == []
    assert r["points"] == [4, 0] and r["game_winner"] == 0 and r["hand_winner"] is None
    s = run(deal("gauderio-4p", 3, h4, score=(0, 20)), "contraflor", "fold")
    r = report(s)
    assert s.over and r["points"] == [0, 4] and r["game_winner"] == 1
    assert r["hand_winner"] is None
    s = run(deal("gauderio-4p", 3, h4, score=(0, 19)), "contraflor", "fold")
    assert not s.over and s.to_act == 0 and s.points == (0, 4)


# RULES.md, "Hand of eleven": "With `iron` off, 11-11 is an ordinary hand without raises."
# RULES.md, "beside the other rules": "A hand of eleven and an iron hand ... have no envido, no
#   flor (nobody declares one) and no dropping out" — an ordinary hand keeps them.
def test_both_teams_at_eleven_with_iron_off_keep_envido_and_dropping_out() -> None:
    opts = {"eleven": True, "iron": False, "eleven_at": 20}
    s = deal("argentino-2p", 1, H, score=(20, 20), **opts)
    acts = set(legal_actions(s))
    assert "raise" not in acts and CALLS <= acts and "drop" in acts
    assert run(s, "envido", "accept").points == (2, 0)
    alone = deal("argentino-2p", 1, H, score=(20, 3), **opts)  # a hand of eleven (twenty)
    assert legal_actions(alone) == ["onze:fold", "onze:play"]
    acts = set(legal_actions(run(alone, "onze:play")))
    assert not CALLS & acts and "drop" not in acts and "raise" not in acts


# RULES.md, "Dropping out": "If the seat that should lead a trick has dropped out, the next
#   seat in play order still in the hand leads it (and is that trick's `leader`)." with
#   "`"leader"` — whoever led the tied trick leads again".
def test_the_seat_leading_for_a_dropped_leader_leads_again_after_a_tie() -> None:
    hands = [["4S", "5D", "6C"], ["4H", "2H", "KD"], ["3S", "6S", "JH"], ["3C", "AS", "5H"]]
    s = run(deal("argentino-4p", 3, hands), "drop")  # the mão drops: seat 1 leads
    s = run(s, "play:4H", "play:3S", "play:3C")  # 3S (seat 2) and 3C (seat 3) tie
    assert results(s) == [-1] and report(s)["tricks"][0]["leader"] == 1
    assert s.to_act == 1 and s.leader == 1  # not seat 0, out of the hand; not seat 2


# RULES.md, "Envido points and flor points": "The points a seat holds are counted from all three
#   dealt cards, also after some of them were played."
def test_envido_counts_a_card_already_played() -> None:
    hands = [["7S", "6S", "4C"], ["3H", "2H", "KD"], ["5C", "QH", "JD"], ["AC", "2S", "4H"]]
    s = run(deal("argentino-4p", 3, hands), "play:7S", "play:3H")  # seat 0 plays its 7S
    s = run(s, "envido")  # seat 2, on its turn with its three cards
    assert s.to_act == 3
    s = run(s, "accept")
    assert report(s)["envido"]["values"] == [33, 25] and s.points == (2, 0)
    assert s.to_act == 2


# RULES.md, "Envido": "when the first raise of the hand (truco) waits for its answer, the
#   answering seat may, instead of `accept`/`fold`/`raise`, call `envido` ... if it has not
#   played a card yet" ... "An envido call is answered like a raise: by the next seat after the
#   caller that belongs to the other team" ... "with envido first, to the seat answering the
#   truco."
def test_envido_first_at_four_seats() -> None:
    hands = [["7S", "6S", "4C"], ["3H", "2H", "KD"], ["5C", "QH", "JD"], ["AC", "2S", "4H"]]
    s = run(deal("argentino-4p", 3, hands), "play:4C", "raise")  # seat 1's truco
    assert s.to_act == 2 and CALLS <= set(legal_actions(s))
    s = run(s, "envido")
    assert s.to_act == 3 and report(s)["pending"] == {"team": 0, "envido": "envido"}
    s = run(s, "fold")  # no quiero: 1 to the caller's team
    assert s.points == (1, 0) and s.to_act == 2
    assert report(s)["pending"] == {"team": 1, "value": 2}
    assert legal_actions(s) == ["accept", "fold", "raise"]
    s = run(s, "accept")
    assert s.to_act == 1 and s.stake == 2


# RULES.md, "Flor": "the **answering seat** decides: the first seat in play order from the mão
#   that holds a flor and is not on the team of the first flor" and "`flor`: the flors are
#   compared at the end of the hand; the team with the higher flor scores 3 for each flor
#   declared in the hand", settled "before the points of the hand itself ... also after a fold".
def test_three_flors_the_answering_seat_and_three_for_each() -> None:
    hands = [["7C", "6C", "5C"], ["3D", "2C", "KH"], ["4H", "5H", "QH"], ["7S", "6S", "AS"]]
    s = deal("gauderio-4p", 2, hands)  # the mão is seat 3: the first flor is seat 3's
    assert s.to_act == 0 and report(s)["pending"] == {"team": 1, "flor": "flor"}
    s = run(s, "flor")
    assert s.to_act == 3
    s = run(s, "raise", "fold")  # team 1 takes the hand's 1; team 0's 38 beats 34: 3 x 3
    assert s.points == (9, 1) and s.winner == 1
    assert report(s)["flor"]["winner"] == 0 and report(s)["flor"]["points"] == 9


# RULES.md, "Envido points and flor points": "(with `envido_zero_tiebreak = "face_cards"`, a tie
#   at 0 first goes to the team holding the highest face card, then to the mão's team) ... A
#   seat that has dropped out (below) no longer counts for its team's envido or flor."
def test_a_dropped_seat_king_no_longer_breaks_a_tie_at_zero() -> None:
    hands = [["JC", "KH", "QS"], ["KC", "JD", "KS"], ["QC", "JH", "KD"], ["QH", "JS", "QD"]]
    s = deal("gauderio-4p", 0, hands)  # the mão is seat 1 (team 1); every envido is 0
    assert report(s)["flor"] is None
    s = run(s, "drop", "envido")  # the mão drops; seat 2 calls, seat 3 answers
    assert s.to_act == 3
    s = run(s, "accept")  # 0 against 0: team 0's king beats seat 3's jack
    assert report(s)["envido"]["values"] == [0, 0] and s.points == (2, 0)
    kept = run(deal("gauderio-4p", 0, hands), "play:KC", "envido", "accept")
    assert kept.points == (0, 2)  # seat 1's king still counts: king against king, the mão


# RULES.md, "Envido": "`real_envido` once (any number of times with `real_envido_repeat`)" and
#   "declined (`fold`): the team of the last caller scores the sum of the values of the calls
#   **before** the last one".
@pytest.mark.parametrize("actions,points", [
    (["real_envido", "real_envido", "fold"], (0, 3)),
    (["real_envido", "real_envido", "real_envido", "fold"], (6, 0)),
    (["envido", "real_envido", "real_envido", "falta_envido", "fold"], (0, 8)),
])
def test_repeated_real_envido_declined_pays_every_call_before_the_last(
        actions: list[str], points: tuple[int, int]) -> None:
    s = run(deal("gauderio-2p", 1, H), *actions)  # nobody holds a flor
    assert s.points == points and report(s)["envido"]["result"] == "declined"
