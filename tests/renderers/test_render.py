"""The public entry points: PNG bytes, widths, dispatch, threads, purity."""

from __future__ import annotations

import io
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops

from renderers import render_image, render_png, terrain
from rules.core.board import HexBoardView, TabletopView


@pytest.mark.parametrize("width", [1200, 640])
def test_png_decodes_at_the_requested_width(
    samurai: HexBoardView, table: TabletopView, width: int
) -> None:
    for view in (samurai, table):
        png = render_png(view, width)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        img = Image.open(io.BytesIO(png))
        img.load()
        assert img.width == width
        assert img.height > width // 2


def test_hex_board_png_stays_small(samurai: HexBoardView) -> None:
    # A 256-colour palette keeps a phone upload light; 60 KB is the budget.
    assert len(render_png(samurai, 1200)) <= 60_000


def test_png_matches_the_image_closely(samurai: HexBoardView) -> None:
    # The palette reduction must not visibly change the picture.
    img = render_image(samurai, 1200)
    decoded = Image.open(io.BytesIO(render_png(samurai, 1200))).convert("RGB")
    hist = ImageChops.difference(img, decoded).convert("L").histogram()
    mean = sum(i * n for i, n in enumerate(hist)) / sum(hist)
    assert mean < 1.0
    assert max(i for i, n in enumerate(hist) if n) < 48


def test_render_image_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(TypeError):
        render_image("E5", 1200)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_image(HexBoardView(static_key="k", cols=3, rows=3), 50)


def test_renders_agree_across_threads(samurai: HexBoardView, table: TabletopView) -> None:
    want = {id(v): render_image(v, 900).tobytes() for v in (samurai, table)}
    terrain.CACHE.clear()
    jobs = [samurai, table] * 8
    with ThreadPoolExecutor(max_workers=6) as pool:
        got = list(pool.map(lambda v: (id(v), render_image(v, 900).tobytes()), jobs))
    assert all(want[k] == data for k, data in got)


def test_renderers_import_neither_discord_nor_storage() -> None:
    code = (
        "import sys, renderers, renderers.__main__; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('discord', 'sqlite3', 'sqlite_utils', 'bot')]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_main_writes_the_samples(tmp_path: object) -> None:
    from pathlib import Path

    from renderers.__main__ import main

    out = Path(str(tmp_path))
    assert main([str(out), "600"]) == 0
    names = sorted(p.name for p in out.glob("*.png"))
    assert names == ["bracket.png", "hex-flipped.png", "hex.png", "standings.png", "tabletop.png"]
    assert Image.open(out / "hex.png").width == 600
    assert Image.open(out / "standings.png").width == 720
