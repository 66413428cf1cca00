"""A player's private controls: every choice of the turn as buttons, pick lists and forms.

The turn message carries one button ("Your hand", "Your units"...) that opens the player's
controls in a private message; every choice made there edits that same message (a move
also edits the turn message, a refusal shows in the controls with its rule), so a turn
adds one private message per player, however many moves it holds. The menus are built by
rules/core/menus.py from the system's legal actions and command declarations.

Ids: a button `tap` carries `a:<action digest>` or `n:<node>`; a pick list `pick` carries
its node (and `~page`); a form `form` carries its node. Each names the game version it was
made for: a control used after the position moved shows the controls of the new position.
"""

from __future__ import annotations

from typing import Any

from bot.errors import NotSeated, Stale, bad_input
from bot.replies import Blank, Button, FormRequest, Option, Pick, Reply, action_digest
from bot.service.boards import BoardReplies
from bot.service.context import ButtonHandler, Caller, PressedId, Table
from bot.service.turns import Turns
from bot.store.gamestore import GameStore
from bot.store.rows import GameRow
from rules.core.menus import Chooser, Entry, Form, Menu, Shortcut
from rules.core.model import Action
from rules.core.text import Msg, Term

# Discord: 25 options a pick list; one is kept for "more" when a list is longer.
MOST_OPTIONS = 25
PANEL = "panel"
KINDS = ("tap", "pick", "form")


class Panels:
    """Open, renew and act through a player's private controls."""

    def __init__(self, store: GameStore, boards: BoardReplies, turns: Turns) -> None:
        self.store = store
        self.boards = boards
        self.turns = turns

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The buttons this part answers: the turn message's "Your hand" (`panel`)."""
        return {PANEL: lambda channel_id, caller, pressed: self.open(channel_id, caller,
                                                                     pressed)}

    # ------------------------------------------------------------ showing

    def _game(self, channel_id: str, game_id: int) -> GameRow:
        with self.store.reading() as tx:
            game = tx.game(game_id)
        if game is None or game.channel_id != channel_id or game.over:
            error = Stale()
            raise error.where(game.language, game.system) if game else error
        return game

    def open(self, channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
        """Open the caller's controls (a new private message, never the turn message)."""
        reply = self.panel(Table(self._game(channel_id, pressed[1])), caller)
        reply.in_place = False
        return reply

    def panel(self, table: Table, caller: Caller, node: str = "", page: int = 0,
              note: str | None = None) -> Reply:
        """Show the caller's controls at a node ("" the top: everything open to them)."""
        game, words = table.game, table.words
        mine = game.seats_of(caller.user_id)
        if not mine:
            raise NotSeated().where(game.language, game.system)
        prompt = table.prompt
        seat = prompt.seat if prompt.seat in mine else mine[0]
        lines = [line for line in (note,) if line]
        if prompt.seat:
            lines.append(words("game-turn", seat=table.seat(prompt.seat), hint=table.hint()))
        lines.extend(table.secrets(seat) or [])
        reply = Reply(text=words("controls-title", seat=table.seat(seat)), lines=lines,
                      ephemeral=True, in_place=True, game_id=game.id, version=game.version)
        if game.status != "active":
            return reply
        chooser = Chooser(table.system, table.state, seat)
        found = chooser.resolve(node) if node else None
        if isinstance(found, Menu):
            reply.picks = [self._pick(table, found, page)]
            reply.buttons = [self._back(table)]
        else:
            self._top(table, chooser, reply, page if node == "" else 0)
        if not reply.buttons and not reply.picks:
            reply.lines.append(words("controls-nothing"))
        return reply

    def _top(self, table: Table, chooser: Chooser, reply: Reply, page: int) -> None:
        controls = chooser.controls()
        reply.buttons = [self._button(table, b) for b in controls.buttons][:10]
        reply.picks = [self._pick(table, m, 0) for m in controls.menus][:5 - (
            -(-len(reply.buttons) // 5))]

    def _button(self, table: Table, shortcut: Shortcut) -> Button:
        game = table.game
        arg = f"a:{action_digest(shortcut.action)}" if shortcut.action else f"n:{shortcut.key}"
        return Button("tap", self._word(table, shortcut.label)[:80], game.id, game.version, arg,
                      "primary" if shortcut.action else "secondary")

    def _back(self, table: Table) -> Button:
        game = table.game
        return Button("tap", table.words("controls-back"), game.id, game.version, "n:",
                      "secondary")

    def _word(self, table: Table, label: Msg | str) -> str:
        if isinstance(label, Msg) and not table.words.has(label.key):
            kind = label.key.removeprefix(f"command-{table.system.command_group}-")
            return table.words.term(Term(kind="action", id=kind))
        return table.words.word(label)

    def _pick(self, table: Table, menu: Menu, page: int) -> Pick:
        """Make a pick list of a menu's entries, a page of them when there are many."""
        game, words = table.game, table.words
        entries: list[Entry] = list(menu.entries)
        paged = len(entries) > MOST_OPTIONS
        per = MOST_OPTIONS - 1
        pages = -(-len(entries) // per) if paged else 1
        page = min(max(page, 0), pages - 1)
        shown = entries[page * per:(page + 1) * per] if paged else entries
        options = [Option(self._word(table, e.label)[:100], e.key) for e in shown]
        if paged:
            following = (page + 1) % pages
            options.append(Option(words("controls-more", page=following + 1, pages=pages)[:100],
                                  f"~{following}"))
        placeholder = self._word(table, menu.title)[:150]
        return Pick("pick", placeholder, game.id, game.version, f"{menu.key}~{page}",
                    tuple(options))

    # ------------------------------------------------------------ choosing

    def choose(self, channel_id: str, caller: Caller, pressed: PressedId,
               values: dict[str, str]) -> Reply:
        """Answer a control: open a node, turn a page, open a form, or act."""
        kind, game_id, version, arg = pressed
        table = Table(self._game(channel_id, game_id))
        game = table.game
        if game.version != version:
            return self.panel(table, caller, note=table.words("controls-moved"))
        if kind == "tap":
            return self._tap(channel_id, table, caller, arg)
        if kind == "pick":
            node, _, _ = arg.rpartition("~")
            value = values.get("", "")
            if value.startswith("~"):
                return self.panel(table, caller, node, int(value[1:] or 0))
            return self._open(channel_id, table, caller, value)
        if kind == "form":
            return self._filled(channel_id, table, caller, arg, values)
        raise bad_input("input-unknown-button").where(game.language, game.system)

    def _seat(self, table: Table, caller: Caller) -> str:
        mine = table.game.seats_of(caller.user_id)
        if not mine:
            raise NotSeated().where(table.game.language, table.game.system)
        return table.prompt.seat if table.prompt.seat in mine else mine[0]

    def _tap(self, channel_id: str, table: Table, caller: Caller, arg: str) -> Reply:
        if arg.startswith("n:"):
            return self._open(channel_id, table, caller, arg[2:])
        seat = self._seat(table, caller)
        digest = arg.removeprefix("a:")
        shortcuts = Chooser(table.system, table.state, seat).controls().buttons
        offered = [*table.legal(seat), *(b.action for b in shortcuts if b.action is not None)]
        chosen = next((a for a in offered if action_digest(a) == digest), None)
        if chosen is None:
            return self.panel(table, caller, note=table.words("controls-moved"))
        return self._act(channel_id, table, caller, chosen)

    def _open(self, channel_id: str, table: Table, caller: Caller, node: str) -> Reply:
        if not node:
            return self.panel(table, caller)
        chooser = Chooser(table.system, table.state, self._seat(table, caller))
        found = chooser.resolve(node)
        if isinstance(found, Action):
            return self._act(channel_id, table, caller, found)
        if isinstance(found, Form):
            return self._form(table, found)
        if found is None:
            return self.panel(table, caller, note=table.words("controls-moved"))
        return self.panel(table, caller, node)

    def _form(self, table: Table, form: Form) -> Reply:
        game, words = table.game, table.words
        blanks = tuple(
            Blank(f.name, _short(self._word(table, f.label), 45), f.value, f.required,
                  self._word(table, f.label)[:100])
            for f in form.fields)
        return Reply(text="", ephemeral=True, game_id=game.id, version=game.version,
                     form=FormRequest(_short(self._word(table, form.title), 45) or words(
                         "controls-form"), game.id, game.version, form.key, blanks))

    def _filled(self, channel_id: str, table: Table, caller: Caller, node: str,
                typed: dict[str, str]) -> Reply:
        game = table.game
        chooser = Chooser(table.system, table.state, self._seat(table, caller))
        kind, _ = chooser.split(node)
        problem = chooser.problem(kind, typed)
        if problem is not None:
            raise bad_input(problem.key, **problem.args).where(game.language, game.system)
        try:
            action = chooser.filled(node, typed)
        except ValueError:
            raise bad_input("input-invalid", field=kind).where(game.language,
                                                                game.system) from None
        if action is None:
            return self.panel(table, caller, note=table.words("controls-moved"))
        return self._act(channel_id, table, caller, action)

    def _act(self, channel_id: str, table: Table, caller: Caller, action: Action) -> Reply:
        """Make the move (it goes to the turn message), and renew the controls with it."""
        game = table.game
        data = action.model_dump(mode="json", exclude={"seat"})
        reply = self.turns.act(channel_id, caller, data, expected_version=game.version,
                               expected_game=game.id)
        with self.store.reading() as tx:
            now = tx.game(game.id)
        if now is not None:
            reply.private = self.panel(Table(now), caller)
        return reply


def _short(text: str, most: int) -> str:
    """Cut a text to `most` characters at a word, with an ellipsis if cut."""
    if len(text) <= most:
        return text
    cut = text[:most - 1].rsplit(" ", 1)[0]
    return f"{cut}…"


def form_values(components: list[dict[str, Any]]) -> dict[str, str]:
    """Read the values typed in a submitted form's components (rows or labels of inputs)."""
    out: dict[str, str] = {}
    for comp in components:
        inner = comp.get("components") or ([comp["component"]] if "component" in comp else [])
        if inner:
            out.update(form_values(inner))
        elif "custom_id" in comp:
            out[str(comp["custom_id"])] = str(comp.get("value") or "")
    return out


__all__ = ["KINDS", "PANEL", "Panels", "form_values"]
