"""Leagues of thousands of players (issue 28, findings 2 and 4), through the service.

A Swiss league of 1,000 players once could not start (the pairing recursed once per two
players); a round robin of 1,000 wrote its 499,500 fixtures in one transaction, holding
the write lock for 16 s. Players are put in the league in one write here (joining one by
one would only time the disk); results are settled straight in the store, all but the
last of a round, which goes through `/league resolve` so the next round is paired or
written the way a referee's verdict does it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot import errors
from bot.replies import Reply
from bot.service.gameservice import GameService
from bot.service.leagues import rounds
from bot.service.leagues.pairings import round_robin
from bot.store.leaguequeries import FixtureRow, LeagueRow
from bot.store.location import open_store
from bot.store.sqlite import Store
from tests.bot.conftest import ALICE, BOB

LC = "league-channel"


@pytest.fixture
def service(tmp_path: Any) -> Iterator[GameService]:
    store = open_store(str(tmp_path / "games.db"))
    yield GameService(store)
    store.close()


def crowd(service: GameService, name: str, count: int, **options: Any) -> list[str]:
    """Alice creates a league; `count` players are put in it in one write; their ids."""
    options.setdefault("system_id", "race")
    service.leagues.create("g1", ALICE, name, channel_id=LC, **options)
    ids = [str(100_000 + i) for i in range(count)]
    with service.store.transaction() as tx:
        league = tx.league_season("g1", name)
        assert league is not None
        for uid in ids:
            tx.join_league(league.id, uid, f"Player {uid}")
    return ids


def league(service: GameService, name: str) -> tuple[LeagueRow, list[FixtureRow]]:
    with service.store.reading() as tx:
        found = tx.league_season("g1", name)
        assert found is not None
        return found, tx.fixtures(found.id)


def play_round(service: GameService, name: str) -> Reply:
    """Settle every open fixture of the league's lowest open round, home winning: all but
    the last in one write, the last by the referee's `/league resolve`."""
    found, fixtures = league(service, name)
    lowest = min(f.round for f in fixtures if f.status == "pending")
    waiting = [f for f in fixtures if f.round == lowest and f.status == "pending"]
    with service.store.transaction() as tx:
        for f in waiting[:-1]:
            assert tx.update_fixture(f, status="done", winner=f.home, settled_by="referee",
                                     settled_at=tx.now()) is not None
    return service.leagues.resolve("g1", ALICE, name, waiting[-1].id, result="home")


@contextmanager
def rows_per_write(store: Store) -> Iterator[list[int]]:
    """Count the rows each write transaction of `store` changes (SQLite's total_changes):
    how long a write holds the lock grows with it, and a count does not depend on the
    machine as a time would."""
    counts: list[int] = []
    real = Store.transaction

    @contextmanager
    def counted(self: Store) -> Iterator[Any]:
        with real(self) as tx:
            before = self._connection().total_changes
            yield tx
            if self is store:
                counts.append(self._connection().total_changes - before)

    Store.transaction = counted  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        Store.transaction = real  # type: ignore[method-assign]


# ---------------------------------------------------------------- Swiss (finding 2)


def test_swiss_league_of_1000_players_starts(service: GameService) -> None:
    crowd(service, "Thousand", 1_000, format_="swiss")
    started = service.leagues.start("g1", ALICE, "Thousand")
    assert "1,000 players" in started.text and "10 rounds" in started.text
    _, fixtures = league(service, "Thousand")
    assert len(fixtures) == 500 and {f.round for f in fixtures} == {1}


def test_5000_player_swiss_league_starts_pairs_three_rounds_and_ends(
    service: GameService
) -> None:
    crowd(service, "Five", 5_000, format_="swiss", rounds=3)
    service.leagues.start("g1", ALICE, "Five")
    second = play_round(service, "Five")
    assert second.lines[0] == "**Round 2** is paired:"
    third = play_round(service, "Five")
    assert third.lines[0] == "**Round 3** is paired:"
    ended = play_round(service, "Five")
    assert ended.lines == ["**Five** is complete: every fixture is settled."]
    found, fixtures = league(service, "Five")
    assert found.status == "finished" and len(fixtures) == 3 * 2_500
    met = [frozenset((f.home, f.away)) for f in fixtures]
    assert len(set(met)) == len(met)  # no rematch
    with service.store.reading() as tx:
        table = rounds.table(tx, found, with_times=False)
    assert len(table) == 5_000 and table[0].points == 9
    assert sum(r.points == 9 for r in table) == 625  # 5,000 / 2^3 won all three


def test_joining_a_full_league_is_refused_naming_the_limit(service: GameService) -> None:
    crowd(service, "Full", 1_000)  # round-robin: 1,000 at most
    with pytest.raises(errors.LeagueTooMany) as refused:
        service.leagues.join("g1", BOB, "Full")
    assert refused.value.text("en") == (
        "**Full** is full: a round-robin league takes at most 1,000 players (each plays every "
        "other, so more would never finish); a Swiss league takes more.")
    refused.value.language = None
    assert "no máximo 1.000 jogadores" in refused.value.text("pt-BR")
    crowd(service, "Wide", 5_000, format_="swiss")
    with pytest.raises(errors.LeagueTooMany) as refused:
        service.leagues.join("g1", BOB, "Wide")
    assert "at most 5,000 players" in refused.value.text()


def test_starting_a_league_over_its_limit_is_refused_and_changes_nothing(
    service: GameService
) -> None:
    crowd(service, "Over", 5_001, format_="swiss")  # put in before the limit was checked
    with pytest.raises(errors.LeagueTooMany) as refused:
        service.leagues.start("g1", ALICE, "Over")
    assert refused.value.text("en") == (
        "**Over** is full: a Swiss league takes at most 5,000 players.")
    found, fixtures = league(service, "Over")
    assert found.status == "open" and fixtures == []


# ---------------------------------------------------------------- round robin (finding 4)


def test_round_robin_start_of_1000_players_keeps_the_write_lock_briefly(
    service: GameService
) -> None:
    crowd(service, "Marathon", 1_000)
    assert isinstance(service.store, Store)
    with rows_per_write(service.store) as counts:
        started = service.leagues.start("g1", ALICE, "Marathon")
        after_one = play_round(service, "Marathon")
    # 499,500 fixtures in one write before; now the first 2,000 (four rounds of 500), then
    # one round as the lowest is played out.
    assert max(counts) <= 2_001 + 10
    assert "999 rounds" in started.text
    # Round 1's 500 fixtures in pages (bot/paging.py): the first, its note, its buttons.
    assert started.lines[0] == "**Round 1** is paired:" and started.buttons
    assert started.lines[-1].startswith("(") and "more lines" in started.lines[-1]
    assert after_one.lines == []
    found, fixtures = league(service, "Marathon")
    assert found.status == "running"
    assert [f.round for f in fixtures][-1] == 5 and len(fixtures) == 5 * 500
    first = service.leagues.fixtures("g1", ALICE, "Marathon")
    last = service.leagues.fixtures("g1", ALICE, "Marathon", page=len(fixtures))  # the end
    assert first.buttons and "more lines" in first.lines[-1]
    assert last.lines[-2] == "Rounds 6–999 are written as the rounds before them are played."


def test_round_robin_rounds_written_as_played_make_the_whole_season(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Writing one round ahead (3 fixtures a write), 5 and 6 players play their whole
    # season; the fixtures are the round robin of the players in the order they joined.
    monkeypatch.setattr(rounds, "WRITE_BATCH", 3)
    for count in (5, 6):
        name = f"Ahead {count}"
        ids = crowd(service, name, count)
        service.leagues.start("g1", ALICE, name)
        _, fixtures = league(service, name)
        assert {f.round for f in fixtures} == {1}
        total = count - 1 if count % 2 == 0 else count
        for _ in range(total):
            last = play_round(service, name)
        assert last.lines == [f"**{name}** is complete: every fixture is settled."]
        found, fixtures = league(service, name)
        assert found.status == "finished"
        assert [(f.round, f.home, f.away) for f in fixtures] == [
            (p.round, p.home, p.away) for p in round_robin(ids)]
        files = dict(service.leagues.export("g1", ALICE, name).files)
        exported = list(csv.DictReader(io.StringIO(files[f"league-ahead-{count}-fixtures.csv"]
                                                   .decode())))
        assert len(exported) == len(fixtures)
        with service.store.reading() as tx:
            table = rounds.table(tx, found, with_times=False)
        # Home won every game: everyone's points add up to a win per game and bye.
        assert sum(r.points for r in table) == 3 * len(fixtures)
    rated = service.leagues.ratings("g1", ALICE, "race")
    assert "from 25 results" in rated.text  # 10 games of 5 players and 15 of 6, no byes
