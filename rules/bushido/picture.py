"""What a seat may see: the board picture, its secrets and the position as data.

The one hidden thing in Bushido is the face of a movement piece that has not been
turned up. Its owner reads it in `secrets` and `position`; nobody reads it on the board
(the picture may be shown to the whole channel), and the other seat or a spectator
never reads it anywhere. No stack's order is shown to anyone: only how many are left.
"""

from __future__ import annotations

from typing import Any

from rules.bushido.battle import strength, troops
from rules.bushido.catalogue import absolute, field, movement_pieces
from rules.bushido.flow import STEPS, hint, natural_key, pieces_of, scenario_of
from rules.bushido.movement import arrows_of, at, face_values, hex_of_space, in_own_camp
from rules.bushido.state import BushidoState
from rules.core.board import Arrow, HexBoardView, HexMarker, Panel, PanelLine, Terrain
from rules.core.text import Msg, msg, term


def board(state: BushidoState, seat: str | None) -> HexBoardView:
    """Return the public picture, turned half a circle for the seat on the right edge.

    Only faces turned up are drawn (as pointers on the piece's rim, in board directions
    the renderer turns with the picture): the same picture may be shown to everyone.
    """
    scenario = scenario_of(state)
    return HexBoardView(
        static_key=f"bushido:{scenario.id}",
        cols=scenario.cols,
        rows=scenario.rows,
        short_odd_rows=True,
        areas=tuple((term("camp", side.seat), tuple(side.camp)) for side in scenario.sides),
        terrain=tuple(Terrain(hex=h, kind="hill") for h in sorted(scenario.hills)),
        sides={s.seat: s.colour for s in scenario.sides},
        markers=_markers(state),
        arrows=tuple(Arrow(start=a.start, end=a.end, kind=a.kind) for a in state.arrows),
        flipped=scenario.turned == seat,
        panel=Panel(
            title=msg("panel-title", scenario=term("scenario", scenario.id)),
            lines=_panel_lines(state),
        ),
    )


def _markers(state: BushidoState) -> tuple[HexMarker, ...]:
    scenario = scenario_of(state)
    f = field(state.scenario)
    lit = {state.pending.attacker, state.pending.defender} if state.pending else set()
    ends = {a.end for a in state.arrows}
    markers: list[HexMarker] = []
    for seat, movement in sorted(state.left_on_camp.items()):
        if movement is None:
            continue
        side = scenario.side(seat)
        markers.append(
            HexMarker(
                hex=f.anchor[side.camp_id],
                side=seat,
                shape="diamond",
                # A marker's label is drawn as it is: the face's romanised name, the same
                # in every language.
                label=movement.capitalize(),
                faded=True,
                pointers=tuple(sorted(absolute(movement_pieces()[movement].arrows, side.facing))),
            )
        )
    for piece in sorted(state.pieces, key=lambda p: natural_key(p.id)):
        kind = piece.troop_type
        where = hex_of_space(state, piece.space)
        markers.append(
            HexMarker(
                hex=where,
                side=piece.side,
                shape=kind.shape,
                label=piece.id,
                leader=piece.id if piece.is_commander else None,
                cavalry=kind.mounted,
                highlight=piece.id in lit or where in ends,
                pointers=tuple(sorted(arrows_of(state, piece))) if piece.revealed else (),
            )
        )
    return tuple(markers)


def _panel_lines(state: BushidoState) -> tuple[PanelLine, ...]:
    scenario = scenario_of(state)
    actor = STEPS[state.step].actor(state)
    asked: Msg = hint(state)
    lines = [
        PanelLine(
            text=msg(
                "panel-turn",
                turn=min(state.turn_number, scenario.turn_limit),
                limit=scenario.turn_limit,
                step=term("step", state.step),
            ),
            bold=True,
        ),
        PanelLine(
            text=asked if actor is None else msg("panel-to-act", seat=term("seat", actor),
                                                 hint=asked),
            side=actor,
        ),
    ]
    for side in scenario.sides:
        commander = state.commander(side.seat)
        if commander is None:
            camp = "fallen"
        elif in_own_camp(state, commander):
            camp = "in-camp"
        else:
            camp = "out"
        lines.append(
            PanelLine(
                text=msg(
                    "panel-side",
                    seat=term("seat", side.seat),
                    troops=troops(state, side.seat),
                    strength=strength(state, side.seat),
                    commander=side.commander,
                    camp=camp,
                    stack=len(state.stacks[side.seat]),
                ),
                side=side.seat,
            )
        )
    return tuple(lines)


def secrets(state: BushidoState, seat: str) -> tuple[Msg, ...]:
    """List what only `seat` may read: the face under each of its pieces, and its stack size."""
    lines = [
        msg(
            "secret-piece",
            piece=piece.id,
            troop=term("troop", piece.type),
            at=at(state, piece.space),
            revealed=piece.revealed,
            **face_values(piece),
        )
        for piece in pieces_of(state, seat)
    ]
    lines.append(msg("secret-stack", count=len(state.stacks.get(seat, []))))
    return tuple(lines)


def position(state: BushidoState, seat: str | None) -> dict[str, Any]:
    """Return the position as data `seat` may know (None: a spectator).

    The faces of the other seat's face-down pieces are None, each stack is only a count,
    and the dice (whose seed would tell every shuffle to come) are left out.
    """
    data = state.model_dump(mode="json", exclude={"dice", "stacks"})
    for raw, piece in zip(data["pieces"], state.pieces, strict=True):
        if not (piece.revealed or piece.side == seat):
            raw["movement"] = None
    data["stack_counts"] = {s: len(cards) for s, cards in state.stacks.items()}
    data["may_flee"] = {s: _may_flee(state, s) for s in state.seats}
    return data


def _may_flee(state: BushidoState, seat: str) -> bool:
    commander = state.commander(seat)
    return commander is not None and in_own_camp(state, commander)

