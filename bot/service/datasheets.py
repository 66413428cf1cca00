"""Datasheets a server keeps for its players' imports: uploaded once, previewed, accepted.

The official 40k app's text export names units without their characteristics, and Banneret
ships datasheets for only a few (Games Workshop's are not ours to give away). So a server
uploads them once, as a BSData catalogue of the faction or as our datasheets TOML
(`/wh40k datasheets upload:`). The file is read by its system's rules (`Engine.read_datasheets`,
within the upload caps; a mistake is refused saying what it is), shown to its sender privately
with Accept and Cancel as a scenario upload is (scenarios.py), and kept for the server only on
Accept; a newer upload of the same name (by its uploader, or a moderator) replaces it. An
import in one of the server's games then reads the server's datasheets (`attach`): an action
of the system's `datasheet_actions` gets their stored forms under SERVER_DATASHEETS, so the
rules stay pure and another server's uploads are never seen.
"""

from __future__ import annotations

from typing import Any

from bot.errors import PlayerError, Refused
from bot.replies import Reply
from bot.service.context import Caller
from bot.service.uploadreview import Preview, ServerUploads, digest
from bot.store.gamestore import GameStore
from bot.store.transaction import Transaction
from bot.text import Said, Words, pick_language
from rules.core.engine import SERVER_DATASHEETS
from rules.core.errors import RuleViolation
from rules.core.system import available, system

# Uploads a server keeps per system: a faction's catalogue each, and a few of its own.
MAX_UPLOADS = 30


class NoDatasheetUploads(PlayerError):
    key = "error-no-datasheet-uploads"


class DatasheetsNotYours(PlayerError):
    key = "error-datasheets-not-yours"


class DatasheetsUnknown(PlayerError):
    key = "error-datasheets-unknown"


class DatasheetsOneThing(PlayerError):
    key = "error-datasheets-one-thing"


class DatasheetsTooMany(PlayerError):
    key = "error-datasheets-too-many"


class Datasheets(ServerUploads):
    """Take a datasheets file, list what it holds, keep it for the server on Accept."""

    kind = "datasheets"

    def __init__(self, store: GameStore) -> None:
        self.store = store

    def command(self, guild_id: str, caller: Caller, system_id: str,
                upload: str | bytes | None, remove: str | None) -> Reply:
        """Run `/<system> datasheets`: upload a file, remove an upload, or list them."""
        language = pick_language(caller.locale)
        if not system(system_id).uploads_datasheets:
            raise NoDatasheetUploads().where(language, system_id)
        if upload is not None and remove is not None:
            raise DatasheetsOneThing().where(language, system_id)
        if upload is not None:
            return self.offer(guild_id, caller, system_id, upload)
        if remove is not None:
            return self.remove(guild_id, caller, system_id, remove)
        return self.listing(guild_id, caller, system_id)

    def offer(self, guild_id: str, caller: Caller, system_id: str, data: str | bytes) -> Reply:
        """Read an uploaded datasheets file and list it privately, with Accept and Cancel."""
        language = pick_language(caller.locale)
        sys = system(system_id)
        try:
            name, stored, count, lines = sys.read_datasheets(data)
        except RuleViolation as violation:
            raise Refused(violation).where(language, system_id) from None
        words = Words.of(language, sys)
        name = name or words("datasheets-unnamed")
        name_of = digest(guild_id, system_id, name, stored)
        with self.store.transaction() as tx:
            self._may_keep(tx, guild_id, system_id, name, caller, language)
            tx.put_datasheets(name_of, guild_id, system_id, name, stored, count,
                              caller.user_id)
        return Reply(
            text=words("datasheets-offered", name=Said(name), system=Said(system_id)),
            lines=list(words.lines(lines)), ephemeral=True,
            buttons=self.preview_buttons(words, name_of),
        )

    def _may_keep(self, tx: Transaction, guild_id: str, system_id: str, name: str,
                  caller: Caller, language: str) -> None:
        """Refuse to replace someone else's upload (moderators may), or one too many."""
        kept = tx.datasheet_uploads(guild_id, system_id)
        found = next((u for u in kept if u[0] == name), None)
        if found is not None and found[2] != caller.user_id and not caller.moderator:
            raise DatasheetsNotYours(name=Said(name)).where(language, system_id)
        if found is None and len(kept) >= MAX_UPLOADS:
            raise DatasheetsTooMany(limit=MAX_UPLOADS).where(language, system_id)

    def _preview(self, tx: Transaction, name: str) -> Preview | None:
        return tx.datasheets_preview(name)

    def _drop(self, tx: Transaction, name: str) -> None:
        tx.drop_datasheets_preview(name)

    def _keep(self, tx: Transaction, name: str, found: Preview, caller: Caller,
              language: str) -> None:
        guild_id, system_id, title = found[:3]
        self._may_keep(tx, guild_id, system_id, title, caller, language)
        tx.accept_datasheets(name, guild_id, system_id, title)

    def listing(self, guild_id: str, caller: Caller, system_id: str) -> Reply:
        """List the server's uploads: name, how many datasheets, who brought them."""
        words = Words.of(pick_language(caller.locale), system(system_id))
        with self.store.reading() as tx:
            kept = tx.datasheet_uploads(guild_id, system_id)
        lines = [words("datasheets-listed", name=Said(name), count=count,
                       uploader=Said(f"<@{uploader}>")) for name, count, uploader in kept]
        return Reply(text=words("datasheets-list", count=len(kept), system=Said(system_id)),
                     lines=lines, ephemeral=True)

    def remove(self, guild_id: str, caller: Caller, system_id: str, name: str) -> Reply:
        """Forget one of the server's uploads (its uploader, or a moderator)."""
        language = pick_language(caller.locale)
        words = Words.of(language, system(system_id))
        with self.store.transaction() as tx:
            kept = tx.datasheet_uploads(guild_id, system_id)
            found = next((u for u in kept if u[0] == name), None)
            if found is None:
                raise DatasheetsUnknown(name=Said(name), choices=Said(
                    ", ".join(u[0] for u in kept) or "—")).where(language, system_id)
            if found[2] != caller.user_id and not caller.moderator:
                raise DatasheetsNotYours(name=Said(name)).where(language, system_id)
            tx.remove_datasheets(guild_id, system_id, name)
        return Reply(text=words("datasheets-removed", name=Said(name)), ephemeral=True)

    def choices(self, guild_id: str, text: str) -> list[tuple[str, str]]:
        """Offer a server's uploads by name (for `remove:`), at most 25."""
        needle = text.lower()
        out: list[tuple[str, str]] = []
        with self.store.reading() as tx:
            for system_id in available():
                if system(system_id).uploads_datasheets:
                    out += [(name[:100], name) for name, _, _ in tx.datasheet_uploads(
                        guild_id, system_id) if needle in name.lower()]
        return out[:25]

    def attach(self, channel_id: str, action: dict[str, Any]) -> dict[str, Any]:
        """Return an import with the datasheets of its game's server, if its system reads them.

        Always set for those actions, so a value a caller sent under the key is replaced.
        """
        kind = action.get("type")
        if not any(kind in system(s).datasheet_actions for s in available()):
            return action
        with self.store.reading() as tx:
            game = tx.active_game(channel_id)
            if game is None or kind not in system(game.system).datasheet_actions:
                return action
            stored = tx.uploaded_datasheets(game.guild_id, game.system)
        return {**action, SERVER_DATASHEETS: stored}
