"""The tables page's "Match to": its choices follow the variant (the preset's target and
shorter matches the engine accepts), and the table is created to the length shown."""

from __future__ import annotations

import pytest

from truco_learn.engine.options import PRESETS, VARIANTS, make_options
from truco_learn.i18n import language
from truco_learn.tables.table import new_table_spec
from truco_learn.widgets.tables_app import TablesPage
from truco_learn.widgets.tables_form import TableForm


def _targets(form: TableForm) -> list[int]:
    return [int(v) for _label, v in form.target.options]


def _created_to(body: dict) -> int:
    """The target of the table the service would create from ``body`` (its own check)."""
    spec = new_table_spec("t1", body, 7)
    return make_options(spec.variant, spec.options).target


def test_switching_variant_updates_the_choices_and_selects_the_preset_target() -> None:
    form = TableForm()
    assert form.variant.value == "paulista-2p"
    assert _targets(form) == [12, 6, 3] and form.target.value == 12
    form.variant.value = "argentino-2p"
    assert _targets(form)[0] == 30 and 15 in _targets(form) and 12 not in _targets(form)
    assert form.target.value == 30
    form.target.value = 15
    form.variant.value = "gauderio-4p"
    assert _targets(form) == [24, 12, 6] and form.target.value == 24
    form.variant.value = "mineiro-4p"
    assert _targets(form) == [12, 6, 3] and form.target.value == 12
    labels = [label for label, _v in TableForm().target.options]
    assert labels == ["12 points", "6 points", "3 points"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_choice_is_the_table_created(variant: str) -> None:
    form = TableForm()
    form.variant.value = variant
    preset = PRESETS[variant].target
    assert form.target.value == preset and _targets(form)[0] == preset
    assert all(t <= preset and preset % t == 0 for t in _targets(form))
    for target in _targets(form):
        form.target.value = target
        body = form.body()
        assert body["variant"] == variant
        assert make_options(variant, body["options"]).target == target
        assert _created_to(body) == target, (variant, target, body)


@pytest.mark.parametrize("variant", [v for v in VARIANTS if PRESETS[v].target == 12])
def test_brazilian_variants_still_offer_12_6_3(variant: str) -> None:
    form = TableForm()
    form.variant.value = variant
    assert _targets(form) == [12, 6, 3] and form.target.value == 12
    assert form.body()["options"] == {}
    form.target.value = 6
    assert form.body()["options"] == {"target": 6}


def test_the_argentine_table_is_created_to_what_is_shown() -> None:
    page = TablesPage(base="http://127.0.0.1:9/truco/api/", query="", start=False)
    page.variant.value = "argentino-4p"
    assert page.target.value == 30 and _created_to(page.body()) == 30
    page.target.value = 15
    assert page.body()["options"] == {"target": 15} and _created_to(page.body()) == 15
    page.variant.value = "gauderio-2p"
    assert page.target.value == 24 and _created_to(page.body()) == 24
    page.target.value = 12  # offered for the gaúcho game: its half, not the Brazilian default
    assert page.body()["options"] == {"target": 12} and _created_to(page.body()) == 12


def test_match_lengths_in_portuguese() -> None:
    with language("pt-BR"):
        form = TableForm()
        form.variant.value = "argentino-2p"
        labels = [label for label, _v in form.target.options]
    assert labels[0] == "30 pontos", labels
