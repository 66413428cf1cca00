"""Discord's documented limits, checked on what the bot sends: messages (content, embeds,
components), autocomplete choices and the command payloads it syncs. A breach is
answered as Discord does, with a 400 "Invalid Form Body" (50035)."""

from __future__ import annotations

from typing import Any

from fakediscord.constants import (
    BUTTON_STYLE_LINK,
    BUTTON_STYLE_PREMIUM,
    C_BUTTON,
    C_ROW,
    C_STRING_SELECT,
    C_TEXT_INPUT,
    COMPONENTS_V2,
    LOADING,
    OPT_GROUP,
    OPT_SUBCOMMAND,
    SELECT_TYPES,
)
from fakediscord.errors import _ApiError, _FormErrors
from fakediscord.models import Revision, walk_components


def _validate_revision(rev: Revision, *, poll: bool = False) -> None:
    errors = _FormErrors()
    errors.too_long(("content",), rev.content, 2000)
    v2 = bool(rev.flags & COMPONENTS_V2)
    if v2 and (rev.content or rev.embeds):
        errors.add(
            ("content",),
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used with components v2",
        )
    if len(rev.embeds) > 10:
        errors.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(rev.embeds):
        path: tuple[str | int, ...] = ("embeds", i)
        for key, limit in (("title", 256), ("description", 4096)):
            errors.too_long((*path, key), embed.get(key), limit)
            total += len(embed.get(key) or "")
        errors.too_long((*path, "footer", "text"), (embed.get("footer") or {}).get("text"), 2048)
        errors.too_long((*path, "author", "name"), (embed.get("author") or {}).get("name"), 256)
        total += len((embed.get("footer") or {}).get("text") or "")
        total += len((embed.get("author") or {}).get("name") or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.add((*path, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                text = fld.get(key)
                if not text:
                    errors.add(
                        (*path, "fields", j, key), "BASE_TYPE_REQUIRED", "This field is required"
                    )
                errors.too_long((*path, "fields", j, key), text, limit)
                total += len(text or "")
    if total > 6000:
        errors.add(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )
    _validate_components(rev.components, errors, v2=v2)
    errors.raise_if_any()
    if not (
        rev.content
        or rev.embeds
        or rev.attachments
        or rev.components
        or poll
        or rev.flags & LOADING
    ):
        raise _ApiError(400, 50006, "Cannot send an empty message")


def _validate_components(
    components: list[dict[str, Any]], errors: _FormErrors, *, v2: bool
) -> None:
    seen: set[str] = set()
    for comp in walk_components(components):
        cid = comp.get("custom_id")
        if cid is not None:
            if len(cid) > 100:
                errors.add(
                    ("components",),
                    "BASE_TYPE_MAX_LENGTH",
                    f"custom_id {cid[:20]!r}... must be 100 or fewer in length.",
                )
            if cid in seen:
                errors.add(
                    ("components",),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    f"Component custom id {cid!r} cannot be duplicated",
                )
            seen.add(cid)
        if comp.get("type") == C_BUTTON:
            errors.too_long(("components", "label"), comp.get("label"), 80)
            style = comp.get("style")
            if style == BUTTON_STYLE_LINK and not comp.get("url"):
                errors.add(("components",), "BASE_TYPE_REQUIRED", "Link buttons need a url")
            if style not in (BUTTON_STYLE_LINK, BUTTON_STYLE_PREMIUM) and cid is None:
                errors.add(("components",), "BASE_TYPE_REQUIRED", "Buttons need a custom_id")
        if comp.get("type") == C_STRING_SELECT:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                errors.add(
                    ("components", "options"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 25 in length.",
                )
            values = [opt.get("value") for opt in options]
            if len(set(values)) != len(values):
                errors.add(("components", "options"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                           "Select option values must be unique")
            for opt in options:
                errors.too_long(("components", "options", "label"), opt.get("label"), 100)
                errors.too_long(("components", "options", "value"), opt.get("value"), 100)
                errors.too_long(
                    ("components", "options", "description"), opt.get("description"), 100
                )
        if comp.get("type") in SELECT_TYPES:
            errors.too_long(("components", "placeholder"), comp.get("placeholder"), 150)
    if v2:
        return
    if len(components) > 5:
        errors.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, row in enumerate(components):
        if row.get("type") != C_ROW:
            errors.add(
                ("components", i),
                "UNION_TYPE_CHOICES",
                "Top-level components must be action rows without components v2",
            )
            continue
        kids = row.get("components") or []
        selects = [k for k in kids if k.get("type") in SELECT_TYPES]
        if not kids or len(kids) > 5 or (selects and len(kids) > 1):
            errors.add(
                ("components", i, "components"),
                "BASE_TYPE_BAD_LENGTH",
                "An action row holds 1-5 buttons or a single select",
            )


def _validate_choices(choices: list[dict[str, Any]]) -> None:
    errors = _FormErrors()
    if len(choices) > 25:
        errors.add(("choices",), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= 100:
            errors.add(
                ("choices", i, "name"),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            )
        value = choice.get("value")
        if isinstance(value, str):
            errors.too_long(("choices", i, "value"), value, 100)
    errors.raise_if_any()


def _validate_modal(data: dict[str, Any]) -> None:
    """Check a modal as Discord does: a title of 1-45 characters, 1-5 rows of one text input
    each (or labels holding one), an input's label at most 45 characters, its placeholder
    100, its value 4,000, its lengths within 0-4,000."""
    errors = _FormErrors()
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        errors.add(("title",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
    errors.too_long(("custom_id",), data.get("custom_id"), 100)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        errors.add(("components",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    for i, row in enumerate(rows):
        kids = row.get("components") or ([row["component"]] if "component" in row else [])
        if len(kids) != 1:
            errors.add(("components", i), "BASE_TYPE_BAD_LENGTH", "A row holds one input")
        label_of_row = row.get("label") if row.get("type") == 18 else None
        errors.too_long(("components", i, "label"), label_of_row, 45)
        for kid in kids:
            if kid.get("type") != C_TEXT_INPUT:
                continue
            errors.too_long(("components", i, "label"), kid.get("label"), 45)
            errors.too_long(("components", i, "placeholder"), kid.get("placeholder"), 100)
            errors.too_long(("components", i, "value"), kid.get("value"), 4000)
            errors.too_long(("components", i, "custom_id"), kid.get("custom_id"), 100)
            for bound in ("min_length", "max_length"):
                if kid.get(bound) is not None and not 0 <= int(kid[bound]) <= 4000:
                    errors.add(("components", i, bound), "NUMBER_TYPE_MAX",
                               "Must be between 0 and 4000.")
    errors.raise_if_any()


_NAME_OK = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")


def _validate_commands(commands: list[dict[str, Any]]) -> None:
    errors = _FormErrors()
    if len([c for c in commands if c.get("type", 1) == 1]) > 100:
        errors.add(("_",), "APPLICATION_COMMANDS_TOO_MANY", "Max 100 chat input commands")

    def check_options(path: tuple[str | int, ...], options: list[dict[str, Any]]) -> None:
        if len(options) > 25:
            errors.add((*path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        seen_optional = False
        names: set[str] = set()
        for j, opt in enumerate(options):
            opath = (*path, "options", j)
            check_name(opath, opt.get("name", ""))
            if opt.get("name") in names:
                errors.add(
                    (*opath, "name"),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            names.add(opt.get("name", ""))
            desc = opt.get("description") or ""
            if not 1 <= len(desc) <= 100:
                errors.add(
                    (*opath, "description"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if opt.get("type") in (OPT_SUBCOMMAND, OPT_GROUP):
                check_options(opath, opt.get("options") or [])
                continue
            if opt.get("required"):
                if seen_optional:
                    errors.add(
                        (*opath, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
            else:
                seen_optional = True
            if len(opt.get("choices") or []) > 25:
                errors.add(
                    (*opath, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            if opt.get("choices") and opt.get("autocomplete"):
                errors.add(
                    (*opath, "autocomplete"),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
                    "Autocomplete cannot be set with choices",
                )

    def check_name(path: tuple[str | int, ...], name: str) -> None:
        if not 1 <= len(name) <= 32 or not set(name) <= _NAME_OK:
            errors.add(
                (*path, "name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                f"Command name {name!r} is invalid",
            )

    for i, cmd in enumerate(commands):
        if cmd.get("type", 1) != 1:
            continue
        check_name((i,), cmd.get("name", ""))
        desc = cmd.get("description") or ""
        if not 1 <= len(desc) <= 100:
            errors.add(
                (i, "description"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
            )
        check_options((i,), cmd.get("options") or [])
    errors.raise_if_any()
