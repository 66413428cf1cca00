"""Datasheets a server brings for the app's text export: a BSData catalogue or our TOML.

The catalogue fixture (tests/fixtures/rosters/necrons.cat) is written for these tests in
the real schema of BSData's wh40k-10e catalogues: units and models among the shared
entries, models in groups with min/max constraints, model packs as upgrades reached
through entry links, Leader abilities in place, in an info group and in a shared profile.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from rules.core.errors import RuleViolation
from rules.wh40k.catalogues import (
    MAX_CATALOGUE_BYTES,
    MAX_CATALOGUE_ELEMENTS,
    read_datasheets,
    stored_form,
    stored_sheets,
)
from rules.wh40k.listbuilders import MAX_DEPTH, read_army

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "rosters"
CATALOGUE = (FIXTURES / "necrons.cat").read_bytes()
APP = (FIXTURES / "app-necrons.txt").read_text(encoding="utf-8")


def refusal(data: str | bytes) -> str:
    """Return the catalogue key of the refusal reading a datasheets file gives."""
    with pytest.raises(RuleViolation) as found:
        read_datasheets(data)
    assert found.value.rule_id == "core/bad-input"
    return found.value.reason.key


def test_a_bsdata_catalogue_reads_as_datasheets() -> None:
    read = read_datasheets(CATALOGUE)
    sheets = {s.name: s for s in read.datasheet}
    assert read.army == "Xenos - Necrons (test)"
    warriors = sheets["Necron Warriors"]
    assert (warriors.models, warriors.max_models, warriors.wounds, warriors.leadership,
            warriors.oc) == (10, 20, 1, 7, 2)
    assert warriors.keywords == ("Infantry", "Battleline")  # no "Faction: ..." keyword
    king = sheets["The Silent King"]
    assert [(p.name, p.models, p.wounds, p.oc, p.leadership) for p in king.profiles] == [
        ("Szarekh", 1, 16, 6, 5), ("Triarchal Menhir", 2, 6, 1, 6)]
    # A pack of models chosen as an upgrade: the default pack counts, the other may be had.
    scarabs = sheets["Canoptek Scarab Swarms"]  # its "[Legends]" tag is dropped
    assert (scarabs.models, scarabs.max_models, scarabs.oc) == (3, 9, 0)
    # Leader abilities: in an info group (bulleted capitals), through a shared profile.
    assert sheets["Overlord"].attaches_to == ("Immortals", "Lychguard", "Necron Warriors")
    assert sheets["Royal Warden"].attaches_to == ("Immortals", "Necron Warriors")
    assert "Character" in sheets["Overlord"].keywords
    assert list(sheets)[:3] == ["Necron Warriors", "The Silent King", "Canoptek Scarab Swarms"]


def test_an_app_export_of_a_faction_we_ship_none_for_names_every_missing_unit() -> None:
    with pytest.raises(RuleViolation) as found:
        read_army(APP)
    reason = found.value.reason
    assert reason.key == "refusal-app-missing-datasheets"
    assert reason.args["units"].items == (  # type: ignore[union-attr]
        "Overlord", "Royal Warden", "The Silent King", "Necron Warriors", "Immortals",
        "Canoptek Scarab Swarms")
    assert reason.args["uploaded"] == 0
    # With the server's catalogue only the unit the catalogue lacks is still missing.
    server = stored_sheets(stored_form(read_datasheets(CATALOGUE)))
    with pytest.raises(RuleViolation) as found:
        read_army(APP, server=server)
    assert found.value.reason.args["units"].items == ("Immortals",)  # type: ignore[union-attr]


def test_an_app_export_imports_once_the_server_has_its_datasheets() -> None:
    extra = ('[[datasheet]]\nname = "Immortals"\nmodels = 5\nmax_models = 10\nwounds = 1\n'
             'leadership = 7\noc = 2\nkeywords = ["Infantry", "Battleline"]\n')
    server = [*stored_sheets(stored_form(read_datasheets(CATALOGUE))),
              *stored_sheets(stored_form(read_datasheets(extra)))]
    roster = read_army(APP, server=server)
    units = {u.name: u for u in roster.units}
    assert roster.name == "Silent Court" and roster.points == 1045
    # 20 warriors: the export's count, within the datasheet's 10 to 20.
    assert (units["Necron Warriors"].models, units["Necron Warriors"].wounds) == (20, 1)
    assert units["Immortals"].models == 10
    assert units["Overlord"].warlord and units["Overlord"].wounds == 6
    # The catalogue's Leader ability gives the preview's pick list its Bodyguards.
    assert units["Overlord"].listed.can_lead == ("Immortals", "Lychguard", "Necron Warriors")
    assert [(p.name, p.models) for p in units["The Silent King"].profiles] == [
        ("Triarchal Menhir", 2), ("Szarekh", 1)]
    assert units["Canoptek Scarab Swarms"].models == 6


def test_the_shipped_datasheets_come_before_the_servers() -> None:
    text = (FIXTURES / "app-orks.txt").read_text(encoding="utf-8")
    odd = ('[[datasheet]]\nname = "Battlewagon"\nwounds = 99\nleadership = 7\noc = 5\n')
    server = stored_sheets(stored_form(read_datasheets(odd)))
    wagon = read_army(text, server=server).units[-1]
    assert (wagon.name, wagon.wounds) == ("Battlewagon", 16)


def test_a_datasheets_toml_mistake_names_its_field_and_datasheet() -> None:
    with pytest.raises(RuleViolation) as found:
        read_datasheets('[[datasheet]]\nname = "Squad"\nwounds = 1\noc = 1\n')
    assert found.value.reason.key == "refusal-datasheets-field"
    assert found.value.reason.args == {"field": "datasheet.0.leadership", "name": "Squad"}
    assert refusal('[[datasheet]]\nname = "Squad"\nwounds = 1\noc = 1\nleadership = 7\n'
                   'colour = "red"\n') == "refusal-datasheets-field"


def test_other_files_are_refused_by_what_they_are() -> None:
    assert refusal(b"\xff\xfe binary") == "refusal-datasheets-not-datasheets"
    assert refusal((FIXTURES / "ultramarines.ros").read_bytes()) == (
        "refusal-datasheets-not-datasheets")
    ninth = CATALOGUE.replace(b"sys-352e-adc2-7639-d6a9", b"28ec-711c-d87f-3aeb")
    assert refusal(ninth) == "refusal-roster-other-game"
    library_link = (b'<catalogue name="Aeldari - Craftworlds" gameSystemId="sys-352e-adc2-7639-'
                    b'd6a9"><catalogueLinks><catalogueLink name="Aeldari Library"/>'
                    b'</catalogueLinks></catalogue>')
    assert refusal(library_link) == "refusal-catalogue-no-datasheets"
    assert refusal(CATALOGUE.replace(b"</catalogue>", b"")) == "refusal-catalogue-xml"


def hostile() -> dict[str, tuple[bytes, str]]:
    """Return hostile datasheets files, each with the refusal it must earn."""
    bomb = (b'<?xml version="1.0"?><!DOCTYPE c [<!ENTITY a "aaaaaaaaaa">'
            + b"".join(f'<!ENTITY a{i} "{"&a;" * 10}">'.encode() for i in range(1, 9))
            + b']><catalogue name="&a8;"/>')
    deep = b"<catalogue>" + b"<selectionEntries>" * (MAX_DEPTH + 5) + b"</catalogue>"
    wide = b"<catalogue>" + b'<infoLink type="rule"/>' * (MAX_CATALOGUE_ELEMENTS + 1) + (
        b"</catalogue>")
    huge = b"<catalogue>" + b" " * MAX_CATALOGUE_BYTES + b"</catalogue>"
    return {"entity bomb": (bomb, "refusal-catalogue-doctype"),
            "deep nesting": (deep, "refusal-catalogue-xml-too-deep"),
            "too many elements": (wide, "refusal-catalogue-xml-too-many-elements"),
            "huge": (huge, "refusal-catalogue-xml-too-large")}


@pytest.mark.parametrize("name", sorted(hostile()))
def test_hostile_catalogues_are_refused_in_bounded_memory(name: str) -> None:
    data, key = hostile()[name]
    tracemalloc.start()
    try:
        assert refusal(data) == key
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # Streamed and cut off: never more than a few times the file itself (the huge one is
    # refused before it is decoded at all).
    assert peak < 3 * len(data) + 2 * 1024 * 1024, peak


def test_a_unit_of_one_profile_takes_the_exports_count_within_its_sizes() -> None:
    # BSData gives Intercessors one profile for the whole squad: the export's models, named
    # otherwise, still count, within the datasheet's 5 to 10 (else its 5).
    sheet = ('[[datasheet]]\nname = "Hellblaster Squad"\nmodels = 5\nmax_models = 10\n'
             'wounds = 2\nleadership = 6\noc = 1\n')
    server = stored_sheets(stored_form(read_datasheets(sheet)))

    def models(bullets: str) -> int:
        text = (f"Guns (230 Points)\n\nSpace Marines\n\nOTHER DATASHEETS\n\n"
                f"Hellblaster Squad (230 Points)\n{bullets}\n")
        return read_army(text, server=server).units[0].models

    assert models("  • 1x Hellblaster Sergeant\n  • 9x Hellblaster") == 10
    assert models("  • 1x Hellblaster Sergeant\n     ◦ 1x Plasma pistol\n"
                  "  • 4x Hellblaster") == 5
    assert models("  • 1x Hellblaster Sergeant\n  • 14x Hellblaster") == 5  # over its 10
