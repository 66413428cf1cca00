"""Animated replays: a sequence of public board views -> one animated GIF.

Each position is drawn by the board renderers (`render_image`) and reduced to the
board's own palette, as a posted board PNG is. A run of positions whose views are
equal becomes one frame shown for the whole run, and a view seen earlier in the
sequence is not drawn again. Frames of one game can differ in height (the panel
grows with its lines), so every frame is padded at the bottom to the tallest.

Why GIF: every Discord client plays a GIF attachment inline. Its frames are the
boards' own palette pictures, so nothing is lost, and Pillow stores each frame as the
rectangle that changed. For the Samurai demo (219 positions, 800 px wide) it is 1.7 MB,
encoded in 0.7 s; a lossless animated WebP of the same frames is 1.1 MB but takes 2.2 s
(libwebp's animation encoder, whatever its effort settings), which made a replay 2.4x
the time of drawing its boards one by one; an APNG is 2.9 MB. `python -m bench replay`
measures all three again.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image

from renderers import board_palette, render_image
from rules.core.board import HexBoardView, TabletopView

__all__ = ["EXTENSION", "Animation", "animate", "encode", "runs"]

View = HexBoardView | TabletopView
Progress = Callable[[int, int], None]

EXTENSION = "gif"
# Each frame is kept as it is drawn (disposal 1) and stored as the part that changed.
GIF_OPTIONS: dict[str, object] = {"loop": 0, "optimize": True, "disposal": 1}


@dataclass(frozen=True)
class Animation:
    """An encoded replay: its bytes, how many frames it shows and its size in pixels."""

    data: bytes
    frames: int
    width: int
    height: int


def runs(views: Sequence[View]) -> list[tuple[View, int]]:
    """Group consecutive equal views: each (view, how many positions it stands for)."""
    out: list[tuple[View, int]] = []
    last_key: str | None = None
    for view in views:
        key = view.model_dump_json()
        if key == last_key:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((view, 1))
        last_key = key
    return out


def animate(
    views: Sequence[View],
    *,
    width: int = 800,
    delay_ms: int = 800,
    hold_ms: int = 3000,
    progress: Progress | None = None,
) -> Animation:
    """Draw every distinct view once and encode them as one looping animation.

    A frame standing for n equal positions stays n delays on screen; the last frame
    stays at least `hold_ms`. `progress(done, total)` is told after each frame.
    """
    if not views:
        raise ValueError("an animation needs at least one view")
    grouped = runs(views)
    drawn: dict[str, Image.Image] = {}
    pictures: list[Image.Image] = []
    for number, (view, _) in enumerate(grouped, 1):
        key = view.model_dump_json()
        if key not in drawn:
            rgb = render_image(view, width)
            drawn[key] = rgb.quantize(palette=board_palette(view, width),
                                      dither=Image.Dither.NONE)
        pictures.append(drawn[key])
        if progress is not None:
            progress(number, len(grouped))
    durations = [delay_ms * count for _, count in grouped]
    durations[-1] = max(durations[-1], hold_ms)
    return encode(pictures, durations)


def encode(pictures: Sequence[Image.Image], durations: Sequence[int]) -> Animation:
    """Encode palette pictures (padded to the tallest) as an animated GIF."""
    height = max(p.height for p in pictures)
    width = max(p.width for p in pictures)
    frames = [_padded(p, width, height) for p in pictures]
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:],
                   duration=list(durations), **GIF_OPTIONS)
    return Animation(buf.getvalue(), len(frames), width, height)


def _padded(picture: Image.Image, width: int, height: int) -> Image.Image:
    """Return the picture on a canvas of the given size, filled below with its
    bottom-left colour (the panel's background) so the padding does not show.

    Frames stay palette images: the encoder turns one at a time into RGB, so a long
    replay never holds all its frames in full colour at once.
    """
    if picture.size == (width, height):
        return picture
    fill = picture.getpixel((0, picture.height - 1))
    canvas = Image.new(picture.mode, (width, height), fill)
    palette = picture.getpalette()
    if palette is not None:
        canvas.putpalette(palette)
    canvas.paste(picture, (0, 0))
    return canvas
