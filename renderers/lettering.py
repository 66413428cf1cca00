"""Words on a picture: the board font, stand-ins for characters it lacks, text that fits,
and text set from cached sprites (per-thread fonts, shared read-only masks).
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from renderers.caches import PILL_STAMPS
from renderers.canvas import Canvas, Point
from renderers.colours import RGB
from renderers.legibility import note
from rules.core.board import Text


def plain(text: Text) -> str:
    """Return words on a picture, which the bot must have worded before drawing."""
    if isinstance(text, str):
        return text
    raise TypeError(f"word the board view before drawing it: {text!r}")


_fonts = threading.local()


def _face_path() -> str | None:
    """Return the Roboto face shipped by the font-roboto package (accented Latin), if present."""
    try:
        import font_roboto
    except ImportError:
        return None
    path: str = font_roboto.Roboto
    return path


_FACE = _face_path()


def font(size: int) -> ImageFont.FreeTypeFont:
    """Return the board font at `size` pixels (cached per thread).

    Roboto (from the font-roboto package) covers Portuguese accents; Pillow's scalable
    default font, which covers ASCII only, stands in when it is missing.
    """
    # One cache per thread: a FreeType face is not safe to share between threads.
    cache: dict[int, ImageFont.FreeTypeFont] | None = getattr(_fonts, "cache", None)
    if cache is None:
        cache = {}
        _fonts.cache = cache
    found = cache.get(size)
    if found is None:
        loaded = ImageFont.truetype(_FACE, size) if _FACE else ImageFont.load_default(size=size)
        if not isinstance(loaded, ImageFont.FreeTypeFont):
            raise RuntimeError("Pillow was built without FreeType; board text needs it")
        found = cache[size] = loaded
    return found


# Characters the font lacks (the embedded default covers printable ASCII only) get
# stand-ins that read well in their place; anything else falls back to its
# unaccented letter ("Ação" -> "Acao").
_FALLBACK: dict[str, str] = {
    "\u2014": "-",  # em dash
    "\u2013": "-",  # en dash
    "\u2212": "-",  # minus
    "\u00bd": "1/2",
    "\u00bc": "1/4",
    "\u00be": "3/4",
    "\u2153": "1/3",
    "\u2154": "2/3",
    "\u00d7": "x",
    "\u2192": "->",
    "\u2190": "<-",
    "\u2022": "*",
    "\u00b7": "*",
    "\u00a0": " ",
    "\u00b0": "",
    "\u00df": "ss",
    "\u00e6": "ae",
    "\u00c6": "AE",
    "\u0153": "oe",
    "\u0152": "OE",
    "\u00f8": "o",
    "\u00d8": "O",
    "\u0142": "l",
    "\u0141": "L",
    "\u0111": "d",
    "\u0110": "D",
}


def _glyph_picture(ch: str) -> bytes:
    im = Image.new("L", (48, 48))
    ImageDraw.Draw(im).text((8, 8), ch, font=font(24), fill=255)
    return im.tobytes()


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return _glyph_picture("\uffff")


@lru_cache(maxsize=4096)
def _printable(ch: str) -> str:
    if ch in _FALLBACK:
        return _FALLBACK[ch]
    if _glyph_picture(ch) != _missing_glyph():
        return ch
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if base and base != ch and all(_printable(c) == c for c in base):
        return base
    return "?"


# Printable ASCII, which both fonts have (tests/renderers/test_lettering.py checks it):
# the rest of a text with an accent or a dash needs no look-up, character by character.
_ASCII = frozenset(map(chr, range(0x20, 0x7F)))


def printable(text: str) -> str:
    """Return `text` with characters the default font lacks replaced by readable stand-ins."""
    if text.isascii():
        return text
    return _printable_text(text)


@lru_cache(maxsize=4096)
def _printable_text(text: str) -> str:
    return "".join(c if c in _ASCII else _printable(c) for c in text)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, *, bold: bool = False) -> float:
    """Return the advance width of `text` drawn by `draw_text` at `size`.

    Text with spaces is measured as `draw_text` sets it, word by word from cached
    advances (`_words`): a panel line is new on most turns, and laying out a whole
    long line costs FreeType about 0.3 ms, where its words are mostly known.
    """
    text = printable(text)
    stroke = _bold_stroke(size) * 2 if bold else 0
    if " " in text:
        return sum(_advance(token, size) for token in _TOKENS.findall(text)) + stroke
    return font(size).getlength(text) + stroke


def _bold_stroke(size: int) -> float:
    # The default font has no bold face; a thin stroke in the text colour stands in.
    return max(0.5, round(size / 30, 1))


@dataclass(frozen=True)
class _Sprite:
    """Coverage masks of one piece of text, placed relative to its anchor point."""

    left: int
    top: int
    fill: Image.Image
    halo: Image.Image | None


def _make_sprite(text: str, size: int, bold_w: float, halo_w: int, anchor: str) -> _Sprite | None:
    """Lay out and rasterise `text` once per mask: FreeType's own masks (`getmask2`, as
    `ImageDraw.text` uses them) placed on one canvas with a pixel to spare all round."""
    f = font(size)
    fill_mask, (fx, fy) = f.getmask2(text, "L", stroke_width=bold_w, anchor=anchor,
                                     stroke_filled=True)
    halo_mask = None
    hx, hy, (w, h) = fx, fy, fill_mask.size
    if halo_w:
        halo_mask, (hx, hy) = f.getmask2(text, "L", stroke_width=bold_w + halo_w,
                                         anchor=anchor, stroke_filled=True)
        w, h = halo_mask.size
    if w == 0 or h == 0:
        return None
    left, top = hx - 1, hy - 1
    fill = Image.new("L", (w + 2, h + 2))
    ImageDraw.Draw(fill).draw.draw_bitmap((fx - left, fy - top), fill_mask, 255)
    halo = None
    if halo_mask is not None:
        halo = Image.new("L", (w + 2, h + 2))
        ImageDraw.Draw(halo).draw.draw_bitmap((1, 1), halo_mask, 255)
    return _Sprite(left, top, fill, halo)


# Words (piece labels, counts, hex names, the words of the panel's lines) recur on
# every turn: render each once. Text with spaces is set word by word from this cache,
# so a new line ("Turn 13 | step: card") is mostly words seen before: FreeType takes
# about 1 ms to render a line, more than the rest of a turn's drawing. The masks are
# only ever read, so threads may share them.
_cached_sprite = lru_cache(maxsize=4096)(_make_sprite)
_SHORT = 24
_TOKENS = re.compile(r"\S+\s*|\s+")


@lru_cache(maxsize=4096)
def _advance(text: str, size: int) -> float:
    return font(size).getlength(text)


def lay_out(words: Iterable[str], size: int, *, bold: bool = False, anchor: str = "lm",
            halo_width: int = 0) -> None:
    """Lay out `words` now (sprites and advances cached) so no turn has to do it later.

    Called with a scenario's vocabulary when its static layer is drawn: a word first
    laid out during a turn costs FreeType about 0.1-0.3 ms. Words with a halo (hex
    names printed again over a ring) are always set alone: only their sprites are made.
    """
    bold_w = _bold_stroke(size) if bold else 0
    for word in words:
        word = printable(word)
        _cached_sprite(word, size, bold_w, halo_width, anchor)
        if not halo_width:
            _advance(word, size)
            _advance(word + " ", size)


def clear_text_cache() -> None:
    """Forget the cached text sprites and widths (`renderers.clear_caches` forgets the
    recorded pieces made of them too)."""
    _cached_sprite.cache_clear()
    _advance.cache_clear()
    text_width.cache_clear()
    fit_text.cache_clear()
    _printable_text.cache_clear()
    PILL_STAMPS.clear()


def _words(
    text: str, size: int, bold_w: float, hw: int, anchor: str, xy: Point
) -> list[tuple[tuple[int, int], _Sprite]] | None:
    """Place a long line's words (cached sprites) where the line's layout puts them."""
    if anchor[0] not in "lmr" or anchor[1] not in "masd":
        return None  # top and bottom anchors depend on the whole line's ink
    tokens = _TOKENS.findall(text)
    advances = [_advance(token, size) for token in tokens]
    total = sum(advances)
    x = xy[0] - (0.0 if anchor[0] == "l" else total / 2 if anchor[0] == "m" else total)
    y = round(xy[1])
    placed: list[tuple[tuple[int, int], _Sprite]] = []
    for token, advance in zip(tokens, advances, strict=True):
        word = token.rstrip()
        if word:
            sprite = _cached_sprite(word, size, bold_w, hw, "l" + anchor[1])
            if sprite is not None:
                placed.append(((round(x) + sprite.left, y + sprite.top), sprite))
        x += advance
    return placed


def draw_text(
    draw: Canvas,
    xy: Point,
    text: str,
    size: int,
    fill: RGB,
    *,
    halo: RGB | None = None,
    halo_width: int | None = None,
    bold: bool = False,
    anchor: str = "mm",
) -> None:
    """Draw `text` at `xy`, optionally faux-bold and ringed by a halo for legibility."""
    text = printable(text)
    note("text", text, size)
    bold_w = _bold_stroke(size) if bold else 0
    hw = 0
    if halo is not None:
        hw = halo_width if halo_width is not None else max(2, round(size / 7))
    placed = _words(text, size, bold_w, hw, anchor, xy) if " " in text else None
    if placed is None:
        make = _cached_sprite if len(text) <= _SHORT else _make_sprite
        sprite = make(text, size, bold_w, hw, anchor)
        if sprite is None:
            return
        placed = [((round(xy[0]) + sprite.left, round(xy[1]) + sprite.top), sprite)]
    if halo is not None:
        # Every halo first, so no halo covers the ink of the word before it.
        for at, sprite in placed:
            if sprite.halo is not None:
                draw.paste_mask(halo, at, sprite.halo)
    for at, sprite in placed:
        draw.paste_mask(fill, at, sprite.fill)


@lru_cache(maxsize=1)
def _ellipsis() -> str:
    """Return the mark that ends a cut text: '…' when the font has it, else '.'."""
    return "\u2026" if _printable("\u2026") == "\u2026" else "."


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """Shorten `text` with a trailing '…' ('.' if the font lacks it) until it fits.

    A character at a time from the end, as ever; but a try whose whole words before
    its cut word are too wide already is passed over unmeasured (no word is less than
    nothing wide), for measuring each cut word afresh costs FreeType about 70 us.
    """
    text = printable(text)
    if text_width(text, size, bold=bold) <= max_width:
        return text
    mark = _ellipsis()
    stroke = _bold_stroke(size) * 2 if bold else 0
    while len(text) > 1:
        cut = text.rstrip() + mark
        if _whole_words(cut, size) + stroke <= max_width and (
                text_width(cut, size, bold=bold) <= max_width):
            break
        text = text[:-1]
    return text.rstrip() + mark


def _whole_words(text: str, size: int) -> float:
    """Return the width of a line's words but its last, as `text_width` adds them up."""
    if " " not in text:
        return 0.0
    return sum(_advance(token, size) for token in _TOKENS.findall(text)[:-1])


def wrap(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """Break `text` into lines (joined by newlines) no wider than `max_width` where it can.

    Lines break between words only: a word wider than `max_width` keeps a line of its
    own, whole, so no name is ever cut short.
    """
    lines: list[str] = []
    for word in printable(text).split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold=bold) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)
