"""The message catalogs: complete, placeholders kept, compiled files up to date."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from truco_learn.i18n import DOMAINS, _, language, languages, ngettext, normalize
from truco_learn.i18n.catalogs import ROOT, check, domain_of, extract
from truco_learn.errors import ConfigError


@pytest.fixture(scope="module")
def problems() -> list[str]:
    return check()


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated_with_its_placeholders(problems: list[str],
                                                           domain: str) -> None:
    mine = [p for p in problems if f"/{domain}.po" in p or f"{domain}.mo " in p]
    assert not mine, f"{len(mine)} problem(s) in the {domain} catalog:\n" + "\n".join(mine[:40])


def test_pt_br_is_a_language_and_unknown_tags_are_refused() -> None:
    assert "pt_BR" in languages()
    assert normalize("pt-BR") == "pt_BR"
    with pytest.raises(ConfigError, match="unknown language 'klingon'"):
        normalize("klingon")


def test_every_code_message_belongs_to_one_domain() -> None:
    templates = extract()
    seen: dict[str, str] = {}
    for domain, cat in templates.items():
        for msg in cat:
            if not msg.id or isinstance(msg.id, tuple):
                continue
            for path, _line in msg.locations:
                assert domain_of(path) == domain
            seen.setdefault(msg.id, domain)
    assert seen, "no message extracted at all"


def test_a_translation_is_used_and_english_is_the_message_id() -> None:
    assert _("{rank} of {suit}") == "{rank} of {suit}"
    with language("pt-BR"):
        assert _("{rank} of {suit}") == "{rank} de {suit}"
        assert ngettext("{n} point", "{n} points", 1) == "{n} ponto"
        assert ngettext("{n} point", "{n} points", 5) == "{n} pontos"


def test_a_message_is_read_from_its_own_areas_catalog_first() -> None:
    """The same English may be translated differently in two areas ("Accept": a button at the
    table, a quiz's choice); each module reads its own area's catalog first."""
    from babel.messages.pofile import read_po

    from truco_learn.i18n import LOCALE_DIR, translations
    from truco_learn.i18n.domains import module_domain

    checked = 0
    for domain in DOMAINS:
        with open(LOCALE_DIR / "pt_BR" / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
            cat = read_po(f)
        t = translations("pt_BR", domain)
        for msg in cat:
            if msg.id and isinstance(msg.id, str) and msg.context is None and msg.string:
                assert t.gettext(msg.id) == msg.string, (domain, msg.id)
                checked += 1
    assert checked > 500
    assert module_domain("truco_learn.play.menu") == "play"


def test_a_translated_message_the_sources_no_longer_show_is_a_problem(tmp_path: Path) -> None:
    """A ``_()`` written inside an f-string is invisible to the extractor, so the next ``make
    catalogs`` would drop its translation without a word: the check names it first."""
    for part in ("truco_learn", "lessons"):
        shutil.copytree(ROOT / part, tmp_path / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.po"))
    assert check(tmp_path) == []
    form = tmp_path / "truco_learn" / "widgets" / "tables_form.py"
    text = form.read_text(encoding="utf-8")
    assert 'escape(_("Open a table"))' in text
    form.write_text(text.replace('escape(_("Open a table"))',
                                 'escape(f"{_(\'Open a table\')}")'), encoding="utf-8")
    problems = check(tmp_path)
    assert len(problems) == 1 and "'Open a table'" in problems[0] \
        and "play.po" in problems[0] and "f-string" in problems[0], problems
