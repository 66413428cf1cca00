"""`banneret migrate` as a whole: every row copied into an empty store, then every game
verified there by replaying its log (the copy is bot/store/transfer.py's)."""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable

import psycopg

from bot.service.gameservice import GameService
from bot.service.records import said
from bot.store.location import open_store
from bot.store.transfer import (
    BATCH,
    TargetNotEmpty,
    check_target,
    copy_rows,
    opened_source,
    origin_path,
)
from bot.text import Words


def migrate(source: str, target: str, *, batch: int = BATCH,
            say: Callable[[str], None] = print,
            complain: Callable[[str], None] = lambda line: print(line, file=sys.stderr),
            words: Words | None = None) -> int:
    """Copy `source` into the empty `target`, then verify every game there by replay.

    Returns the exit status: 0 when every game verifies, 1 when one does not, 2 when the
    target is refused (nothing written). A source or target that cannot be used raises
    StoreError (the CLI words it and exits 2).
    """
    words = words or Words.of(None)
    try:
        check_target(target)
        with opened_source(source) as origin:
            destination = open_store(target)
            try:
                try:
                    done = copy_rows(origin, destination, batch)
                except (psycopg.Error, sqlite3.Error) as err:
                    # A row the target will not take: the one transaction took nothing.
                    complain(words("migrate-failed", target=destination.path,
                                   detail=str(err).strip()))
                    return 2
                say(words("migrate-copied", games=done.games, entries=done.rows["actions"],
                          leagues=done.rows["leagues"], source=origin_path(source, origin),
                          target=destination.path))
                results = GameService(destination).verify_all()
            finally:
                destination.close()
    except TargetNotEmpty as refused:
        complain(words("migrate-target-not-empty", path=refused.path, games=refused.games,
                  leagues=refused.leagues))
        return 2
    for _gid, ok, message in results:
        if not ok:
            say(said((ok, message)))
    good = sum(ok for _, ok, _ in results)
    say(words("migrate-verified", good=good, games=len(results), target=destination.path))
    return 0 if good == len(results) else 1
