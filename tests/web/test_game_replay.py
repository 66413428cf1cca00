"""A game's log, positions, replay, record and dice on the web: each log entry links to the
position it leads to, each position shows its own public board, the record downloads as
`/game export` attaches it, and the seed and the verify result show once the game is over."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from bot.service.context import Table
from bot.service.gameservice import GameService
from bot.service.timeline import Timeline
from bot.store.rows import LogEntry
from bot.web.gamepage import GAME
from renderers import render_png
from tests.web.conftest import ALICE, BOB, Served
from tests.web.test_game_page import fetch, started

BOTH_STORES = True


def moves(service: GameService, count: int, channel: str = "c1") -> None:
    """Play `count` actions: each time the first legal action of the seat to act."""
    for _ in range(count):
        with service.store.reading() as tx:
            game = tx.active_game(channel)
        assert game is not None
        table = Table(game)
        seat = table.prompt.seat
        assert seat is not None
        who = ALICE if game.seats[seat] == ALICE.user_id else BOB
        service.act(channel, who, table.legal(seat)[0].model_dump(mode="json"))


def _address(site: Served, game_id: int) -> str:
    return f"{site.url}/g/{site.companion.ref(GAME, game_id)}"


def test_every_log_entry_links_to_the_position_it_leads_to(
        service: GameService, site: Served) -> None:
    game_id = started(service)
    moves(service, 6)
    status, _, body = fetch(_address(site, game_id) + "/log")
    assert status == 200
    html = body.decode()
    entries = re.findall(r'<li id="entry-(\d+)">.*?/at/(\d+)"', html, re.S)
    # Two seats taken (position 0), then one position per action.
    assert entries == [(str(seq), str(max(0, seq - 2))) for seq in range(1, 9)]
    assert "Uesugi plays Advance Left" in html
    page = fetch(_address(site, game_id))[2].decode()
    assert "/log" in page and "/at/0" in page and "Replay the game from the start (6 moves)" in page


def test_each_position_shows_its_own_public_board_and_steps_to_its_neighbours(
        service: GameService, site: Served) -> None:
    game_id = started(service)
    moves(service, 4)
    address = _address(site, game_id)
    with service.store.reading() as tx:
        game = tx.game(game_id)
        entries = tx.log(game_id)
    assert game is not None
    timeline = Timeline(game, entries)
    pngs = []
    for number in range(5):
        status, _, body = fetch(f"{address}/at/{number}")
        assert status == 200, number
        html = body.decode()
        assert f"Position {number} of 4" in html
        assert ('rel="prev"' in html) == (number > 0)
        assert ('rel="next"' in html) == (number < 4)
        status, headers, png = fetch(f"{address}/at/{number}/board.png")
        assert status == 200 and headers["Content-Type"] == "image/png"
        # The picture a spectator saw then: the public view of the replayed position.
        assert png == render_png(Table(game, state=timeline.state(number)).picture(None))
        pngs.append(png)
    assert len(set(pngs)) > 1
    # The latest position is the board the bot posts.
    assert pngs[-1] == service.status("c1").image
    assert "The start of the game" in fetch(f"{address}/at/0")[2].decode()
    assert "Uesugi plays Advance Left" in fetch(f"{address}/at/1")[2].decode()
    for wrong in ("5", "-1", "1x", "9" * 30, "%C2%B2", "0" * 8):
        assert fetch(f"{address}/at/{wrong}")[0] == 404, wrong
        assert fetch(f"{address}/at/{wrong}/board.png")[0] == 404, wrong


def test_the_record_downloads_as_the_export_attaches_it(
        service: GameService, site: Served) -> None:
    game_id = started(service)
    moves(service, 3)
    status, headers, body = fetch(_address(site, game_id) + "/export.json")
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    assert headers["Content-Disposition"] == \
        f'attachment; filename="banneret-game-{game_id}.json"'
    assert body == service.export("c1").files[0][1]
    record = json.loads(body)
    assert record["seed"] is None and len(record["log"]) == 5
    assert fetch(f"{site.url}/g/{game_id}/export.json")[0] == 404  # the mark is needed


def test_the_seed_and_the_verification_show_once_the_game_is_over(
        service: GameService, site: Served) -> None:
    game_id = started(service)
    moves(service, 3)
    with service.store.reading() as tx:
        game = tx.game(game_id)
    assert game is not None
    page = fetch(_address(site, game_id))[2].decode()
    assert game.seed_hash in page and game.seed not in page
    assert "shown here when the game ends" in page
    service.resign("c1", ALICE)
    page = fetch(_address(site, game_id))[2].decode()
    assert game.seed in page
    assert re.search(rf'id="verified">Game {game_id}: consistent', page)
    assert fetch(_address(site, game_id) + "/at/3")[0] == 200


def _entry(seq: int, kind: str = "action", count: int = 1) -> LogEntry:
    action = {"count": count} if kind == "undo" else {"type": "x"}
    return LogEntry(game_id=1, seq=seq, kind=kind, actor_id="1", seat="a", action=action)


def test_an_entry_leads_to_the_position_after_it_and_an_undone_action_to_the_one_before(
        service: GameService) -> None:
    game_id = started(service)
    with service.store.reading() as tx:
        game = tx.game(game_id)
    assert game is not None
    # join, action 2, action 3, undo of 3, action 5, claim 6, undo of 5 and 2 (two), action 8
    log = [_entry(1, "join"), _entry(2), _entry(3), _entry(4, "undo"), _entry(5),
           _entry(6, "claim"), _entry(7, "undo", count=2), _entry(8)]
    timeline = Timeline(game, log)
    assert timeline.latest == 1
    assert [timeline.position_after(e.seq) for e in log] == [0, 0, 0, 0, 0, 0, 0, 1]
    kept = Timeline(game, log[:6])
    assert [kept.position_after(e.seq) for e in log[:6]] == [0, 1, 1, 1, 2, 2]
    assert [e.seq for e in kept.in_force] == [2, 5]


def test_a_hidden_choice_logged_without_events_stays_unsaid_until_the_end(
        service: GameService) -> None:
    service.new_game("c2", "g1", ALICE, "fantasy_warriors", "the-stockade-ford", opponent=BOB)
    service.join("c2", BOB)
    with service.store.reading() as tx:
        game = tx.active_game("c2")
    assert game is not None
    sealed = LogEntry(game_id=game.id, seq=3, kind="action", actor_id=ALICE.user_id,
                      seat="north", action={"type": "order", "command": "C2", "order": "storm",
                                            "objective": "O1", "seat": "north"})
    line = Timeline(game, [sealed]).line(sealed)
    assert line == "#3 North: a choice kept hidden until the end of the game."
    assert "storm" not in line.lower() and "C2" not in line
    over = Timeline(replace(game, status="finished"), [sealed]).line(sealed)
    assert over != line  # once the game is over, the choice is said
