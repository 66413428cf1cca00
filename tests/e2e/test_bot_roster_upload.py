"""A list builder's .rosz uploaded through the real client: previewed, then accepted."""

from __future__ import annotations

from pathlib import Path

from . import test_bot_wh40k
from .test_bot_support import Table, assert_refused, description, turn_message

table = test_bot_wh40k.table  # the same fixture: a Take and Hold game, Alice attacks

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rosters"


async def test_a_rosz_is_previewed_then_loaded_on_accept(table: Table) -> None:
    before = table.version()
    preview = await table.fake.slash(
        table.bob, table.channel, "wh40k roster",
        text=("Da Red Skullz.rosz", (FIXTURES / "orks.rosz").read_bytes()),
    )
    assert preview.ephemeral
    shown = description(preview)
    assert "• Boyz: 10 models\n    ◦ Boy: 9 models, W 1, Ld 7+, OC 2\n" in shown
    assert "• Warboss: 1 model, W 6, Ld 6+, OC 1, leads Boyz" in shown
    assert table.version() == before  # nothing changes until Accept
    loaded = await table.fake.click(table.bob, preview, label="Accept")
    assert loaded.ephemeral and not loaded.components  # the preview, answered
    assert "Defender loads the roster “Da Red Skullz”" in description(loaded)
    assert "Defender loads the roster “Da Red Skullz”" in turn_message(table).text
    names = [u.name for u in table.state().units.values() if u.side == "defender"]
    assert names == ["Warboss", "Boyz", "Battlewagon"]


async def test_a_hostile_rosz_is_refused_naming_what_is_wrong(table: Table) -> None:
    import io
    import zipfile

    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("army.ros", b" " * 20_000_000)
    before = table.version()
    refused = await table.fake.slash(
        table.bob, table.channel, "wh40k roster", text=("army.rosz", bomb.getvalue())
    )
    assert_refused(refused, "unzips to more than 4,096 KiB of XML", "core/bad-input")
    assert table.version() == before


def _selects(message: object) -> list[dict[str, object]]:
    rows = getattr(message, "components", [])
    return [c for row in rows for c in row["components"] if c["type"] == 3]


async def test_a_leaders_bodyguard_is_chosen_from_the_preview_and_applied_on_accept(
        table: Table) -> None:
    preview = await table.fake.slash(
        table.bob, table.channel, "wh40k roster",
        text=("Macragge Vanguard.ros", (FIXTURES / "strike-force.ros").read_bytes()),
    )
    shown = description(preview)
    assert "Roster “Macragge Vanguard”: 14 units, 58 models, 2,065 points." in shown
    assert "• Captain (110 points), Warlord: 1 model" in shown
    assert "◦ Enhancements: Artificer Armour" in shown
    selects = _selects(preview)
    assert [s["placeholder"] for s in selects] == [
        "Which unit does Captain lead?", "Which unit does Lieutenant lead?",
        "Which unit does Chaplain lead?"]
    lieutenant = selects[1]
    assert [o["label"] for o in lieutenant["options"] if o.get("default")] == [
        "Lieutenant leads Hellblaster Squad"]  # from its "Leads:" note
    captain = selects[0]
    second = next(o["value"] for o in captain["options"]
                  if o["label"] == "Captain leads Second Squad")
    before = table.version()
    chosen = await table.fake.select(table.bob, preview, captain["custom_id"], [second])
    assert table.version() == before  # a choice changes only the preview
    assert chosen.primary is preview.primary  # edited in place, no new message
    captain = _selects(chosen)[0]
    assert [o["label"] for o in captain["options"] if o.get("default")] == [
        "Captain leads Second Squad"]
    loaded = await table.fake.click(table.bob, chosen, label="Accept")
    assert "Defender loads the roster “Macragge Vanguard”" in description(loaded)
    units = {u.name: u for u in table.state().units.values() if u.side == "defender"}
    assert units["Captain"].leads == units["Second Squad"].id
    assert units["Lieutenant"].leads == units["Hellblaster Squad"].id
    assert units["Chaplain"].leads is None


async def test_a_list_over_the_points_limit_is_refused_on_accept(table: Table) -> None:
    preview = await table.fake.slash(
        table.bob, table.channel, "wh40k roster", points=2000,
        text=("Macragge Vanguard.ros", (FIXTURES / "strike-force.ros").read_bytes()),
    )
    assert "This list (2,065 points) is 65 over" in description(preview)
    before = table.version()
    refused = await table.fake.click(table.bob, preview, label="Accept")
    # Shown above the preview, in place: its buttons stay, to cancel or send a shorter list.
    assert refused.response_type == 7 and refused.primary is preview.primary
    refusal, kept = refused.primary.embeds
    assert refusal["color"] == 0xC0392B  # the refusal colour
    assert "2,065 pts is 65 over this game's 2,000-point limit" in refusal["description"]
    assert "wh40k/points-limit" in str(refusal)
    assert "Macragge Vanguard" in kept["description"]
    assert [c["label"] for row in refused.primary.components for c in row["components"]
            if c["type"] == 2][:2] == ["Accept", "Cancel"]
    assert table.version() == before
    assert not [u for u in table.state().units.values()
                if u.side == "defender" and u.name == "Captain"]
