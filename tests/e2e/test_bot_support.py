"""Shared set-up for the end-to-end tests of the real BanneretBot (no tests in this module).

`Table` is one Discord "table": a FakeDiscord server, a GameService on a temporary
SQLite file (drawing boards with renderers.render_png when it is importable) and
an unmodified BanneretBot pointed at the fake through its Settings, exactly as
`run_bot` points it. Each test module declares a small `table` fixture calling
`open_table`, which also fails the test on any ERROR logged by the bot unless the
test cleared the log after checking the error it provoked.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from bot.clock import SYSTEM_CLOCK, Clock
from bot.config import Settings
from bot.discord.client import BanneretBot, point_at
from bot.service.boards import Render
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from fakediscord import BotRunner, FakeDiscord, FakeUser, InteractionResult, Message
from renderers import BOARD_WIDTH as BOARD_WIDTH  # render_png's default width
from renderers import render_png
from rules.core.system import register, system
from tests.race.engine import SYSTEM as RACE

register(RACE)

NO_PINGS = {"parse": []}


def renderer() -> Render:
    """Return the board renderer the bot runs with."""
    return render_png


@dataclass
class Table:
    """A fake Discord guild with Banneret running in it, and the people who play."""

    fake: FakeDiscord
    runner: BotRunner
    db: Path
    service: GameService
    bot: BanneretBot
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser  # a spectator
    seeds: Callable[[], str]
    bots: list[BanneretBot] = field(default_factory=list)
    # The time the bot's store goes by (a FakeClock in tests of clocks and reminders).
    clock: Clock = SYSTEM_CLOCK
    # What draws the boards of the next bot started (bot/service/renderpool.py's pool in its tests).
    render: Render = field(default_factory=lambda: renderer())

    @property
    def channel(self) -> Any:
        """Return the channel the games are played in."""
        return self.fake.channel

    def settings(self) -> Settings:
        """Return the bot's settings: the real aliases, pointed at the fake server."""
        return Settings(
            _env_file=None,  # type: ignore[call-arg]
            DISCORD_TOKEN=self.fake.token,
            DISCORD_DEV_GUILD=None,
            BANNERET_DB=self.db,
            BANNERET_API_BASE=self.fake.base_url,
            BANNERET_GATEWAY_URL=self.fake.gateway_url,
        )

    async def start_bot(self) -> BanneretBot:
        """Start a new BanneretBot process on the same database and fake server."""
        settings = self.settings()
        point_at(settings.api_base, settings.gateway_url)
        self.service = GameService(Store(settings.db, clock=self.clock), render=self.render,
                                   seed_factory=self.seeds)
        self.bot = BanneretBot(self.service, settings)
        self.bots.append(self.bot)
        await self.runner.start(self.bot)
        return self.bot

    async def restart(self) -> BanneretBot:
        """Stop the running bot and start a fresh one, as after a deploy."""
        await self.runner.stop(self.bot)
        self.service.store.close()
        return await self.start_bot()

    def version(self, channel_id: int | None = None) -> int | None:
        """Return the stored version of the channel's latest game (None: no game)."""
        with self.service.store.reading() as tx:
            game = tx.latest_game(str(channel_id or self.channel.id))
        return game.version if game else None

    def state(self, channel_id: int | None = None) -> Any:
        """Return the stored state of the channel's latest game."""
        with self.service.store.reading() as tx:
            game = tx.latest_game(str(channel_id or self.channel.id))
        assert game is not None
        return system(game.system).load_state(game.state)


@asynccontextmanager
async def open_table(fake: FakeDiscord, runner: BotRunner, tmp_path: Path,
                     clock: Clock = SYSTEM_CLOCK) -> AsyncIterator[Table]:
    """Run Banneret against `fake` for one test; fail on any ERROR the test did not clear."""
    counter = itertools.count()
    table = Table(
        fake=fake,
        runner=runner,
        db=tmp_path / "banneret.db",
        service=None,  # type: ignore[arg-type]  # set by start_bot
        bot=None,  # type: ignore[arg-type]
        alice=fake.user("alice"),
        bob=fake.user("bob"),
        carol=fake.user("carol"),
        seeds=lambda: f"e2e-seed-{next(counter)}",
        clock=clock,
    )
    await table.start_bot()
    try:
        yield table
    finally:
        await runner.aclose()
        table.service.store.close()
    fake.error_log.assert_none()


# ---------------------------------------------------------------- assertions


def png_of(result: InteractionResult | Message) -> Image.Image:
    """Return the decoded board image attached to a reply.

    The board is a plain attachment, which Discord shows full width; the embed beside
    it carries only the text (a picture inside an embed is shown small on phones).
    """
    message = newest(result) if isinstance(result, InteractionResult) else result
    ((name, data),) = message.attachments
    assert name == "board.png"
    assert message.embed is not None
    assert "image" not in message.embed
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def board_bytes(result: InteractionResult | Message) -> bytes:
    """Return the raw PNG of a reply's board (or of a message's current one)."""
    message = newest(result) if isinstance(result, InteractionResult) else result
    ((_, data),) = message.attachments
    return data


def newest(result: InteractionResult) -> Message:
    """Return what an interaction shows last: its newest follow-up, else its answer.

    A move on the turn message edits it in place (the answer is that message); a move
    that passes the turn then posts the next turn's message as a follow-up.
    """
    message = result.followups[-1] if result.followups else result.primary
    assert message is not None, result
    return message


def edited_in_place(result: InteractionResult) -> bool:
    """Say whether a button's answer changed the message it is on (callback 7, or 6 + edit)."""
    return result.response_type in (6, 7) and not result.followups


def turn_message(table: Table, game_id: int = 1) -> Message:
    """Return a game's live turn message, the one the bot edits as the player acts."""
    shown = table.bots[0].live.get(game_id)
    assert shown is not None, f"game {game_id} has no turn message"
    return table.fake.get_message(shown.message_id)


def assert_pings_only(result: InteractionResult, user: FakeUser) -> None:
    """Check the reply is public and pings exactly `user` and nothing else."""
    message = newest(result)
    assert message.public
    assert message.content == f"<@{user.id}>"
    assert message.allowed_mentions == {"parse": [], "users": [user.id]}


def assert_pings_nobody(result: InteractionResult) -> None:
    """Check every message the reply posted has mentions switched off (an edit of a
    message, such as the turn message, never notifies anybody)."""
    posted = result.followups if result.response_type in (6, 7) else result.messages
    for message in posted:
        assert message.allowed_mentions == NO_PINGS, message.allowed_mentions
        assert not message.content, message.content


def assert_refused(result: InteractionResult, *needles: str) -> str:
    """Check the reply is one polite ephemeral refusal containing `needles`; return its text."""
    assert result.response_type == 4, result
    (message,) = result.messages
    assert message.ephemeral
    assert message.allowed_mentions == NO_PINGS
    assert message.embed is not None
    assert message.embed["color"] == 0xC0392B  # the refusal colour
    text = message.embed["description"]
    assert "Traceback" not in text
    for needle in needles:
        assert needle in text, f"{needle!r} not in {text!r}"
    return str(text)


async def rule_behind_button(table: Table, refused: InteractionResult, user: FakeUser) -> str:
    """Press a refusal's "Rule" button and return the rule it shows (to that user alone).

    A refusal stays short: what was wrong, and the rule's id and title; the statement
    is one click away.
    """
    (message,) = refused.messages
    (label,) = [c["label"] for row in message.components for c in row["components"]]
    assert label.startswith(("Rule: ", "Regra: ")), label
    shown = await table.fake.click(user, refused, label=label)
    assert shown.ephemeral and shown.primary is not None and shown.primary.visible_to == user.id
    return shown.text


def description(result: InteractionResult) -> str:
    """Return the description of the first embed of what the interaction shows last."""
    message = newest(result)
    assert message.embed is not None, result
    return str(message.embed["description"])


def footer_version(result: InteractionResult) -> tuple[int, int]:
    """Return (game id, position) from a reply's footer."""
    embed = newest(result).embed
    assert embed is not None
    found = re.fullmatch(r"game (\d+) · position (\d+)", embed["footer"]["text"])
    assert found, embed["footer"]
    return int(found[1]), int(found[2])


# ---------------------------------------------------------------- playing through autocomplete


async def pick(
    table: Table, user: FakeUser, path: str, focused: str, typed: str = "", /, **options: Any
) -> str:
    """Type into an option and return the first value autocomplete offers.

    The parameters are positional-only: /fw order has an option called `command`.
    """
    choices = await table.fake.autocomplete(
        user, table.channel, path, focused=focused, value=typed, **options
    )
    assert choices, f"/{path} {focused}:{typed!r} offered nothing"
    return str(choices[0]["value"])


async def start_by_autocomplete(
    table: Table, typed: tuple[str, str, str], expected: tuple[str, str, str]
) -> InteractionResult:
    """Alice types system, scenario and seat through autocomplete and invites Bob; he accepts.

    `typed` is what she types into each option; `expected` what autocomplete must pick.
    Returns Bob's accepting click.
    """
    fake, alice = table.fake, table.alice
    system_id = await pick(table, alice, "game new", "system", typed[0])
    scenario = await pick(table, alice, "game new", "scenario", typed[1], system=system_id)
    seat = await pick(
        table, alice, "game new", "seat", typed[2], system=system_id, scenario=scenario
    )
    assert (system_id, scenario, seat) == expected
    invitation = await fake.slash(
        alice, table.channel, "game new", system=system_id, scenario=scenario, seat=seat,
        opponent=table.bob,
    )  # fmt: skip
    assert_pings_only(invitation, table.bob)
    return await fake.click(table.bob, invitation, label="Accept the invitation")
