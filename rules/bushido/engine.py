"""Bushido, the battle of Sekigahara, as a Banneret game system (`SYSTEM`).

A turn is a sequence of steps kept in the state:

    turn (the active seat moves a piece, attacks with one, or holds)
      -> defend (only when a commander is attacked in its own camp: its side
                 counter-attacks or flees)
      -> the other seat's turn

and `over` once a commander has fallen or night has come. `apply` is the one checked
entry point: it refuses an illegal action with a RuleViolation before changing anything
and works on its own copy (`BushidoState.clone`), so the state passed in is never changed.

Hidden information: the face of every movement piece that has not been turned up.
`view`, `board` and the event texts never show it; `private_lines` shows a seat its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.bushido import actions as ev
from rules.bushido.actions import ACTIONS, EVENTS, Adjust, Attack, Counter, Flee, Hold, Move
from rules.bushido.battle import (
    draw_movement,
    fight,
    nightfall,
    remove,
    reveal,
    strength,
    troops,
)
from rules.bushido.catalogue import (
    Scenario,
    absolute,
    field,
    glyphs,
    movement_pieces,
    scenarios,
    stack,
)
from rules.bushido.movement import (
    arrows_of,
    attack_targets,
    board_of,
    destinations,
    explain_attack,
    explain_move,
    face_text,
    flee_targets,
    hex_of_space,
    in_own_camp,
    placement,
    space_label,
    where,
)
from rules.bushido.state import ArrowRecord, BushidoState, PendingAttack, Piece, Step
from rules.core.board import Arrow, HexBoardView, HexMarker, Panel, PanelLine, Terrain
from rules.core.dice import Dice, DiceState, seed_hash
from rules.core.errors import RuleViolation
from rules.core.hexgrid import Hex
from rules.core.model import Action, Event
from rules.core.system import Outcome, Prompt, ScenarioInfo

STEP_ACTIONS: dict[Step, tuple[str, ...]] = {
    "turn": ("attack", "hold", "move"),
    "defend": ("counter", "flee"),
    "over": (),
}

STEP_PHRASE: dict[Step, str] = {
    "turn": "move a piece one hex, attack with one, or hold",
    "defend": "answer the attack on your camp: counter-attack or flee",
    "over": "nothing: the battle is over",
}

ACTION_FORMS: dict[str, str] = {
    "move": "move piece:<id> to:<hex>",
    "attack": "attack piece:<id> target:<hex or camp>",
    "hold": "hold",
    "flee": "flee to:<hex>",
    "counter": "counter",
}

# Names a player may use for their own commander instead of its id.
COMMANDER_ALIASES = frozenset({"COMMANDER", "C", "GENERAL"})
# The largest map of any bundled scenario, for checking hex names before a game is known.
MAX_COLS = max(s.cols for s in scenarios().values())
MAX_ROWS = max(s.rows for s in scenarios().values())


def _scenario(state: BushidoState) -> Scenario:
    return scenarios()[state.scenario]


def _name(state: BushidoState, seat: str) -> str:
    return _scenario(state).side(seat).name


def _seat(seat: str) -> str:
    """Return a seat id as a name in a sentence ('west' -> 'West')."""
    return seat.capitalize()


def natural_key(piece_id: str) -> tuple[int, str, int]:
    """Sort piece ids as people do: W2 before W10, and commanders after all troops."""
    digits = piece_id[1:]
    if digits.isdigit():
        return 0, piece_id[:1], int(digits)
    return 1, piece_id, 0


def _sort_key(action: Action) -> tuple[str, tuple[int, str, int], str]:
    piece = getattr(action, "piece", None)
    return (
        action.type,
        natural_key(piece) if isinstance(piece, str) else (0, "", 0),
        action.model_dump_json(),
    )


def _plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


class BushidoSystem:
    """The Bushido rules engine."""

    id = "bushido"
    title = "Bushido: the Battle of Sekigahara"
    referee_actions: frozenset[str] = frozenset({"adjust"})
    # The moves and attacks open to a piece follow the hidden arrows under it, so the list
    # of them is offered only in its owner's private reply.
    private_actions: frozenset[str] = frozenset({"move", "attack"})

    # ------------------------------------------------------------ set-up

    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios, sorted by id."""
        return [
            ScenarioInfo(
                id=s.id,
                title=s.title,
                summary=s.summary,
                seats=tuple(side.seat for side in s.sides),
            )
            for s in sorted(scenarios().values(), key=lambda s: s.id)
        ]

    def new_game(self, scenario_id: str, seed: str) -> BushidoState:
        """Set up a scenario: shuffle each side's movement pieces and deal one under every piece."""
        scenario = scenarios().get(scenario_id)
        if scenario is None:
            raise RuleViolation(
                "core/bad-input",
                f"There is no scenario {scenario_id!r}; "
                f"choose one of {', '.join(sorted(scenarios()))}.",
            )
        dice = Dice(DiceState(seed=seed))
        stacks = {side.seat: dice.shuffle(stack()) for side in scenario.sides}
        pieces: list[Piece] = []
        for side in scenario.sides:
            # The commander takes the first piece of its side's stack, then the troops in order.
            pieces.append(
                Piece(
                    id=side.commander,
                    type=side.commander_type,
                    side=side.seat,
                    space=side.camp_id,
                    movement=stacks[side.seat].pop(0),
                )
            )
        for p in scenario.pieces:
            pieces.append(
                Piece(
                    id=p.id,
                    type=p.type,
                    side=p.side,
                    space=p.hex,
                    movement=stacks[p.side].pop(0),
                )
            )
        return BushidoState(
            scenario=scenario.id,
            seats=[side.seat for side in scenario.sides],
            active=scenario.first,
            step="turn",
            pieces=pieces,
            stacks=stacks,
            left_on_camp={side.seat: None for side in scenario.sides},
            dice=dice.state,
        )

    def load_state(self, data: dict[str, Any]) -> BushidoState:
        """Rebuild a state from its JSON form."""
        return BushidoState.model_validate(data)

    def parse_action(self, data: dict[str, Any]) -> Action:
        """Read an action from its JSON or command-option form; refuse hexes off every map."""
        action: Action = ACTIONS.validate_python(data)
        for name in ("to", "target"):
            label = getattr(action, name, None)
            if not isinstance(label, str) or label.endswith("camp"):
                continue
            h = Hex.parse(label)
            if not (0 <= h.col < MAX_COLS and 0 <= h.row < MAX_ROWS):
                raise RuleViolation(
                    "core/bad-input",
                    f"{label} is on no Bushido map: hexes run from A1 to "
                    f"{chr(ord('A') + MAX_COLS - 1)}{MAX_ROWS} at most.",
                    {name: label},
                )
        return action

    # ------------------------------------------------------------ apply

    def apply(self, state: Any, action: Any) -> tuple[BushidoState, list[Event]]:
        """Apply one action after checking every rule; refuse it and change nothing if illegal."""
        current = state if isinstance(state, BushidoState) else self.load_state(state)
        act = action if isinstance(action, Action) else self.parse_action(action)
        if current.step == "over":
            raise RuleViolation(
                "core/game-over",
                f"This battle is over ({current.end_reason}); no more actions are accepted.",
            )
        if not isinstance(act, Adjust):
            self._check_turn(current, act)
        work = current.clone()
        dice = Dice(work.dice)
        events: list[Event] = []
        if isinstance(act, Move):
            self._move(work, act, events)
        elif isinstance(act, Attack):
            self._attack(work, act, dice, events)
        elif isinstance(act, Flee):
            self._flee(work, act, events)
        elif isinstance(act, Counter):
            self._counter(work, dice, events)
        elif isinstance(act, Hold):
            work.arrows = []
            events.append(ev.Held(seat=act.seat))
            self._end_turn(work, events)
        elif isinstance(act, Adjust):
            self._adjust(work, act, events)
        else:
            raise RuleViolation("core/bad-input", f"Unknown action type {act.type!r}.")
        work.dice = dice.state
        return work, events

    def _check_turn(self, state: BushidoState, act: Action) -> None:
        prompt = self.prompt(state)
        if act.seat not in state.seats:
            raise RuleViolation(
                "core/not-your-turn",
                f"{act.seat or 'Nobody'} is not a seat in this game "
                f"(seats: {', '.join(state.seats)}).",
            )
        if act.seat != prompt.seat:
            assert prompt.seat is not None
            raise RuleViolation(
                "core/not-your-turn",
                f"It is {_name(state, prompt.seat)}'s turn to {STEP_PHRASE[state.step]}; "
                "please wait for them.",
                {"seat": prompt.seat, "step": state.step},
            )
        if act.type in STEP_ACTIONS[state.step]:
            return
        if act.type == "flee":
            raise self._no_flight(state, act.seat)
        open_forms = "; ".join(ACTION_FORMS[t] for t in STEP_ACTIONS[state.step])
        raise RuleViolation(
            "core/wrong-step",
            f"The game is in the '{state.step}' step, where you {STEP_PHRASE[state.step]}. "
            f"A {act.type} does not belong here; open now: {open_forms}.",
            {"step": state.step},
        )

    def _no_flight(self, state: BushidoState, seat: str) -> RuleViolation:
        commander = state.commander(seat)
        if commander is not None and not in_own_camp(state, commander):
            return RuleViolation(
                "bushido/flee-only-from-camp",
                f"{commander.id} is on {commander.space}, away from the camp, and can no longer "
                "flee: only a commander still on its original camp may run from an attack. "
                "Anywhere else it fights back like any piece.",
                {"piece": commander.id},
            )
        return RuleViolation(
            "bushido/camp-attack-choice",
            "Flight is an answer to an attack on your camp, and nobody is attacking it now. "
            "To take your commander out of the camp of your own accord, move it "
            "(it can then never flee again).",
            {"step": state.step},
        )

    def _own_piece(self, state: BushidoState, seat: str, piece_id: str) -> Piece:
        """Return one of the seat's pieces by id (or 'commander'), or refuse."""
        if piece_id in COMMANDER_ALIASES:
            commander = state.commander(seat)
            if commander is not None:
                return commander
        piece = state.piece(piece_id)
        if piece is None:
            ids = ", ".join(p.id for p in self._pieces_of(state, seat))
            raise RuleViolation(
                "core/bad-input",
                f"There is no piece {piece_id} on the field. Your pieces are: {ids}.",
                {"piece": piece_id},
            )
        if piece.side != seat:
            raise RuleViolation(
                "bushido/one-action-per-turn",
                f"{piece_id} belongs to the other side; you can only move or attack with your "
                "own pieces.",
                {"piece": piece_id},
            )
        return piece

    def _pieces_of(self, state: BushidoState, seat: str) -> list[Piece]:
        return sorted((p for p in state.pieces if p.side == seat), key=lambda p: natural_key(p.id))

    def _hex(self, state: BushidoState, label: str, name: str) -> str:
        """Check a hex name lies on this game's map; return it."""
        if not board_of(state).contains(label):
            sc = _scenario(state)
            raise RuleViolation(
                "core/bad-input",
                f"{label} is not on this map: hexes run from A1 to "
                f"{chr(ord('A') + sc.cols - 1)}{sc.rows} (rows 2, 4 and 6 are one hex shorter).",
                {name: label},
            )
        return label

    def _space(self, state: BushidoState, seat: str, target: str) -> str:
        """Turn a target (a hex, 'camp' for the enemy camp, or '<seat>-camp') into a space."""
        f = board_of(state)
        if target == "camp":
            return f"{state.other(seat)}-camp"
        if target.endswith("camp"):
            if target not in f.camps:
                raise RuleViolation(
                    "core/bad-input",
                    f"There is no {target} here; the camps are {', '.join(sorted(f.camps))}.",
                    {"target": target},
                )
            return target
        return f.space_of(self._hex(state, target, "target"))

    def _end_turn(self, work: BushidoState, events: list[Event]) -> None:
        seat = work.active
        work.active = work.other(seat)
        work.step = "turn"
        work.pending = None
        work.turn_number += 1
        events.append(ev.TurnEnded(seat=seat, next_seat=work.active, turn_number=work.turn_number))
        if work.turn_number > _scenario(work).turn_limit:
            nightfall(work, events)

    # ------------------------------------------------------------ turn

    def _move(self, work: BushidoState, act: Move, events: list[Event]) -> None:
        piece = self._own_piece(work, act.seat, act.piece)
        self._hex(work, act.to, "to")
        if act.to not in destinations(work, piece):
            raise explain_move(work, piece, act.to)
        start = hex_of_space(work, piece.space)
        left_camp = in_own_camp(work, piece)
        piece.space = act.to
        work.arrows = [ArrowRecord(start=start, end=act.to, kind="move")]
        events.append(
            ev.PieceMoved(
                seat=act.seat, piece=piece.id, start=start, end=act.to, left_camp=left_camp
            )
        )
        self._end_turn(work, events)

    def _attack(self, work: BushidoState, act: Attack, dice: Dice, events: list[Event]) -> None:
        piece = self._own_piece(work, act.seat, act.piece)
        space = self._space(work, act.seat, act.target)
        if space not in attack_targets(work, piece):
            raise explain_attack(work, piece, act.target)
        defender = work.at(space)
        assert defender is not None
        start, target = hex_of_space(work, piece.space), hex_of_space(work, space)
        work.arrows = [ArrowRecord(start=start, end=target, kind="battle")]
        events.append(
            ev.AttackDeclared(
                seat=act.seat, piece=piece.id, start=start, defender=defender.id, target=target
            )
        )
        reveal(work, defender, events)
        if in_own_camp(work, defender):
            work.pending = PendingAttack(
                attacker=piece.id, defender=defender.id, seat=defender.side
            )
            work.step = "defend"
            events.append(
                ev.AnswerAwaited(
                    seat=defender.side,
                    piece=defender.id,
                    attacker=piece.id,
                    flee_to=flee_targets(work, defender),
                )
            )
            return
        if not fight(work, dice, piece, defender, False, events):
            self._end_turn(work, events)

    # ------------------------------------------------------------ defend

    def _pending(self, work: BushidoState) -> tuple[Piece, Piece]:
        pending = work.pending
        assert pending is not None
        attacker, defender = work.piece(pending.attacker), work.piece(pending.defender)
        assert attacker is not None and defender is not None
        return attacker, defender

    def _flee(self, work: BushidoState, act: Flee, events: list[Event]) -> None:
        attacker, commander = self._pending(work)
        self._hex(work, act.to, "to")
        targets = flee_targets(work, commander)
        if act.to not in targets:
            raise self._explain_flee(work, commander, act.to, targets)
        placed_at = placement(work, commander, act.to)
        start = hex_of_space(work, commander.space)
        work.left_on_camp[act.seat] = commander.movement
        commander.space = act.to
        events.append(
            ev.CommanderFled(
                seat=act.seat,
                piece=commander.id,
                start=start,
                end=act.to,
                placed_at=placed_at,
                attacker=attacker.id,
            )
        )
        draw_movement(work, commander, events)
        work.arrows.append(ArrowRecord(start=start, end=act.to, kind="retreat"))
        self._end_turn(work, events)

    def _explain_flee(
        self, work: BushidoState, commander: Piece, to: str, targets: list[str]
    ) -> RuleViolation:
        f = board_of(work)
        camp = commander.space
        open_now = ", ".join(targets) or "none: you must counter-attack"
        if not work.stacks[commander.side]:
            return RuleViolation(
                "bushido/flee-draws-new-piece",
                "Your stack has no movement piece left for the commander to take at the end "
                "of a flight, so it cannot flee: counter-attack.",
                {"to": to},
            )
        if to not in f.links[camp]:
            return RuleViolation(
                "bushido/flee-along-arrows",
                f"{to} does not touch {space_label(work, camp)}. A fleeing commander goes to one "
                f"of the five hexes on its border ({', '.join(f.border(camp))}); open now: "
                f"{open_now}.",
                {"to": to, "choices": targets},
            )
        holder = work.at(to)
        if holder is not None:
            return RuleViolation(
                "bushido/flee-to-free-hex",
                f"{to} is held by {holder.id}; a commander can only flee to a free hex. "
                f"Open now: {open_now}.",
                {"to": to, "choices": targets},
            )
        return RuleViolation(
            "bushido/flee-along-arrows",
            f"No arrow of the movement piece under {commander.id} ({face_text(work, commander)}) "
            f"points from the camp to {to}, wherever on the camp it is laid. Open now: {open_now}.",
            {"to": to, "choices": targets},
        )

    def _counter(self, work: BushidoState, dice: Dice, events: list[Event]) -> None:
        attacker, defender = self._pending(work)
        work.pending = None
        work.step = "turn"
        if not fight(work, dice, attacker, defender, True, events):
            self._end_turn(work, events)

    # ------------------------------------------------------------ referee

    def _adjust(self, work: BushidoState, act: Adjust, events: list[Event]) -> None:
        if act.piece is None or (act.to is None and not act.remove and not act.reveal):
            raise RuleViolation(
                "bushido/adjust",
                "Name a piece and say what changes: to:<hex> to put it elsewhere, remove:true "
                "to take a troop off the field, or reveal:true to turn its movement piece up.",
            )
        piece = work.piece(act.piece)
        if piece is None:
            raise RuleViolation("core/bad-input", f"There is no piece {act.piece} on the field.")
        space: str | None = None
        if act.to is not None:
            if act.to.endswith("camp"):
                space = act.to
                if space != f"{piece.side}-camp" or not piece.is_commander:
                    raise RuleViolation(
                        "bushido/adjust",
                        f"Only a side's own commander may be put back on its camp, not "
                        f"{piece.id} on {act.to}.",
                    )
            else:
                space = board_of(work).space_of(self._hex(work, act.to, "to"))
                if space in board_of(work).camps:
                    raise RuleViolation(
                        "bushido/adjust",
                        f"{act.to} is part of a camp; only its own commander may be put there "
                        f"(name the camp, e.g. {piece.side}-camp).",
                    )
            holder = work.at(space)
            if holder is not None and holder.id != piece.id:
                raise RuleViolation(
                    "bushido/adjust", f"{act.to} is taken by {holder.id}; choose a free hex."
                )
        if act.remove and piece.is_commander:
            raise RuleViolation(
                "bushido/adjust",
                f"{piece.id} is a commander and cannot be taken off by hand: a commander leaves "
                "the field only by losing a fight, which ends the battle.",
            )
        note = act.note
        if space is not None and space != piece.space:
            before = space_label(work, piece.space)
            piece.space = space
            if space.endswith("camp"):
                work.left_on_camp[piece.side] = None
            events.append(
                ev.Adjusted(
                    change=f"{piece.id} put from {before} on {space_label(work, space)}",
                    note=note,
                )
            )
        if act.reveal and not piece.revealed:
            events.append(ev.Adjusted(change=f"{piece.id}'s movement piece turned up", note=note))
            reveal(work, piece, events)
        if act.remove:
            events.append(ev.Adjusted(change=f"{piece.id} taken off the field", note=note))
            remove(work, piece, events)
        pending = work.pending
        if pending is not None and piece.id in (pending.attacker, pending.defender):
            if space is not None or act.remove:
                events.append(
                    ev.Adjusted(change=f"the attack by {pending.attacker} is called off", note="")
                )
                self._end_turn(work, events)

    # ------------------------------------------------------------ queries

    def prompt(self, state: Any) -> Prompt:
        """Say who acts next, in which step, with a one-line hint."""
        st: BushidoState = state
        if st.step == "over":
            if st.winner is None:
                return Prompt(
                    seat=None, step="over", hint=f"Battle over: a draw ({st.end_reason})."
                )
            return Prompt(
                seat=None,
                step="over",
                hint=f"Battle over: {_name(st, st.winner)} wins ({st.end_reason}).",
            )
        if st.step == "defend" and st.pending is not None:
            attacker, defender = st.piece(st.pending.attacker), st.piece(st.pending.defender)
            assert attacker is not None and defender is not None
            targets = flee_targets(st, defender)
            seat = st.pending.seat
            flee = f"or flee to {', '.join(targets)}" if targets else "(no free hex to flee to)"
            return Prompt(
                seat=seat,
                step="defend",
                actions=("counter", "flee") if targets else ("counter",),
                hint=(
                    f"{_name(st, seat)}: {attacker.id} attacks {defender.id} in "
                    f"{space_label(st, defender.space)}: counter-attack {flee}"
                ),
            )
        return Prompt(
            seat=st.active,
            step=st.step,
            actions=STEP_ACTIONS[st.step],
            hint=f"{_name(st, st.active)}: {STEP_PHRASE[st.step]}",
        )

    def legal_actions(self, state: Any, seat: str) -> list[Action]:
        """List every legal action of a seat, sorted."""
        st: BushidoState = state
        prompt = self.prompt(st)
        if prompt.seat is None or prompt.seat != seat:
            return []
        out: list[Action] = []
        if st.step == "defend" and st.pending is not None:
            commander = st.piece(st.pending.defender)
            assert commander is not None
            out.append(Counter(seat=seat))
            out += [Flee(to=h, seat=seat) for h in flee_targets(st, commander)]
        elif st.step == "turn":
            for piece in self._pieces_of(st, seat):
                out += [Move(piece=piece.id, to=h, seat=seat) for h in destinations(st, piece)]
                out += [
                    Attack(piece=piece.id, target=s, seat=seat) for s in attack_targets(st, piece)
                ]
            out.append(Hold(seat=seat))
        return sorted(out, key=_sort_key)

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        """Return what a seat may see: faces of its own and of turned-up movement pieces only."""
        st: BushidoState = state
        data = st.model_dump(mode="json")
        data["dice"] = {"seed_sha256": seed_hash(st.dice.seed), "drawn": st.dice.drawn}
        del data["stacks"]
        data["stack_counts"] = {s: len(cards) for s, cards in st.stacks.items()}
        for raw, piece in zip(data["pieces"], st.pieces, strict=True):
            if piece.revealed or piece.side == seat:
                raw["arrows"] = glyphs(arrows_of(st, piece))
            else:
                raw["movement"] = None
                raw["arrows"] = None
        data["may_flee"] = {s: self._may_flee(st, s) for s in st.seats}
        data["seat"] = seat
        data["prompt"] = self.prompt(st).model_dump(mode="json")
        return data

    def _may_flee(self, st: BushidoState, seat: str) -> bool:
        commander = st.commander(seat)
        return commander is not None and in_own_camp(st, commander)

    def private_lines(self, state: Any, seat: str) -> list[str]:
        """List what only `seat` may see: the face of the movement piece under each of its own."""
        st: BushidoState = state
        lines = []
        for piece in self._pieces_of(st, seat):
            status = "face up" if piece.revealed else "face down"
            lines.append(f"{piece.id} on {where(st, piece)}: {face_text(st, piece)} ({status})")
        lines.append(f"Movement pieces left in your stack: {len(st.stacks.get(seat, []))}")
        return lines

    def board_for(self, state: Any, seat: str) -> HexBoardView:
        """Return the public picture seen from a seat's side (turned for the right-edge seat)."""
        st: BushidoState = state
        return self._board(st, turned=_scenario(st).turned == seat)

    def board(self, state: Any) -> HexBoardView:
        """Return the public board picture: camps, pieces, turned-up arrows, the panel."""
        return self._board(state, turned=False)

    def _board(self, st: BushidoState, turned: bool) -> HexBoardView:
        scenario = _scenario(st)
        f = field(st.scenario)
        lit = {st.pending.attacker, st.pending.defender} if st.pending else set()
        ends = {a.end for a in st.arrows}
        markers: list[HexMarker] = []
        # Turned-up arrows are drawn as pointers on the piece's rim (board directions, which
        # the renderer turns with a flipped picture), not as arrow glyphs in its label: the
        # board font has no diagonal arrows. Face-down pieces get none.
        for seat, movement in sorted(st.left_on_camp.items()):
            if movement is None:
                continue
            side = scenario.side(seat)
            face = movement_pieces()[movement]
            markers.append(
                HexMarker(
                    hex=f.anchor[side.camp_id],
                    side=seat,
                    shape="diamond",
                    label=face.name.split(" (")[0],
                    faded=True,
                    pointers=tuple(sorted(absolute(face.arrows, side.facing))),
                )
            )
        for piece in sorted(st.pieces, key=lambda p: natural_key(p.id)):
            kind = piece.troop_type
            pointers = tuple(sorted(arrows_of(st, piece))) if piece.revealed else ()
            at = hex_of_space(st, piece.space)
            markers.append(
                HexMarker(
                    hex=at,
                    side=piece.side,
                    shape=kind.shape,
                    label=piece.id,
                    leader=piece.id if piece.is_commander else None,
                    cavalry=kind.mounted,
                    highlight=piece.id in lit or at in ends,
                    pointers=pointers,
                )
            )
        prompt = self.prompt(st)
        lines = [
            PanelLine(
                text=f"Turn {min(st.turn_number, scenario.turn_limit)} of {scenario.turn_limit} "
                f"| step: {st.step}",
                bold=True,
            ),
            PanelLine(text=prompt.hint, side=prompt.seat),
        ]
        for side in scenario.sides:
            seat = side.seat
            commander = st.commander(seat)
            if commander is None:
                status = f"{side.commander} has fallen"
            elif in_own_camp(st, commander):
                status = f"{commander.id} in camp, may flee"
            else:
                status = f"{commander.id} out of camp, cannot flee"
            lines.append(
                PanelLine(
                    text=(
                        f"{side.name}: {_plural(troops(st, seat), 'troop')}, strength "
                        f"{strength(st, seat)} | {status} | stack {len(st.stacks[seat])}"
                    ),
                    side=seat,
                )
            )
        return HexBoardView(
            static_key=f"bushido:{scenario.id}",
            cols=scenario.cols,
            rows=scenario.rows,
            short_odd_rows=True,
            areas=tuple(
                (f"{side.seat.capitalize()} camp", tuple(side.camp)) for side in scenario.sides
            ),
            terrain=tuple(Terrain(hex=h, kind="hill") for h in sorted(scenario.hills)),
            sides={s.seat: s.colour for s in scenario.sides},
            markers=tuple(markers),
            arrows=tuple(Arrow(start=a.start, end=a.end, kind=a.kind) for a in st.arrows),
            flipped=turned,
            panel=Panel(title=f"Bushido: {scenario.title}", lines=tuple(lines)),
        )

    def outcome(self, state: Any) -> Outcome | None:
        """Return how the battle ended, or None while it goes on."""
        st: BushidoState = state
        if st.step != "over":
            return None
        return Outcome(winner=st.winner, reason=st.end_reason)

    # ------------------------------------------------------------ autocomplete

    def suggest(
        self,
        state: Any,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        """Offer (name, value) completions for a command option, best first, at most 25.

        With a piece already typed, destinations and targets are that piece's own.
        """
        st: BushidoState = state
        chosen = str((context or {}).get("piece") or "").strip().upper() or None
        if chosen in COMMANDER_ALIASES and seat is not None:
            commander = st.commander(seat)
            chosen = commander.id if commander else chosen
        options = self.legal_actions(st, seat) if seat is not None else []
        pairs: list[tuple[str, str]] = []
        if field == "piece":
            ready = sorted({getattr(a, "piece", "") for a in options} - {""}, key=natural_key)
            rest = [p.id for p in st.pieces if seat is None or p.side == seat]
            for piece_id in [*ready, *sorted(set(rest) - set(ready), key=natural_key)]:
                piece = st.piece(piece_id)
                if piece is not None:
                    pairs.append(
                        (f"{piece.id} {piece.troop_type.name} on {where(st, piece)}", piece.id)
                    )
        elif field == "to":
            by_hex: dict[str, list[str]] = {}
            for a in options:
                if isinstance(a, Move) and chosen in (None, a.piece):
                    by_hex.setdefault(a.to, []).append(a.piece)
                elif isinstance(a, Flee):
                    by_hex.setdefault(a.to, []).append("flee")
            pairs = [(f"{h} ({', '.join(who)})", h) for h, who in by_hex.items()]
        elif field == "target":
            by_space: dict[str, list[str]] = {}
            for a in options:
                if isinstance(a, Attack) and chosen in (None, a.piece):
                    by_space.setdefault(a.target, []).append(a.piece)
            for space, who in by_space.items():
                enemy = st.at(space)
                what = f"{enemy.id} {enemy.troop_type.name}" if enemy else "?"
                pairs.append((f"{space} {what} (by {', '.join(who)})", space))
        return _rank(pairs, text)

    # ------------------------------------------------------------ log text

    def describe(self, event: Any) -> str:
        """Say in one English line what an event means (a model or its stored JSON form)."""
        e = EVENTS.validate_python(event) if isinstance(event, dict) else event
        if isinstance(e, ev.PieceMoved):
            how = " out of its camp (it can never flee now)" if e.left_camp else ""
            return f"{_seat(e.seat)} moves {e.piece} from {e.start} to {e.end}{how}."
        if isinstance(e, ev.AttackDeclared):
            return f"{_seat(e.seat)}'s {e.piece} ({e.start}) attacks {e.defender} ({e.target})."
        if isinstance(e, ev.MovementRevealed):
            name = movement_pieces()[e.movement].name if e.movement in movement_pieces() else ""
            return f"{_seat(e.seat)}'s {e.piece} turns up its movement piece: {name} {e.arrows}."
        if isinstance(e, ev.AnswerAwaited):
            flee = f"flee to {' or '.join(e.flee_to)}" if e.flee_to else "no hex to flee to"
            return (
                f"{_seat(e.seat)}'s {e.piece} is attacked in its camp by {e.attacker}: "
                f"counter-attack, or {flee}."
            )
        if isinstance(e, ev.CommanderFled):
            return (
                f"{_seat(e.seat)}'s {e.piece} flees its camp to {e.end}, away from {e.attacker}; "
                f"its movement piece stays on the camp at {e.placed_at}."
            )
        if isinstance(e, ev.MovementDrawn):
            return (
                f"{_seat(e.seat)} draws a new face-down movement piece for {e.piece} "
                f"({e.left} left)."
            )
        if isinstance(e, ev.CombatRolled):
            chosen = " (chosen instead of flight)" if e.chosen else ""
            hill = " with the hill" if e.hill else ""
            return (
                f"{e.attacker} rolls {e.attacker_roll} (total {e.attacker_total}) against "
                f"{e.defender}'s counter-attack{chosen} of {e.defender_roll} (total "
                f"{e.defender_total}{hill}): {e.winner} wins."
            )
        if isinstance(e, ev.PieceRemoved):
            return f"{_seat(e.seat)}'s {e.piece} is removed from {e.space}."
        if isinstance(e, ev.CommanderDefeated):
            return f"{_seat(e.seat)}'s commander {e.piece} falls to {e.by}!"
        if isinstance(e, ev.Held):
            return f"{_seat(e.seat)} holds its ground."
        if isinstance(e, ev.TurnEnded):
            return (
                f"{_seat(e.seat)}'s turn ends; {_seat(e.next_seat)} is next (turn {e.turn_number})."
            )
        if isinstance(e, ev.BattleEnded):
            if e.winner is None:
                return f"The battle ends in a draw: {e.reason}."
            return f"{_seat(e.winner)} wins the battle: {e.reason}."
        if isinstance(e, ev.Adjusted):
            note = f" ({e.note})" if e.note else ""
            return f"Referee adjustment: {e.change}{note}."
        return str(getattr(e, "type", e))


def _rank(pairs: list[tuple[str, str]], text: str) -> list[tuple[str, str]]:
    """Keep pairs matching `text`: prefix matches first, then substring matches; at most 25."""
    needle = text.strip().lower()
    first: list[tuple[str, str]] = []
    second: list[tuple[str, str]] = []
    for name, value in pairs:
        low_name, low_value = name.lower(), value.lower()
        if not needle or low_value.startswith(needle) or low_name.startswith(needle):
            first.append((name, value))
        elif needle in low_name or needle in low_value:
            second.append((name, value))
    return (first + second)[:25]


SYSTEM = BushidoSystem()

__all__ = ["SYSTEM", "BushidoSystem"]
