"""Hidden information never shows: every output is the same whatever the hidden part holds.

For each system with secrets, a running game is copied and, in the copy only, what
Alice's seat hides is changed (another hand and deck order in Samurai, other faces
under her face-down pieces in Bushido, another sealed battle plan in Fantasy
Warriors). Everything Bob or a spectator can ask for — the status with its picture
and position in words, the details button, the log, the export, Bob's own private
view, every completion, rulings and refusals about Alice's seat — must then be byte
for byte the same in both games: nothing they read depends on what is hidden.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.replies import Reply
from bot.service.gameservice import GameService
from bot.store.sqlite import Store
from bot.surface.dispatch import surface
from rules.core.system import system
from tests.bot.conftest import ALICE, BOB, DAN
from tests.outputs import reply_json

State = dict[str, Any]


def _other_hand(state: State, seat: str) -> None:
    """Give `seat` the first cards of the deck instead of its hand (deck order changes too)."""
    hand, deck = state["hands"][seat], state["deck"]
    n = len(hand)
    fresh = [c for c in deck if c not in hand][:n]
    assert len(fresh) == n, "the deck holds cards the hand does not"
    for card in fresh:
        deck.remove(card)
    state["hands"][seat] = fresh
    state["deck"] = [*deck, *hand]


def _other_faces(state: State, seat: str) -> None:
    """Turn the faces under `seat`'s face-down pieces one place round, and its stack too."""
    down = [p for p in state["pieces"] if p["side"] == seat and not p["revealed"]]
    faces = [p["movement"] for p in down]
    assert len(set(faces)) > 1
    for piece, face in zip(down, faces[1:] + faces[:1], strict=True):
        piece["movement"] = face
    state["stacks"][seat] = list(reversed(state["stacks"][seat]))


def _other_plan(state: State, seat: str) -> None:
    """Swap the sealed orders of `seat`'s commands one place round."""
    mine = [c for c in state["commands"].values() if c["side"] == seat]
    orders = [c["orders"] for c in mine]
    assert len({json.dumps(o, sort_keys=True) for o in orders}) > 1
    for command, order in zip(mine, orders[1:] + orders[:1], strict=True):
        command["orders"] = order


CASES: dict[str, tuple[str, Callable[[State, str], None]]] = {
    "samurai": ("river-crossing", _other_hand),
    "bushido": ("skirmish", _other_faces),
    "fantasy_warriors": ("the-stockade-ford", _other_plan),
}


def _start(path: Path, system_id: str) -> str:
    """Start a game between Alice and Bob; return Alice's seat, with her secrets in place."""
    service = GameService(Store(path), seed_factory=lambda: f"hidden-{system_id}")
    service.new_game("t", "g", ALICE, system_id, CASES[system_id][0], opponent=BOB)
    service.join("t", BOB)
    with service.store.reading() as tx:
        game = tx.active_game("t")
    assert game is not None
    seat = game.seats_of(ALICE.user_id)[0]
    if system_id == "fantasy_warriors":  # Alice writes and seals her battle plan first
        for line in ('command:C2 order:take-and-hold objective:O3',
                     'command:C1 order:storm objective:O1',
                     'command:C3 order:destroy-breakout target:C6'):
            service.act("t", ALICE, {"type": "order",
                                     **dict(part.split(":") for part in line.split())})
        service.act("t", ALICE, {"type": "ready"})
    service.store.close()
    return seat


def _rewrite(path: Path, change: Callable[[State, str], None], seat: str) -> None:
    conn = sqlite3.connect(path)
    with conn:
        (state,) = conn.execute("SELECT state FROM games").fetchone()
        data = json.loads(state)
        change(data, seat)
        conn.execute("UPDATE games SET state = ?", (json.dumps(data),))
    conn.close()


def _said(reply: Reply) -> str:
    return reply_json(reply)


def _everything(service: GameService, seat: str) -> list[str]:
    """Every output Bob or a spectator can get, in a fixed order."""
    out = []
    for caller in (None, BOB, DAN):
        status = service.status("t", caller)
        out.append(_said(status))
        for button in status.buttons:
            if button.kind == "details":
                out.append(_said(service.press("t", caller or DAN, button.custom_id)))
    out.append(_said(service.log_lines("t", BOB, last=100)))
    out.append(_said(service.export("t", DAN)))
    out.append(_said(service.private("t", BOB)))
    with service.store.reading() as tx:
        game = tx.active_game("t")
    assert game is not None
    sys = system(game.system)
    options = sorted({o.name for c in sys.commands for o in c.options})
    for option in options:
        for text in ("", "1", "U", "W", "N", "C"):
            out.append(json.dumps(service.suggest("t", BOB, option, text)))
    # Rulings and refusals about Alice's seat, for every action type her seat may take.
    for action_type in sorted({c.action for c in sys.commands if c.action}):
        for probe in _probes(sys, action_type):
            try:
                out.append(_said(service.ruling("t", BOB, probe, seat=seat)))
            except Exception as err:  # a polite refusal is an output too
                out.append(f"{type(err).__name__}: {err}")
            try:
                out.append(_said(service.act("t", BOB, probe)))
            except Exception as err:
                out.append(f"{type(err).__name__}: {err}")
    return out


def _probes(sys: Any, action_type: str) -> list[dict[str, Any]]:
    """A few forms of an action: bare, and naming each card or piece the game knows."""
    probes: list[dict[str, Any]] = [{"type": action_type}]
    for field, values in (("card", ["shogun", "order-two-left", "advance-center"]),
                          ("piece", ["W1", "W2", "U1", "L1"])):
        probes.extend({"type": action_type, field: v} for v in values)
    return probes


@pytest.mark.parametrize("system_id", sorted(CASES))
def test_no_output_depends_on_what_a_seat_hides(system_id: str, tmp_path: Path) -> None:
    from renderers import render_png

    real = tmp_path / "real.db"
    seat = _start(real, system_id)
    twin = tmp_path / "twin.db"
    shutil.copy(real, twin)
    _rewrite(twin, CASES[system_id][1], seat)
    assert json.loads(sqlite3.connect(real).execute("SELECT state FROM games").fetchone()[0]) \
        != json.loads(sqlite3.connect(twin).execute("SELECT state FROM games").fetchone()[0])
    seen = [
        _everything(GameService(Store(path), render=render_png), seat) for path in (real, twin)
    ]
    assert len(seen[0]) > 20
    for first, second in zip(*seen, strict=True):
        assert first == second
    # and Alice herself does see the difference (the check can tell the games apart)
    hands = [GameService(Store(path)).private("t", ALICE) for path in (real, twin)]
    assert _said(hands[0]) != _said(hands[1])


def test_every_declared_command_is_in_the_surface() -> None:
    entries = surface().entries
    for system_id in CASES:
        sys = system(system_id)
        for command in sys.commands:
            assert any(command.name in key for key in entries), command.name
