"""Build and check the message catalogs: ``python -m truco_learn.i18n.catalogs update|compile|check``.

- ``update``: extract every message from the code (``_``, ``N_``, ``ngettext``, ``pgettext``)
  and from the notebooks' markdown, and merge them into each language's ``.po`` files (one per
  domain: the area of the code a message comes from); new messages arrive untranslated.
- ``compile``: write the ``.mo`` files the package reads at run time.
- ``check``: list every problem (a message missing from a catalog, untranslated or fuzzy,
  a placeholder lost, a stale ``.mo``); exit 1 when there is one.

Run from the repository's root (``make catalogs`` runs update + compile).
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import DEFAULT, DOMAINS, LOCALE_DIR, languages
from .domains import DOMAIN_PREFIXES, domain_of
from .notebooks import markdown_blocks

__all__ = ["domain_of", "sources", "extract", "update", "compile_all", "check", "placeholders"]

ROOT = LOCALE_DIR.parent.parent
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}")


def sources(root: Path = ROOT) -> Iterator[tuple[str, Path]]:
    """Every file that may hold messages, with its domain."""
    for path in sorted((root / "truco_learn").rglob("*.py")):
        yield domain_of(path.relative_to(root).as_posix()), path
    for path in sorted((root / "lessons").glob("*.ipynb")):
        yield domain_of(path.relative_to(root).as_posix()), path


def _notebook_messages(path: Path) -> Iterator[tuple[str, str]]:
    import json
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    for i, cell in enumerate(cells):
        if cell.get("cell_type") == "markdown":
            for block in markdown_blocks("".join(cell.get("source", ""))):
                yield block, f"cell {i + 1}"


def extract(root: Path = ROOT) -> dict[str, Catalog]:
    """One template catalog per domain, from the sources."""
    templates = {d: Catalog(project="truco-learn", fuzzy=False) for d in DOMAINS}
    for domain, path in sources(root):
        rel = path.relative_to(root).as_posix()
        cat = templates[domain]
        if path.suffix == ".ipynb":
            for text, _where in _notebook_messages(path):
                cat.add(text, locations=[(rel, 0)], flags=())
            continue
        for _line, message, comments, context in extract_from_file(
                "python", str(path), keywords=DEFAULT_KEYWORDS, comment_tags=("Translators:",)):
            msgid: Any = message
            if isinstance(msgid, tuple) and len(msgid) > 2:
                msgid = msgid[:2]
            if not msgid or (isinstance(msgid, tuple) and not all(msgid)):
                continue
            cat.add(msgid, locations=[(rel, 0)], auto_comments=comments, context=context)
    return templates


def _po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, lang: str, domain: str) -> Catalog:
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang, domain=domain)
    return Catalog(locale=lang, domain=domain, project="truco-learn", fuzzy=False)


def _po_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, width=0, omit_header=False, include_lineno=False,
             ignore_obsolete=True, sort_by_file=True)
    return buf.getvalue()


def _mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def update(root: Path = ROOT, langs: Iterable[str] | None = None) -> list[Path]:
    """Merge the extracted messages into every language's ``.po`` files; returns those written."""
    written = []
    templates = extract(root)
    for lang in langs or [x for x in languages() if x != DEFAULT]:
        for domain, template in templates.items():
            path = _po_path(lang, domain)
            cat = _read(path, lang, domain)
            created = cat.creation_date
            cat.update(template, no_fuzzy_matching=True, update_header_comment=False)
            cat.fuzzy = False
            cat.creation_date = created  # a stable header: no diff when nothing changed
            path.parent.mkdir(parents=True, exist_ok=True)
            data = _po_bytes(cat)
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)
                written.append(path)
    return written


def compile_all() -> list[Path]:
    """Write every ``.mo`` from its ``.po``; returns those written."""
    written = []
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        cat = _read(po, po.parent.parent.name, po.stem)
        data = _mo_bytes(cat)
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            written.append(mo)
    return written


def placeholders(text: str) -> set[str]:
    """The named placeholders of a message.

    >>> sorted(placeholders("{who} wins {points:d} points"))
    ['points', 'who']
    """
    return set(_PLACEHOLDER.findall(text))


def _first(msgid: Any) -> str:
    return str(msgid[0] if isinstance(msgid, tuple) else msgid)


def _entry_problems(where: str, msg: Any) -> Iterator[str]:
    ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
    strs = msg.string if isinstance(msg.string, tuple) else (msg.string,)
    if msg.fuzzy:
        yield f"{where}: fuzzy: {ids[0]!r}"
    if not all(s.strip() for s in strs):
        yield f"{where}: untranslated: {ids[0]!r}"
        return
    wanted = set().union(*(placeholders(i) for i in ids))
    for s in strs:
        if placeholders(s) != wanted and not (len(ids) > 1 and placeholders(s) <= wanted):
            yield (f"{where}: placeholders {sorted(placeholders(s))} in the translation "
                   f"of {ids[0]!r}, which has {sorted(wanted)}")


def check(root: Path = ROOT) -> list[str]:
    """Every problem of the catalogs against the sources (empty when all is well)."""
    problems: list[str] = []
    templates = extract(root)
    for lang in [x for x in languages() if x != DEFAULT]:
        for domain, template in templates.items():
            path = _po_path(lang, domain)
            rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
            cat = _read(path, lang, domain)
            for msg in template:
                if msg.id and cat.get(msg.id, context=msg.context) is None:
                    problems.append(f"{rel}: missing (run make catalogs): {msg.id!r}")
            for msg in cat:
                if msg.id:
                    problems.extend(_entry_problems(rel, msg))
                    if template.get(msg.id, context=msg.context) is None:
                        # the next update drops it, translation and all: a message the
                        # extractor cannot see (inside an f-string, a variable), or one gone
                        problems.append(f"{rel}: no source says {_first(msg.id)!r} (the next "
                                        "make catalogs drops it: a _() inside an f-string "
                                        "is not seen)")
            mo = path.with_suffix(".mo")
            if path.exists() and (not mo.exists() or mo.read_bytes() != _mo_bytes(cat)):
                problems.append(f"{mo.name} of {rel} is stale (run make catalogs)")
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "update":
        for path in update():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if command == "compile":
        for path in compile_all():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if command == "check":
        problems = check()
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    print(f"unknown command {command!r}: use update, compile or check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
