"""The README's calibration tables by tenths, from the summaries `calibration_log.py record`
writes (`OUT.summary.json`, or `truco-learn arena --json` output saved to a file): one column
per run, one row per tenth of the stated chance. Each cell is the mean chance stated in that
tenth -> the share of those decisions won (decisions); the last row is the ECE, with what
exact chances would show on the same decisions by chance alone.

    python benchmarks/calibration_tables.py --kind answer tight.summary.json loose.summary.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

KINDS = ("card play", "own raise", "answer", "hand of eleven")


def _cell(row: list[Any] | None) -> str:
    if row is None:
        return "–"
    _tenth, n, stated, won = row
    return f"{stated:.2f} → {won:.2f} ({n:,})"


def table(summaries: list[tuple[str, dict[str, Any]]], kind: str) -> str:
    """A markdown table of ``kind``'s calibration by tenths, a column per named summary.

    >>> s = {"calibration": {"answer": {"decisions": 3, "ece": 0.1, "chance_ece": 0.2,
    ...      "rows": [[0.6, 3, 0.65, 0.667]]}}}
    >>> print(table([("tight", s)], "answer"))
    | stated | tight |
    |---|---|
    | 0.6–0.7 | 0.65 → 0.67 (3) |
    | ECE (by chance alone) | **0.100** (0.200) |
    """
    cols = []
    for name, summary in summaries:
        cal = summary.get("calibration", {}).get(kind)
        if cal is None:
            raise SystemExit(f"calibration_tables: {name} has no {kind!r} calibration")
        cols.append(({round(r[0], 1): r for r in cal["rows"]}, cal))
    tenths = sorted({t for rows, _cal in cols for t in rows})
    lines = ["| stated | " + " | ".join(name for name, _s in summaries) + " |",
             "|---" * (len(summaries) + 1) + "|"]
    for t in tenths:
        lines.append(f"| {t:.1f}–{t + 0.1:.1f} | "
                     + " | ".join(_cell(rows.get(t)) for rows, _cal in cols) + " |")
    lines.append("| ECE (by chance alone) | " + " | ".join(
        f"**{cal['ece']:.3f}** ({cal['chance_ece']:.3f})" for _rows, cal in cols) + " |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("summaries", nargs="+", metavar="SUMMARY",
                    help="NAME=PATH, or PATH (named by its opponent)")
    ap.add_argument("--kind", default="answer", choices=KINDS)
    args = ap.parse_args()
    named = []
    for item in args.summaries:
        name, sep, path = item.partition("=")
        path = path if sep else item
        try:
            summary = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SystemExit(f"calibration_tables: cannot read {path!r}: {exc}")
        if not isinstance(summary, dict):
            raise SystemExit(f"calibration_tables: {path!r} is not a run's summary")
        named.append((name if sep else f"`{summary.get('opponent', path)}`", summary))
    print(table(named, args.kind))
    return 0


if __name__ == "__main__":
    sys.exit(main())
