"""A roster's preview (issue 34): points against the game's limit, checked on Accept
(wh40k/points-limit), and a pick list per Leader whose choice is applied with the import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.errors import PlayerError, Refused
from bot.replies import Reply
from bot.service.gameservice import GameService
from bot.surface.dispatch import run
from bot.surface.entries import Context
from tests.bot.conftest import ALICE, BOB

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rosters"
STRIKE_FORCE = (FIXTURES / "strike-force.ros").read_bytes()  # 2,065 points
PATROL = (FIXTURES / "ultramarines.ros").read_bytes()  # 495 points


def _game(service: GameService) -> None:
    service.new_game("c40k", "g1", ALICE, "wh40k", "take-and-hold", opponent=BOB)
    service.join("c40k", BOB)


def _offer(service: GameService, data: bytes, who: Any = BOB, **options: Any) -> Reply:
    reply = run(service, Context("c40k", "g1", who), "wh40k roster", {"text": data, **options})
    assert isinstance(reply, Reply)
    return reply


def _game_row(service: GameService) -> Any:
    with service.store.reading() as tx:
        game = tx.active_game("c40k")
    assert game is not None
    return game


def _units(service: GameService, seat: str) -> dict[str, dict[str, Any]]:
    state = _game_row(service).state
    return {u["name"]: u for u in state["units"].values() if u["side"] == seat}


def _pick(reply: Reply, leader: str) -> Any:
    return next(p for p in reply.picks if p.placeholder.startswith(f"Which unit does {leader}"))


def test_the_preview_lists_points_warlord_enhancements_and_wargear(
        service: GameService) -> None:
    _game(service)
    text = "\n".join(_offer(service, STRIKE_FORCE).lines)
    assert "Roster “Macragge Vanguard”: 14 units, 58 models, 2,065 points." in text
    assert "• Captain (110 points), Warlord: 1 model, W 5, Ld 6+, OC 1" in text
    assert "    ◦ Enhancements: Artificer Armour\n" in text
    assert "    ◦ Wargear: Master-crafted power weapon and Bolt pistol\n" in text
    assert "    ◦ Wargear: 10x Bolt rifle and 10x Close combat weapon" in text


def test_a_list_over_the_games_limit_is_refused_on_accept_and_nothing_changes(
        service: GameService) -> None:
    _game(service)
    before = _units(service, "defender")
    preview = _offer(service, STRIKE_FORCE, points=2000)
    assert ("Points limit: 2,000 points, set by this game. This list (2,065 points) is 65 over"
            in "\n".join(preview.lines))
    version, pending = _game_row(service).version, _game_row(service).pending
    with pytest.raises(Refused) as refused:
        service.press("c40k", BOB, preview.buttons[0].custom_id)
    assert refused.value.violation.rule_id == "wh40k/points-limit"
    assert refused.value.violation.reason.args["over"] == 65
    assert "2,065 pts is 65 over this game's 2,000-point limit" in str(
        refused.value.text("en"))
    game = _game_row(service)
    assert (game.version, game.pending, game.settings.get("points")) == (version, pending, None)
    assert _units(service, "defender") == before
    # Cancel still works: the preview was kept.
    assert service.press("c40k", BOB, preview.buttons[1].custom_id).text


def test_an_accepted_limit_holds_for_the_other_side_and_cannot_be_changed(
        service: GameService) -> None:
    _game(service)
    accepted = _offer(service, PATROL, who=ALICE, points=500)
    service.press("c40k", ALICE, accepted.buttons[0].custom_id)
    assert _game_row(service).settings["points"] == 500
    over = _offer(service, STRIKE_FORCE)  # no points: the game's limit still applies
    assert "set by this game" in "\n".join(over.lines)
    with pytest.raises(Refused):
        service.press("c40k", BOB, over.buttons[0].custom_id)
    with pytest.raises(Refused) as clash:
        _offer(service, STRIKE_FORCE, points=3000)
    assert clash.value.violation.reason.key == "refusal-points-limit-set"


def test_a_leaders_custom_note_prefills_its_pick_list_with_eligible_units_only(
        service: GameService) -> None:
    _game(service)
    preview = _offer(service, STRIKE_FORCE)
    assert len(preview.picks) == 3  # Captain, Lieutenant, Chaplain
    lieutenant = _pick(preview, "Lieutenant")
    chosen = [o.label for o in lieutenant.options if o.default]
    assert chosen == ["Lieutenant leads Hellblaster Squad"]  # "Leads: Hellblaster Squad"
    # Its Leader ability lists Intercessor and Hellblaster Squads, renamed ones too.
    assert [o.label for o in lieutenant.options] == [
        "Lieutenant leads no unit", "Lieutenant leads Intercessor Squad",
        "Lieutenant leads Second Squad", "Lieutenant leads Hellblaster Squad",
        "Lieutenant leads Second Hellblasters"]
    chaplain = _pick(preview, "Chaplain")
    assert [o.label for o in chaplain.options if o.default] == ["Chaplain leads no unit"]
    assert chaplain.options[1].description == "10 models, 150 points"


def test_choices_made_in_the_preview_are_applied_with_the_import(
        service: GameService) -> None:
    _game(service)
    preview = _offer(service, STRIKE_FORCE)
    captain = _pick(preview, "Captain")
    second = next(o.value for o in captain.options if o.label.endswith("Second Squad"))
    shown = service.choose("c40k", BOB, captain.custom_id, {"": second})
    assert shown.in_place and shown.ephemeral
    assert [o.label for o in _pick(shown, "Captain").options if o.default] == [
        "Captain leads Second Squad"]
    assert shown.buttons[0].custom_id != preview.buttons[0].custom_id  # a new digest
    with pytest.raises(PlayerError):  # the old Accept no longer names the kept preview
        service.press("c40k", BOB, preview.buttons[0].custom_id)
    lieutenant = _pick(shown, "Lieutenant")
    shown = service.choose("c40k", BOB, lieutenant.custom_id, {"": "-"})
    service.press("c40k", BOB, shown.buttons[0].custom_id)
    units = _units(service, "defender")
    assert units["Captain"]["leads"] == units["Second Squad"]["id"]
    assert units["Lieutenant"]["leads"] is None
    assert units["Chaplain"]["leads"] is None


def test_a_unit_the_leader_ability_does_not_list_is_refused(service: GameService) -> None:
    _game(service)
    preview = _offer(service, STRIKE_FORCE)
    chaplain = _pick(preview, "Chaplain")
    with pytest.raises(Refused) as refused:
        service.choose("c40k", BOB, chaplain.custom_id, {"": "u3"})  # Intercessor Squad
    assert refused.value.violation.rule_id == "wh40k/leader"
    assert _game_row(service).pending["previews"]["defender"]["digest"] in (
        preview.buttons[0].custom_id)


def test_a_leagues_points_limit_holds_in_its_fixtures_games(service: GameService) -> None:
    leagues = service.leagues
    with pytest.raises(PlayerError) as bad:
        leagues.create("g1", ALICE, "Tiny", channel_id="lc", system_id="wh40k", points=50)
    assert "`points:` is each army's points limit, from 100 to 100,000" in bad.value.text("en")
    created = leagues.create("g1", ALICE, "Crusade", channel_id="lc", system_id="wh40k",
                             points=1500)
    assert "Each army: at most 1,500 points" in "\n".join(created.lines)
    changed = leagues.settings("g1", ALICE, "Crusade", points=2000)
    assert "Each army: at most 2,000 points" in "\n".join(changed.lines)
    for player in (ALICE, BOB):
        leagues.join("g1", player, "Crusade")
    leagues.start("g1", ALICE, "Crusade")
    opening = leagues.play("g1", "lc", ALICE, "Crusade", opponent=BOB)
    assert opening.thread is not None
    opening.thread.then("c40k")
    settings = _game_row(service).settings
    assert (settings["points"], settings["points_from"]) == (2000, "league")
    preview = _offer(service, STRIKE_FORCE)
    assert "set by the league" in "\n".join(preview.lines)
    with pytest.raises(Refused) as refused:
        service.press("c40k", BOB, preview.buttons[0].custom_id)
    assert "(set by the league)" in refused.value.text("en")
    with pytest.raises(Refused):  # a player cannot lift the league's limit
        _offer(service, STRIKE_FORCE, points=2100)


def test_a_scenarios_points_limit_is_the_games_when_no_league_sets_one(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.wh40k import catalogue

    scenarios = dict(catalogue.scenarios())
    scenarios["take-and-hold"] = scenarios["take-and-hold"].model_copy(update={"points": 500})
    monkeypatch.setattr(catalogue, "scenarios", lambda: scenarios)
    _game(service)
    preview = _offer(service, PATROL)
    assert ("Points limit: 500 points, set by the scenario. This list (495 points) is within"
            in "\n".join(preview.lines))
    service.press("c40k", BOB, preview.buttons[0].custom_id)
    assert "Captain" in _units(service, "defender")
    assert "points" not in _game_row(service).settings  # the scenario keeps saying it


def _unit_toml(name: str, models: int, character: bool) -> str:
    keywords = '["Infantry", "Character"]' if character else '["Infantry"]'
    return (f'[[unit]]\nname = "{name}"\nmodels = {models}\nwounds = 2\nleadership = 6\n'
            f'oc = 1\nkeywords = {keywords}\npoints = 50\n')


def test_more_than_four_leaders_are_chosen_four_at_a_time(service: GameService) -> None:
    _game(service)
    heroes = ("Ancient", "Apothecary", "Captain", "Chaplain", "Librarian", "Lieutenant")
    text = "".join(_unit_toml(n, 1, True) for n in heroes) + _unit_toml("Squad", 10, False)
    preview = _offer(service, text.encode())
    assert [p.placeholder for p in preview.picks] == [
        f"Which unit does {n} lead?" for n in heroes[:4]]
    assert [b.label for b in preview.buttons] == ["Accept", "Cancel", "More Leaders (2/2)"]
    turned = service.press("c40k", BOB, preview.buttons[2].custom_id)
    assert turned.in_place
    assert [p.placeholder for p in turned.picks] == [
        f"Which unit does {n} lead?" for n in heroes[4:]]
    lieutenant = _pick(turned, "Lieutenant")
    squad = next(o.value for o in lieutenant.options if o.label.endswith("leads Squad"))
    chosen = service.choose("c40k", BOB, lieutenant.custom_id, {"": squad})
    assert [p.placeholder for p in chosen.picks][-1] == "Which unit does Lieutenant lead?"
    assert chosen.buttons[2].label == "More Leaders (1/2)"
    service.press("c40k", BOB, chosen.buttons[0].custom_id)
    units = _units(service, "defender")
    assert units["Lieutenant"]["leads"] == units["Squad"]["id"]
    assert [n for n in heroes if units[n]["leads"]] == ["Lieutenant"]


def test_new_recruits_json_export_previews_as_its_ros_does(service: GameService) -> None:
    from bot import uploads

    _game(service)
    data = uploads.decode("Macragge Vanguard.json",
                          (FIXTURES / "strike-force.json").read_bytes())
    assert uploads.limit_for("Macragge Vanguard.json") == uploads.MAX_ROSTER_BYTES
    from_json = _offer(service, data)  # type: ignore[arg-type]
    assert from_json.lines == _offer(service, STRIKE_FORCE).lines
    assert len(from_json.picks) == 3
