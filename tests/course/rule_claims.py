"""The rule-statement check: find the rules a learner-facing text states and compare them with
the engine's options for the tables the text speaks about.

A text is cut into sentences, sentences into clauses (at ``;`` and around parentheses). A
clause speaks about the tables its words name ("heads-up", "four-seat", "Paulista",
"Federação", "Mineiro", "hand of ten"...); a clause that names none inherits the tables of the
clause before it in the same sentence, and a sentence that names none speaks about every table
the text is shown for. Each check below reads one kind of claim (a ladder, what running pays,
the hand of eleven's value, covered cards, the iron hand's choice, who leads after a tie, ...)
and says which table contradicts it.

>>> problems("Run from a truco: the caller scores 1.", ["paulista-2p", "mineiro-2p"])
['mineiro-2p: running from a truco pays 2, not 1: Run from a truco: the caller scores 1.']
>>> problems("In Truco Mineiro, run from a truco and the caller scores 2.", ["paulista-2p", "mineiro-2p"])
[]
"""

from __future__ import annotations

import html
import re
from typing import Callable, Iterable, Iterator, Sequence

from truco_learn.course.stakes import fold_pays
from truco_learn.course.tables import TABLES, break_even
from truco_learn.engine.options import PRESETS, Options

BRAZILIAN = ("paulista-2p", "paulista-4p", "paulista-fpt", "mineiro-4p", "mineiro-2p")
_VARIATION = re.compile(r"\b(vary|varies|many in Minas|some tables|some other tables|other "
                        r"tables|some mineiro tables|one rulebook|at a real table|some real)\b",
                        re.I)
_STEP_VALUE = {"truco": 1, "seis": 2, "nove": 3, "dez": 3, "doze": 4}  # ladder index


def plain(text: str) -> str:
    """HTML to plain text (tags dropped, entities decoded, spaces squeezed)."""
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


def sentences(text: str) -> list[str]:
    return [s.strip() for p in paragraphs(text) for s in _split(p)]


def paragraphs(text: str) -> list[str]:
    """Paragraphs (``<p>``, list items, blank lines) as plain text."""
    parts = re.split(r"</?p>|</?li>|</?ul>|</?ol>|<br>|\n\s*\n|\n- |\n(?=\d+\. )", text)
    return [plain(p) for p in parts if plain(p)]


def _split(paragraph: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(])", paragraph) if s.strip()]


def scope_of(clause: str, tables: Sequence[str]) -> list[str] | None:
    """The tables a clause names (among ``tables``), or None when it names none."""
    low = clause.lower()
    if re.search(r"argentin|gaúch|gauch|gaudério|uruguay", low):
        return []  # another family of tables: the Brazilian presets' options do not apply
    listed = [t.variant for t in TABLES if t.label.lower() in low and t.variant in tables]
    if listed:  # the lessons' own table names: a list of tables is their union
        return sorted(listed)
    keep = set(tables)
    named = False

    def narrow(pred: Callable[[Options], bool]) -> None:
        nonlocal keep, named
        keep = {v for v in keep if pred(PRESETS[v])}
        named = True

    if re.search(r"heads-up|two players|2 players|two-player", low):
        narrow(lambda o: o.seats == 2)
    if re.search(r"four-seat|four players|4 players|four-player", low):
        narrow(lambda o: o.seats == 4)
    if "federação" in low:
        narrow(lambda o: o.exposed_card or o.eleven_all_tied != "as_usual")
    elif "paulista" in low and "mineiro" not in low:
        narrow(lambda o: o.manilhas == "vira")
    if "mineiro" in low and "paulista" not in low:
        narrow(lambda o: o.manilhas == "mineiro")
    if re.search(r"hand of ten|mão de dez|at ten\b", low):
        narrow(lambda o: o.eleven_at == 10)
    elif re.search(r"hand of eleven|mão de onze|at eleven\b", low) and "mineiro" not in low:
        narrow(lambda o: o.eleven_at == 11)
    if re.search(r"this demo|the demo", low) and "iron" in low:
        narrow(lambda o: o.iron_choice == "any")  # the iron demo picks, as four-seat tables do
    return sorted(keep) if named else None


def clauses(sentence: str) -> list[str]:
    """A sentence's clauses: split at ``;``, parentheses as clauses of their own."""
    out: list[str] = []
    for part in sentence.split(";"):
        inner = re.findall(r"\(([^()]*)\)", part)
        outer = re.sub(r"\([^()]*\)", "", part)
        out.append(outer.strip())
        out += [f"({i})" for i in inner]
    return [c for c in out if c]


Check = Callable[[str, Options], "str | None"]


def _ladder(clause: str, o: Options) -> str | None:
    for m in re.finditer(r"(\d+)((?:\s*(?:→|-|,)\s*(?:\d+)(?:\s*\([a-z]+\))?){2,})", clause):
        nums = tuple(int(x) for x in re.findall(r"\d+", m.group(0)))
        if len(nums) >= 3 and nums != o.ladder and "score" not in clause.lower():
            return f"the ladder is {'-'.join(map(str, o.ladder))}, not {'-'.join(map(str, nums))}"
    return None


def _folds(clause: str, o: Options) -> str | None:
    for m in re.finditer(r"run(?:s|ning)? from (?:a |the )?(truco|seis|nove|dez|doze)\b"
                         r"[^.;]*?\bscores? (\d+)", clause, re.I):
        i = _STEP_VALUE[m.group(1).lower()]
        if i < len(o.ladder) and fold_pays(o.ladder, o.ladder[i]) != int(m.group(2)):
            return (f"running from a {m.group(1)} pays {fold_pays(o.ladder, o.ladder[i])}, not "
                    f"{m.group(2)}")
    return None


def _start_and_truco(clause: str, o: Options) -> str | None:
    low = clause.lower()
    m = re.search(r"^(?:in [\w ]+?,? )?a hand (?:is|starts) worth (\d+)|hand starts at (\d+)",
                  low)
    if m:
        n = int(m.group(1) or m.group(2))
        if n != o.ladder[0]:
            return f"a hand starts at {o.ladder[0]}, not {n}"
    m = re.search(r"(?:shout|call|calls) (?:<b>)?truco\b[^.;]*?(?:worth|proposes) (\d+)|"
                  r"truco proposes (\d+)|the call that makes a hand worth (\d+)", low)
    if m:
        n = int(next(g for g in m.groups() if g))
        if n != o.ladder[1]:
            return f"truco proposes {o.ladder[1]}, not {n}"
    return None


def _step_names(clause: str, o: Options) -> str | None:
    low = clause.lower()
    for word, value in (("nove", 9), ("dez", 10)):
        if re.search(rf"\b{word}\b", low) and value not in o.ladder:
            return f"there is no {word} on the ladder {'-'.join(map(str, o.ladder))}"
    return None


def _break_even(clause: str, o: Options) -> str | None:
    m = re.search(r"accepting (?:truco )?pays[^.;]*?(\d+) in (\d+)", clause, re.I)
    if m and (int(m.group(1)), int(m.group(2))) != break_even(o):
        n, d = break_even(o)
        return f"accepting truco pays from {n} in {d}, not {m.group(1)} in {m.group(2)}"
    return None


def _eleven_points(clause: str, o: Options) -> str | None:
    low = clause.lower()
    if not re.search(r"hand of (eleven|ten)|mão de (onze|dez)|at (eleven|ten)\b|iron hand", low):
        return None
    iron = "iron hand" in low
    m = re.search(r"(?:is )?worth (?:<b>)?(\d+)", low)
    if m and not re.search(r"already worth", low):
        want = o.iron_value if iron else o.eleven_value
        if int(m.group(1)) != want:
            return f"the {'iron hand' if iron else 'hand'} is worth {want}, not {m.group(1)}"
    m = re.search(r"(?:other team scores|gives (?:the other team|them)) (?:only )?(\d+)", low)
    if m and not iron and int(m.group(1)) != o.eleven_fold:
        return f"running from it gives {o.eleven_fold}, not {m.group(1)}"
    m = re.search(r"both teams have (\d+)( points)?( or more)?", low)
    if m and int(m.group(1)) != o.eleven_at:
        return f"the iron hand comes at {o.eleven_at}, not {m.group(1)}"
    if not iron and re.search(r"\d+ in \d+|on average|risks \d+ points", low):
        return "at eleven any win ends the game: the arithmetic is a chance to win the game"
    return None


def _covered(clause: str, o: Options) -> str | None:
    low = clause.lower()
    if re.search(r"you may (?:play a card (?:<b>)?face down|cover)|may be played face down",
                 low) and not o.covered_cards:
        return "this table plays without covered cards"
    return None


def _iron_choice(clause: str, o: Options) -> str | None:
    low = clause.lower()
    if "top card" in low and o.iron_choice != "top" and "flip" in low:
        return "here each player picks a blind card, the top card is not flipped"
    if re.search(r"\bpick (?:a|one of your) face-down card", low) and o.iron_choice != "any":
        return "here the iron hand flips each player's top card: nobody picks"
    return None


def _lead_after_tie(clause: str, o: Options) -> str | None:
    low = clause.lower()
    if o.seats != 4 or re.search(r"no card|all covered|face up|demo|choose", low):
        return None
    if re.search(r"whoever led the tied trick leads again|led the tied trick leads", low) and (
            o.lead_after_tie != "leader"):
        return "after a tie the player of the first tying card leads here"
    if re.search(r"first tying card\W+(?:\w+\W+){0,3}leads", low) and o.lead_after_tie != "first_tying":
        return "after a tie whoever led the tied trick leads again here"
    return None


def _pointless(clause: str, o: Options) -> str | None:
    low = clause.lower()
    if "pointless" in low and "already worth" in low and "proposed" not in low:
        return ("a raise given as an answer is pointless when the score plus the value "
                "proposed reaches the target, not the value already at stake")
    if re.search(r"grey(?:ed)? out a pointless raise|pointless raise is greyed", low) and (
            not o.no_pointless_raise):
        return "this table allows pointless raises"
    return None


def _waiting(clause: str, o: Options) -> str | None:
    low = clause.lower()
    if re.search(r"may not (?:call a new )?raise[^.]*waiting", low):
        rest = low.split("waiting", 1)[1].replace("for its answer", "", 1)
        if "answer" not in rest:
            return "the team answering a call may raise as its answer"
    return None


def _partners_see(clause: str, o: Options) -> str | None:
    low = clause.lower()
    if "each other's" in low and "cards" in low and "before the decision" in low:
        return "the partners see each other's cards for the whole hand"
    return None


def _eleven_name(clause: str, o: Options) -> str | None:
    low = clause.lower()
    if o.eleven_at == 10 and re.search(r"hand of eleven|mão de onze|hand of 11", low):
        return "this table's special hand is the hand of ten"
    if o.eleven_at == 11 and re.search(r"hand of ten|mão de dez|hand of 10", low):
        return "this table's special hand is the hand of eleven"
    return None


def _lower_cards(clause: str, o: Options) -> str | None:
    if re.search(r"(?<![\w])[qjka][♣♥♠♦]", clause):
        return "a card name lost its capital letter"
    return None


def _federacao_count(clause: str, o: Options) -> str | None:
    m = re.search(r"federação[^.]*adds (one|two|three) rules?", clause, re.I)
    if not m:
        return None
    fpt = PRESETS["paulista-fpt"]
    n = int(fpt.exposed_card) + int(fpt.eleven_all_tied == "eleven_team_loses")
    if {"one": 1, "two": 2, "three": 3}[m.group(1).lower()] != n:
        return f"the Federação adds {n} rules"
    return None


def _fold_label(clause: str, o: Options) -> str | None:
    if re.search(r"\bfolds? (?:from )?the hand of\b", clause, re.I):
        return "the lessons say run (correr), not fold"
    return None


LESSON_CHECKS: tuple[Check, ...] = (_ladder, _folds, _start_and_truco, _step_names, _break_even,
                                    _eleven_points, _covered, _iron_choice, _lead_after_tie,
                                    _pointless, _waiting, _partners_see, _federacao_count)
#: checks for a text shown on one table (quiz item, menu, coach): the lesson checks and more
TABLE_CHECKS: tuple[Check, ...] = LESSON_CHECKS + (_eleven_name, _lower_cards, _fold_label)


def problems(text: str, tables: Iterable[str] = BRAZILIAN,
             checks: Sequence[Check] = LESSON_CHECKS) -> list[str]:
    """Every claim of ``text`` that one of ``tables`` contradicts, as ``'table: why: clause'``."""
    tables = list(tables)
    out: list[str] = []
    for paragraph in paragraphs(text):
        carried = tables  # a sentence naming no table speaks of the paragraph's last one
        for sentence in _split(paragraph):
            for clause, scope in _scoped(sentence, tables, carried):
                if _VARIATION.search(clause):
                    continue
                if len(tables) == 1:
                    scope = tables  # a text shown at one table speaks about that table
                for variant in scope:
                    for check in checks:
                        why = check(clause, PRESETS[variant])
                        if why:
                            out.append(f"{variant}: {why}: {clause}")
            if not sentence.startswith("("):
                main = scope_of(re.sub(r"\([^()]*\)", "", sentence), tables)
                if main is not None:
                    carried = main
    return sorted(set(out))


def _scoped(sentence: str, tables: list[str],
            carried: list[str]) -> Iterator[tuple[str, list[str]]]:
    """Each clause of a sentence with the tables it speaks about. "3 (Mineiro: 4)": a clause
    naming no table, beside a parenthesis that names some, speaks about the others."""
    last = carried
    for part in sentence.split(";"):
        inner = re.findall(r"\(([^()]*)\)", part)
        outer = re.sub(r"\([^()]*\)", "", part).strip()
        own = scope_of(outer, tables)
        aside = [x for i in inner if (x := scope_of(i, tables)) is not None]
        if own is None:
            own = last
            if aside:
                named = {v for a in aside for v in a}
                own = [v for v in own if v not in named] or own
        last = own
        if outer:
            yield outer, own
        for i in inner:
            yield f"({i})", scope_of(i, tables) or own


def lead_rule_named_everywhere(text: str) -> list[str]:
    """A text that names the first-tying-card rule for some four-seat tables must name every
    four-seat table that plays it (it is not only the Federação's)."""
    out = []
    for sentence in sentences(text):
        if "first tying card" not in sentence.lower():
            continue
        scope = scope_of(sentence, [v for v in BRAZILIAN if PRESETS[v].seats == 4])
        if scope is None:
            continue
        for v in BRAZILIAN:
            o = PRESETS[v]
            if o.seats == 4 and o.lead_after_tie == "first_tying" and v not in scope:
                out.append(f"{v} also plays the first-tying-card rule: {sentence}")
    return out
