"""Statistics of a server's games: a player's record and a scenario's balance (/stats).

Both count the games of this server that are over (bot/store/statsqueries.py): played out,
conceded, lost on time, or ended by a referee without a result (counted as abandoned). A
game one person played on both sides (solo) is nobody's result and is left out.

- A player: games and results per game system and per side, games lost on time and
  abandoned, the average and slowest time per turn (a turn is a run of actions by one seat;
  it lasts from the other side's last action to its own last one, so a game's first turn,
  which has no such start, is not timed), and the rating after each league game per system,
  from the same settled fixtures and model as `/league ratings` (leagues/ratings.py).
- A scenario: wins per side, draws, abandoned games, and the average length in turns and in
  days (from the game's creation to its end) of the games with a result; below `ENOUGH`
  results the reply says the balance cannot be judged yet.

The words are the catalogue's; the pictures (renderers/stats.py) are drawn here, in the
worker thread the transport runs the service in, as the standings picture is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.errors import Stale, UnknownScenario, UnknownSystem
from bot.paging import Listing, paged
from bot.replies import Reply
from bot.service.context import Caller
from bot.service.leagues.ratings import SCALE, START
from bot.service.timekeeping import span
from bot.store.gamestore import GameStore
from bot.store.leaguequeries import FixtureRow
from bot.store.statsqueries import GameOutline
from bot.text import Said, Words, pick_language, scenario_title, seat_term, system_title
from rules.core.system import available, system

# Results a scenario needs before its balance says much (fewer: the reply says so).
ENOUGH = 10
# A scenario's average length is that of its latest games with a result, at most this many:
# each game's turns are counted from its log, so the reply's time stays bounded however
# long the server's history (4,000 results took about a second on a loaded machine).
LENGTH_GAMES = 400
OUT_OF_TIME = "result-out-of-time"
# The ordinal's sigmas below mu, as leagues/ratings.py rates (a test checks the two agree).
_Z = 3.0
_MODEL = PlackettLuce()
# The page listings (bot/paging.py): short, for a button's custom id of 100 characters.
PLAYER_LISTING = "stats-p"
SCENARIO_LISTING = "stats-s"


@dataclass
class Tally:
    """Results counted: won, drawn, lost, abandoned (ended without a result)."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    abandoned: int = 0

    @property
    def games(self) -> int:
        """Return every game counted."""
        return self.won + self.drawn + self.lost + self.abandoned

    def add(self, outcome: str) -> None:
        """Count one game's outcome (won, drawn, lost or abandoned)."""
        setattr(self, outcome, getattr(self, outcome) + 1)


@dataclass
class PlayerRecord:
    """A player's results in a server's games that are over."""

    total: Tally = field(default_factory=Tally)
    systems: dict[str, Tally] = field(default_factory=dict)
    seats: dict[tuple[str, str], Tally] = field(default_factory=dict)
    on_time: int = 0
    turns: list[float] = field(default_factory=list)  # minutes per timed turn


def played_by_two(game: GameOutline) -> bool:
    """Say whether two different people held the game's seats (a solo game is no result)."""
    return len({uid for uid in game.seats.values() if uid}) >= 2


def outcome(game: GameOutline, seats: Sequence[str]) -> str:
    """Return how a game went for whoever held `seats`: won, drawn, lost or abandoned."""
    if game.status != "finished":
        return "abandoned"
    if game.winner is None:
        return "drawn"
    return "won" if game.winner in seats else "lost"


def player_record(games: Sequence[GameOutline], user_id: str) -> PlayerRecord:
    """Count a player's results overall, per game system and per (system, seat)."""
    record = PlayerRecord()
    for game in games:
        mine = [seat for seat, uid in game.seats.items() if uid == user_id]
        if not mine or not played_by_two(game):
            continue
        result = outcome(game, mine)
        record.total.add(result)
        record.systems.setdefault(game.system, Tally()).add(result)
        record.seats.setdefault((game.system, mine[0]), Tally()).add(result)
        if result == "lost" and game.result_key == OUT_OF_TIME:
            record.on_time += 1
    return record


def turn_minutes(moves: Sequence[tuple[int, str, str]], mine: dict[int, set[str]]
                 ) -> list[float]:
    """Return the length in minutes of each turn of the given seats (`mine`: game -> seats):
    a turn is a run of actions by one seat, from the other side's last action to its own
    last one. `moves` is (game, seat, time) of every action, game by game, in order."""
    found: list[float] = []
    game, seat, started, last = -1, "", None, None
    for game_id, mover, at in [*moves, (-2, "", "")]:
        if game_id != game or mover != seat:
            if started is not None and last is not None and seat in mine.get(game, set()):
                found.append((last - started).total_seconds() / 60)
            started = last if game_id == game else None
            game, seat = game_id, mover
        last = datetime.fromisoformat(at) if at else None
    return found


def rating_history(games: Sequence[tuple[str, str, str | None]], player: str) -> list[float]:
    """Return a player's rating before their first game and after each of theirs, rating the
    games as `/league ratings` does (leagues/ratings.py: a, b, winner or None for a draw)."""
    current: dict[str, PlackettLuceRating] = {}
    history: list[float] = []
    for a, b, winner in games:
        for one in (a, b):
            if one not in current:
                current[one] = _MODEL.rating(name=one)
        if player in (a, b) and not history:
            history.append(_shown(current[player]))
        ranks = [1.0, 1.0] if winner is None else ([1.0, 2.0] if winner == a else [2.0, 1.0])
        [[new_a], [new_b]] = _MODEL.rate([[current[a]], [current[b]]], ranks=ranks)
        current[a], current[b] = new_a, new_b
        if player in (a, b):
            history.append(_shown(current[player]))
    return history


def _shown(rating: PlackettLuceRating) -> float:
    return float(rating.ordinal(z=_Z, alpha=SCALE, target=START))


def rated_games(fixtures: Sequence[FixtureRow]) -> list[tuple[str, str, str | None]]:
    """Return settled fixtures as the ratings take them: (home, away, winner or None)."""
    return [(f.home, f.away or "", f.winner) for f in fixtures]


@dataclass
class ScenarioRecord:
    """A scenario's games in a server: wins per seat, draws, abandoned, lengths."""

    seats: tuple[str, ...]
    wins: dict[str, int]
    drawn: int = 0
    abandoned: int = 0
    conceded: int = 0  # results by resignation or time, not played to the end
    turns: list[int] = field(default_factory=list)  # of the latest games with a result
    days: list[float] = field(default_factory=list)  # of the same games

    @property
    def results(self) -> int:
        """Return the games with a result (a win or a draw)."""
        return sum(self.wins.values()) + self.drawn


def measured(games: Sequence[GameOutline]) -> list[int]:
    """Return the ids of the games whose length a scenario's average takes: the latest
    LENGTH_GAMES with a result, played by two."""
    ids = [g.id for g in games if g.status == "finished" and played_by_two(g)]
    return ids[-LENGTH_GAMES:]


def scenario_record(games: Sequence[GameOutline], seats: tuple[str, ...],
                    turns: dict[int, int]) -> ScenarioRecord:
    """Count a scenario's results per seat, and the lengths of the `measured` games (`turns`:
    game -> turns; a game with no action has none)."""
    lengths = set(measured(games))
    record = ScenarioRecord(seats=seats, wins=dict.fromkeys(seats, 0))
    for game in games:
        if not played_by_two(game):
            continue
        result = outcome(game, ())
        if result == "abandoned":
            record.abandoned += 1
            continue
        if game.winner is None:
            record.drawn += 1
        else:
            record.wins[game.winner] = record.wins.get(game.winner, 0) + 1
        if game.result_key in ("result-resigned", OUT_OF_TIME):
            record.conceded += 1
        if game.id not in lengths:
            continue
        record.turns.append(turns.get(game.id, 0))
        lasted = (datetime.fromisoformat(game.updated_at)
                  - datetime.fromisoformat(game.created_at))
        record.days.append(lasted.total_seconds() / 86400)
    return record


def mean(values: Sequence[float]) -> float | None:
    """Return the average of values (None for none)."""
    return sum(values) / len(values) if values else None


def rating_words(values: Sequence[float]) -> tuple[str, ...]:
    """Write ratings as `/league ratings` does: whole numbers."""
    return tuple(str(round(v)) for v in values)


class Stats:
    """Answer /stats: a player's record and a scenario's balance in a server (words, pages,
    and a picture on the first page)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # ------------------------------------------------------------ a player

    def player(self, guild_id: str, caller: Caller, player: Caller | None = None,
               page: int = 1, picture: bool = True) -> Reply:
        """Show a player's statistics in this server (the caller's by default); the picture
        on the first page unless told not to (a page button knows the player by id only,
        not by the name the picture's title needs)."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        who = player or caller
        with self.store.reading() as tx:
            games = tx.player_games_over(guild_id, who.user_id)
            record = player_record(games, who.user_id)
            mine = {g.id: {s for s, uid in g.seats.items() if uid == who.user_id}
                    for g in games if played_by_two(g)}
            record.turns = turn_minutes(tx.seat_moves(sorted(mine)), mine)
            histories = {sid: rating_history(rated_games(tx.rated_fixtures(guild_id, sid)),
                                             who.user_id) for sid in available()}
        histories = {sid: h for sid, h in histories.items() if h}
        user = f"<@{who.user_id}>"
        reply = Reply(text=words("stats-player-title", user=user))
        if not record.total.games and not histories:
            reply.lines.append(words("stats-player-none", user=user))
            return reply
        if page <= 1 and picture:
            reply.image = self._player_picture(words, who.name, record, histories)
            reply.image_name = "stats.png"
        return paged(reply, self._player_lines(words, record, histories), words,
                     Listing(PLAYER_LISTING, f"{guild_id}:{who.user_id}"), page)

    def _player_lines(self, words: Words, record: PlayerRecord,
                      histories: dict[str, list[float]]) -> list[str]:
        """Word a player's record: totals, time per turn, each system with its seats, ratings."""
        total = record.total
        lines = [words("stats-games", games=total.games, won=total.won, drawn=total.drawn,
                       lost=total.lost, abandoned=total.abandoned),
                 words("stats-on-time", count=record.on_time),
                 self._turn_line(words, record.turns)]
        for sid, tally in sorted(record.systems.items()):
            sys = system(sid) if sid in available() else None
            title = system_title(sys, words.language) if sys else sid
            lines.append(words("stats-system-line", system=title, games=tally.games,
                               won=tally.won, drawn=tally.drawn, lost=tally.lost,
                               abandoned=tally.abandoned))
            for (of, seat), by_seat in sorted(record.seats.items()):
                if of == sid:
                    lines.append(words("stats-seat-line", seat=self._seat(sid, seat, words),
                                       games=by_seat.games, won=by_seat.won,
                                       drawn=by_seat.drawn, lost=by_seat.lost))
        for sid, history in sorted(histories.items()):
            lines.append(words("stats-rating-line", system=system_title(system(sid),
                                                                         words.language),
                               rating=round(history[-1]), games=len(history) - 1,
                               best=round(max(history))))
        return lines

    @staticmethod
    def _turn_line(words: Words, turns: list[float]) -> str:
        average = mean(turns)
        if average is None:
            return words("stats-turn-none")
        return words("stats-turn-time", average=span(words, average * 60),
                     slowest=span(words, max(turns) * 60), turns=len(turns))

    @staticmethod
    def _seat(system_id: str, seat: str, words: Words) -> str:
        """Return a seat's name in the words' language (its id for a system gone since)."""
        if system_id not in available():
            return seat
        return Words.of(words.language, system(system_id)).term(seat_term(seat))

    def _player_picture(self, words: Words, name: str, record: PlayerRecord,
                        histories: dict[str, list[float]]) -> bytes:
        """Draw a player's results per system and per side, and the rating charts."""
        from renderers.stats import Bar, BarSection, Chart, ChartSection, StatsPicture, render_stats

        legend = (("won", words("stats-legend-won")), ("drawn", words("stats-legend-drawn")),
                  ("lost", words("stats-legend-lost")))
        sections: list[BarSection | ChartSection] = []
        titles = {sid: system_title(system(sid), words.language) if sid in available() else sid
                  for sid in {*record.systems, *histories}}
        if record.systems:
            sections.append(BarSection(words("stats-picture-systems"), legend, tuple(
                Bar(titles[sid], (t.won, t.drawn, t.lost),
                    words("stats-picture-games", games=t.won + t.drawn + t.lost))
                for sid, t in sorted(record.systems.items()))))
        for sid in sorted(record.systems):
            bars = tuple(Bar(self._seat(sid, seat, words), (t.won, t.drawn, t.lost),
                             words("stats-picture-games", games=t.won + t.drawn + t.lost))
                         for (of, seat), t in sorted(record.seats.items()) if of == sid)
            sections.append(BarSection(words("stats-picture-seats", system=titles[sid]),
                                       legend, bars))
        if histories:
            sections.append(ChartSection(
                words("stats-picture-ratings"), words("stats-picture-axis"),
                tuple(Chart(titles[sid], tuple(h), rating_words(h))
                      for sid, h in sorted(histories.items()))))
        picture = StatsPicture(
            title=words("stats-picture-player", name=name),
            subtitle=words("stats-picture-player-subtitle", games=record.total.games),
            sections=tuple(sections), footer=self._turn_line(words, record.turns))
        return render_stats(picture)

    # ------------------------------------------------------------ a scenario

    def scenario(self, guild_id: str, caller: Caller, system_id: str, scenario: str,
                 page: int = 1) -> Reply:
        """Show a scenario's balance in this server: wins per side, draws, average length."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        if system_id not in available():
            raise UnknownSystem(system=system_id,
                                choices=Said(", ".join(available()))).where(lang)
        sys = system(system_id)
        infos = {s.id: s for s in sys.scenarios()}
        if scenario not in infos:
            raise UnknownScenario(system=system_title(sys, lang), scenario=scenario,
                                  choices=Said(", ".join(sorted(infos)))).where(lang, system_id)
        with self.store.reading() as tx:
            games = tx.games_over(guild_id, system_id, scenario)
            record = scenario_record(games, tuple(infos[scenario].seats),
                                     tx.turn_counts(measured(games)))
        title = scenario_title(sys, scenario, lang)
        reply = Reply(text=words("stats-scenario-title", scenario=title,
                                 system=system_title(sys, lang)))
        if not record.results and not record.abandoned:
            reply.lines.append(words("stats-scenario-none", scenario=title))
            return reply
        if page <= 1 and record.results:
            reply.image = self._scenario_picture(words, system_id, title, record)
            reply.image_name = "stats.png"
        return paged(reply, self._scenario_lines(words, system_id, record), words,
                     Listing(SCENARIO_LISTING, f"{guild_id}:{system_id}:{scenario}"), page)

    def _scenario_lines(self, words: Words, system_id: str, record: ScenarioRecord
                        ) -> list[str]:
        """Word a scenario's record: games, each side's wins, draws, lengths, a caution."""
        results = record.results
        lines = [words("stats-scenario-games", games=results + record.abandoned,
                       results=results, abandoned=record.abandoned)]
        for seat, wins in record.wins.items():
            lines.append(words("stats-scenario-wins", seat=self._seat(system_id, seat, words),
                               wins=wins, share=_share(wins, results)))
        lines.append(words("stats-scenario-draws", count=record.drawn,
                           share=_share(record.drawn, results)))
        lines.append(words("stats-scenario-conceded", count=record.conceded))
        if record.turns:
            lines.append(self._length(words, record))
        if results < ENOUGH:
            lines.append(words("stats-scenario-few", results=results, enough=ENOUGH))
        return lines

    @staticmethod
    def _length(words: Words, record: ScenarioRecord) -> str:
        """Word the average length of the measured games (the latest ones, if not all)."""
        return words("stats-scenario-length", turns=round(mean(record.turns) or 0),
                     time=span(words, (mean(record.days) or 0) * 86400),
                     games=len(record.turns),
                     latest="yes" if len(record.turns) < record.results else "no")

    def _scenario_picture(self, words: Words, system_id: str, title: str,
                          record: ScenarioRecord) -> bytes:
        """Draw a scenario's balance: one bar of each side's wins and the draws."""
        from renderers.stats import Bar, BarSection, StatsPicture, render_stats

        seats = list(record.wins)
        legend = [(f"seat:{seats[0]}", words("stats-legend-seat-wins",
                                             seat=self._seat(system_id, seats[0], words))),
                  ("drawn", words("stats-legend-draws"))]
        legend += [(f"seat:{s}", words("stats-legend-seat-wins",
                                       seat=self._seat(system_id, s, words))) for s in seats[1:]]
        counts = [record.wins[seats[0]], record.drawn, *(record.wins[s] for s in seats[1:])]
        footer = self._length(words, record)
        bar = Bar(words("stats-picture-results"), tuple(counts),
                  words("stats-picture-games", games=record.results))
        picture = StatsPicture(
            title=words("stats-picture-scenario", scenario=title),
            subtitle=words("stats-picture-scenario-subtitle",
                           system=system_title(system(system_id), words.language),
                           games=record.results + record.abandoned),
            sections=(BarSection(words("stats-picture-balance"), tuple(legend), (bar,)),),
            footer=footer)
        return render_stats(picture)

    # ------------------------------------------------------------ pages

    def page(self, caller: Caller, listing: str, key: str, page: int) -> Reply:
        """Show another page of a player's or a scenario's statistics (bot/paging.py)."""
        parts = key.split(":")
        if listing == PLAYER_LISTING and len(parts) == 2:
            return self.player(parts[0], caller, Caller(user_id=parts[1], name=parts[1]), page,
                               picture=False)
        if listing == SCENARIO_LISTING and len(parts) == 3:
            return self.scenario(parts[0], caller, parts[1], parts[2], page)
        raise Stale().where(pick_language(caller.locale))


def _share(count: int, total: int) -> int:
    """Return a count as a whole percentage of a total (0 of none)."""
    return round(100 * count / total) if total else 0


__all__ = ["ENOUGH", "PLAYER_LISTING", "SCENARIO_LISTING", "PlayerRecord", "ScenarioRecord",
           "Stats", "Tally", "player_record", "rated_games", "rating_history",
           "scenario_record", "turn_minutes"]
