"""What a board image shows, as data: the public picture a renderer draws.

Each system turns its public view into one of these; renderers draw them without
knowing the game. Static parts (map, terrain, section lines) are keyed by
`static_key` so a renderer can draw them once and cache them.

Words on a picture (`Text` fields) are messages or terms for the catalogue; the bot
words them in the game's language before the picture is drawn (bot.text.word_view).
"""

from __future__ import annotations

from typing import Literal

from rules.core.model import Frozen
from rules.core.text import Msg, Term

Shape = Literal["circle", "triangle", "square", "diamond", "star"]
# Words on the picture: a message or a term for the catalogue, or text already worded.
Text = str | Msg | Term


class PanelLine(Frozen):
    """One line of the side panel; `side` tints it with that side's colour."""

    text: Text
    side: str | None = None
    bold: bool = False


class Panel(Frozen):
    """The side panel: title, then lines (turn, score, cards in hand, tokens...)."""

    title: Text
    lines: tuple[PanelLine, ...] = ()


class Terrain(Frozen):
    """A terrain hex: `kind` picks the fill (forest, hill, river, village, ...)."""

    hex: str
    kind: str


class HexMarker(Frozen):
    """A piece on a hex: a unit, a leader, or both (an attached leader).

    `pointers` are board directions (0-5, in the order of `rules.core.hexgrid.neighbours`:
    E, NE, NW, W, SW, SE) the piece may go, drawn as notches on its rim toward those
    neighbours (e.g. the arrows of a face-up Bushido movement piece).
    """

    hex: str
    side: str
    shape: Shape
    label: str
    count: int | None = None
    leader: str | None = None
    cavalry: bool = False
    ranged: bool = False
    highlight: bool = False
    faded: bool = False
    pointers: tuple[int, ...] = ()


class Arrow(Frozen):
    """A line between two hexes or points; `kind` is 'move', 'battle' or 'retreat'."""

    start: str
    end: str
    kind: Literal["move", "battle", "retreat"] = "move"


class HexBoardView(Frozen):
    """A hex map with pieces, for Samurai Battles and Bushido."""

    static_key: str
    cols: int
    rows: int
    short_odd_rows: bool = True
    section_lines: tuple[float, ...] = ()
    # Special multi-hex spaces drawn as one outlined area (e.g. a commander's camp).
    areas: tuple[tuple[Text, tuple[str, ...]], ...] = ()
    terrain: tuple[Terrain, ...] = ()
    sides: dict[str, str] = {}
    markers: tuple[HexMarker, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    flipped: bool = False
    panel: Panel = Panel(title="")


class TableFeature(Frozen):
    """A terrain piece on a tabletop: a polygon of points in inches."""

    kind: str
    points: tuple[tuple[float, float], ...]
    label: Text = ""


class TableObjective(Frozen):
    """An objective marker; `holder` is the side that controls it, if any."""

    x: float
    y: float
    label: Text
    holder: str | None = None
    contested: bool = False
    radius: float = 3.0


class StatusTag(Frozen):
    """A tag hung under a unit; `kind` picks its colour ("shocked", "below-half", ...)."""

    kind: str
    text: Text


class TableUnit(Frozen):
    """A unit's footprint on a tabletop: a round base of `radius`, or, when `frontage` is
    given, a rectangle `frontage` wide and `depth` deep around (x, y), its front toward
    `facing` (a compass bearing: 0 up the table, 90 to the right). `radius` then says how far
    the block reaches up and down from its middle, for hanging tags."""

    x: float
    y: float
    side: str
    label: Text
    radius: float = 1.0
    frontage: float | None = None
    depth: float | None = None
    facing: float = 0.0
    status: tuple[str | StatusTag, ...] = ()
    highlight: bool = False


class TableArrow(Frozen):
    """A line between two points in inches."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: Literal["move", "battle", "retreat", "target"] = "move"


class TabletopView(Frozen):
    """A measured battlefield with units and objectives, for 40k and Fantasy Warriors."""

    static_key: str
    width: float
    height: float
    features: tuple[TableFeature, ...] = ()
    sides: dict[str, str] = {}
    objectives: tuple[TableObjective, ...] = ()
    units: tuple[TableUnit, ...] = ()
    arrows: tuple[TableArrow, ...] = ()
    panel: Panel = Panel(title="")


BoardView = HexBoardView | TabletopView
