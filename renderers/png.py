"""A palette PNG whose zlib stream is put together from separately compressed bands.

A palette PNG is the signature, IHDR (size, 8-bit palette colour), PLTE (the colours),
tRNS when some are transparent, one IDAT holding the zlib stream of the rows (each row
one byte of filter type 0, then one palette index per pixel) and IEND. Compressing
that stream used to be most of a turn's cost.

Consecutive boards of a game differ in a few places: a unit moved, a panel line
changed. So a board's rows are cut into bands of BAND_ROWS rows, and each band is
deflated on its own (with the rows just above it as its dictionary), ending on a byte
boundary with an empty stored block (zlib's sync flush), so that the compressed bands
can be laid end to end as one valid stream; a board drawn over the last one of its game
(renderers/layers.py) compresses only the bands whose rows changed (`frame_bands`).
A board whose PNG would pass BUDGET has bands compressed at DENSER too, from the top
down, each posted so, until it fits (`denser_bands`): a board a little over needs a
few of them, not every band at four times the cost. Which bands, and the
bytes, depend on the picture alone. zlib-ng does the deflating (pinned in
pyproject.toml; the standard library's zlib, the same interface, where no wheel).

Other pictures (standings, brackets: drawn after a result, not every turn) are
compressed whole by `write_png`, at DENSER (about four times the time, 8% smaller) too
when LEVEL leaves them near BUDGET.
"""

from __future__ import annotations

import io
import struct
import zlib
from types import ModuleType

from PIL import Image

LEVEL = 6  # deflate level, 1..9
BUDGET = 60_000  # bytes: the upload budget of a board's PNG
DENSER = 9
# The share of a board's bytes at LEVEL that DENSER saves at most, about: 6-9% over the
# demo boards near the budget. A board further over is drawn narrower without trying it.
MOST_SAVED = 0.1
BAND_ROWS = 32  # about 38 KB of rows a band at 1,200 pixels; see bench/RESULTS.md
SIGNATURE = b"\x89PNG\r\n\x1a\n"
# A zlib header (deflate, 32 KB window, no preset dictionary) and the empty final block
# (fixed Huffman codes, end of block) that closes a stream of sync-flushed bands.
_HEADER = b"\x78\x9c"
_LAST_BLOCK = b"\x03\x00"

_deflate: ModuleType
try:  # pragma: no branch - which one depends on the platform's wheels
    from zlib_ng import zlib_ng as _deflate
except ImportError:  # pragma: no cover - no wheel for this platform
    _deflate = zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind))))


def write_png(image: Image.Image) -> bytes:
    """Encode a palette ("P") image as PNG bytes (its rows compressed whole)."""
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
    stream = _deflate.compress(rows, LEVEL)
    if len(stream) > BUDGET - 1000:  # the other chunks take under 1,000 bytes
        stream = min(stream, _deflate.compress(rows, DENSER), key=len)
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




# ---------------------------------------------------------------------------
# Boards drawn as layers (renderers/layers.py): the bands a frame's dirty rows touch

# A band is compressed with the WINDOW_ROWS rows before it as its dictionary, so it
# may refer back into them as one whole stream would (a row is most like the rows just
# above it): a board in bands comes out within about 1% of the whole stream's size
# (with none, 5% bigger). A band is compressed again when its own rows changed or the
# WINDOW_ROWS rows above it did. 32 rows a band and 8 of dictionary measured best: 16,
# 24, 48 or 64 rows, and 16 of dictionary, compress within a few per cent of the same
# CPU over every demo turn (interleaved on the same frames), and 16 or 24 rows make
# boards 1-2% bigger (Fantasy Warriors: 2-6 more drawn narrower).
WINDOW_ROWS = 8
_ADLER_BASE = 65521


def _chained(rows: bytes | memoryview, window: bytes | memoryview, level: int) -> bytes:
    if window:
        squeezer = _deflate.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS, zdict=window)
    else:
        squeezer = _deflate.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    squeezed: bytes = squeezer.compress(rows) + squeezer.flush(zlib.Z_SYNC_FLUSH)
    return squeezed


def _adler_combine(first: int, second: int, length: int) -> int:
    """Return the Adler-32 of two byte strings laid end to end (zlib's adler32_combine)."""
    rem = length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem
    return (sum1 % _ADLER_BASE) | ((sum2 % _ADLER_BASE) << 16)


def _touched(spans: tuple[tuple[int, int], ...], count: int, window: int) -> set[int]:
    """Return the bands rows `spans` touch, and those whose dictionary rows they touch."""
    out: set[int] = set()
    for top, bottom in spans:
        # Their own bands, then those whose dictionary (the `window` rows just above
        # them) these rows reach into.
        out.update(range(top // BAND_ROWS, (bottom - 1 + window) // BAND_ROWS + 1))
    return {band for band in out if band < count}


def _window(level: int, width: int) -> int:
    """Return the rows above a band given as its dictionary at `level`.

    DENSER is for boards over the budget: its bands take the most dictionary deflate
    may refer back into (32 KB), for the last few per cent.
    """
    return WINDOW_ROWS if level == LEVEL else 32 * 1024 // width


def _rows(indices: Image.Image, top: int, bottom: int) -> bytes:
    """Return a frame's rows from `top` to `bottom` (clipped to the picture)."""
    width, height = indices.size
    data: bytes = indices.crop((0, max(0, top), width, min(height, bottom))).tobytes()
    return data


def _band(indices: Image.Image, band: int, level: int) -> tuple[bytes, bytes]:
    """Compress one band of a frame's rows at `level`, the rows above it as its
    dictionary; return it and the band's rows."""
    top = band * BAND_ROWS
    start = max(0, top - _window(level, indices.width))
    # One crop for both: a crop costs about as much as the deflate's dictionary.
    view = memoryview(_rows(indices, start, top + BAND_ROWS))
    split = (top - start) * indices.width
    mine = view[split:]
    return _chained(mine, view[:split], level), mine.tobytes()


def frame_bands(
    indices: Image.Image,
    bands: tuple[bytes, ...],
    checks: tuple[int, ...],
    spans: tuple[tuple[int, int], ...],
    level: int = LEVEL,
) -> tuple[tuple[bytes, ...], tuple[int, ...]]:
    """Return the compressed bands and Adler-32s of a frame's rows (`indices`, filter
    bytes included), compressing again only the bands its redrawn row `spans` touch.

    `bands` and `checks` are the last frame's (compressed at the same `level`): with
    another number of them, every band is compressed.
    """
    count = -(-indices.height // BAND_ROWS)
    if len(bands) == count:
        new_bands, new_checks = list(bands), list(checks)
        todo = _touched(spans, count, _window(level, indices.width))
    else:
        new_bands, new_checks = [b""] * count, [0] * count
        todo = set(range(count))
    for band in sorted(todo):
        new_bands[band], mine = _band(indices, band, level)
        new_checks[band] = _deflate.adler32(mine)
    return tuple(new_bands), tuple(new_checks)


def denser_bands(
    indices: Image.Image,
    bands: tuple[bytes, ...],
    denser: tuple[bytes, ...],
    spans: tuple[tuple[int, int], ...],
) -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """Return the bands to post of a frame compressed in `bands` (at LEVEL), and the
    bands of it known at DENSER (b"" for those not compressed so).

    While its PNG passes BUDGET (by less than MOST_SAVED of its bands), its bands from
    the top down are compressed at DENSER too, each posted so where that is smaller,
    until it fits or none is left (then it does not fit). Mixing levels is no harm:
    each band is deflated with the very rows above it as its dictionary, whatever
    compressed those. A denser band costs about four times a LEVEL one for 1-30% fewer
    bytes (some 100 bytes at 1,080 pixels).
    `denser` is the last frame's: those of its bands that the redrawn row `spans` touch
    are forgotten, the others are this one's.
    """
    count = len(bands)
    known = list(denser) if len(denser) == count else [b""] * count
    for band in _touched(spans, count, _window(DENSER, indices.width)):
        known[band] = b""
    posted = list(bands)
    over = sum(map(len, bands)) + _overhead(indices) - BUDGET
    if over > MOST_SAVED * sum(map(len, bands)):
        over = 0  # too far over for DENSER to bring it within the budget: not tried
    for band in range(count):
        if over <= 0:
            break
        if not known[band]:
            known[band], _ = _band(indices, band, DENSER)
        if len(known[band]) < len(posted[band]):
            over -= len(posted[band]) - len(known[band])
            posted[band] = known[band]
    return tuple(posted), (tuple(known) if any(known) else ())


def inflate_bands(bands: tuple[bytes, ...]) -> bytes:
    """Return the rows (filter bytes included) a frame's bands hold.

    Each band is sync-flushed raw deflate whose dictionary is the rows just above it,
    so the bands laid end to end are one raw deflate stream of all the rows: a compact
    frame's picture comes back from them (about 1 ms for 1.2 MB of rows, zlib-ng).
    """
    inflater = _deflate.decompressobj(-zlib.MAX_WBITS)
    rows: bytes = inflater.decompress(b"".join(bands))
    return rows


def _overhead(indices: Image.Image) -> int:
    """Return the bytes of a frame's PNG (`board_png`) besides its compressed bands."""
    colours = min(len(indices.getpalette() or [0, 0, 0]) // 3, 256)
    # The signature; IHDR; PLTE; IDAT's length, kind and CRC, the zlib header, last
    # block and Adler-32; IEND.
    return len(SIGNATURE) + 25 + (12 + 3 * colours) + (12 + 2 + 2 + 4) + 12


def board_png(indices: Image.Image, bands: tuple[bytes, ...], checks: tuple[int, ...]) -> bytes:
    """Return the PNG of a frame (`indices` one column wider: each row's filter byte, 0)."""
    framed_width, height = indices.size
    stride = framed_width
    check = 1
    for band, part in enumerate(checks):
        length = min(BAND_ROWS, height - band * BAND_ROWS) * stride
        check = _adler_combine(check, part, length)
    stream = b"".join((_HEADER, *bands, _LAST_BLOCK, struct.pack(">I", check)))
    palette = bytes(indices.getpalette() or [0, 0, 0])
    colours = min(len(palette) // 3, 256)
    return b"".join((
        SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", framed_width - 1, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", palette[: colours * 3]),
        _chunk(b"IDAT", stream),
        _chunk(b"IEND", b""),
    ))


__all__ = [
    "BAND_ROWS", "BUDGET", "DENSER", "LEVEL", "WINDOW_ROWS", "board_png",
    "denser_bands", "encode_png", "frame_bands", "inflate_bands", "write_png",
]
