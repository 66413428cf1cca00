"""Count what the tabletop boards' unit tags cover, over every position of the demos.

    python -m tools.tagcount [system ...]     (default: fantasy_warriors wh40k)

Each demo position is drawn as `bench turn` draws it (its public board, at the width the
bot asks for and, for a board over the upload budget, narrower again), and every tag the
layout placed (renderers/tabletop.py) is counted against what it may hide: another unit's
base or tags, an objective token, a terrain piece's name, the picture's sides and the
panel below the map. Lower is better everywhere; `further` counts the stacks laid out away
from their unit with a line to it. bench/RESULTS.md quotes these counts.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Hashable

from bench.positions import script_turns
from bench.turn import play
from renderers import BOARD_WIDTH, tabletop
from renderers.layers import Board
from renderers.lettering import plain, text_width
from renderers.shapes import polygon_centroid
from rules.core.board import TabletopView

Box = tuple[float, float, float, float]


def _names(lay: tabletop.TableLayout, view: TabletopView) -> list[Box]:
    """Return the boxes of the terrain's names, as the static layer draws them."""
    size = tabletop.feature_label_size(lay)
    out: list[Box] = []
    for f in view.features:
        if f.label and len(f.points) >= 3:
            cx, cy = polygon_centroid([lay.to_px(x, y) for x, y in f.points])
            half_w, half_h = text_width(plain(f.label), size, bold=True) / 2 + 2, size * 0.6
            out.append((cx - half_w, cy - half_h, cx + half_w, cy + half_h))
    return out


def count_board(view: TabletopView, width: int, counts: Counter[str]) -> None:
    """Add what the tags of one board cover to `counts`."""
    lay = tabletop.TableLayout.of(view, width)
    tokens = tabletop._token_boxes(lay, view.objectives)
    placed = tabletop._place_tags(lay, view.units, view.sides, tokens)
    names = _names(lay, view)

    def over(tags: list[tabletop._Tag], boxes: list[Box] | tuple[Box, ...]) -> int:
        return sum(1 for t in tags for b in boxes if tabletop._overlaps(t.box, b))

    units = view.units
    counts["boards"] += 1
    for i, unit in enumerate(units):
        tags = placed[id(unit)]
        bases = [tabletop._base_box(lay, u) for j, u in enumerate(units) if j != i]
        counts["over a base"] += over(tags, bases)
        counts["over another unit's tag"] += sum(
            over(tags, [t.box for t in placed[id(u)]]) for u in units[i + 1:])
        counts["under a token"] += over(tags, tokens)
        counts["over a terrain name"] += over(tags, names)
        counts["cut by a side"] += sum(t.box[0] < 0 or t.box[2] > lay.width for t in tags)
        counts["cut at the top"] += sum(t.box[1] < 0 for t in tags)
        counts["under the panel"] += sum(t.box[3] > lay.height for t in tags)
        counts["further"] += bool(tags and tags[0].far)


def main(systems: list[str]) -> None:
    counts: Counter[str] = Counter()
    record = tabletop.record

    def counting(view: TabletopView, width: int = BOARD_WIDTH,
                 key: Hashable | None = None) -> Board:
        count_board(view, width, counts)  # every board drawn, those drawn again narrower too
        return record(view, width, key)

    tabletop.record = counting
    try:
        for system_id in systems:
            turns = script_turns(system_id)
            if turns:
                play(system_id, turns)
    finally:
        tabletop.record = record
    for what, n in counts.items():
        print(f"{what:>24}: {n}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["fantasy_warriors", "wh40k"])
