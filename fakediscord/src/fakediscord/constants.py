"""Discord's numbers the fake speaks: the API version, message flags, gateway intents,
interaction, callback, option, channel and component types, and permission sets."""

from __future__ import annotations

from typing import Final

import discord

API_VERSION: Final = 10
DEFAULT_TOKEN: Final = "fake-bot-token"

EPHEMERAL: Final = 1 << 6
LOADING: Final = 1 << 7
SUPPRESS_EMBEDS: Final = 1 << 2
COMPONENTS_V2: Final = 1 << 15

# Gateway intents that need a switch in the developer portal.
PRIVILEGED_INTENTS: Final = (1 << 1) | (1 << 8) | (1 << 15)
INTENT_GUILD_MEMBERS: Final = 1 << 1

# Interaction types.
IT_PING, IT_COMMAND, IT_COMPONENT, IT_AUTOCOMPLETE, IT_MODAL_SUBMIT = 1, 2, 3, 4, 5
# Interaction callback types.
CB_PONG = 1
CB_MESSAGE = 4
CB_DEFERRED_MESSAGE = 5
CB_DEFERRED_UPDATE = 6
CB_UPDATE = 7
CB_AUTOCOMPLETE = 8
CB_MODAL = 9

# Application command option types.
OPT_SUBCOMMAND, OPT_GROUP = 1, 2
OPT_STRING, OPT_INTEGER, OPT_BOOLEAN, OPT_USER = 3, 4, 5, 6
OPT_CHANNEL, OPT_ROLE, OPT_MENTIONABLE, OPT_NUMBER, OPT_ATTACHMENT = 7, 8, 9, 10, 11

# Channel types.
CH_TEXT, CH_DM, CH_PUBLIC_THREAD, CH_PRIVATE_THREAD = 0, 1, 11, 12

# Component types.
C_ROW, C_BUTTON, C_STRING_SELECT, C_TEXT_INPUT = 1, 2, 3, 4
C_USER_SELECT, C_ROLE_SELECT, C_MENTIONABLE_SELECT, C_CHANNEL_SELECT = 5, 6, 7, 8
SELECT_TYPES: Final = frozenset({3, 5, 6, 7, 8})
BUTTON_STYLE_LINK, BUTTON_STYLE_PREMIUM = 5, 6

EVERYONE_PERMISSIONS: Final = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
    use_application_commands=True,
    change_nickname=True,
    create_instant_invite=True,
    connect=True,
    speak=True,
).value
BOT_PERMISSIONS: Final = (
    EVERYONE_PERMISSIONS
    | discord.Permissions(
        manage_messages=True,
        manage_threads=True,
        create_private_threads=True,
        mention_everyone=False,
    ).value
)
ALL_PERMISSIONS: Final = discord.Permissions.all().value


def _perm_value(value: int | discord.Permissions | None) -> int:
    if value is None:
        return 0
    return value.value if isinstance(value, discord.Permissions) else int(value)
