"""Every query the store makes finds its rows by index: no full scan of games or the log.

Each public method of `Transaction` is called once while SQLite traces the statements
it runs; each traced statement is then explained (EXPLAIN QUERY PLAN) and a plan that
scans `games`, `actions` or `checkpoints` whole fails the test. The one allowed scan
is `game_ids`, which lists every game for `verify` (all games) on purpose.
"""

from __future__ import annotations

import inspect
from pathlib import Path

from bot.store.rows import GameRow
from bot.store.sqlite import Store
from bot.store.transaction import Transaction
from bot.store.webqueries import WebServer

SCANNED = ("games", "actions", "checkpoints", "league_games", "leagues", "league_players",
           "league_fixtures", "reminder_prefs", "outbox", "scenarios", "web_site",
           "people", "web_servers", "datasheets")
MEANT_TO_SCAN = {"game_ids"}


def _values(channel: str) -> dict[str, object]:
    return dict(channel_id=channel, guild_id="g", system="race", scenario="short",
                creator_id="alice", seats={"red": "alice", "blue": "bob"}, status="active",
                seed_hash="h", seed="s", state={"n": 1}, engine_version="race-1",
                language="en", settings={"deadline_hours": 1})


# Transaction methods that read no table (the store's clock; a PostgreSQL lock).
NOT_QUERIES = {"now", "serialize", "announce"}


def _calls(tx: Transaction, game: GameRow) -> dict[str, object]:
    """Call every public method of the transaction once; return what each returned."""
    tx.insert_league("g", "spring", "alice")
    league = tx.league("g", "spring")
    assert league is not None
    moved = tx.update_game(game, pending={"x": 1})
    season = tx.insert_league_season("g", "summer", "alice", "c1", {"system": "race"})
    tx.join_league(season, "bob", "Bob")
    fixture_id = tx.insert_fixture(season, 1, "alice", "bob")
    fixture = tx.fixture(fixture_id)
    assert fixture is not None
    calls = {
        "active_game": lambda: tx.active_game("c1"),
        "active_head": lambda: tx.active_head("c1"),
        "latest_game": lambda: tx.latest_game("c1"),
        "game": lambda: tx.game(game.id),
        "insert_game": lambda: tx.insert_game(_values("c-new")),
        "update_game": lambda: tx.update_game(moved, state={"n": 2}),
        "append": lambda: tx.append(game, "action", "alice", "red", {"type": "step"}),
        "entry": lambda: tx.entry(game.id, 1),
        "log": lambda: (tx.log(game.id), tx.log(game.id, last=5)),
        "due_games": lambda: tx.due_games("2999-01-01T00:00:00", 10),
        "claim_due": lambda: tx.claim_due(game, {}, None),
        "reminder_dm": lambda: tx.reminder_dm("alice"),
        "set_reminder_dm": lambda: tx.set_reminder_dm("alice", True),
        "league": lambda: tx.league("g", "spring"),
        "insert_league": lambda: tx.insert_league("g", "autumn", "alice"),
        "add_to_league": lambda: tx.add_to_league(league[0], game.id),
        "league_games": lambda: tx.league_games(league[0]),
        "league_names": lambda: tx.league_names("g"),
        "game_ids": lambda: tx.game_ids(),
        "save_checkpoint": lambda: tx.save_checkpoint(game.id, 1, "{}"),
        "checkpoints": lambda: (tx.checkpoints(game.id), tx.checkpoints(game.id, since=1)),
        "checkpoint": lambda: tx.checkpoint(game.id, 1),
        "log_outline": lambda: (tx.log_outline(game.id),
                                tx.log_outline(game.id, before=5, last=3)),
        "entries": lambda: tx.entries(game.id, [1]),
        "league_season": lambda: tx.league_season("g", "summer"),
        "league_by_id": lambda: tx.league_by_id(season),
        "insert_league_season": lambda: tx.insert_league_season("g", "winter", "bob", "c2", {}),
        "set_league_status": lambda: tx.set_league_status(season, "running", {}),
        "league_players": lambda: tx.league_players(season),
        "join_league": lambda: tx.join_league(season, "carol", "Carol"),
        "leave_league": lambda: tx.leave_league(season, "carol"),
        "remove_league_player": lambda: tx.remove_league_player(season, "bob"),
        "insert_fixture": lambda: tx.insert_fixture(season, 2, "bob", None, "done", "bob"),
        "fixtures": lambda: (tx.fixtures(season), tx.fixtures(season, 1)),
        "insert_fixtures": lambda: tx.insert_fixtures(season, [(3, "bob", None, "done", "bob",
                                                                 "bye")]),
        "fixture_rounds": lambda: tx.fixture_rounds(season, ("pending", "reported")),
        "delete_round": lambda: tx.delete_round(season, 9),
        "player_fixtures": lambda: tx.player_fixtures(season, "bob", ("pending",)),
        "fixture": lambda: tx.fixture(fixture_id),
        "fixture_of_game": lambda: tx.fixture_of_game(game.id),
        "update_fixture": lambda: tx.update_fixture(fixture, status="reported", report_no=1,
                                                    confirm_after="2026-01-01T00:00:00"),
        "fixtures_due": lambda: tx.fixtures_due("2999-01-01T00:00:00", 10),
        "rated_fixtures": lambda: tx.rated_fixtures("g", "race"),
        "action_times": lambda: tx.action_times(game.id),
        "games_over": lambda: tx.games_over("g", "race", "short"),
        "player_games_over": lambda: tx.player_games_over("g", "alice"),
        "seat_moves": lambda: tx.seat_moves([game.id, 1, 2]),
        "turn_counts": lambda: tx.turn_counts([game.id, 1, 2]),
        "put_notice": lambda: tx.put_notice("bn-1", '{"text": "t"}', "2026-01-01T00:00:00"),
        "lapsed_notices": lambda: tx.lapsed_notices("2999-01-01T00:00:00", 10),
        "renew_notice": lambda: tx.renew_notice(1, "2026-01-01T00:00:00", "2026-01-02"),
        "drop_notice": lambda: tx.drop_notice(1),
        "put_scenario": lambda: tx.put_scenario("d1", "g", "race", "mine", "custom:{}", "alice"),
        "scenario_preview": lambda: tx.scenario_preview("d1"),
        "accept_scenario": lambda: tx.accept_scenario("d1", "g", "race", "mine"),
        "uploaded_scenario": lambda: tx.uploaded_scenario("g", "race", "mine"),
        "uploaded_scenario_names": lambda: tx.uploaded_scenario_names("g", "race"),
        "drop_scenario_preview": lambda: tx.drop_scenario_preview("d1"),
        "site_secret": lambda: len(tx.site_secret()),  # random: its length is the same
        "name_person": lambda: tx.name_person("alice", "Alice"),
        "names": lambda: tx.names(["alice", "bob"]),
        "set_web_server": lambda: tx.set_web_server(WebServer("g", public=True), by="mod"),
        "web_server": lambda: tx.web_server("g"),
        "running_games": lambda: tx.running_games("g"),
        "game_version": lambda: tx.game_version(game.id),
        "league_version": lambda: tx.league_version(season),
        "put_datasheets": lambda: tx.put_datasheets("d2", "g", "race", "mine", "{}", 3, "bob"),
        "datasheets_preview": lambda: tx.datasheets_preview("d2"),
        "accept_datasheets": lambda: tx.accept_datasheets("d2", "g", "race", "mine"),
        "datasheet_uploads": lambda: tx.datasheet_uploads("g", "race"),
        "uploaded_datasheets": lambda: tx.uploaded_datasheets("g", "race"),
        "remove_datasheets": lambda: tx.remove_datasheets("g", "race", "mine"),
        "drop_datasheets_preview": lambda: tx.drop_datasheets_preview("d2"),
    }
    public = {n for n, _ in inspect.getmembers(Transaction, inspect.isfunction)
              if not n.startswith("_")} - NOT_QUERIES
    assert public == set(calls), f"a store query the test does not run: {public ^ set(calls)}"
    return {name: call for name, call in calls.items()}


def _inserts_values(sql: str) -> bool:
    """Say whether a statement inserts given values (it reads no table to find rows).

    SQLite's plan for `INSERT ... VALUES ... RETURNING` into a parent table lists a scan of
    each child table: the foreign-key check it runs only while deferred violations are
    outstanding, and we declare no constraint deferred (timed: an insert costs the same
    with 300,000 child rows as with none). Such statements are not explained."""
    text = " ".join(sql.split()).upper()
    return text.startswith("INSERT INTO") and " VALUES " in text and " SELECT " not in text


def test_no_store_query_scans_a_whole_table(tmp_path: Path) -> None:
    store = Store(tmp_path / "plans.db")
    with store.transaction() as tx:
        for i in range(30):
            tx.insert_game({**_values(f"old-{i}"), "status": "finished"})
        game = tx.insert_game(_values("c1"))
        tx.append(game, "action", "alice", "red", {"type": "step"})
    conn = store._connection()
    plans: dict[str, list[str]] = {}
    ran: dict[str, int] = {}
    with store.transaction() as tx:
        calls = _calls(tx, game)
        for name, call in calls.items():
            traced: list[str] = []
            conn.set_trace_callback(traced.append)
            try:
                assert callable(call)
                call()
            finally:
                conn.set_trace_callback(None)
            ran[name] = len(traced)
            for sql in traced:
                if _inserts_values(sql):
                    continue
                rows = conn.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()
                plans.setdefault(name, []).extend(str(r[3]) for r in rows)
    scans = {
        name: [step for step in steps
               if any(step == f"SCAN {t}" or step.startswith(f"SCAN {t} ") for t in SCANNED)]
        for name, steps in plans.items() if name not in MEANT_TO_SCAN
    }
    assert {k: v for k, v in scans.items() if v} == {}
    assert all(ran[name] for name in calls), "every method ran at least one query"
    assert plans["latest_game"] and plans["due_games"]
