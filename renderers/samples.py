"""Sample board views for tests, benchmarks and `python -m renderers`."""

from __future__ import annotations

from renderers.bracket import BracketMatch, BracketPicture
from renderers.standings import StandingsPicture
from rules.core.board import (
    Arrow,
    HexBoardView,
    HexMarker,
    Panel,
    PanelLine,
    TableArrow,
    TableFeature,
    TableObjective,
    TabletopView,
    TableUnit,
    Terrain,
)


def samurai_board(*, flipped: bool = False) -> HexBoardView:
    """Return a 13x9 Samurai Battles-like board mid-game: 14 units, two sides, all arrow kinds.

    It is long because it lists a whole sample position, one piece a line.
    """
    terrain = (
        [Terrain(hex=h, kind="forest") for h in ("B3", "C3", "B4", "J6", "K6", "J7")]
        + [Terrain(hex=h, kind="hill") for h in ("F3", "G3", "E7")]
        + [Terrain(hex=h, kind="river") for h in ("A5", "B5", "C5", "D6", "D7")]
        + [Terrain(hex=h, kind="village") for h in ("H4", "I8")]
        + [Terrain(hex="L3", kind="marsh")]
    )
    red = [
        HexMarker(hex="D2", side="Red", shape="circle", label="U1", count=4),
        HexMarker(hex="E3", side="Red", shape="circle", label="U2", count=3, cavalry=True),
        HexMarker(hex="G2", side="Red", shape="triangle", label="U3", count=4, ranged=True),
        HexMarker(hex="H3", side="Red", shape="triangle", label="U4", count=3, leader="L1"),
        HexMarker(hex="J2", side="Red", shape="square", label="U5", count=4, cavalry=True),
        HexMarker(hex="K5", side="Red", shape="square", label="U6", count=3, ranged=True),
        HexMarker(hex="I5", side="Red", shape="square", label="U7", count=2),
    ]
    blue = [
        HexMarker(hex="C8", side="Blue", shape="circle", label="U1", count=4),
        HexMarker(
            hex="D6", side="Blue", shape="circle", label="U2", count=3, cavalry=True, highlight=True
        ),
        HexMarker(hex="F6", side="Blue", shape="triangle", label="U3", count=4, highlight=True),
        HexMarker(
            hex="G7",
            side="Blue",
            shape="triangle",
            label="U4",
            count=3,
            leader="L1",
            highlight=True,
        ),
        HexMarker(
            hex="I6", side="Blue", shape="square", label="U5", count=3, cavalry=True, highlight=True
        ),
        HexMarker(hex="K7", side="Blue", shape="square", label="U6", count=4, ranged=True),
        HexMarker(hex="L7", side="Blue", shape="circle", label="U7", count=1, faded=True),
    ]
    return HexBoardView(
        static_key="samurai/sample-battle",
        cols=13,
        rows=9,
        section_lines=(4.0, 8.0),
        areas=(("Red camp", ("F1", "G1", "H1")), ("Blue camp", ("F9", "G9", "H9"))),
        terrain=tuple(terrain),
        sides={"Blue": "blue", "Red": "red"},
        markers=tuple(red + blue),
        arrows=(
            Arrow(start="F7", end="F6", kind="move"),
            Arrow(start="D8", end="D6", kind="move"),
            Arrow(start="I6", end="I5", kind="battle"),
            Arrow(start="K7", end="K5", kind="battle"),
            Arrow(start="I5", end="I4", kind="retreat"),
        ),
        flipped=flipped,
        panel=Panel(
            title="Turn 3 \u2014 Blue: order",
            lines=(
                PanelLine(text="Banners  Blue 2/6  Red 1/6", bold=True),
                PanelLine(text="Cards  Blue 5  Red 5"),
                PanelLine(text="Tokens  Blue 1  Red 0"),
                PanelLine(text="Red U7 loses 1 figure and falls back", side="Red"),
            ),
        ),
    )


def wh40k_table() -> TabletopView:
    """Return a 60x44 inch 40k-like table: 5 objectives, 10 units, every arrow kind.

    It is long because it lists a whole sample table, one unit a line.
    """
    features = (
        TableFeature(
            kind="ruin", label="Ruin", points=((8, 4), (16, 4), (16, 9), (11, 9), (11, 12), (8, 12))
        ),
        TableFeature(
            kind="ruin",
            label="Ruin",
            points=((44, 32), (52, 32), (52, 40), (49, 40), (49, 35), (44, 35)),
        ),
        TableFeature(
            kind="forest", label="Woods", points=((20, 15), (26, 13), (28, 18), (23, 21), (19, 19))
        ),
        TableFeature(
            kind="forest", label="Woods", points=((40, 29), (36, 31), (32, 26), (37, 23), (41, 25))
        ),
        TableFeature(
            kind="crater", label="Crater", points=((28, 30), (31, 29), (33, 32), (31, 35), (27, 34))
        ),
        TableFeature(
            kind="crater", label="Crater", points=((32, 14), (29, 15), (27, 12), (29, 9), (33, 10))
        ),
        TableFeature(kind="container", label="", points=((4, 26), (10, 26), (10, 28), (4, 28))),
        TableFeature(kind="container", label="", points=((50, 16), (56, 16), (56, 18), (50, 18))),
    )
    return TabletopView(
        static_key="wh40k/sample-strike-force",
        width=60,
        height=44,
        features=features,
        sides={"Ultramarines": "#2a5cc8", "Orks": "green"},
        objectives=(
            TableObjective(x=30, y=22, label="1", contested=True),
            TableObjective(x=14, y=34, label="2", holder="Ultramarines"),
            TableObjective(x=46, y=10, label="3", holder="Orks"),
            TableObjective(x=14, y=10, label="4"),
            TableObjective(x=46, y=34, label="5", holder="Ultramarines"),
        ),
        units=(
            TableUnit(x=15, y=37, side="Ultramarines", label="Capt", radius=0.8, highlight=True),
            TableUnit(
                x=26, y=24, side="Ultramarines", label="Intercessors A", radius=1.5, highlight=True
            ),
            TableUnit(
                x=18,
                y=31,
                side="Ultramarines",
                label="Intercessors B",
                radius=1.5,
                status=("\u00bd",),
            ),
            TableUnit(x=35, y=38, side="Ultramarines", label="Hellblasters", radius=1.5),
            TableUnit(x=44, y=37, side="Ultramarines", label="Redemptor", radius=2.0),
            TableUnit(x=33, y=17, side="Orks", label="Boyz A", radius=2.2, status=("shocked",)),
            TableUnit(x=40, y=8, side="Orks", label="Boyz B", radius=2.2),
            TableUnit(x=46, y=13, side="Orks", label="Boss", radius=1.0),
            TableUnit(x=22, y=8, side="Orks", label="Lootas", radius=1.4, status=("\u00bd",)),
            TableUnit(x=52, y=24, side="Orks", label="Trukk", radius=1.8),
        ),
        arrows=(
            TableArrow(x1=22, y1=28, x2=26, y2=24, kind="move"),
            TableArrow(x1=26, y1=24, x2=33, y2=17, kind="battle"),
            TableArrow(x1=35, y1=38, x2=22, y2=8, kind="target"),
            TableArrow(x1=18, y1=26, x2=18, y2=31, kind="retreat"),
        ),
        panel=Panel(
            title="Round 2 \u2014 Ultramarines: shooting",
            lines=(
                PanelLine(text="VP  Ultramarines 25  Orks 20", bold=True),
                PanelLine(text="CP  Ultramarines 3  Orks 2"),
                PanelLine(text="Primary: Take and Hold"),
                PanelLine(text="Hellblasters shoot Lootas: 4 wounds", side="Ultramarines"),
                PanelLine(text="Boyz A failed battle-shock", side="Orks"),
            ),
        ),
    )


def league_standings() -> StandingsPicture:
    """Return an 8-player league's standings after five rounds, worded in English."""
    rows = (
        ("1", "oda.nobunaga", "5", "5", "0", "0", "15", "+13", "31"),
        ("2", "Beatriz Conceição", "5", "4", "0", "1", "12", "+13", "32"),
        ("3", "Sir Reginald Fortescue-Whitmore", "5", "3", "1", "1", "10", "+5", "20"),
        ("4", "Grimgor Ironhide", "5", "2", "1", "2", "7", "+2", "43"),
        ("5", "Takeda Shingen", "5", "2", "0", "3", "6", "\u22124", "41"),
        ("6", "lil_ashigaru", "5", "0", "3", "2", "3", "\u22127", "45"),
        ("7", "Mei", "5", "1", "0", "4", "3", "\u221212", "39"),
        ("8", "João Pedro", "5", "0", "1", "4", "1", "\u221210", "34"),
    )
    return StandingsPicture(
        title="Autumn League \u2014 standings",
        subtitle="Round 5 of 7 \u00b7 Samurai Battles",
        headers=("#", "Player", "P", "W", "D", "L", "Pts", "+/\u2212", "SoS"),
        rows=rows,
        footer="Ties broken by banner difference, then head to head, then strength of schedule.",
    )


def knockout_bracket() -> BracketPicture:
    """Return an 8-player knockout after its semi-finals, worded in English."""
    quarter = (
        BracketMatch("oda.nobunaga", "João Pedro", "2", "0", 0),
        BracketMatch("Grimgor Ironhide", "Takeda Shingen", "1", "1.5", 1),
        BracketMatch("Beatriz Conceição", "Mei", "2", "0", 0),
        BracketMatch("Sir Reginald Fortescue-Whitmore", "lil_ashigaru", "1", "2", 1),
    )
    semi = (
        BracketMatch("oda.nobunaga", "Takeda Shingen", "2", "0", 0),
        BracketMatch("Beatriz Conceição", "lil_ashigaru", "1", "1", None),
    )
    return BracketPicture(
        title="Autumn Finals",
        subtitle="Knockout of 8 \u00b7 2 games a match, sides swapped",
        headings=("Quarter-finals", "Semi-finals", "Final"),
        rounds=(quarter, semi, (BracketMatch("oda.nobunaga", ""),)),
    )
