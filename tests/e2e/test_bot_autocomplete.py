"""Autocomplete never fails a user: every completable option, odd input, any channel."""

from __future__ import annotations

from bot.surface.dispatch import surface

from .test_bot_support import Table

TYPED = ["", "u1 ", "Z99", "é💥 @everyone", "x" * 100]
COMPLETABLE = [
    (command.path, option.name)
    for command in surface().entries.values()
    for option in command.options
    if option.autocomplete is not None
]


async def complete_everything(table: Table) -> int:
    """Type odd things into every completable option, as a player and as a spectator."""
    offered = 0
    for user in (table.alice, table.carol):
        for path, option in COMPLETABLE:
            for typed in TYPED:
                choices = await table.fake.autocomplete(
                    user, table.channel, path, focused=option, value=typed
                )
                assert len(choices) <= 25
                offered += len(choices)
    return offered


async def test_autocomplete_without_a_game(table: Table) -> None:
    """With no game in the channel, completions are empty or static, never an error."""
    assert COMPLETABLE
    await complete_everything(table)


async def test_autocomplete_during_a_samurai_game(table: Table) -> None:
    """In a live game every option completes without errors, and some offer choices."""
    fake = table.fake
    await fake.slash(
        table.alice, table.channel, "game new", system="samurai", scenario="river-crossing",
        seat="uesugi", opponent=table.bob,
    )  # fmt: skip
    await fake.slash(table.bob, table.channel, "game join")
    assert await complete_everything(table) > 0
