"""The fixed deals the lessons step through, one :class:`ScriptedHand` each.

Every claim a line makes (trick results, winner, points) is checked against the engine by the
tests, so the lesson text can never drift from the rules.

>>> [line.key for line in TIE_LINES]
['first_tied', 'second_tied', 'third_tied', 'two_tied', 'all_tied', 'all_tied_dealer', 'partners_tie']
>>> find_line("third_tied").results
(0, 1, -1)
"""

from __future__ import annotations

from types import MappingProxyType

from ..errors import ConfigError
from ..i18n import N_
from .deals_argentine import ARGENTINE_GROUPS, ARGENTINE_LINES
from .scripted import ScriptedHand

_FRENCH = MappingProxyType({"deck": "french"})  # the four-player lines name cards like the others
_VIRA = "4D"  # the fives are the manilhas; none of the two-player deals holds a five by accident

PLAIN_LINE = ScriptedHand(
    "plain", N_("Three tricks, no tie"),
    N_("Bruno's 2 beats Ana's king, so Bruno leads the second "
    "trick. Ana's 3 wins it. Bruno's queen takes the third: two tricks to one for Bruno."),
    "paulista-2p", 1, _VIRA, (("KS", "6C", "3H"), ("2C", "7D", "QS")),
    ("play:KS", "play:2C", "play:7D", "play:3H", "play:6C", "play:QS"), (1, 0, 1), 1, (0, 1))

TIE_LINES: tuple[ScriptedHand, ...] = (
    ScriptedHand(
        "first_tied", N_("First trick tied"),
        N_("Both play a 3: the first trick is tied. The next "
        "trick that is not tied decides the hand. Bruno's king beats Ana's 4."),
        "paulista-2p", 1, _VIRA, (("3S", "4C", "6H"), ("3H", "KC", "7S")),
        ("play:3S", "play:3H", "play:4C", "play:KC"), (-1, 1), 1, (0, 1)),
    ScriptedHand(
        "second_tied", N_("First won, second tied"),
        N_("Ana wins the first trick. The second is tied "
        "(two sixes). The winner of the first trick wins: no third trick is played."),
        "paulista-2p", 1, _VIRA, (("2S", "6C", "7H"), ("KC", "6D", "AH")),
        ("play:2S", "play:KC", "play:6C", "play:6D"), (0, -1), 0, (1, 0)),
    ScriptedHand(
        "third_tied", N_("One each, third tied"),
        N_("Ana wins the first trick, Bruno the second. "
        "The third is tied (two jacks). The winner of the FIRST trick wins the hand."),
        "paulista-2p", 1, _VIRA, (("AS", "4C", "JD"), ("KS", "7C", "JH")),
        ("play:AS", "play:KS", "play:4C", "play:7C", "play:JH", "play:JD"), (0, 1, -1), 0,
        (1, 0)),
    ScriptedHand(
        "two_tied", N_("First two tied, third decides"),
        N_("Two threes, then two twos: two tied "
        "tricks. The third trick decides: Bruno's king beats Ana's queen (the queen ranks "
        "below the jack and the king)."),
        "paulista-2p", 1, _VIRA, (("3S", "2C", "QH"), ("3C", "2D", "KD")),
        ("play:3S", "play:3C", "play:2C", "play:2D", "play:QH", "play:KD"), (-1, -1, 1), 1,
        (0, 1)),
    ScriptedHand(
        "all_tied", N_("All three tied"),
        N_("Three tied tricks. At every Paulista and Mineiro table this app "
        "offers, nobody scores."),
        "paulista-2p", 1, _VIRA, (("3S", "2C", "QH"), ("3C", "2D", "QD")),
        ("play:3S", "play:3C", "play:2C", "play:2D", "play:QH", "play:QD"), (-1, -1, -1), -1,
        (0, 0)),
    ScriptedHand(
        "all_tied_dealer", N_("All tied, where the dealer wins"),
        N_("The same cards at a table where "
        "an all-tied hand goes to the dealer's team: Bruno dealt, so Bruno scores."),
        "paulista-2p", 1, _VIRA, (("3S", "2C", "QH"), ("3C", "2D", "QD")),
        ("play:3S", "play:3C", "play:2C", "play:2D", "play:QH", "play:QD"), (-1, -1, -1), 1,
        (0, 1), overrides={"all_tied": "dealer_team"}),
    ScriptedHand(
        "partners_tie", N_("Partners with equal cards"),
        N_("Ana and her partner Carla both play a 3. Equal "
        "cards of the SAME team are no tie: the trick is theirs, and Ana, who played first, "
        "leads next."),
        "paulista-4p", 3, "KD", (("3S", "7C", "4H"), ("2C", "6D", "QS"), ("3H", "JC", "4S"),
                                 ("KC", "6H", "QH")),
        ("play:3S", "play:2C", "play:3H", "play:KC", "play:7C", "play:6D", "play:JC",
         "play:QH"), (0, 0), 0, (1, 0), overrides=_FRENCH),
)

BETTING_LINES: tuple[ScriptedHand, ...] = (
    ScriptedHand(
        "truco_accepted", N_("Truco, accepted"),
        N_("Ana calls truco before her first card. Bruno "
        "accepts, so the hand is worth 3, and Ana wins it."),
        "paulista-2p", 1, _VIRA, (("3S", "2C", "6H"), ("KC", "QD", "7S")),
        ("raise", "accept", "play:3S", "play:KC", "play:2C", "play:QD"), (0, 0), 0, (3, 0)),
    ScriptedHand(
        "truco_folded", N_("Truco, and a run"),
        N_("Ana calls truco. Bruno runs (corre). The hand was "
        "still worth 1 when Ana called, so Ana scores 1."),
        "paulista-2p", 1, _VIRA, (("3S", "2C", "6H"), ("KC", "QD", "7S")),
        ("raise", "fold"), (), 0, (1, 0)),
    ScriptedHand(
        "seis_answer", N_("Raising as an answer"),
        N_("Ana calls truco. Bruno answers seis: that "
        "accepts the 3 and proposes 6. Ana runs, so Bruno scores the 3 he had accepted."),
        "paulista-2p", 1, _VIRA, (("4C", "6S", "7H"), ("3C", "2D", "5S")),
        ("raise", "raise", "fold"), (), 1, (0, 3)),
    ScriptedHand(
        "up_to_doze", N_("All the way to doze"),
        N_("Truco, seis, nove, doze: the teams take turns "
        "raising. Ana accepts doze and wins 12 points: the whole game in one hand."),
        "paulista-2p", 1, _VIRA, (("5C", "5H", "3S"), ("KC", "QD", "7S")),
        ("raise", "raise", "raise", "raise", "accept", "play:5C", "play:KC", "play:5H",
         "play:QD"), (0, 0), 0, (12, 0)),
)

ELEVEN_LINES: tuple[ScriptedHand, ...] = (
    ScriptedHand(
        "eleven_play", N_("Eleven: a good hand, play"),
        N_("Ana has 11 points. She looks at her cards "
        "(a manilha and a 3) and plays. The hand is worth 3, she wins it and the game."),
        "paulista-2p", 1, _VIRA, (("5H", "3S", "6C"), ("KC", "QD", "7S")),
        ("onze:play", "play:5H", "play:KC", "play:3S", "play:QD"), (0, 0), 0, (3, 0),
        score=(11, 4)),
    ScriptedHand(
        "eleven_run", N_("Eleven: a weak hand, run"),
        N_("Ana has 11 points but only small cards. She "
        "runs: Bruno scores 1 point and the game goes on, 11 to 5."),
        "paulista-2p", 1, _VIRA, (("4C", "6H", "QS"), ("3C", "2D", "5S")),
        ("onze:fold",), (), 1, (0, 1), score=(11, 4)),
)

PARTNER_LINES: tuple[ScriptedHand, ...] = (
    TIE_LINES[-1],
    ScriptedHand(
        "tie_leader_leads", N_("After a tie, the leader leads"),
        N_("Bruno's 3 and Carla's 3 tie the "
        "first trick. At this table whoever LED the tied trick leads again: Ana."),
        "paulista-4p", 3, "KD", (("4C", "2S", "6H"), ("3S", "7D", "JS"), ("3H", "QC", "6S"),
                                 ("5D", "7S", "QH")),
        ("play:4C", "play:3S", "play:3H", "play:5D", "play:2S", "play:7D", "play:QC",
         "play:QH"), (-1, 0), 0, (1, 0), overrides=_FRENCH),
    ScriptedHand(
        "tie_first_tying_leads", N_("After a tie, the first tying card leads"),
        N_("The same cards "
        "under the Federação rules (Mineiro four-seat tables play so too): the player of the "
        "FIRST tying card leads the next trick: Bruno."),
        "paulista-fpt", 3, "KD", (("4C", "2S", "6H"), ("3S", "7D", "JS"), ("3H", "QC", "6S"),
                                  ("5D", "7S", "QH")),
        ("play:4C", "play:3S", "play:3H", "play:5D", "play:7D", "play:QC", "play:QH",
         "play:2S"), (-1, 0), 0, (1, 0)),
    ScriptedHand(
        "covered_card", N_("The covered card"),
        N_("In the second trick Ana covers her weakest card: "
        "face down, worth nothing, and nobody learns what it was. Her partner Carla wins."),
        "paulista-4p", 3, "KD", (("3S", "2C", "4H"), ("2D", "6D", "QS"), ("JC", "7H", "4S"),
                                 ("KC", "6H", "QH")),
        ("play:3S", "play:2D", "play:JC", "play:KC", "cover:4H", "play:6D", "play:7H",
         "play:6H"), (0, 0), 0, (1, 0), overrides=_FRENCH),
    ScriptedHand(
        "no_exposed_rule", N_("A tie after a truco (usual table)"),
        N_("Ana's 3 is on the table when "
        "Bruno calls truco. Carla accepts. Bruno then ties with his own 3. At this table the "
        "hand simply goes on, and Bruno's team wins it."),
        "paulista-4p", 3, "KD", (("3S", "2C", "4H"), ("3H", "2D", "QS"), ("4C", "7H", "4S"),
                                 ("5D", "6H", "QH")),
        ("play:3S", "raise", "accept", "play:3H", "play:4C", "play:5D", "play:4H", "play:2D",
         "play:7H", "play:6H"), (-1, 1), 1, (0, 3), overrides=_FRENCH),
    ScriptedHand(
        "exposed_rule", N_("The exposed-card rule (Federação)"),
        N_("The same cards under the "
        "Federação rules: Bruno called truco when the 3 was already face up, and the trick "
        "ties on that 3. Bruno's team loses the hand at once."),
        "paulista-fpt", 3, "KD", (("3S", "2C", "4H"), ("3H", "2D", "QS"), ("4C", "7H", "4S"),
                                  ("5D", "6H", "QH")),
        ("play:3S", "raise", "accept", "play:3H", "play:4C", "play:5D"), (-1,), 0, (3, 0)),
)

ALL_LINES: tuple[ScriptedHand, ...] = ((PLAIN_LINE,) + TIE_LINES + BETTING_LINES + ELEVEN_LINES
                                       + PARTNER_LINES[1:] + ARGENTINE_LINES)


LINE_GROUPS: dict[str, tuple[ScriptedHand, ...]] = {
    "tie": (PLAIN_LINE,) + TIE_LINES, "betting": BETTING_LINES, "eleven": ELEVEN_LINES,
    "partners": PARTNER_LINES, **ARGENTINE_GROUPS,
}


def line_group(name: str) -> tuple[ScriptedHand, ...]:
    """The scripted hands a lesson demo lets the learner choose among.

    >>> [line.key for line in line_group("eleven")]
    ['eleven_play', 'eleven_run']
    """
    if name not in LINE_GROUPS:
        raise ConfigError(f"unknown group of lesson hands {name!r} (known: "
                          f"{', '.join(LINE_GROUPS)})")
    return LINE_GROUPS[name]


def find_line(key: str) -> ScriptedHand:
    """A scripted hand by its key; raise ConfigError naming the known keys."""
    for line in ALL_LINES:
        if line.key == key:
            return line
    raise ConfigError(f"unknown lesson hand {key!r} (known: "
                      f"{', '.join(line.key for line in ALL_LINES)})")
