"""Withdrawals: a player taken out of a running league, shown to its referee first.

`/league remove` on a running league (or `/league drop`, the player himself) changes
nothing at once. It answers the caller alone with what the removal would do, under
Confirm and Cancel buttons (the referee's, or the dropping player's, to press):

- each bye of the player in a round the league has not completed yet (that round, or an
  earlier one, still has a fixture to play) is void: he never took it up;
- each fixture of his not yet played (waiting, reported or disputed) goes to his opponent
  as the league's `withdrawal:` setting says: a bye (the points of a win, no game played)
  or a walkover win (a game won, and lost by him); neither counts in ratings;
- a game of his in progress is left to end (or to the referee's `/league resolve`);
- a round robin's rounds written later treat him the same way (leagues/rounds.py).

Confirm does it in one write if the league is still as shown (the plan's digest rides in
the button), then pairs the next Swiss round if that completed the current one; Cancel
changes nothing. His results so far stand; the standings, fixtures and exports mark him.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from bot.errors import (
    LeagueAlreadyIn,
    LeagueLateSwissOnly,
    LeagueNotIn,
    LeagueRefereeOnly,
    LeagueSubstituteIn,
    LeagueUnknown,
    Stale,
)
from bot.replies import Button, Reply
from bot.service.context import ButtonHandler, Caller, PressedId
from bot.service.leagues.reports import player_text, round_lines
from bot.service.leagues.rounds import GIVEN, OPEN, Season, advance, referee
from bot.store.gamestore import GameStore
from bot.store.leaguequeries import FixtureRow, LeagueRow
from bot.store.transaction import Transaction
from bot.text import Words, pick_language

CONFIRM = "league-withdraw-yes"
CANCEL = "league-withdraw-no"


@dataclass(frozen=True)
class Plan:
    """What taking one player out of a running league does to its fixtures."""

    player: str
    void: tuple[FixtureRow, ...]  # his byes not taken up
    given: tuple[FixtureRow, ...]  # his unplayed fixtures, to his opponents
    playing: tuple[FixtureRow, ...]  # his games in progress, left to end
    later: tuple[int, int] | None  # round-robin rounds not written yet (first, last)

    @property
    def digest(self) -> int:
        """Return a number that changes when any fixture of the plan does."""
        seen = [(f.id, f.status, f.report_no) for f in (*self.void, *self.given, *self.playing)]
        return zlib.crc32(repr((self.player, seen, self.later)).encode())


def plan(tx: Transaction, league: LeagueRow, player: str) -> Plan:
    """Work out what withdrawing `player` from a running league would do."""
    season = Season.of(league)
    lowest, written = tx.fixture_rounds(league.id, OPEN)
    mine = tx.player_fixtures(league.id, player, (*OPEN, "done"))
    # A bye counts once the league has completed its round (and every one before it).
    void = tuple(f for f in mine if f.away is None and f.status == "done"
                 and lowest is not None and f.round >= lowest)
    given = tuple(f for f in mine if f.away is not None
                  and f.status in ("pending", "reported", "disputed"))
    playing = tuple(f for f in mine if f.away is not None and f.status == "playing")
    total = season.rounds or 0
    later = ((written + 1, total) if season.format == "round-robin" and written < total
             else None)
    return Plan(player, void, given, playing, later)


def apply(tx: Transaction, league: LeagueRow, done: Plan) -> bool:
    """Withdraw the player as planned, in the caller's write; return whether a Swiss
    round was paired because of it."""
    season = Season.of(league)
    if not tx.remove_league_player(league.id, done.player):
        raise Stale()
    now = tx.now()
    for f in done.void:
        if tx.update_fixture(f, status="void", settled_by="withdrawal", settled_at=now) is None:
            raise Stale()
    for f in done.given:
        if tx.update_fixture(f, status="done", winner=f.opponent(done.player),
                             home_score=None, away_score=None, confirm_after=None,
                             settled_by=GIVEN[season.withdrawal], settled_at=now) is None:
            raise Stale()
    return advance(tx, league)


def lines(words: Words, season: Season, done: Plan) -> list[str]:
    """Word a plan, one line per fixture it changes, and the rounds still to be written."""
    user = f"<@{done.player}>"
    out = [words("league-withdraw-void", id=f.id, round=f.round, user=user)
           for f in done.void]
    out += [words("league-withdraw-given", id=f.id, round=f.round, user=user,
                  opponent=f"<@{f.opponent(done.player)}>", given=season.withdrawal)
            for f in done.given]
    out += [words("league-withdraw-playing", id=f.id, round=f.round,
                  opponent=f"<@{f.opponent(done.player)}>") for f in done.playing]
    if done.later is not None:
        out.append(words("league-withdraw-later", first=done.later[0], last=done.later[1],
                         user=user, given=season.withdrawal))
    return out or [words("league-withdraw-nothing")]


class Withdrawals:
    """Show a withdrawal to the league's referee, and do it or drop it by its buttons."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    def preview(self, tx: Transaction, league: LeagueRow, caller: Caller, player: str
                ) -> Reply:
        """Return what withdrawing `player` would do, with Confirm and Cancel (no change):
        to the referee removing him, or to the player dropping out himself."""
        words = Words.of(pick_language(caller.locale))
        if player not in {u for u, _, s in tx.league_players(league.id) if s == "playing"}:
            raise LeagueNotIn(user=f"<@{player}>", name=league.name).where(words.language)
        season = Season.of(league)
        shown = plan(tx, league, player)
        own = caller.user_id == player
        return Reply(
            text=words("league-drop-preview" if own else "league-withdraw-preview",
                       user=f"<@{player}>", name=league.name, given=season.withdrawal),
            lines=lines(words, season, shown), ephemeral=True,
            buttons=[Button(CONFIRM, words("button-league-drop-confirm" if own else
                                           "button-league-withdraw-confirm"), league.id,
                            shown.digest, player, "danger"),
                     Button(CANCEL, words("button-league-withdraw-cancel"), league.id,
                            shown.digest, player, "secondary")])

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The buttons a withdrawal's preview carries: Confirm and Cancel."""
        def answer(channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
            return self.press(caller, pressed[0], pressed[1], pressed[2], pressed[3])

        return dict.fromkeys((CONFIRM, CANCEL), answer)

    def press(self, caller: Caller, kind: str, league_id: int, digest: int, player: str
              ) -> Reply:
        """Confirm (do it, if the league is still as shown) or Cancel a withdrawal."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.transaction() as tx:
            league = tx.league_by_id(league_id)
            if league is None:
                raise LeagueUnknown(name=str(league_id)).where(lang)
            if not (referee(league, caller) or caller.user_id == player):
                raise LeagueRefereeOnly(user=f"<@{league.creator_id}>").where(lang)
            if kind == CANCEL:
                return Reply(text=words("league-withdraw-cancelled", user=f"<@{player}>",
                                        name=league.name), ephemeral=True)
            season = Season.of(league)
            done = plan(tx, league, player)
            if done.digest != digest:
                raise Stale().where(lang)
            try:
                paired = apply(tx, league, done)
            except Stale:
                raise Stale().where(lang) from None
            newest = tx.fixture_rounds(league.id, OPEN)[1]
            fixtures = tx.fixtures(league.id, newest) if paired else []
            gone = {u for u, _, s in tx.league_players(league.id) if s != "playing"}
        # Worded once the write is over (a Swiss round of thousands takes a second).
        said = lines(words, season, done)
        if fixtures:
            said += [words("league-new-round", round=newest),
                     *round_lines(words, fixtures, newest, gone)[1:]]
        return Reply(text=words("league-withdrawn", user=player_text(words, player, {player}),
                                name=league.name, void=len(done.void), given=len(done.given),
                                kind=season.withdrawal),
                     lines=said)


def enter_late(tx: Transaction, league: LeagueRow, player: str, name: str, lang: str
               ) -> tuple[int, int]:
    """Add a player to a running Swiss league: he is paired from the next round; the rounds
    written so far count as the league's `late:` says (a bye each, or nothing). Return
    (the rounds missed, the round he is paired from)."""
    season = Season.of(league)
    if season.format != "swiss":
        raise LeagueLateSwissOnly(name=league.name).where(lang)
    if not tx.join_league(league.id, player, name):
        raise LeagueAlreadyIn(name=league.name).where(lang)
    written = tx.fixture_rounds(league.id, OPEN)[1]
    if season.late == "bye":
        tx.insert_fixtures(league.id, [(r, player, None, "done", player, "late")
                                       for r in range(1, written + 1)])
    return written, written + 1


def substitute(tx: Transaction, league: LeagueRow, out: str, incoming: str, name: str,
               by: str, lang: str) -> tuple[int, int]:
    """Move a player's seat in a running league, and his fixtures not yet settled, to
    another player (the referee's `/league substitute`). His results so far stay his; each
    fixture moved keeps a note of it (its report's `substituted` list); a game of his in
    progress gets the newcomer in his seat and a `substitute` log entry, so its log says
    who played which moves. Return (fixtures moved, games taken over)."""
    seated = {uid: status for uid, _, status in tx.league_players(league.id)}
    if seated.get(out) != "playing":
        raise LeagueNotIn(user=f"<@{out}>", name=league.name).where(lang)
    if incoming in seated:
        raise LeagueSubstituteIn(user=f"<@{incoming}>", name=league.name).where(lang)
    tx.remove_league_player(league.id, out)
    tx.join_league(league.id, incoming, name)
    note = {"out": out, "in": incoming, "by": by, "at": tx.now()}
    moved = taken = 0
    for f in tx.player_fixtures(league.id, out, OPEN):
        side = "home" if f.home == out else "away"
        report = {**f.report, "substituted": [*f.report.get("substituted", []), note]}
        if tx.update_fixture(f, **{side: incoming}, report=report) is None:
            raise Stale().where(lang)
        moved += 1
        game = tx.game(f.game_id) if f.status == "playing" and f.game_id is not None else None
        if game is not None and not game.over:
            seat = next(s for s, uid in game.seats.items() if uid == out)
            tx.append(game, "substitute", by, seat, {"out": out, "in": incoming, "by": by})
            tx.update_game(game, bump=False, seats={**game.seats, seat: incoming})
            taken += 1
    return moved, taken


__all__ = ["CANCEL", "CONFIRM", "Plan", "Withdrawals", "apply", "enter_late", "lines", "plan",
           "substitute"]
