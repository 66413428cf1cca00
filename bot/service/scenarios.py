"""Scenarios of the players' own: uploaded, previewed, accepted, then played with /game new.

An upload is read by its system's rules (`Engine.read_scenario`, within budgets; a mistake
is refused naming its line and field) and shown to its sender privately as a picture of
the map with Accept and Cancel buttons, as an army import is (importreview.py). Only
Accept makes it the server's scenario of that name; a newer upload of the name (by the
one who uploaded it, or a moderator) replaces it from then on. A game made from it keeps
the scenario's whole content as its scenario id, so the game replays, exports and
imports the same whatever happens to the upload afterwards.
"""

from __future__ import annotations

from bot.errors import PlayerError, Refused
from bot.replies import Reply
from bot.service.boards import Render
from bot.service.context import Caller
from bot.service.uploadreview import Preview, ServerUploads, digest
from bot.store.gamestore import GameStore
from bot.store.transaction import Transaction
from bot.text import Said, Words, pick_language, word_view
from rules.core.errors import RuleViolation
from rules.core.system import available, system

# The dice seed of a preview's position: nothing is rolled before a game begins, and the
# picture shows no hand, so any fixed seed draws the same map.
PREVIEW_SEED = "scenario-preview"


class NoUploads(PlayerError):
    key = "error-no-scenario-uploads"


class ScenarioNameTaken(PlayerError):
    key = "error-scenario-name-taken"


class ScenarioNotText(PlayerError):
    key = "error-scenario-not-text"


def uploaded(tx: Transaction, guild_id: str, system_id: str, name: str) -> str | None:
    """Return the scenario id a new game keeps for a server's uploaded scenario, or None."""
    found = tx.uploaded_scenario(guild_id, system_id, name)
    return None if found is None else found[0]


class Scenarios(ServerUploads):
    """Take a scenario file, show its map, and keep it for the server on Accept."""

    kind = "scenario"

    def __init__(self, store: GameStore, render: Render | None) -> None:
        self.store = store
        self._render = render

    def offer(self, guild_id: str, caller: Caller, system_id: str, text: str | bytes) -> Reply:
        """Read an uploaded scenario and show its map privately, with Accept and Cancel."""
        language = pick_language(caller.locale)
        sys = system(system_id)
        if not sys.uploads_scenarios:
            raise NoUploads().where(language, system_id)
        if isinstance(text, bytes):  # a zipped roster (.rosz) is no scenario
            raise ScenarioNotText().where(language, system_id)
        try:
            name, stored = sys.read_scenario(text)
        except RuleViolation as violation:
            raise Refused(violation).where(language, system_id) from None
        if name in {info.id for info in sys.scenarios()}:
            raise ScenarioNameTaken(name=Said(name)).where(language, system_id)
        name_of = digest(guild_id, system_id, stored)
        with self.store.transaction() as tx:
            self._may_replace(tx, guild_id, system_id, name, caller, language)
            tx.put_scenario(name_of, guild_id, system_id, name, stored, caller.user_id)
        words = Words.of(language, sys)
        info = sys.scenario_info(stored)
        seats = info.seats if info else ()
        state = sys.new_game(stored, PREVIEW_SEED)
        image = None
        if self._render is not None:
            image = self._render(word_view(sys.view(state, None).board, words))
        title = words.term(sys.scenario_title(stored))
        return Reply(
            text=words("scenario-preview", name=Said(name), title=Said(title),
                       seats=Said(", ".join(words.term(sys.seat_name(s)) for s in seats))),
            ephemeral=True, image=image, image_name="scenario.png",
            buttons=self.preview_buttons(words, name_of),
        )

    def _may_replace(self, tx: Transaction, guild_id: str, system_id: str, name: str,
                     caller: Caller, language: str) -> None:
        """Refuse to replace a server's scenario someone else uploaded (moderators may)."""
        found = tx.uploaded_scenario(guild_id, system_id, name)
        if found is not None and found[1] != caller.user_id and not caller.moderator:
            raise ScenarioNameTaken(name=Said(name)).where(language, system_id)

    def _preview(self, tx: Transaction, name: str) -> Preview | None:
        return tx.scenario_preview(name)

    def _drop(self, tx: Transaction, name: str) -> None:
        tx.drop_scenario_preview(name)

    def _keep(self, tx: Transaction, name: str, found: Preview, caller: Caller,
              language: str) -> None:
        guild_id, system_id, title = found[:3]
        self._may_replace(tx, guild_id, system_id, title, caller, language)
        tx.accept_scenario(name, guild_id, system_id, title)

    def choices(self, guild_id: str, system_id: str, text: str, locale: str | None
                ) -> list[tuple[str, str]]:
        """Offer a server's uploaded scenarios for `/game new` (title and name), at most 25."""
        if system_id not in available() or not system(system_id).uploads_scenarios:
            return []
        sys = system(system_id)
        words = Words.of(pick_language(locale), sys)
        needle = text.lower()
        out: list[tuple[str, str]] = []
        with self.store.reading() as tx:
            for name in tx.uploaded_scenario_names(guild_id, system_id):
                stored = uploaded(tx, guild_id, system_id, name)
                title = words.term(sys.scenario_title(stored)) if stored else name
                if needle in name or needle in title.lower():
                    out.append((f"{title} ({name})"[:100], name))
        return out[:25]

    def seats(self, guild_id: str, system_id: str, name: str, locale: str | None
              ) -> list[tuple[str, str]]:
        """Return (name, id) of the seats of a server's uploaded scenario (none if unknown)."""
        if system_id not in available():
            return []
        sys = system(system_id)
        with self.store.reading() as tx:
            stored = uploaded(tx, guild_id, system_id, name)
        info = sys.scenario_info(stored) if stored is not None else None
        words = Words.of(pick_language(locale), sys)
        return [(words.term(sys.seat_name(s)), s) for s in (info.seats if info else ())]
