"""Everything the coach says about seeded random positions of every preset: its explanations
(own voice and public), the reviews of a learner's move, a level's habit sentences, the replay
board's option sentences and verdicts, the rule-of-thumb bots' lines.

Shared by the pt-BR test and by the check that English stays what it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from truco_learn.bots.coach import best_index, estimate, explain, raise_split
from truco_learn.bots.level_words import explain_habit
from truco_learn.bots.levels import LEVEL_HABITS
from truco_learn.bots.review import label_for
from truco_learn.bots.review_sentences import review_reason, your_raise
from truco_learn.bots.sentences import public_summary, summarize_rule
from truco_learn.bots.base import Decision
from truco_learn.engine import VARIANTS, make_options, observation
from truco_learn.engine.actions import ACTION_STR, RAISE
from truco_learn.engine.match import deal_hand
from truco_learn.engine.state import HandState, apply_legal, legal_codes
from truco_learn.play import replay_eval as rv

SAMPLES = 6  # deals per estimate: the sentences, not the numbers, are under test here


def position(i: int, rng: random.Random) -> HandState | None:
    """A random position of preset ``VARIANTS[i % n]``: a random score (often a hand of eleven
    or an iron hand), then a few random legal moves; ``None`` when the hand ended."""
    opts = make_options(VARIANTS[i % len(VARIANTS)])
    at = opts.eleven_at
    pick = rng.random()
    if opts.eleven and pick < 0.2:
        score = (at, rng.randrange(0, at))
    elif opts.eleven and pick < 0.3:
        score = (at, at)
    else:
        score = (rng.randrange(0, min(at, opts.target)), rng.randrange(0, min(at, opts.target)))
    if rng.random() < 0.5:
        score = (score[1], score[0])
    s = deal_hand(opts, rng.randrange(opts.seats), score, rng)
    for _ in range(rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 8))):
        codes = legal_codes(s)
        if s.over or not codes:
            return None
        s = apply_legal(s, rng.choice(sorted(codes)))
    return None if s.over or s.to_act < 0 else s


def texts(n: int, seed: int = 14) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for ``n`` random positions spread over every preset."""
    rng = random.Random(seed)
    i = 0
    made = 0
    while made < n:
        s = position(i, rng)
        i += 1
        if s is None:
            continue
        made += 1
        yield from position_texts(made, s, rng)


def position_texts(k: int, s: HandState, rng: random.Random) -> Iterator[tuple[str, str]]:
    """Everything said about one position ``s``."""
    opts = s.deal.opts
    where = f"#{k} {opts.variant} log={[ACTION_STR[c] for _, c in s.log]}"
    seat = s.to_act
    obs = observation(s, seat)
    est = estimate(obs, SAMPLES, random.Random(k))
    acts = [ACTION_STR[c] for c in est.actions]
    best = best_index(est)
    chosen = rng.randrange(len(acts)) if rng.random() < 0.5 else best
    bluff = est.actions[chosen] == RAISE and rng.random() < 0.5
    exp = explain(obs, est, chosen, best, bluff)
    yield f"{where} summary", exp["summary"]
    yield f"{where} public", public_summary(exp)
    yield f"{where} rule", summarize_rule(acts[chosen], est.win[chosen], exp["facts"])
    # the review of a learner's move (any legal move) against the best one
    taken = rng.randrange(len(acts))
    rbest = max(range(len(acts)), key=lambda j: (est.ev[j], est.win[j], -j))
    loss = max(0.0, est.ev[rbest] - est.ev[taken])
    label = label_for(loss, est.diff_se(rbest, taken) if rbest != taken else 0.0)
    if rng.random() < 0.3:
        label = rng.choice(("good", "inaccuracy", "mistake", "blunder"))
    why = explain(obs, est, rbest, rbest, False)
    reason = review_reason(label, acts[taken], acts[rbest], est.ev[taken], est.ev[rbest], why)
    if est.actions[taken] == RAISE:
        reason += " " + your_raise(raise_split(est, taken))
    yield f"{where} review {acts[taken]} vs {acts[rbest]} ({label})", reason
    # a level's habit deciding a move (any legal move; the coach's own choice as well)
    level = rng.choice(("beginner", "easy"))
    code = rng.choice(est.actions)
    habit = rng.choice(LEVEL_HABITS[level])
    d = explain_habit(Decision(acts[chosen], exp), level, (habit.name, habit.text), code, s)
    yield f"{where} habit {habit.name}", d.explanation["summary"]
    # the replay board: every option's sentence and the verdict on the learner's move
    words = {a: rv.action_words(s, a, opts.deck) for a in acts}
    evals = [rv.OptionEval(a, words[a][0], est.ev[j], est.win[j], est.se[j], j == taken,
                           j == rbest, rv._option_sentence(words[a][0], est.ev[j], est.win[j],
                                                           opts.seats))
             for j, a in enumerate(acts)]
    for o in evals:
        yield f"{where} option {o.action}", o.sentence
    verdict = rv._verdict(label, evals[taken], evals[rbest], words[acts[taken]][1],
                          {a: w[2] for a, w in words.items()}, loss, opts.seats)
    yield f"{where} verdict", verdict
