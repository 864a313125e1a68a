"""The steps of lessons 1 to 3 (the cards, the vira and the manilhas, tricks and ties).

>>> [spec[0] for spec in BASICS]
[1, 2, 3]
"""

from __future__ import annotations

from .cards_demo import mineiro_manilhas
from .steps import Step
from .tables import by_seats, labels, style, tables

_MINEIRO = ", ".join(f"<b>{name}</b>" for name in mineiro_manilhas())
_TARGET = style("paulista").target
assert all(o.target == _TARGET for o in tables()), "lesson 1 states one target for every table"
_EXPOSED = labels(lambda o: o.exposed_card)
_EXCEPTION = (f"<p>One exception, at {_EXPOSED} tables only: the exposed-card rule (lesson 6) "
              "can decide a tied trick before this rule does.</p>")


def _all_tied() -> str:
    """Who scores when all three tricks tie, at every table the app offers."""
    words = {"nobody": "nobody scores", "dealer_team": "the dealer's team scores",
             "mao_team": "the mão's team scores"}
    said = {words[o.all_tied] for o in tables()}
    if len(said) == 1:
        text = f"If all three tricks are tied, <b>{said.pop()}</b> at every table this app offers."
    else:
        text = "If all three tricks are tied: " + by_seats(lambda o: words[o.all_tied])
    eleven = labels(lambda o: o.eleven_all_tied == "eleven_team_loses")
    return (f"<p>{text} At {eleven} tables a hand of eleven with three tied tricks is the "
            "exception: the team at eleven loses it (lesson 5).</p>")

LESSON_1 = (
    Step("Welcome to Truco", """
<p>Truco is a card game from Brazil. You play to win <b>tricks</b>: everyone puts down one
card, and the strongest card takes the trick.</p>
<p>A <b>hand</b> (in Portuguese, <i>mão</i>) is three tricks at most. Win two tricks and you
win the hand. The first team to """ + str(_TARGET) + """ points wins the game.</p>
<p>You can play with 2 people, or with 4 in two teams of partners.</p>"""),
    Step("The 40 cards", """
<p>Truco uses only 40 cards. Take a normal deck and remove the 8s, 9s, 10s and jokers.</p>
<p>Each suit keeps ten ranks: <b>4 5 6 7 Q J K A 2 3</b>.</p>
<p>Everyone gets three cards. You do <b>not</b> have to follow suit: play any card you like.</p>""",
         "deck"),
    Step("The ordinary order", """
<p>Here is an example first. A <b>3</b> beats a <b>2</b>. A <b>2</b> beats an <b>ace</b>. An
<b>ace</b> beats a <b>king</b>.</p>
<p>The full order, weakest to strongest, is:<br><b>4 &lt; 5 &lt; 6 &lt; 7 &lt; Q &lt; J &lt;
K &lt; A &lt; 2 &lt; 3</b>.</p>
<p>Watch out: the <b>queen ranks below the jack</b>. And the 3 is the strongest ordinary
card, even stronger than the ace.</p>""", "deck"),
    Step("Suits do not count", """
<p>The 3 of hearts and the 3 of spades are <b>equal</b>. For ordinary cards only the rank
matters, never the suit.</p>
<p>When two equal cards of different teams are the best of a trick, the trick is
<b>tied</b> (in Portuguese, <i>empate</i>). Lesson 3 shows what happens then.</p>"""),
    Step("French and Spanish decks", """
<p>In Brazil most people play with a French deck. Some tables use a Spanish deck. The game is
the same: only the names change.</p>
<ul><li>clubs = <i>bastos</i>, hearts = <i>copas</i>, spades = <i>espadas</i>,
diamonds = <i>oros</i></li>
<li>queen = <i>sota</i>, jack = <i>caballo</i>, king = <i>rey</i></li></ul>
<p>Switch the deck in the demo to see both names.</p>""", "deck"),
)

LESSON_2 = (
    Step("The vira", """
<p>In Truco Paulista, after the deal, the dealer turns one card face up on the table. It is
the <b>vira</b>
(say <i>VEE-ra</i>: the card that is "turned").</p>
<p>The vira belongs to nobody. It tells everyone which cards are the strongest in this
hand.</p>"""),
    Step("The manilhas", """
<p>Example: the vira is a <b>6</b>. Then every <b>7</b> becomes a <b>manilha</b>: one of the
four strongest cards of the hand, stronger than any 3.</p>
<p>The rule: the manilhas are the rank <b>right after</b> the vira in the order
4 5 6 7 Q J K A 2 3.</p>
<p>Pick a vira in the demo and see its manilhas.</p>""", "vira_picker"),
    Step("Two tricky viras", """
<p>Vira <b>7</b>: after the 7 comes the <b>queen</b> (there is no 8, 9 or 10). So the queens
are the manilhas.</p>
<p>Vira <b>3</b>: the 3 is the top, so the order wraps round to the start. The
<b>4s</b>, normally the weakest cards, become the manilhas!</p>
<p>Vira <b>Q</b>: the manilhas are the jacks, because the queen is below the jack.</p>""",
         "vira_picker"),
    Step("Zap, copas, espadilha, mole", """
<p>The four manilhas are never equal. Their suit decides, strongest first:</p>
<ol><li><b>zap</b>: clubs, the strongest card of the hand;</li>
<li><b>copas</b>: hearts;</li>
<li><b>espadilha</b>: spades;</li>
<li><b>mole</b> (also <i>pica-fumo</i> or <i>ouros</i>): diamonds.</li></ol>
<p>So a trick can never be tied by two manilhas.</p>""", "vira_picker"),
    Step("The cards of the vira's rank", """
<p>Example: the vira is the 7 of diamonds. The other three 7s are still in play. They are
ordinary 7s: no stronger, no weaker than usual.</p>
<p>Only the rank <b>after</b> the vira changes. The manilha rank leaves the ordinary order,
so with vira 7 the ordinary order is 4 5 6 7 J K A 2 3.</p>""", "vira_picker"),
    Step("Mineiro: fixed manilhas", """
<p>In <b>Truco Mineiro</b> (from the state of Minas Gerais) there is no vira. The manilhas
are always the same four cards:</p>
<p>""" + _MINEIRO + """.</p>
<p>Every other 4, 7 and ace is an ordinary card there.</p>""", "mineiro"),
)

LESSON_3 = (
    Step("Winning a trick", """
<p>Example: Ana plays a king, Bruno plays a 2. The 2 is stronger, so Bruno wins the trick.
He leads the next trick: he plays first.</p>
<p>Win two tricks and you win the hand. Press <b>Next move</b> in the demo to see a whole
hand, one card at a time.</p>""", "hand:plain"),
    Step("A tied first trick", """
<p>Ana and Bruno both play a 3: the first trick is <b>tied</b>.</p>
<p>Then the <b>next trick that is not tied decides</b> the hand. Step through it with
Next move.</p>""", "hand:first_tied"),
    Step("Won, then tied", """
<p>Ana wins the first trick. The second trick is tied.</p>
<p>Ana wins the hand at once: <b>the winner of the first trick wins</b>. Nobody plays a
third trick.</p>""" + _EXCEPTION, "hand:second_tied"),
    Step("One each, then tied", """
<p>Ana wins the first trick, Bruno the second. The third is tied.</p>
<p>Again <b>the winner of the first trick wins</b> the hand. The first trick is worth more
than it looks!</p>""" + _EXCEPTION, "hand:third_tied"),
    Step("Two ties, then a winner", """
<p>The first two tricks are tied. The third trick decides the whole hand.</p>""",
         "hand:two_tied"),
    Step("All three tied", _all_tied() + """
<p>Some other tables give the hand to the dealer's team, or to the mão's team. In the demo, choose
<i>All three tied</i>, then <i>All tied, where the dealer wins</i>. Every hand of this lesson
is in that list.</p>""", "lines:tie"),
    Step("Partners do not tie each other", """
<p>With four players, partners sit opposite. If Ana and her partner Carla play equal cards,
and those are the best cards of the trick, it is <b>not</b> a tie: the trick is theirs.</p>
<p>A tie needs the best card from <b>both</b> teams.</p>""", "hand:partners_tie"),
)

BASICS = (
    (1, "01_cards", "The cards",
     "The 40-card deck, the order of the cards (the queen below the jack), French and "
     "Spanish decks.", LESSON_1),
    (2, "02_vira_and_manilhas", "The vira and the manilhas",
     "The card turned up, the four strongest cards, zap, copas, espadilha and mole, and "
     "Mineiro's fixed manilhas.", LESSON_2),
    (3, "03_tricks_and_ties", "Tricks and ties",
     "Who wins a trick, and who wins the hand after every kind of tie.", LESSON_3),
)
