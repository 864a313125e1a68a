"""The steps of lesson 8 (Truco argentino and gaudério: envido, flor, going to the deck).

Every sentence is a catalog message, written when the step is shown (in the learner's
language); its numbers come from the engine (presets, :mod:`truco_learn.engine.envido`,
:mod:`truco_learn.engine.flor`, :mod:`.argentine`), and the tests check each claim against it.

>>> [spec[0] for spec in ARGENTINE]
[8]
>>> len(LESSON_8)
8
"""

from __future__ import annotations

from ..engine.actions import ENVIDO, REAL_ENVIDO
from ..engine.cards import card_name
from ..engine.envido import CALL_VALUE
from ..engine.flor import CONTRAFLOR_WIN, FLOR_SCORE, FOLD_OR_ACHICO
from ..engine.handpoints import envido_table
from ..engine.options import PRESETS, Options
from ..errors import ConfigError
from ..i18n import N_, _
from .argentine import (ARGENTINO, GAUCHO, call_sequences, call_words, exchange_pays,
                        ordinary_order, top_cards)
from .steps import Step, html, para
from .tables import join, ladder_text, style, table_label
from .text_basics import _ALL_TIED_WHO

_A, _G = PRESETS[ARGENTINO], PRESETS[GAUCHO]
_P = style("paulista")
_E, _R = CALL_VALUE[ENVIDO], CALL_VALUE[REAL_ENVIDO]
_BEST = max(envido_table().values())

# the ranks below the top cards, as a sentence names them ("the 3s", "the kings (rey)")
_RANK_GROUPS = {"3": N_("the 3s"), "2": N_("the 2s"), "A": N_("the other two aces"),
                "K": N_("the kings (rey)"), "J": N_("the jacks (caballo)"),
                "Q": N_("the queens (sota)"), "7": N_("the other two 7s"), "6": N_("the 6s"),
                "5": N_("the 5s"), "4": N_("the 4s")}


def _order() -> str:
    return join(_(_RANK_GROUPS[rank]) for rank, _cards in ordinary_order())


def top_names() -> list[str]:
    """The top cards' nicknames, strongest first (``'ancho de espadas'``...), as the engine
    names them."""
    return [card_name(c, deck="spanish", manilhas="argentine").split(", ")[1]
            for c in top_cards()]


def _tops() -> str:
    return " &gt; ".join(f"<b>{name}</b>" for name in top_names())


def _decks(o: Options) -> str:
    return (_("Spanish deck (espadas, bastos, copas, oros)") if o.deck == "spanish"
            else _("French deck (clubs for bastos, diamonds for oros)"))


def _deck(o: Options) -> str:
    return _("Spanish deck") if o.deck == "spanish" else _("French deck")


def _examples() -> str:
    """Every exchange of an Argentine table with what quiero and no quiero pay (the engine's
    settlement, at 0 to 0)."""
    rows = []
    for calls in call_sequences():
        if "falta_envido" in calls:
            continue
        quiero, no_quiero = exchange_pays(calls)
        rows.append(f"<li><i>{call_words(calls)}</i>: {quiero} / {no_quiero}</li>")
    return "<ul>" + "".join(rows) + "</ul>"


def _ties() -> str:
    if _A.all_tied == _P.all_tied and _G.all_tied == _P.all_tied:
        return _("Tricks and ties work as in Truco Paulista. The rest differs:")
    if _A.all_tied != _G.all_tied:
        raise ConfigError("the Argentine and gaúcho tables disagree on three tied tricks")
    # Translators: "{who}" is a clause: "the mão's team scores".
    return _("Tricks and ties work as in Truco Paulista, except when all three tricks tie: "
             "then {who}. The rest differs:").format(who=_(_ALL_TIED_WHO[_A.all_tied]))


def _compare() -> str:
    """Paulista beside the Argentine and gaúcho tables, one row per difference."""
    a_label, g_label = table_label(ARGENTINO), table_label(GAUCHO)
    yes, no = _("yes"), _("no")

    def row(what: str, p: str, a: str, g: str) -> str:
        return f"<tr><th>{what}</th><td>{p}</td><td>{a}</td><td>{g}</td></tr>"

    tops = join(top_names())
    return (
        "<table><tr><th></th>"
        f"<th>{table_label('paulista-2p')}</th><th>{a_label}</th>"
        f"<th>{g_label}</th></tr>"
        + row(_("Strongest cards"), _("the four manilhas, after the vira"), tops, tops)
        + row(_("Ladder"), ladder_text(_P), ladder_text(_A), ladder_text(_G))
        + row(_("Game to"), str(_P.target), str(_A.target), str(_G.target))
        + row(_("Hand of eleven"), yes if _P.eleven else no, yes if _A.eleven else no,
              yes if _G.eleven else no)
        + row(_("Envido"), yes if _P.envido else no, yes if _A.envido else no,
              yes if _G.envido else no)
        + row(_("Flor"), yes if _P.flor else no, yes if _A.flor else no,
              yes if _G.flor else no)
        + row(_("Going to the deck"), yes if _P.drop_out else no, yes if _A.drop_out else no,
              yes if _G.drop_out else no)
        + row(_("Deck"), _deck(_P), _deck(_A), _deck(_G))
        + "</table>")


LESSON_8 = (
    Step(N_("The fixed top cards"), lambda: html(
        para(_("Argentine truco, and gaúcho truco (truco gaudério) in the south of Brazil, "
               "have <b>no vira</b>. The four strongest cards are always the same, strongest "
               "first: {tops}.").format(tops=_tops())),
        para(_("Below them come {order}.").format(order=_order())),
        para(_("Argentine tables play with the {argentine}; gaúcho tables play with the "
               "{gaucho}.").format(argentine=_decks(_A), gaucho=_decks(_G)))),
         "top_cards"),
    Step(N_("Counting envido points"), lambda: html(
        para(_("The <b>envido</b> is a bet on the cards you hold. Each card is worth its "
               "number; the face cards (sota, caballo, rey) are worth 0.")),
        para(_("Two cards of the same suit: 20 plus their two numbers. No two of a suit: your "
               "highest number alone. With three cards of one suit, count the two highest. "
               "The best envido is {best}: the 7 and the 6 of one suit.").format(best=_BEST)),
        para(_("Deal hands in the demo and follow the count step by step."))),
         "envido_walk"),
    Step(N_("The envido ladder"), lambda: html(
        para(_("On your turn in the first trick, before you play your card, you may call "
               "<b>envido</b> (worth {envido}). The other team answers <b>quiero</b> (accept), "
               "<b>no quiero</b> (refuse), or raises: <b>real envido</b> (worth {real}) or "
               "<b>falta envido</b> (worth what the leading team still needs to win the "
               "game).").format(envido=_E, real=_R)),
        para(_("Quiero: the team with more envido points scores all the calls added up, or "
               "the falta alone. A tie goes to the mão's team (gaúcho tables: a tie at 0 goes "
               "first to the highest face card, king, then jack, then queen).")),
        para(_("No quiero: the team that made the last call scores the calls before it, or 1 "
               "when there was only one call. At 0 to 0, quiero / no quiero pays:")),
        _examples(),
        para(_("Only one envido exchange per hand. Envido may be called twice, then real "
               "envido once (gaúcho tables: again and again), and falta envido last."))),
         "envido_ladder"),
    Step(N_("Envido comes first"), lambda: html(
        para(_("Ana calls truco before anyone spoke of envido. Bruno has not played a card "
               "yet, so he may answer with envido: the envido comes first and the truco "
               "waits.")),
        para(_("When the envido is settled, the turn goes back: Bruno still has to answer the "
               "truco. After you call envido on your turn, you still play your card.")),
        para(_("Once a truco is accepted, nobody may call envido. After a quiero, both teams "
               "say their envido points aloud, so everyone knows them."))),
         "lines:envido"),
    Step(N_("Flor and contraflor"), lambda: html(
        para(_("At gaúcho tables, three cards of one suit are a <b>flor</b>, worth 20 plus all "
               "three numbers. It is announced as the cards are dealt, and then nobody may "
               "call envido in that hand.")),
        para(_("Only one team holds flor: it scores {flor} for each flor, at once.").format(
            flor=FLOR_SCORE)),
        para(_("Both teams hold flor: the second one answers. <b>Flor</b>: the flors are "
               "compared at the end of the hand, and the higher scores {flor} for each flor. "
               "<b>Contraflor</b>: if accepted, the higher flor scores {win} at the end; if "
               "refused, the team that called it scores {fold}. <b>Contraflor al resto</b>: accepted, "
               "{win} plus what the leading team needs to win the game; refused, {fold} as well. "
               "<b>Con flor me "
               "achico</b>: giving in, and the other team scores {fold}.").format(
                   flor=FLOR_SCORE, win=CONTRAFLOR_WIN, fold=FOLD_OR_ACHICO))),
         "lines:flor"),
    Step(N_("Going to the deck"), lambda: html(
        para(_("On your turn, when no call waits for an answer, you may say <b>me voy al "
               "mazo</b> (go to the deck): you leave the hand, and nobody sees your cards.")),
        para(_("With two players the hand ends: the other player scores what the hand is worth "
               "now, plus 1 if no card was played yet and an envido could still have been "
               "called. With four players your partner plays on alone, until both of you have "
               "left."))),
         "lines:drop"),
    Step(N_("How it differs from Paulista"), lambda: html(
        para(_ties()),
        _compare())),
    Step(N_("Play Argentine truco"), lambda: html(
        para(_("Play a game to {target} against the <b>coach</b>, on the {table} table. Try "
               "an envido when you hold many points, and go to the deck with a weak "
               "hand.").format(target=_A.target, table=table_label(ARGENTINO))),
        para(_("The coach explains every move it makes. Ask <b>Why?</b> to see its "
               "reasons."))),
         "play"),
)

ARGENTINE = (
    (8, "08_argentine_and_gauderio", N_("Truco argentino and gaudério"),
     N_("The fixed top cards, counting envido points, the envido ladder, flor and contraflor, "
        "going to the deck, and how it differs from Paulista."), LESSON_8, ARGENTINO),
)
