"""Prove the FakeDiscord harness with a throwaway discord.py bot (not the project's bot)."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from fakediscord import (
    BotRunner,
    ErrorLog,
    FakeDiscord,
    ImpossibleAction,
    InteractionTimeout,
)

FACTIONS = ["Takeda", "Tokugawa", "Oda", "Uesugi", "Hojo", "Date", "Mori", "Shimazu"]
SECRET = "march on Kawanakajima at dawn"


class MusterButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"muster:(?P<unit>\d+)"
):
    """Persistent button: its state lives in the custom_id, so it survives restarts."""

    def __init__(self, unit: int) -> None:
        """Build the button for one unit."""
        super().__init__(
            discord.ui.Button(
                label=f"Muster {unit}",
                custom_id=f"muster:{unit}",
                style=discord.ButtonStyle.primary,
            )
        )
        self.unit = unit

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MusterButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["unit"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Mark the unit mustered and remove the button."""
        await interaction.response.edit_message(
            content=f"Unit {self.unit} mustered by {interaction.user.name}", view=None
        )


class PickView(discord.ui.View):
    """A non-persistent view with a select menu."""

    @discord.ui.select(
        custom_id="pick:faction",
        options=[discord.SelectOption(label=f, value=f.lower()) for f in FACTIONS[:4]],
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[PickView]
    ) -> None:
        """Acknowledge, then confirm with a follow-up."""
        await interaction.response.defer()
        await interaction.followup.send(f"{interaction.user.name} picked {select.values[0]}")


class OrdersModal(discord.ui.Modal, title="Orders"):
    """A modal with one text field."""

    orders: discord.ui.TextInput[OrdersModal] = discord.ui.TextInput(
        label="Orders", custom_id="orders"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Echo the orders privately."""
        await interaction.response.send_message(f"Orders: {self.orders.value}", ephemeral=True)


army = app_commands.Group(name="army", description="Army commands")


async def faction_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Offer factions whose name starts with what was typed."""
    return [
        app_commands.Choice(name=f, value=f)
        for f in FACTIONS
        if f.lower().startswith(current.lower())
    ]


@army.command(name="show", description="Show an army")
@app_commands.autocomplete(faction=faction_autocomplete)
async def army_show(
    interaction: discord.Interaction,
    faction: str,
    strength: app_commands.Range[int, 1, 20],
) -> None:
    """Reply with an embed and a PNG strength bar."""
    image = Image.new("RGB", (strength * 10, 24), "darkred")
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    buf.seek(0)
    embed = discord.Embed(
        title=f"{faction} army", description=f"strength {type(strength).__name__}"
    )
    embed.set_image(url="attachment://army.png")
    await interaction.response.send_message(
        embed=embed, file=discord.File(buf, filename="army.png")
    )


@army.command(name="secret", description="Whisper your orders")
async def army_secret(interaction: discord.Interaction) -> None:
    """Reply ephemerally and post a public notice."""
    await interaction.response.send_message(f"Your orders: {SECRET}", ephemeral=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    await interaction.channel.send(f"{interaction.user.name} has received orders.")


@army.command(name="slow", description="Think, then answer")
async def army_slow(interaction: discord.Interaction) -> None:
    """Defer, work a little, then send two follow-ups."""
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.05)
    await interaction.followup.send("first")
    await asyncio.sleep(0.05)
    await interaction.followup.send("second", ephemeral=True)


@army.command(name="muster", description="Call a unit to arms")
async def army_muster(interaction: discord.Interaction, unit: int) -> None:
    """Post a persistent button."""
    view = discord.ui.View(timeout=None)
    view.add_item(MusterButton(unit))
    await interaction.response.send_message(f"Unit {unit} awaits", view=view)


@army.command(name="pick", description="Pick a faction")
async def army_pick(interaction: discord.Interaction) -> None:
    """Post a select menu."""
    await interaction.response.send_message("Pick one", view=PickView(timeout=30))


@army.command(name="orders", description="Write orders")
async def army_orders(interaction: discord.Interaction) -> None:
    """Open a modal."""
    await interaction.response.send_modal(OrdersModal())


@app_commands.command(name="purge", description="Moderators only")
@app_commands.default_permissions(manage_channels=True)
async def purge(interaction: discord.Interaction) -> None:
    """Reply to moderators."""
    await interaction.response.send_message("purged", ephemeral=True)


class LongModal(discord.ui.Modal, title="Orders for every banner and every unit of the army"):
    """A modal whose title is longer than Discord's 45 characters."""

    orders: discord.ui.TextInput[LongModal] = discord.ui.TextInput(
        label="Orders", custom_id="orders"
    )


@army.command(name="longform", description="Open a modal Discord would refuse")
async def army_longform(interaction: discord.Interaction) -> None:
    """Open a modal with a title over 45 characters."""
    await interaction.response.send_modal(LongModal())


@army.command(name="shout", description="Say too much")
async def army_shout(interaction: discord.Interaction) -> None:
    """Send a message Discord would refuse (over 2000 characters)."""
    await interaction.response.send_message("A" * 2001)


@army.command(name="crash", description="Fail")
async def army_crash(interaction: discord.Interaction) -> None:
    """Raise, so discord.py logs an error and never answers."""
    raise RuntimeError("boom")


class TinyBot(commands.Bot):
    """A throwaway bot that syncs its command tree on startup."""

    def __init__(self) -> None:
        """Create the bot with default (non-privileged) intents."""
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.tree.add_command(army)
        self.tree.add_command(purge)

    async def setup_hook(self) -> None:
        """Register persistent buttons and sync commands globally."""
        self.add_dynamic_items(MusterButton)
        await self.tree.sync()


@pytest.fixture
async def bot(bot_runner: BotRunner) -> discord.Client:
    """Return a running TinyBot."""
    return await bot_runner.start(TinyBot())


async def test_sync_is_visible(fake_discord: FakeDiscord, bot: discord.Client) -> None:
    """tree.sync() lands in the fake with options and ids."""
    assert fake_discord.sync_count == 1
    assert fake_discord.command_names() == {"purge"} | {
        f"army {n}"
        for n in ("show", "secret", "slow", "muster", "pick", "orders", "longform", "shout",
                  "crash")
    }
    cmd = next(c for c in fake_discord.synced_commands() if c["name"] == "army")
    show = next(o for o in cmd["options"] if o["name"] == "show")
    opts = {o["name"]: o for o in show["options"]}
    assert opts["faction"]["type"] == 3 and opts["faction"]["autocomplete"] is True
    assert opts["strength"]["type"] == 4 and opts["strength"]["max_value"] == 20
    assert fake_discord.identify_payloads[0]["intents"] == discord.Intents.default().value


async def test_embed_and_png_attachment(
    fake_discord: FakeDiscord, bot: discord.Client, bot_errors: ErrorLog
) -> None:
    """A grouped command with an int option answers with an embed and a PNG."""
    alice = fake_discord.user("alice")
    result = await fake_discord.slash(
        alice, fake_discord.channel, "army show", faction="Takeda", strength=3
    )
    assert result.response_type == 4 and not result.ephemeral
    assert result.embed is not None
    assert result.embed["title"] == "Takeda army"
    assert result.embed["description"] == "strength int"  # sent as an integer
    assert result.embed["image"]["url"] == "attachment://army.png"
    ((filename, data),) = result.attachments
    assert filename == "army.png"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (30, 24)
    assert result.message is not None and result.message.public
    bot_errors.assert_none()


async def test_option_types_are_checked(fake_discord: FakeDiscord, bot: discord.Client) -> None:
    """The harness refuses inputs a Discord client could not send."""
    alice = fake_discord.user("alice")
    with pytest.raises(ImpossibleAction, match="integer"):
        await fake_discord.slash(
            alice, fake_discord.channel, "army show", faction="Oda", strength="3"
        )
    with pytest.raises(ImpossibleAction, match="max_value"):
        await fake_discord.slash(
            alice, fake_discord.channel, "army show", faction="Oda", strength=21
        )
    with pytest.raises(ImpossibleAction, match="required"):
        await fake_discord.slash(alice, fake_discord.channel, "army show", faction="Oda")
    with pytest.raises(ImpossibleAction, match="subcommand"):
        await fake_discord.slash(alice, fake_discord.channel, "army")


async def test_autocomplete(fake_discord: FakeDiscord, bot: discord.Client) -> None:
    """Autocomplete returns the bot's choices for the focused option."""
    alice = fake_discord.user("alice")
    choices = await fake_discord.autocomplete(
        alice, fake_discord.channel, "army show", focused="faction", value="to", strength=2
    )
    assert choices == [{"name": "Tokugawa", "value": "Tokugawa"}]
    everything = await fake_discord.autocomplete(
        alice, fake_discord.channel, "army show", focused="faction"
    )
    assert [c["value"] for c in everything] == FACTIONS


async def test_ephemeral_reply_does_not_leak(
    fake_discord: FakeDiscord, bot: discord.Client
) -> None:
    """Ephemeral replies are private; public channel posts are captured too."""
    alice = fake_discord.user("alice")
    result = await fake_discord.slash(alice, fake_discord.channel, "army secret")
    assert result.ephemeral
    assert result.content is not None and SECRET in result.content
    assert result.message is not None and result.message.visible_to == alice.id
    (notice,) = result.channel_messages
    assert notice.content == "alice has received orders."
    assert SECRET not in fake_discord.public_text()
    bob = fake_discord.user("bob")
    assert all(SECRET not in m.all_text for m in fake_discord.visible_to(bob))


async def test_deferred_reply_and_followups(fake_discord: FakeDiscord, bot: discord.Client) -> None:
    """The first follow-up completes a deferred reply; later ones are new messages."""
    alice = fake_discord.user("alice")
    result = await fake_discord.slash(alice, fake_discord.channel, "army slow", expect_followups=1)
    assert result.deferred and result.response_type == 5
    assert result.message is not None
    assert result.message.content == "first" and not result.message.loading
    assert [m.content for m in result.followups] == ["second"]
    assert result.followups[0].ephemeral and not result.message.ephemeral


async def test_persistent_button_survives_restart(
    fake_discord: FakeDiscord, bot_runner: BotRunner, bot: discord.Client
) -> None:
    """A DynamicItem button posted by one bot process is handled by the next one."""
    alice = fake_discord.user("alice")
    posted = await fake_discord.slash(alice, fake_discord.channel, "army muster", unit=7)
    assert posted.message is not None
    assert posted.message.custom_ids() == ["muster:7"]

    await bot_runner.stop(bot)
    await bot_runner.start(TinyBot())
    assert fake_discord.identify_count == 2

    bob = fake_discord.user("bob")
    clicked = await fake_discord.click(bob, posted.message, label="Muster 7")
    assert clicked.response_type == 7
    assert clicked.message is posted.message
    assert posted.message.content == "Unit 7 mustered by bob"
    assert posted.message.components == []
    assert [r.content for r in posted.message.revisions] == [
        "Unit 7 awaits",
        "Unit 7 mustered by bob",
    ]


async def test_select_menu(fake_discord: FakeDiscord, bot: discord.Client) -> None:
    """Choosing from a select reaches the view's callback."""
    alice = fake_discord.user("alice")
    posted = await fake_discord.slash(alice, fake_discord.channel, "army pick")
    with pytest.raises(ImpossibleAction, match="not an option"):
        await fake_discord.select(alice, posted, "pick:faction", ["date"])
    picked = await fake_discord.select(alice, posted, "pick:faction", ["oda"], expect_followups=1)
    assert picked.response_type == 6
    assert [m.content for m in picked.followups] == ["alice picked oda"]


async def test_modal(fake_discord: FakeDiscord, bot: discord.Client) -> None:
    """A modal opened by a command can be filled in and submitted."""
    alice = fake_discord.user("alice")
    opened = await fake_discord.slash(alice, fake_discord.channel, "army orders")
    assert opened.response_type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Orders"
    submitted = await fake_discord.submit_modal(alice, opened, {"orders": "hold the ford"})
    assert submitted.ephemeral and submitted.content == "Orders: hold the ford"


async def test_a_modal_past_discords_limits_is_refused(
    fake_discord: FakeDiscord, bot: discord.Client, bot_errors: ErrorLog
) -> None:
    """A modal title over 45 characters gets Discord's 400, as a message over 2000 does."""
    alice = fake_discord.user("alice")
    with pytest.raises(InteractionTimeout, match="between 1 and 45"):
        await fake_discord.slash(alice, fake_discord.channel, "army longform")
    (rejection,) = fake_discord.rejections
    assert rejection.status == 400 and rejection.code == 50035


async def test_default_permissions_hide_commands(
    fake_discord: FakeDiscord, bot: discord.Client
) -> None:
    """Users without default_member_permissions cannot run the command; moderators can."""
    alice = fake_discord.user("alice")
    with pytest.raises(ImpossibleAction, match="cannot see"):
        await fake_discord.slash(alice, fake_discord.channel, "purge")
    mod = fake_discord.moderator("mod")
    result = await fake_discord.slash(mod, fake_discord.channel, "purge")
    assert result.content == "purged"


async def test_rejections_and_errors_are_reported(
    fake_discord: FakeDiscord, bot: discord.Client, bot_errors: ErrorLog
) -> None:
    """Invalid messages get Discord's 400, and bot ERROR logs are captured."""
    alice = fake_discord.user("alice")
    with pytest.raises(InteractionTimeout, match="2000 or fewer"):
        await fake_discord.slash(alice, fake_discord.channel, "army shout")
    (rejection,) = fake_discord.rejections
    assert rejection.status == 400 and rejection.code == 50035
    assert any("Ignoring exception in command 'shout'" in m for m in bot_errors.messages)

    bot_errors.clear()
    with pytest.raises(InteractionTimeout, match="boom"):
        await fake_discord.slash(alice, fake_discord.channel, "army crash")
    assert any("RuntimeError: boom" in m for m in bot_errors.messages)
