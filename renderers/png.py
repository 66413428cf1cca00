"""A palette PNG written around one libdeflate stream (Pillow's encoder where it is missing).

A palette PNG is the signature, IHDR (size, 8-bit palette colour), PLTE (the colours),
tRNS when some are transparent, one IDAT holding the zlib stream of the rows (each row
one byte of filter type 0, then one palette index per pixel) and IEND. Compressing
that stream is most of a turn's cost, and libdeflate does it in about two thirds of
zlib's time with smaller output; the `deflate` package wraps it (pinned in
pyproject.toml). Without it, Pillow writes the PNG as before.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable

from PIL import Image

LEVEL = 6  # libdeflate 1..12
BUDGET = 60_000  # bytes; a board over it at LEVEL is written again at DENSER
DENSER = 7  # about 1.5x LEVEL's time, 5% smaller
SIGNATURE = b"\x89PNG\r\n\x1a\n"

_compress: Callable[[bytes, int], bytes | bytearray] | None
try:  # pragma: no branch - which one depends on the platform's wheels
    from deflate import zlib_compress as _compress
except ImportError:  # pragma: no cover - no wheel for this platform
    _compress = None


def fast() -> bool:
    """Say whether PNGs are written with libdeflate (else Pillow's zlib encoder)."""
    return _compress is not None


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind))))


def write_png(image: Image.Image, level: int | None = None) -> bytes:
    """Encode a palette ("P") image as PNG bytes.

    By default at LEVEL, and at DENSER when that is over BUDGET (a few busy boards).
    """
    if image.mode != "P":
        raise ValueError(f"write_png takes a palette image, not mode {image.mode}")
    if _compress is None:
        buf = io.BytesIO()
        image.save(buf, "PNG", compress_level=6)
        return buf.getvalue()
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
    stream = bytes(_compress(rows, LEVEL if level is None else level))
    if level is None and len(stream) > BUDGET - 1000:
        stream = min(stream, bytes(_compress(rows, DENSER)), key=len)
    parts.append(_chunk(b"IDAT", stream))
    parts.append(_chunk(b"IEND", b""))
    return b"".join(parts)


__all__ = ["BUDGET", "DENSER", "LEVEL", "fast", "write_png"]
