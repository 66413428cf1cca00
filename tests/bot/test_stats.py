"""/stats: a player's record and a scenario's balance, counted from a server's games that are
over (bot/service/stats.py), through the service as every transport calls it."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from bot import paging
from bot.clock import FakeClock
from bot.console.terminal import Console
from bot.errors import UnknownScenario, UnknownSystem
from bot.service import stats
from bot.service.context import Caller
from bot.service.gameservice import GameService
from bot.service.leagues.ratings import ratings
from bot.service.stats import (
    ENOUGH,
    player_record,
    rating_history,
    turn_minutes,
)
from bot.store.location import open_store
from bot.store.statsqueries import GameOutline
from bot.timecontrol import TimeControl
from tests.bot.conftest import ALICE, BOB, CAROL, MOD

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL

PEOPLE = {p.user_id: p for p in (ALICE, BOB, CAROL)}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock("2026-03-02T09:00:00+00:00")


@pytest.fixture
def timed(db_location: str, clock: FakeClock) -> Iterator[GameService]:
    seeds = (f"seed-{n}" for n in itertools.count())
    service = GameService(open_store(db_location, clock=clock), seed_factory=lambda: next(seeds))
    yield service
    service.store.close()


def play_out(service: GameService, channel: str, winner: Caller, clock: FakeClock,
             minutes: dict[str, int]) -> int:
    """Play a race to its end (the winner moves as far as rolled, the other one step), each
    player thinking `minutes` before each action; return the turns played."""
    turns, last = 0, None
    for _ in range(200):
        with service.store.reading() as tx:
            game = tx.latest_game(channel)
        assert game is not None
        if game.over:
            return turns
        seat = game.state["turn"]
        turns += seat != last
        last = seat
        player = PEOPLE[str(game.seats[seat])]
        clock.advance(minutes=minutes[player.user_id])
        if game.state["step"] == "roll":
            service.act(channel, player, {"type": "roll"})
        else:
            steps = game.state["rolled"] if player == winner else 1
            service.act(channel, player, {"type": "move", "steps": steps})
    raise AssertionError("the race did not end")


def season(service: GameService, clock: FakeClock) -> int:
    """Four race games that are over in server g1 and one elsewhere, one still running:
    c1 Alice (red) beats Bob, Alice thinking 30 min an action and Bob 90; c2 Bob (red) wins
    by Alice's resignation; c3 Alice (red) loses on time; c4 ended by its creator. Return
    the turns of c1."""
    service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c1", BOB)
    turns = play_out(service, "c1", ALICE, clock, {ALICE.user_id: 30, BOB.user_id: 90})
    service.new_game("c2", "g1", BOB, "race", "short", opponent=ALICE)
    service.join("c2", ALICE)
    clock.advance(hours=5)
    service.resign("c2", ALICE)
    service.new_game("c3", "g1", ALICE, "race", "short", opponent=BOB,
                     time_control=TimeControl.parse("1h forfeit"))
    service.join("c3", BOB)
    clock.advance(minutes=61)
    assert service.scheduler.due()  # Alice's clock ran out: she loses
    service.new_game("c4", "g1", ALICE, "race", "short", opponent=BOB)
    service.join("c4", BOB)
    service.end("c4", ALICE)
    service.new_game("c5", "g2", ALICE, "race", "short", opponent=BOB)  # another server
    service.join("c5", BOB)
    service.resign("c5", BOB)
    service.new_game("c6", "g1", ALICE, "race", "short", opponent=CAROL)  # still running
    service.join("c6", CAROL)
    return turns


def test_a_players_record_counts_results_per_system_and_side(
        timed: GameService, clock: FakeClock) -> None:
    season(timed, clock)
    reply = timed.stats_player("g1", ALICE)
    assert reply.text == "Statistics of <@1001> in this server's games"
    assert reply.lines == [
        "Games: 4 · won 1 · drawn 0 · lost 2 · abandoned (ended without a result) 1",
        "Games lost on time: 1",
        reply.lines[2],
        "**Race to Ten**: 4 games · won 1 · drawn 0 · lost 2 · abandoned 1",
        "— as Blue: 1 · won 0 · drawn 0 · lost 1",
        "— as Red: 3 · won 1 · drawn 0 · lost 1",
    ]
    # Alice's turns (bar her first, which has no start) are two actions of 30 min each.
    assert reply.lines[2].startswith("Time per turn: 1 h 0 min on average, 1 h 0 min at the "
                                     "slowest (")
    bob = timed.stats_player("g1", ALICE, BOB)
    assert bob.lines[1] == "Games lost on time: 0"
    assert bob.lines[2].startswith("Time per turn: 3 h 0 min on average, 3 h 0 min at")
    assert bob.lines[0] == ("Games: 4 · won 2 · drawn 0 · lost 1 · abandoned (ended without "
                            "a result) 1")
    assert reply.image is not None and reply.image_name == "stats.png"
    assert Image.open(io.BytesIO(reply.image)).width == 720


def test_a_player_with_nothing_over_is_told_so_without_a_picture(
        timed: GameService, clock: FakeClock) -> None:
    season(timed, clock)
    reply = timed.stats_player("g1", CAROL)  # her only game is running
    assert reply.lines == ["<@1003> has no finished game and no rated league game in this "
                           "server yet."]
    assert reply.image is None


def test_a_scenarios_balance_counts_wins_per_side_and_lengths(
        timed: GameService, clock: FakeClock) -> None:
    turns = season(timed, clock)
    reply = timed.stats_scenario("g1", BOB, "race", "short")
    assert reply.text == "Short race (Race to Ten) in this server's games"
    # c1 and c2 went to Red, c3 to Blue on time; c2 and c3 had no action: no turns.
    average = round(turns / 3)
    assert reply.lines[:5] == [
        "Games: 4 · with a result 3 · abandoned (ended without a result) 1",
        "Red won 2 (67 %)",
        "Blue won 1 (33 %)",
        "Draws: 0 (0 %)",
        "Decided by a resignation or on time: 2",
    ]
    assert reply.lines[5].startswith(f"Average length: {average} turns, ")
    assert reply.lines[6] == (f"Only 3 of the {ENOUGH} results a balance needs: read these "
                              "shares with care.")
    assert reply.image is not None


def test_a_scenario_in_portuguese(timed: GameService, clock: FakeClock) -> None:
    season(timed, clock)
    reply = timed.stats_scenario("g1", replace(BOB, locale="pt-BR"), "race", "short")
    assert reply.lines[1] == "Vermelho: 2 vitórias (67 %)"
    assert reply.lines[3] == "Empates: 0 (0 %)"
    alice = timed.stats_player("g1", replace(ALICE, locale="pt-BR"))
    assert alice.lines[0] == ("Partidas: 4 · vitórias 1 · empates 0 · derrotas 2 · "
                              "abandonadas (encerradas sem resultado) 1")


def test_unknown_systems_and_scenarios_are_refused_by_name(timed: GameService) -> None:
    with pytest.raises(UnknownSystem) as system:
        timed.stats_scenario("g1", ALICE, "chess", "short")
    assert "chess" in system.value.text() and "race" in system.value.text()
    with pytest.raises(UnknownScenario) as scenario:
        timed.stats_scenario("g1", ALICE, "race", "marathon")
    assert "marathon" in scenario.value.text() and "short" in scenario.value.text()
    empty = timed.stats_scenario("g1", ALICE, "race", "short")
    assert empty.lines == ["No game of Short race is over in this server yet."]


def test_long_statistics_come_in_pages_with_buttons(
        timed: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    season(timed, clock)
    monkeypatch.setattr(paging, "ROOM", 1100)  # a page holds about 150 characters
    monkeypatch.setattr(paging, "LEAST_ROOM", 150)
    first = timed.stats_player("g1", ALICE)
    [button] = first.buttons
    assert first.image is not None
    second = timed.press("c1", MOD, button.custom_id)  # anyone may turn the pages
    assert second.image is None and second.ephemeral
    assert second.lines[1] == "**Race to Ten**: 4 games · won 1 · drawn 0 · lost 2 · abandoned 1"
    assert "page 2 of 3" in second.lines[-1]
    third = timed.press("c1", MOD, second.buttons[-1].custom_id)
    assert "— as Red: 3 · won 1 · drawn 0 · lost 1" in third.lines
    assert not any("as Red" in line for line in first.lines + second.lines)
    back = timed.press("c1", MOD, second.buttons[0].custom_id)  # page 1 again: no picture,
    assert back.lines == first.lines and back.image is None  # its title wants a name


def test_the_rating_history_ends_at_the_rating_the_league_shows() -> None:
    games = [("a", "b", "a"), ("b", "c", None), ("a", "c", "c"), ("c", "b", "b"),
             ("a", "b", "b"), ("d", "a", "a")]
    for player in "abcd":
        history = rating_history(games, player)
        [rated] = [r for r in ratings(games) if r.player == player]
        assert history[0] == pytest.approx(1500.0)  # before their first game
        assert history[-1] == pytest.approx(rated.rating)
        assert len(history) == rated.games + 1
    assert rating_history(games, "nobody") == []


def test_a_turn_runs_from_the_other_sides_last_action_to_its_own_last() -> None:
    moves = [(1, "red", "2026-01-01T10:00:00"), (1, "red", "2026-01-01T10:05:00"),
             (1, "blue", "2026-01-01T11:00:00"), (1, "blue", "2026-01-01T12:05:00"),
             (1, "red", "2026-01-01T12:15:00"),
             (2, "blue", "2026-01-02T10:00:00"), (2, "red", "2026-01-02T10:30:00")]
    # game 1: red's first turn is untimed, its second 10 min; game 2: red 30 min.
    assert turn_minutes(moves, {1: {"red"}, 2: {"red"}}) == [10.0, 30.0]
    assert turn_minutes(moves, {1: {"blue"}}) == [120.0]  # 10:05 to 12:05
    assert turn_minutes(moves, {}) == []


def test_solo_games_and_other_players_games_are_nobodys_results() -> None:
    def game(seats: dict[str, str | None], winner: str | None, status: str = "finished",
             key: str | None = None) -> GameOutline:
        return GameOutline(1, "race", "short", status, winner, key, seats, "t", "t")

    record = player_record([
        game({"red": "a", "blue": "a"}, "red"),  # solo
        game({"red": "b", "blue": "c"}, "red"),  # not hers
        game({"red": "a", "blue": "b"}, "blue", key="result-out-of-time"),
        game({"red": "b", "blue": "a"}, None),
    ], "a")
    assert (record.total.won, record.total.drawn, record.total.lost) == (0, 1, 1)
    assert record.on_time == 1
    assert set(record.seats) == {("race", "red"), ("race", "blue")}


def test_stats_typed_in_the_console(service: GameService, tmp_path: Path) -> None:
    lines: list[str] = []
    console = Console(service, tmp_path / "out", write=lines.append)
    console.run_lines([
        "@alice /game new system:race scenario:short opponent:@bob",
        "@bob click 1",
        "@bob /game resign",
        "@bob /stats player player:@alice",
        "@alice /stats scenario system:race scenario:short",
        "@alice /stats scenario system:race scenario:nowhere",
    ])
    text = "\n".join(lines)
    assert "Games: 1 · won 1 · drawn 0 · lost 0" in text
    assert "Red won 1 (100 %)" in text
    assert "nowhere" in text and console.failures == 1


def test_a_scenarios_length_is_that_of_its_latest_games(
        timed: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    season(timed, clock)
    monkeypatch.setattr(stats, "LENGTH_GAMES", 2)  # c2 and c3, which had no action
    reply = timed.stats_scenario("g1", BOB, "race", "short")
    assert reply.lines[5].startswith("Average length of the latest 2 games: 0 turns, ")
