"""Same seed, same coach: a digest of every decision the coach takes in seeded arena matches,
to check that a change meant to be a pure speed-up changes no action and no number.

The coach (``--level``, default ``normal``) plays seeded duplicate matches against
``--opponent`` in each variant, exactly as ``truco-learn arena --jobs 1`` seats and seeds them;
each of its decisions is hashed (the action and the whole explanation: summary, every option's
ev / win / se / game, the facts). Save the digests on the code before the change, then check
the code after it against them::

    .venv/bin/python benchmarks/coach_identity.py --matches 2 --out /tmp/before.json
    # ... change the code ...
    .venv/bin/python benchmarks/coach_identity.py --matches 2 --against /tmp/before.json

``--against`` exits with status 1 and names the first decision that differs (variant, match,
seat, decision number, the two actions) when anything differs, 0 when all are identical.
``--observations FILE`` also writes what each coach seat saw, in order (one JSON object per
seat and match: variant, bot seed, observations), the input of ``benchmarks/coach_cpu.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from truco_learn.bots import make_bot  # noqa: E402
from truco_learn.bots.arena import ArenaResult, play_match  # noqa: E402
from truco_learn.bots.base import Bot, Decision  # noqa: E402
from truco_learn.engine.options import make_options  # noqa: E402

VARIANTS = ("paulista-2p", "paulista-4p", "argentino-2p", "mineiro-4p")


def decision_digest(decision: Decision) -> str:
    """A short hash of one decision: its action and its whole explanation."""
    text = json.dumps({"action": decision.action, "explanation": decision.explanation},
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Recorder:
    """A bot that passes every decision on to ``inner`` and keeps its digest and what it saw."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.digests: list[str] = []
        self.actions: list[str] = []
        self.seen: list[Mapping[str, Any]] = []

    def decide(self, observation: Mapping[str, Any]) -> Decision:
        self.seen.append(observation)
        d = self.inner.decide(observation)
        self.digests.append(decision_digest(d))
        self.actions.append(d.action)
        return d


def record(variants: list[str], matches: int, seed: int, level: str, opponent: str
           ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the matches; the digests per variant, match and seat, and the observation runs."""
    out: dict[str, Any] = {"level": level, "opponent": opponent, "seed": seed, "runs": []}
    runs: list[dict[str, Any]] = []
    for variant in variants:
        seats = make_options(variant).seats
        for i in range(matches):
            deal_seed = seed * 1_000_003 + i  # as run_arena seeds its deal sequences
            for bot_team in (0, 1):
                result = ArenaResult(variant, "coach", opponent)
                bots: list[Any] = []
                for seat in range(seats):
                    bot_seed = deal_seed * 8 + seat
                    if seat % 2 == bot_team:
                        bots.append(Recorder(make_bot("coach", level, bot_seed)))
                    else:
                        bots.append(make_bot(opponent, level, bot_seed))
                play_match(variant, bots, deal_seed, bot_team, result)
                for seat, b in enumerate(bots):
                    if isinstance(b, Recorder):
                        key = f"{variant} match {i} side {bot_team} seat {seat}"
                        out["runs"].append({"key": key, "digests": b.digests,
                                            "actions": b.actions})
                        runs.append({"variant": variant, "key": key, "level": level,
                                     "seed": deal_seed * 8 + seat, "observations": b.seen})
    total = hashlib.sha256("".join(d for r in out["runs"] for d in r["digests"]).encode())
    out["digest"] = total.hexdigest()
    out["decisions"] = sum(len(r["digests"]) for r in out["runs"])
    return out, runs


def first_difference(old: dict[str, Any], new: dict[str, Any]) -> str | None:
    """Where two recordings first differ (None when identical)."""
    for k in ("level", "opponent", "seed"):
        if old.get(k) != new.get(k):
            return f"recorded with a different {k}: {old.get(k)!r} vs {new.get(k)!r}"
    a, b = old["runs"], new["runs"]
    for ra, rb in zip(a, b):
        if ra["key"] != rb["key"]:
            return f"different runs: {ra['key']} vs {rb['key']}"
        for j, (da, db) in enumerate(zip(ra["digests"], rb["digests"])):
            if da != db:
                return (f"{ra['key']}, decision {j}: {ra['actions'][j]} ({da}) vs "
                        f"{rb['actions'][j]} ({db})")
        if len(ra["digests"]) != len(rb["digests"]):
            return f"{ra['key']}: {len(ra['digests'])} decisions vs {len(rb['digests'])}"
    if len(a) != len(b):
        return f"{len(a)} runs vs {len(b)}"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--matches", type=int, default=2, help="deal sequences per variant "
                    "(each played with both seatings)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--out", help="write the digests here")
    ap.add_argument("--against", help="compare with digests written before by --out")
    ap.add_argument("--observations", help="write each coach seat's observations here")
    args = ap.parse_args()
    rec, runs = record(args.variants.split(","), args.matches, args.seed, args.level,
                       args.opponent)
    print(f"{rec['decisions']} decisions, digest {rec['digest']}")
    if args.out:
        Path(args.out).write_text(json.dumps(rec, indent=1))
    if args.observations:
        Path(args.observations).write_text(json.dumps(runs))
    if args.against:
        old = json.loads(Path(args.against).read_text())
        diff = first_difference(old, rec)
        if diff is not None:
            print(f"DIFFERENT: {diff}")
            return 1
        print(f"identical to {args.against} ({old['decisions']} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
