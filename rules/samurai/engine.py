"""Command & Colors: Samurai Battles as a Banneret game system (`SYSTEM`).

A turn is a sequence of steps kept in the state:

    card -> orders -> moves -> battles -> (keep) -> next seat's card

with `retreat` inserted whenever a unit must retreat and its owner has a choice of
hex, and `over` once a seat has its banners. `apply` is the one checked entry point:
it refuses an illegal action with a RuleViolation before touching anything and works
on its own copy (`SamuraiState.clone`), so the state passed in is never changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.board import Arrow, HexBoardView, HexMarker, Panel, PanelLine, Terrain
from rules.core.dice import Dice, DiceState
from rules.core.errors import RuleViolation
from rules.core.hexgrid import Hex, distance
from rules.core.model import Action, Event
from rules.core.system import Outcome, Prompt, ScenarioInfo
from rules.samurai import actions as ev
from rules.samurai.actions import (
    ACTIONS,
    EVENTS,
    Adjust,
    Battle,
    EndTurn,
    Keep,
    Move,
    Order,
    Play,
    Retreat,
    pieces_list,
)
from rules.samurai.battle import (
    award_banner,
    battle,
    continue_retreat,
    fighter_at,
    retreat_choices,
    roll,
    sight_blocker,
    step_retreat,
)
from rules.samurai.catalogue import (
    BOARD,
    CommandCard,
    Scenario,
    cards,
    hex_of,
    neighbours_of,
    scenarios,
    terrain_map,
    unit_types,
)
from rules.samurai.movement import destinations, explain_refusal, may_join
from rules.samurai.orders import (
    assign,
    board_section,
    build_requests,
    explain,
    fits,
    lost_orders,
    natural_key,
    order_options,
    orderable,
    own_piece,
    public_slot_phrase,
    request_for,
    slot_phrase,
)
from rules.samurai.state import (
    ArrowRecord,
    OrderEntry,
    Piece,
    SamuraiState,
    Step,
    TurnRecord,
)

STEP_ACTIONS: dict[Step, tuple[str, ...]] = {
    "card": ("play",),
    "orders": ("order",),
    "moves": ("move", "battle", "end_turn"),
    "battles": ("battle", "end_turn"),
    "retreat": ("retreat",),
    "keep": ("keep",),
    "over": (),
}

STEP_PHRASE: dict[Step, str] = {
    "card": "play a command card",
    "orders": "name the pieces to order",
    "moves": "move ordered pieces, then battle or end the turn",
    "battles": "battle with ordered pieces or end the turn",
    "retreat": "choose a retreat hex",
    "keep": "keep one of the two cards drawn",
    "over": "nothing: the game is over",
}

ACTION_FORMS: dict[str, str] = {
    "play": "play card:<card id or name>",
    "order": "order pieces:<ids such as 'U3 L1'>",
    "move": "move piece:<id> to:<hex>",
    "battle": "battle piece:<id> target:<hex>",
    "retreat": "retreat to:<hex>",
    "keep": "keep card:<card id>",
    "end_turn": "end_turn",
}


def _scenario(state: SamuraiState) -> Scenario:
    return scenarios()[state.scenario]


def _name(state: SamuraiState, seat: str) -> str:
    return _scenario(state).side(seat).name


def _seat(seat: str) -> str:
    """Return a seat id as a name in a sentence ('uesugi' -> 'Uesugi')."""
    return seat.capitalize()


def _is_top(state: SamuraiState, seat: str) -> bool:
    return _scenario(state).top == seat


def _card(card_id: str) -> CommandCard:
    found = cards().get(card_id)
    if found is None:
        known = ", ".join(sorted(cards()))
        raise RuleViolation(
            "core/bad-input",
            f"There is no command card {card_id!r}. Name a card by its id or name, "
            f"one of: {known}.",
            {"card": card_id},
        )
    return found


def _sort_key(action: Action) -> tuple[str, tuple[str, int], str]:
    piece = getattr(action, "piece", None)
    return (
        action.type,
        natural_key(piece) if isinstance(piece, str) else ("", 0),
        action.model_dump_json(),
    )


def _plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


class SamuraiSystem:
    """The Samurai Battles rules engine."""

    id = "samurai"
    title = "Command & Colors: Samurai Battles"
    referee_actions: frozenset[str] = frozenset({"adjust"})
    # Choices that name cards in a hand: offered only in the player's private reply.
    private_actions: frozenset[str] = frozenset({"play", "keep"})

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

    def new_game(self, scenario_id: str, seed: str) -> SamuraiState:
        """Set up a scenario: shuffle the command deck with the seeded dice and deal hands."""
        scenario = scenarios().get(scenario_id)
        if scenario is None:
            raise RuleViolation(
                "core/bad-input",
                f"There is no scenario {scenario_id!r}; "
                f"choose one of {', '.join(sorted(scenarios()))}.",
            )
        dice = Dice(DiceState(seed=seed))
        deck = dice.shuffle([c.id for c in cards().values() for _ in range(c.count)])
        hands: dict[str, list[str]] = {}
        for side in scenario.sides:
            hands[side.seat], deck = deck[: side.hand], deck[side.hand :]
        types = unit_types()
        pieces = [
            Piece(
                id=p.id,
                type=p.type,
                side=p.side,
                hex=p.hex,
                figures=p.figures if p.figures is not None else types[p.type].figures,
            )
            for p in scenario.pieces
        ]
        seats = [side.seat for side in scenario.sides]
        return SamuraiState(
            scenario=scenario.id,
            seats=seats,
            active=scenario.first,
            step="card",
            pieces=pieces,
            hands=hands,
            deck=deck,
            banners={s: 0 for s in seats},
            tokens={s: 0 for s in seats},
            dice=dice.state,
        )

    def load_state(self, data: dict[str, Any]) -> SamuraiState:
        """Rebuild a state from its JSON form."""
        return SamuraiState.model_validate(data)

    def parse_action(self, data: dict[str, Any]) -> Action:
        """Read an action from its JSON or command-option form and check names and hexes."""
        action: Action = ACTIONS.validate_python(data)
        for name in ("to", "target"):
            label = getattr(action, name, None)
            if isinstance(label, str) and not BOARD.contains(Hex.parse(label)):
                raise RuleViolation(
                    "core/bad-input",
                    f"{label} is not on the board. Hexes run from A1 to M9; rows 2, 4, 6 and 8 "
                    "end at column L.",
                    {name: label},
                )
        if isinstance(action, Play | Keep):
            _card(action.card)
        return action

    # ------------------------------------------------------------ apply

    def apply(self, state: Any, action: Any) -> tuple[SamuraiState, list[Event]]:
        """Apply one action after checking every rule; refuse it and change nothing if illegal."""
        current = state if isinstance(state, SamuraiState) else self.load_state(state)
        act = action if isinstance(action, Action) else self.parse_action(action)
        if current.step == "over":
            raise RuleViolation(
                "core/game-over",
                f"This game is over ({current.end_reason}); no more actions are accepted.",
            )
        if not isinstance(act, Adjust):
            self._check_turn(current, act)
        work = current.clone()
        dice = Dice(work.dice)
        events: list[Event] = []
        if isinstance(act, Play):
            self._play(work, act, dice, events)
        elif isinstance(act, Order):
            self._order(work, act, events)
        elif isinstance(act, Move):
            self._move(work, act, events)
        elif isinstance(act, Battle):
            self._battle(work, act, dice, events)
        elif isinstance(act, Retreat):
            self._retreat(work, act, dice, events)
        elif isinstance(act, EndTurn):
            self._end_turn(work, dice, events)
        elif isinstance(act, Keep):
            self._keep(work, act, events)
        elif isinstance(act, Adjust):
            self._adjust(work, act, events)
        else:
            raise RuleViolation("core/bad-input", f"Unknown action type {act.type!r}.")
        work.dice = dice.state
        return work, events

    def _check_turn(self, state: SamuraiState, act: Action) -> None:
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
                f"please wait for them.",
                {"seat": prompt.seat, "step": state.step},
            )
        if act.type not in STEP_ACTIONS[state.step]:
            open_forms = "; ".join(ACTION_FORMS[t] for t in STEP_ACTIONS[state.step])
            raise RuleViolation(
                "core/wrong-step",
                f"The game is in the '{state.step}' step, where you {STEP_PHRASE[state.step]}. "
                f"`{act.type.replace('_', ' ')}` does not belong here; open now: {open_forms}.",
                {"step": state.step},
            )

    def _turn(self, state: SamuraiState) -> TurnRecord:
        assert state.turn is not None
        return state.turn

    # ------------------------------------------------------------ card

    def _play(self, work: SamuraiState, act: Play, dice: Dice, events: list[Event]) -> None:
        seat = act.seat
        card = _card(act.card)
        hand = work.hands[seat]
        if card.id not in hand:
            # The message never lists the hand: a ruling may judge another seat's action.
            raise RuleViolation(
                "samurai/card-in-hand",
                f"{card.name} is not in your hand; /game hand shows the cards you hold.",
                {"card": card.id},
            )
        in_hand = len(hand)  # counted before playing: the card itself counts
        hand.remove(card.id)
        work.discard.append(card.id)
        events.append(ev.CardPlayed(seat=seat, card=card.id))
        top = _is_top(work, seat)
        slots: list[str] = []
        if card.kind == "section":
            for section, count in card.orders.items():
                slots += [f"section:{board_section(section, top)}"] * count
        elif card.kind == "advance":
            assert card.section is not None
            slots = [f"section:{board_section(card.section, top)}"] * in_hand
        elif card.kind == "charge":
            slots = [f"kind:{card.eligible}"] * card.anywhere
        else:
            faces = roll(dice, in_hand)
            tokens = 0
            for face in faces:
                gives = card.faces.get(face, "none")
                if gives in ("circle", "triangle", "square"):
                    slots.append(f"standard:{gives}")
                elif gives == "any":
                    slots.append("any")
                elif gives == "token":
                    tokens += 1
            work.tokens[seat] += tokens
            events.append(
                ev.ShogunRolled(seat=seat, faces=faces, slots=sorted(slots), tokens=tokens)
            )
        kept, lost = lost_orders(work, seat, slots, card.helmet)
        for slot, count in sorted(lost.items()):
            where = public_slot_phrase(slot, top, _name(work, seat))
            events.append(ev.OrdersLost(seat=seat, where=where, count=count))
        work.turn = TurnRecord(
            seat=seat,
            card=card.id,
            helmet=card.helmet,
            slots=kept,
            bonus_dice=card.bonus_dice,
            close_bonus=card.close_bonus,
            ranged=card.ranged,
            draw_two=card.draw_two,
            reshuffle=card.reshuffle,
        )
        work.step = "orders"

    # ------------------------------------------------------------ orders

    def _order(self, work: SamuraiState, act: Order, events: list[Event]) -> None:
        turn = self._turn(work)
        card = cards()[turn.card]
        requests = build_requests(work, act.seat, pieces_list(act.pieces), card)
        assignment = assign(requests, turn.slots)
        if assignment is None:
            raise RuleViolation(
                "samurai/order-slots-match",
                explain(requests, turn.slots, card, _is_top(work, act.seat)),
                {"card": card.id, "slots": list(turn.slots)},
            )
        for request, index in zip(requests, assignment, strict=True):
            entry = OrderEntry(
                piece=request.piece,
                leader=request.leader,
                split=request.split,
                slot=turn.slots[index],
            )
            turn.orders.append(entry)
            events.append(
                ev.PieceOrdered(
                    seat=act.seat,
                    piece=entry.piece,
                    leader=entry.leader,
                    split=entry.split,
                    slot=entry.slot,
                )
            )
        if not requests:
            events.append(ev.NothingOrdered(seat=act.seat))
        work.step = "moves"

    # ------------------------------------------------------------ moves

    def _not_ordered(self, work: SamuraiState, piece: Piece) -> RuleViolation:
        turn = self._turn(work)
        if piece.is_leader:
            carrier = turn.carrier(piece.id)
            if carrier is not None:
                return RuleViolation(
                    "samurai/leader-stays-with-unit",
                    f"{piece.id} was ordered together with {carrier.piece}, so he goes where it "
                    f"goes and fights as part of it: act with {carrier.piece}. To act with "
                    f"{piece.id} alone he must be ordered on his own.",
                    {"leader": piece.id, "unit": carrier.piece},
                )
        else:
            leader = work.leader_at(piece.hex)
            if leader is not None and leader.id in turn.joined:
                return RuleViolation(
                    "samurai/joining-does-not-order",
                    f"{leader.id} joined {piece.id} this turn, but a leader joining a unit does "
                    f"not give it an order: {piece.id} may not move or battle.",
                    {"leader": leader.id, "unit": piece.id},
                )
        ordered = ", ".join(e.piece for e in turn.orders) or "none"
        return RuleViolation(
            "samurai/only-ordered-act",
            f"{piece.id} has no order this turn. Only ordered pieces may move or battle "
            f"(ordered: {ordered}).",
            {"piece": piece.id},
        )

    def _mover(self, work: SamuraiState, seat: str, piece_id: str) -> tuple[Piece, Piece | None]:
        """Return the piece that would move and the leader it carries, or refuse."""
        turn = self._turn(work)
        piece = own_piece(work, seat, piece_id)
        entry = turn.entry(piece.id)
        if entry is None:
            raise self._not_ordered(work, piece)
        if piece.id in turn.moved:
            if piece.id in turn.joined:
                unit = work.unit_at(piece.hex)
                raise RuleViolation(
                    "samurai/no-move-join-move",
                    f"{piece.id} already moved and joined {unit.id if unit else 'a unit'}; a "
                    "leader may not move on again after joining a unit this turn.",
                    {"leader": piece.id},
                )
            raise RuleViolation(
                "samurai/move-once",
                f"{piece.id} has already moved this turn; an ordered piece moves once.",
                {"piece": piece.id},
            )
        if piece.is_leader:
            return piece, None
        leader = work.leader_at(piece.hex)
        if leader is None or entry.leader == leader.id:
            return piece, leader
        if leader.id in turn.joined:
            raise RuleViolation(
                "samurai/no-move-join-move",
                f"{leader.id} moved and joined {piece.id} this turn; {piece.id} may not carry him "
                f"any further: once a leader has moved and attached himself, his new unit "
                f"cannot take him on (move {piece.id} before he joins, or leave it where it is).",
                {"leader": leader.id, "unit": piece.id},
            )
        if turn.entry(leader.id) is not None:
            return piece, None  # ordered to split: he stays behind
        return piece, leader

    def _move(self, work: SamuraiState, act: Move, events: list[Event]) -> None:
        turn = self._turn(work)
        mover, carried = self._mover(work, act.seat, act.piece)
        reach = destinations(work, mover)
        if act.to not in reach:
            raise explain_refusal(work, mover, act.to)
        start = mover.hex
        unit = work.unit_at(act.to) if reach[act.to] == "join" else None
        mover.hex = act.to
        if carried is not None:
            carried.hex = act.to
        turn.moved.append(mover.id)
        turn.arrows.append(ArrowRecord(start=start, end=act.to, kind="move"))
        events.append(
            ev.PieceMoved(
                piece=mover.id,
                leader=carried.id if carried else None,
                start=start,
                end=act.to,
            )
        )
        if unit is not None:
            turn.joined.append(mover.id)
            events.append(
                ev.LeaderJoined(
                    leader=mover.id, unit=unit.id, unit_ordered=turn.entry(unit.id) is not None
                )
            )

    # ------------------------------------------------------------ battles

    def _battler(self, work: SamuraiState, seat: str, piece_id: str) -> Piece:
        """Return the piece that would fight, or refuse."""
        turn = self._turn(work)
        piece = own_piece(work, seat, piece_id)
        entry = turn.entry(piece.id)
        if entry is None:
            raise self._not_ordered(work, piece)
        if not piece.is_leader:
            return piece
        unit = work.unit_at(piece.hex)
        if unit is None:
            return piece
        if turn.entry(unit.id) is not None:
            raise RuleViolation(
                "samurai/leader-stays-with-unit",
                f"{piece.id} is with {unit.id}, and the two fight as one unit: "
                f"battle with {unit.id}.",
                {"leader": piece.id, "unit": unit.id},
            )
        if piece.id in turn.joined:
            raise RuleViolation(
                "samurai/joining-does-not-order",
                f"{piece.id} joined {unit.id}, which has no order; joining does not order the "
                f"unit, so the two may not battle this turn.",
                {"leader": piece.id, "unit": unit.id},
            )
        raise RuleViolation(
            "samurai/leader-stays-with-unit",
            f"{piece.id} is still with {unit.id}, which has no order. He may fight on his own "
            f"only after moving away from it.",
            {"leader": piece.id, "unit": unit.id},
        )

    def _check_battle(
        self, work: SamuraiState, seat: str, piece_id: str, target: str
    ) -> tuple[Piece, bool]:
        """Return the fighting piece and whether the battle is ranged, or refuse."""
        turn = self._turn(work)
        head = self._battler(work, seat, piece_id)
        if head.id in turn.battled:
            raise RuleViolation(
                "samurai/battle-once",
                f"{head.id} has already battled this turn; an ordered piece battles once.",
                {"piece": head.id},
            )
        defender = fighter_at(work, target)
        if defender is None or defender.head.side == seat:
            raise RuleViolation(
                "samurai/battle-target",
                f"There is no enemy piece on {target} to battle.",
                {"hex": target},
            )
        steps = distance(hex_of(head.hex), hex_of(target))
        if steps == 1:
            return head, False
        utype = head.unit_type
        if utype.range == 0:
            raise RuleViolation(
                "samurai/ranged-combat",
                f"{head.id} ({utype.name}) fights only in close combat, against a hex next to "
                f"it; {target} is {steps} hexes away.",
                {"piece": head.id, "distance": steps},
            )
        if not turn.ranged:
            raise RuleViolation(
                "samurai/cavalry-charge",
                f"Pieces ordered by {cards()[turn.card].name} may not shoot this turn; "
                f"{head.id} can only battle a hex next to it.",
                {"piece": head.id},
            )
        if steps > utype.range:
            raise RuleViolation(
                "samurai/ranged-combat",
                f"{head.id} ({utype.name}) shoots at most {utype.range} hexes and {target} is "
                f"{steps} away.",
                {"piece": head.id, "range": utype.range, "distance": steps},
            )
        for n in neighbours_of(head.hex):
            near = fighter_at(work, n)
            if near is not None and near.head.side != seat:
                raise RuleViolation(
                    "samurai/ranged-combat",
                    f"{head.id} has an enemy next to it ({near.head.id} on {n}) and may "
                    "not shoot; it may battle that enemy in close combat.",
                    {"piece": head.id, "enemy": near.head.id},
                )
        blocker = sight_blocker(work, head.hex, target)
        if blocker is not None:
            raise RuleViolation(
                "samurai/ranged-combat",
                f"{head.id} cannot see {target}: {blocker} is in the way (a piece, or terrain "
                "that blocks sight).",
                {"piece": head.id, "blocked_by": blocker},
            )
        return head, True

    def _battle(self, work: SamuraiState, act: Battle, dice: Dice, events: list[Event]) -> None:
        turn = self._turn(work)
        head, ranged = self._check_battle(work, act.seat, act.piece, act.target)
        bonus = turn.bonus_dice + (0 if ranged else turn.close_bonus)
        turn.battled.append(head.id)
        work.step = "battles"
        battle(work, dice, head.hex, act.target, ranged, bonus, events)

    def _retreat(self, work: SamuraiState, act: Retreat, dice: Dice, events: list[Event]) -> None:
        pending = work.retreat
        assert pending is not None
        piece = work.piece(pending.piece)
        assert piece is not None
        choices = retreat_choices(work, piece.hex, piece.side)
        if act.to not in choices:
            raise RuleViolation(
                "samurai/flags-retreat",
                f"{act.to} is not a retreat hex for {piece.id} on {piece.hex}: choose "
                f"{' or '.join(choices)} (one free hex toward your own edge of the map).",
                {"choices": choices},
            )
        step_retreat(work, act.to, events)
        waiting, _ = continue_retreat(work, dice, events)
        if not waiting and work.step != "over":
            work.step = "battles"

    # ------------------------------------------------------------ end of turn

    def _draw(self, work: SamuraiState, dice: Dice, count: int, events: list[Event]) -> list[str]:
        drawn: list[str] = []
        for _ in range(count):
            if not work.deck and work.discard:
                work.deck = dice.shuffle(work.discard)
                work.discard = []
                events.append(ev.DeckReshuffled(cards=len(work.deck)))
            if not work.deck:
                break
            drawn.append(work.deck.pop(0))
        return drawn

    def _pass_turn(self, work: SamuraiState, events: list[Event]) -> None:
        seat = work.active
        work.active = work.other(seat)
        work.step = "card"
        work.turn_number += 1
        events.append(
            ev.TurnEnded(
                seat=seat,
                next_seat=work.active,
                tokens=dict(work.tokens),
                banners=dict(work.banners),
            )
        )

    def _end_turn(self, work: SamuraiState, dice: Dice, events: list[Event]) -> None:
        turn = self._turn(work)
        seat = work.active
        if turn.reshuffle:
            work.deck = dice.shuffle(work.deck + work.discard)
            work.discard = []
            events.append(ev.DeckReshuffled(cards=len(work.deck)))
        drawn = self._draw(work, dice, 2 if turn.draw_two else 1, events)
        events.append(ev.CardsDrawn(seat=seat, count=len(drawn)))
        if len(drawn) > 1:
            work.keep_choices = drawn
            work.step = "keep"
            return
        work.hands[seat] += drawn
        self._pass_turn(work, events)

    def _keep(self, work: SamuraiState, act: Keep, events: list[Event]) -> None:
        if act.card not in work.keep_choices:
            names = " or ".join(f"{cards()[c].name} ({c})" for c in work.keep_choices)
            raise RuleViolation(
                "samurai/order-one-draw-two",
                f"{_card(act.card).name} is not one of the cards you drew; keep {names}.",
                {"choices": list(work.keep_choices)},
            )
        rest = list(work.keep_choices)
        rest.remove(act.card)
        work.hands[act.seat].append(act.card)
        for card in rest:
            work.discard.append(card)
            events.append(ev.CardDiscarded(seat=act.seat, card=card))
        work.keep_choices = []
        self._pass_turn(work, events)

    # ------------------------------------------------------------ referee

    def _adjust(self, work: SamuraiState, act: Adjust, events: list[Event]) -> None:
        if all(v is None for v in (act.figures, act.to, act.banner, act.tokens)):
            raise RuleViolation(
                "samurai/adjust",
                "Say what to change: figures (with piece), to (with piece), banner, or tokens.",
            )
        piece = work.piece(act.piece) if act.piece else None
        if act.piece and piece is None:
            raise RuleViolation("core/bad-input", f"There is no piece {act.piece} on the map.")
        if (act.figures is not None or act.to is not None) and piece is None:
            raise RuleViolation("samurai/adjust", "Name the piece whose figures or hex change.")
        for seat in (act.banner, act.side):
            if seat is not None and seat not in work.seats:
                raise RuleViolation(
                    "core/bad-input", f"{seat} is not a seat here (seats: {', '.join(work.seats)})."
                )
        if piece is not None and act.figures is not None:
            after = piece.figures + act.figures
            if not 0 <= after <= piece.unit_type.figures:
                raise RuleViolation(
                    "samurai/adjust",
                    f"{piece.id} ({piece.unit_type.name}) has {piece.figures} of "
                    f"{piece.unit_type.figures} figures; it cannot change by {act.figures:+d}.",
                )
        if piece is not None and act.to is not None:
            if not BOARD.contains(Hex.parse(act.to)):
                raise RuleViolation("core/bad-input", f"{act.to} is not on the board.")
            if (
                act.to != piece.hex
                and work.at(act.to)
                and not (piece.is_leader and may_join(work, piece, act.to))
            ):
                raise RuleViolation(
                    "samurai/adjust",
                    f"{act.to} is taken; a piece may only be put on a free hex (or a leader on a "
                    "friendly unit he may lead).",
                )
        token_seat = act.side or (piece.side if piece else None)
        if token_seat is None and act.seat in work.seats:
            token_seat = act.seat
        if act.tokens is not None and token_seat is None:
            raise RuleViolation(
                "samurai/adjust", "Say whose tokens change: name a piece of that side."
            )
        note = act.note
        if piece is not None and act.figures is not None:
            before = piece.figures
            piece.figures += act.figures
            if piece.figures == 0:
                work.pieces = [p for p in work.pieces if p.id != piece.id]
            events.append(
                ev.Adjusted(change=f"{piece.id} figures {before} -> {piece.figures}", note=note)
            )
        if piece is not None and act.to is not None and work.piece(piece.id) is not None:
            start = piece.hex
            piece.hex = act.to
            events.append(ev.Adjusted(change=f"{piece.id} moved {start} -> {act.to}", note=note))
        if act.tokens is not None and token_seat is not None:
            before = work.tokens[token_seat]
            work.tokens[token_seat] = max(0, before + act.tokens)
            events.append(
                ev.Adjusted(
                    change=f"{token_seat} tokens {before} -> {work.tokens[token_seat]}", note=note
                )
            )
        if act.banner is not None:
            events.append(ev.Adjusted(change=f"{act.banner} granted a banner", note=note))
            award_banner(work, act.banner, None, events)
        if work.retreat is not None and work.piece(work.retreat.piece) is None:
            work.retreat = None
            if work.step == "retreat":
                work.step = "battles"

    # ------------------------------------------------------------ queries

    def prompt(self, state: Any) -> Prompt:
        """Say who acts next, in which step, with a one-line hint."""
        st: SamuraiState = state
        if st.step == "over":
            winner = _name(st, st.winner) if st.winner else "nobody"
            return Prompt(
                seat=None, step="over", hint=f"Game over: {winner} wins ({st.end_reason})."
            )
        seat = st.retreat.seat if st.step == "retreat" and st.retreat else st.active
        name = _name(st, seat)
        hint = f"{name}: {STEP_PHRASE[st.step]}"
        if st.step == "orders" and st.turn is not None:
            card = cards()[st.turn.card]
            top = _is_top(st, seat)
            offered = ", ".join(sorted({slot_phrase(s, top) for s in st.turn.slots})) or "nothing"
            hint = (
                f"{name}: name up to {_plural(len(st.turn.slots), 'piece')} to order with "
                f"{card.name}; it orders {offered}"
            )
        elif st.step == "retreat" and st.retreat is not None:
            piece = st.piece(st.retreat.piece)
            where = piece.hex if piece else "?"
            choices = retreat_choices(st, where, seat) if piece else []
            hint = (
                f"{name}: retreat {st.retreat.piece} from {where}, "
                f"{_plural(st.retreat.remaining, 'hex', 'hexes')} to go: {' or '.join(choices)}"
            )
        return Prompt(seat=seat, step=st.step, actions=STEP_ACTIONS[st.step], hint=hint)

    def legal_actions(self, state: Any, seat: str) -> list[Action]:
        """List every legal action of a seat, sorted (orders: a bounded set, never empty)."""
        st: SamuraiState = state
        prompt = self.prompt(st)
        if prompt.seat is None or prompt.seat != seat:
            return []
        out: list[Action] = []
        if st.step == "card":
            out = [Play(card=c, seat=seat) for c in sorted(set(st.hands[seat]))]
        elif st.step == "orders":
            turn = self._turn(st)
            options = order_options(st, seat, turn.slots, cards()[turn.card])
            out = [Order(pieces=o, seat=seat) for o in options]
        elif st.step in ("moves", "battles"):
            if st.step == "moves":
                out += self._legal_moves(st, seat)
            out += self._legal_battles(st, seat)
            out.append(EndTurn(seat=seat))
        elif st.step == "retreat" and st.retreat is not None:
            piece = st.piece(st.retreat.piece)
            if piece is not None:
                out = [Retreat(to=h, seat=seat) for h in retreat_choices(st, piece.hex, seat)]
        elif st.step == "keep":
            out = [Keep(card=c, seat=seat) for c in sorted(set(st.keep_choices))]
        return sorted(out, key=_sort_key)

    def _legal_moves(self, st: SamuraiState, seat: str) -> list[Action]:
        out: list[Action] = []
        for entry in self._turn(st).orders:
            try:
                mover, _ = self._mover(st, seat, entry.piece)
            except RuleViolation:
                continue
            out += [Move(piece=mover.id, to=h, seat=seat) for h in destinations(st, mover)]
        return out

    def _legal_battles(self, st: SamuraiState, seat: str) -> list[Action]:
        out: list[Action] = []
        enemies = sorted({p.hex for p in st.pieces if p.side != seat})
        for entry in self._turn(st).orders:
            try:
                head = self._battler(st, seat, entry.piece)
            except RuleViolation:
                continue
            reach = max(1, head.unit_type.range)
            for target in enemies:
                if distance(hex_of(head.hex), hex_of(target)) > reach:
                    continue
                try:
                    self._check_battle(st, seat, head.id, target)
                except RuleViolation:
                    continue
                out.append(Battle(piece=head.id, target=target, seat=seat))
        return out

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        """Return what a seat may see: its own hand, counts of the rest, never the dice seed."""
        st: SamuraiState = state
        data = st.model_dump(mode="json")
        del data["dice"], data["hands"], data["deck"]
        data["seat"] = seat
        data["deck_count"] = len(st.deck)
        data["hand_counts"] = {s: len(h) for s, h in st.hands.items()}
        own = st.hands.get(seat, []) if seat is not None else []
        data["hand"] = [{"id": c, "name": cards()[c].name} for c in own]
        if seat != st.active:
            data["keep_choices"] = []
        data["keep_count"] = len(st.keep_choices)
        data["prompt"] = self.prompt(st).model_dump(mode="json")
        return data

    def private_lines(self, state: Any, seat: str) -> list[str]:
        """List what only `seat` may see: its hand and any cards drawn to choose from."""
        st: SamuraiState = state
        hand = st.hands.get(seat, [])
        lines = [f"{cards()[c].name} (`{c}`)" for c in hand]
        if st.step == "keep" and st.active == seat and st.keep_choices:
            drawn = " or ".join(f"{cards()[c].name} (`{c}`)" for c in st.keep_choices)
            lines.append(f"Drawn, keep one: {drawn}")
        return lines

    def board_for(self, state: Any, seat: str) -> HexBoardView:
        """Return the public picture seen from a seat's own edge (turned for the top seat)."""
        return self.board(state).model_copy(update={"flipped": _is_top(state, seat)})

    def board(self, state: Any) -> HexBoardView:
        """Return the public board picture: pieces, terrain, this turn's arrows and the panel."""
        st: SamuraiState = state
        scenario = _scenario(st)
        turn = st.turn
        ordered: set[str] = set()
        if turn is not None:
            for entry in turn.orders:
                ordered.add(entry.piece)
                if entry.leader:
                    ordered.add(entry.leader)
        markers: list[HexMarker] = []
        for label in sorted(
            {p.hex for p in st.pieces}, key=lambda h: (hex_of(h).row, hex_of(h).col)
        ):
            unit = st.unit_at(label)
            leader = st.leader_at(label)
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
        prompt = self.prompt(st)
        lines = [
            PanelLine(text=f"Turn {st.turn_number} | step: {st.step}", bold=True),
            PanelLine(text=prompt.hint, side=prompt.seat),
        ]
        if turn is not None:
            lines.append(
                PanelLine(
                    text=f"Card: {cards()[turn.card].name} ({_name(st, turn.seat)})", side=turn.seat
                )
            )
        for side in scenario.sides:
            seat = side.seat
            lines.append(
                PanelLine(
                    text=(
                        f"{side.name}: banners {st.banners[seat]}/{side.banners} | "
                        f"{_plural(len(st.hands[seat]), 'card')} | "
                        f"{_plural(st.tokens[seat], 'token')}"
                    ),
                    side=seat,
                )
            )
        lines.append(PanelLine(text=f"Deck {len(st.deck)} | discards {len(st.discard)}"))
        return HexBoardView(
            static_key=f"samurai:{scenario.id}",
            cols=BOARD.cols,
            rows=BOARD.rows,
            short_odd_rows=BOARD.short_odd_rows,
            section_lines=BOARD.section_lines,
            terrain=tuple(
                Terrain(hex=h, kind=k) for h, k in sorted(terrain_map(scenario.id).items())
            ),
            sides={s.seat: s.colour for s in scenario.sides},
            markers=tuple(markers),
            arrows=arrows,
            panel=Panel(title=f"Samurai Battles: {scenario.title}", lines=tuple(lines)),
        )

    def outcome(self, state: Any) -> Outcome | None:
        """Return the winner once a seat has its banners, else None."""
        st: SamuraiState = state
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
        st: SamuraiState = state
        chosen = str((context or {}).get("piece") or "").strip().upper() or None
        pairs: list[tuple[str, str]] = []
        if field == "card":
            source = (
                st.keep_choices
                if st.step == "keep" and seat == st.active
                else st.hands.get(seat or "", [])
            )
            pairs = [
                (cards()[c].name, c) for c in sorted(set(source), key=lambda c: cards()[c].name)
            ]
        elif field == "pieces":
            pairs = self._suggest_pieces(st, seat, text)
            return pairs[:25]
        elif field == "piece":
            pairs = self._suggest_piece(st, seat)
        elif field == "to":
            pairs = self._suggest_to(st, seat, chosen)
        elif field == "target":
            pairs = self._suggest_target(st, seat, chosen)
        return _rank(pairs, text)

    def _suggest_pieces(
        self, st: SamuraiState, seat: str | None, text: str
    ) -> list[tuple[str, str]]:
        if seat is None or st.turn is None or st.step != "orders":
            return []
        card = cards()[st.turn.card]
        typed = pieces_list(text)
        partial = "" if text.endswith((" ", ",")) or not typed else typed.pop()
        chosen = set(typed)
        out: list[tuple[str, str]] = []
        if not typed and not partial:
            out.append(("none (order nothing this turn)", "none"))
        for piece in orderable(st, seat, card.helmet):
            if piece.id in chosen or not piece.id.startswith(partial):
                continue
            # Only pieces standing where the card gives orders can take one.
            if not any(fits(request_for(piece, None, False), slot) for slot in st.turn.slots):
                continue
            value = " ".join([*typed, piece.id])
            with_leader = st.leader_at(piece.hex) if not piece.is_leader else None
            extra = (
                f" with {with_leader.id}" if with_leader and with_leader.id not in chosen else ""
            )
            out.append((f"{value} ({piece.unit_type.name} on {piece.hex}{extra})", value))
        return out

    def _suggest_piece(self, st: SamuraiState, seat: str | None) -> list[tuple[str, str]]:
        ready: list[str] = []
        if seat is not None and st.step in ("moves", "battles") and self.prompt(st).seat == seat:
            ready = sorted(
                {getattr(a, "piece", "") for a in self.legal_actions(st, seat)} - {""},
                key=natural_key,
            )
        rest = sorted((p.id for p in st.pieces if seat is None or p.side == seat), key=natural_key)
        out: list[tuple[str, str]] = []
        for piece_id in [*ready, *(r for r in rest if r not in ready)]:
            piece = st.piece(piece_id)
            if piece is not None:
                out.append((f"{piece.id} {piece.unit_type.name} on {piece.hex}", piece.id))
        return out

    def _suggest_to(
        self, st: SamuraiState, seat: str | None, piece: str | None = None
    ) -> list[tuple[str, str]]:
        if seat is None:
            return []
        by_hex: dict[str, list[str]] = {}
        for a in self.legal_actions(st, seat):
            if isinstance(a, Move) and piece not in (None, a.piece):
                continue
            if isinstance(a, Move):
                by_hex.setdefault(a.to, []).append(a.piece)
            elif isinstance(a, Retreat):
                by_hex.setdefault(a.to, []).append("retreat")
        order = sorted(by_hex, key=lambda h: (hex_of(h).col, hex_of(h).row))
        return [(f"{h} ({', '.join(by_hex[h])})", h) for h in order]

    def _suggest_target(
        self, st: SamuraiState, seat: str | None, piece: str | None = None
    ) -> list[tuple[str, str]]:
        if seat is None:
            return []
        by_hex: dict[str, list[str]] = {}
        for a in self.legal_actions(st, seat):
            if isinstance(a, Battle) and piece in (None, a.piece):
                by_hex.setdefault(a.target, []).append(a.piece)
        out: list[tuple[str, str]] = []
        for h in sorted(by_hex, key=lambda h: (hex_of(h).col, hex_of(h).row)):
            fighter = fighter_at(st, h)
            what = f"{fighter.head.id} {fighter.head.unit_type.name}" if fighter else "?"
            out.append((f"{h} {what} (by {', '.join(by_hex[h])})", h))
        return out

    # ------------------------------------------------------------ log text

    def describe(self, event: Any) -> str:
        """Say in one English line what an event means (a model or its stored JSON form)."""
        e = EVENTS.validate_python(event) if isinstance(event, dict) else event
        if isinstance(e, ev.CardPlayed):
            return f"{_seat(e.seat)} plays {_card_name(e.card)}."
        if isinstance(e, ev.OrdersLost):
            them = "it" if e.count == 1 else "them"
            return (
                f"{_seat(e.seat)} loses {_plural(e.count, 'order')}: "
                f"no piece to take {them} in {e.where}."
            )
        if isinstance(e, ev.ShogunRolled):
            return (
                f"{_seat(e.seat)} rolls for the Shogun: {', '.join(e.faces)} "
                f"({_plural(len(e.slots), 'order')}, {_plural(e.tokens, 'token')})."
            )
        if isinstance(e, ev.PieceOrdered):
            if e.split:
                return f"{_seat(e.seat)} orders leader {e.piece} away from his unit."
            with_leader = f" with leader {e.leader}" if e.leader else ""
            return f"{_seat(e.seat)} orders {e.piece}{with_leader}."
        if isinstance(e, ev.NothingOrdered):
            return f"{_seat(e.seat)} orders nothing this turn."
        if isinstance(e, ev.PieceMoved):
            with_leader = f" with leader {e.leader}" if e.leader else ""
            return f"{e.piece}{with_leader} moves from {e.start} to {e.end}."
        if isinstance(e, ev.LeaderJoined):
            note = "" if e.unit_ordered else f" ({e.unit} stays without an order)"
            return f"Leader {e.leader} joins {e.unit}{note}."
        if isinstance(e, ev.BattleRolled):
            how = "battles back at" if e.battle_back else ("shoots at" if e.ranged else "battles")
            ignored = f", {_plural(e.swords_ignored, 'sword')} ignored" if e.swords_ignored else ""
            flags = f", {_plural(e.flags, 'flag')}" if e.flags else ""
            dice = _plural(e.dice, "die", "dice")
            return (
                f"{e.attacker} ({e.start}) {how} {e.defender} ({e.target}) with {dice}: "
                f"{', '.join(e.faces)} -> {_plural(e.hits, 'hit')}{flags}{ignored}."
            )
        if isinstance(e, ev.FiguresLost):
            return f"{e.piece} loses {_plural(e.lost, 'figure')} ({e.remaining} left)."
        if isinstance(e, ev.UnitEliminated):
            return (
                f"{e.piece} of {_seat(e.side)} is eliminated on {e.hex}: "
                "its standard bearer falls."
            )
        if isinstance(e, ev.LeaderCasualtyCheck):
            fate = "falls" if e.killed else "survives"
            return f"Leader {e.leader} ({e.unit}) rolls {', '.join(e.faces)} and {fate}."
        if isinstance(e, ev.BannerWon):
            return f"{_seat(e.seat)} gains a victory banner ({e.banners}/{e.target})."
        if isinstance(e, ev.RetreatPending):
            return (
                f"{e.piece} must retreat {_plural(e.remaining, 'more hex', 'more hexes')}; "
                f"{_seat(e.seat)} chooses {' or '.join(e.choices)}."
            )
        if isinstance(e, ev.Retreated):
            return f"{e.piece} retreats from {e.start} to {e.end}."
        if isinstance(e, ev.RetreatBlocked):
            return (
                f"{e.piece} cannot retreat {_plural(e.hexes, 'hex', 'hexes')} "
                f"and takes {_plural(e.hits, 'hit')}."
            )
        if isinstance(e, ev.CardsDrawn):
            return f"{_seat(e.seat)} draws {_plural(e.count, 'card')}."
        if isinstance(e, ev.CardDiscarded):
            return f"{_seat(e.seat)} keeps one card and discards {_card_name(e.card)}."
        if isinstance(e, ev.DeckReshuffled):
            return f"The command deck is reshuffled ({_plural(e.cards, 'card')})."
        if isinstance(e, ev.TurnEnded):
            tokens = ", ".join(f"{_seat(s)} {n}" for s, n in e.tokens.items())
            return (
                f"{_seat(e.seat)} ends the turn; {_seat(e.next_seat)} is next. "
                f"Honor & Fortune tokens: {tokens}."
            )
        if isinstance(e, ev.GameWon):
            return f"{_seat(e.seat)} wins: {e.reason}."
        if isinstance(e, ev.Adjusted):
            note = f" ({e.note})" if e.note else ""
            return f"Referee adjustment: {e.change}{note}."
        return str(getattr(e, "type", e))


def _card_name(card_id: str) -> str:
    found = cards().get(card_id)
    return found.name if found else card_id


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


SYSTEM = SamuraiSystem()

__all__ = ["SYSTEM", "SamuraiSystem"]
