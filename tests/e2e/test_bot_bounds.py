"""Option bounds end to end: Discord is told every range and cap, and the bot checks again.

Discord refuses a number past an option's range, or a text past its cap, before the
bot hears of it, because the bot registers them (issue 28, finding 5). A forged
interaction that skips that check still gets one polite refusal from the bot.
"""

from __future__ import annotations

from typing import Any

import pytest

from fakediscord import IT_COMMAND, ImpossibleAction

from .test_bot_support import Table, assert_refused


async def _forged(table: Table, command: str, valid: dict[str, Any],
                  forged: dict[str, Any]) -> Any:
    """Send a command whose options were changed after Discord checked them (the fake's
    own payload builder, then the values replaced), and return the bot's answer."""
    fake = table.fake
    data = fake._command_data(table.alice, table.channel, command, valid, focused=None)
    for option in data["options"][0]["options"]:
        if option["name"] in forged:
            option["value"] = forged[option["name"]]
    record = fake._new_interaction(IT_COMMAND, table.alice, table.channel, data,
                                   label=f"/{command}")
    return await fake._dispatch_and_settle(record, None, 0)


async def test_discord_refuses_a_value_past_its_bounds_before_the_bot(table: Table) -> None:
    fake = table.fake
    with pytest.raises(ImpossibleAction, match="max_value"):
        await fake.slash(table.alice, table.channel, "game replay", start=10**27 + 1)
    with pytest.raises(ImpossibleAction, match="out of range"):  # 600 characters, cap 500
        await fake.slash(table.alice, table.channel, "rules ask", question="flee " * 120)


async def test_a_forged_value_past_its_bounds_is_refused_politely(table: Table) -> None:
    refused = await _forged(table, "game log", {"last": 5}, {"last": 2**63})
    assert_refused(refused, "`last`", "50")
    refused = await _forged(table, "rules ask", {"question": "flee"},
                            {"question": "flee " * 20_000})
    assert_refused(refused, "`question`", "500")
