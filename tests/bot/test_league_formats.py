"""Tournament formats (issue 32): matches of several games, and knockout brackets.

The Command & Colors community's open tournaments play each round as two games of one
scenario with the sides swapped, scored 3 / 2 / 1.5 / 1 / 0, a Swiss stage and then a
top-8 knockout of the same matches.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.service.gameservice import Caller, GameService
from bot.service.leagues import rounds
from bot.store.leaguequeries import FixtureRow
from bot.store.location import open_store
from tests.bot.conftest import ALICE, BOB, CAROL, DAN

LC = "league-channel"


@pytest.fixture
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameService]:
    store = open_store(str(tmp_path_factory.mktemp("formats") / "formats.db"))
    yield GameService(store)
    store.close()


def fixtures(service: GameService, name: str) -> list[FixtureRow]:
    with service.store.reading() as tx:
        found = tx.league_season("g1", name)
        assert found is not None
        return tx.fixtures(found.id)


def points(service: GameService, name: str) -> dict[str, float]:
    with service.store.reading() as tx:
        found = tx.league_season("g1", name)
        assert found is not None
        return {r.player: r.points for r in rounds.table(tx, found)}


def settle(service: GameService, name: str, f: FixtureRow, home: int, away: int) -> None:
    """The referee settles one game with its banners."""
    result = "home" if home > away else "away" if away > home else "draw"
    service.leagues.resolve("g1", ALICE, name, f.id, result, home, away)


def test_a_swiss_round_of_two_game_matches_scored_by_the_cc_table(service: GameService
                                                                  ) -> None:
    service.leagues.create("g1", ALICE, "Open", channel_id=LC, system_id="samurai",
                           format_="swiss", rounds=2, games=2, match_scoring="cc")
    players: list[Caller] = [ALICE, BOB, CAROL, DAN]
    for p in players:
        service.leagues.join("g1", p, "Open")
    service.leagues.start("g1", ALICE, "Open")
    first = fixtures(service, "Open")
    # Two matches, each two games with the sides swapped.
    assert [(f.round, f.home, f.away) for f in first] == [
        (1, ALICE.user_id, BOB.user_id), (1, BOB.user_id, ALICE.user_id),
        (1, CAROL.user_id, DAN.user_id), (1, DAN.user_id, CAROL.user_id)]
    settle(service, "Open", first[0], 3, 1)  # Alice wins both games
    settle(service, "Open", first[1], 2, 3)
    settle(service, "Open", first[2], 3, 2)  # Carol and Dan split; Dan 6 banners to 4
    assert points(service, "Open")[CAROL.user_id] == 0  # the match is not over yet
    assert len(fixtures(service, "Open")) == 4  # nor the round
    settle(service, "Open", first[3], 3, 1)
    assert points(service, "Open") == {ALICE.user_id: 3.0, DAN.user_id: 2.0,
                                       CAROL.user_id: 1.0, BOB.user_id: 0.0}
    second = [f for f in fixtures(service, "Open") if f.round == 2]
    assert {frozenset((f.home, f.away)) for f in second} == {
        frozenset((ALICE.user_id, DAN.user_id)), frozenset((CAROL.user_id, BOB.user_id))}
    assert len(second) == 4
    said = service.leagues.settings("g1", ALICE, "Open").lines
    assert any(line.startswith("Each fixture is a match of 2 games") for line in said)


def test_the_cc_table_needs_two_game_matches(service: GameService) -> None:
    from bot import errors

    with pytest.raises(errors.LeagueBadSetting) as refused:
        service.leagues.create("g1", ALICE, "Bad", channel_id=LC, system_id="samurai",
                               match_scoring="cc")
    assert "set `games:2` with it" in refused.value.text()
    with pytest.raises(errors.LeagueBadSetting):
        service.leagues.create("g1", ALICE, "Bad", channel_id=LC, system_id="samurai",
                               games=4)
