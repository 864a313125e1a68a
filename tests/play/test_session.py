"""Match sessions: the learner's actions go through the engine, bots play their turns and
explain them, hands end with a result, matches run to the target."""

import random
import sys
import types

import pytest

from truco_learn.bots import Decision
from truco_learn.engine import VARIANTS, new_hand, observation, step
from truco_learn.engine.actions import FOLD, parse_action
from truco_learn.engine.state import legal_actions
from truco_learn.errors import ConfigError, IllegalActionError, InvalidNotationError
from truco_learn.play.session import BotFailure, MatchSession, describe_action


def play_to_the_end(session: MatchSession, rng: random.Random) -> int:
    hands = 0
    while True:
        session.run_bots()
        if session.hand_over:
            hands += 1
            assert session.result is not None and session.result.text
            if session.match_over:
                return hands
            session.next_hand()
            continue
        assert session.learner_to_act
        session.act(rng.choice(session.legal()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_full_match_to_the_target(variant: str) -> None:
    s = MatchSession(variant, bot="random", seed=3)
    hands = play_to_the_end(s, random.Random(5))
    assert max(s.match.score) >= 12 and s.match.over
    assert len(s.results) == hands == len(s.match.history) + 1
    assert "match" in s.results[-1].text
    # every bot decision is kept with an explanation
    assert s.moves and all(m.explanation.get("summary") for m in s.moves)
    assert all(m.seat != s.seat for m in s.moves)
    with pytest.raises(IllegalActionError, match="match is over"):
        s.act("raise")
    with pytest.raises(IllegalActionError, match="match is over"):
        s.next_hand()


def test_same_seed_same_match() -> None:
    a, b = MatchSession("paulista-4p", bot="random", seed=9), MatchSession(
        "paulista-4p", bot="random", seed=9)
    play_to_the_end(a, random.Random(1))
    play_to_the_end(b, random.Random(1))
    assert [m.action for m in a.moves] == [m.action for m in b.moves]
    assert a.match.score == b.match.score


def test_illegal_actions_change_nothing_and_say_why() -> None:
    s = MatchSession("paulista-2p", bot="random", seed=2)
    s.run_bots()
    before, moves = s.match, list(s.moves)
    with pytest.raises(IllegalActionError, match="There is no raise to answer"):
        s.act("accept")
    with pytest.raises(IllegalActionError, match="do not hold"):
        held = {c for c in s.hand.left[s.seat]}
        other = next(c for c in range(40) if c not in held and c != s.hand.deal.vira)
        from truco_learn.engine import card_str
        s.act("play:" + card_str(other))
    with pytest.raises(InvalidNotationError):
        s.act("truco!")
    with pytest.raises(IllegalActionError, match="another player's move"):
        s.act("1:raise")
    with pytest.raises(IllegalActionError, match="not over"):
        s.next_hand()
    assert s.match is before and s.moves == moves


def test_lower_case_actions_are_accepted() -> None:
    s = MatchSession("paulista-2p", bot="random", seed=2)
    s.run_bots()
    card = next(a for a in s.legal() if a.startswith("play:"))
    s.act(card.lower())
    assert s.events[-1].startswith("You play the ")


def test_learner_may_sit_anywhere_and_bots_fill_the_other_seats() -> None:
    s = MatchSession("mineiro-4p", bot="random", seed=1, seat=2)
    assert sorted(s.bots) == [0, 1, 3]
    assert s.names[2] == "You" and s.names[0] == "Partner"
    s.run_bots()
    assert s.hand.to_act == 2 or s.hand_over


@pytest.mark.parametrize("kwargs,match", [
    ({"variant": "paulista-3p"}, "unknown variant"),
    ({"level": "godlike"}, "unknown level"),
    ({"bot": "oracle"}, "unknown bot"),
    ({"seat": 2}, "not a seat"),
    ({"deck": "tarot"}, "unknown deck"),
])
def test_bad_configuration(kwargs: dict, match: str) -> None:
    args = {"variant": "paulista-2p", "bot": "random"} | kwargs
    with pytest.raises(ConfigError, match=match):
        MatchSession(args.pop("variant"), **args)


class LiarBot:
    name = "liar"

    def decide(self, observation):
        return Decision("accept", {"summary": "accepting a raise nobody made"})


def test_a_bot_that_answers_illegally_is_reported_and_changes_nothing() -> None:
    s = MatchSession("paulista-2p", bot="random", seed=2)
    s.bots = {1: LiarBot()}
    if s.learner_to_act:
        s.act(next(a for a in s.legal() if a.startswith("play:")))
    assert s.bot_to_act and s.hand.pending is None
    before, moves = s.match, list(s.moves)
    with pytest.raises(BotFailure, match="chose 'accept', which the engine refuses"):
        s.bot_step()
    assert s.match is before and s.moves == moves


def test_review_is_called_with_the_finished_hand(monkeypatch) -> None:
    calls = []
    fake = types.ModuleType("truco_learn.bots.review")

    def review(hand_state, seat, level, seed, answerer=None, their_play=None):
        calls.append((hand_state, seat, level, seed, their_play))
        return ["item"]

    fake.review = review  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "truco_learn.bots.review", fake)
    s = MatchSession("paulista-2p", bot="random", seed=2, level="easy")
    with pytest.raises(IllegalActionError):
        s.review_hand()
    rng = random.Random(0)
    while not s.hand_over:
        s.run_bots()
        if s.learner_to_act:
            s.act(rng.choice(s.legal()))
    assert s.review_hand() == ["item"]
    assert s.review_hand() == ["item"] and len(calls) == 1  # cached
    h, seat, level, _, their_play = calls[0]
    assert h is s.hand and h.over and seat == 0 and level == "easy"
    assert their_play is None  # not the coach: its habits are not the other side's
    s.next_hand()
    assert s.review_items is None


def test_describe_action_covers_every_kind() -> None:
    names = ("You", "Coach")
    h = new_hand("paulista-2p", dealer=1, vira="7D", score=(11, 11),
                 hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    assert describe_action(h, 0, "blind:0", names) == "You turn up the queen of clubs, zap (blind)."
    h = new_hand("mineiro-2p", dealer=0, hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    assert describe_action(h, 1, "raise", ("You", "Coach")) == "Coach calls truco (4 points)."
    assert describe_action(h, 1, "fold", names) == "Coach runs from the raise."
    assert describe_action(h, 0, "accept", names) == "You accept."
    assert describe_action(h, 1, "onze:fold", names) == "Coach runs from the hand of ten."
    assert describe_action(h, 1, "cover:2H", names) == "Coach covers a card (face down)."


def test_the_coaches_see_each_hand_to_its_end() -> None:
    """At the play page too the coaches watch every finished hand from their seats (what was
    played after their own last turn), as the learner does: each coach's model of the other
    team has read the whole log of the hand just ended."""
    s = MatchSession("paulista-4p", bot="coach", level="easy", seed=2)
    rng = random.Random(1)
    while not s.hand_over:
        s.run_bots()
        if not s.hand_over:
            s.act(rng.choice(s.legal()))
    finished = s.finished_hands[s.hand_number]
    for seat, bot in s.bots.items():
        _, model = bot.learnt[seat & 1]  # type: ignore[attr-defined]
        assert model._last_ob is not None and len(model._last_ob.log) == len(finished.log)


def test_the_bots_are_kept_at_each_turn_where_the_learner_could_raise() -> None:
    s = MatchSession("paulista-2p", bot="coach", seed=3, level="easy")
    s.run_bots()
    assert "raise" in s.legal()
    index = len(s.hand.log)
    card = next(a for a in s.legal() if a.startswith("play:"))
    s.act(card)  # a card, where a truco was open: the review may name the truco better
    assert index in s.at_raise and s.at_raise[index][1] is not s.bots[1]
    kept = set(s.at_raise)
    s.run_bots()
    while not s.hand_over:
        open_ = "raise" in s.legal()
        at = len(s.hand.log)
        s.act(s.legal()[0])
        assert (at in s.at_raise) == open_
        s.run_bots()
    assert kept <= set(s.at_raise)


def test_the_review_asks_the_bots_as_they_stood_at_the_learners_raise(monkeypatch) -> None:
    got = {}
    fake = types.ModuleType("truco_learn.bots.review")

    def review(hand_state, seat, level, seed, answerer=None, their_play=None):
        got["answerer"], got["their_play"] = answerer, their_play
        return []

    fake.review = review  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "truco_learn.bots.review", fake)
    s = MatchSession("paulista-2p", bot="coach", seed=3, level="easy")
    s.run_bots()
    assert "raise" in s.legal()
    index = len(s.hand.log)
    raised = step(s.hand, "raise")
    s.act("raise")
    assert set(s.at_raise) == {index} and s.at_raise[index][1] is not s.bots[1]
    s.run_bots()
    while not s.hand_over:
        s.act(s.legal()[0])
        s.run_bots()
    live = s.bots[1]
    calls = []
    monkeypatch.setattr(live, "decide", lambda obs: calls.append(obs))
    s.review_hand()
    answerer = got["answerer"]
    assert answerer is not None
    # the coach at ``easy``: its habits play its side in the review's playouts
    play = got["their_play"]
    assert play is not None
    folds = new_hand("paulista-2p", dealer=1, vira="7D",
                     hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    assert play(step(folds, "raise"), random.Random(1)) == FOLD  # no manilha: it runs
    before = raised
    obs = observation(before, 1)
    answer = answerer(index, obs)
    assert answer in legal_actions(before)
    assert answer == answerer(index, obs)  # a fresh copy each time: the same answer
    # on the true deal, the copy answers as the live bot did at the table
    assert parse_action(answer)[1] == s.finished_hands[s.hand_number].log[index + 1][1]
    assert not calls  # the live bot was never asked
    s.next_hand()
    assert s.at_raise == {}
