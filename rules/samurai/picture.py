"""What a seat may see: the board picture, its secrets and the position as data.

Hidden in Samurai Battles: the cards in each hand, the order of the deck, the two
cards a seat drew to keep one of, and the dice seed. The board is public (only the
number of cards in each hand is on it); `secrets` is a seat's own hand and drawn
cards; `position` leaves out everything the seat may not know.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.board import Arrow, HexBoardView, HexMarker, Panel, PanelLine, Terrain
from rules.core.text import Msg, items, msg, term
from rules.samurai.catalogue import BOARD, hex_of, scenario_key, scenario_term, terrain_map
from rules.samurai.dragon import dragon_cards
from rules.samurai.flow import STEPS
from rules.samurai.state import Piece, SamuraiState


def board(state: SamuraiState, seat: str | None) -> HexBoardView:
    """Return the public picture, turned for the seat at the top edge of the map."""
    scenario = state.setup
    turn = state.turn
    ordered: set[str] = set()
    if turn is not None:
        for entry in turn.orders:
            ordered.add(entry.piece)
            if entry.leader:
                ordered.add(entry.leader)
    # The first unit and the first leader on each hex (as state.unit_at and leader_at
    # find them), in one pass over the pieces rather than two a hex.
    units: dict[str, Piece] = {}
    leaders: dict[str, Piece] = {}
    for piece in state.pieces:
        (leaders if piece.is_leader else units).setdefault(piece.hex, piece)
    markers: list[HexMarker] = []
    for label in sorted(units.keys() | leaders.keys(),
                        key=lambda h: (hex_of(h).row, hex_of(h).col)):
        unit = units.get(label)
        leader = leaders.get(label)
        head = unit or leader
        assert head is not None
        utype = head.unit_type
        markers.append(
            HexMarker(
                hex=label,
                side=head.side,
                shape=utype.standard if unit is not None else "star",
                label=head.id,
                count=head.figures,
                leader=leader.id if leader is not None else None,
                cavalry=utype.kind == "cavalry",
                ranged=utype.range > 0,
                highlight=head.id in ordered or (leader is not None and leader.id in ordered),
            )
        )
    arrows = tuple(
        Arrow(start=a.start, end=a.end, kind=a.kind) for a in (turn.arrows if turn else [])
    )
    return HexBoardView(
        static_key=f"samurai:{scenario_key(state.scenario)}",
        cols=BOARD.cols,
        rows=BOARD.rows,
        short_odd_rows=BOARD.short_odd_rows,
        section_lines=BOARD.section_lines,
        terrain=_terrain(state.scenario),
        sides={s.seat: s.colour for s in scenario.sides},
        markers=tuple(markers),
        arrows=arrows,
        flipped=state.at_top(seat),
        panel=Panel(
            title=msg("panel-title", scenario=scenario_term(state.scenario)),
            lines=_panel_lines(state),
        ),
    )


@lru_cache(maxsize=256)
def _terrain(scenario_id: str) -> tuple[Terrain, ...]:
    """Return a scenario's terrain as the picture shows it (the same on every turn)."""
    return tuple(Terrain(hex=h, kind=k) for h, k in sorted(terrain_map(scenario_id).items()))


def _panel_lines(state: SamuraiState) -> tuple[PanelLine, ...]:
    """Return the side panel: turn and step, what to do now, the card played, the score."""
    step = STEPS[state.step]
    actor = step.actor(state)
    lines = [
        PanelLine(
            text=msg("panel-turn", turn=state.turn_number, step=term("step", state.step)),
            bold=True,
        ),
        PanelLine(
            text=msg(
                "panel-prompt",
                seat=term("seat", actor) if actor is not None else None,
                hint=step.hint(state),
            ),
            side=actor,
        ),
    ]
    if state.turn is not None:
        lines.append(
            PanelLine(
                text=msg(
                    "panel-card",
                    card=term("card", state.turn.card),
                    seat=term("seat", state.turn.seat),
                ),
                side=state.turn.seat,
            )
        )
    for side in state.setup.sides:
        seat = side.seat
        lines.append(
            PanelLine(
                text=msg(
                    "panel-side",
                    seat=term("seat", seat),
                    banners=state.banners[seat],
                    target=side.banners,
                    cards=len(state.hands[seat]),
                    tokens=state.tokens[seat],
                ),
                side=seat,
            )
        )
        if state.ruleset >= 3:
            lines.append(PanelLine(
                text=msg("panel-dragons", seat=term("seat", seat),
                         dragons=len(state.dragon_hands.get(seat, []))),
                side=seat,
            ))
    lines.append(
        PanelLine(text=msg("panel-deck", deck=len(state.deck), discards=len(state.discard)))
    )
    return tuple(lines)


def secrets(state: SamuraiState, seat: str) -> tuple[Msg, ...]:
    """Return what only `seat` may read: the cards in its hand and any drawn to keep."""
    out = [msg("secret-card", card=term("card", c), id=c) for c in state.hands.get(seat, [])]
    out += [
        msg("secret-dragon", card=term("dragon", c), id=c, cost=dragon_cards()[c].cost)
        for c in state.dragon_hands.get(seat, [])
    ]
    if state.step == "keep" and state.active == seat and state.keep_choices:
        out.append(
            msg("secret-drawn", cards=items((term("card", c) for c in state.keep_choices), "or"))
        )
    return tuple(out)


def position(state: SamuraiState, seat: str | None) -> dict[str, Any]:
    """Return the position as data `seat` may know (None: a spectator).

    Counts stand in for the hands and the deck; a seat sees its own hand, and the
    cards it drew to keep while it chooses. The dice seed is never shown.
    """
    data = state.model_dump(
        mode="json",
        exclude={"dice", "hands", "deck", "keep_choices", "dragon_hands", "dragon_deck"},
    )
    data["seat"] = seat
    data["hand"] = list(state.hands.get(seat, [])) if seat is not None else []
    data["hand_counts"] = {s: len(h) for s, h in state.hands.items()}
    data["deck_count"] = len(state.deck)
    data["keep_choices"] = list(state.keep_choices) if seat == state.active else []
    data["keep_count"] = len(state.keep_choices)
    data["dragon_hand"] = list(state.dragon_hands.get(seat, [])) if seat is not None else []
    data["dragon_counts"] = {s: len(h) for s, h in state.dragon_hands.items()}
    data["dragon_deck_count"] = len(state.dragon_deck)
    return data
