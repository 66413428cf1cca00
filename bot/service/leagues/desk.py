"""The organiser's desk: corrections a league's referee makes by hand, each announced.

- `enter`: a late entrant in a running Swiss league, paired from the next round (the
  rounds he missed as the league's `late:` says);
- `substitute`: a player's seat, unsettled fixtures and games in progress given to a
  player from outside the league (his results stay his);
- `avoid`: two players kept apart in the first round (club-mates, a pair who just met),
  before a Swiss league starts;
- `swap`: two players of a round not yet played exchange their opponents;
- `repair`: a Swiss round none of whose games has begun is paired again (after a late
  entrant, a withdrawal or a mistake).

Every reply is public, so the league's channel sees what changed. Fixtures keep a note
of each change made to them (withdrawals.py, reports.py `amend`).
"""

from __future__ import annotations

from dataclasses import replace

from bot.errors import (
    LeagueFixtureBusy,
    LeagueNotIn,
    LeagueNotStarted,
    LeagueRepairSwissOnly,
    LeagueStarted,
    LeagueSwapRound,
    LeagueUnknownFixture,
)
from bot.replies import Reply
from bot.service.context import Caller
from bot.service.leagues.pairings import swiss_round
from bot.service.leagues.reports import HIGHEST_ID, refereed, round_lines
from bot.service.leagues.rounds import (
    OPEN,
    Season,
    add_round,
    apart,
    playing,
    seeded,
    table,
)
from bot.service.leagues.withdrawals import enter_late, substitute
from bot.store.gamestore import GameStore
from bot.store.leaguequeries import FixtureRow, LeagueRow
from bot.store.transaction import Transaction
from bot.text import Words, pick_language

__all__ = ["Desk"]


class Desk:
    """The referee's corrections of a league's players and pairings."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    def _refereed(self, tx: Transaction, guild_id: str, caller: Caller, name: str,
                  lang: str, status: str) -> tuple[LeagueRow, Season]:
        """Return the league if the caller referees it and it is in `status`."""
        league, season = refereed(tx, guild_id, name, caller, lang)
        if league.status != status:
            error = LeagueNotStarted if status == "running" else LeagueStarted
            raise error(name=league.name).where(lang)
        return league, season

    def enter(self, guild_id: str, caller: Caller, name: str, player: Caller) -> Reply:
        """Enter a late entrant in a running Swiss league: paired from the next round."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league, season = self._refereed(tx, guild_id, caller, name, lang, "running")
            missed, first = enter_late(tx, league, player.user_id, player.name, lang)
        return Reply(text=Words.of(lang)("league-added-late", user=f"<@{player.user_id}>",
                                         name=league.name, round=first, missed=missed,
                                         late=season.late))

    def substitute(self, guild_id: str, caller: Caller, name: str, player: Caller,
                   by: Caller) -> Reply:
        """Give a player's seat and unsettled fixtures, games in progress too, to a
        substitute (leagues/withdrawals.py)."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league, _ = self._refereed(tx, guild_id, caller, name, lang, "running")
            moved, taken = substitute(tx, league, player.user_id, by.user_id, by.name,
                                      caller.user_id, lang)
        return Reply(text=Words.of(lang)("league-substituted", user=f"<@{by.user_id}>",
                                         out=f"<@{player.user_id}>", name=league.name,
                                         fixtures=moved, games=taken))

    def avoid(self, guild_id: str, caller: Caller, name: str, player: Caller,
              other: Caller) -> Reply:
        """Keep two players of a Swiss league apart in its first round (before the start)."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league, season = self._refereed(tx, guild_id, caller, name, lang, "open")
            joined = {uid for uid, _, _ in tx.league_players(league.id)}
            for who in (player, other):
                if who.user_id not in joined:
                    raise LeagueNotIn(user=f"<@{who.user_id}>", name=league.name).where(lang)
            pairs = [*season.extra.get("avoid", []), [player.user_id, other.user_id]]
            kept = replace(season, extra={**season.extra, "avoid": pairs})
            tx.set_league_status(league.id, league.status, kept.stored())
        return Reply(text=Words.of(lang)("league-avoided", user=f"<@{player.user_id}>",
                                         other=f"<@{other.user_id}>", name=league.name))

    def swap(self, guild_id: str, caller: Caller, name: str, fixture: int, other: int
             ) -> Reply:
        """Exchange the away players of two matches of one round that have not begun."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league, _ = self._refereed(tx, guild_id, caller, name, lang, "running")
            first, second = (_fixture(tx, league, n, lang) for n in (fixture, other))
            if first.round != second.round or first.id == second.id:
                raise LeagueSwapRound(id=first.id, other=second.id).where(lang)
            a, b = first.away or "", second.away or ""
            for games, leaving, coming in ((_match(tx, first), a, b),
                                           (_match(tx, second), b, a)):
                for f in games:
                    if f.status != "pending":
                        raise LeagueFixtureBusy(id=f.id, status=f.status).where(lang)
                    sides = {"home": coming} if f.home == leaving else {"away": coming}
                    tx.update_fixture(f, **sides)
            shown = tx.fixtures(league.id, first.round)
        words = Words.of(lang)
        return Reply(text=words("league-swapped", user=f"<@{caller.user_id}>", id=first.id,
                                other=second.id, name=league.name),
                     lines=round_lines(words, shown, only_round=first.round)[1:])

    def repair(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Pair a Swiss league's newest round again, if none of its games has begun."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league, season = self._refereed(tx, guild_id, caller, name, lang, "running")
            if season.format != "swiss":
                raise LeagueRepairSwissOnly(name=league.name).where(lang)
            newest = tx.fixture_rounds(league.id, OPEN)[1]
            current = tx.fixtures(league.id, newest)
            begun = [f for f in current if f.away is not None and f.status != "pending"]
            if begun:
                raise LeagueFixtureBusy(id=begun[0].id, status=begun[0].status).where(lang)
            tx.delete_round(league.id, newest)
            earlier = tx.fixtures(league.id)
            players = seeded(tx, league, season, playing(tx, league))
            rows = table(tx, league, season, earlier, with_times=False)
            points = {r.player: r.points for r in rows}
            met = [frozenset((f.home, f.away)) for f in earlier if f.away is not None]
            met += apart(season) if newest == 1 else []
            had_bye = [f.home for f in earlier if f.away is None and f.status == "done"]
            pairs = swiss_round(newest, players, points, met, had_bye, season.pairing)
            add_round(tx, league, [(p.round, p.home, p.away) for p in pairs])
            shown = tx.fixtures(league.id, newest)
        words = Words.of(lang)
        return Reply(text=words("league-repaired", user=f"<@{caller.user_id}>", round=newest,
                                name=league.name),
                     lines=round_lines(words, shown, only_round=newest)[1:])


def _fixture(tx: Transaction, league: LeagueRow, number: int, lang: str) -> FixtureRow:
    """Return a two-player fixture of the league by number, or refuse it."""
    found = tx.fixture(number) if 1 <= number <= HIGHEST_ID else None
    if found is None or found.league_id != league.id or found.away is None:
        raise LeagueUnknownFixture(id=number).where(lang)
    return found


def _match(tx: Transaction, fixture: FixtureRow) -> list[FixtureRow]:
    """Return every game of a fixture's match (the same two players, the same round)."""
    pair = {fixture.home, fixture.away}
    return [f for f in tx.fixtures(fixture.league_id, fixture.round)
            if {f.home, f.away} == pair]
