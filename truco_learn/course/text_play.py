"""The steps of lessons 4 to 7 (betting, eleven and iron, partners, play and review).

Every sentence is a catalog message, written when the step is shown (in the learner's
language); its numbers come from the engine's presets through :mod:`.tables`.

>>> [spec[0] for spec in PLAY]
[4, 5, 6, 7]
"""

from __future__ import annotations

from ..engine.options import Options
from ..errors import ConfigError
from ..i18n import N_, _, ngettext
from ..i18n.numbers import percent, points
from .stakes import eleven_values
from .steps import Step, html, para
from .tables import (break_even, by_seats, fold_text, labels, ladder_text, step_name, style,
                     tables)
from .text_basics import line_name

_P, _M = style("paulista"), style("mineiro")
_WORKED = eleven_values(0.0, _P.eleven_value, _P.eleven_fold, at=_P.eleven_at, their=4,
                        target=_P.target)
_FPT = [o for o in tables() if o.exposed_card or o.eleven_all_tied != "as_usual"]
_FPT_ELEVEN = any(o.eleven_all_tied == "eleven_team_loses" for o in _FPT)
_FPT_EXPOSED = any(o.exposed_card for o in _FPT)
if not (_FPT_ELEVEN or _FPT_EXPOSED):
    raise ConfigError("lesson 5 names the Federação Paulista's own rules: no table has one")


def _accept_line(o: Options) -> str:
    n, d = break_even(o)
    # Translators: a clause, after "In Truco Paulista".
    return _("running loses {stake} and accepting plays for {proposed}, so accepting pays as "
             "soon as you win more than <b>{n} in {d}</b> of such hands").format(
                 stake=o.ladder[0], proposed=o.ladder[1], n=n, d=d)


def _pointless(o: Options) -> str:
    if not o.no_pointless_raise:
        return _("such a raise is allowed")
    # Translators: a clause: "{target}" is the points that win the game.
    return _("a pointless raise is greyed out: calling when your score plus what the hand is "
             "already worth reaches {target}, and raising as an answer when your score plus "
             "the value just proposed to you reaches {target} (accepting alone would win you "
             "the game)").format(target=o.target)


def _iron_choice(o: Options) -> str:
    return (_("each turn flips your top card") if o.iron_choice == "top" else
            _("you pick one of your face-down cards without seeing it"))


def _covering(o: Options) -> str:
    return (_("you may play a card <b>face down</b> from the second trick on")
            if o.covered_cards else _("nobody plays a card face down"))


def _federacao() -> str:
    """The Federação Paulista's own rules, one sentence per how many there are."""
    eleven = _("a hand of eleven with all three tricks tied is lost by the team at eleven (the "
               "other team scores {value})").format(value=_P.eleven_value)
    exposed = _("the exposed-card rule of lesson 6")
    if _FPT_ELEVEN and _FPT_EXPOSED:
        # Translators: "{first}" and "{second}" are the two rules, each a phrase.
        return _("The Federação Paulista adds two rules: {first}; and {second}.").format(
            first=eleven, second=exposed)
    return _("The Federação Paulista adds one rule: {rule}.").format(
        rule=eleven if _FPT_ELEVEN else exposed)


LESSON_4 = (
    Step(N_("Truco!"), lambda: html(
        para(_("In Truco Paulista a hand starts worth <b>{start}</b>. On your turn, before you\n"
               "play a card, you may shout <b>truco</b>: you propose that the hand is worth\n"
               "<b>{truco}</b>. (In Truco Mineiro a hand starts at {m_start} and truco "
               "proposes\n{m_truco}.)").format(start=points(_P.ladder[0]), truco=_P.ladder[1],
                                               m_start=_M.ladder[0], m_truco=_M.ladder[1])),
        para(_("The other team answers. If they <b>accept</b>, the hand is worth {truco} "
               "(Mineiro:\n{m_truco}). The stake is\nfor the <b>whole hand</b>: whoever wins "
               "the hand scores it.").format(truco=_P.ladder[1], m_truco=_M.ladder[1]))),
         "hand:truco_accepted"),
    Step(N_("Running (correr)"), lambda: html(
        para(_("The other team may also <b>run</b> (in Portuguese, <i>correr</i>): give up the "
               "hand\nat once.")),
        para(_("Then you score what the hand was worth <b>before</b> your call. In Truco "
               "Paulista:\n{paulista}. In Truco Mineiro: {mineiro}.").format(
                   paulista=fold_text(_P), mineiro=fold_text(_M)))),
         "hand:truco_folded"),
    Step(N_("The ladders"), lambda: html(
        para(_("In Truco Paulista the stake climbs a ladder: <b>{ladder}</b>.").format(
            ladder=ladder_text(_P))),
        para(_("Raises take turns: after your team's raise is accepted, only the <b>other</b> "
               "team may\nraise next. At {top} nobody may raise.").format(top=_P.ladder[-1])),
        para(_("Truco Mineiro uses another ladder: {ladder}.").format(ladder=ladder_text(_M))),
        para(_("Mineiro tables vary more than most: many in Minas Gerais play truco 4, seis 8, "
               "nove 10 and\ndoze 12, and one rulebook even has a Mineiro truco bet only the "
               "current trick. In this app, as\nin Paulista, every raise stakes the whole "
               "hand."))),
         "hand:up_to_doze"),
    Step(N_("Raising as an answer"), lambda: html(
        para(_("You can answer a truco with <b>seis</b>. That accepts the truco and proposes\n"
               "{seis} in one breath. Now the first team must answer: accept, run, or raise "
               "again,\nto {paulista} in Truco Paulista; to {mineiro} in Truco\nMineiro.").format(
                   seis=_P.ladder[2], paulista=step_name(_P, _P.ladder[3]),
                   mineiro=step_name(_M, _M.ladder[3]))),
        para(_("If they run, you score the truco you had accepted: {paulista} in Truco "
               "Paulista,\n{mineiro} in Truco Mineiro.").format(paulista=_P.ladder[1],
                                                                mineiro=_M.ladder[1]))),
         "hand:seis_answer"),
    Step(N_("Who may not raise"), lambda: html(
        para(_("You may not call a new raise while another call is waiting for its answer, "
               "though the team\nthat answers may raise as its answer, as in the last step. Nor "
               "when your team made the last\naccepted raise, at the top of the ladder ({top}), "
               "or in a hand of eleven (Mineiro:\nthe hand of ten) or an iron hand (lesson "
               "5).").format(top=_P.ladder[-1])),
        para(by_seats(_pointless)))),
    Step(N_("Should you accept?"), lambda: html(
        para(_("Example in Truco Paulista: Bruno calls truco. If you run, you lose {stake}. If "
               "you\naccept, you win {truco} or lose {truco}. If you win such hands half the "
               "time,\naccepting is worth 0 on average: better than the −{stake} of "
               "running.").format(stake=_P.ladder[0], truco=_P.ladder[1])),
        para(_("In Truco Paulista {paulista}. In Truco Mineiro {mineiro}.").format(
            paulista=_accept_line(_P), mineiro=_accept_line(_M))),
        para(_("Try the calculator: choose the ladder, change the numbers and compare the "
               "answers."))),
         "calculator"),
    Step(N_("Should you call?"), lambda: html(
        para(_("A call can win even with a weak hand: if they run, you score at once. That is "
               "a\n<b>bluff</b> (in Portuguese, <i>blefe</i>).")),
        para(_("The calculator's second part weighs your chance to win against their chance to "
               "run."))),
         "calculator"),
)

LESSON_5 = (
    Step(N_("The hand of eleven (mão de onze)"), lambda: html(
        para(_("Example in Truco Paulista: the score is {eleven} to 4. Ana's team needs\n"
               "{needed} more. Before anyone plays, Ana looks at her cards and decides:\n"
               "<b>play</b> or <b>run</b>.").format(
                   eleven=_P.eleven_at, needed=points(_P.target - _P.eleven_at))),
        para(_("If she plays, the hand of eleven is worth <b>{value}</b> to whoever wins it, "
               "and\n<b>nobody may call truco</b>. If she runs, the other team scores\n"
               "<b>{fold}</b>.").format(value=_P.eleven_value, fold=_P.eleven_fold))),
         "hand:eleven_play"),
    Step(N_("Deciding: play or run"), lambda: html(
        para(_("Play with a good hand: a manilha, or two high cards (3s or 2s). Winning the "
               "hand wins the game. Run\nwith small cards: the other team scores only {fold} instead of "
               "{value},\nand you play the next hand at eleven again, with new cards (if that point "
               "takes them to eleven\ntoo, the next hand is the iron hand).").format(
                   fold=_P.eleven_fold, value=_P.eleven_value)),
        para(_("With four players the two partners at eleven see <b>each other's</b> cards, for "
               "the whole\nhand."))),
         "lines:eleven"),
    Step(N_("The arithmetic of eleven"), lambda: html(
        para(_("At eleven <b>any win ends the game</b>, so count your chance to win the game, "
               "not points.\nPlay: you win the game at once if you win this hand; if you lose "
               "it, the other team scores\n{value}. Run: the other team scores only {fold}, and "
               "you stay at eleven.").format(value=_P.eleven_value, fold=_P.eleven_fold)),
        para(_("So play when your chance to win this hand beats your chance to win the game "
               "after running,\nwhich depends on the other team's score. Try the calculator's "
               "last line: move their score and\nyour chance."))),
         "calculator"),
    Step(N_("Worked example"), lambda: html(
        para(_("Ana is at {eleven}, Bruno at 4. She holds 4, 6 and queen, no manilha. If she "
               "plays\nand loses, Bruno reaches {lost}. If she runs, Bruno only gets {fold}\n"
               "({eleven} to {after_fold}), and Ana plays the next hand at eleven again, with "
               "new\ncards. With Bruno at 4 the calculator says playing pays only if she wins "
               "such a hand more than\n{percent} of the time: with no manilha and no 3, she "
               "runs.").format(eleven=_P.eleven_at, lost=4 + _P.eleven_value,
                               fold=_P.eleven_fold, after_fold=4 + _P.eleven_fold,
                               percent=percent(_WORKED.break_even))),
        para(_("Some tables punish a truco shouted in a hand of eleven with the loss of the "
               "hand. Here the\napp simply never offers it."))),
         "hand:eleven_run"),
    Step(N_("The iron hand (mão de ferro)"), lambda: html(
        para(_("When <b>both</b> teams have {eleven} points or more (Mineiro: {m_eleven}), it "
               "is\nthe <b>iron hand</b>. Nobody looks at their own cards! Each card is played "
               "blind and turned\nface up as it lands.").format(eleven=_P.eleven_at,
                                                               m_eleven=_M.eleven_at)),
        para(_("No truco, no covered cards. The winner scores {value} (Mineiro {m_value})\nand "
               "wins the game. If all three tricks tie, the hand is dealt again.").format(
                   value=_P.iron_value, m_value=_M.iron_value)),
        # Translators: "{rule}" says how each kind of table picks the iron hand's cards.
        para(_("{rule} The demo plays it the four-seat way: pick a face-down card to\nturn "
               "up.").format(rule=by_seats(_iron_choice)))),
         "iron"),
    Step(N_("Ten in Mineiro"), lambda: html(
        para(ngettext(
            "Truco Mineiro has the same idea {n} point earlier: the\n<b>hand of ten</b> "
            "(<i>mão de dez</i>) is worth {value}, and running gives the other\nteam {fold}. Its "
            "iron hand, when both teams have {eleven} or more, is worth\n{iron}. Some Mineiro "
            "tables play a hand of eleven instead; this app plays the hand of\nten.",
            "Truco Mineiro has the same idea {n} points earlier: the\n<b>hand of ten</b> "
            "(<i>mão de dez</i>) is worth {value}, and running gives the other\nteam {fold}. Its "
            "iron hand, when both teams have {eleven} or more, is worth\n{iron}. Some Mineiro "
            "tables play a hand of eleven instead; this app plays the hand of\nten.",
            _P.eleven_at - _M.eleven_at).format(
                n=_P.eleven_at - _M.eleven_at, value=_M.eleven_value, fold=_M.eleven_fold,
                eleven=_M.eleven_at, iron=_M.iron_value)),
        para(_federacao()))),
)

LESSON_6 = (
    Step(N_("Four seats"), lambda: html(
        para(_("With four players, partners sit <b>opposite</b> each other: Ana and Carla "
               "against Bruno\nand Davi. Play goes round the table: Ana, Bruno, Carla, Davi.")),
        para(_("The <b>mão</b> is the player after the dealer: she leads the first trick."))),
         "hand:partners_tie"),
    Step(N_("The covered card (encoberta)"), lambda: html(
        # Translators: "{rule}" says where a card may be played face down.
        para(_("{rule} A covered card is worth nothing: it cannot win or tie. Nobody ever\n"
               "learns what it was. You cannot cover in the first trick, nor in the iron "
               "hand.").format(rule=by_seats(_covering))),
        para(_("Why? To hide information. In the demo Ana leads the second trick with her "
               "weakest card face\ndown: her partner Carla can still take the trick, and the "
               "other team never learns what Ana\nthrew away."))),
         "hand:covered_card"),
    Step(N_("Who leads after a tie"), lambda: html(
        para(_("Tables disagree. At {leader}\ntables whoever <b>led</b> the tied trick leads "
               "again. At\n{first_tying} tables the player of\nthe <b>first tying card</b> leads. "
               "With two players both rules pick the same player.").format(
                   leader=labels(lambda o: o.seats == 4 and o.lead_after_tie == "leader"),
                   first_tying=labels(
                       lambda o: o.seats == 4 and o.lead_after_tie == "first_tying"))),
        para(_("At every table, if no card of the tied trick was face up (all covered), whoever "
               "led it leads\nagain.")),
        # Translators: "{leader}" and "{first_tying}" are names of hands in the demo's list.
        para(_("In the demo, choose <i>{leader}</i>, then <i>{first_tying}</i>: the same cards, "
               "two table rules.").format(leader=line_name("tie_leader_leads"),
                                          first_tying=line_name("tie_first_tying_leads")))),
         "lines:partners"),
    Step(N_("Signals at real tables"), lambda: html(
        para(_("At a real table partners talk with secret signs: a <b>wink</b> means \"I have "
               "the zap\",\n<b>raised eyebrows</b> mean copas, and other faces stand for other "
               "strong cards.")),
        para(_("Each table decides whether signals are allowed. The opponents watch for them "
               "too! In the\napp, a four-player table on the Tables page can switch on secret "
               "signals: on your turn you may\ntell your partner, truthfully, your best card, and "
               "only your partner sees it.")))),
    Step(N_("The exposed-card rule"), lambda: html(
        para(_("A Federação Paulista rule. Example: Ana's 3 is already on the table. Bruno "
               "calls truco,\nthen ties the trick with his own 3.")),
        para(_("If a trick ties on a card that was <b>already face up when the last raise of "
               "that\ntrick</b> was made, the team that made that raise <b>loses the hand</b> at "
               "once. The other\nteam scores the accepted stake."))),
         "hand:exposed_rule"),
    Step(N_("The same cards elsewhere"), lambda: html(
        para(_("At a table without the rule the tie is an ordinary tie and the hand goes on. "
               "Compare\nboth lines in the demo."))),
         "hand:no_exposed_rule"),
)

LESSON_7 = (
    Step(N_("Ready to play"), lambda: html(
        para(_("You know the cards, the manilhas, the ties, the bets, the hand of eleven and the "
               "iron\nhand. Now play a whole game to 12 against the <b>coach</b>.")),
        para(_("The coach explains every move it makes. Ask <b>Why?</b> to see its "
               "reasons.")))),
    Step(N_("Play against the coach"), lambda: html(
        para(_("After every hand the coach reviews <b>your</b> moves and shows the ones it would "
               "have\nplayed differently, with the reason."))),
         "play"),
)

PLAY = (
    (4, "04_betting", N_("Betting"),
     N_("Truco, seis, nove (Mineiro: dez) and doze: who may raise, what running pays, raising "
        "as an answer, and the arithmetic of a call."), LESSON_4),
    (5, "05_eleven_and_iron", N_("The hand of eleven and the iron hand"),
     N_("Playing or running at eleven points (Mineiro: ten), and the blind iron hand when both "
        "teams are there."), LESSON_5),
    (6, "06_partners", N_("Playing with a partner"),
     N_("Four seats, the covered card, who leads after a tie, signals, and the exposed-card "
        "rule."), LESSON_6),
    (7, "07_play_and_review", N_("Play and review"),
     N_("A full game against the coach, with every move explained and a review after each "
        "hand."), LESSON_7),
)
