"""With the Spanish deck the table names the manilhas as it names the vira and the cards
("2 de bastos"), not in the French deck's suit symbols ("Vira: as de oros" stood next to "the
twos (zap ♣ > copas ♥ > …)")."""

from __future__ import annotations

import pytest

from truco_learn.engine import new_hand
from truco_learn.engine.cards import card_name
from truco_learn.i18n import language
from truco_learn.play.view import table_view
from truco_learn.widgets.table_render import table_json


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
@pytest.mark.parametrize("vira", ["AD", "3C", "7H"])
def test_the_spanish_decks_manilhas_are_named_in_its_own_words(lang: str, vira: str) -> None:
    h = new_hand("paulista-2p", dealer=1, vira=vira, hands=[["QC", "3S", "4H"],
                                                            ["2H", "5C", "KD"]])
    with language(lang):
        v = table_view(h, 0, ["You", "Bia"], "", deck="spanish")
        text = table_json(v, deck="spanish")["manilha_text"]
        french = table_json(v, deck="french")["manilha_text"]
        assert not set("♣♥♠♦") & set(text), text
        names = [card_name(c, "spanish") for c in v.manilhas]
        assert all(n in text for n in names), text
        positions = [text.index(n) for n in names]  # zap first, mole last
        assert positions == sorted(positions) and text.startswith("Manilhas"), text
        assert "♣" in french  # the French deck keeps its suit symbols
