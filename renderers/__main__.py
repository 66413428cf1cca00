"""Write sample boards, standings and bracket: `python -m renderers OUTDIR [WIDTH]`."""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

from renderers import BOARD_WIDTH, board_palette, render_image
from renderers.bracket import render_bracket
from renderers.png import encode_png
from renderers.samples import knockout_bracket, league_standings, samurai_board, wh40k_table
from renderers.standings import render_standings
from rules.core.board import HexBoardView, TabletopView


def _write(out: Path, name: str, view: HexBoardView | TabletopView, width: int) -> str:
    render_image(view, width)  # warm the static-layer cache and fonts
    board_palette(view, width)  # and the board's palette
    t0 = time.perf_counter()
    img = render_image(view, width)
    t1 = time.perf_counter()
    png = encode_png(img, palette=board_palette(view, width))  # as render_png does
    t2 = time.perf_counter()
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=6)
    t3 = time.perf_counter()
    path = out / f"{name}.png"
    path.write_bytes(png)
    return (
        f"{path}: {img.width}x{img.height}, {len(png)} bytes "
        f"(truecolour {len(buf.getvalue())}); render {1000 * (t1 - t0):.1f} ms, "
        f"palette+encode {1000 * (t2 - t1):.1f} ms, truecolour encode {1000 * (t3 - t2):.1f} ms"
    )


def main(argv: list[str]) -> int:
    """Render the samples into the folder named on the command line."""
    if not argv or len(argv) > 2:
        print("usage: python -m renderers OUTDIR [WIDTH]", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    width = int(argv[1]) if len(argv) > 1 else BOARD_WIDTH
    for name, view in (
        ("hex", samurai_board()),
        ("hex-flipped", samurai_board(flipped=True)),
        ("tabletop", wh40k_table()),
    ):
        print(_write(out, name, view, width))
    standings = render_standings(league_standings())  # 720 pixels wide whatever WIDTH says
    (out / "standings.png").write_bytes(standings)
    print(f"{out / 'standings.png'}: {len(standings)} bytes")
    bracket = render_bracket(knockout_bracket())
    (out / "bracket.png").write_bytes(bracket)
    print(f"{out / 'bracket.png'}: {len(bracket)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
