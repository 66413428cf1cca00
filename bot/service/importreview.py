"""Previews: an import shown to its sender first, applied only when they press Accept.

A `preview` command (an army read from a list builder's file) is read and judged
like any action, outside the write transaction; what it would bring is then kept
in the game's `pending` data under the sender's seat, and an ephemeral reply lists
it with Accept and Cancel buttons. Nothing else changes until Accept, which applies
the kept action in one transaction, as if it had just been sent. A preview is named
by its content's digest, so a button never applies anything other than what it
listed; a newer preview from the same seat replaces the older one.
"""

from __future__ import annotations

from typing import Any

from bot.errors import Stale
from bot.replies import Button, Reply, action_digest
from bot.service.boards import BoardReplies
from bot.service.context import ButtonHandler, Caller, PressedId, Table
from bot.service.turns import Turns, apply, parse
from bot.store.gamestore import GameStore

PENDING = "previews"


class Previews:
    """Offer an action as a preview, and apply or drop it when its buttons are pressed."""

    def __init__(self, store: GameStore, boards: BoardReplies, turns: Turns) -> None:
        self.store = store
        self.boards = boards
        self.turns = turns

    def offer(self, channel_id: str, caller: Caller, action: dict[str, Any]) -> Reply:
        """Read and judge an action, keep it for the sender's seat and show what it brings."""
        turns = self.turns
        with self.store.reading() as tx:
            seen = turns._acted_on(tx, channel_id, caller, action)
        table = Table(seen)
        parsed = parse(table.system, {k: v for k, v in action.items() if k != "seat"}, seen)
        seat = turns._acting_seat(table, caller, parsed)
        parsed = parsed.model_copy(update={"seat": seat})
        apply(table, parsed)  # judged now: a refusal is shown at once and nothing is kept
        digest = action_digest(parsed)
        with self.store.transaction() as tx:
            game = turns._acted_on(tx, channel_id, caller, action)
            if game.id != seen.id:
                raise Stale().where(game.language, game.system)
            kept = {**game.pending.get(PENDING, {}),
                    seat: {"digest": digest, "action": parsed.model_dump(mode="json")}}
            game = tx.update_game(game, bump=False, pending={**game.pending, PENDING: kept})
        table = Table(game)
        lines = list(table.words.lines(table.system.preview(parsed)))
        return Reply(
            text=table.words("preview-offered"), lines=lines, ephemeral=True,
            game_id=game.id, version=game.version,
            buttons=[
                Button("preview-yes", table.words("button-preview-accept"), game.id,
                       game.version, digest, style="success"),
                Button("preview-no", table.words("button-preview-cancel"), game.id,
                       game.version, digest, style="secondary"),
            ],
        )

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The buttons under a preview: Accept applies it, Cancel drops it."""
        def answer(channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
            return self.press(channel_id, caller, pressed[1], pressed[3],
                              accept=pressed[0] == "preview-yes")

        return dict.fromkeys(("preview-yes", "preview-no"), answer)

    def press(self, channel_id: str, caller: Caller, game_id: int, digest: str,
              accept: bool) -> Reply:
        """Apply (Accept) or drop (Cancel) the caller's preview named by `digest`.

        The game may have moved on since the preview was made (the other side loaded
        its own army): the kept action is judged again against the position now.
        """
        with self.store.transaction() as tx:
            game = tx.game(game_id)
            if game is None or game.channel_id != channel_id or game.over:
                error = Stale()
                raise error.where(game.language, game.system) if game else error
            kept: dict[str, Any] = dict(game.pending.get(PENDING, {}))
            seat = next((s for s in game.seats_of(caller.user_id)
                         if kept.get(s, {}).get("digest") == digest), None)
            if seat is None:
                raise Stale().where(game.language, game.system)
            offered = kept.pop(seat)
            game = tx.update_game(game, bump=False, pending={**game.pending, PENDING: kept})
            table = Table(game)
            if not accept:
                return Reply(text=table.words("preview-cancelled"), ephemeral=True,
                             game_id=game.id, version=game.version)
            parsed = parse(table.system, offered["action"], game)
            before = table.prompt.seat
            after, records, turn = self.turns._commit(tx, table, parsed, caller.user_id)
        return self.boards.turn(after, records, before, turn)
