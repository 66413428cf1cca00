"""Armies from list builders: BattleScribe / New Recruit rosters, the app's text, hostile files."""

from __future__ import annotations

import io
import struct
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from rules.core.errors import RuleViolation
from rules.wh40k.actions import Roster
from rules.wh40k.catalogues import MAX_DATASHEETS, read_datasheets
from rules.wh40k.listbuilders import MAX_UNITS, ZIP_MAGIC, read_army
from rules.wh40k.state import ModelProfile, below_half_strength
from tests.rules.wh40k.kit import act, act_events, battle, checks, unit
from tests.rules.wh40k.test_catalogues import CATALOGUE, hostile

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "rosters"


def with_sheets(data: str | bytes, datasheets: str | bytes | None) -> Roster:
    """Read an army as `/wh40k roster text: datasheets:` does (the datasheets file read too)."""
    own = read_datasheets(datasheets).datasheet if datasheets is not None else ()
    return read_army(data, [s.model_dump(exclude_none=True) for s in own])


def refusal(data: str | bytes, datasheets: str | bytes | None = None) -> str:
    """Return the catalogue key of the refusal reading `data` gives."""
    with pytest.raises(RuleViolation) as found:
        with_sheets(data, datasheets)
    assert found.value.rule_id == "core/bad-input"
    return found.value.reason.key


def by_name(roster: Roster) -> dict[str, object]:
    return {u.name: u for u in roster.units}


def test_a_battlescribe_roster_reads_units_models_profiles_and_leader() -> None:
    roster = read_army((FIXTURES / "ultramarines.ros").read_bytes())
    assert roster.name == "Ultramarines patrol"
    captain, squad, dread = roster.units
    assert (captain.name, captain.models, captain.wounds, captain.leadership, captain.oc) == (
        "Captain", 1, 5, 6, 1)
    assert "CHARACTER" in captain.keywords and not any("FACTION" in k for k in captain.keywords)
    assert captain.leads == squad.key != ""
    # Sergeant and troopers share the unit's profile: one profile, ten models.
    assert (squad.models, squad.wounds, squad.oc, squad.profiles) == (10, 2, 2, ())
    assert dread.name == "Brother Tarkus" and dread.wounds == 12 and dread.oc == 4


def test_a_rosz_reads_a_unit_of_several_profiles() -> None:
    roster = read_army((FIXTURES / "orks.rosz").read_bytes())
    boss, boyz, wagon = roster.units
    assert boss.leads == boyz.key
    assert boyz.models == 10 and boyz.leadership == 7
    assert boyz.profiles == (ModelProfile(name="Boy", models=9, wounds=1, oc=2, leadership=7),
                             ModelProfile(name="Boss Nob", models=1, wounds=2, oc=2,
                                          leadership=7))
    assert (wagon.models, wagon.wounds, wagon.oc) == (1, 16, 5)


def test_the_app_text_export_takes_characteristics_from_the_datasheet_tables() -> None:
    roster = read_army((FIXTURES / "app-orks.txt").read_text(encoding="utf-8"))
    assert roster.name == "Da Red Skullz"
    boss, boyz, wagon = roster.units
    assert (boss.name, boss.wounds, boss.oc, boss.leadership) == ("Warboss", 6, 1, 6)
    assert boyz.models == 20
    assert [(p.name, p.models, p.wounds) for p in boyz.profiles] == [
        ("Boy", 19, 1), ("Boss Nob", 1, 2)]
    assert (wagon.models, wagon.wounds) == (1, 16)


def test_the_app_export_names_the_units_it_has_no_datasheet_for() -> None:
    text = (FIXTURES / "app-unknown.txt").read_text(encoding="utf-8")
    with pytest.raises(RuleViolation) as found:
        read_army(text)
    reason = found.value.reason
    assert reason.key == "refusal-app-missing-datasheets"
    assert reason.args["count"] == 2
    assert reason.args["units"].items == ("Stormboyz", "Deffkoptas")  # type: ignore[union-attr]
    sheets = (FIXTURES / "app-unknown-datasheets.toml").read_text(encoding="utf-8")
    roster = with_sheets(text, sheets)
    assert [u.name for u in roster.units] == ["Warboss", "Stormboyz", "Deffkoptas"]
    assert roster.units[2].models == 3 and roster.units[2].wounds == 4


def test_our_own_toml_still_reads() -> None:
    assert read_army(unit("Squad", models=5)).units[0].models == 5


def test_other_game_systems_and_formats_are_refused_by_name() -> None:
    aos = (FIXTURES / "ultramarines.ros").read_text(encoding="utf-8").replace(
        "Warhammer 40,000 10th Edition", "Warhammer Age of Sigmar 4.0")
    assert refusal(aos) == "refusal-roster-other-game"
    ninth = aos.replace("Warhammer Age of Sigmar 4.0", "Warhammer 40,000 9th Edition")
    assert refusal(ninth) == "refusal-roster-other-game"
    assert refusal('{"roster": {}}') == "refusal-roster-json"


def test_issue28_finding10_a_unit_keeps_each_profile_its_points_and_its_warlord() -> None:
    roster = read_army((FIXTURES / "necrons.ros").read_bytes())
    king, warriors = roster.units
    assert roster.points == 490 and (king.points, warriors.points) == (400, 90)
    assert king.warlord and not warriors.warlord
    assert king.profiles == (
        ModelProfile(name="Triarchal Menhir", models=2, wounds=6, oc=1, leadership=6),
        ModelProfile(name="Szarekh", models=1, wounds=16, oc=6, leadership=5))
    assert warriors.profiles == ()  # one profile: W, Ld and OC are the unit's
    app = read_army((FIXTURES / "app-orks.txt").read_text(encoding="utf-8"))
    assert app.points == 400 and [(u.points, u.warlord) for u in app.units] == [
        (75, True), (170, False), (160, False)]


def test_issue28_finding10_other_game_systems_are_refused_by_name() -> None:
    def game(data: str | bytes) -> object:
        with pytest.raises(RuleViolation) as found:
            read_army(data)
        assert found.value.reason.key == "refusal-roster-other-game"
        return found.value.reason.args["game"]

    kill_team = (FIXTURES / "killteam.ros").read_bytes()
    assert game(kill_team) == "Warhammer 40,000: Kill Team (2024)"
    assert game(_zip(kill_team)) == "Warhammer 40,000: Kill Team (2024)"
    ros = (FIXTURES / "necrons.ros").read_text(encoding="utf-8")
    for name in ("Horus Heresy (2022)", "Warhammer 40,000 9th Edition",
                 "Warhammer Age of Sigmar 4.0", "Warhammer 40,000: Kill Team (2021)"):
        assert game(ros.replace("Warhammer 40,000 10th Edition", name)) == name
    # No name, but the id of the 9th edition's game system.
    nameless = ros.replace('gameSystemName="Warhammer 40,000 10th Edition" ', "").replace(
        "sys-352e-adc2-7639-d6a9", "28ec-711c-d87f-3aeb")
    assert game(nameless) == "Warhammer 40,000 9th Edition"
    assert game('{"roster": {"gameSystemName": "Warhammer Age of Sigmar 4.0"}}') == (
        "Warhammer Age of Sigmar 4.0")
    assert game('{"name": "x", "bsid_system": "28ec-711c-d87f-3aeb"}') == (
        "Warhammer 40,000 9th Edition")
    assert refusal('{"roster": {"gameSystemName": "Warhammer 40,000 10th Edition"}}') == (
        "refusal-roster-json")
    assert len(read_army(ros.replace("10th Edition", "10th Edition Boarding Actions")).units) == 2


def _lying(data: bytes, size: int | None = None, crc: int | None = None,
           method: int | None = None) -> bytes:
    """Return a one-member zip whose headers (local and central) claim another size, CRC or
    compression method than its data has."""
    out = bytearray(data)
    central = out.rfind(b"PK\x01\x02")
    for at, (size_at, crc_at, method_at) in ((0, (22, 14, 8)), (central, (24, 16, 10))):
        if size is not None:
            struct.pack_into("<I", out, at + size_at, size)
        if crc is not None:
            struct.pack_into("<I", out, at + crc_at, crc)
        if method is not None:
            struct.pack_into("<H", out, at + method_at, method)
    return bytes(out)


def _members(*names: str) -> bytes:
    """Return a zip holding a small file under each name."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name in names:
            archive.writestr(name, (FIXTURES / "necrons.ros").read_bytes())
    return out.getvalue()


def _damage(data: bytes | str) -> tuple[str, dict[str, object]]:
    with pytest.raises(RuleViolation) as found:
        read_army(data)
    return found.value.reason.key, dict(found.value.reason.args)


def test_issue28_finding10_a_damaged_rosz_says_exactly_what_is_wrong() -> None:
    ros = (FIXTURES / "necrons.ros").read_bytes()
    good = _zip(ros)
    assert len(read_army(good).units) == 2
    for claimed in (1000, len(ros) + 500):
        assert _damage(_lying(good, size=claimed)) == ("refusal-roster-zip-size", {
            "member": "army.ros", "claimed": claimed, "found": len(ros)})
    crc = zipfile.ZipFile(io.BytesIO(good)).infolist()[0].CRC
    assert _damage(_lying(good, crc=crc ^ 1)) == ("refusal-roster-zip-checksum",
                                                  {"member": "army.ros"})
    assert _damage(_lying(good, method=99))[0] == "refusal-roster-zip-unreadable"
    assert _damage(_members("army.ros", "notes.txt", "old.ros")) == (
        "refusal-roster-zip-members", {"members": 3, "rosters": 2})
    dense = _zip(b"<a>" + b" " * 3_000_000 + b"</a>")
    key, args = _damage(dense)
    assert key == "refusal-roster-zip-ratio" and int(args["found"]) > 40  # type: ignore[call-overload]


def _ros(units: int) -> bytes:
    one = ('<selection name="Boy" type="model" number="1"><profiles><profile name="Boy" '
           'typeName="Unit"><characteristics><characteristic name="W">1</characteristic>'
           '<characteristic name="LD">7+</characteristic><characteristic name="OC">2'
           '</characteristic></characteristics></profile></profiles></selection>')
    return ('<?xml version="1.0"?><roster name="x" gameSystemName="Warhammer 40,000 10th '
            'Edition"><forces><force name="f"><selections>' + one * units
            + "</selections></force></forces></roster>").encode()


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<roster name="&lol4;" gameSystemName="Warhammer 40,000 10th Edition"/>"""
EXTERNAL = b"""<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<roster name="&x;"/>"""


def _zip(member: bytes, name: str = "army.ros") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, member)
    return out.getvalue()


HOSTILE: dict[str, tuple[bytes | str, str]] = {
    "billion laughs": (BILLION_LAUGHS, "refusal-roster-doctype"),
    "external entity": (EXTERNAL, "refusal-roster-doctype"),
    "zip bomb": (_zip(b" " * 50_000_000), "refusal-roster-xml-too-large"),
    "dense zip": (_zip(b"<a>" + b" " * 3_000_000 + b"</a>"), "refusal-roster-zip-ratio"),
    "100,000 units": (_ros(100_000), "refusal-roster-xml-too-large"),
    "100,000 units zipped": (_zip(_ros(100_000)), "refusal-roster-xml-too-large"),
    "too many units": (_ros(MAX_UNITS + 30), "refusal-roster-too-many-units"),
    "deep nesting": (b"<roster>" + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</roster>",
                     "refusal-roster-xml-too-deep"),
    "many elements": (b"<roster>" + b"<a/>" * 200_000 + b"</roster>",
                      "refusal-roster-xml-too-many-elements"),
    "binary noise": (bytes(range(256)) * 200, "refusal-roster-not-a-roster"),
    "zip of noise": (b"PK\x03\x04" + bytes(range(256)) * 40, "refusal-roster-zip"),
    "broken xml": (b"<roster><forces></roster>", "refusal-roster-xml"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_files_are_refused_quickly_with_a_named_reason(name: str) -> None:
    data, key = HOSTILE[name]
    began = time.process_time()
    assert refusal(data) == key
    # Generous: the point is "not minutes" (a billion laughs would never end).
    assert time.process_time() - began < 5


def test_reading_hostile_files_keeps_memory_bounded() -> None:
    """The costliest files the caps let through, and the refused ones, stay under 64 MB."""
    worst = [_ros(MAX_UNITS), _zip(_ros(MAX_UNITS)), *(d for d, _ in HOSTILE.values())]
    tracemalloc.start()
    try:
        for data in worst:
            try:
                read_army(data)
            except RuleViolation:
                pass
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # The inputs themselves (a 50 MB bomb unzips into none of it) are made before tracing.
    assert peak < 64 * 1024 * 1024, f"peak {peak / 1e6:.1f} MB"


def test_a_roster_with_several_profiles_loads_into_the_battle() -> None:
    state = battle(start=False)
    state = act(state, "defender", type="roster",
                text=(FIXTURES / "orks.rosz").read_bytes())
    boyz = next(u for u in state.units.values() if u.name == "Boyz")
    boss = next(u for u in state.units.values() if u.name == "Warboss")
    assert boss.leads == boyz.id and boyz.starting_strength == 10
    assert [p.wounds for p in boyz.profiles] == [1, 2]


MIXED = """[[unit]]
name = "Boyz"
models = 10
wounds = 1
leadership = 7
oc = 2
keywords = ["Infantry"]
x = 40
y = 40
profiles = [
  { name = "Boy", models = 9, wounds = 1, oc = 2 },
  { name = "Boss Nob", models = 1, wounds = 2, oc = 3 },
]
"""


@checks("wh40k/mixed-profiles")
def test_mixed_profiles_count_real_models_wounds_and_oc() -> None:
    """wh40k/mixed-profiles: the wounded model goes first, then the troopers, the Nob last."""
    state = battle(defender=(MIXED,))
    boyz = next(u for u in state.units.values() if u.name == "Boyz")
    assert boyz.starting_strength == 10 and boyz.objective_control() == 9 * 2 + 3
    state = act(state, "defender", type="casualties", unit=boyz.id, models=4)
    boyz = state.units[boyz.id]
    assert boyz.models == 6 and boyz.objective_control() == 5 * 2 + 3
    # Six wounds: five one-wound Boyz fall, the two-wound Boss Nob takes the last one.
    state = act(state, "defender", type="casualties", unit=boyz.id, wounds=6)
    boyz = state.units[boyz.id]
    assert (boyz.models, boyz.damage, boyz.current_wounds()) == (1, 1, 2)
    assert boyz.objective_control() == 3
    assert below_half_strength(state, boyz)
    state = act(state, "defender", type="restore", unit=boyz.id, models=2)
    boyz = state.units[boyz.id]
    # The last two removed come back: Boyz of one wound each.
    assert boyz.standing()[:2] == [(1, 2), (1, 2)] and boyz.models == 3


@checks("wh40k/mixed-profiles")
def test_mixed_profiles_desperate_escape_rolls_a_die_per_model() -> None:
    """wh40k/mixed-profiles: Desperate Escape counts the models still standing."""
    state = battle(defender=(MIXED,))
    boyz = next(u for u in state.units.values() if u.name == "Boyz")
    state = act(state, "defender", type="casualties", unit=boyz.id, models=7)
    while state.step != "movement" or state.active != "defender":
        state = act(state, state.active, type="next_phase")
    state.units[boyz.id].shocked = True  # as a failed Battle-shock test leaves it

    state, events = act_events(state, "defender", type="fall_back", unit=boyz.id)
    rolled = next(e for e in events if e.type == "DesperateEscapeRolled")
    assert len(rolled.dice) == 3  # type: ignore[attr-defined]


def _one(selection: str) -> str:
    return ('<roster name="x" gameSystemName="Warhammer 40,000 10th Edition"><forces>'
            f"<force><selections>{selection}</selections></force></forces></roster>")


def _model(w: str = "1", oc: str | None = "2", number: str = "1") -> str:
    chars = f'<characteristic name="W">{w}</characteristic><characteristic name="LD">7+' \
            "</characteristic>" + (f'<characteristic name="OC">{oc}</characteristic>'
                                   if oc is not None else "")
    return (f'<selection name="Grot" type="model" number="{number}"><profiles><profile '
            f'name="Grot" typeName="Unit"><characteristics>{chars}</characteristics>'
            "</profile></profiles></selection>")


def every_refusal() -> list[tuple[bytes | str, bytes | str | None, str]]:
    """Return a file (and datasheets) for each refusal a list builder's file can earn."""
    ros = (FIXTURES / "ultramarines.ros").read_text(encoding="utf-8")
    unknown = (FIXTURES / "app-unknown.txt").read_text(encoding="utf-8")
    out: list[tuple[bytes | str, bytes | str | None, str]] = [
        (data, None, key) for data, key in HOSTILE.values()]
    out += [
        ('{"roster": {}}', None, "refusal-roster-json"),
        (_lying(_zip(ros.encode()), size=1000), None, "refusal-roster-zip-size"),
        (_lying(_zip(ros.encode()), crc=1), None, "refusal-roster-zip-checksum"),
        (_lying(_zip(ros.encode()), method=99), None, "refusal-roster-zip-unreadable"),
        (_members("a.txt", "b.txt"), None, "refusal-roster-zip-members"),
        (ZIP_MAGIC + bytes(1024 * 1024), None, "refusal-roster-file-too-large"),
        (ros.replace("10th Edition", "9th"), None, "refusal-roster-other-game"),
        (_one(""), None, "refusal-roster-no-units"),
        (ros.replace("Leads: Intercessor Squad", "Leads: Squad"), None,
         "refusal-roster-leads-nobody"),
        (_one('<selection name="Grot" type="model" number="1"/>'), None,
         "refusal-roster-no-profile"),
        (_one(_model(number="0")), None, "refusal-roster-model-count"),
        (_one(_model(w="D6")), None, "refusal-roster-bad-characteristic"),
        (_one(_model(oc=None)), None, "refusal-roster-no-characteristic"),
        (_one(_model(w="0")), None, "refusal-roster-bad-unit"),
        (unknown, None, "refusal-app-missing-datasheets"),
        (unknown, "not = [toml", "refusal-roster-datasheets-unreadable"),
        (unknown, '[[datasheet]]\nname = "Stormboyz"\nmodels = 5\nwounds = 1\noc = 1\n'
                  '[[datasheet]]\nname = "Deffkoptas"\nmodels = 3\nwounds = 4\noc = 2\n',
         "refusal-datasheets-field"),
        (unknown.replace("4x Stormboy", "140x Stormboy"),
         (FIXTURES / "app-unknown-datasheets.toml").read_text(encoding="utf-8"),
         "refusal-roster-bad-datasheet"),
    ]
    # A datasheets file beside the export may be a BSData catalogue, refused as one.
    out += [(unknown, data, key) for data, key in hostile().values()]
    out += [
        (unknown, b"\xff\xfe", "refusal-datasheets-not-datasheets"),
        (unknown, CATALOGUE.replace(b"</catalogue>", b""), "refusal-catalogue-xml"),
        (unknown, b'<catalogue name="x"/>', "refusal-catalogue-no-datasheets"),
        (unknown, b"<catalogue>" + b"".join(
            f'<selectionEntry type="model" name="U{i}"><profile typeName="Unit">'
            f'<characteristic name="W">1</characteristic><characteristic name="LD">7+'
            f'</characteristic><characteristic name="OC">1</characteristic></profile>'
            f"</selectionEntry>".encode() for i in range(MAX_DATASHEETS + 1)) + (
            b"</catalogue>"), "refusal-catalogue-too-many"),
    ]
    return out


def test_every_list_builder_refusal_names_its_reason() -> None:
    for data, sheets, key in every_refusal():
        assert refusal(data, sheets) == key, key
