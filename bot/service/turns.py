"""Turns: act, claims about the other side's units, buttons, undo, and rulings.

Every action goes the same way: read it (an uploaded file parsed) before the write
transaction opens, then in one transaction check who may act, apply the rules,
append the action to the log, write the new position and bump its version.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.errors import (
    AdjustForReferee,
    InternalError,
    NoClaim,
    NotClaimSubject,
    NothingToUndo,
    NotSeated,
    NotStarted,
    NotYourTurn,
    NoUndoRequest,
    OwnUndoRequest,
    PlayerError,
    RefereeOnly,
    Refused,
    ReportsForReferee,
    Stale,
    bad_input,
    unreadable,
)
from bot.replies import Button, Reply, TurnMark, action_digest, parse_custom_id
from bot.service import turnlog
from bot.service.boards import BoardReplies
from bot.service.context import Caller, Table, no_game, running
from bot.service.games import (
    changed_settings,
    claim_buttons,
    settings_changed,
    settings_reply,
    standing,
    stored_result,
)
from bot.service.rewind import Standing
from bot.service.rulebook import cite
from bot.service.settingrules import CLAIM_KIND
from bot.store.gamestore import GameStore
from bot.store.rows import GameHead, GameRow
from bot.store.transaction import Transaction
from bot.text import Said, event_record, seat_term
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event
from rules.core.system import GameSystem, system
from rules.core.text import Msg, Term, items

log = logging.getLogger(__name__)


def lasting(pending: dict[str, Any]) -> dict[str, Any]:
    """Return what an action leaves of a game's open requests: claims wait for their answer,
    and so do previews of an import (bot/service/importreview.py), which are judged again on Accept;
    the turn marker (bot/service/turnlog.py) stays."""
    return {k: pending[k] for k in ("claims", "previews", "turn") if pending.get(k)}


def abridged(text: str, most: int = 300) -> str:
    """Return text fit for a log line: an uploaded file must never fill the log."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text)} characters)"


def parse(rules: GameSystem, data: dict[str, Any], game: GameRow | GameHead) -> Action:
    """Read an action for a game's system, or refuse it in the game's words."""
    try:
        return rules.parse_action(data)
    except ValidationError as err:
        raise unreadable(err).where(game.language, game.system) from None
    except RuleViolation as violation:
        raise Refused(violation).where(game.language, game.system) from None


def apply(table: Table, parsed: Action) -> tuple[Any, list[Event]]:
    """Apply an action to a table's position; refusals and our own failures become replies."""
    game = table.game
    try:
        result: tuple[Any, list[Event]] = table.system.apply(table.state, parsed)
        return result
    except RuleViolation as violation:
        raise Refused(violation).where(game.language, game.system) from None
    except Exception:
        ref = uuid.uuid4().hex[:8]
        log.exception("engine failure in game %s (ref %s) applying %s", game.id, ref,
                      abridged(parsed.model_dump_json()))
        raise InternalError(game=game.id, ref=ref).where(game.language, game.system) from None


class Turns:
    """Act, settle claims, press buttons, take back and judge actions."""

    def __init__(self, store: GameStore, boards: BoardReplies) -> None:
        self.store = store
        self.boards = boards

    # ------------------------------------------------------------ acting

    def act(
        self,
        channel_id: str,
        caller: Caller,
        action: dict[str, Any],
        expected_version: int | None = None,
        expected_game: int | None = None,
    ) -> Reply:
        """Apply one action for the caller's seat, in one transaction, then draw the board.

        The action is read (an uploaded roster parsed) before the write transaction
        opens, so a slow or hostile input never holds the lock other channels wait on;
        the transaction then checks it is still the same game.
        """
        with self.store.reading() as tx:
            # The running game's id, system and language are all the action's reading needs.
            seen: GameHead | GameRow | None = tx.active_head(channel_id)
            if seen is None:
                seen = self._acted_on(tx, channel_id, caller, action)
        unseated = {k: v for k, v in action.items() if k != "seat"}
        parsed = parse(system(seen.system), unseated, seen)
        with self.store.transaction() as tx:
            game = self._acted_on(tx, channel_id, caller, action)
            if game.id != seen.id or expected_game not in (None, game.id):
                raise Stale().where(game.language, game.system)
            if expected_version is not None and expected_version != game.version:
                raise Stale().where(game.language, game.system)
            table = Table(game)
            before = table.prompt.seat
            seat = self._acting_seat(table, caller, parsed)
            parsed = parsed.model_copy(update={"seat": seat})
            needs = self._agreement_needed(table, parsed, caller)
            if needs is not None:
                return self._claim(tx, table, caller, parsed, *needs)
            after, events, turn = self._commit(tx, table, parsed, caller.user_id)
            tx.name_person(caller.user_id, caller.name)  # how the web names the player
        return self.boards.turn(after, events, before, turn)

    def _acted_on(
        self, tx: Transaction, channel_id: str, caller: Caller, action: dict[str, Any]
    ) -> GameRow:
        """Return the game an action is for: the channel's running game, or, for a
        referee's correction, the game that just finished (it may reopen the game)."""
        game = tx.active_game(channel_id)
        if game is not None:
            return game
        last = tx.latest_game(channel_id)
        if last is not None and last.status == "finished":
            table = Table(last)
            # Only a referee who plays no seat: the other side could not answer a claim.
            if str(action.get("type")) in table.system.referee_actions and (
                table.neutral_referee(caller)
            ):
                return last
        raise no_game(last, caller)

    def _acting_seat(self, table: Table, caller: Caller, action: Action) -> str:
        """Return the seat an action is made for, or refuse the caller."""
        game, system = table.game, table.system
        where = (game.language, game.system)
        mine = game.seats_of(caller.user_id)
        if action.type in system.referee_actions:
            if not table.is_referee(caller):
                raise RefereeOnly().where(*where)
            return mine[0] if mine else "referee"
        if not mine:
            # A referee who plays no seat may report what happened to either side's units.
            side = system.report_for(table.state, action)
            if side is not None and table.neutral_referee(caller):
                return str(side)
            raise NotSeated().where(*where)
        if game.status == "open":
            waiting = [seat_term(s) for s, uid in game.seats.items() if uid is None]
            raise NotStarted(seats=items(waiting)).where(*where)
        prompt = table.prompt
        if prompt.seat in mine:
            return prompt.seat
        if action.type in table.out_of_turn_actions:
            return mine[0]
        raise NotYourTurn(seat=seat_term(prompt.seat),
                          step=Term(kind="step", id=prompt.step)).where(*where)

    def _commit(
        self, tx: Transaction, table: Table, parsed: Action, actor_id: str
    ) -> tuple[Table, list[Event], TurnMark]:
        """Apply a checked action inside the command's transaction and store it; say
        which turn message shows it (bot/service/turnlog.py). The new table keeps the position
        just made rather than reading it back from the row, and the events are handed back
        as made (worded as they are, not read back from their stored form)."""
        game, system = table.game, table.system
        new_state, events = apply(table, parsed)
        records = [event_record(system, e) for e in events]
        entry = tx.append(game, "action", actor_id, parsed.seat, parsed.model_dump(mode="json"),
                          records, irreversible=any(type(e).irreversible for e in events))
        old = dict(game.pending.get("turn") or {})
        prompt = system.prompt(new_state)
        marker = turnlog.advanced(old, table.prompt.seat, prompt.seat, entry.seq)
        changes: dict[str, Any] = {"state": new_state.model_dump(mode="json"),
                                   "pending": {**lasting(game.pending), "turn": marker}}
        outcome = system.outcome(new_state)
        if outcome is not None:
            changes.update(status="finished", winner=outcome.winner,
                           result=stored_result(outcome.reason), seed_revealed=1)
        elif game.status == "finished":
            # A referee's correction undid what ended the game: it goes on. Its seed
            # stays public, so any further rolls can be foreseen (see docs/playing.md).
            changes.update(status="active", winner=None, result=None)
        after = Table(tx.update_game(game, **changes), state=new_state, prompt=prompt)
        return after, events, turnlog.mark(tx, after, old, marker, entry.seq)

    # ------------------------------------------------------------ claims

    def _agreement_needed(
        self, table: Table, parsed: Action, caller: Caller
    ) -> tuple[str, str] | None:
        """Return the seat that must agree before an action counts, and why; or None.

        A report about the other side's units ("report": tracker systems name them in
        `agreement_from`) waits for that side unless the game's `reports` setting trusts
        both players, or refuses it when reports are left to a referee
        (core/reports-need-agreement). An action both sides must want, such as starting
        a 40k battle (`consent_actions`), always waits for the other side ("consent").
        So does a referee's adjustment made by a creator who also plays, unless the game
        trusts its players; a game for referees only refuses it (core/referee-consent).
        A referee who plays no seat needs nobody.
        """
        game, system = table.game, table.system
        if table.neutral_referee(caller):
            return None
        policy = game.settings.get("reports", "confirm")
        where = (game.language, game.system)
        if parsed.type in system.referee_actions:
            others = [s for s, uid in game.seats.items() if uid and uid != caller.user_id]
            if not others or policy == "trust":
                return None
            if policy == "referee":
                raise AdjustForReferee().where(*where)
            return others[0], "consent"
        needs = system.agreement_from(table.state, parsed)
        if needs is None or needs in game.seats_of(caller.user_id):
            return None
        if parsed.type in system.consent_actions:
            return str(needs), "consent"
        if policy == "trust":
            return None
        if policy == "referee":
            raise ReportsForReferee(subject=seat_term(needs)).where(*where)
        return str(needs), "report"

    def _claim(
        self, tx: Transaction, table: Table, caller: Caller, parsed: Action, needs: str,
        kind: str,
    ) -> Reply:
        """Record an action awaiting the other side's agreement as a claim (see
        `_agreement_needed`; `kind` is "report" or "consent")."""
        game = table.game
        # Judge it now, so an illegal claim is refused at once. A report keeps what it
        # would do; a request keeps nothing of it, since its events could show a roll or
        # a hidden piece before the other side has agreed (it is applied then).
        _, events = apply(table, parsed)
        records = [] if kind == "consent" else [event_record(table.system, e) for e in events]
        entry = tx.append(game, "claim", caller.user_id, parsed.seat,
                          parsed.model_dump(mode="json"), records)
        claims = [*game.pending.get("claims", []),
                  {"seq": entry.seq, "seat": parsed.seat, "subject": needs, "kind": kind}]
        game = tx.update_game(game, bump=False, pending={**game.pending, "claims": claims})
        table = Table(game)
        other = game.seats.get(needs)
        # A report says what it claims happened; a request says what was asked, never
        # what it would do (that could show a roll or a hidden piece before consent).
        what = table.claimed(parsed.model_dump(mode="json"), records)
        return Reply(
            text=table.words("claim-made", kind=kind, seat=seat_term(parsed.seat), what=what,
                             subject=seat_term(needs),
                             other=f"<@{other}>" if other else table.seat_name(needs)),
            mention=other,
            buttons=self.claim_buttons(table, entry.seq),
            game_id=game.id,
            version=game.version,
        )

    def claim_buttons(self, table: Table, seq: int) -> list[Button]:
        """Return the Agree and Dispute buttons of a claim."""
        return claim_buttons(table, seq)

    def settle(self, channel_id: str, caller: Caller, seq: int, agree: bool) -> Reply:
        """Agree to or dispute a claim (its side or a neutral referee); the claimant may withdraw.

        Agreeing applies the claimed report to the game as it stands now, as the
        claimant's action; if the game has moved on so far that the report is no longer
        legal, the claim lapses and says why.
        """
        with self.store.transaction() as tx:
            game = running(tx, channel_id, caller)
            table = Table(game)
            where = (game.language, game.system)
            claims: list[dict[str, Any]] = list(game.pending.get("claims", []))
            claim = next((c for c in claims if c.get("seq") == seq), None)
            if claim is None:
                raise NoClaim().where(*where)
            mine = game.seats_of(caller.user_id)
            claimant = seat_term(claim["seat"])
            kind = claim.get("kind", "report")
            rest = {**game.pending, "claims": [c for c in claims if c is not claim]}
            if claim["seat"] in mine and claim["subject"] not in mine and not agree:
                tx.append(game, "claim_withdrawn", caller.user_id, claim["seat"], {"of": seq})
                game = tx.update_game(game, bump=False, pending=rest)
                return Reply(text=table.words("claim-withdrawn", seat=claimant, kind=kind),
                             game_id=game.id, version=game.version)
            if claim["subject"] not in mine and not table.neutral_referee(caller):
                raise NotClaimSubject(subject=seat_term(claim["subject"])).where(*where)
            answering = claim["subject"] if claim["subject"] in mine else "referee"
            who = seat_term(answering)
            if not agree:
                tx.append(game, "claim_disputed", caller.user_id, answering, {"of": seq})
                game = tx.update_game(game, bump=False, pending=rest)
                return Reply(text=table.words("claim-disputed", seat=who, claimant=claimant,
                                              kind=kind),
                             game_id=game.id, version=game.version)
            if kind == CLAIM_KIND:  # a change of settings (bot/service/games.py settings)
                return self._agreed_settings(tx, table, caller, claim, answering, rest)
            entry = tx.entry(game.id, seq)
            before = table.prompt.seat
            parsed = parse(table.system, entry.action, game)
            try:
                apply(table, parsed)
            except Refused as refusal:
                tx.append(game, "claim_lapsed", caller.user_id, answering, {"of": seq})
                game = tx.update_game(game, bump=False, pending=rest)
                return Reply(text=table.words("claim-lapsed", claimant=claimant, kind=kind,
                                              reason=table.reason(refusal.reason)),
                             game_id=game.id, version=game.version)
            tx.append(game, "claim_agreed", caller.user_id, answering, {"of": seq})
            table = Table(tx.update_game(game, bump=False, pending=rest))
            after, events, turn = self._commit(tx, table, parsed, entry.actor_id)
        reply = self.boards.turn(after, events, before, turn)
        reply.lines.insert(0, reply.text)
        reply.text = after.words("claim-agreed", seat=who, claimant=claimant, kind=kind)
        return reply

    def _agreed_settings(self, tx: Transaction, table: Table, caller: Caller,
                         claim: dict[str, Any], answering: str, rest: dict[str, Any]) -> Reply:
        """Make a change of settings the other side agreed to, logged as the claimant's."""
        game = table.game
        seq = int(claim["seq"])
        entry = tx.entry(game.id, seq)
        claimant = seat_term(claim["seat"])
        game = tx.update_game(game, bump=False, pending=rest)
        try:
            changed_settings(game, entry.action["changes"])
        except PlayerError as refusal:  # a value that cannot be any more
            tx.append(game, "claim_lapsed", caller.user_id, answering, {"of": seq})
            return Reply(text=table.words("claim-lapsed", claimant=claimant, kind=CLAIM_KIND,
                                          reason=refusal.text(game.language)),
                         game_id=game.id, version=game.version)
        tx.append(game, "claim_agreed", caller.user_id, answering, {"of": seq})
        game = settings_changed(tx, game, entry.action["changes"], entry.actor_id,
                                claim["seat"], str(entry.action.get("by") or ""), agreed=seq)
        state = standing(tx, game, caller)[0]
        reply = settings_reply(Table(game), state)
        reply.lines.insert(0, reply.text)
        reply.text = Table(game).words("claim-agreed", seat=seat_term(answering),
                                       claimant=claimant, kind=CLAIM_KIND)
        return reply

    # ------------------------------------------------------------ buttons

    def press(self, channel_id: str, caller: Caller, custom_id: str, games: Any) -> Reply:
        """Handle a button made by this service; refuse politely if the game moved on.

        `games` is the part that seats players (a join button).
        """
        parsed_id = parse_custom_id(custom_id)
        if parsed_id is None:
            raise bad_input("input-unknown-button")
        kind, game_id, version, arg = parsed_id
        with self.store.reading() as tx:
            game = tx.game(game_id)
        if game is None or game.channel_id != channel_id or game.over:
            error = Stale()
            raise error.where(game.language, game.system) if game else error
        if kind in ("claim-yes", "claim-no"):  # a claim is named by its log entry
            return self.settle(channel_id, caller, int(arg), kind == "claim-yes")
        if game.version != version:
            raise Stale().where(game.language, game.system)
        if kind == "join":
            reply: Reply = games.join(channel_id, caller, seat=arg)
            return reply
        if kind in ("undo-yes", "undo-no"):
            return self.answer_undo(channel_id, caller, kind == "undo-yes", version)
        if kind == "act":
            table = Table(game)
            seat = table.prompt.seat or ""
            chosen = next((a for a in table.legal(seat) if action_digest(a) == arg), None)
            if chosen is None:
                raise Stale().where(game.language, game.system)
            data = chosen.model_dump(mode="json", exclude={"seat"})
            return self.act(channel_id, caller, data, expected_version=version,
                            expected_game=game.id)
        raise bad_input("input-unknown-button").where(game.language, game.system)

    # ------------------------------------------------------------ undo

    def undo(self, channel_id: str, caller: Caller) -> Reply:
        """Take back your last action freely when the rules allow, else ask the opponent.

        The position before it is worked out on a read snapshot (a checkpoint and the
        actions after it, bot/service/rewind.py), so a long log never holds the write lock; the
        write then goes through only if the game has not moved meanwhile (else Stale).
        """
        with self.store.reading() as tx:
            seen = running(tx, channel_id, caller)
            where = (seen.language, seen.system)
            mine = seen.seats_of(caller.user_id)
            if not mine:
                raise NotSeated().where(*where)
            standing = Standing.read(tx, seen.id)
            last = standing.last(tx, seen.id)
            if last is None or last.seat not in mine:
                raise NothingToUndo().where(*where)
            table = Table(seen)
            free = not last.irreversible and table.prompt.seat == last.seat
            state = standing.rewound(tx, table.system, seen) if free else None
        what = (Said(" / ".join(table.event(e) for e in last.events))
                or table.typed(last.action))
        with self.store.transaction() as tx:
            game = self._unmoved(tx, channel_id, caller, seen)
            if state is not None:
                entry = tx.append(game, "undo", caller.user_id, last.seat,
                                  {"count": 1, "of": last.seq})
                after, mark = self._rewound(tx, game, state, entry.seq)
                reply = self.boards.turn(after, [], last.seat, mark)  # no ping for the undoer
                reply.lines.insert(0, reply.text)
                reply.text = after.words("game-undone", seat=seat_term(last.seat), what=what)
                return reply
            tx.append(game, "undo_request", caller.user_id, last.seat, {"of": last.seq})
            game = tx.update_game(
                game, pending={**game.pending, "undo": {"seat": last.seat, "of": last.seq}}
            )
        others = [s for s in game.seats if s != last.seat]
        other = others[0] if others else last.seat or ""
        words = Table(game).words
        return Reply(
            text=words("game-undo-requested", seat=seat_term(last.seat), what=what,
                       other=f"<@{game.seats.get(other)}>"),
            mention=game.seats.get(other),
            buttons=[
                Button("undo-yes", words("button-agree-undo"), game.id, game.version, "",
                       "success"),
                Button("undo-no", words("button-refuse-undo"), game.id, game.version, "",
                       "danger"),
            ],
            game_id=game.id,
            version=game.version,
        )

    def answer_undo(
        self, channel_id: str, caller: Caller, agree: bool, expected_version: int | None = None
    ) -> Reply:
        """Agree to or refuse the opponent's undo request; the answer is logged.

        As with undo, the replay is done before the write transaction opens.
        """
        with self.store.reading() as tx:
            seen = running(tx, channel_id, caller)
            where = (seen.language, seen.system)
            if expected_version is not None and expected_version != seen.version:
                raise Stale().where(*where)
            request = seen.pending.get("undo")
            if not request:
                raise NoUndoRequest().where(*where)
            mine = seen.seats_of(caller.user_id)
            if not mine:
                raise NotSeated().where(*where)
            answering = [s for s in mine if s != request["seat"]]
            if not answering:
                raise OwnUndoRequest().where(*where)
            table = Table(seen)
            state = Standing.read(tx, seen.id).rewound(tx, table.system, seen) if agree else None
        with self.store.transaction() as tx:
            game = self._unmoved(tx, channel_id, caller, seen)
            if state is None:
                tx.append(game, "undo_refused", caller.user_id, answering[0],
                          {"of": request["of"]})
                game = tx.update_game(game, pending=lasting(game.pending))
                return Reply(text=table.words("game-undo-refused", seat=seat_term(answering[0])),
                             game_id=game.id, version=game.version)
            marker = {"count": 1, "of": request["of"], "agreed_by": answering[0]}
            entry = tx.append(game, "undo", caller.user_id, request["seat"], marker)
            after, mark = self._rewound(tx, game, state, entry.seq)
        reply = self.boards.turn(after, [], table.prompt.seat, mark)
        reply.lines.insert(0, reply.text)
        reply.text = after.words("game-undo-agreed", seat=seat_term(answering[0]))
        return reply

    def _unmoved(self, tx: Transaction, channel_id: str, caller: Caller, seen: GameRow
                 ) -> GameRow:
        """Read the game again in the write transaction; Stale if it moved since `seen`."""
        game = running(tx, channel_id, caller)
        if game.id != seen.id or game.version != seen.version:
            raise Stale().where(game.language, game.system)
        return game

    def _rewound(self, tx: Transaction, game: GameRow, state: BaseModel, seq: int
                 ) -> tuple[Table, TurnMark]:
        """Store the position an undo (log entry `seq`) gives; say which turn message shows
        it: the live one while the same seat keeps the turn (edited in place, no new
        message), a new one if the undo gives the turn back to the other seat."""
        old = dict(game.pending.get("turn") or {})
        system = Table(game).system
        before, after_seat = system.prompt(Table(game).state).seat, system.prompt(state).seat
        marker = turnlog.advanced(old, before, after_seat, seq)
        after = Table(tx.update_game(game, state=state.model_dump(mode="json"),
                                     pending={**lasting(game.pending), "turn": marker}),
                      state=state)
        return after, turnlog.mark(tx, after, old, marker, seq)

    # ------------------------------------------------------------ rulings

    def ruling(
        self, channel_id: str, caller: Caller, action: dict[str, Any], seat: str | None = None
    ) -> Reply:
        """Judge an action against the live game without applying it (quick arbitration)."""
        with self.store.reading() as tx:
            game = running(tx, channel_id, caller)
        table = Table(game)
        words, prompt = table.words, table.prompt
        mine = game.seats_of(caller.user_id)
        as_seat = seat or (prompt.seat if prompt.seat in mine else (mine or [prompt.seat or ""])[0])
        hidden = table.private_actions
        try:
            parsed = parse(table.system, {**action, "seat": as_seat}, game)
            if parsed.type in hidden and (as_seat not in mine or (
                    parsed.type in table.system.referee_actions and not table.is_referee(caller))):
                # The verdict alone would say whether that hand holds the card.
                return Reply(text=words("rule-ruling-private", seat=seat_term(as_seat)),
                             ephemeral=True, game_id=game.id, version=game.version)
            if as_seat != prompt.seat and parsed.type not in table.out_of_turn_actions:
                raise Refused(RuleViolation(
                    "core/not-your-turn",
                    Msg(key="refusal-not-your-turn",
                        args={"seat": seat_term(prompt.seat),
                              "step": Term(kind="step", id=prompt.step)}),
                )).where(game.language, game.system)
            apply(table, parsed)
        except Refused as refusal:
            # A verdict on one's own card play still says what the hand holds: keep it private.
            return Reply(
                text=words("rule-ruling-illegal", reason=table.reason(refusal.reason)),
                lines=rule_lines(table, refusal),
                ephemeral=str(action.get("type")) in hidden,
                game_id=game.id,
                version=game.version,
            )
        return Reply(text=words("rule-ruling-legal", action=self.boards.label(table, parsed)),
                     ephemeral=parsed.type in hidden, game_id=game.id, version=game.version)


def rule_lines(table: Table, refusal: Refused) -> list[str]:
    """Return the lines that cite the rule a refusal rests on, in the game's language."""
    ref = refusal.rule
    return cite(table.words, ref) if ref is not None else []


__all__ = ["Turns", "abridged", "apply", "lasting", "parse"]
