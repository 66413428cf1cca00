"""Armies from list builders: BattleScribe / New Recruit rosters, the app's text, hostile files."""

from __future__ import annotations

import io
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from rules.core.errors import RuleViolation
from rules.wh40k.actions import Roster
from rules.wh40k.listbuilders import MAX_UNITS, ZIP_MAGIC, read_army
from rules.wh40k.state import ModelProfile, below_half_strength
from tests.rules.wh40k.kit import act, act_events, battle, checks, unit

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "rosters"


def refusal(data: str | bytes, datasheets: str | None = None) -> str:
    """Return the catalogue key of the refusal reading `data` gives."""
    with pytest.raises(RuleViolation) as found:
        read_army(data, datasheets)
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
    assert boyz.profiles == (ModelProfile(name="Boy", models=9, wounds=1, oc=2),
                             ModelProfile(name="Boss Nob", models=1, wounds=2, oc=2))
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
    assert reason.key == "refusal-roster-missing-datasheets"
    assert reason.args["count"] == 2
    assert reason.args["units"].items == ("Deffkoptas", "Stormboyz")  # type: ignore[union-attr]
    sheets = (FIXTURES / "app-unknown-datasheets.toml").read_text(encoding="utf-8")
    roster = read_army(text, sheets)
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


def every_refusal() -> list[tuple[bytes | str, str | None, str]]:
    """Return a file (and datasheets) for each refusal a list builder's file can earn."""
    ros = (FIXTURES / "ultramarines.ros").read_text(encoding="utf-8")
    unknown = (FIXTURES / "app-unknown.txt").read_text(encoding="utf-8")
    out: list[tuple[bytes | str, str | None, str]] = [
        (data, None, key) for data, key in HOSTILE.values()]
    out += [
        ('{"roster": {}}', None, "refusal-roster-json"),
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
        (unknown, None, "refusal-roster-missing-datasheets"),
        (unknown, "not = [toml", "refusal-roster-datasheets-unreadable"),
        (unknown, '[[datasheet]]\nname = "Stormboyz"\nmodels = 5\nwounds = 1\noc = 1\n'
                  '[[datasheet]]\nname = "Deffkoptas"\nmodels = 3\nwounds = 4\noc = 2\n',
         "refusal-roster-bad-datasheet"),
    ]
    return out


def test_every_list_builder_refusal_names_its_reason() -> None:
    for data, sheets, key in every_refusal():
        assert refusal(data, sheets) == key, key
