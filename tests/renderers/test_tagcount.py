"""tools/tagcount.py counts what the tabletop tags cover (bench/RESULTS.md quotes it)."""

from __future__ import annotations

from collections import Counter

from bench.positions import script_turns
from bot.service.context import Table
from rules.core.board import TableObjective, TabletopView, TableUnit
from tools.tagcount import count_board


def test_a_board_with_room_for_every_tag_counts_nothing_covered() -> None:
    units = (TableUnit(x=10, y=10, side="Orks", label="U1 10/10 Boyz of the Second Mob"),
             TableUnit(x=50, y=30, side="Marines", label="U2 5/5 Intercessor Squad"))
    view = TabletopView(static_key="test/tagcount", width=60, height=44,
                        sides={"Orks": "green", "Marines": "blue"}, units=units,
                        objectives=(TableObjective(x=30, y=22, label="O1"),))
    counts: Counter[str] = Counter()
    count_board(view, 1080, counts)
    assert counts["boards"] == 1
    assert sum(n for what, n in counts.items() if what != "boards") == 0


def test_the_stockade_ford_after_action_13_has_one_stack_laid_further_out() -> None:
    turn = next(t for t in script_turns("fantasy_warriors") if t.index == 14)
    view = Table(turn.before).picture()
    assert isinstance(view, TabletopView)
    counts: Counter[str] = Counter()
    count_board(view, 1080, counts)
    assert counts["further"] >= 1  # N3's, past objective O3
    assert counts["cut by a side"] == 0
