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

from bot.i18n import pick_language, t
from bot.service import Caller, GameService, NoGame, Reply, simple_error
from bot.store import Transaction

MAX_LEAGUE_NAME = 40


@dataclass(frozen=True)
class League:
    """One league as stored."""

    id: int
    guild_id: str
    name: str
    creator_id: str


def _age(since: str, now: datetime) -> str:
    """Say how long ago a time was, briefly ('3 h 5 min', '2 d 4 h')."""
    minutes = max(0, int((now - datetime.fromisoformat(since)).total_seconds() // 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {mins} min"
    return f"{mins} min"


class Leagues:
    """Create leagues, add games to them, show their turns and standings."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def _league(self, tx: Transaction, guild_id: str, name: str, lang: str) -> League:
        row = tx.league(guild_id, " ".join(name.split()))
        if row is None:
            raise simple_error("league.unknown", lang, name=name)
        return League(*row)

    def create(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Create a league in this server."""
        lang = pick_language(caller.locale)
        name = " ".join(name.split())
        if not 0 < len(name) <= MAX_LEAGUE_NAME:
            raise simple_error("league.bad_name", lang, most=MAX_LEAGUE_NAME)
        with self.service.store.transaction() as tx:
            if tx.league(guild_id, name) is not None:
                raise simple_error("league.exists", lang, name=name)
            tx.insert_league(guild_id, name, caller.user_id)
        return Reply(text=t(lang, "league.created", name=name))

    def add(self, guild_id: str, channel_id: str, caller: Caller, name: str) -> Reply:
        """Add this channel's game to a league (its players, its creator or a moderator)."""
        lang = pick_language(caller.locale)
        with self.service.store.transaction() as tx:
            league = self._league(tx, guild_id, name, lang)
            game = tx.active_game(channel_id)
            if game is None:
                raise NoGame(lang)
            allowed = (
                caller.moderator
                or caller.user_id in (game.creator_id, league.creator_id)
                or game.seats_of(caller.user_id)
            )
            if not allowed:
                raise simple_error("league.not_allowed", lang)
            tx.add_to_league(league.id, game.id)
        return Reply(text=t(game.language, "league.added", name=league.name, game=game.id))

    def turns(self, guild_id: str, caller: Caller, name: str, now: datetime | None = None) -> Reply:
        """List who must act in each running game of a league, longest wait first."""
        lang = pick_language(caller.locale)
        now = now or datetime.now(UTC)
        with self.service.store.reading() as tx:
            league = self._league(tx, guild_id, name, lang)
            games = tx.league_games(league.id)
        waiting: list[tuple[str, str]] = []
        for game in games:
            if game.over:
                continue
            where = f"<#{game.channel_id}>"
            if game.status == "open":
                line = t(lang, "league.turn_open", where=where, game=game.id)
            else:
                sys_ = self.service.system_of(game)
                prompt = sys_.prompt(sys_.load_state(game.state))
                user = game.seats.get(prompt.seat or "")
                line = t(
                    lang,
                    "league.turn_line",
                    where=where,
                    system=sys_.title,
                    seat=(prompt.seat or "").capitalize(),
                    user=f"<@{user}>" if user else "—",
                    age=_age(game.updated_at, now),
                )
            waiting.append((game.updated_at, line))
        lines = [line for _, line in sorted(waiting)]
        return Reply(
            text=t(lang, "league.turns_title", name=league.name, count=len(lines)),
            lines=lines or [t(lang, "league.no_games")],
        )

    def table(self, guild_id: str, caller: Caller, name: str) -> Reply:
        """Rank the league's players by wins and losses in finished games."""
        lang = pick_language(caller.locale)
        with self.service.store.reading() as tx:
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
            t(lang, "league.table_line", rank=i, user=f"<@{uid}>", won=wins[uid],
              lost=losses[uid], played=wins[uid] + losses[uid])
            for i, uid in enumerate(ranked, 1)
        ]
        return Reply(
            text=t(lang, "league.table_title", name=league.name),
            lines=lines or [t(lang, "league.no_results")],
        )

    def names(self, guild_id: str, text: str) -> list[tuple[str, str]]:
        """Offer league names of this server for autocomplete."""
        needle = text.lower()
        with self.service.store.reading() as tx:
            names = tx.league_names(guild_id)
        return [(n, n) for n in names if needle in n.lower()][:25]

