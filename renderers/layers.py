"""Boards drawn as layers that know what changed: drawings recorded, redone where they differ.

A board's drawing (pieces, arrows, highlights, panel lines) is first recorded, not
drawn: each call the drawing code makes (a polygon, a line, a text or a piece pasted
through its mask) is kept (`Call`) with the box of pixels it can touch. The picture
of each game's last board (its lineage) is kept (`Frame`, in `Frames`) in palette
indices with its PNG bands compressed; a board of a game with none is drawn over the
newest of the same map, width, height and sides. The new board's calls are matched in
order with the last one's; a call new or gone makes its box dirty, and a call that
touches a dirty box makes its own box dirty too, until none does. Then only the dirty
boxes are drawn: the static layer put back under them, every call that touches them
replayed in order, and those boxes alone mapped to the board's palette. A replayed call
is the very call a whole drawing makes on the same pixels under it, and the palette
maps each pixel on its own, so the picture is the one drawing the board from nothing
gives (`picture`; tests/renderers/test_layers.py checks every demo board both ways).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageChops

from renderers.canvas import Box, Canvas
from renderers.colours import RGB
from renderers.png import inflate_bands

IntBox = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Call:
    """One drawing call: what it draws (`key`), where it may touch (`box`), how to redo it."""

    key: Hashable
    box: IntBox
    blend: bool  # drawn through an RGBA context (semi-transparent fills blend)
    name: str
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...]


def _frozen(value: Any) -> Hashable:
    """Return a hashable stand-in for a drawing call's argument (points come as lists)."""
    if type(value) is list:
        return tuple(tuple(v) if type(v) is list else v for v in value)
    hashable: Hashable = value
    return hashable


def _numbers(xy: Any) -> list[float]:
    """Return the flat coordinates of points given as Pillow takes them."""
    out: list[float] = []
    for v in xy:
        if isinstance(v, list | tuple):
            out.extend(_numbers(v))
        else:
            out.append(float(v))
    return out


def _around(xy: Any, pad: float) -> IntBox:
    """Return the pixel box of points `xy`, `pad` pixels larger all round (and one more)."""
    n = _numbers(xy)
    xs, ys = n[0::2], n[1::2]
    return (math.floor(min(xs) - pad) - 1, math.floor(min(ys) - pad) - 1,
            math.ceil(max(xs) + pad) + 2, math.ceil(max(ys) + pad) + 2)


class Recorder(Canvas):
    """A canvas that draws nothing: it appends each call, with its box, to `calls`.

    It has no drawing core, so a Pillow call it does not know fails loudly instead of
    being lost from the picture.
    """

    def __init__(self, calls: list[Call], *, blend: bool = False) -> None:
        super().__init__(Image.new("RGB", (1, 1)), "RGBA" if blend else None)
        self.draw = None
        self._calls = calls
        self._blend = blend

    def _keep(self, name: str, box: IntBox, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        items = tuple(kwargs.items())
        key = (self._blend, name, tuple(map(_frozen, args)), items)
        self._calls.append(Call(key, box, self._blend, name, args, items))

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        """Record a polygon (its outline is kept inside it)."""
        self._keep("polygon", _around(xy, 2), (xy,), {"fill": fill, "outline": outline,
                                                    "width": width})

    def line(self, xy: Any, fill: Any = None, width: int = 0, joint: str | None = None) -> None:
        """Record a line (wide ones reach half their width past their points, round joints too)."""
        self._keep("line", _around(xy, width + 2), (xy,), {"fill": fill, "width": width,
                                                         "joint": joint})

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        """Record an ellipse in its box."""
        self._keep("ellipse", _around(xy, 2), (xy,), {"fill": fill, "outline": outline,
                                                    "width": width})

    def arc(self, xy: Any, start: float, end: float, fill: Any = None, width: int = 1) -> None:
        """Record an arc of the ellipse in `xy`."""
        self._keep("arc", _around(xy, 2), (xy, start, end), {"fill": fill, "width": width})

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        """Record a rectangle."""
        self._keep("rectangle", _around(xy, 2), (xy,), {"fill": fill, "outline": outline,
                                                        "width": width})

    def rounded_rectangle(self, xy: Any, radius: float = 0, fill: Any = None,
                          outline: Any = None, width: int = 1, **kw: Any) -> None:
        """Record a rounded rectangle."""
        self._keep("rounded_rectangle", _around(xy, 2), (xy,),
                   {"radius": radius, "fill": fill, "outline": outline, "width": width, **kw})

    def regular_polygon(self, bounding_circle: Any, n_sides: int, rotation: float = 0,
                        fill: Any = None, outline: Any = None, width: int = 1) -> None:
        """Record a regular polygon inside its bounding circle."""
        n = _numbers(bounding_circle)
        x, y, r = n[0], n[1], n[-1]
        self._keep("regular_polygon", _around(((x - r, y - r), (x + r, y + r)), width + 2),
                   (bounding_circle, n_sides),
                   {"rotation": rotation, "fill": fill, "outline": outline, "width": width})

    def paste_mask(self, source: Image.Image | RGB, at: tuple[int, int],
                   mask: Image.Image) -> None:
        """Record a paste of `source` through `mask` at `at` (text, kept pieces)."""
        w, h = mask.size
        x, y = at
        # A picture stands for itself by id: a frame keeps its calls, so the pictures
        # they name stay alive while they are compared, and live pictures never share one.
        what = id(source) if isinstance(source, Image.Image) else source
        key = (self._blend, "paste_mask", what, x, y, id(mask))
        self._calls.append(Call(key, (x, y, x + w, y + h), self._blend, "paste_mask",
                                (source, at, mask), ()))


def replay(calls: Iterable[Call], image: Image.Image) -> None:
    """Draw `calls` in order on `image` (an RGB picture)."""
    plain = Canvas(image)
    blend: Canvas | None = None
    for call in calls:
        target = plain
        if call.blend:
            target = blend = blend or Canvas(image, "RGBA")
        getattr(target, call.name)(*call.args, **dict(call.kwargs))


@dataclass(frozen=True)
class Board:
    """A board to draw: its static layer (the map), the panel's colour under it, its calls.

    `key` names everything but the calls: map, width, height and sides (the palette).
    """

    key: Hashable
    size: tuple[int, int]
    static: Image.Image
    backdrop: RGB
    calls: tuple[Call, ...]
    palette: Image.Image | None  # None: only ever drawn whole in RGB (`picture`)


@dataclass(frozen=True)
class Frame:
    """A drawn board in palette indices, one column wider (the PNG rows' filter bytes, 0),
    with the calls it was drawn from and what the PNG writer kept of its bands."""

    calls: tuple[Call, ...]
    indices: Image.Image
    bands: tuple[bytes, ...]
    checks: tuple[int, ...]  # the Adler-32 of each band's rows
    denser: tuple[bytes, ...]  # the bands known at png.DENSER (b"": not), for boards over budget
    dirty: tuple[tuple[int, int], ...]  # the rows drawn again, as (top, bottom) spans


# What a frame's recorded calls hold in memory, a call: 550-760 bytes measured with
# tracemalloc over the demo boards of every system (the points, the argument tuples, the
# Call itself; the pictures pasted are the shared caches' own).
CALL_BYTES = 768
FRAME_OVERHEAD = 2048  # the frame's own objects and its place in the kept ones
# Frames kept, in bytes: a render worker holds about 62 MiB without them (bench load), and
# each game's frame costs about 0.1-0.35 MB once compact (0.13 MB a Samurai game), so some
# 25-80 games a process within the 80 MiB a worker. Its resident memory grows by
# about a fifth more than the frames counted here (77.5 MiB measured with 12 MiB of them).
FRAME_BYTES = 10 * 1024 * 1024
# Frames kept whole (their palette-index picture, about 1.2 MB at 1,080 px); the rest are
# compact, their picture inflated again from their bands (about 1 ms) when drawn over.
HOT_FRAMES = 2


@dataclass(frozen=True, slots=True)
class _Kept:
    """A kept frame: its board key, and its picture while it is one of the hot ones."""

    key: Hashable
    size: tuple[int, int]  # of the picture, filter column included
    calls: tuple[Call, ...]
    indices: Image.Image | None  # None: compact, the picture is in `bands`
    bands: tuple[bytes, ...]
    checks: tuple[int, ...]
    denser: tuple[bytes, ...]

    @property
    def cost(self) -> int:
        """Return about how many bytes this frame holds."""
        w, h = self.size
        return (FRAME_OVERHEAD + (w * h if self.indices is not None else 0)
                + sum(map(len, self.bands)) + sum(map(len, self.denser))
                + 8 * len(self.checks) + CALL_BYTES * len(self.calls))


@dataclass(frozen=True)
class FramesInfo:
    """Counters of the kept frames, for tests and benchmarks."""

    hits: int  # boards drawn over a kept frame (their game's own or the key's newest)
    misses: int  # boards drawn from nothing
    own: int  # of the hits, those over their own lineage's frame
    inflated: int  # compact frames whose picture was inflated from its bands
    size: int
    hot: int
    bytes: int
    budget: int


class Frames:
    """The frames boards are drawn over: one per lineage (a game), within a budget of bytes.

    A board is drawn over its lineage's last frame when that was of the same board key,
    else over the newest frame of its key (the same static layer, most of it unchanged).
    The HOT_FRAMES newest keep their picture; the others keep their calls, bands and
    checks only, their picture inflated again when drawn over (the bands are one raw
    deflate stream of the rows). The least recently used go first past the budget.
    Thread-safe; the frames it returns are the caller's own to draw on (a hot picture
    is handed over, its frame kept compact).
    """

    def __init__(self, budget: int = FRAME_BYTES, hot: int = HOT_FRAMES) -> None:
        self._lock = threading.Lock()
        self._slots: OrderedDict[Hashable, _Kept] = OrderedDict()  # least recent first
        self._hot: OrderedDict[Hashable, None] = OrderedDict()
        self._newest: dict[Hashable, Hashable] = {}  # board key -> slot of its newest frame
        self._budget = budget
        self._hot_count = hot
        self._bytes = 0
        self._hits = self._misses = self._own = self._inflated = 0

    @staticmethod
    def _slot(key: Hashable, lineage: Hashable | None) -> Hashable:
        return ("board", key) if lineage is None else ("lineage", lineage)

    def find(self, key: Hashable, lineage: Hashable | None,
             palette: Image.Image) -> Frame | None:
        """Return the frame to draw a board of `key` over (None: none kept), the caller's own.

        A hot frame's picture is handed over, not copied (1.2 MB at 1,080 px): the kept
        frame turns compact, so a board drawn over it again (another thread's, or this
        one's after a failure mid-draw) has its picture inflated from its bands.
        """
        with self._lock:
            slot = self._slot(key, lineage)
            kept = self._slots.get(slot)
            if kept is not None and kept.key == key:
                self._own += lineage is not None
            else:
                slot = self._newest.get(key)
                kept = None if slot is None else self._slots.get(slot)
            if kept is None:
                self._misses += 1
                return None
            self._hits += 1
            self._slots.move_to_end(slot)
            self._inflated += kept.indices is None
            indices = kept.indices
            if indices is not None and kept.bands:
                self._hot.pop(slot, None)
                self._slots[slot] = cooled = replace(kept, indices=None)
                self._bytes -= kept.cost - cooled.cost
            elif indices is not None:
                indices = indices.copy()  # no bands to inflate it from again
        if indices is None:
            indices = Image.frombytes("P", kept.size, inflate_bands(kept.bands))
            indices.putpalette(palette.getpalette() or [])
        return Frame(kept.calls, indices, kept.bands, kept.checks, kept.denser, ())

    def put(self, key: Hashable, lineage: Hashable | None, frame: Frame) -> None:
        """Keep `frame` as the last of `lineage` (or of `key`, without one), hot."""
        kept = _Kept(key, frame.indices.size, frame.calls, frame.indices, frame.bands,
                     frame.checks, frame.denser)
        slot = self._slot(key, lineage)
        with self._lock:
            self._forget(slot)
            self._slots[slot] = kept
            self._hot[slot] = None
            self._newest[key] = slot
            self._bytes += kept.cost
            while len(self._hot) > self._hot_count:
                self._cool(next(iter(self._hot)))
            self._fit()

    def _fit(self) -> None:
        """Come within the budget: older hot frames made compact first, then the least
        recently used frames dropped."""
        while self._bytes > self._budget and len(self._hot) > 1:
            self._cool(next(iter(self._hot)))
        while self._bytes > self._budget and self._slots:
            self._forget(next(iter(self._slots)))

    def _cool(self, slot: Hashable) -> None:
        """Drop a hot frame's picture (a frame without bands cannot be rebuilt: dropped)."""
        del self._hot[slot]
        kept = self._slots[slot]
        if not kept.bands:
            self._forget(slot)
            return
        cooled = replace(kept, indices=None)
        self._slots[slot] = cooled
        self._bytes -= kept.cost - cooled.cost

    def _forget(self, slot: Hashable) -> None:
        """Drop a slot's frame; its key's newest is then the newest other frame of it."""
        kept = self._slots.pop(slot, None)
        if kept is None:
            return
        self._hot.pop(slot, None)
        self._bytes -= kept.cost
        if self._newest.get(kept.key) == slot:
            del self._newest[kept.key]
            for other in reversed(self._slots):
                if self._slots[other].key == kept.key:
                    self._newest[kept.key] = other
                    break

    def resize(self, budget: int) -> None:
        """Keep at most `budget` bytes of frames from now on (0: keep none)."""
        with self._lock:
            self._budget = budget
            self._fit()

    def info(self) -> FramesInfo:
        """Return the counters, how many frames are kept (and hot) and their bytes."""
        with self._lock:
            return FramesInfo(self._hits, self._misses, self._own, self._inflated,
                              len(self._slots), len(self._hot), self._bytes, self._budget)

    def clear(self) -> None:
        """Forget every frame and reset the counters."""
        with self._lock:
            self._slots.clear()
            self._hot.clear()
            self._newest.clear()
            self._bytes = 0
            self._hits = self._misses = self._own = self._inflated = 0


FRAMES = Frames()


def _restore(scratch: Image.Image, board: Board, box: IntBox) -> None:
    """Put the static layer (and the panel's plain band below it) back under `box`."""
    top = board.static.height
    x0, y0, x1, y1 = box
    if y0 < top:
        scratch.paste(board.static.crop((x0, y0, x1, min(y1, top))), (x0, y0))
    if y1 > top:
        scratch.paste(board.backdrop, (x0, max(y0, top), x1, y1))


def picture(board: Board) -> Image.Image:
    """Return the whole board as a new RGB picture: static layer, then every call."""
    image = Image.new("RGB", board.size, board.backdrop)
    image.paste(board.static, (0, 0))
    replay(board.calls, image)
    return image


_scratches = threading.local()


def _scratch(size: tuple[int, int]) -> Image.Image:
    """Return this thread's RGB picture of `size` to draw dirty boxes on (content unknown)."""
    kept: dict[tuple[int, int], Image.Image] | None = getattr(_scratches, "by_size", None)
    if kept is None:
        kept = _scratches.by_size = {}
    found = kept.get(size)
    if found is None:
        if len(kept) >= 2:
            kept.clear()
        found = kept[size] = Image.new("RGB", size)
    return found


def _unmatched(old: Sequence[Call], new: Sequence[Call]) -> tuple[list[IntBox], list[bool]]:
    """Match the new calls with the old in order; return the dirty boxes and which new
    calls kept their match (same call, same order among the kept ones)."""
    waiting: dict[Hashable, list[int]] = {}
    for i in range(len(old) - 1, -1, -1):
        waiting.setdefault(old[i].key, []).append(i)
    used = [False] * len(old)
    kept = [False] * len(new)
    last = -1
    for j, call in enumerate(new):
        stack = waiting.get(call.key)
        while stack and stack[-1] < last:
            stack.pop()  # passed by: could only be matched out of order
        if stack:
            last = stack.pop()
            used[last] = kept[j] = True
    dirty = [c.box for c, u in zip(old, used, strict=True) if not u]
    dirty += [c.box for c, k in zip(new, kept, strict=True) if not k]
    return dirty, kept


# Two dirty boxes are drawn as one when that adds fewer pixels than this: mapping a box
# to the palette costs about as much again as this many pixels on its own.
MERGE_SLACK = 16_000


def _merged(boxes: list[IntBox], size: tuple[int, int]) -> list[IntBox]:
    """Clip `boxes` to the picture and merge those that overlap (or nearly so) into one."""
    out: list[IntBox] = []
    for b in boxes:
        box = (max(0, b[0]), max(0, b[1]), min(size[0], b[2]), min(size[1], b[3]))
        if box[0] < box[2] and box[1] < box[3]:
            _add(out, box)
    return out


def _add(boxes: list[IntBox], box: IntBox) -> bool:
    """Add `box` to disjoint-ish `boxes`, merging; say whether they cover more than before."""
    x0, y0, x1, y1 = box
    for o in boxes:
        if o[0] <= x0 and o[1] <= y0 and x1 <= o[2] and y1 <= o[3]:
            return False  # inside one already
    again = True
    while again:
        again = False
        area = (x1 - x0) * (y1 - y0)
        for i, (a0, b0, a1, b1) in enumerate(boxes):
            u0, v0, u1, v1 = min(a0, x0), min(b0, y0), max(a1, x1), max(b1, y1)
            if (u1 - u0) * (v1 - v0) <= area + (a1 - a0) * (b1 - b0) + MERGE_SLACK:
                x0, y0, x1, y1 = u0, v0, u1, v1
                del boxes[i]
                again = True
                break
    boxes.append((x0, y0, x1, y1))
    return True


def _closed(calls: Sequence[Call], dirty: list[IntBox],
            size: tuple[int, int]) -> tuple[list[IntBox], list[Call]]:
    """Grow the dirty boxes by every call touching them; return them and the calls to redo."""
    boxes = _merged(dirty, size)
    taken = [False] * len(calls)
    grew = True
    while grew:
        grew = False
        for i, call in enumerate(calls):
            if taken[i]:
                continue
            x0, y0, x1, y1 = call.box
            for b in boxes:
                if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1:
                    taken[i] = True
                    clipped = (max(0, x0), max(0, y0), min(size[0], x1), min(size[1], y1))
                    grew = _add(boxes, clipped) or grew
                    break
    return boxes, [c for c, t in zip(calls, taken, strict=True) if t]


def _rows_changed(indices: Image.Image, mapped: Image.Image,
                  box: IntBox) -> tuple[int, int] | None:
    """Return the rows of `box` whose palette indices `mapped` changes, None if it changes none.

    A box is drawn again when a call over it changed, but most of its rows often come
    out as they were (a unit moved within a merged box, a panel line said again): the
    bands of rows that did not change need not be compressed again (renderers/png.py).
    """
    x0, y0, x1, y1 = box
    size = (x1 - x0, y1 - y0)
    before, after = indices.crop((x0 + 1, y0, x1 + 1, y1)).tobytes(), mapped.tobytes()
    if before == after:
        return None
    old, new = Image.frombytes("L", size, before), Image.frombytes("L", size, after)
    found = ImageChops.difference(old, new).getbbox()
    return None if found is None else (y0 + found[1], y0 + found[3])


def draw(board: Board, lineage: Hashable | None = None) -> Frame:
    """Draw `board` in palette indices over the frame kept for `lineage` (a game) or, when
    there is none of its key, over the newest of its key; from nothing without either.

    The picture is the same whichever it is drawn over; keep the new frame with `keep`.
    """
    if board.palette is None:
        raise ValueError("a board drawn in palette indices needs its palette")
    last = FRAMES.find(board.key, lineage, board.palette)
    w, h = board.size
    scratch = _scratch(board.size)
    if last is None:
        boxes = [(0, 0, w, h)]
        redo: Sequence[Call] = board.calls
        indices = Image.new("P", (w + 1, h), 0)
        indices.putpalette(board.palette.getpalette() or [])
    else:
        dirty, _ = _unmatched(last.calls, board.calls)
        boxes, redo = _closed(board.calls, dirty, board.size)
        indices = last.indices  # the caller's own (handed over or inflated by FRAMES)
    for box in boxes:
        _restore(scratch, board, box)
    replay(redo, scratch)
    changed: list[tuple[int, int]] = []
    for box in boxes:
        mapped = scratch.crop(box).quantize(palette=board.palette, dither=Image.Dither.NONE)
        span = (box[1], box[3]) if last is None else _rows_changed(indices, mapped, box)
        if span is not None:
            indices.paste(mapped, (box[0] + 1, box[1]))
            changed.append(span)
    spans = tuple(sorted(changed))
    if last is None:
        return Frame(board.calls, indices, (), (), (), spans)
    return Frame(board.calls, indices, last.bands, last.checks, last.denser, spans)


def keep(key: Hashable, frame: Frame, lineage: Hashable | None = None) -> None:
    """Keep `frame` as the last board drawn for `lineage` (and the newest of `key`)."""
    FRAMES.put(key, lineage, frame)


__all__ = ["CALL_BYTES", "FRAMES", "FRAME_BYTES", "HOT_FRAMES", "Board", "Box", "Call", "Frame",
           "Frames", "FramesInfo", "Recorder", "draw", "keep", "picture", "replay"]
