"""The steps of lessons 1 to 3 (the cards, the vira and the manilhas, tricks and ties).

Every sentence is a catalog message, written when the step is shown (in the learner's
language); the numbers and the table names in it come from :mod:`.tables`.

>>> [spec[0] for spec in BASICS]
[1, 2, 3]
"""

from __future__ import annotations

from ..i18n import N_, _
from .cards_demo import mineiro_manilhas
from .deals import find_line
from .steps import Step, html, para
from .tables import by_seats, labels, style, tables

_TARGET = style("paulista").target
assert all(o.target == _TARGET for o in tables()), "lesson 1 states one target for every table"


# The hand walk's button, whose words live in the demos catalog (a variable, so that the
# course catalog does not extract it a second time).
NEXT_MOVE = "Next move ▶"


def shown(label: str) -> str:
    """What a learner reads on another part of the page (a button, a scripted hand's name),
    in the current language, without its arrow: the step names it the same way."""
    return _(label).removesuffix(" ▶")


def line_name(key: str) -> str:
    """A scripted hand's name as the demo's list shows it."""
    return shown(find_line(key).title)


def _mineiro() -> str:
    return ", ".join(f"<b>{name}</b>" for name in mineiro_manilhas())


def _exception() -> str:
    return para(_("One exception, at {tables} tables only: the exposed-card rule (lesson 6) "
                  "can decide a tied trick before this rule does.").format(
                      tables=labels(lambda o: o.exposed_card)))


# who scores when all three tricks tie (Options.all_tied), as a clause and as a whole sentence
_ALL_TIED_WHO = {"nobody": N_("nobody scores"), "dealer_team": N_("the dealer's team scores"),
                 "mao_team": N_("the mão's team scores")}
# (said of the Brazilian tables only: lesson 8's Argentine and gaúcho tables have a rule of
# their own, RULES.md all_tied = mao_team)
_ALL_TIED_EVERYWHERE = {
    "nobody": N_("If all three tricks are tied, <b>nobody scores</b> at every Paulista and "
                 "Mineiro table this app offers."),
    "dealer_team": N_("If all three tricks are tied, <b>the dealer's team scores</b> at every "
                      "Paulista and Mineiro table this app offers."),
    "mao_team": N_("If all three tricks are tied, <b>the mão's team scores</b> at every "
                   "Paulista and Mineiro table this app offers."),
}


def _all_tied() -> str:
    """Who scores when all three tricks tie, at every Brazilian table the app offers."""
    said = {o.all_tied for o in tables()}
    if len(said) == 1:
        text = _(_ALL_TIED_EVERYWHERE[said.pop()])
    else:
        # Translators: "{rule}" is one sentence per kind of table ("At heads-up tables ...").
        text = _("If all three tricks are tied: {rule}").format(
            rule=by_seats(lambda o: _(_ALL_TIED_WHO[o.all_tied])))
    eleven = labels(lambda o: o.eleven_all_tied == "eleven_team_loses")
    return para(text + " " + _("At {tables} tables a hand of eleven with three tied tricks is "
                               "the exception: the team at eleven loses it (lesson 5).").format(
                                   tables=eleven))


LESSON_1 = (
    Step(N_("Welcome to Truco"), lambda: html(
        para(_("Truco is a card game from Brazil. You play to win <b>tricks</b>: everyone puts "
               "down one\ncard, and the strongest card takes the trick.")),
        para(_("A <b>hand</b> (in Portuguese, <i>mão</i>) is three tricks at most. Win two "
               "tricks and you\nwin the hand. The first team to {target} points wins the "
               "game.").format(target=_TARGET)),
        para(_("You can play with 2 people, or with 4 in two teams of partners.")))),
    Step(N_("The 40 cards"), lambda: html(
        para(_("Truco uses only 40 cards. Take a normal deck and remove the 8s, 9s, 10s and "
               "jokers.")),
        para(_("Each suit keeps ten ranks: <b>4 5 6 7 Q J K A 2 3</b>.")),
        para(_("Everyone gets three cards. You do <b>not</b> have to follow suit: play any card "
               "you like."))),
         "deck"),
    Step(N_("The ordinary order"), lambda: html(
        para(_("Here is an example first. A <b>3</b> beats a <b>2</b>. A <b>2</b> beats an "
               "<b>ace</b>. An\n<b>ace</b> beats a <b>king</b>.")),
        para(_("The full order, weakest to strongest, is:<br><b>4 &lt; 5 &lt; 6 &lt; 7 &lt; Q "
               "&lt; J &lt;\nK &lt; A &lt; 2 &lt; 3</b>.")),
        para(_("Watch out: the <b>queen ranks below the jack</b>. And the 3 is the strongest "
               "ordinary\ncard, even stronger than the ace."))),
         "deck"),
    Step(N_("Suits do not count"), lambda: html(
        para(_("The 3 of hearts and the 3 of spades are <b>equal</b>. For ordinary cards only "
               "the rank\nmatters, never the suit.")),
        para(_("When two equal cards of different teams are the best of a trick, the trick "
               "is\n<b>tied</b> (in Portuguese, <i>empate</i>). Lesson 3 shows what happens "
               "then.")))),
    Step(N_("French and Spanish decks"), lambda: html(
        para(_("In Brazil most people play with a French deck. Some tables use a Spanish deck. "
               "The game is\nthe same: only the names change.")),
        _("<ul><li>clubs = <i>bastos</i>, hearts = <i>copas</i>, spades = <i>espadas</i>,\n"
          "diamonds = <i>oros</i></li>\n<li>queen = <i>sota</i>, jack = <i>caballo</i>, king = "
          "<i>rey</i></li></ul>"),
        para(_("Switch the deck in the demo to see both names."))),
         "deck"),
)

LESSON_2 = (
    Step(N_("The vira"), lambda: html(
        para(_("In Truco Paulista, after the deal, the dealer turns one card face up on the "
               "table. It is\nthe <b>vira</b>\n(say <i>VEE-ra</i>: the card that is "
               "\"turned\").")),
        para(_("The vira belongs to nobody. It tells everyone which cards are the strongest in "
               "this\nhand.")))),
    Step(N_("The manilhas"), lambda: html(
        para(_("Example: the vira is a <b>6</b>. Then every <b>7</b> becomes a <b>manilha</b>: "
               "one of the\nfour strongest cards of the hand, stronger than any 3.")),
        para(_("The rule: the manilhas are the rank <b>right after</b> the vira in the order\n"
               "4 5 6 7 Q J K A 2 3.")),
        para(_("Pick a vira in the demo and see its manilhas."))),
         "vira_picker"),
    Step(N_("Two tricky viras"), lambda: html(
        para(_("Vira <b>7</b>: after the 7 comes the <b>queen</b> (there is no 8, 9 or 10). So "
               "the queens\nare the manilhas.")),
        para(_("Vira <b>3</b>: the 3 is the top, so the order wraps round to the start. The\n"
               "<b>4s</b>, normally the weakest cards, become the manilhas!")),
        para(_("Vira <b>Q</b>: the manilhas are the jacks, because the queen is below the "
               "jack."))),
         "vira_picker"),
    Step(N_("Zap, copas, espadilha, mole"), lambda: html(
        para(_("The four manilhas are never equal. Their suit decides, strongest first:")),
        _("<ol><li><b>zap</b>: clubs, the strongest card of the hand;</li>\n<li><b>copas</b>: "
          "hearts;</li>\n<li><b>espadilha</b>: spades;</li>\n<li><b>mole</b> (also "
          "<i>pica-fumo</i> or <i>ouros</i>): diamonds.</li></ol>"),
        para(_("So a trick can never be tied by two manilhas."))),
         "vira_picker"),
    Step(N_("The cards of the vira's rank"), lambda: html(
        para(_("Example: the vira is the 7 of diamonds. The other three 7s are still in play. "
               "They are\nordinary 7s: no stronger, no weaker than usual.")),
        para(_("Only the rank <b>after</b> the vira changes. The manilha rank leaves the "
               "ordinary order,\nso with vira 7 the ordinary order is 4 5 6 7 J K A 2 3."))),
         "vira_picker"),
    Step(N_("Mineiro: fixed manilhas"), lambda: html(
        para(_("In <b>Truco Mineiro</b> (from the state of Minas Gerais) there is no vira. The "
               "manilhas\nare always the same four cards:")),
        para(_mineiro() + "."),
        para(_("Every other 4, 7 and ace is an ordinary card there."))),
         "mineiro"),
)

LESSON_3 = (
    Step(N_("Winning a trick"), lambda: html(
        para(_("Example: Ana plays a king, Bruno plays a 2. The 2 is stronger, so Bruno wins the "
               "trick.\nHe leads the next trick: he plays first.")),
        # Translators: "{button}" is the demo's button that plays the next card.
        para(_("Win two tricks and you win the hand. Press <b>{button}</b> in the demo to see a "
               "whole\nhand, one card at a time.").format(button=shown(NEXT_MOVE)))),
         "hand:plain"),
    Step(N_("A tied first trick"), lambda: html(
        para(_("Ana and Bruno both play a 3: the first trick is <b>tied</b>.")),
        para(_("Then the <b>next trick that is not tied decides</b> the hand. Step through it "
               "with\n{button}.").format(button=shown(NEXT_MOVE))))
         + _exception(), "hand:first_tied"),
    Step(N_("Won, then tied"), lambda: html(
        para(_("Ana wins the first trick. The second trick is tied.")),
        para(_("Ana wins the hand at once: <b>the winner of the first trick wins</b>. Nobody "
               "plays a\nthird trick.")))
         + _exception(), "hand:second_tied"),
    Step(N_("One each, then tied"), lambda: html(
        para(_("Ana wins the first trick, Bruno the second. The third is tied.")),
        para(_("Again <b>the winner of the first trick wins</b> the hand. The first trick is "
               "worth more\nthan it looks!")))
         + _exception(), "hand:third_tied"),
    Step(N_("Two ties, then a winner"), lambda: html(
        para(_("The first two tricks are tied. The third trick decides the whole hand.")))
         + _exception(), "hand:two_tied"),
    Step(N_("All three tied"), lambda: _all_tied() + html(
        # Translators: "{all_tied}" and "{dealer}" are names of hands in the demo's list.
        para(_("Some other tables give the hand to the dealer's team, or to the mão's team. In "
               "the demo, choose\n<i>{all_tied}</i>, then <i>{dealer}</i>. Every hand of this "
               "lesson\nis in that list.").format(all_tied=line_name("all_tied"),
                                                 dealer=line_name("all_tied_dealer"))))
         + _exception(), "lines:tie"),
    Step(N_("Partners do not tie each other"), lambda: html(
        para(_("With four players, partners sit opposite. If Ana and her partner Carla play "
               "equal cards,\nand those are the best cards of the trick, it is <b>not</b> a "
               "tie: the trick is theirs.")),
        para(_("A tie needs the best card from <b>both</b> teams."))),
         "hand:partners_tie"),
)

BASICS = (
    (1, "01_cards", N_("The cards"),
     N_("The 40-card deck, the order of the cards (the queen below the jack), French and "
        "Spanish decks."), LESSON_1),
    (2, "02_vira_and_manilhas", N_("The vira and the manilhas"),
     N_("The card turned up, the four strongest cards, zap, copas, espadilha and mole, and "
        "Mineiro's fixed manilhas."), LESSON_2),
    (3, "03_tricks_and_ties", N_("Tricks and ties"),
     N_("Who wins a trick, and who wins the hand after every kind of tie."), LESSON_3),
)
