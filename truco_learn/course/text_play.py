"""The steps of lessons 4 to 7 (betting, eleven and iron, partners, play and review).

>>> [spec[0] for spec in PLAY]
[4, 5, 6, 7]
"""

from __future__ import annotations

from .steps import Step

LESSON_4 = (
    Step("Truco!", """
<p>A hand is worth <b>1 point</b>. On your turn, before you play a card, you may shout
<b>truco</b>: you propose that the hand is worth <b>3</b>.</p>
<p>The other team answers. If they <b>accept</b>, the hand is worth 3.</p>""",
         "hand:truco_accepted"),
    Step("Running (correr)", """
<p>The other team may also <b>run</b> (in Portuguese, <i>correr</i>): give up the hand
at once.</p>
<p>Then you score what the hand was worth <b>before</b> your call. Run from a truco: the
caller scores 1. Run from a seis: the caller scores 3.</p>""", "hand:truco_folded"),
    Step("The ladder 1-3-6-9-12", """
<p>The stake climbs a ladder: <b>1 → 3 (truco) → 6 (seis) → 9 (nove) → 12 (doze)</b>.</p>
<p>Raises take turns: after your team's raise is accepted, only the <b>other</b> team may
raise next. At 12 nobody may raise.</p>
<p>Truco Mineiro uses another ladder: 2 → 4 → 6 → 10 → 12 (truco, seis, dez, doze).</p>""",
         "hand:up_to_doze"),
    Step("Raising as an answer", """
<p>You can answer a truco with <b>seis</b>. That accepts the 3 and proposes 6 in one
breath. Now the first team must answer: accept, run, or raise again (nove).</p>
<p>If they run, you score the 3 you had accepted.</p>""", "hand:seis_answer"),
    Step("Who may not raise", """
<p>You may not raise when a call is still waiting for its answer, when your team made the
last accepted raise, at 12, or in a hand of eleven or an iron hand (lesson 5).</p>
<p>Heads-up (2 players) tables also grey out a pointless raise: when your score plus what
the hand is already worth reaches 12, winning the hand wins the game anyway.</p>"""),
    Step("Should you accept?", """
<p>Example: Bruno calls truco. If you run, you lose 1. If you accept, you win 3 or lose 3.</p>
<p>If you win such hands half the time, accepting is worth 0 on average: better than -1.
Accepting truco pays as soon as you win more than <b>1 in 3</b> of such hands.</p>
<p>Try the calculator: move the sliders and compare the answers.</p>""", "calculator"),
    Step("Should you call?", """
<p>A call can win even with a weak hand: if they run, you score at once. That is a
<b>bluff</b> (in Portuguese, <i>blefe</i>).</p>
<p>The calculator's second part weighs your chance to win against their chance to run.</p>""",
         "calculator"),
)

LESSON_5 = (
    Step("The hand of eleven (mão de onze)", """
<p>Example: the score is 11 to 4. Ana's team needs one more point. Before anyone plays, Ana
looks at her cards and decides: <b>play</b> or <b>run</b>.</p>
<p>If she plays, the hand is worth <b>3</b> to whoever wins it, and <b>nobody may call
truco</b>. If she runs, the other team scores <b>1</b>.</p>""", "hand:eleven_play"),
    Step("Deciding: play or run", """
<p>Play with a good hand: a manilha, or two 3s and 2s. Run with small cards: you lose 1
point instead of 3.</p>
<p>With four players the two partners at eleven see <b>each other's</b> cards before the
decision.</p>""", "lines:eleven"),
    Step("The arithmetic of eleven", """
<p>Playing risks 3 points to win 3. Running costs 1. So playing pays, on average, as soon as
you win more than <b>1 in 3</b> of such hands.</p>
<p>But the score matters too: losing 3 can bring the other team close to 12. Try the
calculator's last line.</p>""", "calculator"),
    Step("Worked example", """
<p>Ana is at 11, Bruno at 4. She holds 4, 6 and queen, no manilha. If she plays, she might
lose 3 and let Bruno reach 7. If she runs, Bruno only gets 1 (11 to 5), and Ana plays the
next hand at eleven again.</p>
<p>Some tables punish a truco shouted in a hand of eleven with the loss of the hand. Here the
app simply never offers it.</p>""", "hand:eleven_run"),
    Step("The iron hand (mão de ferro)", """
<p>When <b>both</b> teams have 11, it is the <b>iron hand</b>. Nobody looks at their own
cards! Each card is played blind and turned face up as it lands.</p>
<p>No truco, no covered cards. The winner scores 3 and wins the game. If all three tricks
tie, the hand is dealt again.</p>
<p>Play one: pick a face-down card to turn up.</p>""", "iron"),
    Step("Ten in Mineiro", """
<p>Truco Mineiro has the same idea one point earlier: the hand of <b>ten</b> is worth 4, and
running gives the other team 2. Its iron hand is worth 4.</p>
<p>The Federação Paulista adds one rule: a hand of eleven with all three tricks tied is
lost by the team at eleven.</p>"""),
)

LESSON_6 = (
    Step("Four seats", """
<p>With four players, partners sit <b>opposite</b> each other: Ana and Carla against Bruno
and Davi. Play goes round the table: Ana, Bruno, Carla, Davi.</p>
<p>The <b>mão</b> is the player after the dealer: she leads the first trick.</p>""",
         "hand:partners_tie"),
    Step("The covered card (encoberta)", """
<p>From the second trick on, you may play a card <b>face down</b>. It is worth nothing: it
cannot win or tie. Nobody ever learns what it was.</p>
<p>Why? To hide information: your partner already took the trick, so you keep your secret.
You cannot cover in the first trick.</p>""", "hand:covered_card"),
    Step("Who leads after a tie", """
<p>Tables disagree. Usually whoever <b>led</b> the tied trick leads again. Under the
Federação rules the player of the <b>first tying card</b> leads.</p>
<p>In the demo, choose <i>After a tie, the leader leads</i>, then <i>After a tie, the first
tying card leads</i>: the same cards, two table rules.</p>""", "lines:partners"),
    Step("Signals at real tables", """
<p>At a real table partners talk with secret signs: a <b>wink</b> means "I have the zap",
<b>raised eyebrows</b> mean copas, and other faces stand for other strong cards.</p>
<p>Each table decides whether signals are allowed. The opponents watch for them too! The
app has no signals yet.</p>"""),
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
     "Truco, seis, nove and doze: who may raise, what running pays, raising as an answer, "
     "and the arithmetic of a call.", LESSON_4),
    (5, "05_eleven_and_iron", "The hand of eleven and the iron hand",
     "Playing or running at eleven points, and the blind iron hand at 11-11.", LESSON_5),
    (6, "06_partners", "Playing with a partner",
     "Four seats, the covered card, who leads after a tie, signals, and the exposed-card "
     "rule.", LESSON_6),
    (7, "07_play_and_review", "Play and review",
     "A full game against the coach, with every move explained and a review after each "
     "hand.", LESSON_7),
)
