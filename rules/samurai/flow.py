"""The turn as a step table, and one handler per action type.

A turn is a sequence of steps kept in the state:

    card -> orders -> moves -> battles -> (keep) -> next seat's card

with `retreat` inserted whenever a unit must retreat and its owner has a choice of
hex, `momentum` after a close combat that won ground (rules.samurai.momentum), and
`over` once a seat has its banners. The referee's `adjust` is open in every
step but `over` (the skeleton lets a referee action through without a seat check).

Each step says who acts, which action types are open, what the seat to act is told
and which actions are legal. Each handler checks an action against the state, so
`is_legal` and rulings see every refusal, and applies it to the skeleton's copy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rules.core.dice import Dice
from rules.core.engine import Handler, Step
from rules.core.errors import RuleViolation, refuse
from rules.core.hexgrid import distance
from rules.core.model import Action, Event
from rules.core.text import Msg, items, msg, term
from rules.samurai import dragon, honor, momentum
from rules.samurai.actions import (
    Adjust,
    Adjusted,
    Battle,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    DeckReshuffled,
    EndTurn,
    Keep,
    LeaderJoined,
    Move,
    NothingOrdered,
    Order,
    OrdersLost,
    PieceMoved,
    PieceOrdered,
    Play,
    Retreat,
    ShogunRolled,
    TurnEnded,
    pieces_list,
)
from rules.samurai.battle import (
    award_banner,
    battle,
    battler,
    check_battle,
    continue_retreat,
    escape_to,
    retreat_choices,
    retreat_options,
    roll,
    step_retreat,
)
from rules.samurai.catalogue import CommandCard, cards, hex_of
from rules.samurai.honor_actions import Seppuku
from rules.samurai.movement import destinations, explain_refusal, may_join, mover
from rules.samurai.orders import (
    Request,
    assign,
    board_section,
    build_requests,
    explain,
    lost_orders,
    offered_orders,
    public_slot,
    slot_msg,
)
from rules.samurai.referee import (
    adjust_cards,
    change_order,
    check_adjust_cards,
    check_order_change,
)
from rules.samurai.state import ArrowRecord, OrderEntry, Piece, SamuraiState, TurnRecord
from rules.samurai.tactics import charge_slots, close_bonus

REFEREE = ("adjust", "adjust_cards")

# ---------------------------------------------------------------- who acts


def _active(state: SamuraiState) -> str | None:
    return state.active


def _retreating(state: SamuraiState) -> str | None:
    return state.retreat.seat if state.retreat is not None else state.active


def _nobody(state: SamuraiState) -> str | None:
    return None


# ---------------------------------------------------------------- what they are told


def _hint(key: str) -> Callable[[SamuraiState], Msg]:
    return lambda state: msg(key)


def _orders_hint(state: SamuraiState) -> Msg:
    turn = state.current
    top = state.at_top(state.active)
    return msg(
        "prompt-orders",
        card=term("card", turn.card),
        count=len(turn.slots),
        offered=items(slot_msg(s, top) for s in sorted(set(turn.slots))),
    )


def _retreat_hint(state: SamuraiState) -> Msg:
    pending = state.retreat
    assert pending is not None
    piece = state.piece(pending.piece)
    assert piece is not None
    if pending.escape:
        return msg(
            "prompt-escape-seppuku" if honor.published(state) else "prompt-escape",
            leader=piece.id,
            hex=piece.hex,
            choices=items(retreat_options(state), "or"),
        )
    return msg(
        "prompt-retreat",
        piece=piece.id,
        hex=piece.hex,
        remaining=pending.remaining,
        choices=items(retreat_choices(state, piece.hex, pending.seat), "or"),
    )


def _over_hint(state: SamuraiState) -> Msg:
    winner = state.winner
    assert winner is not None, "a game ends only when a seat reaches its banners"
    target = state.setup.side(winner).banners
    return msg("prompt-over", seat=term("seat", winner), banners=target)


# ---------------------------------------------------------------- legal actions


def _legal_plays(state: SamuraiState, seat: str) -> list[Action]:
    if seat != state.active:
        return []
    return [Play(card=c, seat=seat) for c in sorted(set(state.hands[seat]))]


def _legal_orders(state: SamuraiState, seat: str) -> Iterator[Action]:
    """Offer the orders lazily, ordering nothing first (the step is `simple_first`)."""
    if seat == state.active:
        turn = state.current
        for pieces in offered_orders(state, seat, turn.slots, cards()[turn.card]):
            yield Order(pieces=pieces, seat=seat)


def _legal_moves(state: SamuraiState, seat: str) -> list[Action]:
    out: list[Action] = []
    for entry in state.current.orders:
        try:
            piece, _ = mover(state, seat, entry.piece)
        except RuleViolation:
            continue
        out += [Move(piece=piece.id, to=h, seat=seat) for h in destinations(state, piece)]
    return out


def _legal_battles(state: SamuraiState, seat: str) -> list[Action]:
    out: list[Action] = []
    enemies = sorted({p.hex for p in state.pieces if p.side != seat})
    for entry in state.current.orders:
        try:
            head = battler(state, seat, entry.piece)
        except RuleViolation:
            continue
        reach = max(1, head.unit_type.range)
        for target in enemies:
            if distance(hex_of(head.hex), hex_of(target)) > reach:
                continue
            try:
                check_battle(state, seat, head.id, target)
            except RuleViolation:
                continue
            out.append(Battle(piece=head.id, target=target, seat=seat))
    return out


def _legal_fortune(state: SamuraiState, seat: str) -> list[Action]:
    """Return the Dragon cards and inspirations open in one's own movement and battles."""
    ordered = [entry.piece for entry in state.current.orders]
    return [*dragon.challenge_options(state, seat), *honor.inspire_options(state, seat, ordered)]


def _legal_in_moves(state: SamuraiState, seat: str) -> Iterator[Action]:
    """Offer the end of the turn first, the rest as asked for (the step is `simple_first`)."""
    if seat == state.active:
        yield EndTurn(seat=seat)
        yield from _legal_moves(state, seat)
        yield from _legal_battles(state, seat)
        yield from _legal_fortune(state, seat)


def _legal_in_battles(state: SamuraiState, seat: str) -> Iterator[Action]:
    """Offer the end of the turn first, the rest as asked for (the step is `simple_first`)."""
    if seat == state.active:
        yield EndTurn(seat=seat)
        yield from _legal_battles(state, seat)
        yield from _legal_fortune(state, seat)


def _legal_retreats(state: SamuraiState, seat: str) -> list[Action]:
    pending = state.retreat
    piece = state.piece(pending.piece) if pending is not None else None
    if pending is None or piece is None or seat != pending.seat:
        return []
    published = pending.escape and honor.published(state)
    seppuku: list[Action] = [Seppuku(seat=seat)] if published else []
    return [*seppuku, *(Retreat(to=h, seat=seat) for h in retreat_options(state))]


def _legal_keeps(state: SamuraiState, seat: str) -> list[Action]:
    if seat != state.active:
        return []
    return [Keep(card=c, seat=seat) for c in sorted(set(state.keep_choices))]


STEPS: dict[str, Step[SamuraiState]] = {
    "card": Step(("play", *REFEREE), _active, _hint("prompt-card"), _legal_plays),
    "orders": Step(("order", *REFEREE), _active, _orders_hint, _legal_orders,
                   simple_first=True),
    "moves": Step(
        ("move", "battle", "dragon", "inspire", "end_turn", *REFEREE), _active,
        _hint("prompt-moves"), _legal_in_moves, simple_first=True,
    ),
    "battles": Step(
        ("battle", "dragon", "inspire", "end_turn", *REFEREE), _active, _hint("prompt-battles"),
        _legal_in_battles, simple_first=True,
    ),
    "retreat": Step(
        ("retreat", "seppuku", *REFEREE), _retreating, _retreat_hint, _legal_retreats
    ),
    "momentum": Step(
        ("gain", "hold", "battle", *REFEREE), _active, momentum.hint, momentum.legal
    ),
    "keep": Step(("keep", *REFEREE), _active, _hint("prompt-keep"), _legal_keeps),
    # Ruleset 3 (rules.samurai.dragon): the defender's answer to a close combat, and the
    # end-of-turn choice of a Dragon card or tokens.
    "react": Step(
        ("dragon", "inspire", "decline", *REFEREE), dragon.react_actor, _hint("prompt-react"),
        dragon.react_options,
    ),
    "reward": Step(
        ("reward", "dragon_discard", *REFEREE), _active, _hint("prompt-reward"),
        dragon.reward_options,
    ),
    "over": Step((), _nobody, _over_hint),
}

# ---------------------------------------------------------------- card


def _check_play(state: SamuraiState, act: Play) -> None:
    # The refusal never lists the hand: a ruling may judge another seat's action.
    if act.card not in state.hands[act.seat]:
        refuse("samurai/card-in-hand", "refusal-card-not-in-hand", card=term("card", act.card))


def _card_slots(
    work: SamuraiState, card: CommandCard, in_hand: int, dice: Dice, events: list[Event]
) -> list[str]:
    """Return the orders a played card gives (the Shogun rolls for them), as slot ids."""
    seat = work.active
    top = work.at_top(seat)
    if card.kind == "section":
        return [
            f"section:{board_section(s, top)}" for s, n in card.orders.items() for _ in range(n)
        ]
    if card.kind == "advance":
        assert card.section is not None
        return [f"section:{board_section(card.section, top)}"] * in_hand
    if card.kind == "charge":
        return charge_slots(work, seat, card)
    faces = roll(dice, in_hand)
    slots: list[str] = []
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
    events.append(ShogunRolled(seat=seat, faces=faces, orders=len(slots), tokens=tokens))
    return slots


def _play(work: SamuraiState, act: Play, dice: Dice, events: list[Event]) -> None:
    seat = act.seat
    card = cards()[act.card]
    hand = work.hands[seat]
    in_hand = len(hand)  # counted before playing: the card itself counts
    hand.remove(card.id)
    work.discard.append(card.id)
    events.append(CardPlayed(seat=seat, card=card.id))
    slots = _card_slots(work, card, in_hand, dice, events)
    kept, lost = lost_orders(work, seat, slots, card.helmet)
    top = work.at_top(seat)
    for slot, count in sorted(lost.items()):
        events.append(OrdersLost(seat=seat, where=public_slot(slot, top, seat), count=count))
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


# ---------------------------------------------------------------- orders


def _order_plan(state: SamuraiState, act: Order) -> tuple[list[Request], list[int]]:
    """Return the requests an order names and the card slot each one takes, or refuse."""
    turn = state.current
    card = cards()[turn.card]
    requests = build_requests(state, act.seat, pieces_list(act.pieces), card)
    assignment = assign(requests, turn.slots)
    if assignment is None:
        raise RuleViolation(
            "samurai/order-slots-match",
            explain(requests, turn.slots, card, state.at_top(act.seat)),
        )
    return requests, assignment


def _check_order(state: SamuraiState, act: Order) -> None:
    _order_plan(state, act)


def _order(work: SamuraiState, act: Order, dice: Dice, events: list[Event]) -> None:
    turn = work.current
    requests, assignment = _order_plan(work, act)
    for request, index in zip(requests, assignment, strict=True):
        entry = OrderEntry(
            piece=request.piece,
            leader=request.leader,
            split=request.split,
            slot=turn.slots[index],
        )
        turn.orders.append(entry)
        events.append(
            PieceOrdered(
                seat=act.seat,
                piece=entry.piece,
                leader=entry.leader,
                split=entry.split,
                slot=entry.slot,
            )
        )
    if not requests:
        events.append(NothingOrdered(seat=act.seat))
    work.step = "moves"


# ---------------------------------------------------------------- moves and battles


def _move_plan(state: SamuraiState, act: Move) -> tuple[Piece, Piece | None, bool]:
    """Return the moving piece, the leader it carries and whether it joins a unit, or refuse."""
    piece, carried = mover(state, act.seat, act.piece)
    reach = destinations(state, piece)
    if act.to not in reach:
        raise explain_refusal(state, piece, act.to)
    return piece, carried, reach[act.to] == "join"


def _check_move(state: SamuraiState, act: Move) -> None:
    _move_plan(state, act)


def _move(work: SamuraiState, act: Move, dice: Dice, events: list[Event]) -> None:
    turn = work.current
    piece, carried, joins = _move_plan(work, act)
    start = piece.hex
    unit = work.unit_at(act.to) if joins else None
    piece.hex = act.to
    if carried is not None:
        carried.hex = act.to
    turn.moved.append(piece.id)
    turn.arrows.append(ArrowRecord(start=start, end=act.to, kind="move"))
    events.append(
        PieceMoved(piece=piece.id, leader=carried.id if carried else None, start=start, end=act.to)
    )
    if unit is not None:
        turn.joined.append(piece.id)
        events.append(
            LeaderJoined(
                leader=piece.id, unit=unit.id, unit_ordered=turn.entry(unit.id) is not None
            )
        )


def _battler(state: SamuraiState, act: Battle) -> tuple[Piece, bool]:
    """Return the fighting piece and whether it shoots; a bonus close combat never does."""
    if state.step == "momentum":
        return momentum.bonus_battler(state, act.seat, act.piece, act.target), False
    return check_battle(state, act.seat, act.piece, act.target)


def _check_battle(state: SamuraiState, act: Battle) -> None:
    _battler(state, act)


def _battle(work: SamuraiState, act: Battle, dice: Dice, events: list[Event]) -> None:
    turn = work.current
    again = work.step == "momentum"
    head, ranged = _battler(work, act)
    bonus = turn.bonus_dice + (0 if ranged else close_bonus(work, head))
    if not again:
        turn.battled.append(head.id)
    work.step = "battles"
    momentum.begin(work, head, act.target, ranged=ranged, bonus=again, events=events)
    if not ranged and dragon.offers_reaction(work, act.target):
        dragon.open_reaction(work, head, act.target, bonus, events)  # samurai/dragon-interrupt
        return
    battle(work, dice, head.hex, act.target, ranged, bonus, events)
    momentum.settle(work)


def _check_retreat(state: SamuraiState, act: Retreat) -> None:
    pending = state.retreat
    assert pending is not None
    piece = state.piece(pending.piece)
    assert piece is not None
    choices = retreat_options(state)
    if act.to not in choices:
        if pending.escape:
            refuse(
                "samurai/leader-escape",
                "refusal-not-an-escape-hex",
                hex=act.to,
                leader=piece.id,
                start=piece.hex,
                choices=items(choices, "or"),
            )
        refuse(
            "samurai/flags-retreat",
            "refusal-not-a-retreat-hex",
            hex=act.to,
            piece=piece.id,
            start=piece.hex,
            choices=items(choices, "or"),
        )


def _retreat(work: SamuraiState, act: Retreat, dice: Dice, events: list[Event]) -> None:
    pending = work.retreat
    assert pending is not None
    if pending.escape:
        leader = work.piece(pending.piece)
        assert leader is not None
        work.retreat = None
        escape_to(work, leader, act.to, events)
        work.step = "battles"
        momentum.settle(work)
        return
    step_retreat(work, act.to, events)
    waiting, _ = continue_retreat(work, dice, events)
    # A blocked retreat may wipe the unit out and leave its leader to escape.
    if not waiting and work.step != "over" and work.retreat is None:
        work.step = "battles"
    momentum.settle(work)


# ---------------------------------------------------------------- end of turn


def _draw(work: SamuraiState, dice: Dice, count: int, events: list[Event]) -> list[str]:
    drawn: list[str] = []
    for _ in range(count):
        if not work.deck and work.discard:
            work.deck = dice.shuffle(work.discard)
            work.discard = []
            events.append(DeckReshuffled(cards=len(work.deck)))
        if not work.deck:
            break
        drawn.append(work.deck.pop(0))
    return drawn


def _pass_turn(work: SamuraiState, events: list[Event]) -> None:
    dragon.new_turn(work)
    seat = work.active
    nxt = work.other(seat)
    work.active = nxt
    work.step = "card"
    work.turn_number += 1
    events.append(
        TurnEnded(
            seat=seat,
            banners=work.banners[seat],
            tokens=work.tokens[seat],
            next_seat=nxt,
            next_banners=work.banners[nxt],
            next_tokens=work.tokens[nxt],
        )
    )


def _end_turn(work: SamuraiState, act: EndTurn, dice: Dice, events: list[Event]) -> None:
    turn = work.current
    seat = work.active
    if turn.reshuffle:
        work.deck = dice.shuffle(work.deck + work.discard)
        work.discard = []
        events.append(DeckReshuffled(cards=len(work.deck)))
        dragon.reshuffle(work, dice, events)  # the Shogun reshuffles the Dragon deck too
    drawn = _draw(work, dice, 2 if turn.draw_two else 1, events)
    events.append(CardsDrawn(seat=seat, count=len(drawn)))
    if len(drawn) > 1:
        work.keep_choices = drawn
        work.step = "keep"
        return
    work.hands[seat] += drawn
    _finish_turn(work, events)


def _check_keep(state: SamuraiState, act: Keep) -> None:
    if act.card not in state.keep_choices:
        refuse(
            "samurai/order-one-draw-two",
            "refusal-not-drawn",
            card=term("card", act.card),
            choices=items((term("card", c) for c in state.keep_choices), "or"),
        )


def _keep(work: SamuraiState, act: Keep, dice: Dice, events: list[Event]) -> None:
    rest = list(work.keep_choices)
    rest.remove(act.card)
    work.hands[act.seat].append(act.card)
    for card in rest:
        work.discard.append(card)
        events.append(CardDiscarded(seat=act.seat, card=card))
    work.keep_choices = []
    _finish_turn(work, events)


def _finish_turn(work: SamuraiState, events: list[Event]) -> None:
    """Pass the turn, after the end-of-turn choice of a Dragon card or tokens (ruleset 3)."""
    if honor.published(work):
        work.step = "reward"
        return
    _pass_turn(work, events)


def _reward(work: SamuraiState, act: Any, dice: Dice, events: list[Event]) -> None:
    dragon.reward(work, act, dice, events)
    _pass_turn(work, events)



# ---------------------------------------------------------------- referee


def _token_seat(state: SamuraiState, act: Adjust) -> str | None:
    """Return whose tokens an adjustment changes: the named side, the piece's, or the actor's."""
    piece = state.piece(act.piece) if act.piece else None
    if act.side is not None:
        return act.side
    if piece is not None:
        return piece.side
    return act.seat if act.seat in state.seats else None


def _check_adjust(state: SamuraiState, act: Adjust) -> None:
    """Refuse an adjustment that says nothing, names nothing real, or breaks the position."""
    if all(v is None for v in (act.figures, act.to, act.banner, act.tokens, act.order)):
        refuse("samurai/adjust", "refusal-adjust-nothing")
    piece = state.piece(act.piece) if act.piece else None
    if act.piece and piece is None:
        refuse("core/bad-input", "refusal-no-such-piece", piece=act.piece)
    if (act.figures is not None or act.to is not None or act.order) and piece is None:
        refuse("samurai/adjust", "refusal-adjust-needs-piece")
    for seat in (act.banner, act.side):
        if seat is not None and seat not in state.seats:
            refuse(
                "core/bad-input",
                "refusal-no-such-seat",
                seat=seat,
                seats=items(term("seat", s) for s in state.seats),
            )
    if piece is not None and act.figures is not None:
        full = piece.unit_type.figures
        if not 0 <= piece.figures + act.figures <= full:
            refuse(
                "samurai/adjust",
                "refusal-adjust-figures",
                piece=piece.id,
                unit=term("unit", piece.type),
                figures=piece.figures,
                full=full,
                change=act.figures,
            )
    if piece is not None and act.to is not None and act.to != piece.hex and state.at(act.to):
        if not (piece.is_leader and may_join(state, piece, act.to)):
            refuse("samurai/adjust", "refusal-adjust-hex-taken", hex=act.to)
    if act.tokens is not None and _token_seat(state, act) is None:
        refuse("samurai/adjust", "refusal-adjust-whose-tokens")
    if piece is not None and act.order is not None:
        check_order_change(state, piece, act.order, act.figures)


def _adjust(work: SamuraiState, act: Adjust, dice: Dice, events: list[Event]) -> None:
    piece = work.piece(act.piece) if act.piece else None
    token_seat = _token_seat(work, act)
    note = act.note or None
    if piece is not None and act.figures is not None:
        before = piece.figures
        piece.figures += act.figures
        if piece.figures == 0:
            work.pieces = [p for p in work.pieces if p.id != piece.id]
        events.append(
            Adjusted(
                change="figures", piece=piece.id, before=before, after=piece.figures, note=note
            )
        )
    if piece is not None and act.to is not None and work.piece(piece.id) is not None:
        start = piece.hex
        piece.hex = act.to
        events.append(Adjusted(change="hex", piece=piece.id, start=start, end=act.to, note=note))
    if piece is not None and act.order is not None and work.piece(piece.id) is not None:
        changed = change_order(work, piece, act.order)
        events.append(changed.model_copy(update={"note": note}))
    if act.tokens is not None and token_seat is not None:
        before = work.tokens[token_seat]
        work.tokens[token_seat] = max(0, before + act.tokens)
        events.append(
            Adjusted(
                change="tokens",
                seat=token_seat,
                before=before,
                after=work.tokens[token_seat],
                note=note,
            )
        )
    if act.banner is not None:
        events.append(Adjusted(change="banner", seat=act.banner, note=note))
        award_banner(work, act.banner, None, events)
    if work.retreat is not None and work.piece(work.retreat.piece) is None:
        work.retreat = None
        if work.step == "retreat":
            work.step = "battles"
    momentum.after_adjust(work)


HANDLERS: dict[str, Handler[SamuraiState, Any]] = {
    "play": Handler(_play, _check_play),
    "order": Handler(_order, _check_order),
    "move": Handler(_move, _check_move),
    "battle": Handler(_battle, _check_battle),
    "retreat": Handler(_retreat, _check_retreat),
    "gain": Handler(momentum.gain, momentum.check_gain),
    "hold": Handler(momentum.hold),
    "end_turn": Handler(_end_turn),
    "keep": Handler(_keep, _check_keep),
    "adjust": Handler(_adjust, _check_adjust),
    "adjust_cards": Handler(adjust_cards, check_adjust_cards),
    "dragon": Handler(dragon.play, dragon.check_dragon),
    "inspire": Handler(honor.inspire, honor.check_inspire),
    "decline": Handler(dragon.decline),  # open only in `react`, where a combat waits
    "seppuku": Handler(dragon.seppuku, honor.check_seppuku),
    "reward": Handler(_reward, dragon.check_reward),
    "dragon_discard": Handler(dragon.discard, dragon.check_discard),
}
