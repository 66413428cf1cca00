"""Play-by-post clocks: accounting, reminders, expiry policies, extensions and holidays.

Time is a FakeClock moved by hand; nothing sleeps. The toy race game passes the turn
when a player moves (red: roll, move; then blue).
"""

from __future__ import annotations

import itertools
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.console.terminal import Console
from bot.errors import (
    ExtendOwnClock,
    HolidayTooLong,
    NoClock,
    NotOutOfTime,
    NotTimeClaimant,
    PlayerError,
    RefereeOnly,
    RemindBad,
)
from bot.service.gameservice import GameService
from bot.service.scheduler import CLAIM_BATCH, Notice, Scheduler
from bot.service.timekeeping import ClockState, loaded
from bot.store.location import open_store
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.surface.dispatch import run
from bot.surface.entries import Context
from bot.text import Words
from bot.timecontrol import TimeControl, TimeControlBad
from tests.bot.conftest import ALICE, BOB, DAN, MOD

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL

START = "2026-03-02T09:00:00+00:00"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START)


def _service(location: str | Path, clock: FakeClock) -> GameService:
    seeds = (f"seed-{n}" for n in itertools.count())
    return GameService(open_store(location, clock=clock), seed_factory=lambda: next(seeds))


@pytest.fixture
def timed(db_location: str, clock: FakeClock) -> Iterator[GameService]:
    service = _service(db_location, clock)
    yield service
    service.store.close()


def start(service: GameService, time: str | TimeControl, channel: str = "c1") -> None:
    """Alice (red, to act first) and Bob (blue) sit at a race with a time control."""
    control = time if isinstance(time, TimeControl) else TimeControl.parse(time)
    service.new_game(channel, "g1", ALICE, "race", "short", opponent=BOB, time_control=control)
    service.join(channel, BOB)


def play_turn(service: GameService, who: object = ALICE, channel: str = "c1") -> None:
    """The player to act rolls and moves one step: the turn passes."""
    service.act(channel, who, {"type": "roll"})  # type: ignore[arg-type]
    service.act(channel, who, {"type": "move", "steps": 1})  # type: ignore[arg-type]


def game(service: GameService, channel: str = "c1") -> GameRow:
    with service.store.reading() as tx:
        found = tx.latest_game(channel)
    assert found is not None
    return found


def clock_of(service: GameService, channel: str = "c1") -> ClockState:
    found = loaded(game(service, channel).clock)
    assert found is not None
    return found


def status_text(service: GameService, channel: str = "c1") -> str:
    reply = service.status(channel, ALICE)
    return "\n".join([reply.text, *reply.lines])


# ---------------------------------------------------------------- accounting


def test_a_deadline_starts_afresh_for_each_player(timed: GameService, clock: FakeClock) -> None:
    start(timed, "48h")
    assert "Red (<@1001>) to act — 2 d 0 h left" in status_text(timed)
    clock.advance(hours=10, minutes=30)
    assert "Red (<@1001>) to act — 1 d 13 h left" in status_text(timed)
    timed.act("c1", ALICE, {"type": "roll"})  # same player still to act: nothing restarts
    assert clock_of(timed).seat == "red"
    reply = timed.act("c1", ALICE, {"type": "move", "steps": 1})
    # The turn reply (and its ping) says how long the next player has.
    assert reply.mention == BOB.user_id
    assert "Blue (<@1002>) to act — 2 d 0 h left" in "\n".join([reply.text, *reply.lines])
    assert clock_of(timed).seat == "blue" and clock_of(timed).turn == 2


def test_a_clock_charges_what_was_used_adds_the_increment_and_caps(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "3d+1d/4d")
    clock.advance(hours=10)
    play_turn(timed, ALICE)  # red: 3d - 10h + 1d = 3d14h
    assert clock_of(timed).bank["red"] == pytest.approx((3 * 24 + 14) * 3600)
    clock.advance(hours=1)
    play_turn(timed, BOB)  # blue: 3d - 1h + 1d = 3d23h
    assert clock_of(timed).bank["blue"] == pytest.approx((3 * 24 + 23) * 3600)
    assert "Red (<@1001>) to act — 3 d 14 h left" in status_text(timed)
    play_turn(timed, ALICE)  # red used nothing: 3d14h + 1d = 4d14h, capped at 4d
    assert clock_of(timed).bank["red"] == pytest.approx(4 * 24 * 3600)


def test_undo_gives_no_time_back_but_the_turn_returns(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "10h+0m")
    clock.advance(hours=3)
    play_turn(timed, ALICE)  # red charged 3h: 7h left
    clock.advance(hours=1)
    timed.undo("c1", ALICE)  # her move is taken back only if Bob agrees
    timed.answer_undo("c1", BOB, agree=True)  # blue charged 1h: 9h
    cs = clock_of(timed)
    assert cs.seat == "red" and cs.left == pytest.approx(7 * 3600)  # not 10h again
    assert cs.bank["blue"] == pytest.approx(9 * 3600)
    assert "Red (<@1001>) to act — 7 h 0 min left" in status_text(timed)


def test_settings_set_the_time_control_and_its_reminders(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "none")
    assert game(timed).due_at is None and "to act —" not in status_text(timed)
    reply = timed.settings("c1", MOD, time="2d claim", remind="12h, 30m")
    assert "2d claim (reminders 12h, 30m before)" in reply.text
    assert clock_of(timed).seat == "red"
    assert game(timed).due_at == "2026-03-03T21:00:00.000+00:00"  # 12 h before the end
    with pytest.raises(RemindBad):
        timed.settings("c1", ALICE, remind="soon")
    with pytest.raises(TimeControlBad):
        timed.settings("c1", ALICE, time="two days")
    timed.settings("c1", MOD, deadline_hours=5)  # the older shorthand: 5h, reminding
    assert "5h remind" in timed.settings("c1", ALICE).text
    timed.settings("c1", MOD, time="none")
    assert game(timed).due_at is None and game(timed).clock == {}


def test_game_new_takes_a_time_option_and_refuses_bad_text(timed: GameService) -> None:
    ctx = Context("c9", "g1", ALICE)
    run(timed, ctx, "game new", {"system": "race", "scenario": "short", "opponent": BOB,
                                 "time": "1d+2h forfeit"})
    assert game(timed, "c9").settings["time_control"]["kind"] == "clock"
    with pytest.raises(TimeControlBad) as refused:
        run(timed, Context("c8", "g1", ALICE),
            "game new", {"system": "race", "scenario": "short", "time": "soon"})
    assert "3d+1d/7d" in refused.value.text()


# ---------------------------------------------------------------- reminders


def test_reminders_at_24h_and_1h_never_repeated_even_after_a_restart(
    db_location: str, clock: FakeClock
) -> None:
    path = db_location
    service = _service(path, clock)
    start(service, "48h")
    assert service.scheduler.due() == []
    clock.advance(hours=23, minutes=59)
    assert service.scheduler.due() == []
    clock.advance(minutes=1)
    [first] = service.scheduler.due()
    assert first.channel_id == "c1" and first.mention == ALICE.user_id
    assert first.user_id is None  # in the channel: Alice did not ask for DMs
    assert first.text == "⏰ <@1001>, Red has 1 d 0 h left to act."
    assert service.scheduler.due() == []
    service.store.close()
    # A restart: a new store and service on the same file find nothing to resend.
    service = _service(path, clock)
    assert service.scheduler.due() == []
    clock.advance(hours=23)
    [second] = service.scheduler.due()
    assert "1 h 0 min left" in second.text
    service.store.close()
    service = _service(path, clock)
    assert service.scheduler.due() == []
    clock.advance(hours=1)
    [out] = service.scheduler.due()  # expiry with `remind`: a last ping, the game goes on
    assert "out of time" in out.text and out.mention == ALICE.user_id
    assert service.scheduler.due() == []
    assert game(service).status == "active"
    assert "Red (<@1001>) to act — out of time" in status_text(service)
    log = service.log_lines("c1").lines[-1]
    assert "Red is out of time (the game goes on)" in log
    play_turn(service, ALICE)  # acting late is fine; Bob's turn has a fresh deadline
    assert "Blue (<@1002>) to act — 2 d 0 h left" in status_text(service)
    service.store.close()


def test_a_player_may_take_reminders_by_direct_message(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "2h")
    reply = timed.clocks.reminders("c1", ALICE, dm=True)
    assert reply.ephemeral and "direct message" in reply.text
    clock.advance(hours=1)
    [notice] = timed.scheduler.due()
    assert notice.user_id == ALICE.user_id and notice.channel_id == "c1"
    assert "<#c1>" in notice.text and "Race to Ten" in notice.text
    timed.clocks.reminders("c1", ALICE, dm=False)
    play_turn(timed, ALICE)
    clock.advance(hours=1)
    [to_bob] = timed.scheduler.due()
    assert to_bob.user_id is None and to_bob.mention == BOB.user_id


def test_reminders_past_when_a_turn_starts_are_skipped(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "3h")  # the 24 h point is before the turn began: only the 1 h one is sent
    clock.advance(hours=2)
    [notice] = timed.scheduler.due()
    assert "1 h 0 min left" in notice.text
    timed.settings("c1", MOD, remind="2h")  # a point already past is not sent late
    assert timed.scheduler.due() == []


# ---------------------------------------------------------------- expiry


def test_claim_offers_a_button_only_the_opponent_may_press(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "2h claim")
    clock.advance(hours=2)
    [notice] = timed.scheduler.due()
    assert notice.mention == BOB.user_id and "<@1002>, you may claim the win" in notice.text
    [button] = notice.buttons
    assert button.label == "Claim the win" and button.kind == "time-claim"
    with pytest.raises(NotTimeClaimant):
        timed.press("c1", ALICE, button.custom_id)  # the player out of time
    with pytest.raises(NotTimeClaimant):
        timed.press("c1", DAN, button.custom_id)  # a spectator
    reply = timed.press("c1", BOB, button.custom_id)
    assert reply.text == "Blue claims the win: Red ran out of time."
    ended = game(timed)
    assert (ended.status, ended.winner) == ("finished", "blue")
    assert ended.due_at is None and ended.seed_revealed
    ok, _ = timed.verify_game(ended.id)  # the log alone says how it ended
    assert ok


def test_a_claim_is_refused_once_the_player_has_acted(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "2h claim")
    clock.advance(hours=3)
    [notice] = timed.scheduler.due()
    play_turn(timed, ALICE)  # late, but before Bob claimed
    with pytest.raises(NotOutOfTime) as refused:
        timed.press("c1", BOB, notice.buttons[0].custom_id)
    assert "not out of time any more" in refused.value.text()
    assert game(timed).status == "active"


def test_forfeit_ends_the_game_at_once(timed: GameService, clock: FakeClock) -> None:
    start(timed, "1h forfeit")
    clock.advance(minutes=61)
    [notice] = timed.scheduler.due()
    assert "ran out of time and loses" in notice.text and "Blue wins" in notice.text
    ended = game(timed)
    assert (ended.status, ended.winner) == ("finished", "blue")
    assert timed.scheduler.due() == []
    assert "Red ran out of time and loses (forfeit)" in timed.log_lines("c1").lines[-1]
    ok, _ = timed.verify_game(ended.id)
    assert ok


# ---------------------------------------------------------------- extend and holidays


def test_a_referee_extends_the_deadline(timed: GameService, clock: FakeClock) -> None:
    start(timed, "2h claim")
    clock.advance(hours=2)
    [notice] = timed.scheduler.due()
    with pytest.raises(RefereeOnly):
        timed.clocks.extend("c1", BOB, 3)
    reply = timed.clocks.extend("c1", MOD, 3)
    assert reply.text == "Mod gives Red 3 h more."
    assert "Red (<@1001>) to act — 3 h 0 min left" in reply.lines
    with pytest.raises(NotOutOfTime):  # the claim offered before no longer stands
        timed.press("c1", BOB, notice.buttons[0].custom_id)
    clock.advance(hours=2)
    [reminder] = timed.scheduler.due()  # the 1 h point of the new deadline
    assert "1 h 0 min left" in reminder.text
    assert "Mod gives Red 3 h more." in "\n".join(timed.log_lines("c1").lines)


def test_a_creator_who_plays_cannot_extend_their_own_turn(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "2h claim")  # Alice created the game and holds Red, to act first
    before = clock_of(timed)
    with pytest.raises(ExtendOwnClock) as refused:
        timed.clocks.extend("c1", ALICE, 3)
    assert "more time while it is your turn" in refused.value.text()
    assert clock_of(timed) == before
    play_turn(timed)  # now Blue (Bob) is to act: his opponent may give him time
    assert timed.clocks.extend("c1", ALICE, 3).text == "Alice gives Blue 3 h more."


def test_a_holiday_pauses_the_clock_within_the_allowance(
    timed: GameService, clock: FakeClock
) -> None:
    control = TimeControl(kind="deadline", per_turn_minutes=600, expiry="forfeit",
                          holiday_minutes=24 * 60)
    start(timed, control)
    clock.advance(hours=2)  # 8 h left
    reply = timed.clocks.holiday("c1", ALICE, 20)
    assert "on holiday for 20 h" in reply.text and "4 h 0 min of the holiday" in reply.text
    assert "Red (<@1001>) to act — on holiday for 20 h 0 min more, then 8 h 0 min left" in (
        reply.lines)
    with pytest.raises(HolidayTooLong) as refused:
        timed.clocks.holiday("c1", ALICE, 5)
    assert "4 h 0 min of the 1 d 0 h" in refused.value.text()
    clock.advance(hours=27)  # 20 h of holiday, then 7 of her 8 h
    assert [n.text for n in timed.scheduler.due()] == ["⏰ <@1001>, Red has 1 h 0 min left to act."]
    assert game(timed).status == "active"
    clock.advance(hours=1)
    timed.scheduler.due()
    assert game(timed).status == "finished"  # forfeit, after the holiday and her 8 h


def test_acting_ends_a_holiday_and_gives_back_what_was_not_used(
    timed: GameService, clock: FakeClock
) -> None:
    control = TimeControl(kind="deadline", per_turn_minutes=600, holiday_minutes=12 * 60)
    start(timed, control)
    timed.clocks.holiday("c1", ALICE, 10)
    clock.advance(hours=3)
    timed.act("c1", ALICE, {"type": "roll"})  # back early: the clock runs from now
    cs = clock_of(timed)
    assert cs.holiday_used["red"] == pytest.approx(3 * 3600)
    assert "Red (<@1001>) to act — 10 h 0 min left" in status_text(timed)
    timed.clocks.holiday("c1", ALICE, 9)  # 3 + 9 = the whole 12 h allowance
    with pytest.raises(HolidayTooLong):
        timed.clocks.holiday("c1", ALICE, 1)


def test_a_game_without_a_clock_has_nothing_to_extend_or_pause(timed: GameService) -> None:
    start(timed, "none")
    with pytest.raises(NoClock):
        timed.clocks.extend("c1", MOD, 1)
    with pytest.raises(NoClock):
        timed.clocks.holiday("c1", ALICE, 1)


# ---------------------------------------------------------------- the scheduler


def _checked_at_once(*services: GameService, lease: bool = False) -> list[Notice]:
    """Run every service's scheduler check at the same moment, each in its own thread (as
    processes sharing the database would); return all the notices they handed out."""
    found: list[list[Notice]] = []
    gate = threading.Barrier(len(services))

    def check(service: GameService) -> None:
        gate.wait()
        found.append(service.scheduler.due(lease=lease))
        service.store.close()

    threads = [threading.Thread(target=check, args=(s,)) for s in services]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [n for batch in found for n in batch]


def test_two_stores_on_one_file_claim_a_due_item_once(db_location: str, clock: FakeClock) -> None:
    path = db_location
    first, second = _service(path, clock), _service(path, clock)
    for n in range(6):
        start(first, "2h claim", channel=f"c{n}")
    clock.advance(hours=1)  # every game's 1 h reminder is due
    notices = _checked_at_once(first, second)
    assert sorted(n.channel_id or "" for n in notices) == [f"c{n}" for n in range(6)]
    assert len({n.game_id for n in notices}) == 6  # each reminder exactly once


def test_notices_left_unposted_are_taken_over_once_when_their_lease_runs_out(
    db_location: str, clock: FakeClock
) -> None:
    """Notices a process claimed and never marked posted (it died) stay in the outbox;
    once their lease runs out, of two processes checking at once each notice goes to one,
    with the nonce it was first claimed with; posted ones never come back."""
    first, second = _service(db_location, clock), _service(db_location, clock)
    for n in range(6):
        start(first, "2h claim", channel=f"c{n}")
    clock.advance(hours=1)
    claimed = first.scheduler.due(lease=True)  # the process dies before posting these
    assert len(claimed) == 6 and all(n.nonce for n in claimed)
    first.scheduler.delivered(claimed[0])  # this one was posted before it died
    assert second.scheduler.due(lease=True) == []  # their leases still run
    clock.advance(minutes=3)
    taken = _checked_at_once(first, second, lease=True)
    assert sorted((n.nonce, n.text) for n in taken) == sorted(
        (n.nonce, n.text) for n in claimed[1:])  # each once, as first claimed
    second.scheduler.delivered(*taken)
    clock.advance(minutes=3)
    assert first.scheduler.due(lease=True) == [] == second.scheduler.due(lease=True)


def test_a_failing_source_does_not_stop_the_others(timed: GameService, clock: FakeClock) -> None:
    class Broken:
        name = "broken"

        def due(self, now: object) -> list[Notice]:
            raise RuntimeError("down")

    scheduler = Scheduler(timed.store, clock, [Broken(), timed.clocks.source])
    start(timed, "1h")
    clock.advance(hours=1)
    assert len(scheduler.due()) == 1


def test_due_games_are_found_by_index(timed: GameService) -> None:
    query = ("SELECT * FROM games WHERE due_at IS NOT NULL AND due_at <= '9' "
             "ORDER BY due_at, id LIMIT 5")
    with timed.store.reading() as tx:
        if tx.sql.name == "sqlite":
            plan = tx.conn.execute(f"EXPLAIN QUERY PLAN {query}").fetchall()
        else:  # on a near-empty table PostgreSQL would scan; say whether the index serves
            tx.conn.execute("SET LOCAL enable_seqscan = off")
            plan = tx.conn.execute(f"EXPLAIN {query}").fetchall()
    assert any("games_due" in str(tuple(row)) for row in plan)


def test_a_stored_game_with_the_old_deadline_hours_still_reminds(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "old.db"
    service = _service(path, clock)
    start(service, "none")
    service.store.close()
    # Make the file as an older Banneret left it: no clocks, a `deadline_hours` setting.
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP INDEX games_due; ALTER TABLE games DROP COLUMN clock; "
        "ALTER TABLE games DROP COLUMN due_at; DROP TABLE reminder_prefs; "
        "CREATE INDEX games_deadlined ON games (updated_at, id) WHERE status = 'active' "
        "AND json_extract(settings, '$.deadline_hours') > 0; "
        "DELETE FROM _sqlite_migrations WHERE name = 'm005_clocks'; "
        "UPDATE games SET settings = '{\"deadline_hours\":2}';"
    )
    conn.commit()
    conn.close()
    service = _service(path, clock)  # m005 applies: the game is due at once
    assert service.scheduler.due() == []  # its 2 h run from its last change
    clock.advance(hours=1)
    [reminder] = service.scheduler.due()
    assert reminder.text == "⏰ <@1001>, Red has 1 h 0 min left to act."
    clock.advance(hours=1)
    [out] = service.scheduler.due()
    assert "out of time" in out.text and game(service).status == "active"
    service.store.close()


def test_a_solo_game_starts_its_clock_at_once(timed: GameService) -> None:
    timed.new_game("solo", "g1", ALICE, "race", "short", opponent=ALICE,
                   time_control=TimeControl.parse("1d"))
    assert clock_of(timed, "solo").seat == "red"
    # The 24 h point is the start itself (skipped); the 1 h point comes next.
    assert game(timed, "solo").due_at == "2026-03-03T08:00:00.000+00:00"
    assert "Red (<@1001>) to act — 1 d 0 h left" in status_text(timed, "solo")


def test_the_console_shows_what_fell_due_after_each_command(
    timed: GameService, clock: FakeClock, tmp_path: Path
) -> None:
    said: list[str] = []
    console = Console(timed, tmp_path / "out", write=said.append)
    console.run_lines([
        "@alice /game new system:race scenario:short opponent:@bob time:2h claim",
        "@bob /game join",
    ])
    clock.advance(hours=2)
    console.execute("@alice /game status")
    assert ("⌛ Red (<@alice>) is out of time. <@bob>, you may claim the win with the button "
            "below, or play on.") in said
    console.execute("@bob click 1")  # the notice's button
    assert "Blue claims the win: Red ran out of time." in said


def test_a_claim_lapses_when_the_time_control_changes(
    timed: GameService, clock: FakeClock
) -> None:
    start(timed, "2h claim")
    clock.advance(hours=2)
    [notice] = timed.scheduler.due()
    timed.settings("c1", MOD, time="1h claim")  # a new control: a fresh clock, turns go on
    clock.advance(hours=1)
    [again] = timed.scheduler.due()
    assert again.buttons[0].arg != notice.buttons[0].arg
    with pytest.raises(NotOutOfTime):
        timed.press("c1", BOB, notice.buttons[0].custom_id)
    timed.press("c1", BOB, again.buttons[0].custom_id)
    assert game(timed).status == "finished"


def test_hours_out_of_range_are_refused_and_change_nothing(timed: GameService) -> None:
    start(timed, "2h")
    before = game(timed)
    calls: list[Callable[[], object]] = [
        lambda: timed.clocks.extend("c1", MOD, 0),
        lambda: timed.clocks.extend("c1", MOD, 10**18),
        lambda: timed.clocks.holiday("c1", ALICE, -1),
        lambda: timed.settings("c1", ALICE, deadline_hours=-1),
    ]
    for call in calls:
        with pytest.raises(PlayerError):
            call()
    assert game(timed) == before


def test_the_scan_claims_in_short_writes_that_word_nothing(
    timed: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # More due games than one claim takes, reminders and expiries (remind, claim): every
    # one is claimed and posted once, each write claims at most CLAIM_BATCH of them, and
    # the wording is all done before the write opens (a forfeit, which ends the game, is
    # the one expiry worded in it).
    games = 2 * CLAIM_BATCH + 3
    for i in range(games):
        start(timed, ["3h remind", "3h claim", "4h remind"][i % 3], channel=f"c{i}")
    clock.advance(hours=3)
    writes: list[int] = []  # games claimed by each write transaction of the scan
    worded_in_writes: list[str] = []
    opened = timed.store.transaction
    real_claim, real_words = Transaction.claim_due, Words.__call__

    @contextmanager
    def counted() -> Iterator[Transaction]:
        writes.append(0)
        with opened() as tx:
            yield tx
        writes[-1] = -writes[-1]  # closed

    def claim(self: Transaction, *args: Any) -> bool:
        writes[-1] += 1
        return real_claim(self, *args)

    def words(self: Words, key: str, /, **values: Any) -> str:
        if writes and writes[-1] > 0:
            worded_in_writes.append(key)
        return real_words(self, key, **values)

    monkeypatch.setattr(timed.store, "transaction", counted)
    monkeypatch.setattr(Transaction, "claim_due", claim)
    monkeypatch.setattr(Words, "__call__", words)
    notices = timed.scheduler.due()
    monkeypatch.undo()
    assert sorted(n.channel_id or "" for n in notices) == sorted(f"c{i}" for i in range(games))
    claims = [-w for w in writes if w]
    assert sum(claims) == games and max(claims) <= CLAIM_BATCH
    assert worded_in_writes == []
    assert timed.scheduler.due() == []  # none twice
