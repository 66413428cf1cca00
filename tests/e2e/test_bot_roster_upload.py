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
