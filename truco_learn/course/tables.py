"""The Brazilian tables the app offers, and the facts the lessons state about them.

A lesson sentence that states a rule takes its numbers and its names from here, and here from
the engine's presets: nothing about a table is typed twice. Where the tables differ, the lesson
says so in one line (:func:`by_seats`).

>>> [t.label for t in TABLES]
['Paulista heads-up', 'Paulista four-seat', 'Federação Paulista', 'Mineiro four-seat', 'Mineiro heads-up']
>>> style("mineiro").ladder, style("paulista").eleven_fold
((2, 4, 6, 10, 12), 1)
>>> by_seats(lambda o: "you may cover" if o.covered_cards else "nobody covers")
'At heads-up tables nobody covers; at four-seat tables you may cover.'
>>> from truco_learn.i18n import language
>>> with language("pt-BR"):
...     labels(lambda o: o.lead_after_tie == "first_tying")
'Federação Paulista e Mineiro em duplas'
>>> labels(lambda o: o.lead_after_tie == "first_tying")
'Federação Paulista and Mineiro four-seat'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..engine.options import PRESETS, Options
from ..errors import ConfigError
from ..i18n import N_, _
from .stakes import fold_pays

BRAZILIAN = ("paulista-2p", "paulista-4p", "paulista-fpt", "mineiro-4p", "mineiro-2p")
# Translators: the names of the tables (rule sets) a learner picks; "heads-up" is two players
# ("mano a mano"), "four-seat" two teams of two.
_LABELS = {"paulista-2p": N_("Paulista heads-up"), "paulista-4p": N_("Paulista four-seat"),
           "paulista-fpt": N_("Federação Paulista"), "mineiro-4p": N_("Mineiro four-seat"),
           "mineiro-2p": N_("Mineiro heads-up")}
# the Argentine and gaúcho tables (envido, flor, dropping out): named, not yet in the lessons
_OTHER_LABELS = {"argentino-2p": N_("Argentine heads-up"),
                 "argentino-4p": N_("Argentine four-seat"),
                 "gauderio-2p": N_("Gaúcho heads-up"), "gauderio-4p": N_("Gaúcho four-seat")}
_STEP_WORDS = {3: "truco", 6: "seis", 9: "nove", 10: "dez", 12: "doze"}


@dataclass(frozen=True, slots=True)
class Table:
    """One preset the lessons and the play page show, with the name lessons give it."""

    variant: str
    label_id: str  # English, a catalog message

    @property
    def label(self) -> str:
        """The table's name in the current language."""
        return _(self.label_id)

    @property
    def opts(self) -> Options:
        return PRESETS[self.variant]


TABLES: tuple[Table, ...] = tuple(Table(v, _LABELS[v]) for v in BRAZILIAN)


def table_label(variant: str) -> str:
    """The name a learner reads for a preset: ``'Paulista heads-up'``, never its code name.

    >>> table_label("mineiro-4p")
    'Mineiro four-seat'
    """
    if variant in _OTHER_LABELS:
        return _(_OTHER_LABELS[variant])
    if variant not in _LABELS:
        raise ConfigError(f"unknown table {variant!r} (known: "
                          f"{', '.join(BRAZILIAN + tuple(_OTHER_LABELS))})")
    return _(_LABELS[variant])


def tables(style_name: str | None = None) -> list[Options]:
    """The options of every table, or of one style's tables (``paulista`` or ``mineiro``)."""
    return [t.opts for t in TABLES if style_name is None or t.variant.startswith(style_name)]


def style(name: str) -> Options:
    """The rules every table of a style shares (ladder, eleven), read from one of its presets;
    raise ConfigError if its tables disagree on them (the lesson text would then be wrong)."""
    group = tables(name)
    if not group:
        raise ConfigError(f"unknown style {name!r} (known: paulista, mineiro)")
    first = group[0]
    for o in group[1:]:
        for field in ("ladder", "eleven_at", "eleven_value", "eleven_fold", "iron_value",
                      "manilhas", "all_tied", "target"):
            if getattr(o, field) != getattr(first, field):
                raise ConfigError(f"the {name} tables disagree on {field}: a lesson cannot "
                                  "state it as the style's rule")
    return first


def labels(pred: Callable[[Options], bool]) -> str:
    """The names of the tables where ``pred`` holds, joined for a sentence."""
    return join([t.label for t in TABLES if pred(t.opts)])


def join(words: Iterable[str]) -> str:
    """``'a, b and c'`` (``'a, b e c'`` in pt-BR).

    >>> join(["a"]), join(["a", "b", "c"])
    ('a', 'a, b and c')
    """
    items = list(words)
    if len(items) == 1:
        return items[0]
    # Translators: the end of a list of names: "{head}" is the names but the last, joined by
    # commas ("Paulista heads-up, Federação Paulista and Mineiro four-seat").
    return _("{head} and {last}").format(head=", ".join(items[:-1]), last=items[-1])


def by_seats(say: Callable[[Options], str]) -> str:
    """One sentence for a rule: the same words when every table agrees, else "At heads-up
    tables …; at four-seat tables …" (if the seats do not split the tables cleanly, every table
    by name)."""
    texts = {t.variant: say(t.opts) for t in TABLES}
    if len(set(texts.values())) == 1:
        return _cap(next(iter(texts.values()))) + "."
    two = {texts[t.variant] for t in TABLES if t.opts.seats == 2}
    four = {texts[t.variant] for t in TABLES if t.opts.seats == 4}
    if len(two) == 1 and len(four) == 1:
        # Translators: "{two}" and "{four}" are whole clauses ("nobody covers").
        return _("At heads-up tables {two}; at four-seat tables {four}.").format(
            two=two.pop(), four=four.pop())
    # Translators: one table's rule: its name, then a whole clause.
    return " ".join(_("{table}: {rule}.").format(table=_cap(t.label), rule=texts[t.variant])
                    for t in TABLES)


def step_name(opts: Options, value: int) -> str:
    """The call that proposes ``value``: truco, seis, nove, dez, doze; on the Argentine
    1-2-3-4 ladder truco, retruco and vale cuatro.

    >>> from truco_learn.engine.options import make_options
    >>> [step_name(make_options("argentino-2p"), v) for v in (2, 3, 4)]
    ['truco', 'retruco', 'vale cuatro']
    >>> ladder_text(make_options("gauderio-4p"))
    '1 → 2 (truco) → 3 (retruco) → 4 (vale cuatro)'
    """
    if value == opts.ladder[1]:
        return "truco"
    if opts.manilhas == "argentine" and value in opts.ladder[2:4]:
        # Translators: the Argentine raises after truco ("vale quatro" at a gaúcho table)
        return _("retruco") if value == opts.ladder[2] else _("vale cuatro")
    if value in _STEP_WORDS:
        return _STEP_WORDS[value]
    return _("a raise to {value}").format(value=value)


def ladder_text(opts: Options) -> str:
    """``'1 → 3 (truco) → 6 (seis) → 9 (nove) → 12 (doze)'``."""
    return " → ".join([str(opts.ladder[0])] + [f"{v} ({step_name(opts, v)})"
                                                 for v in opts.ladder[1:]])


def fold_text(opts: Options) -> str:
    """What running from the first two calls pays the caller, on this table's ladder."""
    truco, seis = opts.ladder[1], opts.ladder[2]
    # Translators: a clause: "{truco}" and "{seis}" are the points the caller scores.
    return _("run from a truco and the caller scores {truco}; run from a seis and the caller "
             "scores {seis}").format(truco=fold_pays(opts.ladder, truco),
                                     seis=fold_pays(opts.ladder, seis))


def break_even(opts: Options) -> tuple[int, int]:
    """Accepting a truco pays once you win more than ``n`` in ``d`` of such hands: the stake
    before the call against what the call proposes, ``(proposed - stake) / (2 * proposed)``.

    >>> break_even(style("paulista")), break_even(style("mineiro"))
    ((1, 3), (1, 4))
    """
    from fractions import Fraction

    stake, proposed = opts.ladder[0], opts.ladder[1]
    f = Fraction(proposed - stake, 2 * proposed)
    return f.numerator, f.denominator


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
