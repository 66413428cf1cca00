"""A scenario of your own through the real client: previewed with its map, kept on Accept,
started with /game new through autocomplete; a mistake refused naming its line and field."""

from __future__ import annotations

from pathlib import Path

from .test_bot_support import (
    Table,
    assert_refused,
    description,
    newest,
    start_by_autocomplete,
)

EXAMPLE = (Path(__file__).resolve().parents[2] / "docs" / "examples" / "scenario.toml").read_text()


async def test_a_scenario_is_previewed_accepted_and_started(table: Table) -> None:
    fake, alice = table.fake, table.alice
    preview = await fake.slash(alice, table.channel, "samurai scenario",
                               upload=("hill.toml", EXAMPLE.encode()))
    assert preview.ephemeral
    ((name, data),) = newest(preview).attachments
    assert name == "scenario.png" and data[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Hill of Crows" in description(preview)
    assert table.version() is None  # no game: nothing but the preview
    kept = await fake.click(alice, preview, label="Accept")
    assert kept.ephemeral
    assert "/game new system:samurai scenario:hill-of-crows" in description(kept)
    joined = await start_by_autocomplete(
        table, ("sam", "crow", "oda"), ("samurai", "hill-of-crows", "oda"))
    assert "Oda to act: play a command card" in description(joined)
    assert table.state().setup.title == "Hill of Crows"


async def test_a_mistake_is_refused_naming_its_line_and_field(table: Table) -> None:
    bad = EXAMPLE.replace('type = "ashigaru-bow"', 'type = "ninja"')
    refused = await table.fake.slash(table.alice, table.channel, "samurai scenario",
                                     upload=("bad.toml", bad.encode()))
    assert_refused(refused, "Line 56, `piece 3: type`", "`ninja` is not a unit type")
