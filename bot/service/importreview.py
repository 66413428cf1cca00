"""Previews: an import shown to its sender first, applied only when they press Accept.

A `preview` command (an army read from a list builder's file) is read and judged
like any action, outside the write transaction; what it would bring is then kept
in the game's `pending` data under the sender's seat, and an ephemeral reply lists
it with Accept and Cancel buttons. Nothing else changes until Accept, which applies
the kept action in one transaction, as if it had just been sent. A preview is named
by its content's digest, so a button never applies anything other than what it
listed; a newer preview from the same seat replaces the older one.

A system may offer choices in the preview (a 40k Leader's Bodyguard: `preview_choices`),
as pick lists (`lead` ids: the preview's digest and the choice's key), four at a time
beside the buttons (a `preview-more` button turns to the next four). A choice remakes the
kept action (`preview_choose`), judged again, under a new digest, and the preview is shown
again in place; Accept then applies the choices with the import, in one step.

An import that lists points is checked on Accept against the game's points limit: the
league's (kept in the game's settings when its fixture's game began), else the scenario's,
else one given with the preview command (`points:`), which becomes the game's limit when
that import is accepted (`<system>/points-limit`).
"""

from __future__ import annotations

from typing import Any

from bot.errors import Refused, Stale
from bot.replies import Button, Option, Pick, Reply, action_digest
from bot.service.boards import BoardReplies
from bot.service.context import ButtonHandler, Caller, PressedId, Table
from bot.service.turns import Turns, apply, parse
from bot.store.gamestore import GameStore
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from rules.core.errors import RuleViolation
from rules.core.model import Action
from rules.core.text import Msg, term

PENDING = "previews"
# The game's points limit in its settings, and who set it (league, game).
LIMIT = "points"
LIMIT_FROM = "points_from"
# The kind of a preview's pick lists; Discord shows at most five rows, one for the buttons.
CHOICE = "lead"
MORE = "preview-more"
MOST_CHOICES = 4
# Discord: 25 options a pick list (a Leader's "no unit" and 24 Bodyguards).
MOST_OPTIONS = 25

Limit = tuple[int, str]


class Previews:
    """Offer an action as a preview, and apply or drop it when its buttons are pressed."""

    def __init__(self, store: GameStore, boards: BoardReplies, turns: Turns) -> None:
        self.store = store
        self.boards = boards
        self.turns = turns

    def offer(self, channel_id: str, caller: Caller, action: dict[str, Any]) -> Reply:
        """Read and judge an action, keep it for the sender's seat and show what it brings.

        A `points` option is the game's points limit asked for, not a field of the action."""
        turns = self.turns
        asked = action.get(LIMIT)
        with self.store.reading() as tx:
            seen = turns._acted_on(tx, channel_id, caller, action)
        table = Table(seen)
        parsed = parse(table.system, {k: v for k, v in action.items()
                                      if k not in ("seat", LIMIT)}, seen)
        seat = turns._acting_seat(table, caller, parsed)
        parsed = parsed.model_copy(update={"seat": seat})
        apply(table, parsed)  # judged now: a refusal is shown at once and nothing is kept
        limit_of(table, asked if isinstance(asked, int) else None)  # a clash is refused now
        digest = action_digest(parsed)
        with self.store.transaction() as tx:
            game = turns._acted_on(tx, channel_id, caller, action)
            if game.id != seen.id:
                raise Stale().where(game.language, game.system)
            game = _keep(tx, game, seat, digest, parsed, asked)
        return self._shown(Table(game), parsed, digest, asked)

    def _shown(self, table: Table, parsed: Action, digest: str, asked: Any,
               page: int = 0) -> Reply:
        """Show a kept preview: its lines, the points limit, Accept and Cancel, and a page
        of its choices (with a button to the next page when there are more)."""
        game, words = table.game, table.words
        lines = list(words.lines(table.system.preview(parsed)))
        limit = limit_of(table, asked if isinstance(asked, int) else None)
        points = table.system.points_of(parsed)
        if limit is not None:
            lines.append(words("preview-points-limit", limit=limit[0],
                               source=term("points-from", limit[1]),
                               points="none" if points is None else points,
                               over=max(0, (points or 0) - limit[0])))
        choices = table.system.preview_choices(parsed)
        pages = -(-len(choices) // MOST_CHOICES)
        page = page if 0 <= page < pages else 0
        picks = [Pick(CHOICE, words.message(choice.title), game.id, game.version,
                      f"{digest}~{choice.key}",
                      tuple(Option(words.message(o.label), o.value,
                                   words.message(o.description) if o.description else "",
                                   default=o.value == choice.chosen)
                            for o in choice.options[:MOST_OPTIONS]))
                 for choice in choices[page * MOST_CHOICES:(page + 1) * MOST_CHOICES]]
        more = [Button(MORE, words("button-preview-more", page=(page + 1) % pages + 1,
                                   pages=pages), game.id, game.version,
                       f"{digest}~{(page + 1) % pages}", style="secondary")] if pages > 1 else []
        return Reply(
            text=words("preview-offered"), lines=lines, ephemeral=True,
            game_id=game.id, version=game.version, picks=picks,
            buttons=[
                Button("preview-yes", words("button-preview-accept"), game.id,
                       game.version, digest, style="success"),
                Button("preview-no", words("button-preview-cancel"), game.id,
                       game.version, digest, style="secondary"),
                *more,
            ],
        )

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The buttons under a preview: Accept applies it, Cancel drops it."""
        def answer(channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
            return self.press(channel_id, caller, pressed[1], pressed[3],
                              accept=pressed[0] == "preview-yes")

        def turn(channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
            digest, _, page = pressed[3].partition("~")
            with self.store.reading() as tx:
                game, _, offered = self._kept(tx, channel_id, caller, pressed[1], digest)
            table = Table(game)
            parsed = parse(table.system, offered["action"], game)
            reply = self._shown(table, parsed, digest, offered.get("limit"),
                                int(page) if page.isdigit() else 0)
            reply.in_place = True
            return reply

        return {**dict.fromkeys(("preview-yes", "preview-no"), answer), MORE: turn}

    def _kept(self, tx: Transaction, channel_id: str, caller: Caller, game_id: int,
              digest: str) -> tuple[GameRow, str, dict[str, Any]]:
        """Return the game, the caller's seat and its preview named by `digest`, or refuse."""
        game = tx.game(game_id)
        if game is None or game.channel_id != channel_id or game.over:
            error = Stale()
            raise error.where(game.language, game.system) if game else error
        kept: dict[str, Any] = game.pending.get(PENDING, {})
        seat = next((s for s in game.seats_of(caller.user_id)
                     if kept.get(s, {}).get("digest") == digest), None)
        if seat is None:
            raise Stale().where(game.language, game.system)
        return game, seat, kept[seat]

    def choose(self, channel_id: str, caller: Caller, pressed: PressedId,
               values: dict[str, str]) -> Reply:
        """Make one of a preview's choices and show the preview again, in place."""
        digest, _, key = pressed[3].partition("~")
        with self.store.transaction() as tx:
            game, seat, offered = self._kept(tx, channel_id, caller, pressed[1], digest)
            table = Table(game)
            parsed = parse(table.system, offered["action"], game)
            try:
                chosen = table.system.preview_choose(parsed, key, values.get("", ""))
            except RuleViolation as violation:
                raise Refused(violation).where(game.language, game.system) from None
            apply(table, chosen)  # two Leaders for one Bodyguard is refused at once
            digest = action_digest(chosen)
            game = _keep(tx, game, seat, digest, chosen, offered.get("limit"))
        keys = [c.key for c in table.system.preview_choices(chosen)]
        reply = self._shown(Table(game), chosen, digest, offered.get("limit"),
                            keys.index(key) // MOST_CHOICES if key in keys else 0)
        reply.in_place = True
        return reply

    def press(self, channel_id: str, caller: Caller, game_id: int, digest: str,
              accept: bool) -> Reply:
        """Apply (Accept) or drop (Cancel) the caller's preview named by `digest`.

        The game may have moved on since the preview was made (the other side loaded
        its own army): the kept action is judged again against the position now, and
        against the points limit; a refusal leaves the preview and the game as they were.
        """
        with self.store.transaction() as tx:
            game, seat, offered = self._kept(tx, channel_id, caller, game_id, digest)
            kept = {k: v for k, v in game.pending.get(PENDING, {}).items() if k != seat}
            game = tx.update_game(game, bump=False, pending={**game.pending, PENDING: kept})
            table = Table(game)
            if not accept:
                return Reply(text=table.words("preview-cancelled"), ephemeral=True,
                             game_id=game.id, version=game.version)
            parsed = parse(table.system, offered["action"], game)
            table = Table(_within_limit(tx, table, parsed, offered.get("limit")))
            before = table.prompt.seat
            after, events, turn = self.turns._commit(tx, table, parsed, caller.user_id)
        return self.boards.turn(after, events, before, turn)


def _keep(tx: Transaction, game: GameRow, seat: str, digest: str, parsed: Action,
          asked: Any) -> GameRow:
    """Keep a seat's preview in the game's pending data (replacing its older one)."""
    kept = {**game.pending.get(PENDING, {}),
            seat: {"digest": digest, "action": parsed.model_dump(mode="json"),
                   "limit": asked if isinstance(asked, int) else None}}
    return tx.update_game(game, bump=False, pending={**game.pending, PENDING: kept})


def limit_of(table: Table, asked: int | None) -> Limit | None:
    """Return the game's points limit and who set it: the league's or an earlier import's
    (the game's settings), else the scenario's, else the one asked for now; refuse a limit
    asked for that differs from the one already set."""
    settings, game = table.game.settings, table.game
    fixed: Limit | None = None
    if isinstance(settings.get(LIMIT), int):
        fixed = (settings[LIMIT], str(settings.get(LIMIT_FROM, "game")))
    elif (scenario := table.system.points_limit(table.state)) is not None:
        fixed = (scenario, "scenario")
    if asked is None or fixed is None:
        return fixed or ((asked, "game") if asked is not None else None)
    if fixed[0] != asked:
        raise Refused(RuleViolation(f"{game.system}/points-limit", Msg(
            key="refusal-points-limit-set", args={"limit": fixed[0], "asked": asked,
                                                  "source": term("points-from", fixed[1])}),
        )).where(game.language, game.system)
    return fixed


def _within_limit(tx: Transaction, table: Table, parsed: Action, asked: Any) -> GameRow:
    """Refuse an import over the game's points limit (naming the excess); an accepted
    import's limit asked for becomes the game's. Return the game as it is now."""
    game = table.game
    limit = limit_of(table, asked if isinstance(asked, int) else None)
    if limit is None:
        return game
    points = table.system.points_of(parsed)
    if points is not None and points > limit[0]:
        raise Refused(RuleViolation(f"{game.system}/points-limit", Msg(
            key="refusal-points-over", args={"points": points, "over": points - limit[0],
                                             "limit": limit[0],
                                             "source": term("points-from", limit[1])}),
        )).where(game.language, game.system)
    if LIMIT in game.settings or limit[1] != "game":
        return game
    return tx.update_game(game, bump=False,
                          settings={**game.settings, LIMIT: limit[0], LIMIT_FROM: limit[1]})
