"""Leagues: a server's games grouped for turn tracking and standings.

A league is a name in a Discord server. Games join it by channel (a thread is a
channel, so a league usually runs one game per thread). `turns` lists who must
act in every running game, longest wait first; `table` ranks the players by the
games they finished.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.errors import LeagueBadName, LeagueExists, LeagueNotAllowed, LeagueUnknown
from bot.replies import Reply
from bot.store import Store, Transaction
from bot.table import Caller, Table, running
from bot.text import Words, pick_language, seat_term, words_for

MAX_LEAGUE_NAME = 40


@dataclass(frozen=True)
class League:
    """One league as stored."""

    id: int
    guild_id: str
    name: str
    creator_id: str


def _age(words: Words, since: str, now: datetime) -> str:
    """Say how long ago a time was, briefly ('3 h 5 min', '2 d 4 h')."""
    minutes = max(0, int((now - datetime.fromisoformat(since)).total_seconds() // 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return words("age-days", days=days, hours=hours)
    if hours:
        return words("age-hours", hours=hours, minutes=mins)
    return words("age-minutes", minutes=mins)


class Leagues:
    """Create leagues, add games to them, show their turns and standings."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _league(self, tx: Transaction, guild_id: str, name: str, lang: str) -> League:
        row = tx.league(guild_id, " ".join(name.split()))
        if row is None:
            raise LeagueUnknown(name=name).where(lang)
        return League(*row)

    def create(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Create a league in this server."""
        lang = pick_language(caller.locale)
        name = " ".join(name.split())
        if not 0 < len(name) <= MAX_LEAGUE_NAME:
            raise LeagueBadName(most=MAX_LEAGUE_NAME).where(lang)
        with self.store.transaction() as tx:
            if tx.league(guild_id, name) is not None:
                raise LeagueExists(name=name).where(lang)
            tx.insert_league(guild_id, name, caller.user_id)
        return Reply(text=Words.of(lang)("league-created", name=name))

    def add(self, guild_id: str, channel_id: str, caller: Caller, name: str) -> Reply:
        """Add this channel's game to a league (its players, its creator or a moderator)."""
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league = self._league(tx, guild_id, name, lang)
            game = running(tx, channel_id, caller)
            allowed = (
                caller.moderator
                or caller.user_id in (game.creator_id, league.creator_id)
                or game.seats_of(caller.user_id)
            )
            if not allowed:
                raise LeagueNotAllowed().where(game.language, game.system)
            tx.add_to_league(league.id, game.id)
        return Reply(text=Table(game).words("league-added", name=league.name, game=game.id))

    def turns(self, guild_id: str, caller: Caller, name: str, now: datetime | None = None) -> Reply:
        """List who must act in each running game of a league, longest wait first."""
        lang = pick_language(caller.locale)
        now = now or datetime.now(UTC)
        with self.store.reading() as tx:
            league = self._league(tx, guild_id, name, lang)
            games = tx.league_games(league.id)
        waiting: list[tuple[str, str]] = []
        for game in games:
            if game.over:
                continue
            where = f"<#{game.channel_id}>"
            table = Table(game)
            words = words_for(table.system, lang)
            if game.status == "open":
                line = words("league-turn-open", where=where, game=game.id)
            else:
                seat = table.prompt.seat
                user = game.seats.get(seat or "")
                line = words(
                    "league-turn-line", where=where, system=words("system-title"),
                    seat=seat_term(seat), user=f"<@{user}>" if user else "—",
                    age=_age(words, game.updated_at, now),
                )
            waiting.append((game.updated_at, line))
        lines = [line for _, line in sorted(waiting)]
        words = Words.of(lang)
        return Reply(
            text=words("league-turns-title", name=league.name, count=len(lines)),
            lines=lines or [words("league-no-games")],
        )

    def table(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Rank the league's players by wins and losses in finished games."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.reading() as tx:
            league = self._league(tx, guild_id, name, lang)
            games = tx.league_games(league.id)
        wins: Counter[str] = Counter()
        losses: Counter[str] = Counter()
        for game in games:
            if game.status != "finished" or not game.winner:
                continue
            winner = game.seats.get(game.winner)
            players = {uid for uid in game.seats.values() if uid}
            if winner is None or len(players) < 2:
                continue  # solo games do not count
            wins[winner] += 1
            for uid in players - {winner}:
                losses[uid] += 1
        ranked = sorted(set(wins) | set(losses), key=lambda u: (-wins[u], losses[u], u))
        lines = [
            words("league-table-line", rank=i, user=f"<@{uid}>", won=wins[uid],
                  lost=losses[uid], played=wins[uid] + losses[uid])
            for i, uid in enumerate(ranked, 1)
        ]
        return Reply(
            text=words("league-table-title", name=league.name),
            lines=lines or [words("league-no-results")],
        )

    def names(self, guild_id: str, text: str) -> list[tuple[str, str]]:
        """Offer league names of this server for autocomplete."""
        needle = text.lower()
        with self.store.reading() as tx:
            names = tx.league_names(guild_id)
        return [(n, n) for n in names if needle in n.lower()][:25]
