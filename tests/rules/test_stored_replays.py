"""Every system replays the games stored by version 1 to the positions stored.

Reads tests/fixtures/games-v1.db (made at commit 5b2e481, see make_games_v1.py)
with nothing but the rules: each game's effective actions (undo entries applied)
go through the checked `apply`, and the final position must equal the stored one
as the engine reads it today.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from rules.core.system import system

DB = Path(__file__).resolve().parents[1] / "fixtures" / "games-v1.db"


def _games() -> list[tuple[int, str, str, str, dict[str, Any], list[dict[str, Any]]]]:
    conn = sqlite3.connect(f"file:{DB}?mode=ro&immutable=1", uri=True)
    try:
        out = []
        for gid, sid, scenario, seed, state in conn.execute(
            "SELECT id, system, scenario, seed, state FROM games ORDER BY id"
        ):
            kept: list[dict[str, Any]] = []
            for kind, action in conn.execute(
                "SELECT kind, action FROM actions WHERE game_id = ? ORDER BY seq", (gid,)
            ):
                if kind == "action":
                    kept.append(json.loads(action))
                elif kind == "undo":
                    del kept[len(kept) - int(json.loads(action).get("count", 1)):]
            out.append((gid, sid, scenario, seed, json.loads(state), kept))
        return out
    finally:
        conn.close()


GAMES = _games()


@pytest.mark.parametrize(
    ("game_id", "system_id", "scenario", "seed", "stored", "actions"),
    GAMES,
    ids=[f"game{g[0]}-{g[1]}" for g in GAMES],
)
def test_a_stored_game_replays_to_its_position(
    game_id: int,
    system_id: str,
    scenario: str,
    seed: str,
    stored: dict[str, Any],
    actions: list[dict[str, Any]],
) -> None:
    sys = system(system_id)
    state = sys.replay_start(scenario, seed, stored)
    for data in actions:
        state, _ = sys.apply(state, sys.parse_action(data))
    replayed = state.model_dump(mode="json")
    assert replayed == sys.load_state(stored).model_dump(mode="json")


def test_every_system_has_stored_games() -> None:
    assert {g[1] for g in GAMES} == {"samurai", "bushido", "wh40k", "fantasy_warriors"}
