"""League fixtures played and reported: threads with linked games, reports, confirmations.

A fixture is settled one of four ways:
- **played here**: `/league play` (in the league's channel) opens a thread and starts
  the fixture's game in it; when that game ends, however it ends, the store calls
  `Reports.game_over` in the same transaction and the result goes onto the fixture
  (the game id stays on it for audit);
- **reported**: after a game at a physical table, one player reports the result and
  the opponent confirms or disputes it with buttons (only the opponent may);
- **confirmed by time**: a report left unanswered for the league's confirm_hours
  confirms itself (`confirm_due`, run by the scheduler);
- **resolved**: the league's referee (its creator or a moderator) settles a disputed
  fixture with `/league resolve`.
Each settles the fixture in one write and, in the same write, pairs the next Swiss
round once the current one is complete (bot/service/leagues/rounds.py `advance`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.clock import stamp
from bot.errors import (
    LeagueBadResult,
    LeagueFixtureBusy,
    LeagueFixtureOpen,
    LeagueFixtureSettled,
    LeagueNoFixture,
    LeagueNoSeason,
    LeagueNotOpponent,
    LeagueNotStarted,
    LeagueRefereeOnly,
    LeagueUnknownFixture,
    LeagueWhichFixture,
    LeagueWrongChannel,
    Stale,
)
from bot.paging import NOTICE_ROOM, Listing, paged
from bot.replies import Button, Reply, ThreadRequest
from bot.service.context import ButtonHandler, Caller, PressedId, Table
from bot.service.games import Games
from bot.service.leagues.rounds import (
    GIVEN,
    OPEN,
    Season,
    advance,
    game_scores,
    game_winner,
    league_of,
    names,
    referee,
)
from bot.service.scheduler import Notice, keep
from bot.store.gamestore import GameStore
from bot.store.leaguequeries import FixtureRow, LeagueRow
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.text import Words, pick_language, seat_term
from rules.core.text import Msg, items

RESULTS = ("win", "loss", "draw")
# The highest score a report or a referee may give one side (victory points, banners):
# far above any real game, and the bound `/league report` and `/league resolve` declare.
HIGHEST_SCORE = 999
# The highest fixture number there can be (SQLite's largest integer).
HIGHEST_ID = 2**63 - 1
# Referee's verdicts on a fixture: who won it.
VERDICTS = ("home", "away", "draw")
# Opponents a refusal names at most (how many more it says).
MOST_NAMED = 20
# Reports confirmed by time in one scheduler pass at most (the rest wait for the next).
DUE_BATCH = 100


def player_text(words: Words, user: str, gone: Collection[str] = ()) -> str:
    """Mention a player, marked when they have withdrawn from the league."""
    return words("league-player-withdrawn", user=f"<@{user}>") if user in gone else f"<@{user}>"


def fixture_line(words: Words, f: FixtureRow, gone: Collection[str] = ()) -> str:
    """Word one fixture: its players (withdrawn ones marked), status and result."""
    home = player_text(words, f.home, gone)
    if f.away is None:
        key = "league-fixture-bye-void" if f.status == "void" else "league-fixture-bye"
        return words(key, id=f.id, home=home)
    away = player_text(words, f.away, gone)
    if f.status == "done" and f.settled_by in GIVEN.values():
        return words("league-fixture-given", id=f.id, home=home, away=away,
                     winner=f"<@{f.winner}>", given=f.settled_by)
    if f.status == "done":
        score = (f"{f.home_score}–{f.away_score}"
                 if f.home_score is not None and f.away_score is not None else "none")
        winner = f"<@{f.winner}>" if f.winner else "none"
        return words("league-fixture-done", id=f.id, home=home, away=away, winner=winner,
                     score=score)
    where = f"<#{f.thread_id}>" if f.thread_id else "none"
    return words("league-fixture-open", id=f.id, home=home, away=away, status=f.status,
                 where=where)


def round_lines(words: Words, fixtures: list[FixtureRow], only_round: int | None = None,
                gone: Collection[str] = ()) -> list[str]:
    """Word fixtures round by round (only one round when asked)."""
    by_round: dict[int, list[FixtureRow]] = {}
    for f in fixtures:
        if only_round is None or f.round == only_round:
            by_round.setdefault(f.round, []).append(f)
    lines: list[str] = []
    for round_no in sorted(by_round):
        lines.append(words("league-round", round=round_no))
        lines.extend(fixture_line(words, f, gone) for f in by_round[round_no])
    return lines


def _scores(*scores: int) -> bool:
    """Say whether scores are whole numbers a game can end with (0 to HIGHEST_SCORE)."""
    return all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= HIGHEST_SCORE
               for n in scores)


def round_listing(league: LeagueRow, round_no: int) -> Listing:
    """Return the listing of one round's fixtures, for its page buttons."""
    return Listing("round", f"{round_no}:{league.id}", "paging-where-league")


@dataclass(frozen=True)
class Settled:
    """What settling a fixture led to: lines to add to its reply, and the Swiss round it
    let be paired (0: none), whose fixtures follow the first line, in pages."""

    lines: Callable[[], list[str]]  # worded when shown
    round_no: int = 0

    def shown(self, reply: Reply, words: Words, league: LeagueRow,
              room: int | None = None) -> Reply:
        """Add them to a reply: a new round's fixtures as a page of the round's listing."""
        lines = self.lines()
        if not self.round_no:
            reply.lines.extend(lines)
            return reply
        reply.lines.append(lines[0])
        return paged(reply, lines[1:], words, round_listing(league, self.round_no), room=room)


@dataclass(frozen=True)
class Outcome:
    """A fixture's result as reported or decided: the winner (None: a draw) and scores."""

    winner: str | None
    home_score: int | None = None
    away_score: int | None = None

    def stored(self, by: str) -> dict[str, Any]:
        """Return it as a fixture's pending report."""
        return {"by": by, "winner": self.winner, "home_score": self.home_score,
                "away_score": self.away_score}


def season_of(tx: Transaction, guild_id: str, name: str, lang: str
              ) -> tuple[LeagueRow, Season]:
    """Return a server's league and its season; refuse a league that has no season (one
    made before seasons, for counting games only)."""
    league = league_of(tx, guild_id, name, lang)
    season = Season.of(league)
    if season.system is None:
        raise LeagueNoSeason(name=league.name).where(lang)
    return league, season


def refereed(tx: Transaction, guild_id: str, name: str, caller: Caller, lang: str
             ) -> tuple[LeagueRow, Season]:
    """Return a server's league and season if the caller referees it; refuse otherwise."""
    league, season = season_of(tx, guild_id, name, lang)
    if not referee(league, caller):
        raise LeagueRefereeOnly(user=f"<@{league.creator_id}>").where(lang)
    return league, season


class Reports:
    """Play fixtures in threads, report and confirm results, resolve disputes."""

    def __init__(self, store: GameStore, games: Games | None) -> None:
        self.store = store
        self.games = games
        # A linked game's end settles its fixture in the write that ends it.
        store.game_over["leagues"] = self.game_over

    # ------------------------------------------------------------ finding a fixture

    def _running(self, tx: Transaction, guild_id: str, name: str, lang: str
                 ) -> tuple[LeagueRow, Season]:
        league, season = season_of(tx, guild_id, name, lang)
        if league.status != "running":
            raise LeagueNotStarted(name=league.name).where(lang)
        return league, season

    def _mine(self, tx: Transaction, league: LeagueRow, caller: Caller,
              opponent: Caller | None, lang: str, fixture_id: int | None = None
              ) -> FixtureRow:
        """Return the caller's next fixture waiting to be played (against `opponent`), or
        the one numbered `fixture_id`; refuse when there is none, when it is busy, or when
        the opponent must be named."""
        open_ = [f for f in tx.player_fixtures(league.id, caller.user_id, OPEN)
                 if f.away is not None]
        if fixture_id is not None:
            numbered = [f for f in open_ if f.id == fixture_id]
            if not numbered:
                found = tx.fixture(fixture_id) if 1 <= fixture_id <= HIGHEST_ID else None
                if found is not None and found.league_id == league.id and found.has(
                        caller.user_id) and found.status not in OPEN:
                    raise LeagueFixtureSettled(id=fixture_id).where(lang)
                raise LeagueUnknownFixture(id=fixture_id).where(lang)
            open_ = numbered
        if opponent is not None:
            open_ = [f for f in open_ if f.opponent(caller.user_id) == opponent.user_id]
        if not open_:
            raise LeagueNoFixture(name=league.name).where(lang)
        waiting = [f for f in open_ if f.status == "pending"]
        if not waiting:
            raise LeagueFixtureBusy(id=open_[0].id, status=open_[0].status).where(lang)
        rivals = list(dict.fromkeys(f.opponent(caller.user_id) for f in waiting))
        if len(rivals) > 1:
            # A round-robin of hundreds waits on hundreds: name a few, and say how many more.
            named: list[Any] = [f"<@{r}>" for r in rivals[:MOST_NAMED]]
            if len(rivals) > MOST_NAMED:
                named.append(Msg(key="paging-more-named", args={"count": len(rivals)
                                                                 - MOST_NAMED}))
            raise LeagueWhichFixture(choices=items(named, "or")).where(lang)
        return waiting[0]

    # ------------------------------------------------------------ played in a thread

    def play(self, guild_id: str, channel_id: str, caller: Caller, name: str,
             opponent: Caller | None = None) -> Reply:
        """Ask the transport for a thread for the caller's next fixture; its game starts
        there (`play_in`) with the league's system, scenario and time control."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.reading() as tx:
            league, _ = self._running(tx, guild_id, name, lang)
            if league.channel_id and league.channel_id != channel_id:
                raise LeagueWrongChannel(name=league.name,
                                         where=f"<#{league.channel_id}>").where(lang)
            fixture = self._mine(tx, league, caller, opponent, lang)
            who = names(tx, league)
        assert fixture.away is not None
        thread = words("league-thread-name", round=fixture.round,
                       home=who.get(fixture.home, fixture.home),
                       away=who.get(fixture.away, fixture.away))[:100]
        league_id, fixture_id = league.id, fixture.id

        def then(thread_id: str) -> Reply:
            return self.play_in(thread_id, guild_id, caller, league_id, fixture_id)

        return Reply(text=words("league-play-opening", id=fixture.id, round=fixture.round,
                                home=f"<@{fixture.home}>", away=f"<@{fixture.away}>"),
                     thread=ThreadRequest(name=thread, key=f"fixture-{fixture.id}", then=then))

    def play_in(self, thread_id: str, guild_id: str, caller: Caller, league_id: int,
                fixture_id: int) -> Reply:
        """Start a fixture's game in its new thread, both players seated, and link it."""
        assert self.games is not None, "a league plays games through Games"
        lang = pick_language(caller.locale)
        with self.store.transaction() as tx:
            league = tx.league_by_id(league_id)
            fixture = tx.fixture(fixture_id)
            if league is None or fixture is None or fixture.away is None:
                raise LeagueUnknownFixture(id=fixture_id).where(lang)
            if fixture.status != "pending":
                raise LeagueFixtureBusy(id=fixture.id, status=fixture.status).where(lang)
            season = Season.of(league)
            # The league's referee referees its games too (extend, end, adjust), not
            # whichever player opened the thread.
            game = self.games.new_seated(
                tx, thread_id, guild_id, league.creator_id, season.system or "",
                season.scenario or "", (fixture.home, fixture.away), season.language,
                time_control=season.time_control())
            if season.points:  # each army's limit, checked as a roster is accepted
                game = tx.update_game(game, bump=False, settings={
                    **game.settings, "points": season.points, "points_from": "league"})
            if tx.update_fixture(fixture, status="playing", game_id=game.id,
                                 thread_id=thread_id) is None:
                raise LeagueFixtureBusy(id=fixture.id, status=fixture.status).where(lang)
        table = Table(game)
        reply = self.games.boards.board(table)
        seats = [table.words("league-game-seat", seat=seat_term(s), user=f"<@{uid}>")
                 for s, uid in game.seats.items()]
        reply.text = table.words("league-game-started", name=league.name, round=fixture.round,
                                 system=table.title(), scenario=table.scenario_title())
        reply.lines = seats + reply.lines
        reply.mention = game.seats.get(table.prompt.seat or "")
        return reply

    def game_over(self, tx: Transaction, game: GameRow) -> None:
        """Settle the fixture a game was played for, when it ends (called by the store in
        the transaction that ends it): its winner, and its score where the system keeps one."""
        fixture = tx.fixture_of_game(game.id)
        if fixture is None or fixture.status != "playing":
            return
        league = tx.league_by_id(fixture.league_id)
        concession = Season.of(league).concession if league is not None else "played"
        home, away = game_scores(game, fixture.home, fixture.away, concession)
        settled = tx.update_fixture(fixture, status="done", winner=game_winner(game),
                                    home_score=home, away_score=away, settled_by="game",
                                    settled_at=tx.now())
        if settled is not None and league is not None:
            advance(tx, league)

    # ------------------------------------------------------------ reported

    def _outcome(self, season: Season, fixture: FixtureRow, caller: Caller,
                 result: str | None, mine: int | None, theirs: int | None,
                 lang: str) -> Outcome:
        """Read a player's report of their fixture, or refuse it naming the form it takes."""
        other = fixture.opponent(caller.user_id)
        home = caller.user_id == fixture.home
        if season.scored is not None:
            form = Msg(key=f"league-form-{season.scored}", args={"most": HIGHEST_SCORE})
            if mine is None or theirs is None or not _scores(mine, theirs):
                raise LeagueBadResult(form=form).where(lang)
            winner = caller.user_id if mine > theirs else other if theirs > mine else None
            said = "win" if winner == caller.user_id else "draw" if winner is None else "loss"
            if result is not None and result != said:
                raise LeagueBadResult(form=form).where(lang)
            return Outcome(winner, mine if home else theirs, theirs if home else mine)
        if result not in RESULTS or mine is not None or theirs is not None:
            raise LeagueBadResult(form=Msg(key="league-form-result")).where(lang)
        winner = {"win": caller.user_id, "loss": other, "draw": None}[result]
        return Outcome(winner)

    def _said(self, words: Words, season: Season, outcome: Outcome, fixture: FixtureRow
              ) -> str:
        """Word a result: who won, and the score where there is one."""
        if outcome.home_score is not None and outcome.away_score is not None:
            score = f"{outcome.home_score}–{outcome.away_score}"
            unit = words(f"league-score-{season.scored}")
        else:
            score, unit = "none", ""
        winner = f"<@{outcome.winner}>" if outcome.winner else "none"
        return words("league-result", home=f"<@{fixture.home}>",
                     away=f"<@{fixture.away}>", winner=winner, score=score, unit=unit)

    def report(self, guild_id: str, caller: Caller, name: str, opponent: Caller | None,
               result: str | None, mine: int | None, theirs: int | None,
               fixture_id: int | None = None) -> Reply:
        """Report a fixture played at a physical table (the caller's next one against
        `opponent`, or fixture number `fixture_id`); the opponent gets Confirm and Dispute
        buttons, and the report confirms itself after confirm_hours."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.transaction() as tx:
            league, season = self._running(tx, guild_id, name, lang)
            fixture = self._mine(tx, league, caller, opponent, lang, fixture_id)
            outcome = self._outcome(season, fixture, caller, result, mine, theirs, lang)
            due = stamp(tx.clock.now() + timedelta(hours=season.confirm_hours))
            reported = tx.update_fixture(fixture, status="reported",
                                         report=outcome.stored(caller.user_id),
                                         report_no=fixture.report_no + 1, confirm_after=due)
            if reported is None:
                raise Stale().where(lang)
        other = fixture.opponent(caller.user_id) or ""
        return Reply(
            text=words("league-reported", user=f"<@{caller.user_id}>", id=fixture.id,
                       result=self._said(words, season, outcome, fixture),
                       other=f"<@{other}>", hours=season.confirm_hours),
            mention=other,
            buttons=[
                Button("league-confirm", words("button-league-confirm"), reported.id,
                       reported.report_no, "", "success"),
                Button("league-dispute", words("button-league-dispute"), reported.id,
                       reported.report_no, "", "danger"),
            ],
        )

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The buttons a report carries: Confirm, Dispute and, once disputed, Uphold."""
        def answer(channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
            return self.press(caller, pressed[0], pressed[1], pressed[2])

        return dict.fromkeys(("league-confirm", "league-dispute", "league-uphold"), answer)

    def press(self, caller: Caller, kind: str, fixture_id: int, report_no: int) -> Reply:
        """Answer a report by its buttons: Confirm or Dispute (only the reporter's opponent),
        or, once disputed, Uphold the report (only the league's referee)."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        wanted = "disputed" if kind == "league-uphold" else "reported"
        with self.store.transaction() as tx:
            fixture = tx.fixture(fixture_id)
            if fixture is None or fixture.status != wanted or fixture.report_no != report_no:
                raise Stale().where(lang)
            league = tx.league_by_id(fixture.league_id)
            assert league is not None
            season = Season.of(league)
            reporter = str(fixture.report.get("by"))
            other = fixture.opponent(reporter)
            outcome = Outcome(fixture.report.get("winner"), fixture.report.get("home_score"),
                              fixture.report.get("away_score"))
            said = self._said(words, season, outcome, fixture)
            if kind == "league-uphold":
                if not referee(league, caller):
                    raise LeagueRefereeOnly(user=f"<@{league.creator_id}>").where(lang)
                settled = self._settle(tx, words, league, fixture, outcome, "referee")
            elif caller.user_id != other:
                raise LeagueNotOpponent(user=f"<@{other}>").where(lang)
            elif kind == "league-dispute":
                disputed = tx.update_fixture(fixture, status="disputed", confirm_after=None)
                if disputed is None:
                    raise Stale().where(lang)
                return Reply(text=words("league-disputed", user=f"<@{caller.user_id}>",
                                        id=fixture.id, result=said,
                                        referee=f"<@{league.creator_id}>"),
                             mention=league.creator_id,
                             buttons=[Button("league-uphold", words("button-league-uphold"),
                                             fixture.id, fixture.report_no, "", "primary")])
            else:
                settled = self._settle(tx, words, league, fixture, outcome, "opponent")
        key = "league-resolved" if kind == "league-uphold" else "league-confirmed"
        return settled.shown(Reply(text=words(key, user=f"<@{caller.user_id}>", id=fixture.id,
                                              result=said)), words, league)

    def _settle(self, tx: Transaction, words: Words, league: LeagueRow, fixture: FixtureRow,
                outcome: Outcome, by: str) -> Settled:
        """Settle a fixture; return what it led to (a Swiss round paired, the league over),
        worded when it is shown: after the write where it can be (wording thousands of
        pairings takes a second, which the write lock need not wait for)."""
        settled = tx.update_fixture(fixture, status="done", winner=outcome.winner,
                                    home_score=outcome.home_score,
                                    away_score=outcome.away_score, settled_by=by,
                                    settled_at=tx.now(), confirm_after=None)
        if settled is None:
            raise Stale().where(words.language)
        if not advance(tx, league):
            fresh = tx.league_by_id(league.id)
            if fresh is not None and fresh.status == "finished":
                return Settled(lambda: [words("league-finished", name=league.name)])
            return Settled(list)
        newest = tx.fixture_rounds(league.id, OPEN)[1]
        fixtures = tx.fixtures(league.id, newest)
        if newest == fixture.round:  # a knockout's level match: a deciding game, same round
            added = [f for f in fixtures if f.status == "pending"]
            return Settled(lambda: [words("league-decider", round=newest),
                                    *(fixture_line(words, f) for f in added)])
        return Settled(lambda: [words("league-new-round", round=newest),
                                *round_lines(words, fixtures, only_round=newest)[1:]], newest)

    def resolve(self, guild_id: str, caller: Caller, name: str, fixture_id: int,
                result: str | None, home_score: int | None, away_score: int | None) -> Reply:
        """Settle a fixture as the league's referee (a dispute, or one that cannot be played)."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.transaction() as tx:
            league, season = self._running(tx, guild_id, name, lang)
            if not referee(league, caller):
                raise LeagueRefereeOnly(user=f"<@{league.creator_id}>").where(lang)
            # A number past SQLite's integers names no fixture (and would not fit a query).
            fixture = tx.fixture(fixture_id) if 1 <= fixture_id <= HIGHEST_ID else None
            if fixture is None or fixture.league_id != league.id or fixture.away is None:
                raise LeagueUnknownFixture(id=fixture_id).where(lang)
            if fixture.status not in OPEN:
                raise LeagueFixtureSettled(id=fixture.id).where(lang)
            outcome = self._verdict(season, fixture, result, home_score, away_score, lang)
            settled = self._settle(tx, words, league, fixture, outcome, "referee")
        return settled.shown(Reply(text=words("league-resolved", user=f"<@{caller.user_id}>",
                                              id=fixture.id,
                                              result=self._said(words, season, outcome,
                                                                fixture))),
                             words, league)

    def amend(self, guild_id: str, caller: Caller, name: str, fixture_id: int,
              result: str | None, home_score: int | None, away_score: int | None,
              note: str) -> Reply:
        """Correct a settled fixture's result as the league's referee, with a note: the
        fixture keeps every correction (its report's `amended` list: who, when, why and
        the result before) and the reply announces it. Rounds paired since stay."""
        lang = pick_language(caller.locale)
        words = Words.of(lang)
        with self.store.transaction() as tx:
            league, season = refereed(tx, guild_id, name, caller, lang)
            fixture = tx.fixture(fixture_id) if 1 <= fixture_id <= HIGHEST_ID else None
            if fixture is None or fixture.league_id != league.id or fixture.away is None:
                raise LeagueUnknownFixture(id=fixture_id).where(lang)
            if fixture.status != "done":
                raise LeagueFixtureOpen(id=fixture.id).where(lang)
            outcome = self._verdict(season, fixture, result, home_score, away_score, lang)
            before = Outcome(fixture.winner, fixture.home_score, fixture.away_score)
            log = [*fixture.report.get("amended", []),
                   {"by": caller.user_id, "at": tx.now(), "note": note,
                    "before": {"winner": before.winner, "home_score": before.home_score,
                               "away_score": before.away_score}}]
            if tx.update_fixture(fixture, winner=outcome.winner, home_score=outcome.home_score,
                                 away_score=outcome.away_score, settled_by="referee",
                                 report={**fixture.report, "amended": log},
                                 report_no=fixture.report_no + 1) is None:
                raise Stale().where(lang)
        return Reply(text=words("league-amended", user=f"<@{caller.user_id}>", id=fixture.id,
                                before=self._said(words, season, before, fixture),
                                after=self._said(words, season, outcome, fixture),
                                note=note))

    def _verdict(self, season: Season, fixture: FixtureRow, result: str | None,
                 home_score: int | None, away_score: int | None, lang: str) -> Outcome:
        """Read a referee's result: the scores where the system keeps them, else who won."""
        if season.scored is not None:
            if home_score is None or away_score is None or not _scores(home_score, away_score):
                raise LeagueBadResult(form=Msg(key=f"league-form-referee-{season.scored}",
                                               args={"most": HIGHEST_SCORE})).where(lang)
            winner = (fixture.home if home_score > away_score
                      else fixture.away if away_score > home_score else None)
            return Outcome(winner, home_score, away_score)
        if result not in VERDICTS or home_score is not None or away_score is not None:
            raise LeagueBadResult(form=Msg(key="league-form-referee")).where(lang)
        return Outcome({"home": fixture.home, "away": fixture.away, "draw": None}[result])

    # ------------------------------------------------------------ confirmed by time

    def confirm_due(self, now: datetime) -> list[Notice]:
        """Confirm every report whose league's confirm_hours have passed unanswered, in one
        short write; each is claimed by a guarded update (its status and report number),
        so two processes never both confirm one. Return what to post, where."""
        notices: list[Notice] = []
        with self.store.transaction() as tx:
            for fixture in tx.fixtures_due(stamp(now), DUE_BATCH):
                league = tx.league_by_id(fixture.league_id)
                if league is None:
                    continue
                season = Season.of(league)
                words = Words.of(season.language)
                report = fixture.report
                outcome = Outcome(report.get("winner"), report.get("home_score"),
                                  report.get("away_score"))
                try:
                    settled = self._settle(tx, words, league, fixture, outcome, "auto")
                except Stale:
                    continue
                # Posted as a plain message: a new round's fixtures in a page of its size.
                told = settled.shown(Reply(text=words(
                    "league-auto-confirmed", id=fixture.id,
                    result=self._said(words, season, outcome, fixture),
                    hours=season.confirm_hours)), words, league, room=NOTICE_ROOM)
                if league.channel_id:  # leagues made before seasons have no channel to post in
                    notices.append(Notice("\n".join([told.text, *told.lines]),
                                          channel_id=league.channel_id,
                                          buttons=tuple(told.buttons),
                                          language=season.language))
            return keep(tx, notices)  # kept until posted, in the claim's write


class LeagueSource:
    """Reports left unanswered past their league's confirm_hours, as the scheduler's due items."""

    name = "leagues"

    def __init__(self, reports: Reports) -> None:
        self.reports = reports

    def due(self, now: datetime) -> list[Notice]:
        """Confirm what is overdue (claimed by guarded updates) and say so in each league."""
        return self.reports.confirm_due(now)


__all__ = ["LeagueSource", "Outcome", "Reports", "Settled", "fixture_line", "round_lines",
           "round_listing", "season_of"]
