"""SVG cards: well-formed, self-contained, named for screen readers."""

import re
import xml.etree.ElementTree as ET

import pytest

from truco_learn.engine import parse_card
from truco_learn.engine.cards import DECK, card_name
from truco_learn.widgets.svg import card_svg, manilha_name

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("deck", ["french", "spanish"])
@pytest.mark.parametrize("four_colour", [False, True])
def test_every_card_is_wellformed_and_named(deck: str, four_colour: bool) -> None:
    for card in DECK:
        svg = card_svg(card, deck=deck, four_colour=four_colour)
        root = ET.fromstring(svg)
        assert root.tag == NS + "svg"
        assert root.get("role") == "img"
        assert root.get("aria-label") == card_name(card, deck)
        assert root.find(NS + "title").text == card_name(card, deck)


def test_no_external_resources() -> None:
    svgs = [card_svg(c, deck=d) for c in DECK for d in ("french", "spanish")] + [card_svg(None)]
    for svg in svgs:
        assert "href" not in svg and "url(" not in svg and "@import" not in svg
        assert "<image" not in svg and "<script" not in svg


def test_manilha_is_marked_and_named() -> None:
    plain = card_svg(parse_card("QC"))
    zap = card_svg(parse_card("QC"), manilha="zap")
    assert 'aria-label="queen of clubs, zap"' in zap
    assert ">ZAP<" in zap and ">ZAP<" not in plain
    assert "#d4a017" in zap and "#d4a017" not in plain


def test_decks_and_colours_differ() -> None:
    d = parse_card("3D")
    assert card_svg(d) != card_svg(d, deck="spanish")
    assert card_svg(d) != card_svg(d, four_colour=True)
    assert card_svg(parse_card("3C"), four_colour=True) != card_svg(parse_card("3S"),
                                                                      four_colour=True)
    # spanish index numbers: the sota is a 10, the ace a 1
    assert ">10<" in card_svg(parse_card("QH"), deck="spanish")
    assert ">1<" in card_svg(parse_card("AH"), deck="spanish")


def test_face_down_hides_the_card() -> None:
    down = card_svg(parse_card("KS"), face_down=True)
    assert card_svg(None).split("<title>")[1] != down.split("<title>")[1]
    # the drawing of a face-down king is the card back, the same as for an unknown card
    assert re.sub(r'aria-label="[^"]*"|<title>[^<]*</title>', "", down) == re.sub(
        r'aria-label="[^"]*"|<title>[^<]*</title>', "", card_svg(None))
    assert "king" in down  # its owner may still hear what it is


def test_width_and_label_escaping() -> None:
    svg = card_svg(parse_card("4H"), width=100, label='a "quoted" <card>')
    root = ET.fromstring(svg)
    assert root.get("width") == "100" and root.get("height") == "150"
    assert root.get("aria-label") == 'a "quoted" <card>'


@pytest.mark.parametrize("bad", [{"card": 40}, {"card": -1}, {"card": True}, {"deck": "tarot"},
                                 {"width": 0}])
def test_bad_input_is_refused(bad: dict) -> None:
    args = {"card": 0} | bad
    card = args.pop("card")
    with pytest.raises(ValueError):
        card_svg(card, **args)


def test_manilha_name_follows_the_vira() -> None:
    assert manilha_name(parse_card("4S"), "vira", parse_card("3D")) == "espadilha"
    assert manilha_name(parse_card("4S"), "vira", parse_card("2D")) is None
    assert manilha_name(parse_card("4C"), "mineiro", None) == "zap"
    assert manilha_name(parse_card("4C"), "vira", None) is None
