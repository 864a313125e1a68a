"""The arena: full matches to the target in duplicate format, with win rate, points per hand
and decision latency.

Each deal sequence (a seeded RNG that shuffles every hand) is played twice, with the two sides
swapped, so both sides get the same cards over the pair and the luck of the deal mostly
cancels.

>>> r = run_arena(BotSpec("heuristic"), BotSpec("random"), "paulista-2p", deals=1, seed=3)
>>> r.matches, 0 <= r.wins <= 2, r.hands > 0
(2, True, True)
"""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.cards import ACE
from ..engine.match import new_match
from ..engine.observer import observation
from ..engine.options import make_options
from ..engine.actions import FALTA_ENVIDO, RAISE, parse_action
from ..engine.handpoints import envido_points
from ..engine.state import HandState, legal_codes
from ..errors import ConfigError
from .base import Bot, watch_end
from .calibration import Calibration, decision_kind, stated_chance


@dataclass(frozen=True, slots=True)
class BotSpec:
    """How to build a bot: a built-in ``name`` and ``level``, or an outside ``command``."""

    name: str = "coach"
    level: str = "normal"
    command: str | None = None
    table: tuple[tuple[float, ...], ...] | None = None  # anti-random's game chances, if given

    def label(self) -> str:
        if self.command:
            return f"cmd:{self.command}"
        return self.name if self.name != "coach" else f"coach/{self.level}"

    def build(self, seed: int) -> Bot:
        if self.command:
            from .protocol import ExternalBot

            return ExternalBot(self.command)
        if self.table is not None and self.name == "anti-random":
            from .antirandom import AntiRandomBot

            return AntiRandomBot(seed, self.table)
        from . import make_bot

        return make_bot(self.name, self.level, seed)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials.

    >>> [round(x, 3) for x in wilson(65, 100)]
    [0.553, 0.736]
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5), percentile([1.0, 2.0], 0.95)
    (3.0, 2.0)
    """
    if not values:
        return 0.0
    v = sorted(values)
    return v[max(0, min(len(v) - 1, math.ceil(q * len(v)) - 1))]


@dataclass
class ArenaResult:
    """What an arena run measured, from the side of ``bot``."""

    variant: str
    bot: str
    opponent: str
    matches: int = 0
    wins: int = 0
    hands: int = 0
    points_for: int = 0
    points_against: int = 0
    latency_ms: list[float] = field(default_factory=list)  # the bot's decisions
    opponent_latency_ms: list[float] = field(default_factory=list)
    calibration: Calibration = field(default_factory=Calibration)
    # the same decisions' chances before the coach's own check of them (``self_check``)
    unchecked: Calibration = field(default_factory=Calibration)
    # the bot's turns before any card of the hand holding nothing above an ace, and its raises
    weak_first: list[int] = field(default_factory=lambda: [0, 0])
    # the bot's turns where it might call falta envido holding under 27 envido points, and its
    # falta envidos on them
    weak_falta: list[int] = field(default_factory=lambda: [0, 0])
    # the envidos the other side opened: how many, the bot's quiero to them, the envido
    # points they brought the bot, net
    their_envido: list[int] = field(default_factory=lambda: [0, 0, 0])

    def merge(self, other: "ArenaResult") -> None:
        self.matches += other.matches
        self.wins += other.wins
        self.hands += other.hands
        self.points_for += other.points_for
        self.points_against += other.points_against
        self.latency_ms += other.latency_ms
        self.opponent_latency_ms += other.opponent_latency_ms
        self.calibration.merge(other.calibration)
        self.unchecked.merge(other.unchecked)
        self.weak_first = [a + b for a, b in zip(self.weak_first, other.weak_first)]
        self.weak_falta = [a + b for a, b in zip(self.weak_falta, other.weak_falta)]
        self.their_envido = [a + b for a, b in zip(self.their_envido, other.their_envido)]

    def summary(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict."""
        lo, hi = wilson(self.wins, self.matches)
        h = max(self.hands, 1)
        return {
            "variant": self.variant, "bot": self.bot, "opponent": self.opponent,
            "matches": self.matches, "wins": self.wins,
            "win_rate": round(self.wins / max(self.matches, 1), 4),
            "wilson95": [round(lo, 4), round(hi, 4)],
            "hands": self.hands,
            "points_per_hand": round(self.points_for / h, 3),
            "opponent_points_per_hand": round(self.points_against / h, 3),
            "net_points_per_hand": round((self.points_for - self.points_against) / h, 3),
            "decisions": len(self.latency_ms),
            "latency_ms_p50": round(percentile(self.latency_ms, 0.5), 2),
            "latency_ms_p95": round(percentile(self.latency_ms, 0.95), 2),
            "opponent_latency_ms_p50": round(percentile(self.opponent_latency_ms, 0.5), 2),
            "opponent_latency_ms_p95": round(percentile(self.opponent_latency_ms, 0.95), 2),
            "weak_first_turns": self.weak_first[0], "weak_first_trucos": self.weak_first[1],
            "weak_falta_turns": self.weak_falta[0], "weak_falta_calls": self.weak_falta[1],
            "their_envidos": self.their_envido[0], "their_envidos_quiero": self.their_envido[1],
            "their_envidos_net": self.their_envido[2],
        }

    def calibration_summary(self) -> dict[str, Any]:
        """Stated chances against hands won, per decision kind (:mod:`.calibration`)."""
        out = self.calibration.summary()
        if self.unchecked.bins:
            out["before_self_check"] = self.unchecked.summary()
        return out


# a decision's kind, stated chance, and the chance before the coach's own check (if any)
Stated = tuple[str, float, float | None]
WEAK_ENVIDO = 27  # fewer envido points than the rule of thumb opens an envido with


def play_match(variant: str, bots: list[Bot], deal_seed: int, bot_team: int,
               result: ArenaResult) -> None:
    """One match to the target; ``bots[seat]`` plays each seat; adds to ``result`` from the
    side of team ``bot_team``."""
    rng = random.Random(deal_seed)
    m = new_match(make_options(variant), rng)
    clock = time.perf_counter
    stated: list[Stated] = []  # the bot's stated chances in the current hand
    while not m.over:
        seat = m.hand.to_act
        obs = observation(m.hand, seat)
        t0 = clock()
        decision = bots[seat].decide(obs)
        ms = (clock() - t0) * 1000
        (result.latency_ms if seat % 2 == bot_team else result.opponent_latency_ms).append(ms)
        if seat % 2 == bot_team:
            _note(m.hand, seat, decision.action, decision.explanation, stated, result)
        done = len(m.history)
        m = m.apply(decision.action, rng)
        if len(m.history) > done:
            watch_end(bots, m.history[-1])
            _settle(stated, m.history[-1].winner, bot_team, result)
    watch_end(bots, m.hand)
    _settle(stated, m.hand.winner, bot_team, result)
    hands = m.history + (m.hand,)
    result.matches += 1
    result.wins += int(m.winner == bot_team)
    result.hands += len(hands)
    result.points_for += sum(h.points[bot_team] for h in hands)
    result.points_against += sum(h.points[1 - bot_team] for h in hands)
    for h in hands:
        their_envido(h, bot_team, result)


def their_envido(hand: HandState, bot_team: int, result: ArenaResult) -> None:
    """Count a finished hand's envido when the other side opened it: the bot's quiero, and
    the envido points it brought the bot (less those it brought them).

    >>> from truco_learn.engine import new_hand, step
    >>> s = new_hand("argentino-2p", dealer=1, hands=[["4H", "5S", "KC"], ["AS", "AC", "3D"]])
    >>> for a in ("play:4H", "envido", "accept"):  # seat 1 opens on 3 points; seat 0 (5) quiero
    ...     s = step(s, a)
    >>> r = ArenaResult("argentino-2p", "coach", "loose")
    >>> their_envido(s, 0, r); their_envido(s, 1, r)   # counted for seat 0's team only
    >>> r.their_envido
    [1, 1, 2]
    """
    x = hand.ext
    if x is None or not x.env_calls or x.env_calls[0][0] & 1 == bot_team or x.env_open:
        return
    result.their_envido[0] += 1
    result.their_envido[1] += x.env_result == "accepted"
    result.their_envido[2] += x.env_points if x.env_winner == bot_team else -x.env_points


def _note(hand: HandState, seat: int, action: str, explanation: Any, stated: list[Stated],
          result: ArenaResult) -> None:
    """Note a decision of the measured bot: its stated chance, a turn before any card of
    the hand with nothing above an ace, and a turn where it might call falta envido on a weak
    envido (fewer than :data:`WEAK_ENVIDO` points; the referee reads the bot's own cards
    here)."""
    kind = decision_kind(explanation) if isinstance(explanation, dict) else None
    chance = stated_chance(explanation) if kind else None
    if kind and chance is not None:
        check = (explanation.get("facts") or {}).get("self_check") or {}
        raw = check.get("raw_win")
        stated.append((kind, chance, None if raw is None else float(raw)))
    if (hand.pending is None and not hand.onze_pending and hand.deal.raises
            and all(code >= RAISE for _, code in hand.log) and hand.left[seat]
            and max(hand.deal.strength[c] for c in hand.left[seat]) <= ACE
            and RAISE in legal_codes(hand)):
        result.weak_first[0] += 1
        result.weak_first[1] += parse_action(action)[1] == RAISE
    if (hand.ext is not None and envido_points(hand.deal.hands[seat]) < WEAK_ENVIDO
            and FALTA_ENVIDO in legal_codes(hand)):
        result.weak_falta[0] += 1
        result.weak_falta[1] += parse_action(action)[1] == FALTA_ENVIDO


def _settle(stated: list[Stated], winner: int, bot_team: int,
            result: ArenaResult) -> None:
    """The hand is over: each stated chance of it meets the outcome."""
    won = 0.5 if winner < 0 else float(winner == bot_team)
    for kind, chance, raw in stated:
        result.calibration.add(kind, chance, won)
        if raw is not None:
            result.unchecked.add(kind, raw, won)
    stated.clear()


def _pair(bot: BotSpec, opponent: BotSpec, variant: str, deal_seed: int,
          memory: dict[tuple[bool, int], Any] | None = None) -> ArenaResult:
    """Both seatings of one deal sequence. With ``memory`` (kept across the pairs of a
    series), each bot that remembers the other side (:mod:`.coach_memory`) starts from what
    the bot of its side and place in the team remembered after the previous match."""
    seats = make_options(variant).seats
    result = ArenaResult(variant, bot.label(), opponent.label())
    built: list[Any] = []
    shared: dict[int, Bot] = {}  # one process per outside command serves every seat

    def build(spec: BotSpec, seed: int) -> Bot:
        if spec.command and id(spec) in shared:
            return shared[id(spec)]
        b = spec.build(seed)
        built.append(b)
        if spec.command:
            shared[id(spec)] = b
        return b

    try:
        for bot_team in (0, 1):
            bots = [build(bot if seat % 2 == bot_team else opponent, deal_seed * 8 + seat)
                    for seat in range(seats)]
            keys = [(seat % 2 == bot_team, seat // 2) for seat in range(seats)]
            if memory is not None:
                for b, key in zip(bots, keys):
                    if key in memory and hasattr(b, "recall"):
                        b.recall(memory[key])
            play_match(variant, bots, deal_seed, bot_team, result)
            if memory is not None:
                for b, key in zip(bots, keys):
                    if hasattr(b, "remembered"):
                        memory[key] = b.remembered()
    finally:
        for b in built:
            close = getattr(b, "close", None)
            if close is not None:
                close()
    return result


def _series(bot: BotSpec, opponent: BotSpec, variant: str, deal_seeds: list[int]
            ) -> ArenaResult:
    """The pairs of ``deal_seeds`` in turn, each bot remembering the other side from one
    match to the next (the same player met again)."""
    result = ArenaResult(variant, bot.label(), opponent.label())
    memory: dict[tuple[bool, int], Any] = {}
    for s in deal_seeds:
        result.merge(_pair(bot, opponent, variant, s, memory))
    return result


def run_arena(bot: BotSpec, opponent: BotSpec, variant: str, deals: int, seed: int = 0,
              jobs: int = 1, progress: Callable[[ArenaResult], None] | None = None,
              series: int = 0) -> ArenaResult:
    """Play ``deals`` deal sequences twice each (``2 * deals`` matches), in ``jobs`` processes.

    ``series``: 0 (the default) meets a new player in every match; N > 0 plays the deal
    sequences in runs of N (2N matches) against the same player, whom a bot that remembers
    (the coach, :mod:`.coach_memory`) remembers from one match to the next. The runs are the
    same whatever ``jobs`` is.
    """
    make_options(variant)  # a clear ConfigError before any work
    if series < 0:
        raise ConfigError(f"series {series!r}: give 0 (no memory) or a positive number")
    total = ArenaResult(variant, bot.label(), opponent.label())
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    if series:
        runs = [seeds[i:i + series] for i in range(0, deals, series)]
        work: Callable[..., ArenaResult] = _series
        args: list[Any] = runs
    else:
        work, args = _pair, seeds
    n = len(args)
    if jobs <= 1:
        for a in args:
            total.merge(work(bot, opponent, variant, a))
            if progress:
                progress(total)
        return total
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for r in pool.map(work, [bot] * n, [opponent] * n, [variant] * n, args):
            total.merge(r)
            if progress:
                progress(total)
    return total


def arena_report(summary: dict[str, Any]) -> str:
    """The arena figures as a few human-readable lines."""
    s = summary
    lo, hi = s["wilson95"]
    return "\n".join([
        f"{s['bot']} vs {s['opponent']} in {s['variant']}: {s['matches']} matches "
        f"({s['matches'] // 2} deal sequences, each played with both seatings)",
        f"match wins: {s['wins']}/{s['matches']} = {100 * s['win_rate']:.1f}% "
        f"(Wilson 95%: {100 * lo:.1f}%-{100 * hi:.1f}%)",
        f"points per hand: {s['points_per_hand']:.3f} for, {s['opponent_points_per_hand']:.3f} "
        f"against (net {s['net_points_per_hand']:+.3f}) over {s['hands']} hands",
        f"decision latency of {s['bot']}: p50 {s['latency_ms_p50']:.1f} ms, "
        f"p95 {s['latency_ms_p95']:.1f} ms over {s['decisions']} decisions "
        f"(opponent p50 {s['opponent_latency_ms_p50']:.1f} ms, "
        f"p95 {s['opponent_latency_ms_p95']:.1f} ms)",
    ] + ([f"trucos of {s['bot']} before any card with nothing above an ace: "
          f"{s['weak_first_trucos']} of {s['weak_first_turns']} such turns "
          f"({s['weak_first_trucos'] / (s['matches'] or 1):.2f} per match)"]
         if s.get("weak_first_turns") else [])
      + ([f"falta envidos of {s['bot']} holding under {WEAK_ENVIDO} envido points: "
          f"{s['weak_falta_calls']} of {s['weak_falta_turns']} such turns "
          f"({s['weak_falta_calls'] / (s['matches'] or 1):.2f} per match)"]
         if s.get("weak_falta_turns") else [])
      + ([f"envidos the other side opened: {s['their_envidos']}, {s['bot']} said quiero to "
          f"{s['their_envidos_quiero']}; envido points they brought {s['bot']}, net "
          f"{s['their_envidos_net']:+d} ({s['their_envidos_net'] / s['their_envidos']:+.2f} "
          f"an envido)"] if s.get("their_envidos") else []))
