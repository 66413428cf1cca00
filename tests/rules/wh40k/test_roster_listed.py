"""What a list builder lists under each unit (issue 34): points, the Warlord, enhancements,
wargear and the units a Leader's ability names, read from a New Recruit export; and the
Leader choices a roster's preview offers from them (wh40k/leader)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.errors import RuleViolation
from rules.wh40k.actions import LoadRoster, RosterUnit
from rules.wh40k.engine import SYSTEM
from rules.wh40k.listbuilders import read_army
from rules.wh40k.roster import NOBODY, choose_bodyguard, keyed, leader_choices

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "rosters"


def strike_force() -> LoadRoster:
    roster = read_army((FIXTURES / "strike-force.ros").read_bytes())
    return LoadRoster(name=roster.name, units=roster.units, points=roster.points)


def named(action: LoadRoster) -> dict[str, RosterUnit]:
    return {u.name: u for u in action.units}


def test_points_per_unit_and_in_all_count_enhancements_in_their_unit() -> None:
    action = strike_force()
    units = named(action)
    assert action.points == 2065 == sum(u.points or 0 for u in action.units)
    assert (units["Captain"].points, units["Chaplain"].points) == (110, 75)  # 100 + 10, 60 + 15
    assert SYSTEM.points_of(action) == 2065
    assert SYSTEM.points_of(action.model_copy(update={"points": None})) == 2065


def test_the_warlord_is_an_upgrade_and_only_one_unit_is_it() -> None:
    assert [u.name for u in strike_force().units if u.warlord] == ["Captain"]


def test_enhancements_come_from_the_enhancements_group_and_wargear_from_the_other_upgrades(
) -> None:
    units = named(strike_force())
    captain = units["Captain"].listed
    assert captain.enhancements == ("Artificer Armour",)
    assert captain.wargear == ("Master-crafted power weapon", "Bolt pistol")  # no "Warlord"
    assert units["Chaplain"].listed.enhancements == ("The Honour Vehement",)
    # A squad's weapons are counted over its models (1 sergeant + 9 troopers).
    assert units["Intercessor Squad"].listed.wargear == ("10x Bolt rifle",
                                                         "10x Close combat weapon")
    assert units["Intercessor Squad"].listed.enhancements == ()


def test_a_leader_ability_names_the_units_and_a_renamed_unit_keeps_its_datasheet() -> None:
    units = named(strike_force())
    assert units["Lieutenant"].listed.can_lead == ("Intercessor Squad", "Hellblaster Squad")
    assert units["Second Squad"].listed.sheet == "Intercessor Squad"
    assert units["Intercessor Squad"].listed.sheet == ""


def test_the_older_fixtures_read_as_before_with_their_wargear() -> None:
    patrol = named(LoadRoster(units=read_army((FIXTURES / "ultramarines.ros").read_bytes()
                                              ).units))
    assert patrol["Captain"].listed.wargear == ("Master-crafted power weapon",)
    assert patrol["Brother Tarkus"].listed.sheet == "Redemptor Dreadnought"
    assert [u.name for u in read_army((FIXTURES / "necrons.ros").read_bytes()).units
            if u.warlord] == ["The Silent King"]


def test_each_leader_is_offered_the_units_its_ability_lists_and_its_note_is_chosen() -> None:
    choices = {c.key: c for c in leader_choices(strike_force())}
    units = named(strike_force())
    lieutenant = choices[units["Lieutenant"].key]
    assert lieutenant.chosen == units["Hellblaster Squad"].key  # "Leads: Hellblaster Squad"
    assert [o.value for o in lieutenant.options] == [
        NOBODY, *(units[n].key for n in ("Intercessor Squad", "Second Squad",
                                         "Hellblaster Squad", "Second Hellblasters"))]
    assert choices[units["Captain"].key].chosen == NOBODY
    assert len(choices) == 3  # no vehicle or squad leads


def test_a_roster_that_names_no_leader_ability_offers_every_character_every_other_unit(
) -> None:
    units = keyed((
        RosterUnit(name="Warboss", models=1, wounds=6, leadership=6, oc=1,
                   keywords=("Character",)),
        RosterUnit(name="Boyz", models=10, wounds=1, leadership=7, oc=2),
        RosterUnit(name="Nob", models=1, wounds=3, leadership=7, oc=1, keywords=("Character",)),
    ))
    (boss, nob) = leader_choices(LoadRoster(units=units))
    assert [o.value for o in boss.options] == [NOBODY, units[1].key]
    assert [o.value for o in nob.options] == [NOBODY, units[1].key]
    assert len({u.key for u in units}) == 3 and all(u.key for u in units)


def test_choosing_a_bodyguard_sets_the_leaders_leads_and_refuses_one_not_listed() -> None:
    action = strike_force()
    units = named(action)
    chosen = choose_bodyguard(action, units["Captain"].key, units["Second Squad"].key)
    assert named(chosen)["Captain"].leads == units["Second Squad"].key
    cleared = choose_bodyguard(chosen, units["Captain"].key, NOBODY)
    assert named(cleared)["Captain"].leads == ""
    with pytest.raises(RuleViolation) as refused:
        choose_bodyguard(action, units["Chaplain"].key, units["Intercessor Squad"].key)
    assert (refused.value.rule_id, refused.value.reason.key) == (
        "wh40k/leader", "refusal-preview-cannot-join")
    with pytest.raises(RuleViolation):  # a squad is no Leader
        choose_bodyguard(action, units["Intercessor Squad"].key, units["Captain"].key)


def test_a_scenario_may_set_each_armys_points_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenario's part of "wh40k/points-limit" (the service checks it on Accept)."""
    from rules.wh40k import catalogue

    state = SYSTEM.new_game("take-and-hold", "seed")
    assert SYSTEM.points_limit(state) is None
    scenarios = dict(catalogue.scenarios())
    scenarios["take-and-hold"] = scenarios["take-and-hold"].model_copy(update={"points": 1000})
    monkeypatch.setattr(catalogue, "scenarios", lambda: scenarios)
    assert SYSTEM.points_limit(state) == 1000
    assert SYSTEM.points_limit(state.model_copy(update={"scenario": "uploaded"})) is None


def test_a_priced_upgrade_is_an_enhancement_where_the_export_names_no_group() -> None:
    text = (FIXTURES / "strike-force.ros").read_text(encoding="utf-8")
    bare = text.replace(' from="group" group="Enhancements"', "")
    assert bare != text
    units = {u.name: u for u in read_army(bare.encode()).units}
    assert units["Captain"].listed.enhancements == ("Artificer Armour",)
    assert units["Captain"].listed.wargear == ("Master-crafted power weapon", "Bolt pistol")


def test_new_recruits_json_export_reads_as_its_ros_does() -> None:
    from_json = read_army((FIXTURES / "strike-force.json").read_text(encoding="utf-8"))
    assert from_json == read_army((FIXTURES / "strike-force.ros").read_bytes())
    assert from_json.points == 2065 and len(from_json.units) == 14


def test_a_hostile_json_roster_is_refused_within_the_ros_budgets() -> None:
    def key(text: str) -> str:
        with pytest.raises(RuleViolation) as found:
            read_army(text)
        return found.value.reason.key

    deep = '{"roster": {"forces": [' + '{"selections": [' * 30 + "]}" * 30 + "]}}"
    assert key(deep) == "refusal-roster-xml-too-deep"
    unit = '{"profiles": [' + ",".join(["{}"] * 1_100) + "]}"
    wide = '{"roster": {"forces": [{"selections": [' + ",".join([unit] * 60) + "]}]}}"
    assert key(wide) == "refusal-roster-xml-too-many-elements"
    assert key('{"roster": {"forces": [{"selections": []}]}}') == "refusal-roster-no-units"
    assert key("{" * 100_000) == "refusal-roster-json"
    assert key('{"roster": {"name": "x"}}') == "refusal-roster-json"


def test_a_json_roster_is_held_to_an_uploads_size_and_to_sixty_units() -> None:
    def key(text: str) -> str:
        with pytest.raises(RuleViolation) as found:
            read_army(text)
        return found.value.reason.key

    unit = '{"name": "x", "type": "unit"}'
    many = '{"roster": {"forces": [{"selections": [' + ",".join([unit] * 81) + "]}]}}"
    assert key(many) == "refusal-roster-too-many-units"
    large = '{"roster": {"name": "' + "x" * 1024 * 1024 + '", "forces": []}}'
    assert key(large) == "refusal-roster-file-too-large"
