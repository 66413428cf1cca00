"""Showing a game: its status, what only you may see, its log, and completions for options.

Everything here only reads; what a seat may see comes from the system's `view`
door (the board it sees, its secrets), never from the stored state directly.
"""

from __future__ import annotations

from typing import Any

from bot.errors import NotSeated, Stale, bad_input
from bot.paging import Listing, paged
from bot.replies import HIGHEST_NUMBER, MAX_REPLY, Button, Reply
from bot.service.boards import BoardReplies
from bot.service.context import ButtonHandler, Caller, Table, latest
from bot.service.settingrules import LOG_KIND as SETTINGS_LOG
from bot.service.settingrules import typed_changes
from bot.service.turnclocks import LOG_KINDS as CLOCK_LOG_KINDS
from bot.store.gamestore import GameStore
from bot.store.rows import LogEntry
from bot.text import (
    Said,
    pick_language,
    scenario_title,
    seat_term,
    suggestions,
    system_title,
    words_for,
)
from rules.core.system import available, system


def fit(lines: list[str], room: int, words: Any) -> list[str]:
    """Keep the first lines that fit in `room` characters, saying how many are left out."""
    kept: list[str] = []
    for line in lines:
        room -= len(line) + 1
        if room < 0:
            kept.append(words("game-details-more", count=len(lines) - len(kept)))
            break
        kept.append(line)
    return kept


# The log entries that are not actions, and the message that says each.
LOG_KINDS = {
    "join": "game-log-join",
    "resign": "game-log-resign",
    "undo": "game-log-undo",
    "undo_request": "game-log-undo-request",
    "undo_refused": "game-log-undo-refused",
    "claim_agreed": "game-log-claim-agreed",
    "claim_disputed": "game-log-claim-disputed",
    "claim_withdrawn": "game-log-claim-withdrawn",
    "claim_lapsed": "game-log-claim-lapsed",
}


class Views:
    """Status, private view, log and completions of a channel's game."""

    def __init__(self, store: GameStore, boards: BoardReplies, claim_buttons: Any) -> None:
        self.store = store
        self.boards = boards
        self._claim_buttons = claim_buttons

    def status(self, channel_id: str, caller: Caller | None = None) -> Reply:
        """Show the board, the seats, the claims waiting, and whose turn it is."""
        with self.store.reading() as tx:
            game = latest(tx, channel_id, caller)
            claims = [c["seq"] for c in game.pending.get("claims", [])] if not game.over else []
            entries = {seq: tx.entry(game.id, seq) for seq in claims}
        table = Table(game)
        words = table.words
        reply = self.boards.board(table)
        reply.text = ", ".join(
            words("game-seat-holder", seat=seat_term(s), user=f"<@{uid}>") if uid
            else words("game-seat-free", seat=seat_term(s))
            for s, uid in game.seats.items()
        )
        summary = table.summary()
        reply.lines.extend(summary)
        if claims:
            reply.lines.extend(self.claim_lines(table, entries))
            # The latest claim's answer buttons, for when its message has scrolled away.
            reply.buttons = [*self._claim_buttons(table, claims[-1]), *reply.buttons][:5]
        if summary:
            reply.buttons.append(Button("details", words("button-details"), game.id,
                                        game.version, style="secondary"))
        # One message: a huge army or a pile of claims is cut, with a note of what is left.
        reply.lines = fit(reply.lines, MAX_REPLY - len(reply.text) - 300, words)
        return reply

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The buttons this part answers: "details" (read only)."""
        return {"details": lambda channel_id, caller, pressed: self.details(pressed[1],
                                                                            channel_id)}

    def details(self, game_id: int, channel_id: str) -> Reply:
        """Show, to the one who asked, the whole public position: every piece in words."""
        with self.store.reading() as tx:
            game = tx.game(game_id)
        if game is None or game.channel_id != channel_id:
            raise Stale()
        table = Table(game)
        words = table.words
        return Reply(
            text=words("game-status-title", system=table.title(), scenario=table.scenario_title()),
            lines=fit(table.summary(full=True), MAX_REPLY - 300, words),
            ephemeral=True,
            game_id=game.id,
            version=game.version,
        )

    def claim_lines(self, table: Table, entries: dict[int, LogEntry]) -> list[str]:
        """Describe the claims a game is waiting on."""
        out = []
        for claim in table.game.pending.get("claims", []):
            entry = entries.get(claim["seq"])
            what = table.claimed(entry.action, entry.events) if entry else ""
            out.append(table.words("claim-waiting", seq=claim["seq"],
                                   kind=claim.get("kind", "report"),
                                   seat=seat_term(claim["seat"]),
                                   subject=seat_term(claim["subject"]), what=what))
        return out

    def private(self, channel_id: str, caller: Caller) -> Reply:
        """Show a player what only their seat may see (their hand, hidden pieces)."""
        with self.store.reading() as tx:
            game = latest(tx, channel_id, caller)
        table = Table(game)
        words = table.words
        mine = game.seats_of(caller.user_id)
        if not mine and table.neutral_referee(caller) and \
                game.settings.get("referee_sees") == "everything":
            # core/referee-sees-hidden: the game lets its referees read every seat's secrets.
            return self.referee_view(table)
        if not mine:
            raise NotSeated().where(game.language, game.system)
        lines: list[str] = []
        hides = False
        for seat in mine:
            found = table.secrets(seat)
            if found is None:
                continue
            hides = True
            if len(mine) > 1:
                found = [words("hand-seat-line", seat=seat_term(seat), line=line)
                         for line in found]
            lines.extend(found)
        if not hides:
            return Reply(text=words("hand-nothing-hidden"), ephemeral=True, game_id=game.id,
                         version=game.version)
        prompt = table.prompt
        buttons: list[Button] = []
        if game.status == "active" and prompt.seat in mine:
            buttons = self.boards.choices(table, prompt.seat, private=True)
        # The board from the player's own edge: the top seat sees it turned around.
        seat = prompt.seat if prompt.seat in mine else mine[0]
        return Reply(
            text=words("hand-title"),
            lines=lines or [words("hand-empty")],
            ephemeral=True,
            buttons=buttons,
            image=self.boards.draw(table, seat),
            image_name="your-view.png",
            game_id=game.id,
            version=game.version,
        )

    def referee_view(self, table: Table) -> Reply:
        """Show a referee who holds no seat what every seat hides (when the game allows)."""
        game, words = table.game, table.words
        lines: list[str] = []
        for seat in game.seats:
            found = table.secrets(seat)
            if found is None:
                return Reply(text=words("hand-nothing-hidden"), ephemeral=True,
                             game_id=game.id, version=game.version)
            lines.extend(words("hand-seat-line", seat=seat_term(seat), line=line)
                         for line in found or [words("hand-empty")])
        return Reply(text=words("hand-referee-title"), lines=fit(lines, MAX_REPLY - 300, words),
                     ephemeral=True, image=self.boards.draw(table, None),
                     image_name="referee-view.png", game_id=game.id, version=game.version)

    def log_lines(self, channel_id: str, caller: Caller | None = None, last: int = 20,
                  page: int = 1, game_id: int | None = None) -> Reply:
        """Show the last entries of the game's log as text, newest page first (a page
        button names the game it was made for: `game_id`, refused once another began)."""
        with self.store.reading() as tx:
            game = latest(tx, channel_id, caller)
            if game_id is not None and game.id != game_id:
                raise Stale().where(game.language, game.system)
            if last < 1:
                raise bad_input("input-greater-than-equal", field="last", ge=1
                                ).where(game.language, game.system)
            # More than any log holds is all of it (and past SQLite's integers, no query).
            entries = tx.log(game.id, last=min(last, HIGHEST_NUMBER))
        table = Table(game)
        words = table.words
        lines = [log_line(table, entry) for entry in entries]
        title = words("game-status-title", system=table.title(), scenario=table.scenario_title())
        # The newest entries first; the pages before them by their buttons, and
        # `/game export` has the whole log.
        reply = Reply(text=title, game_id=game.id, version=game.version)
        return paged(reply, lines or [words("game-log-empty")], words,
                     Listing("log", f"{game.id}:{last}", "paging-where-game"), page,
                     newest_first=True)

    # ------------------------------------------------------------ completions

    def suggest(
        self,
        channel_id: str,
        caller: Caller,
        option: str,
        text: str,
        context: dict[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        """Offer completions for an option from the channel's live game (at most 25)."""
        with self.store.reading() as tx:
            game = tx.active_game(channel_id)
        if game is None:
            return []
        table = Table(game)
        mine = game.seats_of(caller.user_id)
        seat = mine[0] if mine else None
        if table.prompt.seat in mine:
            seat = table.prompt.seat
        return suggestions(table.system, table.state, seat, option, text, context,
                           game.language)

    def game_in(self, channel_id: str, ended_too: bool = False) -> tuple[str, str] | None:
        """Return the system and language of the channel's running game (or, `ended_too`,
        of its latest game, ended ones too), if any."""
        with self.store.reading() as tx:
            game = tx.latest_game(channel_id) if ended_too else tx.active_game(channel_id)
        return None if game is None else (game.system, game.language)

    def seat_choices(
        self, channel_id: str, system_id: str | None = None, scenario: str | None = None
    ) -> list[tuple[str, str]]:
        """Return (name, id) of the seats of a scenario being chosen, else of the channel's game."""
        with self.store.reading() as tx:
            game = tx.active_game(channel_id)
        language = game.language if game else None
        if system_id and scenario and system_id in available():
            sys = system(system_id)
            for info in sys.scenarios():
                if info.id == scenario:
                    return [(_seat_name(sys, s, language), s) for s in info.seats]
        if game is None:
            return []
        table = Table(game)
        return [(table.seat_name(s), s) for s in game.seats]

    def scenario_choices(
        self, system_id: str, text: str, locale: str | None = None
    ) -> list[tuple[str, str]]:
        """Offer scenario completions for `/game new`, named in the caller's language."""
        if system_id not in available():
            return []
        sys = system(system_id)
        needle = text.lower()
        found = []
        for info in sys.scenarios():
            title = scenario_title(sys, info.id, locale)
            if needle in info.id or needle in title.lower():
                found.append((f"{title} ({info.id})", info.id))
        return found[:25]

    def system_choices(self, text: str, locale: str | None = None) -> list[tuple[str, str]]:
        """Offer game systems for `/game new`, named in the caller's language."""
        needle = text.lower()
        out = []
        for sid in available():
            title = system_title(system(sid), pick_language(locale))
            if needle in sid or needle in title.lower():
                out.append((f"{title} ({sid})", sid))
        return out[:25]



def log_line(table: Table, entry: LogEntry) -> str:
    """Word one entry of a game's log as `/game log` shows it (the web's log too)."""
    words = table.words
    seat = seat_term(entry.seat) if entry.seat else words("game-nobody")
    if entry.kind == "end":  # by a referee, who may hold no seat: say who
        said = words("game-log-end", user=str(entry.action.get("by") or ""))
        return words("game-log-line-referee", seq=entry.seq, what=said)
    if entry.kind == "substitute":  # a league's referee gave the seat to another
        said = words("game-log-substitute", seat=seat, out=f"<@{entry.action.get('out')}>",
                     user=f"<@{entry.action.get('in')}>")
        return words("game-log-line-referee", seq=entry.seq, what=said)
    if entry.kind == SETTINGS_LOG:  # by a player or a referee: say who, and what
        said = words("game-log-settings", user=str(entry.action.get("by") or ""),
                     changes=Said(typed_changes(entry.action.get("changes") or {})),
                     agreed="of" in entry.action)
        return words("game-log-line-referee", seq=entry.seq, what=said)
    if entry.kind == "claim":
        said = words("claim-logged", what=table.claimed(entry.action, entry.events))
    elif entry.kind == "action":
        said = Said(" / ".join(table.event(e) for e in entry.events)) or table.typed(
            entry.action)
    elif entry.kind in CLOCK_LOG_KINDS:  # service/turnclocks.py: expiry, extension, holiday
        said = words(CLOCK_LOG_KINDS[entry.kind], seat=seat,
                     hours=int(entry.action.get("hours") or 0),
                     policy=str(entry.action.get("policy") or "none"),
                     user=str(entry.action.get("by") or ""))
    else:
        said = words(LOG_KINDS[entry.kind], seat=seat)
    return words("game-log-line", seq=entry.seq, seat=seat, what=said)


def _seat_name(sys: Any, seat: str, language: str | None) -> str:
    return words_for(sys, language).term(seat_term(seat))


__all__ = ["LOG_KINDS", "Views", "log_line"]
