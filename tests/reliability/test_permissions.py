"""Who may do what: every action command of every system, by every kind of caller.

In a running game between Alice (who created it) and Bob, each action type that is
legal for somebody in the position is sent by: the seat to act, the other seat, a
spectator, and a moderator; referee actions also by the creator and the other player.
The expected answer follows from what the system declares (out-of-turn and referee
actions, reports that need agreement), and every refusal leaves the game exactly as
it was. The `/game` commands that need a right are checked the same way.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.errors import (
    NotSeated,
    NotYourTurn,
    PlayerError,
    RefereeOnly,
    SettingRefused,
)
from bot.service.context import Caller, Table
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from bot.surface.dispatch import run, surface
from bot.surface.entries import Context
from rules.core.model import Action
from rules.core.system import system
from tests.bot.conftest import ALICE, BOB, DAN, MOD

SCENARIOS = {"samurai": "river-crossing", "bushido": "skirmish",
             "wh40k": "take-and-hold", "fantasy_warriors": "the-stockade-ford"}


def _template(root: Path, system_id: str) -> Path:
    """Make (once) a database with the system's game running in channel 't'."""
    path = root / f"{system_id}.db"
    if not path.exists():
        store = Store(path)
        service = GameService(store, seed_factory=lambda: f"perm-{system_id}")
        service.new_game("t", "g", ALICE, system_id, SCENARIOS[system_id], opponent=BOB)
        service.join("t", BOB)
        if system_id == "wh40k":
            service.act("t", MOD, {"type": "start_battle"})  # into the battle's phases
        store.close()
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
    return path


def _fresh(root: Path, system_id: str, tmp: Path) -> GameService:
    tmp.mkdir(parents=True, exist_ok=True)
    copy = tmp / "game.db"
    shutil.copy(_template(root, system_id), copy)
    return GameService(Store(copy), seed_factory=lambda: "perm")


# A referee correction of each system (legal generators do not offer them).
REFEREE = {
    "samurai": {"type": "adjust", "banner": "takeda", "seat": "uesugi"},
    "bushido": {"type": "adjust", "piece": "T1", "reveal": True, "seat": "west"},
    "wh40k": {"type": "adjust_cp", "side": "defender", "cp": 5, "seat": "attacker"},
    "fantasy_warriors": {"type": "adjust", "unit": "S1", "visible": False, "seat": "north"},
}


def _samples(service: GameService) -> dict[str, Action]:
    """One legal action of each type someone may take now (the seat to act first), and
    a referee correction."""
    with service.store.reading() as tx:
        game = tx.active_game("t")
    assert game is not None
    table = Table(game)
    seats = sorted(game.seats, key=lambda s: s != table.prompt.seat)
    found: dict[str, Action] = {}
    for seat in seats:
        for action in table.legal(seat):
            found.setdefault(action.type, action)
    referee = table.system.parse_action(REFEREE[game.system])
    found[referee.type] = referee
    return found


def _state(service: GameService) -> tuple[Any, ...]:
    with service.store.reading() as tx:
        game = tx.active_game("t")
        assert game is not None
        return game.state, game.version, len(tx.log(game.id))


def _send(service: GameService, caller: Caller, action: Action) -> str:
    """Send an action as its command; return "ok", "claim", or the refusal's class name."""
    entry = next(e for e in surface().entries.values()
                 if e.command.action == action.type and e.command.action is not None)
    options = {k: v for k, v in action.model_dump(
        mode="json", exclude={"seat", "type"}, exclude_defaults=True).items() if v is not None}
    try:
        reply = run(service, Context("t", "g", caller), entry.path, options)
    except PlayerError as refusal:
        return type(refusal).__name__
    return "claim" if any(b.kind == "claim-yes" for b in reply.buttons) else "ok"


CASES = [(s, role) for s in sorted(SCENARIOS)
         for role in ("on turn", "off turn", "spectator", "moderator")]


@pytest.mark.parametrize(("system_id", "role"), CASES, ids=[f"{s}-{r}" for s, r in CASES])
def test_each_caller_gets_what_the_system_declares(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, system_id: str, role: str
) -> None:
    root = tmp_path_factory.getbasetemp()
    sys_ = system(system_id)
    samples = _samples(_fresh(root, system_id, tmp_path))
    assert samples, "nothing is legal in the test position"
    for kind, action in samples.items():
        service = _fresh(root, system_id, tmp_path / kind)
        with service.store.reading() as tx:
            game = tx.active_game("t")
        assert game is not None
        to_act = Table(game).prompt.seat
        holder = {ALICE.user_id: ALICE, BOB.user_id: BOB}
        acting_seat = action.seat
        caller = {
            "on turn": holder[game.seats[acting_seat]],
            "off turn": holder[next(u for s, u in game.seats.items() if s != acting_seat)],
            "spectator": DAN,
            "moderator": MOD,
        }[role]
        before = _state(service)
        got = _send(service, caller, action)
        referee = kind in sys_.referee_actions
        if role == "spectator":
            # A spectator may act for nobody; a report about a side needs a seat.
            assert got in (NotSeated.__name__, RefereeOnly.__name__), (kind, got)
        elif role == "off turn" and acting_seat == to_act and not referee and (
                kind not in sys_.out_of_turn_actions):
            assert got == NotYourTurn.__name__, (kind, got)
        elif role == "off turn" and referee and caller is not ALICE:
            assert got == RefereeOnly.__name__, (kind, got)
        elif role == "on turn" and referee and caller is not ALICE:
            assert got == RefereeOnly.__name__, (kind, got)
        elif role in ("on turn", "off turn") and referee:
            assert got == "claim", (kind, got)  # the creator who plays needs consent
        elif role == "on turn":
            assert got in ("ok", "claim"), (kind, got)
        if got not in ("ok", "claim"):
            assert _state(service) == before, (kind, got)
        elif got == "claim":
            assert _state(service)[:2] == before[:2], kind  # a claim moves nothing
        service.store.close()


def test_the_game_commands_that_need_a_right(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    root = tmp_path_factory.getbasetemp()
    for path, caller, options, refusal in (
        ("game end", BOB, {}, RefereeOnly),
        ("game end", DAN, {}, RefereeOnly),
        ("game resign", DAN, {}, NotSeated),
        ("game hand", DAN, {}, NotSeated),
        ("game settings", DAN, {"language": "pt-BR"}, SettingRefused),
        ("game settings", BOB, {"reports": "trust"}, SettingRefused),
        ("game settings", ALICE, {"reports": "trust"}, SettingRefused),
    ):
        service = _fresh(root, "samurai", tmp_path / path.replace(" ", "-") / caller.name)
        before = _state(service)
        with pytest.raises(refusal):
            run(service, Context("t", "g", caller), path, options)
        assert _state(service) == before, (path, caller.name)
        service.store.close()
    service = _fresh(root, "samurai", tmp_path / "mod")
    run(service, Context("t", "g", MOD), "game settings", {"reports": "trust"})
    run(service, Context("t", "g", ALICE), "game end", {})
