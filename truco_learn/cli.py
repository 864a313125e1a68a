"""The ``truco-learn`` command line: thin shells over the layers below.

Subcommands: ``replay`` (PROTOCOL.md scenario replay) and ``bench`` (engine speed); the bot,
arena and classroom commands register here too. No traceback ever reaches the user: bad input
gives one message on standard error and a non-zero exit status.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Callable, Sequence

from .engine.options import VARIANTS
from .errors import TrucoError

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"truco-learn: error: {message}", file=sys.stderr)
        raise SystemExit(2)


# ---------------------------------------------------------------- replay

def _cmd_replay(args: argparse.Namespace) -> int:
    from .engine.scenario import run_scenario_text

    status = 0
    for name in args.files:
        try:
            if name == "-":
                text = sys.stdin.read()
            else:
                with open(name, encoding="utf-8-sig") as f:
                    text = f.read()
        except (OSError, UnicodeDecodeError) as exc:
            results = [({"error": {"message": f"cannot read {name}: {exc}"}}, 2)]
        else:
            results = run_scenario_text(text)
        for out, code in results:
            print(json.dumps(out, ensure_ascii=False), flush=True)
            status = max(status, code)
    return status


def _add_replay(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("replay", help="replay scenario files (PROTOCOL.md) and print JSON")
    p.add_argument("files", nargs="+", metavar="FILE.json", help="scenario files, - for stdin")
    p.set_defaults(func=_cmd_replay)


# ---------------------------------------------------------------- bench

def _cmd_bench(args: argparse.Namespace) -> int:
    from .engine.bench import bench_variant

    variants = [args.variant] if args.variant else list(VARIANTS)
    for v in variants:
        r = bench_variant(v, seconds=args.seconds, seed=args.seed)
        if args.json:
            print(json.dumps({k: r[k] for k in ("variant", "actions_per_s", "hands_per_s",
                                                "wall_actions_per_s", "cpu_share", "load")}),
                  flush=True)
        else:
            print(f"{v:14} {r['actions_per_s']:>9,} actions/s {r['hands_per_s']:>8,} hands/s "
                  f"per CPU second ({r['hands']:,} random hands in {r['seconds']} s of CPU "
                  f"time; wall clock {r['wall_actions_per_s']:,} actions/s with "
                  f"{round(100 * r['cpu_share'])}% of a core, load average {r['load']})",
                  flush=True)
    return 0


def _seconds(text: str) -> float:
    """``--seconds``: a finite number above 0 (``nan`` or ``inf`` would never stop).

    >>> _seconds("0.5")
    0.5
    >>> _seconds("nan")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a number of seconds above 0, got 'nan'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, got {text!r}")
    return value


def _add_bench(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("bench", help="engine speed: random self-play actions and hands per "
                       "second of CPU time (wall clock and core share beside it)")
    p.add_argument("--variant", choices=VARIANTS)
    p.add_argument("--seconds", type=_seconds, default=3.0,
                   help="CPU seconds to run each variant for (default 3)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="one JSON object per variant")
    p.set_defaults(func=_cmd_bench)


# ---------------------------------------------------------------- bot, arena

def _cmd_bot(args: argparse.Namespace) -> int:
    from .bots import make_bot
    from .bots.protocol import serve

    return serve(make_bot(args.name, args.level, args.seed), sys.stdin, sys.stdout)


def _add_bot(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .bots import BOT_NAMES
    from .bots.coach import LEVELS

    p = sub.add_parser("bot", help="run a bot speaking the JSON-lines protocol (PROTOCOL.md)")
    p.add_argument("name", choices=BOT_NAMES)
    p.add_argument("--level", choices=list(LEVELS), default="normal")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=_cmd_bot)


def _cmd_arena(args: argparse.Namespace) -> int:
    from .bots.arena import BotSpec, arena_report, run_arena

    if args.matches < 1 or args.jobs < 1:
        print("truco-learn: error: --matches and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.series < 0:
        print("truco-learn: error: --series must be 0 (no memory) or more", file=sys.stderr)
        return 2
    bot = BotSpec(args.bot, args.level)
    opponent = BotSpec(args.opponent, args.opponent_level, args.opponent_cmd)
    result = run_arena(bot, opponent, args.variant, args.matches, args.seed, args.jobs,
                       series=args.series)
    summary = result.summary()
    if args.calibration:
        summary["calibration"] = result.calibration_summary()
    text = arena_report(summary)
    if args.calibration:
        text += "\n" + result.calibration.report()
    print(json.dumps(summary) if args.json else text, flush=True)
    return 0


def _add_arena(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .bots import BOT_NAMES
    from .bots.coach import LEVELS

    p = sub.add_parser("arena", help="duplicate matches between two bots: win rate, points, "
                                     "latency")
    p.add_argument("--bot", choices=BOT_NAMES, default="coach")
    p.add_argument("--level", choices=list(LEVELS), default="normal")
    p.add_argument("--opponent", choices=BOT_NAMES, default="heuristic")
    p.add_argument("--opponent-level", choices=list(LEVELS), default="normal")
    p.add_argument("--opponent-cmd", metavar="CMD",
                   help="an outside bot command speaking the protocol (replaces --opponent)")
    p.add_argument("--variant", choices=VARIANTS, default="paulista-2p")
    p.add_argument("--calibration", action="store_true",
                   help="also print the bot's stated chances against the hands it won, by "
                        "decision kind and tenth, with the expected calibration error")
    p.add_argument("--series", type=int, default=0, metavar="N",
                   help="meet the same player over runs of N deal sequences (2N matches): "
                        "the coach remembers it from one match to the next; 0: a new player "
                        "every match (the default)")
    _add_match_options(p, 50)
    p.set_defaults(func=_cmd_arena)


def _add_match_options(p: argparse.ArgumentParser, matches: int) -> None:
    """The options every command that plays arena matches shares."""
    p.add_argument("--matches", type=int, default=matches,
                   help="deal sequences; each is played twice with the sides swapped")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _cmd_ceiling(args: argparse.Namespace) -> int:
    from .bots.arena import BotSpec, arena_report, run_arena
    from .bots.ceiling import value_iteration
    from .engine.options import make_options

    if args.deals < 1 or args.matches < 1 or args.jobs < 1:
        print("truco-learn: error: --deals, --matches and --jobs must be at least 1",
              file=sys.stderr)
        return 2
    opts = make_options(args.variant)
    table = value_iteration(opts, args.deals, args.seed, args.jobs)
    bot = BotSpec("anti-random", table=table)
    result = run_arena(bot, BotSpec("random"), args.variant, args.matches, args.seed, args.jobs)
    summary = result.summary()
    summary["value_iteration_0_0"] = round(table[0][0], 4)
    summary["deals_per_score"] = args.deals
    if args.json:
        print(json.dumps(summary), flush=True)
        return 0
    print(f"value iteration over {args.deals} deals per score: from 0-0 the best reply to "
          f"random wins {100 * table[0][0]:.1f}% (an estimate that leans high)")
    print(arena_report(summary), flush=True)
    return 0


def _add_ceiling(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("ceiling", help="how far a player who cannot see the cards gets against "
                                       "random: value iteration, then arena matches")
    p.add_argument("--variant", choices=[v for v in VARIANTS if v.endswith("-2p")],
                   default="paulista-2p")
    p.add_argument("--deals", type=int, default=100, help="sampled deals per score")
    _add_match_options(p, 200)
    p.set_defaults(func=_cmd_ceiling)


# ---------------------------------------------------------------- assign, grade

def _add_assign(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .classroom.commands import add_assign_arguments, run_assign

    p = sub.add_parser("assign", help="make an assignment code and the links to send students")
    add_assign_arguments(p)
    p.set_defaults(func=run_assign)


def _add_grade(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .classroom.commands import add_grade_arguments, run_grade

    p = sub.add_parser("grade", help="regrade students' results files, flag altered ones")
    add_grade_arguments(p)
    p.set_defaults(func=run_grade)


# ---------------------------------------------------------------- tables

def _cmd_tables(args: argparse.Namespace) -> int:
    from .tables.server import run

    if not 0 < args.port < 65536:
        raise TrucoError(f"bad port {args.port}: expected 1-65535")
    run(args.port, args.db, args.host, args.invite_url)
    return 0


def _add_tables(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("tables", help="run the tables service (PROTOCOL.md, Tables) on its own")
    p.add_argument("--port", type=int, default=8870, help="port to listen on (default 8870)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--db", default=None, help="the tables database: a SQLite file or a "
                   "postgresql:// URL (default $TRUCO_LEARN_TABLES_DB, else $TRUCO_LEARN_DB when "
                   "it is a postgresql:// URL, else tables.sqlite3 in the user's data directory)")
    p.add_argument("--invite-url", default=None, help="the page a person opens to join, with "
                   "{table} for the table id (default: the app's tables page on this host)")
    p.set_defaults(func=_cmd_tables)


# ---------------------------------------------------------------- progress

def _cmd_progress(args: argparse.Namespace) -> int:
    from .classroom.progress_service import run

    if not 0 < args.port < 65536:
        raise TrucoError(f"bad port {args.port}: expected 1-65535")
    run(args.port, args.db, args.host)
    return 0


def _add_progress(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("progress", help="run the class's progress service (a JupyterHub "
                       "service: it writes each answer for the hub user who sends it)")
    p.add_argument("--port", type=int, default=8871, help="port to listen on (default 8871)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--db", default=None, help="the progress database: a SQLite file or a "
                   "postgresql:// URL (default $TRUCO_LEARN_DB)")
    p.set_defaults(func=_cmd_progress)


# ---------------------------------------------------------------- main

_ADDERS: list[Callable[[argparse._SubParsersAction], None]] = [  # type: ignore[type-arg]
    _add_replay, _add_bench, _add_bot, _add_arena, _add_ceiling, _add_assign, _add_grade,
    _add_tables, _add_progress,
]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="truco-learn", description="Learn Brazilian Truco.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for add in _ADDERS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except TrucoError as exc:
        print(f"truco-learn: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    except OSError as exc:  # standard output or input failed (disk full, closed...)
        print(f"truco-learn: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
