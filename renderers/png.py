"""A palette PNG whose zlib stream is put together from separately compressed bands.

A palette PNG is the signature, IHDR (size, 8-bit palette colour), PLTE (the colours),
tRNS when some are transparent, one IDAT holding the zlib stream of the rows (each row
one byte of filter type 0, then one palette index per pixel) and IEND. Compressing
that stream used to be most of a turn's cost.

Consecutive boards of a game differ in a few places: a unit moved, a panel line
changed. So the rows are cut into bands of BAND_ROWS rows, and each band is deflated
on its own, ending on a byte boundary with an empty stored block (zlib's sync flush),
so that the compressed bands can be laid end to end as one valid stream. A band's
compressed bytes are kept (BANDS), keyed by the SHA-256 of its rows, and a board only
compresses the bands no earlier board had. zlib-ng does the deflating (pinned in
pyproject.toml; the standard library's zlib, the same interface, where no wheel).

Bands cannot refer back to one another, which costs a few per cent of size: a board
that would come out near BUDGET that way is compressed whole at LEVEL (two of the 111
Fantasy Warriors demo boards), and at DENSER (about four times the time, 8% smaller)
if that is still near it (none of the demo boards).
"""

from __future__ import annotations

import hashlib
import io
import struct
import zlib
from functools import partial
from types import ModuleType

from PIL import Image

from renderers.caches import LayerCache

LEVEL = 6  # deflate level, 1..9
BUDGET = 60_000  # bytes; a board near it in bands is compressed whole
DENSER = 9
BAND_ROWS = 32  # about 38 KB of rows a band at 1,200 pixels; see bench/RESULTS.md
SIGNATURE = b"\x89PNG\r\n\x1a\n"
# A zlib header (deflate, 32 KB window, no preset dictionary) and the empty final block
# (fixed Huffman codes, end of block) that closes a stream of sync-flushed bands.
_HEADER = b"\x78\x9c"
_LAST_BLOCK = b"\x03\x00"
# About 1.6 KB a band: some 7 MB, the bands of a few hundred recent boards (the bot's
# BANNERET_PNG_BANDS sets another number).
KEPT_BANDS = 4096
BANDS: LayerCache[bytes] = LayerCache(maxsize=KEPT_BANDS)

_deflate: ModuleType
try:  # pragma: no branch - which one depends on the platform's wheels
    from zlib_ng import zlib_ng as _deflate
except ImportError:  # pragma: no cover - no wheel for this platform
    _deflate = zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind))))


def _band(rows: memoryview) -> bytes:
    squeezer = _deflate.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    squeezed: bytes = squeezer.compress(rows) + squeezer.flush(zlib.Z_SYNC_FLUSH)
    return squeezed


def _in_bands(rows: bytes, stride: int) -> bytes:
    """Return the zlib stream of `rows`, made of cached or newly compressed bands."""
    whole = memoryview(rows)
    step = BAND_ROWS * stride
    parts = [_HEADER]
    for start in range(0, len(rows), step):
        band = whole[start : start + step]
        parts.append(BANDS.get(hashlib.sha256(band).digest(), partial(_band, band)))
    parts.append(_LAST_BLOCK)
    parts.append(struct.pack(">I", _deflate.adler32(rows)))
    return b"".join(parts)


def write_png(image: Image.Image) -> bytes:
    """Encode a palette ("P") image as PNG bytes.

    In cached bands; compressed whole when that comes near BUDGET (a few busy boards).
    """
    if image.mode != "P":
        raise ValueError(f"write_png takes a palette image, not mode {image.mode}")
    width, height = image.size
    palette = bytes(image.getpalette() or [0, 0, 0])
    colours = min(len(palette) // 3, 256)
    # Each row starts with its filter byte (0): the picture pasted one pixel in from the
    # left of a wider one whose first column is 0 gives exactly those rows, in C.
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(image, (1, 0))
    rows = framed.tobytes()
    parts = [
        SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", palette[: colours * 3]),
    ]
    transparency = image.info.get("transparency")
    if isinstance(transparency, int):
        parts.append(_chunk(b"tRNS", b"\xff" * transparency + b"\x00"))
    elif isinstance(transparency, bytes):
        parts.append(_chunk(b"tRNS", transparency[:colours]))
    stream = _in_bands(rows, width + 1)
    for level in (LEVEL, DENSER):
        if len(stream) > BUDGET - 1000:  # the other chunks take under 1,000 bytes
            stream = min(stream, _deflate.compress(rows, level), key=len)
    parts.append(_chunk(b"IDAT", stream))
    parts.append(_chunk(b"IEND", b""))
    return b"".join(parts)


def encode_png(
    image: Image.Image, *, quantize: bool = True, palette: Image.Image | None = None
) -> bytes:
    """Encode an image as PNG, by default reduced to a 256-colour palette first.

    With `palette` (from `palette_of`) each pixel takes its nearest colour in it: several
    times faster than finding a palette for every picture, and as close when the
    palette was made from pictures of the same board.
    """
    if not quantize:
        out = image
    elif palette is not None:
        out = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        out = image.quantize(256, method=Image.Quantize.FASTOCTREE)
    buf = io.BytesIO()
    out.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


__all__ = [
    "BAND_ROWS", "BANDS", "BUDGET", "DENSER", "KEPT_BANDS", "LEVEL", "encode_png", "write_png",
]
