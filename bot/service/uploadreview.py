"""What a server's uploads share (scenarios.py, datasheets.py): a file shown to its sender
with Accept and Cancel, and kept for the server only on Accept.

An upload awaiting Accept is named by a digest of what it holds (the buttons carry it);
Accept or Cancel answer only its sender, once. Each kind of upload says how its preview is
read, dropped and kept (with its own check of who may replace what).
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod

from bot.errors import Stale
from bot.replies import Button, Reply
from bot.service.context import ButtonHandler, Caller, PressedId
from bot.store.gamestore import GameStore
from bot.store.transaction import Transaction
from bot.text import Said, Words, pick_language
from rules.core.system import system

# (guild, system, name, what it holds, uploader, accepted) of an upload by its digest.
Preview = tuple[str, str, str, object, str, int]


def digest(*parts: str) -> str:
    """Return the name of one upload to one server (what its buttons carry)."""
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


class ServerUploads(ABC):
    """Accept and Cancel under an upload's preview, for one kind of upload (`kind`: the
    catalogue's `<kind>-accepted`/`<kind>-cancelled`, the buttons' `<kind>-yes`/`-no`)."""

    kind: str
    store: GameStore

    @property
    def accept(self) -> str:
        """The custom-id kind of the Accept button."""
        return f"{self.kind}-yes"

    @property
    def cancel(self) -> str:
        """The custom-id kind of the Cancel button."""
        return f"{self.kind}-no"

    def preview_buttons(self, words: Words, name: str) -> list[Button]:
        """Return the Accept and Cancel buttons under the preview of the upload `name`."""
        return [Button(self.accept, words("button-preview-accept"), 0, 0, name, style="success"),
                Button(self.cancel, words("button-preview-cancel"), 0, 0, name,
                       style="secondary")]

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The buttons under an upload's preview: Accept keeps it, Cancel forgets it."""
        def answer(channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
            return self.press(caller, pressed[3], accept=pressed[0] == self.accept)

        return dict.fromkeys((self.accept, self.cancel), answer)

    def press(self, caller: Caller, name: str, accept: bool) -> Reply:
        """Keep (Accept) or forget (Cancel) the caller's upload named by its digest."""
        language = pick_language(caller.locale)
        with self.store.transaction() as tx:
            found = self._preview(tx, name)
            if found is None or found[4] != caller.user_id or found[5]:
                raise Stale().where(language)
            guild_id, system_id, title, _, _, _ = found
            words = Words.of(language, system(system_id))
            if not accept:
                self._drop(tx, name)
                return Reply(text=words(f"{self.kind}-cancelled", name=Said(title)),
                             ephemeral=True)
            self._keep(tx, name, found, caller, language)
        return Reply(text=words(f"{self.kind}-accepted", name=Said(title),
                                system=Said(system_id)), ephemeral=True)

    @abstractmethod
    def _preview(self, tx: Transaction, name: str) -> Preview | None:
        """Read an upload awaiting Accept by its digest."""

    @abstractmethod
    def _drop(self, tx: Transaction, name: str) -> None:
        """Forget an upload awaiting Accept."""

    @abstractmethod
    def _keep(self, tx: Transaction, name: str, found: Preview, caller: Caller,
              language: str) -> None:
        """Make the upload the server's (refused when the caller may not replace one)."""


__all__ = ["Preview", "ServerUploads", "digest"]
