"""GameService: seats, turns, refusals that leave no trace, concurrency, undo, verify, export."""

from __future__ import annotations

import json
import logging
import threading

import pytest

from bot.errors import (
    BadInput,
    GameExists,
    GameFinished,
    InternalError,
    NoGame,
    NotSeated,
    NotStarted,
    NotYourTurn,
    RefereeOnly,
    Refused,
    Stale,
)
from bot.service.gameservice import GameService, PlayerError
from bot.service.records import said
from bot.store.gamestore import GameStore
from tests.bot.conftest import ALICE, BOB, CAROL, MOD

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL


def _snapshot(store: GameStore) -> tuple[list[tuple], list[tuple]]:
    with store.reading() as tx:
        games = [tuple(r) for r in tx.conn.execute("SELECT * FROM games ORDER BY id")]
        actions = [tuple(r) for r in tx.conn.execute(
            "SELECT * FROM actions ORDER BY game_id, seq")]
    return games, actions


def test_new_game_publishes_the_seed_hash_and_waits_for_the_opponent(service: GameService) -> None:
    reply = service.new_game("c1", "g1", ALICE, "race", "short", opponent=BOB)
    assert "Alice plays Red" in reply.text
    assert any("SHA-256" in line for line in reply.lines)
    assert reply.mention == BOB.user_id and reply.buttons[0].kind == "join"
    with pytest.raises(NotStarted):
        service.act("c1", ALICE, {"type": "roll"})
    with pytest.raises(GameExists):
        service.new_game("c1", "g1", CAROL, "race", "short")
    with pytest.raises(PlayerError, match="error-no-free-seat"):
        service.join("c1", CAROL)  # Blue is held for Bob
    with pytest.raises(PlayerError, match="error-invited-other"):
        service.join("c1", CAROL, seat="blue")
    assert "begins" in service.join("c1", BOB).text


def test_unknown_system_and_scenario_are_polite(service: GameService) -> None:
    with pytest.raises(PlayerError) as err:
        service.new_game("c1", "g1", ALICE, "chess", "x")
    assert "race" in err.value.text()
    with pytest.raises(PlayerError) as err:
        service.new_game("c1", "g1", ALICE, "race", "marathon")
    assert "short" in err.value.text()


def test_no_game_wrong_seat_wrong_turn(race: GameService) -> None:
    with pytest.raises(NoGame):
        race.act("elsewhere", ALICE, {"type": "roll"})
    with pytest.raises(NotSeated):
        race.act("c1", CAROL, {"type": "roll"})
    with pytest.raises(NotYourTurn) as err:
        race.act("c1", BOB, {"type": "roll"})
    assert "Red" in err.value.text()


def test_refusals_leave_the_game_byte_identical(race: GameService, store: GameStore) -> None:
    race.act("c1", ALICE, {"type": "roll"})
    before = _snapshot(store)
    with pytest.raises(Refused) as err:
        race.act("c1", ALICE, {"type": "move", "steps": 99})
    assert err.value.violation.rule_id == "core/bad-input"
    with pytest.raises(Refused) as wrong_step:
        race.act("c1", ALICE, {"type": "roll"})
    assert wrong_step.value.rule is not None and wrong_step.value.rule.id == "core/wrong-step"
    with pytest.raises(BadInput):
        race.act("c1", ALICE, {"type": "move", "steps": "lots"})
    with pytest.raises(BadInput):
        race.act("c1", ALICE, {"type": "teleport"})
    with pytest.raises(NotYourTurn):
        race.act("c1", BOB, {"type": "roll"})
    assert _snapshot(store) == before


def test_our_own_errors_are_logged_and_apply_nothing(
    race: GameService, store: GameStore, caplog: pytest.LogCaptureFixture
) -> None:
    before = _snapshot(store)
    with caplog.at_level(logging.ERROR), pytest.raises(InternalError) as err:
        race.act("c1", ALICE, {"type": "boom"})
    assert "not applied" in err.value.text()
    record = caplog.records[-1]
    assert "game 1" in record.getMessage() and "boom" in record.getMessage()
    assert record.exc_info is not None
    assert _snapshot(store) == before


def test_concurrent_commands_on_one_channel_serialize(race: GameService, store: GameStore) -> None:
    """Two threads race (Alice marks while also marking): both land, in order, none lost."""
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def mark(note: str) -> None:
        try:
            barrier.wait()
            for n in range(10):
                race.act("c1", ALICE, {"type": "mark", "note": f"{note}{n}"})
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion below
            errors.append(exc)
        finally:
            store.close()

    threads = [threading.Thread(target=mark, args=(x,)) for x in "ab"]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    with store.reading() as tx:
        game = tx.active_game("c1")
        log = tx.log(game.id)
    assert game is not None
    marks = game.state["marks"]
    assert sorted(marks) == sorted(f"{x}{n}" for x in "ab" for n in range(10))
    logged = [e.action["note"] for e in log if e.kind == "action"]
    assert logged == marks  # the log order is the order the state saw
    assert [e.seq for e in log] == list(range(1, len(log) + 1))


def test_free_undo_within_the_turn(race: GameService) -> None:
    race.act("c1", ALICE, {"type": "mark", "note": "oops"})
    reply = race.undo("c1", ALICE)
    assert "takes back" in reply.text
    assert race.status("c1").version is not None
    with race.store.reading() as tx:
        assert tx.active_game("c1").state["marks"] == []
    with pytest.raises(PlayerError):
        race.undo("c1", BOB)  # Bob has nothing of his own to take back


def test_undo_past_a_roll_needs_consent(race: GameService) -> None:
    race.act("c1", ALICE, {"type": "roll"})
    request = race.undo("c1", ALICE)
    assert request.mention == BOB.user_id
    assert [b.kind for b in request.buttons] == ["undo-yes", "undo-no"]
    with pytest.raises(PlayerError):
        race.answer_undo("c1", ALICE, True)  # not your own request
    reply = race.press("c1", BOB, request.buttons[0].custom_id)
    assert "agrees" in reply.text
    with race.store.reading() as tx:
        game = tx.active_game("c1")
        kinds = [e.kind for e in tx.log(game.id)]
    assert game.state["step"] == "roll"
    assert kinds[-3:] == ["action", "undo_request", "undo"]
    # Rolling again gives the same number: undo never buys a re-roll.
    again = race.act("c1", ALICE, {"type": "roll"})
    assert race.verify_game(game.id)[0]
    assert again.text


def test_stale_buttons_are_refused(race: GameService) -> None:
    race.act("c1", ALICE, {"type": "roll"})
    request = race.undo("c1", ALICE)
    race.answer_undo("c1", BOB, False)
    with pytest.raises(Stale):
        race.press("c1", BOB, request.buttons[0].custom_id)


def test_action_buttons_apply_a_legal_choice(race: GameService) -> None:
    reply = race.act("c1", ALICE, {"type": "roll"})
    # The moves, then the button to the player's private controls.
    assert [b.kind for b in reply.buttons][-1] == "panel"
    assert reply.buttons[:-1] and all(b.kind == "act" for b in reply.buttons[:-1])
    moved = race.press("c1", ALICE, reply.buttons[0].custom_id)
    assert moved.text == "Red moves 1 to square 1."
    assert moved.mention == BOB.user_id  # Bob is pinged: his turn now
    with pytest.raises(Stale):
        race.press("c1", ALICE, reply.buttons[0].custom_id)


def _play_to_the_end(service: GameService) -> None:
    for _ in range(100):
        status = service.status("c1")
        if "wins" in " ".join(status.lines):
            return
        seat_user = ALICE if status.lines[0].startswith("Red") else BOB
        service.act("c1", seat_user, {"type": "roll"})
        with service.store.reading() as tx:
            rolled = tx.active_game("c1").state["rolled"]
        service.act("c1", seat_user, {"type": "move", "steps": rolled})
    raise AssertionError("the race never ended")


def test_a_finished_game_reveals_its_seed_and_verifies(race: GameService) -> None:
    _play_to_the_end(race)
    with pytest.raises(GameFinished) as over:
        race.act("c1", ALICE, {"type": "roll"})
    assert "game is over: **Red wins**" in over.value.text() or "**Blue wins**" in (
        over.value.text())
    assert "/game new" in over.value.text()
    status = race.status("c1")
    assert any("seed was `seed-0`" in line for line in status.lines)
    exported = race.export("c1")
    record = json.loads(exported.files[0][1])
    assert record["seed"] == "seed-0"
    assert race.verify_record(record) == (True, race.verify_record(record)[1])
    assert record["digest"] in exported.text
    record["log"][-1]["events"][0]["pos"] += 1
    ok, text = race.verify_record(record)
    assert not ok and "digest does not match" in said((ok, text))


def test_export_before_the_end_hides_the_seed(race: GameService) -> None:
    record = json.loads(race.export("c1").files[0][1])
    assert record["seed"] is None and record["seed_hash"]
    ok, text = race.verify_record(record)
    assert not ok and "not revealed" in said((ok, text))


def test_verify_detects_a_corrupted_state(race: GameService, store: GameStore) -> None:
    race.act("c1", ALICE, {"type": "roll"})
    assert race.verify_all()[0][1]
    with store.transaction() as tx:  # behind the service's back, as a damaged copy would be
        state = json.loads(tx.conn.execute("SELECT state FROM games").fetchone()[0])
        state["pos"]["red"] = 7
        tx.conn.execute("UPDATE games SET state = ?", (json.dumps(state),))
    ok, text = race.verify_game(1)
    assert not ok and "differs" in said((ok, text))


def test_resign_and_end(race: GameService, service: GameService) -> None:
    reply = race.resign("c1", BOB)
    assert reply.text == "Blue resigns."
    said = [reply.text, *reply.lines]
    assert sum("Red wins" in line for line in said) == 1, said  # the winner is named once
    service.new_game("c2", "g1", ALICE, "race", "short", opponent=BOB)
    with pytest.raises(RefereeOnly):
        service.end("c2", BOB)
    assert "ended" in service.end("c2", MOD).text


def test_referee_adjustments(race: GameService) -> None:
    with pytest.raises(RefereeOnly) as err:
        race.act("c1", BOB, {"type": "fix", "pos": 5})
    assert err.value.rule is not None and err.value.rule.id == "core/referee-only"
    # Alice created the game but plays in it: her adjustment waits for Bob's consent.
    asked = race.act("c1", ALICE, {"type": "fix", "pos": 5})
    assert asked.text.startswith("Red asks: `/race fix pos:5`")
    reply = race.settle("c1", BOB, int(asked.buttons[0].arg), True)
    assert reply.lines[0] == "The referee puts Red on square 5."
    race.act("c1", MOD, {"type": "fix", "pos": 6})  # a moderator adjusts at once
    with race.store.reading() as tx:
        game = tx.active_game("c1")
        log = tx.log(game.id)
    assert log[-1].actor_id == MOD.user_id


def test_ruling_judges_without_applying(race: GameService, store: GameStore) -> None:
    before = _snapshot(store)
    legal = race.ruling("c1", CAROL, {"type": "roll"})
    assert legal.text.startswith("Legal")
    illegal = race.ruling("c1", CAROL, {"type": "move", "steps": 1})
    assert illegal.text.startswith("Not legal") and "core/wrong-step" in illegal.lines[0]
    assert "core/not-your-turn" in race.ruling("c1", BOB, {"type": "roll"}).lines[0]
    assert _snapshot(store) == before


def test_settings_and_language(race: GameService) -> None:
    reply = race.settings("c1", MOD, language="pt-BR", deadline_hours=24)
    assert "idioma português do Brasil" in reply.text and "1d remind" in reply.text
    with pytest.raises(NotYourTurn) as err:
        race.act("c1", BOB, {"type": "roll"})
    assert "Não é a sua vez" in err.value.text()


def test_solo_game_lets_one_player_hold_both_seats(service: GameService) -> None:
    service.new_game("solo", "g1", ALICE, "race", "short", opponent=ALICE)
    service.act("solo", ALICE, {"type": "roll"})
    assert service.suggest("solo", ALICE, "steps", "")


def test_a_game_without_secrets_says_so_privately(race: GameService) -> None:
    reply = race.private("c1", ALICE)
    assert reply.ephemeral and "Nothing in this game is hidden" in reply.text
    with pytest.raises(NotSeated):
        race.private("c1", CAROL)


def test_the_only_choice_is_offered_as_a_button(race: GameService) -> None:
    # Alice's roll step offers one legal action: it becomes one button.
    status = race.status("c1")
    assert [b.label for b in status.buttons] == ["roll", "Your choices"]


def test_a_refusal_quotes_only_a_short_excerpt_of_what_was_typed(service: GameService) -> None:
    typed = "w" * 6000
    with pytest.raises(PlayerError) as err:
        service.new_game("c9", "g1", ALICE, "race", typed, opponent=BOB)
    said = err.value.text()
    assert "w" * 100 in said and "w" * 101 not in said
    assert "6,000 characters" in said or "6000 characters" in said
    assert len(said) < 400, said
