"""The store's statistics reads: a server's finished games and their logs' turns (a base of
`Transaction`).

`create_stats_index` is the body of migration m008 (bot/store/migrations.py): a partial index
of the finished and ended games by server, system and scenario that holds every column these
reads return, so a server's games are counted from the index alone and never from the big
`state` column; a game joins it once, when it ends (a move of a running game does not touch
it). The log is read by its primary key (game, seq). tests/bot/test_query_plans.py runs every
query here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from bot.store.dialect import Connection, Dialect

# The games statistics count: played out, conceded, lost on time, or ended by a referee.
OVER = ("finished", "ended")
_OVER_SQL = "status IN ('finished', 'ended')"
# The columns a statistic reads of a game, all of them in the index.
# The columns a statistic reads of a game, all of them in the index.
_COLUMNS = "id, system, scenario, status, winner, result, seats, created_at, updated_at"
# Game ids per statement (under SQLite's oldest bound on parameters, 999).
CHUNK = 500


def create_stats_index(db: Database) -> None:
    """Index the games that are over by server, system and scenario, covering what stats read."""
    db.execute(f"CREATE INDEX games_over_by_guild ON games (guild_id, system, scenario, "
               f"status, winner, result, seats, created_at, updated_at) WHERE {_OVER_SQL}")


# The same index on PostgreSQL (bot/store/postgres.py), its extra columns INCLUDEd.
PG_STATS_INDEX = (
    "CREATE INDEX games_over_by_guild ON games (guild_id, system, scenario) "
    f"INCLUDE (status, winner, result, seats, created_at, updated_at) WHERE {_OVER_SQL};"
)


@dataclass(frozen=True)
class GameOutline:
    """What statistics read of a game that is over: who sat where and how it ended."""

    id: int
    system: str
    scenario: str
    status: str  # finished | ended (ended: stopped without a result, by a referee)
    winner: str | None  # the winning seat; None in a finished game: a draw
    result_key: str | None  # the result message's key (result-resigned, result-out-of-time...)
    seats: dict[str, str | None]
    created_at: str
    updated_at: str


def _like(text: str) -> str:
    """Return a LIKE pattern that finds `text` as a JSON string anywhere in a column."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f'%"{escaped}"%'


def _result_key(result: object) -> str | None:
    """Return the key of a stored result message (None for none, or for a result stored as
    text by an older Banneret)."""
    try:
        key = json.loads(str(result)).get("key") if result else None
    except (ValueError, AttributeError):
        return None
    return key if isinstance(key, str) else None


def _outline(row: Sequence[object]) -> GameOutline:
    return GameOutline(id=int(str(row[0])), system=str(row[1]), scenario=str(row[2]),
                       status=str(row[3]), winner=None if row[4] is None else str(row[4]),
                       result_key=_result_key(row[5]),
                       seats=json.loads(str(row[6] or "{}")), created_at=str(row[7]),
                       updated_at=str(row[8]))


def _chunks(ids: Sequence[int]) -> Iterator[Sequence[int]]:
    for start in range(0, len(ids), CHUNK):
        yield ids[start:start + CHUNK]


class StatsQueries:
    """Statistics queries of a transaction (`Transaction` derives from this class)."""

    conn: Connection
    sql: Dialect

    def games_over(self, guild_id: str, system_id: str, scenario: str) -> list[GameOutline]:
        """Return a server's games of one scenario that are over, oldest first."""
        rows = self.conn.execute(
            f"SELECT {_COLUMNS} FROM games{self.sql.indexed('games_over_by_guild')} "
            f"WHERE guild_id = ? AND system = ? AND scenario = ? AND {_OVER_SQL} ORDER BY id",
            (guild_id, system_id, scenario)).fetchall()
        return [_outline(r) for r in rows]

    def player_games_over(self, guild_id: str, user_id: str) -> list[GameOutline]:
        """Return the games that are over in which a user held a seat, in a server, oldest
        first (a seat's holder is matched exactly; the LIKE only narrows the rows read)."""
        rows = self.conn.execute(
            f"SELECT {_COLUMNS} FROM games{self.sql.indexed('games_over_by_guild')} "
            f"WHERE guild_id = ? AND {_OVER_SQL} AND seats LIKE ? ESCAPE '\\' ORDER BY id",
            (guild_id, _like(user_id))).fetchall()
        found = [_outline(r) for r in rows]
        return [g for g in found if user_id in g.seats.values()]

    def seat_moves(self, game_ids: Sequence[int]) -> list[tuple[int, str, str]]:
        """Return (game id, seat, time) of every action of the given games' logs, game by game
        and in order (what a turn's length is worked out from)."""
        found: list[tuple[int, str, str]] = []
        for chunk in _chunks(list(game_ids)):
            marks = ", ".join("?" for _ in chunk)
            found.extend((int(r[0]), str(r[1]), str(r[2])) for r in self.conn.execute(
                f"SELECT game_id, COALESCE(seat, ''), created_at FROM actions "
                f"WHERE game_id IN ({marks}) AND kind = 'action' ORDER BY game_id, seq",
                tuple(chunk)))
        return found

    def turn_counts(self, game_ids: Sequence[int]) -> dict[int, int]:
        """Return each given game's number of turns: runs of actions by one seat, counted in
        the database (a game's log can be long; only the counts come back)."""
        found: dict[int, int] = {}
        for chunk in _chunks(list(game_ids)):
            marks = ", ".join("?" for _ in chunk)
            for row in self.conn.execute(
                "SELECT game_id, COUNT(*) FROM (SELECT game_id, COALESCE(seat, '') AS seat, "
                "LAG(COALESCE(seat, '')) OVER (PARTITION BY game_id ORDER BY seq) AS before "
                "FROM actions "
                f"WHERE game_id IN ({marks}) AND kind = 'action') AS moves "
                "WHERE before IS NULL OR before <> seat GROUP BY game_id", tuple(chunk)):
                found[int(row[0])] = int(row[1])
        return found


__all__ = ["CHUNK", "OVER", "PG_STATS_INDEX", "GameOutline", "StatsQueries",
           "create_stats_index"]
