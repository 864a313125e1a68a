"""With envido or dropping out (the Argentine preset) at two seats the coach learns the
other side as in the Brazilian hands (:mod:`truco_learn.bots.opponent`): where they raise their
truco from (:mod:`truco_learn.bots.raise_reading`), how they answer one, and it weighs the deals
it draws and plays them in its playouts by what it learnt; their envido and flor stay the rule
of thumb's. Before, it read and played them by the rule of thumb whatever they did, and against
a player who raises only on very good hands its answers stated 0.28 more than it won
(``benchmarks/calibration_log.py record --opponent tight --variant argentino-2p``,
``benchmarks/coach-rounds.md`` round 22)."""

from __future__ import annotations

import random

from bot_helpers import any_moment_reading, only_best_reading, share_best_moments
from truco_learn.bots.coach import CoachBot
from truco_learn.bots.coach_estimate import estimate
from truco_learn.bots.opponent import OpponentModel
from truco_learn.bots.policy import ROLLOUT, choose
from truco_learn.bots.raise_reading import RaiseReading, may_read
from truco_learn.engine import HandState, legal_actions, new_hand, observation, step
from truco_learn.engine.actions import ACCEPT, DROP, ENVIDO_CALLS

MINE = ["4H", "5S", "KC"]  # seat 0: nothing to speak of
THEIRS = ["AS", "AC", "3D"]  # seat 1: the two top cards of the Argentine deck and a 3


def _hand(theirs: list[str] = THEIRS, score: tuple[int, int] = (0, 0),
          mine: list[str] = MINE) -> HandState:
    """Seat 1 (the other side) is the hand: it acts first."""
    return new_hand("argentino-2p", dealer=0, hands=[mine, theirs], score=score)


_only_best, _any = only_best_reading, any_moment_reading


def test_a_truco_turn_is_read_but_not_while_an_envido_waits_for_its_answer() -> None:
    s = _hand()
    assert s.ext is not None and may_read(s)
    assert not may_read(step(s, "envido"))  # seat 0 must answer the envido first
    assert not may_read(step(s, "raise"))  # an answer is due, not a turn
    after = step(step(s, "envido"), "accept")
    assert after.ext is not None and not after.ext.env_open and may_read(after)


def test_the_model_reads_their_trucos_from_hands_with_envido() -> None:
    m = OpponentModel()
    for k in range(4):
        s = _hand(score=(0, k))
        for a in ("envido", "accept", "raise", "accept", "play:AS", "play:4H", "play:AC",
                  "play:5S"):
            if s.to_act == 0:
                m.observe(observation(s, 0))
            s = step(s, a)
        m.observe(observation(s, 0))
        assert s.over
    m.observe(observation(new_hand("argentino-2p", dealer=1, score=(9, 9),
                                   hands=[["4C", "5H", "6D"], ["7H", "7C", "JD"]]), 0))
    assert m.raises == 4 and m.raise_chances == 4  # (the envido call is not a turn of the truco)
    assert m.reading.seen >= 4  # each truco read, the moment graded from the cards shown
    assert m.accepts == 0 and m.folds == 0  # the envido's accept is no answer to a raise


def _share_best_moments(reading: RaiseReading | None) -> float:
    """Seat 1 calls truco before any card (:func:`share_best_moments`)."""
    return share_best_moments(step(_hand(), "raise"), reading)


def test_after_a_truco_the_deals_drawn_follow_the_reading() -> None:
    plain, best, any_ = (_share_best_moments(None), _share_best_moments(_only_best()),
                         _share_best_moments(_any()))
    assert best > plain + 0.1, (plain, best)
    assert any_ < best - 0.3, (any_, best)


def _accept_chance(reading: RaiseReading) -> float:
    s = step(_hand(mine=["3S", "2H", "5C"]), "raise")  # a middling hand of mine
    model = OpponentModel()
    model.reading = reading
    est = estimate(observation(s, 0), 300, random.Random(7), model=model)
    return est.win[est.actions.index(ACCEPT)]


def test_the_coach_answers_a_truco_by_where_the_player_raises_from() -> None:
    # a player who raises only on the best moments holds more when it calls truco: the
    # coach's chance to win the hand if it accepts is lower than against one who raises on
    # anything
    assert _accept_chance(_only_best()) < _accept_chance(_any()) - 0.1


def test_the_coach_learns_from_argentine_hands() -> None:
    bot = CoachBot(samples=20, seed=3)
    s = _hand()
    while not s.over:
        if s.to_act == 0:
            action = bot.decide(observation(s, 0)).action
        else:
            legal = legal_actions(s)
            action = ("accept" if "accept" in legal else "raise" if "raise" in legal
                      and s.stake == 1 else _first_card(s))
        s = step(s, action)
    bot.decide(observation(new_hand("argentino-2p", dealer=1, score=s.deal.score,
                                    hands=[["4C", "5H", "6D"], ["7H", "7C", "JD"]]), 0))
    model = bot.learnt[0][1]
    assert model.watched and model.raise_chances >= 1


def _first_card(s: HandState) -> str:
    return next(a for a in legal_actions(s) if a.startswith("play:"))


def test_in_the_playouts_a_learnt_player_leaves_envido_and_flor_to_the_rule_of_thumb() -> None:
    s = step(new_hand("argentino-2p", dealer=1, hands=[MINE, THEIRS]), "envido")  # seat 1 answers
    assert s.ext is not None and s.ext.env_open
    m = OpponentModel()
    for k in range(20):
        assert m.choose(s, random.Random(k), ROLLOUT) == choose(s, random.Random(k), ROLLOUT)
    # on its first turn, an envido call as the rule of thumb makes it (33 of envido: it calls)
    first = new_hand("argentino-2p", dealer=0, hands=[MINE, ["7D", "6D", "KD"]])
    assert choose(first, random.Random(1), ROLLOUT) in ENVIDO_CALLS
    assert m.choose(first, random.Random(1), ROLLOUT) in ENVIDO_CALLS
    # and, later, it plays cards or raises (never drops out on a turn of its own), even a
    # player whose cards were seen played at random (a random card, not a random action)
    later = step(step(first, "play:KD"), "play:4H")
    m.checked = 40
    assert m.card_sense == 0.0
    for k in range(20):
        assert m.choose(later, random.Random(k), ROLLOUT) < DROP


def test_with_flor_the_other_team_plays_the_rule_of_thumb() -> None:
    bot = CoachBot(samples=20, seed=3)
    bot.decide(observation(new_hand("gauderio-2p", dealer=1, hands=[MINE, THEIRS]), 0))
    assert not bot.learnt[0][1].watched


def test_at_four_seats_with_envido_the_other_team_plays_the_rule_of_thumb() -> None:
    # read as learnt at four seats, the coach's chances were further off (round 22): there it
    # keeps the rule of thumb for the other team, and reads nothing into its model
    s = new_hand("argentino-4p", dealer=3, hands=[MINE, THEIRS, ["4D", "5C", "6S"],
                                                  ["7H", "7C", "JD"]])
    bot = CoachBot(samples=20, seed=3)
    bot.decide(observation(s, 0))
    assert not bot.learnt[0][1].watched
    two = CoachBot(samples=20, seed=3)
    two.decide(observation(new_hand("argentino-2p", dealer=1, hands=[MINE, THEIRS]), 0))
    assert two.learnt[0][1].watched
