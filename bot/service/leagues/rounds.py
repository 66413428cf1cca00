"""A league season's settings, fixtures and results: what standings, ratings and exports read.

`Season` is what `/league create` stores in the league's settings (JSON): the game
system and scenario, the format (round-robin or Swiss), the points, tie-breaks, the
time control its games get, and how long a reported result waits for confirmation.
The functions here turn stored fixtures into `bot.standings` results, pair the next
Swiss round when one finishes, read a linked game's score from its final position
and write the CSV and JSON exports (their column headings are English ids, on purpose:
spreadsheets and scripts read them, players read the standings).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, Literal

from bot.errors import LeagueUnknown
from bot.service.context import Caller
from bot.service.leagues.pairings import round_robin, swiss_round, swiss_rounds_default
from bot.service.leagues.ranking import TIEBREAKS, Result, Row, Scoring, standings
from bot.store.leaguequeries import FixtureRow, LeagueRow
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.timecontrol import TimeControl

Format = Literal["round-robin", "swiss"]
FORMATS: tuple[Format, ...] = ("round-robin", "swiss")
# The tie-break orders a league may choose, as typed (`/league create tiebreaks:`).
TIEBREAK_ORDERS: tuple[str, ...] = (
    "score_diff,head_to_head",
    "head_to_head,score_diff",
    "sos,score_diff,head_to_head",
    "sos,head_to_head",
    "wins,score_diff,head_to_head",
)
DEFAULT_TIEBREAKS: dict[str, str] = {
    "round-robin": "score_diff,head_to_head",
    "swiss": "sos,score_diff,head_to_head",
}
# Systems whose results carry a score: what it counts (a catalogue term, `score-<id>`).
SCORED: dict[str, str] = {"wh40k": "vp", "samurai": "banners"}
# Fixture states: waiting, its game running, a result awaiting the opponent, disputed,
# settled, and cancelled (a player removed before it was played).
OPEN = ("pending", "playing", "reported", "disputed")
SETTLED = ("done", "void")


@dataclass(frozen=True)
class Season:
    """A league's settings as stored (league.settings)."""

    system: str | None = None  # None: a league that only tracks games added to it
    scenario: str | None = None
    format: Format = "round-robin"
    rounds: int | None = None  # Swiss: None until the start (swiss_rounds_default)
    legs: int = 1  # round-robin: each pair meets once per leg
    time: str = "none"  # the time control's text form (bot/timecontrol.py)
    win: float = 3
    draw: float = 1
    loss: float = 0
    tiebreaks: tuple[str, ...] = ("score_diff", "head_to_head")
    confirm_hours: int = 48
    holiday_days: int = 0
    language: str = "en"  # the creator's: notices the league posts by itself use it
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, league: LeagueRow) -> Season:
        """Read a league's stored settings."""
        data = dict(league.settings)
        known = {k: data.pop(k) for k in list(data) if k in cls.__dataclass_fields__}
        if "tiebreaks" in known:
            known["tiebreaks"] = tuple(known["tiebreaks"])
        return cls(**known, extra=data)

    def stored(self) -> dict[str, Any]:
        """Return the settings as the league stores them."""
        data = asdict(self)
        data.pop("extra")
        data["tiebreaks"] = list(self.tiebreaks)
        return {**self.extra, **data}

    @property
    def scored(self) -> str | None:
        """Return what a result's score counts (vp, banners), or None: winner only."""
        return SCORED.get(self.system or "")

    def time_control(self) -> TimeControl:
        """Return the time control every game of the league gets."""
        control = TimeControl.parse(self.time)
        return control.model_copy(update={"holiday_minutes": self.holiday_days * 24 * 60})

    def scoring(self) -> Scoring:
        """Return the points and tie-breaks the standings use."""
        breaks = tuple(b for b in self.tiebreaks if b in TIEBREAKS)
        return Scoring(win=self.win, draw=self.draw, loss=self.loss, tiebreaks=breaks)


def tiebreak_order(text: str | None, format_: str) -> tuple[str, ...]:
    """Return a typed tie-break order (one of TIEBREAK_ORDERS), else the format's default."""
    chosen = text or DEFAULT_TIEBREAKS[format_]
    return tuple(chosen.split(","))


def league_of(tx: Transaction, guild_id: str, name: str, lang: str) -> LeagueRow:
    """Return a server's league by name (spaces tidied), or refuse an unknown one."""
    found = tx.league_season(guild_id, " ".join(name.split()))
    if found is None:
        raise LeagueUnknown(name=name).where(lang)
    return found


def referee(league: LeagueRow, caller: Caller) -> bool:
    """Say whether the caller referees the league: its creator or a server moderator."""
    return caller.moderator or caller.user_id == league.creator_id


# ---------------------------------------------------------------- fixtures


def playing(tx: Transaction, league: LeagueRow) -> list[str]:
    """Return the ids of a league's players still in it, in the order they joined."""
    return [uid for uid, _, status in tx.league_players(league.id) if status == "playing"]


def names(tx: Transaction, league: LeagueRow) -> dict[str, str]:
    """Return every player's name as they joined, by id (removed players too)."""
    return {uid: name for uid, name, _ in tx.league_players(league.id)}


def add_round(tx: Transaction, league: LeagueRow, pairs: list[tuple[int, str, str | None]]
              ) -> None:
    """Store pairings: a bye is settled at once, a win for its player."""
    for round_no, home, away in pairs:
        if away is None:
            tx.insert_fixture(league.id, round_no, home, None, "done", home, "bye")
        else:
            tx.insert_fixture(league.id, round_no, home, away)


def first_fixtures(season: Season, players: list[str]) -> tuple[Season, list[tuple[int, str,
                                                                                   str | None]]]:
    """Return the season as it starts and its first fixtures: the whole round-robin, or
    Swiss round 1 (its number of rounds fixed now, by default from the player count)."""
    if season.format == "round-robin":
        pairs = round_robin(players, legs=season.legs)
        season = Season(**{**asdict(season), "rounds": max(p.round for p in pairs)})
        return season, [(p.round, p.home, p.away) for p in pairs]
    rounds = season.rounds or swiss_rounds_default(len(players))
    season = Season(**{**asdict(season), "rounds": rounds})
    first = swiss_round(1, players, {p: 0.0 for p in players}, (), ())
    return season, [(p.round, p.home, p.away) for p in first]


def advance(tx: Transaction, league: LeagueRow) -> bool:
    """After a fixture is settled: pair the next Swiss round when every fixture of the
    current one is settled, or finish the league after its last round. Return whether
    a new round was paired."""
    if league.status != "running":
        return False
    season = Season.of(league)
    fixtures = tx.fixtures(league.id)
    if any(f.status in OPEN for f in fixtures):
        return False
    current = max((f.round for f in fixtures), default=0)
    players = playing(tx, league)
    if season.format == "swiss" and current < (season.rounds or 0) and len(players) >= 2:
        rows = table(tx, league, season, fixtures, with_times=False)
        points = {r.player: r.points for r in rows}
        met = [frozenset((f.home, f.away)) for f in fixtures if f.away is not None]
        had_bye = [f.home for f in fixtures if f.away is None and f.status == "done"]
        pairs = swiss_round(current + 1, players, points, met, had_bye)
        add_round(tx, league, [(p.round, p.home, p.away) for p in pairs])
        return True
    tx.set_league_status(league.id, "finished", league.settings)
    return False


def results(fixtures: list[FixtureRow]) -> list[Result]:
    """Return the settled fixtures as results for leagues/ranking.py (void ones left out)."""
    return [
        Result(round=f.round, home=f.home, away=f.away, winner=f.winner,
               home_score=f.home_score, away_score=f.away_score)
        for f in fixtures if f.status == "done"
    ]


def turn_minutes(tx: Transaction, fixtures: list[FixtureRow]) -> dict[str, list[float]]:
    """Return each player's times per turn in the league's linked games, in minutes: the
    gap between the log entry before each of their actions and that action."""
    found: dict[str, list[float]] = {}
    for fixture in fixtures:
        if fixture.game_id is None:
            continue
        players = {fixture.home, fixture.away}
        before: datetime | None = None
        for kind, actor, at in tx.action_times(fixture.game_id):
            moment = datetime.fromisoformat(at)
            if kind == "action" and actor in players and before is not None:
                found.setdefault(actor, []).append((moment - before).total_seconds() / 60)
            before = moment
    return found


def table(tx: Transaction, league: LeagueRow, season: Season | None = None,
          fixtures: list[FixtureRow] | None = None, with_times: bool = True) -> list[Row]:
    """Return the league's standings (bot/service/leagues/ranking.py) from its settled fixtures."""
    season = season or Season.of(league)
    fixtures = tx.fixtures(league.id) if fixtures is None else fixtures
    players = [uid for uid, _, _ in tx.league_players(league.id)]
    times = turn_minutes(tx, fixtures) if with_times else None
    return standings(players, results(fixtures), season.scoring(), times)


# ---------------------------------------------------------------- scores of linked games


def game_scores(game: GameRow, home: str, away: str | None) -> tuple[int | None, int | None]:
    """Return (home's, away's) score in a finished linked game: VP for Warhammer 40,000,
    banners for Samurai Battles; (None, None) for a system that keeps no score."""
    seat = {uid: s for s, uid in game.seats.items() if uid}
    home_seat, away_seat = seat.get(home), seat.get(away or "")
    if home_seat is None or away_seat is None:
        return None, None
    if game.system == "samurai":
        banners = game.state.get("banners") or {}
        return _int(banners.get(home_seat)), _int(banners.get(away_seat))
    if game.system == "wh40k":
        # Each battle round's primary and secondary VP, as the stored position keeps them
        # (the bot reaches game systems only through the registry, never their modules).
        scores = game.state.get("scores") or {}
        return _vp(scores.get(home_seat)), _vp(scores.get(away_seat))
    return None, None


def _vp(rounds: Any) -> int | None:
    if not isinstance(rounds, list):
        return None
    return sum(int(r.get("primary", 0)) + int(r.get("secondary", 0)) for r in rounds)


def _int(value: Any) -> int | None:
    return int(value) if isinstance(value, int) else None


def game_winner(game: GameRow) -> str | None:
    """Return the user who won a finished game (None: a draw or an end without winner)."""
    if game.status != "finished" or not game.winner:
        return None
    return game.seats.get(game.winner)


# ---------------------------------------------------------------- exports

FIXTURE_COLUMNS = ("fixture", "round", "home", "home_name", "away", "away_name", "status",
                   "winner", "home_score", "away_score", "game", "settled_by", "settled_at")
STANDING_COLUMNS = ("rank", "player", "name", "points", "played", "won", "drawn", "lost",
                    "score_for", "score_against", "sos", "median_turn_minutes")


def fixture_record(f: FixtureRow, who: dict[str, str]) -> dict[str, Any]:
    """Return one fixture as an export row."""
    return {"fixture": f.id, "round": f.round, "home": f.home, "home_name": who.get(f.home, ""),
            "away": f.away, "away_name": who.get(f.away or "", ""), "status": f.status,
            "winner": f.winner, "home_score": f.home_score, "away_score": f.away_score,
            "game": f.game_id, "settled_by": f.settled_by, "settled_at": f.settled_at}


def standing_record(row: Row, who: dict[str, str]) -> dict[str, Any]:
    """Return one standings row as an export row."""
    return {"rank": row.rank, "player": row.player, "name": who.get(row.player, ""),
            "points": row.points, "played": row.played, "won": row.won, "drawn": row.drawn,
            "lost": row.lost, "score_for": row.score_for, "score_against": row.score_against,
            "sos": row.sos, "median_turn_minutes": row.median_turn_minutes}


def csv_bytes(columns: tuple[str, ...], rows: list[dict[str, Any]]) -> bytes:
    """Write rows as CSV (UTF-8, a header of column ids, empty cells for None)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return out.getvalue().encode()


def export(league: LeagueRow, fixtures: list[FixtureRow], rows: list[Row],
           who: dict[str, str]) -> list[tuple[str, bytes]]:
    """Return the files of a league's export: fixtures and standings as CSV, all as JSON."""
    slug = "".join(c if c.isalnum() else "-" for c in league.name.lower()).strip("-") or "league"
    fixture_rows = [fixture_record(f, who) for f in fixtures]
    standing_rows = [standing_record(r, who) for r in rows]
    everything = {
        "league": {"id": league.id, "name": league.name, "creator": league.creator_id,
                   "status": league.status, "settings": Season.of(league).stored()},
        "players": [{"player": uid, "name": name} for uid, name in who.items()],
        "fixtures": fixture_rows,
        "standings": standing_rows,
    }
    return [
        (f"league-{slug}-fixtures.csv", csv_bytes(FIXTURE_COLUMNS, fixture_rows)),
        (f"league-{slug}-standings.csv", csv_bytes(STANDING_COLUMNS, standing_rows)),
        (f"league-{slug}.json", json.dumps(everything, indent=2, ensure_ascii=False).encode()),
    ]


__all__ = ["FORMATS", "OPEN", "SCORED", "SETTLED", "TIEBREAK_ORDERS", "Season", "add_round",
           "advance", "export", "first_fixtures", "game_scores", "game_winner", "league_of",
           "names", "playing", "referee", "results", "table", "tiebreak_order", "turn_minutes"]
