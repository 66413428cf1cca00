"""A loopback Discord: gateway + REST, enough for an unmodified discord.py bot.

`FakeDiscord` is an aiohttp server on 127.0.0.1 that speaks the parts of
Discord's gateway (websocket) and HTTP API that a discord.py 2.7 bot built on
app commands uses.  Tests act as Discord users through it (slash commands,
autocomplete, button clicks, selects, modals) and inspect everything the bot
sent back.

Fidelity rules the server enforces, because a real bot would hit them too:

* an interaction can be acknowledged once; later callbacks get 400/40060;
* the initial callback must arrive within `response_deadline` seconds (3s on
  Discord) or it is rejected with 404/10062 "Unknown interaction";
* the first follow-up after a deferred (type 5) response *replaces* the
  loading message and inherits its ephemerality;
* message limits (2000 chars, 10 embeds, embed field/total limits, 5 action
  rows of 5 buttons, custom_id <= 100 chars and unique, 25 autocomplete
  choices, attachment size) are checked and answered with Discord-shaped
  400s ("Invalid Form Body", code 50035).

Rejected requests are recorded in `FakeDiscord.rejections` and are echoed in
the message of `InteractionTimeout` so a failing test says why.

Settle rule used by `slash`/`click`/`select`/`submit_modal`: an interaction is
settled once (1) the bot sent its initial callback, (2) a deferred
"thinking" response (type 5) has been completed by an edit or the first
follow-up (or deleted), (3) at least `expect_followups` follow-ups exist, and
(4) the bot made no REST request for `quiet` seconds, confirmed by a second
look after another `quiet / 2` seconds (so a bot that briefly blocks the event
loop between two requests is not cut short).  If the bot logs an ERROR and
then goes quiet without answering, the wait fails early with the log in the
message instead of running into the timeout.

Usage (fixtures from tests/e2e/conftest.py)::

    async def test_new_game(fake_discord, bot_runner, bot_errors):
        await bot_runner.start(make_bot())          # any discord.Client / commands.Bot
        alice = fake_discord.user("alice")
        result = await fake_discord.slash(alice, fake_discord.channel, "game new",
                                          system="samurai", scenario="x")
        assert result.embed["title"] == "New game"
        clicked = await fake_discord.click(alice, result, label="Join")
        assert "secret" not in fake_discord.public_text()
        bot_errors.assert_none()
"""

from __future__ import annotations

from fakediscord.constants import CB_DEFERRED_MESSAGE, IT_COMMAND
from fakediscord.driver import BotRunner, point_discord_at
from fakediscord.errorlog import ErrorLog
from fakediscord.errors import ImpossibleAction, InteractionTimeout, Rejection
from fakediscord.models import (
    Attachment,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    InteractionResult,
    Message,
    Revision,
)
from fakediscord.server import FakeDiscord
from fakediscord.sessions import shard_of

__all__ = [
    "CB_DEFERRED_MESSAGE",
    "IT_COMMAND",
    "Attachment",
    "BotRunner",
    "ErrorLog",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeRole",
    "FakeUser",
    "ImpossibleAction",
    "InteractionResult",
    "InteractionTimeout",
    "Message",
    "Rejection",
    "Revision",
    "point_discord_at",
    "shard_of",
]
