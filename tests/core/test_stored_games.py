"""Games stored by earlier versions of Banneret still replay to the positions stored."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.service.gameservice import GameService
from bot.store.sqlite import Store

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_games_stored_by_version_1_verify(tmp_path: Path) -> None:
    # 13 games stored at commit 5b2e481 (tests/fixtures/make_games_v1.py): the four demos,
    # random playouts of every system with undo, a resignation, rosters and adjustments.
    db = tmp_path / "games.db"
    shutil.copy(FIXTURES / "games-v1.db", db)
    store = Store(db)
    try:
        results = GameService(store).verify_all()
    finally:
        store.close()
    assert len(results) == 13
    bad = [text for _, ok, text in results if not ok]
    assert bad == []
