"""The steps of lessons 4 to 7 (betting, eleven and iron, partners, play and review).

>>> [spec[0] for spec in PLAY]
[4, 5, 6, 7]
"""

from __future__ import annotations

from ..engine.options import Options
from .stakes import eleven_values
from .steps import Step
from .tables import (break_even, by_seats, fold_text, labels, ladder_text, step_name, style,
                     tables)

_P, _M = style("paulista"), style("mineiro")
_WORKED = eleven_values(0.0, _P.eleven_value, _P.eleven_fold, at=_P.eleven_at, their=4,
                        target=_P.target)
_FPT = [o for o in tables() if o.exposed_card or o.eleven_all_tied != "as_usual"]


def _pts(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _accept_line(o: Options) -> str:
    stake, proposed = o.ladder[0], o.ladder[1]
    n, d = break_even(o)
    return (f"running loses {stake} and accepting plays for {proposed}, so accepting pays as "
            f"soon as you win more than <b>{n} in {d}</b> of such hands")


def _pointless(o: Options) -> str:
    if not o.no_pointless_raise:
        return "such a raise is allowed"
    return (f"a pointless raise is greyed out: calling when your score plus what the hand is "
            f"already worth reaches {o.target}, and raising as an answer when your score plus "
            f"the value just proposed to you reaches {o.target} (accepting alone would win you "
            "the game)")


def _iron_choice(o: Options) -> str:
    return ("each turn flips your top card" if o.iron_choice == "top" else
            "you pick one of your face-down cards without seeing it")


def _covering(o: Options) -> str:
    return ("you may play a card <b>face down</b> from the second trick on" if o.covered_cards
            else "nobody plays a card face down")


_FEDERACAO_RULES = []
if any(o.eleven_all_tied == "eleven_team_loses" for o in _FPT):
    _FEDERACAO_RULES.append("a hand of eleven with all three tricks tied is lost by the team at "
                            f"eleven (the other team scores {_P.eleven_value})")
if any(o.exposed_card for o in _FPT):
    _FEDERACAO_RULES.append("the exposed-card rule of lesson 6")
_COUNT = {1: "one rule", 2: "two rules", 3: "three rules"}[len(_FEDERACAO_RULES)]

LESSON_4 = (
    Step("Truco!", f"""
<p>In Truco Paulista a hand starts worth <b>{_pts(_P.ladder[0])}</b>. On your turn, before you
play a card, you may shout <b>truco</b>: you propose that the hand is worth
<b>{_P.ladder[1]}</b>. (In Truco Mineiro a hand starts at {_M.ladder[0]} and truco proposes
{_M.ladder[1]}.)</p>
<p>The other team answers. If they <b>accept</b>, the hand is worth {_P.ladder[1]} (Mineiro:
{_M.ladder[1]}). The stake is
for the <b>whole hand</b>: whoever wins the hand scores it.</p>""",
         "hand:truco_accepted"),
    Step("Running (correr)", f"""
<p>The other team may also <b>run</b> (in Portuguese, <i>correr</i>): give up the hand
at once.</p>
<p>Then you score what the hand was worth <b>before</b> your call. In Truco Paulista:
{fold_text(_P)}. In Truco Mineiro: {fold_text(_M)}.</p>""", "hand:truco_folded"),
    Step("The ladders", f"""
<p>In Truco Paulista the stake climbs a ladder: <b>{ladder_text(_P)}</b>.</p>
<p>Raises take turns: after your team's raise is accepted, only the <b>other</b> team may
raise next. At {_P.ladder[-1]} nobody may raise.</p>
<p>Truco Mineiro uses another ladder: {ladder_text(_M)}.</p>
<p>Mineiro tables vary more than most: many in Minas Gerais play truco 4, seis 8, nove 10 and
doze 12, and one rulebook even has a Mineiro truco bet only the current trick. In this app, as
in Paulista, every raise stakes the whole hand.</p>""",
         "hand:up_to_doze"),
    Step("Raising as an answer", f"""
<p>You can answer a truco with <b>seis</b>. That accepts the truco and proposes
{_P.ladder[2]} in one breath. Now the first team must answer: accept, run, or raise again,
to {step_name(_P, _P.ladder[3])} in Truco Paulista; to {step_name(_M, _M.ladder[3])} in Truco
Mineiro.</p>
<p>If they run, you score the truco you had accepted: {_P.ladder[1]} in Truco Paulista,
{_M.ladder[1]} in Truco Mineiro.</p>""", "hand:seis_answer"),
    Step("Who may not raise", f"""
<p>You may not call a new raise while another call is waiting for its answer, though the team
that answers may raise as its answer, as in the last step. Nor when your team made the last
accepted raise, at the top of the ladder ({_P.ladder[-1]}), or in a hand of eleven (Mineiro:
the hand of ten) or an iron hand (lesson 5).</p>
<p>{by_seats(_pointless)}</p>"""),
    Step("Should you accept?", f"""
<p>Example in Truco Paulista: Bruno calls truco. If you run, you lose {_P.ladder[0]}. If you
accept, you win {_P.ladder[1]} or lose {_P.ladder[1]}. If you win such hands half the time,
accepting is worth 0 on average: better than the −{_P.ladder[0]} of running.</p>
<p>In Truco Paulista {_accept_line(_P)}. In Truco Mineiro {_accept_line(_M)}.</p>
<p>Try the calculator: choose the ladder, move the sliders and compare the answers.</p>""",
         "calculator"),
    Step("Should you call?", """
<p>A call can win even with a weak hand: if they run, you score at once. That is a
<b>bluff</b> (in Portuguese, <i>blefe</i>).</p>
<p>The calculator's second part weighs your chance to win against their chance to run.</p>""",
         "calculator"),
)

LESSON_5 = (
    Step("The hand of eleven (mão de onze)", f"""
<p>Example in Truco Paulista: the score is {_P.eleven_at} to 4. Ana's team needs
{_pts(_P.target - _P.eleven_at)} more. Before anyone plays, Ana looks at her cards and decides:
<b>play</b> or <b>run</b>.</p>
<p>If she plays, the hand of eleven is worth <b>{_P.eleven_value}</b> to whoever wins it, and
<b>nobody may call truco</b>. If she runs, the other team scores
<b>{_P.eleven_fold}</b>.</p>""", "hand:eleven_play"),
    Step("Deciding: play or run", f"""
<p>Play with a good hand: a manilha, or two 3s and 2s. Winning the hand wins the game. Run
with small cards: the other team scores only {_P.eleven_fold} instead of {_P.eleven_value},
and you play the next hand at eleven again, with new cards.</p>
<p>With four players the two partners at eleven see <b>each other's</b> cards, for the whole
hand.</p>""", "lines:eleven"),
    Step("The arithmetic of eleven", f"""
<p>At eleven <b>any win ends the game</b>, so count your chance to win the game, not points.
Play: you win the game at once if you win this hand; if you lose it, the other team scores
{_P.eleven_value}. Run: the other team scores only {_P.eleven_fold}, and you stay at eleven.</p>
<p>So play when your chance to win this hand beats your chance to win the game after running,
which depends on the other team's score. Try the calculator's last line: move their score and
your chance.</p>""", "calculator"),
    Step("Worked example", f"""
<p>Ana is at {_P.eleven_at}, Bruno at 4. She holds 4, 6 and queen, no manilha. If she plays
and loses, Bruno reaches {4 + _P.eleven_value}. If she runs, Bruno only gets {_P.eleven_fold}
({_P.eleven_at} to {4 + _P.eleven_fold}), and Ana plays the next hand at eleven again, with new
cards. With Bruno at 4 the calculator says playing pays only if she wins such a hand more than
{round(100 * _WORKED.break_even)}% of the time: with no manilha and no 3, she runs.</p>
<p>Some tables punish a truco shouted in a hand of eleven with the loss of the hand. Here the
app simply never offers it.</p>""", "hand:eleven_run"),
    Step("The iron hand (mão de ferro)", f"""
<p>When <b>both</b> teams have {_P.eleven_at} points or more (Mineiro: {_M.eleven_at}), it is
the <b>iron hand</b>. Nobody looks at their own cards! Each card is played blind and turned
face up as it lands.</p>
<p>No truco, no covered cards. The winner scores {_P.iron_value} (Mineiro {_M.iron_value})
and wins the game. If all three tricks tie, the hand is dealt again.</p>
<p>{by_seats(_iron_choice)} The demo plays it the four-seat way: pick a face-down card to
turn up.</p>""", "iron"),
    Step("Ten in Mineiro", f"""
<p>Truco Mineiro has the same idea {_P.eleven_at - _M.eleven_at} point earlier: the
<b>hand of ten</b> (<i>mão de dez</i>) is worth {_M.eleven_value}, and running gives the other
team {_M.eleven_fold}. Its iron hand, when both teams have {_M.eleven_at} or more, is worth
{_M.iron_value}. Some Mineiro tables play a hand of eleven instead; this app plays the hand of
ten.</p>
<p>The Federação Paulista adds {_COUNT}: {'; and '.join(_FEDERACAO_RULES)}.</p>"""),
)

LESSON_6 = (
    Step("Four seats", """
<p>With four players, partners sit <b>opposite</b> each other: Ana and Carla against Bruno
and Davi. Play goes round the table: Ana, Bruno, Carla, Davi.</p>
<p>The <b>mão</b> is the player after the dealer: she leads the first trick.</p>""",
         "hand:partners_tie"),
    Step("The covered card (encoberta)", f"""
<p>{by_seats(_covering)} A covered card is worth nothing: it cannot win or tie. Nobody ever
learns what it was. You cannot cover in the first trick, nor in the iron hand.</p>
<p>Why? To hide information. In the demo Ana leads the second trick with her weakest card face
down: her partner Carla can still take the trick, and the other team never learns what Ana
threw away.</p>""", "hand:covered_card"),
    Step("Who leads after a tie", f"""
<p>Tables disagree. At {labels(lambda o: o.seats == 4 and o.lead_after_tie == "leader")}
tables whoever <b>led</b> the tied trick leads again. At
{labels(lambda o: o.seats == 4 and o.lead_after_tie == "first_tying")} tables the player of
the <b>first tying card</b> leads. With two players both rules pick the same player.</p>
<p>At every table, if no card of the tied trick was face up (all covered), whoever led it leads
again.</p>
<p>In the demo, choose <i>After a tie, the leader leads</i>, then <i>After a tie, the first
tying card leads</i>: the same cards, two table rules.</p>""", "lines:partners"),
    Step("Signals at real tables", """
<p>At a real table partners talk with secret signs: a <b>wink</b> means "I have the zap",
<b>raised eyebrows</b> mean copas, and other faces stand for other strong cards.</p>
<p>Each table decides whether signals are allowed. The opponents watch for them too! In the
app, a four-player table on the Tables page can switch on secret signals: on your turn you may
tell your partner, truthfully, your best card, and only your partner sees it.</p>"""),
    Step("The exposed-card rule", """
<p>A Federação Paulista rule. Example: Ana's 3 is already on the table. Bruno calls truco,
then ties the trick with his own 3.</p>
<p>If a trick ties on a card that was <b>already face up when the last raise of that
trick</b> was made, the team that made that raise <b>loses the hand</b> at once. The other
team scores the accepted stake.</p>""", "hand:exposed_rule"),
    Step("The same cards elsewhere", """
<p>At a table without the rule the tie is an ordinary tie and the hand goes on. Compare
both lines in the demo.</p>""", "hand:no_exposed_rule"),
)

LESSON_7 = (
    Step("Ready to play", """
<p>You know the cards, the manilhas, the ties, the bets, the hand of eleven and the iron
hand. Now play a whole game to 12 against the <b>coach</b>.</p>
<p>The coach explains every move it makes. Ask <b>Why?</b> to see its reasons.</p>"""),
    Step("Play against the coach", """
<p>After every hand the coach reviews <b>your</b> moves and shows the ones it would have
played differently, with the reason.</p>""", "play"),
)

PLAY = (
    (4, "04_betting", "Betting",
     "Truco, seis, nove (Mineiro: dez) and doze: who may raise, what running pays, raising as an answer, "
     "and the arithmetic of a call.", LESSON_4),
    (5, "05_eleven_and_iron", "The hand of eleven and the iron hand",
     "Playing or running at eleven points (Mineiro: ten), and the blind iron hand when both teams are there.", LESSON_5),
    (6, "06_partners", "Playing with a partner",
     "Four seats, the covered card, who leads after a tie, signals, and the exposed-card "
     "rule.", LESSON_6),
    (7, "07_play_and_review", "Play and review",
     "A full game against the coach, with every move explained and a review after each "
     "hand.", LESSON_7),
)
