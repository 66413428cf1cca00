"""Buttons, pick lists and forms on Discord: the service's controls as persistent components
(their ids say everything, so they survive restarts)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.host import host_of
from bot.replies import Button, FormRequest, Link, Pick, Reply

# How long a form opened and not yet sent is kept (Discord's interaction tokens last 15 min).
FORM_SECONDS = 900.0


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"bn:(?P<rest>(?!pick:|lead:).+)"):
    """A button made by the service; survives restarts because its id says everything.

    Pick lists have their own item (GamePick): discord.py offers a choice to every
    dynamic item whose template matches its id, so this one leaves theirs alone."""

    def __init__(self, custom_id: str, label: str = "…", style: str = "primary") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                custom_id=custom_id,
                style=getattr(discord.ButtonStyle, style, discord.ButtonStyle.primary),
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GameButton:
        """Rebuild the button from a click (its label is not needed to act)."""
        return cls(f"bn:{match['rest']}")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Press the button: the bot answers it through the service."""
        await host_of(interaction).press_button(interaction, self.custom_id)


class GamePick(discord.ui.DynamicItem[discord.ui.Select[Any]],
               template=r"bn:(?P<rest>(?:pick|lead):.+)"):
    """A pick list made by the service (a player's private controls, a preview's choice);
    its id says what it chooses."""

    def __init__(self, custom_id: str, placeholder: str = "…",
                 options: Sequence[discord.SelectOption] = ()) -> None:
        super().__init__(
            discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150],
                              options=list(options) or [discord.SelectOption(label="…")])
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GamePick:
        """Rebuild the pick list from a choice (its options are not needed to act)."""
        return cls(f"bn:{match['rest']}")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Pick a value: the bot answers it through the service."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        await host_of(interaction).choose(interaction, self.custom_id,
                                          {"": values[0] if values else ""})


class GameForm(discord.ui.Modal):
    """A form the service asked for: numbers to type (its id says which action they fill)."""

    def __init__(self, form: FormRequest) -> None:
        # Kept by discord.py until submitted or FORM_SECONDS pass (a form left open).
        super().__init__(title=form.title[:45] or "…", custom_id=form.custom_id,
                         timeout=FORM_SECONDS)
        for blank in form.blanks[:5]:
            self.add_item(discord.ui.TextInput(
                label=blank.label[:45] or blank.name, custom_id=blank.name,
                default=blank.value or None, required=blank.required,
                placeholder=blank.placeholder[:100] or None, max_length=20))

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        """Send the typed values: the bot answers them through the service."""
        typed = {str(item.custom_id): str(item.value) for item in self.children
                 if isinstance(item, discord.ui.TextInput)}
        await host_of(interaction).choose(interaction, self.custom_id, typed)


def reply_view(reply: Reply) -> discord.ui.View | None:
    """Build the buttons and pick lists under a reply (persistent: no timeout)."""
    return buttons_view(reply.buttons, reply.picks, reply.links)


def buttons_view(buttons: Sequence[Button], picks: Sequence[Pick] = (),
                 links: Sequence[Link] = ()) -> discord.ui.View | None:
    """Build a persistent view: buttons then links in the first rows, then one pick list a
    row (Discord: five rows); None for nothing."""
    if not buttons and not picks and not links:
        return None
    view = discord.ui.View(timeout=None)
    kept_links = list(links[:25])
    shown: list[Button | Link] = [*buttons[:25 - len(kept_links)], *kept_links]
    rows = -(-len(shown) // 5)
    for i, button in enumerate(shown):
        item: discord.ui.Item[Any] = (
            GameButton(button.custom_id, button.label, button.style)
            if isinstance(button, Button) else
            discord.ui.Button(style=discord.ButtonStyle.link, label=button.label[:80],
                              url=button.url))
        if isinstance(item, GameButton):
            item.item.row = i // 5 if picks else None
        elif picks:
            item.row = i // 5
        view.add_item(item)
    for row, pick in enumerate(picks[:max(0, 5 - rows)], start=rows):
        options = [discord.SelectOption(label=o.label[:100] or "…", value=o.value[:100],
                                        description=o.description[:100] or None,
                                        default=o.default)
                   for o in pick.options[:25]]
        select = GamePick(pick.custom_id, pick.placeholder, options)
        select.item.row = row
        view.add_item(select)
    return view
