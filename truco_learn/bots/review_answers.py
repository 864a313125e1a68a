"""A learner's raise answered as the other side at the table answers it.

The review's own playouts answer a raise by the rule of thumb (:mod:`.playout`). On the play
page the other side is the coach, and the coach knows how it plays; what the learner's seat
cannot know is which cards it held. So here the coach's hidden cards are drawn as the review
draws them (:func:`.coach_estimate.deal_sampler`, from the learner's observation before the
raise), each drawn deal is weighed by how well it fits the coach's own earlier decisions in
the hand, and on each the ``answerer`` (the coach as it stood when the learner raised)
answers the raise; the hands it does not fold to are played out. Its true cards are never
read.

>>> from truco_learn.engine import new_hand, observation
>>> s = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
>>> always = lambda index, obs: "fold"
>>> split = answered_split(observation(s, 0), 0, always, random.Random(1), draws=4)
>>> split["they_fold"], split["fold_points"], 0.0 <= split["played_win"] <= 1.0
(0.75, 1.0, True)
>>> never = lambda index, obs: "accept"
>>> split = answered_split(observation(s, 0), 0, never, random.Random(1), draws=4)
>>> split["they_fold"], 0.0 <= split["played_win"] <= 1.0, abs(split["played_points"]) <= 12
(0.25, True, True)
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from ..engine.actions import ACCEPT, ACTION_STR, FOLD, RAISE, parse_action
from ..engine.observer import observation
from ..engine.state import HandState, apply_legal, legal_codes, step
from .coach_estimate import FAVOURITE, OWN, Estimate, deal_sampler
from .equity import equity_table
from .hand_draws import hand_steps
from .policy import ROLLOUT, Player, rollout

# how the other side answers a raise: given the raise's index in the hand's log and the
# observation of the seat to answer it, its action in the protocol's notation
Answerer = Callable[[int, Mapping[str, Any]], str]
DRAWS = 16  # deals drawn per raise, each answered by the answerer (the costly part)
PLAYOUTS = 8  # playouts of each drawn deal the raise is not folded to
# deals a coach asked about a drawn deal plays out per decision, at most: on 60 first-trick
# trucos, a fresh coach at 75 answered as at the normal level's 300 on 58, with the same
# share of folds, in a quarter of the time (21 ms against 82 ms a decision)
ASKED_SAMPLES = 75
# a drawn deal's weight for each earlier decision of theirs the answerer would have taken
# otherwise on it: not 0, as a decision near a tie may go either way with a few deals
MISS = 0.2
# the fold is drawn towards one half as if by so many more deals, half of them folded to, by
# the coach's level: the deals drawn are weighed unevenly, and even so the coach held better
# cards than they gave it (at normal, where 16 deals of 16 said fold, it folded to 0.86 of the
# raises); 4 was chosen at normal on the heuristic's and loose's raises and held out on
# sampler's, and 0.5 at easy, held out at beginner, whose habits fold more (the twenty-ninth
# round in benchmarks/coach-rounds.md)
FOLD_PRIOR_DEALS: dict[str, float] = {"beginner": 0.5, "easy": 0.5, "normal": 4.0,
                                      "strong": 4.0}
# what the review's own chance when played weighs, in deals, beside the deals the answerer
# did not fold to: 1 and 2 did alike on the heuristic's and loose's raises (0.095 and 0.098),
# both better than none (0.121; the twenty-ninth round in benchmarks/coach-rounds.md)
PRIOR_DEALS = 1.0


def asked_copy(bot: Any, samples: int = ASKED_SAMPLES) -> Any:
    """A copy of ``bot`` to ask about a drawn deal, so that ``bot`` is left as it was; a
    coach (or a level's coach) playing out at most ``samples`` deals a decision.

    >>> from truco_learn.bots import make_bot
    >>> coach = make_bot("coach", "normal")
    >>> asked = asked_copy(coach)
    >>> asked is coach, asked.coach.samples, coach.coach.samples
    (False, 75, 300)
    """
    asked = copy.deepcopy(bot)
    coach = getattr(asked, "coach", asked)
    if isinstance(getattr(coach, "samples", None), int):
        coach.samples = min(coach.samples, samples)
    return asked


def answer_as(bots: Mapping[int, Any] | Sequence[Any], obs: Mapping[str, Any]) -> str:
    """What the bot in ``obs``'s seat among ``bots`` (as they stood at a raise) does there,
    asked on a copy (:func:`asked_copy`); a move its level's habits make whatever its
    numbers say (:meth:`.levels.LevelCoach.forced_move`) without working them out."""
    bot = bots[int(obs["seat"])]
    forced = getattr(bot, "forced_move", None)
    move = forced(obs) if forced is not None else None
    return str(move if move is not None else asked_copy(bot).decide(obs).action)


@dataclass(frozen=True, slots=True)
class Played:
    """A raise's hand when it is played (not folded to at once), for the raiser's team: the
    chance to win it, the mean net points and the chance to win the game after it."""

    win: float
    points: float
    game: float


def played_part(est: Estimate, i: int, folded_end: HandState, team: int) -> Played | None:
    """The review's own numbers for raise ``est.actions[i]`` when it is played: its chance
    to win the hand, net points and game chance over the deals it was not folded to
    (``folded_end``: the hand ended by their fold, whose points and game chance are taken out);
    None when it was folded to in every deal."""
    fold = est.folded[i]
    if fold >= 1.0:
        return None
    stay = 1.0 - fold
    points, game = end_numbers(folded_end, team)
    return Played(est.played_win[i], (est.ev[i] - fold * points) / stay,
                  (est.match[i] - fold * game) / stay)


def end_numbers(end: HandState, team: int) -> tuple[float, float]:
    """The net points of a finished hand for ``team`` and its chance to win the game after
    it (the review's game model: :func:`.equity.equity_table` as a favourite, as
    :func:`.coach_estimate.estimate` without a model)."""
    opts, score = end.deal.opts, end.deal.score
    table = equity_table(opts, FAVOURITE)
    top = opts.target
    game = table[min(top, score[team] + end.points[team])][
        min(top, score[1 - team] + end.points[1 - team])]
    return float(end.points[team] - end.points[1 - team]), game


def answered_split(obs: Mapping[str, Any], index: int, answerer: Answerer,
                   rng: random.Random, draws: int = DRAWS, playouts: int = PLAYOUTS,
                   read_plays: bool = True, prior_played: Played | None = None,
                   fold_prior: float = FOLD_PRIOR_DEALS["normal"],
                   pairs: tuple[Sequence[int], random.Random] | None = None,
                   their_play: Player | None = None, replies: bool = False) -> dict[str, Any]:
    """The numbers of a raise by the observing seat (``obs``: its observation before the
    raise, which is action ``index`` of the hand's log): ``they_fold``, the share of drawn
    deals the ``answerer`` folds to; ``played_win``, the raiser's chance to win the hand in
    the deals it does not fold to (their answer given, the rest played out by the rule of
    thumb, the raiser's side answering as the coach's playouts do), with ``played_points``
    and ``played_game`` (net points and the game chance there), each drawn towards
    ``prior_played`` (when given: the review's own, :func:`played_part`) as if it were
    :data:`PRIOR_DEALS` more deals, so one or two deals played never say "always" or "never"
    (when it folds to every draw and no prior is given, the deals are played out as if the
    raise were accepted); ``fold_points`` and ``fold_game`` when they fold; ``points_se``,
    the standard error of the raise's net points over the deals drawn (as weighed); and how
    many deals were drawn. With ``pairs``
    (other actions, and the generator of their playouts), each of them is played out on the
    same deals too (``playouts`` times, as the raise's hands are), and ``paired_se`` gives, by
    action, the standard error of the raise's net points less its own, deal by deal: how far
    the two can be told apart, the hand each deal deals cancelling out. ``their_play`` plays
    the other side in every playout, in place of the rule of thumb
    (:func:`.levels.habit_player`). With ``replies`` too, after each other action the
    ``answerer`` plays the other side's moves on the drawn deal until the raiser's side is to
    act again (its reply to a quiet card: a low card that lets the raiser call, the card that
    takes the trick, a truco of its own) before the playouts, and ``paired`` gives, by
    action, its net points, its chance to win the hand and the game on those deals.

    With ``read_plays``, each drawn deal is weighed by how well it fits what the other side
    did earlier in the hand: every earlier decision of theirs is asked of the ``answerer`` on
    that deal, and each it would have taken otherwise weighs the deal by :data:`MISS`. The
    fold is the share of folds in those weights, drawn towards ½ as if by ``fold_prior``
    more deals (:data:`FOLD_PRIOR_DEALS` by level; with 16 deals alike at ``normal``,
    (folds + 2) / 20), so a few draws never say "always" or "never". An answer the engine
    refuses raises its :class:`~truco_learn.errors.IllegalActionError`."""
    sampler = deal_sampler(obs, 1.0)
    team = sampler.ob.seat & 1
    folds = played = total = squares = 0.0
    sums = [0.0, 0.0, 0.0]  # wins, net points, game chances over the playouts, weighed
    drawn_points: list[tuple[float, float]] = []  # each deal's weight and net points
    others, pair_rng = pairs if pairs is not None else ((), rng)
    # by other action: each deal's weight and the raise's net points less the action's there
    paired: dict[int, list[tuple[float, float]]] = {c: [] for c in others}
    alone_sums = {c: [0.0, 0.0, 0.0] for c in others}  # each action's, as ``sums``
    fold_end: tuple[float, float] | None = None
    refused: list[tuple[float, HandState]] = []  # the deals folded to: weight, the raise
    for _ in range(draws):
        drawn = sampler.sample(rng)
        weight = _fit(drawn, team, index, answerer) if read_plays else 1.0
        total += weight
        squares += weight * weight
        raised = apply_legal(drawn, RAISE)
        if fold_end is None:  # public: the points a fold gives do not hang on the cards
            fold_end = end_numbers(apply_legal(raised, FOLD), team)
        _who, code = parse_action(answerer(index, observation(raised, raised.to_act)))
        answered = step(raised, code)
        if code == FOLD:
            folds += weight
            refused.append((weight, raised))
            here = fold_end[0]
        else:
            played += weight * playouts
            here = _play_out(answered, team, rng, playouts, weight, sums, their_play)
        drawn_points.append((weight, here))
        for other, row in paired.items():
            quiet = apply_legal(drawn, other)
            if replies:
                quiet = _replied(quiet, team, index, answerer)
            alone = _play_out(quiet, team, pair_rng, playouts, weight, alone_sums[other],
                              their_play)
            row.append((weight, here - alone))
    if prior_played is not None:  # in deals' weights: a deal played weighs its weight
        worth_prior = PRIOR_DEALS * total / draws * playouts
        for k, value in enumerate((prior_played.win, prior_played.points, prior_played.game)):
            sums[k] += worth_prior * value
        played += worth_prior
    elif not played:  # never played anywhere: the hand when played is the raise accepted
        for weight, raised in refused:
            played += weight * playouts
            _play_out(apply_legal(raised, ACCEPT), team, rng, playouts, weight, sums,
                      their_play)
    worth = total * total / squares  # the deals drawn are worth so many equal ones
    fold = (folds / total * worth + fold_prior / 2) / (worth + fold_prior)
    means = [round(v / played, 3) for v in sums]
    assert fold_end is not None
    got: dict[str, Any] = {
        "they_fold": round(fold, 3), "played_win": means[0], "played_points": means[1],
        "played_game": means[2], "fold_points": fold_end[0], "fold_game": round(fold_end[1], 3),
        "points_se": round(weighed_se(drawn_points), 3), "draws": draws}
    if pairs is not None:
        got["paired_se"] = {ACTION_STR[c]: round(weighed_se(row), 3) for c, row in paired.items()}
    if replies:
        got["paired"] = {ACTION_STR[c]: {"win": round(v[0] / (total * playouts), 3),
                                          "points": round(v[1] / (total * playouts), 3),
                                          "game": round(v[2] / (total * playouts), 3)}
                         for c, v in alone_sums.items()}
    return got


def _replied(s: HandState, team: int, index: int, answerer: Answerer) -> HandState:
    """``s`` with the other side's moves, as the ``answerer`` makes them, until ``team`` is
    to act again or the hand is over."""
    while s.to_act >= 0 and s.to_act & 1 != team:
        s = step(s, parse_action(answerer(index, observation(s, s.to_act)))[1])
    return s


def _play_out(s: HandState, team: int, rng: random.Random, playouts: int, weight: float,
              sums: list[float], their_play: Player | None = None) -> float:
    """Play ``s`` out ``playouts`` times (the review's own playouts; ``their_play``: how the
    other team plays, if not by the rule of thumb), adding each playout's win, net points and
    game chance for ``team``, times ``weight`` (0: nothing added), to ``sums``; the mean net
    points."""
    here = 0.0
    for _ in range(playouts):
        end = rollout(s, rng, ROLLOUT, (team, OWN), their_play)
        points, game = end_numbers(end, team)
        here += points / playouts
        for k, value in enumerate((end.winner == team, points, game)):
            sums[k] += weight * value
    return here


def weighed_se(values: Sequence[tuple[float, float]]) -> float:
    """The standard error of the weighed mean of ``values`` ((weight, value) pairs).

    >>> round(weighed_se([(1.0, 1.0), (1.0, 3.0)]), 3), weighed_se([(1.0, 2.0), (0.5, 2.0)])
    (0.707, 0.0)
    """
    total = sum(w for w, _v in values)
    mean = sum(w * v for w, v in values) / total
    return float(sum((w * (v - mean)) ** 2 for w, v in values) ** 0.5 / total)


def answered_estimate(est: Estimate, i: int, got: Mapping[str, Any]) -> Estimate:
    """``est`` with the numbers of raise ``est.actions[i]`` (its expected points and their
    standard error, chances to win the hand and the game, their fold and the chance when
    played) from ``got`` (:func:`answered_split`), so that a review's grade, its better move
    and the raise's two numbers all say the same; and where ``got`` has the other actions
    played on the same deals with the answerer's replies (``paired``), their expected points
    and chances from there, so that the raise and each of them are priced alike."""
    fold = float(got["they_fold"])

    def mixed(at_fold: float, when_played: float) -> float:
        return fold * at_fold + (1.0 - fold) * when_played

    def put(values: tuple[float, ...], value: float, at: int = i) -> tuple[float, ...]:
        return values[:at] + (value,) + values[at + 1:]

    est = replace(est, ev=put(est.ev, mixed(got["fold_points"], got["played_points"])),
                  se=put(est.se, got["points_se"]),
                  win=put(est.win, mixed(1.0, got["played_win"])),
                  match=put(est.match, mixed(got["fold_game"], got["played_game"])),
                  folded=put(est.folded, fold), played_win=put(est.played_win,
                                                               got["played_win"]))
    for action, numbers in (got.get("paired") or {}).items():  # the other moves, replied to
        j = est.actions.index(ACTION_STR.index(action))
        est = replace(est, ev=put(est.ev, numbers["points"], j),
                      win=put(est.win, numbers["win"], j),
                      match=put(est.match, numbers["game"], j))
    return est


def _fit(drawn: HandState, team: int, index: int, answerer: Answerer) -> float:
    """How well the drawn deal fits the other side's earlier decisions in the hand: the
    product of :data:`MISS` over those the ``answerer`` would have taken otherwise holding
    the drawn cards (forced moves are not asked)."""
    weight = 1.0
    for who, code, s in hand_steps(drawn):
        if who & 1 != team and len(legal_codes(s)) > 1:
            if parse_action(answerer(index, observation(s, who)))[1] != code:
                weight *= MISS
    return weight
