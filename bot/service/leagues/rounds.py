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
from collections.abc import Collection
from dataclasses import asdict, dataclass, field
from datetime import datetime
from hashlib import sha256
from typing import Any, Literal

from bot.errors import LeagueSourceRunning, LeagueUnknown
from bot.service.context import Caller
from bot.service.leagues import knockout
from bot.service.leagues.matches import MATCH_SCORINGS, match_results, match_winner
from bot.service.leagues.pairings import (
    PAIRING_METHODS,
    round_robin_round,
    round_robin_rounds,
    swiss_round,
    swiss_rounds_default,
)
from bot.service.leagues.ranking import TIEBREAKS, Result, Row, Scoring, standings
from bot.store.leaguequeries import FixtureRow, LeagueRow
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.timecontrol import TimeControl
from rules.core.system import system

Format = Literal["round-robin", "swiss", "knockout"]
FORMATS: tuple[Format, ...] = ("round-robin", "swiss", "knockout")
# Each format's tie-breaks when the league names none (`tiebreaks:` takes any order of
# ranking.TIEBREAKS' names).
DEFAULT_TIEBREAKS: dict[str, str] = {
    "round-robin": "score_diff,head_to_head",
    "swiss": "sos,score_diff,head_to_head",
    "knockout": "wins,score_diff",
}
# Systems whose results carry a score: what it counts (a catalogue term, `score-<id>`).
SCORED: dict[str, str] = {"wh40k": "vp", "samurai": "banners"}
# Fixture states: waiting, its game running, a result awaiting the opponent, disputed,
# settled, and cancelled (a player withdrawn before it was played).
OPEN = ("pending", "playing", "reported", "disputed")
SETTLED = ("done", "void")
# The most players a league of each format takes (joining a full league is refused): a
# Swiss round of 5,000 pairs in about 0.3 s; a round robin of 1,000 has 999 rounds and
# 499,500 fixtures, already more than a season can hold.
MOST_PLAYERS: dict[str, int] = {"round-robin": 1_000, "swiss": 5_000, "knockout": 1_024}
# The most fixtures one write adds: a round robin's rounds are written this many fixtures
# ahead of the lowest round still being played (a one-leg season of up to 62 players whole
# at the start), so no write holds the lock long: a 1,000-player start writes 4 rounds in
# about 70 ms (5,000 fixtures took about 270 ms on a loaded machine).
WRITE_BATCH = 2_000
# What the opponent of a withdrawn player gets for a fixture left unplayed (`withdrawal:`).
WITHDRAWALS = ("bye", "walkover")
# How such fixtures are settled (their settled_by): a bye counts as one for the opponent
# (the points of a win, not a game played), a walkover as a game won and lost.
GIVEN = {"bye": "withdrawal", "walkover": "walkover"}
# How a conceded game or one lost on time is scored (`concession:`): `max` gives the winner
# the most the scenario lets a side score and the loser 0 (resigning a lost game must cost
# the loser its score difference); `played` keeps the score as it stood.
CONCESSIONS = ("max", "played")
# Who is seeded first in a Swiss league (`seeding:`): the order players joined, an order
# drawn for the league (the same for a player whoever else plays), or the server's ratings
# of the system from every other league's results. It orders round 1, and players level
# on points in later rounds.
SEEDINGS = ("joined", "random", "rating")
# What a player added to a running Swiss league gets for the rounds he missed (`late:`):
# nothing (as lost, no game played) or a bye each (a win's points, no game).
LATE_ENTRIES = ("loss", "bye")
# The settings chosen by a word, each with its words (the first is the default), and
# the formats that take those a format of its own needs.
PICKED: dict[str, tuple[str, ...]] = {
    "withdrawal": WITHDRAWALS, "concession": CONCESSIONS, "pairing": PAIRING_METHODS,
    "seeding": SEEDINGS, "match_scoring": MATCH_SCORINGS, "late": LATE_ENTRIES,
}
ONLY_IN: dict[str, tuple[str, ...]] = {"pairing": ("swiss",), "seeding": ("swiss", "knockout"),
                                       "late": ("swiss",)}
# The games' result messages that are a concession or a loss on time (bot/service/games.py,
# bot/service/turnclocks.py).
CONCEDED = ("result-resigned", "result-out-of-time")


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
    withdrawal: str = "bye"  # one of WITHDRAWALS
    concession: str = "max"  # one of CONCESSIONS
    pairing: str = "adjacent"  # Swiss: one of pairings.PAIRING_METHODS
    games: int = 1  # games a fixture's match has (leagues/matches.py), 1 to MOST_GAMES
    # Knockout: a finished league of the server whose top `top` players (all, without it)
    # enter at the start, seeded in its final order (None: the players who joined).
    source: str | None = None
    top: int | None = None
    match_scoring: str = "wins"  # how a match of several games scores: MATCH_SCORINGS
    seeding: str = "joined"  # Swiss: one of SEEDINGS
    late: str = "loss"  # Swiss: one of LATE_ENTRIES
    points: int | None = None  # each army's points limit in its games (importreview.py)
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


def tiebreak_order(text: str | None, format_: str) -> tuple[str, ...] | None:
    """Return a typed tie-break order (names of TIEBREAKS, by commas or spaces, each once,
    `-` for `_` accepted), else the format's default; None when a name is unknown or twice."""
    chosen = (text or DEFAULT_TIEBREAKS[format_]).replace(",", " ").replace("-", "_").lower()
    names = tuple(chosen.split())
    if not names or len(set(names)) != len(names) or any(n not in TIEBREAKS for n in names):
        return None
    return names


def league_of(tx: Transaction, guild_id: str, name: str, lang: str) -> LeagueRow:
    """Return a server's league by name (spaces tidied), or refuse an unknown one."""
    found = tx.league_season(guild_id, " ".join(name.split()))
    if found is None:
        raise LeagueUnknown(name=name).where(lang)
    return found


def enter_from_source(tx: Transaction, league: LeagueRow, season: Season, lang: str
                      ) -> list[str] | None:
    """Enter a knockout's players from its source league's final standings (its `top`
    first), seeded in that order; None when the league has no source."""
    if season.source is None:
        return None
    source = league_of(tx, league.guild_id, season.source, lang)
    if source.status != "finished":
        raise LeagueSourceRunning(name=source.name).where(lang)
    rows = table(tx, source, with_times=False)[: season.top or None]
    known = names(tx, source)
    for row in rows:
        tx.join_league(league.id, row.player, known.get(row.player, row.player))
    return [row.player for row in rows]


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


def withdrawn(tx: Transaction, league: LeagueRow) -> set[str]:
    """Return the ids of the players taken out of a league once it had started."""
    return {uid for uid, _, status in tx.league_players(league.id) if status != "playing"}


def add_round(tx: Transaction, league: LeagueRow, pairs: list[tuple[int, str, str | None]]
              ) -> None:
    """Store pairings, each as the league's `games:` fixtures with the sides swapped from
    one game to the next: a bye is settled at once, a win for its player."""
    games = Season.of(league).games
    tx.insert_fixtures(league.id, [
        (round_no, *sides, "pending", None, None) if away is not None else
        (round_no, home, None, "done", home, "bye")
        for round_no, home, away in pairs
        for sides in (swapped(home, away, games) if away is not None else [(home, None)])])


def swapped(home: str, away: str, games: int) -> list[tuple[str, str]]:
    """Return a match's games as (home, away), the sides swapped from one game to the next."""
    return [(home, away) if n % 2 == 0 else (away, home) for n in range(max(1, games))]


def rounds_ahead(count: int, legs: int) -> int:
    """Return how many round-robin rounds are written ahead (WRITE_BATCH fixtures' worth)."""
    return max(1, WRITE_BATCH // max(1, (count + 1) // 2))


def apart(season: Season) -> list[frozenset[str]]:
    """Return the pairs a Swiss league keeps apart in its first round (`/league avoid`)."""
    return [frozenset(pair) for pair in season.extra.get("avoid", []) if len(set(pair)) == 2]


def seeded(tx: Transaction, league: LeagueRow, season: Season, players: list[str]
           ) -> list[str]:
    """Return a Swiss league's players in seeding order (`seeding:`; see SEEDINGS)."""
    if season.seeding == "random":
        return sorted(players, key=lambda uid: sha256(f"{league.id}:{uid}".encode()).digest())
    if season.seeding == "rating":
        from bot.service.leagues.ratings import START, ratings  # openskill loads on use

        games = [(f.home, f.away or "", f.winner)
                 for f in tx.rated_fixtures(league.guild_id, season.system or "")
                 if f.league_id != league.id]
        rated = {r.player: r.rating for r in ratings(games)}
        # A player without games rates as a new one; equal ratings keep the joining order.
        return sorted(players, key=lambda uid: -rated.get(uid, START))
    return players


def first_fixtures(season: Season, players: list[str]) -> tuple[Season, list[tuple[int, str,
                                                                                   str | None]]]:
    """Return the season as it starts and its first fixtures: the round-robin's first rounds
    (every round of a one-leg league of up to 62 players), or Swiss round 1 (its number of rounds
    fixed now, by default from the player count)."""
    if season.format == "round-robin":
        total = round_robin_rounds(len(players), season.legs)
        season = Season(**{**asdict(season), "rounds": total})
        last = min(total, rounds_ahead(len(players), season.legs))
        pairs = [p for number in range(1, last + 1)
                 for p in round_robin_round(players, number, season.legs)]
        return season, [(p.round, p.home, p.away) for p in pairs]
    if season.format == "knockout":
        season = Season(**{**asdict(season), "rounds": knockout.rounds_of(len(players))})
        return season, [(1, home, away) for home, away in knockout.first_round(players)]
    rounds = season.rounds or swiss_rounds_default(len(players))
    season = Season(**{**asdict(season), "rounds": rounds})
    # Pairs the organiser keeps apart (leagues/desk.py `avoid`) count as met in round 1.
    first = swiss_round(1, players, {p: 0.0 for p in players}, apart(season), (),
                        season.pairing)
    return season, [(p.round, p.home, p.away) for p in first]


def too_many(season: Season, count: int) -> bool:
    """Say whether a league of this format cannot take `count` players."""
    return count > MOST_PLAYERS.get(season.format, MOST_PLAYERS["swiss"])


def write_rounds(tx: Transaction, league: LeagueRow, season: Season, first: int,
                 last: int) -> None:
    """Write round-robin rounds `first`..`last`, paired from every player in the order they
    joined (as at the start); a withdrawn player's bye there is void and his games go to
    his opponents as the league's `withdrawal:` setting says."""
    everyone = tx.league_players(league.id)
    order = [uid for uid, _, _ in everyone]
    gone = {uid for uid, _, status in everyone if status != "playing"}
    rows: list[tuple[int, str, str | None, str, str | None, str | None]] = []
    for number in range(first, last + 1):
        for p in round_robin_round(order, number, season.legs):
            if p.away is None:
                rows.append(settled_row(season, p.round, p.home, None, gone))
                continue
            rows += [settled_row(season, p.round, home, away, gone)
                     for home, away in swapped(p.home, p.away, season.games)]
    tx.insert_fixtures(league.id, rows)


def settled_row(season: Season, round_no: int, home: str, away: str | None, gone: set[str]
                ) -> tuple[int, str, str | None, str, str | None, str | None]:
    """Return a new fixture as stored, given who has withdrawn: (round, home, away, status,
    winner, settled_by)."""
    if away is None:
        if home in gone:
            return (round_no, home, None, "void", None, "withdrawal")
        return (round_no, home, None, "done", home, "bye")
    out = [p for p in (home, away) if p in gone]
    if not out:
        return (round_no, home, away, "pending", None, None)
    if len(out) == 2:
        return (round_no, home, away, "void", None, "withdrawal")
    stays = away if out[0] == home else home
    return (round_no, home, away, "done", stays, GIVEN[season.withdrawal])


def _write_ahead(tx: Transaction, league: LeagueRow, season: Season) -> None:
    """Keep a round robin's rounds written ahead of the lowest one being played, and finish
    the league once every round is written and settled. Rounds whose every fixture settled
    itself (withdrawn players) let the next ones be written at once."""
    total = season.rounds or 0
    count = len(tx.league_players(league.id))
    while True:
        lowest, current = tx.fixture_rounds(league.id, OPEN)
        upto = min(total, (lowest or current + 1) + rounds_ahead(count, season.legs) - 1)
        if upto <= current:
            break
        write_rounds(tx, league, season, current + 1, upto)
    if lowest is None and current >= total:
        tx.set_league_status(league.id, "finished", league.settings)


def advance(tx: Transaction, league: LeagueRow) -> bool:
    """After a fixture is settled: write the round robin's next rounds as the lowest ones
    are played, pair the next Swiss round when every fixture of the current one is settled,
    or finish the league after its last round. Return whether a new round was paired (Swiss).

    Asks the store only for the lowest open round and the last one written, so settling one
    fixture of a league of thousands reads two numbers, not every fixture."""
    if league.status != "running":
        return False
    season = Season.of(league)
    total = season.rounds or 0
    if season.format == "round-robin":
        _write_ahead(tx, league, season)
        return False
    lowest, current = tx.fixture_rounds(league.id, OPEN)
    if lowest is not None:
        return False
    if season.format == "knockout":
        return _next_in_bracket(tx, league, season, current)
    players = seeded(tx, league, season, playing(tx, league))
    if current < total and len(players) >= 2:
        fixtures = tx.fixtures(league.id)
        rows = table(tx, league, season, fixtures, with_times=False)
        points = {r.player: r.points for r in rows}
        met = [frozenset((f.home, f.away)) for f in fixtures if f.away is not None]
        had_bye = [f.home for f in fixtures if f.away is None and f.status == "done"]
        pairs = swiss_round(current + 1, players, points, met, had_bye, season.pairing)
        add_round(tx, league, [(p.round, p.home, p.away) for p in pairs])
        return True
    tx.set_league_status(league.id, "finished", league.settings)
    return False


def bracket_matches(fixtures: list[FixtureRow]) -> list[list[FixtureRow]]:
    """Return a knockout round's fixtures as its matches, in bracket order (a bye alone)."""
    matches: dict[frozenset[str], list[FixtureRow]] = {}
    for f in sorted(fixtures, key=lambda f: f.id):
        matches.setdefault(frozenset((f.home, f.away or f.home)), []).append(f)
    return list(matches.values())


def match_winner_of(games: list[FixtureRow], season: Season) -> str | None:
    """Return who goes through from a settled knockout match (None: level, a decider)."""
    played = [g for g in games if g.status == "done"]
    results = game_results(played)
    if any(r.away is None for r in results):  # a bye, or given for a withdrawal
        return next(r.home for r in results if r.away is None)
    if len(results) < season.games:
        return None
    upper = games[0]
    return match_winner(results, upper.home, upper.away or "")


def _next_in_bracket(tx: Transaction, league: LeagueRow, season: Season, current: int
                     ) -> bool:
    """A knockout round is settled: write deciders for level matches, else pair the winners
    into the next round, or finish the league after the final. Return whether fixtures were
    written."""
    matches = bracket_matches(tx.fixtures(league.id, current))
    winners = [match_winner_of(games, season) for games in matches]
    level = [games[0] for games, w in zip(matches, winners, strict=True) if w is None
             and games[0].away is not None and any(g.status == "done" for g in games)]
    if level:
        tx.insert_fixtures(league.id, [(current, f.home, f.away, "pending", None, None)
                                       for f in level])
        return True
    through = [w for w in winners if w is not None]
    if current >= (season.rounds or 0) or len(through) < 2:
        tx.set_league_status(league.id, "finished", league.settings)
        return False
    add_round(tx, league, [(current + 1, home, away)
                           for home, away in knockout.next_round(through)])
    return True


def completed(fixtures: list[FixtureRow]) -> int:
    """Return the last round completed: every fixture of it and of the rounds before settled."""
    unsettled = [f.round for f in fixtures if f.status not in SETTLED]
    last = max((f.round for f in fixtures), default=0)
    return min(unsettled) - 1 if unsettled else last


# Fixtures settled when they were written, not by play: they count from their own round on.
UNPLAYED = ("bye", GIVEN["bye"], GIVEN["walkover"])


def results(fixtures: list[FixtureRow], season: Season | None = None) -> list[Result]:
    """Return the settled fixtures as results (see `game_results`), a match of several
    games (the season's `games:`) as one result once all its games are settled."""
    games = game_results(fixtures)
    if season is None or season.games <= 1:
        return games
    return match_results(games, season.games, season.match_scoring)


def game_results(fixtures: list[FixtureRow]) -> list[Result]:
    """Return the settled fixtures as results for leagues/ranking.py (void ones left out;
    one given to the opponent of a withdrawn player as a bye is a bye of that opponent).

    A bye or walkover of a round not yet reached (a round robin writes rounds ahead) is
    left out until its round is the one being played, so the table never credits a
    player with a bye still to come."""
    reached = completed(fixtures) + 1
    return [
        Result(round=f.round, home=f.winner or f.home, away=None, winner=f.winner)
        if f.settled_by == GIVEN["bye"] else
        Result(round=f.round, home=f.home, away=f.away, winner=f.winner,
               home_score=f.home_score, away_score=f.away_score)
        for f in fixtures
        if f.status == "done" and (f.round <= reached or f.settled_by not in UNPLAYED)
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
    return standings(players, results(fixtures, season), season.scoring(), times)


# ---------------------------------------------------------------- scores of linked games


def game_scores(game: GameRow, home: str, away: str | None, concession: str = "played"
                ) -> tuple[int | None, int | None]:
    """Return (home's, away's) score in a finished linked game: VP for Warhammer 40,000,
    banners for Samurai Battles; (None, None) for a system that keeps no score. A game
    conceded or lost on time scores as the league's `concession:` says."""
    seat = {uid: s for s, uid in game.seats.items() if uid}
    home_seat, away_seat = seat.get(home), seat.get(away or "")
    if home_seat is None or away_seat is None:
        return None, None
    if concession == "max" and conceded(game) and game.winner in (home_seat, away_seat):
        sys = system(game.system)
        best = sys.best_score(sys.load_state(game.state), game.winner)
        if best is not None:
            return (best, 0) if game.winner == home_seat else (0, best)
    if game.system == "samurai":
        banners = game.state.get("banners") or {}
        return _int(banners.get(home_seat)), _int(banners.get(away_seat))
    if game.system == "wh40k":
        # Each battle round's primary and secondary VP, as the stored position keeps them
        # (the bot reaches game systems only through the registry, never their modules).
        scores = game.state.get("scores") or {}
        return _vp(scores.get(home_seat)), _vp(scores.get(away_seat))
    return None, None


def conceded(game: GameRow) -> bool:
    """Say whether a finished game was conceded or lost on time (not played to its end)."""
    try:
        key = json.loads(game.result or "{}").get("key")
    except (ValueError, AttributeError):
        return False
    return key in CONCEDED


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

# `withdrawn`: the ids of a fixture's players taken out of the league (space-separated),
# and in the standings whether the player was.
FIXTURE_COLUMNS = ("fixture", "round", "home", "home_name", "away", "away_name", "status",
                   "winner", "home_score", "away_score", "game", "settled_by", "settled_at",
                   "withdrawn")
STANDING_COLUMNS = ("rank", "player", "name", "points", "played", "won", "drawn", "lost",
                    "score_for", "score_against", "sos", "median_turn_minutes", "withdrawn")


def fixture_record(f: FixtureRow, who: dict[str, str], gone: Collection[str] = ()
                   ) -> dict[str, Any]:
    """Return one fixture as an export row."""
    return {"fixture": f.id, "round": f.round, "home": f.home, "home_name": who.get(f.home, ""),
            "away": f.away, "away_name": who.get(f.away or "", ""), "status": f.status,
            "winner": f.winner, "home_score": f.home_score, "away_score": f.away_score,
            "game": f.game_id, "settled_by": f.settled_by, "settled_at": f.settled_at,
            "withdrawn": " ".join(p for p in (f.home, f.away) if p is not None and p in gone)}


def standing_record(row: Row, who: dict[str, str], gone: Collection[str] = ()
                    ) -> dict[str, Any]:
    """Return one standings row as an export row."""
    return {"rank": row.rank, "player": row.player, "name": who.get(row.player, ""),
            "points": row.points, "played": row.played, "won": row.won, "drawn": row.drawn,
            "lost": row.lost, "score_for": row.score_for, "score_against": row.score_against,
            "sos": row.sos, "median_turn_minutes": row.median_turn_minutes,
            "withdrawn": row.player in gone}


def csv_bytes(columns: tuple[str, ...], rows: list[dict[str, Any]]) -> bytes:
    """Write rows as CSV (UTF-8, a header of column ids, empty cells for None)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return out.getvalue().encode()


def export(league: LeagueRow, fixtures: list[FixtureRow], rows: list[Row],
           who: dict[str, str], gone: Collection[str] = ()) -> list[tuple[str, bytes]]:
    """Return the files of a league's export: fixtures and standings as CSV, all as JSON
    (withdrawn players marked in each)."""
    slug = "".join(c if c.isalnum() else "-" for c in league.name.lower()).strip("-") or "league"
    fixture_rows = [fixture_record(f, who, gone) for f in fixtures]
    standing_rows = [standing_record(r, who, gone) for r in rows]
    everything = {
        "league": {"id": league.id, "name": league.name, "creator": league.creator_id,
                   "status": league.status, "settings": Season.of(league).stored()},
        "players": [{"player": uid, "name": name, "withdrawn": uid in gone}
                    for uid, name in who.items()],
        # The referee's corrections of each result (leagues/reports.py `amend`).
        "fixtures": [{**row, "amended": f.report.get("amended", [])}
                     for row, f in zip(fixture_rows, fixtures, strict=True)],
        "standings": standing_rows,
    }
    return [
        (f"league-{slug}-fixtures.csv", csv_bytes(FIXTURE_COLUMNS, fixture_rows)),
        (f"league-{slug}-standings.csv", csv_bytes(STANDING_COLUMNS, standing_rows)),
        (f"league-{slug}.json", json.dumps(everything, indent=2, ensure_ascii=False).encode()),
    ]


__all__ = [
    "CONCEDED", "CONCESSIONS", "FORMATS", "GIVEN", "LATE_ENTRIES", "MOST_PLAYERS", "ONLY_IN",
    "OPEN", "PICKED", "SCORED", "SEEDINGS", "SETTLED", "WITHDRAWALS", "WRITE_BATCH", "Season",
    "add_round", "advance", "apart", "bracket_matches", "completed", "conceded",
    "enter_from_source", "export", "first_fixtures", "game_results", "game_scores", "game_winner",
    "league_of", "match_winner_of", "names", "playing", "referee", "results", "rounds_ahead",
    "seeded", "settled_row", "swapped", "table", "tiebreak_order", "too_many", "turn_minutes",
    "withdrawn", "write_rounds",
]
