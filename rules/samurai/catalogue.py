"""The static definitions of Samurai Battles, read from data/samurai/.

Unit types, command cards, terrain, the battle tables and the bundled scenarios all
live in TOML so a group can change a value without touching code. States refer to
them by id only, and so do events and messages: the names players read are the
catalogue's (`unit-<id>`, `card-<id>`, `terrain-<id>`, `scenario-<id>`, `seat-<id>`
in data/locales/<language>/samurai.ftl).
"""

from __future__ import annotations

import hashlib
import re
from functools import cache, lru_cache
from typing import Any, Literal

from rules.core.data import read_folder, read_model, read_records
from rules.core.hexgrid import Hex, HexBoard
from rules.core.model import Frozen
from rules.core.text import Term, term

Standard = Literal["circle", "triangle", "square"]
Kind = Literal["infantry", "cavalry"]
Face = Literal["circle", "triangle", "square", "flag", "sword", "honor"]
Edge = Literal["top", "bottom"]

BOARD = HexBoard()
SECTIONS: tuple[str, ...] = BOARD.section_names


class UnitType(Frozen):
    """A kind of unit or leader: how it fights, moves and how many figures it has."""

    id: str
    kind: Kind
    standard: Standard
    figures: int
    move: int
    # The allowance of games made under ruleset 1, where it differed (rules.samurai.state).
    move_ruleset_1: int | None = None
    leader: bool = False
    range: int = 0
    ranged_dice: int = 0


class CommandCard(Frozen):
    """A command card: which pieces it lets a player order, and what else it does."""

    id: str
    # The name printed on the English card: a spelling players may type, never shown
    # from here (the catalogue's `card-<id>` is).
    name: str
    kind: Literal["section", "advance", "shogun", "charge"]
    count: int
    # The first ruleset (rules.samurai.state.RULESET) whose deck holds this card: a game
    # keeps the deck it was dealt under, and its replay deals that deck again.
    ruleset: int = 1
    helmet: bool = False
    # Section cards: orders per section, sections named from the holder's side.
    orders: dict[str, int] = {}
    # Advance cards: the section they order in.
    section: str | None = None
    # Charge cards: how many pieces of which kind, anywhere on the map.
    anywhere: int = 0
    eligible: Kind | None = None
    draw_two: bool = False
    bonus_dice: int = 0
    close_bonus: int = 0
    ranged: bool = True
    reshuffle: bool = False
    # Shogun: what each face of its roll gives (a standard, "any", "token" or "none").
    faces: dict[str, str] = {}
    # Games of ruleset 3 on (rules.samurai.tactics): orders of the player's choice when he
    # has no piece of the `eligible` kind, the hexes some unit types may move under the card,
    # and the unit types that do not get its extra dice.
    substitute: int = 0
    move_limits: dict[str, int] = {}
    no_bonus: list[str] = []
    # Where the card's facts were found (page addresses), and what is ours.
    source: str = ""


class TerrainType(Frozen):
    """What a terrain kind does to movement, to shooting and (ruleset 3 on) to battle dice.

    The dice limits cap a unit's own number of dice (its standard's or its ranged dice);
    card and leader bonuses are added after the cap (rules.samurai.terrain).
    """

    id: str
    impassable: bool = False
    stops_movement: bool = False
    blocks_sight: bool = False
    # Most dice a unit on this terrain rolls: in close combat, at range, and as cavalry.
    from_close: int | None = None
    from_ranged: int | None = None
    from_cavalry: int | None = None
    # Most dice a unit rolls against a target on this terrain, in close combat and at range;
    # `into_from_elsewhere`: only when the attacker does not stand on this terrain too.
    into_close: int | None = None
    into_ranged: int | None = None
    into_from_elsewhere: bool = False
    # Flags a unit on this terrain ignores; whether a unit may battle the turn it enters.
    flags_ignored: int = 0
    battle_on_entering: bool = True


class RetreatTable(Frozen):
    """How far flags push a unit back, and what a blocked retreat costs."""

    hexes_per_flag: int
    hits_per_blocked_hex: int
    leader_escape_hexes: int = 3


class RangedTable(Frozen):
    """Settings for shooting."""

    swords_hit: bool


class LeaderCheckTable(Frozen):
    """The dice that decide whether a leader falls with his unit (a house rule)."""

    hit_dice: int
    hit_swords: int
    lost_dice: int
    lost_swords: int


class BattleTable(Frozen):
    """The battle dice and the combat tables."""

    faces: tuple[Face, Face, Face, Face, Face, Face]
    dice: dict[str, int]
    swords_ignored_by_standard: dict[str, dict[str, int]] = {}
    swords_ignored_by_kind: dict[str, dict[str, int]] = {}
    flags_ignored: dict[str, int] = {}
    retreat: RetreatTable
    ranged: RangedTable
    leader_check: LeaderCheckTable


class SideSetup(Frozen):
    """One seat of a scenario: its colour, map edge, hand sizes, tokens and banners to win."""

    seat: str
    colour: str
    edge: Edge
    hand: int
    banners: int
    # Honor & Fortune tokens at the start and Dragon cards dealt (ruleset 3 on).
    honor: int = 0
    dragon: int = 0


class PieceSetup(Frozen):
    """A piece placed by a scenario."""

    id: str
    type: str
    side: str
    hex: str
    figures: int | None = None


class TerrainSetup(Frozen):
    """A terrain hex placed by a scenario."""

    hex: str
    kind: str


class Scenario(Frozen):
    """A starting position: bundled (data/samurai/scenarios/) or uploaded by players.

    A bundled scenario's title and side names are the catalogue's; an uploaded one
    carries its own `title` (rules.samurai.authoring) and is stored whole with each
    game made from it (`CUSTOM_PREFIX`), so its replay never reads a file.
    """

    id: str
    # Where the facts come from (a published scenario's page), in our own words.
    source: str = ""
    title: str = ""
    first: str
    sides: tuple[SideSetup, SideSetup]
    terrain: tuple[TerrainSetup, ...] = ()
    pieces: tuple[PieceSetup, ...]

    def side(self, seat: str) -> SideSetup:
        """Return the set-up of one seat; KeyError if the scenario has no such seat."""
        for side in self.sides:
            if side.seat == seat:
                return side
        raise KeyError(seat)

    @property
    def top(self) -> str:
        """Return the seat at the top edge of the map."""
        return next(s.seat for s in self.sides if s.edge == "top")

    def terrain_at(self) -> dict[str, str]:
        """Return terrain kinds by hex label."""
        return {t.hex: t.kind for t in self.terrain}


@cache
def unit_types() -> dict[str, UnitType]:
    """Return every unit type by id."""
    return read_records(UnitType, "samurai/units.toml", "unit", key=lambda u: u.id)


@cache
def cards() -> dict[str, CommandCard]:
    """Return every command card by id."""
    return read_records(
        CommandCard, "samurai/cards.toml", "card", key=lambda c: c.id, check=_check_card
    )


def deck_of(ruleset: int) -> list[str]:
    """Return the command deck a game of this ruleset is dealt from, unshuffled."""
    return [c.id for c in cards().values() if c.ruleset <= ruleset for _ in range(c.count)]


def _check_card(card: CommandCard) -> None:
    """Refuse a card that orders a section the board does not have, or names no unit type."""
    for section in (*card.orders, *([card.section] if card.section else [])):
        if section not in SECTIONS:
            raise ValueError(f"card {card.id}: unknown section {section!r}")
    for type_id in (*card.move_limits, *card.no_bonus):
        if type_id not in unit_types():
            raise ValueError(f"card {card.id}: unknown unit type {type_id!r}")


def slug(text: str) -> str:
    """Return a lower-case, dash-separated form of a name ('Order Two Units Left' -> ...)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@cache
def card_aliases() -> dict[str, str]:
    """Map every accepted spelling of a card (id, name, name without 'units') to its id."""
    out: dict[str, str] = {}
    for card in cards().values():
        name = slug(card.name)
        for alias in (card.id, name, name.replace("-units", "").replace("-unit", "")):
            out.setdefault(alias, card.id)
    return out


@cache
def terrain_types() -> dict[str, TerrainType]:
    """Return every terrain kind by id."""
    return read_records(TerrainType, "samurai/terrain.toml", "terrain", key=lambda t: t.id)


@cache
def battle_table() -> BattleTable:
    """Return the battle dice and combat tables."""
    return read_model(BattleTable, "samurai/battle.toml")


@cache
def scenarios() -> dict[str, Scenario]:
    """Return every bundled scenario by id, each checked for consistency."""
    return read_folder(
        Scenario, "samurai/scenarios/*.toml", key=lambda s: s.id, check=check_scenario,
        shape=_scenario_fields,
    )


def _scenario_fields(raw: dict[str, Any]) -> dict[str, Any]:
    """Rename a scenario file's [[side]] and [[piece]] tables to the model's fields."""
    return {
        **{k: v for k, v in raw.items() if k not in ("side", "piece")},
        "sides": raw["side"],
        "pieces": raw["piece"],
    }


# A game's scenario id that starts with this holds the uploaded scenario itself (its JSON).
CUSTOM_PREFIX = "custom:"


def stored_form(scenario: Scenario) -> str:
    """Return the scenario id a game made from an uploaded scenario keeps: its whole content."""
    return CUSTOM_PREFIX + scenario.model_dump_json(exclude_defaults=True)


@lru_cache(maxsize=256)
def scenario_of(scenario_id: str) -> Scenario:
    """Return a game's scenario: a bundled one by id, an uploaded one from its stored form.

    KeyError when there is no such scenario (or the stored form does not read).
    """
    if not scenario_id.startswith(CUSTOM_PREFIX):
        return scenarios()[scenario_id]
    try:
        scenario = Scenario.model_validate_json(scenario_id[len(CUSTOM_PREFIX):])
        check_scenario(scenario)
    except ValueError:
        raise KeyError(scenario_id[:40]) from None
    return scenario


@lru_cache(maxsize=256)
def scenario_key(scenario_id: str) -> str:
    """Return a short name unique to a scenario's content (picture layers are cached by it)."""
    if not scenario_id.startswith(CUSTOM_PREFIX):
        return scenario_id
    return "custom-" + hashlib.sha256(scenario_id.encode()).hexdigest()[:16]


def scenario_term(scenario_id: str) -> Term:
    """Return a scenario's title: the catalogue's `scenario-<id>`, or an upload's own title.

    An uploaded title is a term of a kind no catalogue has (`custom`), so it is shown as
    written, in every language.
    """
    if scenario_id.startswith(CUSTOM_PREFIX):
        return term("custom", scenario_of(scenario_id).title)
    return term("scenario", scenario_id)


@lru_cache(maxsize=256)
def terrain_map(scenario_id: str) -> dict[str, str]:
    """Return a scenario's terrain kinds by hex label (cached: looked up on every step)."""
    return scenario_of(scenario_id).terrain_at()


def check_scenario(scenario: Scenario) -> None:
    """Refuse a scenario whose pieces, seats or terrain do not fit together."""
    seats = {s.seat for s in scenario.sides}
    edges = {s.edge for s in scenario.sides}
    if len(seats) != 2 or edges != {"top", "bottom"} or scenario.first not in seats:
        raise ValueError(f"scenario {scenario.id}: needs two seats, one per edge, and a first")
    types = unit_types()
    seen: set[str] = set()
    units: dict[str, PieceSetup] = {}
    leaders: dict[str, PieceSetup] = {}
    for piece in scenario.pieces:
        if piece.id in seen or piece.type not in types or piece.side not in seats:
            raise ValueError(f"scenario {scenario.id}: bad piece {piece.id}")
        seen.add(piece.id)
        BOARD.parse(piece.hex)
        target = leaders if types[piece.type].leader else units
        if piece.hex in target:
            raise ValueError(f"scenario {scenario.id}: two pieces of a kind on {piece.hex}")
        target[piece.hex] = piece
    for hex_label, leader in leaders.items():
        unit = units.get(hex_label)
        if unit is None:
            continue
        if unit.side != leader.side or not may_lead(types[leader.type], types[unit.type]):
            raise ValueError(f"scenario {scenario.id}: {leader.id} may not lead {unit.id}")
    for t in scenario.terrain:
        BOARD.parse(t.hex)
        if t.kind not in terrain_types():
            raise ValueError(f"scenario {scenario.id}: unknown terrain {t.kind}")


def may_lead(leader: UnitType, unit: UnitType) -> bool:
    """Say whether a leader may be attached to a unit: foot leaders lead infantry only."""
    return leader.kind == "cavalry" or unit.kind == "infantry"


@cache
def hex_of(label: str) -> Hex:
    """Parse a hex label once (labels are few and parsing is on every path)."""
    return Hex.parse(label)


@cache
def neighbours_of(label: str) -> tuple[str, ...]:
    """Return the labels of the on-board hexes around a hex."""
    return tuple(n.label for n in BOARD.neighbours(hex_of(label)))


@cache
def sections_of(label: str) -> tuple[str, ...]:
    """Return the board sections a hex lies in (two when a section line cuts it)."""
    return BOARD.sections_of(hex_of(label))
