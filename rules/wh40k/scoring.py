"""Victory points, conceding, and how the battle ends."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.engine import Outcome
from rules.core.errors import refuse
from rules.core.model import Event
from rules.core.text import Msg, msg, term
from rules.wh40k import catalogue
from rules.wh40k.actions import (
    AdjustScore,
    BattleEnded,
    Concede,
    Conceded,
    Score,
    VictoryPointsScored,
)
from rules.wh40k.army import sender
from rules.wh40k.missions import MISSION_RULESET, check_primary
from rules.wh40k.state import LAST_ROUND, RoundScore, Seat, Wh40kState, other, vp_total

PRIMARY_CAP = 50
SECONDARY_CAP = 40
VICTORY_POINTS = "wh40k/victory-points"


def round_score(state: Wh40kState, seat: Seat) -> RoundScore:
    """Return what a player has scored in the current battle round."""
    for entry in state.scores[seat]:
        if entry.round == state.round:
            return entry
    return RoundScore(round=state.round)


def check_score(state: Wh40kState, action: Score) -> None:
    """A score reports some points, keeps the round at 0 or more and the totals under the caps;
    from ruleset 3, one round's report stays within the scenario's scoring
    (wh40k/score-per-round), and from ruleset 4 the primary comes only when and as much as
    the mission gives (wh40k/primary-<mission>); a referee may overrule with adjust_score."""
    seat = sender(action)
    _check_points(state, seat, action.primary, action.secondary)
    if state.ruleset < 3:
        return
    sc = catalogue.scenarios()[state.scenario]
    entry = round_score(state, seat)
    check_primary(state, seat, entry, action.primary)
    limits = [("primary", entry.primary + action.primary, sc.primary_per_round)
              ] if state.ruleset < MISSION_RULESET else []
    limits.append(("secondary", entry.secondary + action.secondary, sc.secondary_per_round))
    for kind, now, limit in limits:
        if now > limit:
            refuse("wh40k/score-per-round", "refusal-score-per-round", kind=kind, limit=limit,
                   total=now)


def check_adjust_score(state: Wh40kState, action: AdjustScore) -> None:
    """A referee's score for a side keeps only the battle's caps (wh40k/referee-score)."""
    _check_points(state, action.side, action.primary, action.secondary)


def _check_points(state: Wh40kState, seat: Seat, primary: int, secondary: int) -> None:
    if primary == 0 and secondary == 0:
        refuse("core/bad-input", "refusal-score-nothing")
    entry = round_score(state, seat)
    if entry.primary + primary < 0 or entry.secondary + secondary < 0:
        refuse(VICTORY_POINTS, "refusal-score-below-zero")
    primary_total = sum(r.primary for r in state.scores[seat]) + primary
    secondary_total = sum(r.secondary for r in state.scores[seat]) + secondary
    if primary_total > PRIMARY_CAP:
        refuse(VICTORY_POINTS, "refusal-primary-cap", limit=PRIMARY_CAP, total=primary_total)
    if secondary_total > SECONDARY_CAP:
        refuse(VICTORY_POINTS, "refusal-secondary-cap", limit=SECONDARY_CAP,
               total=secondary_total)


def score(work: Wh40kState, action: Score, dice: Dice, events: list[Event]) -> None:
    """Add the reported points to this battle round's score."""
    _add(work, sender(action), action.primary, action.secondary, events)


def adjust_score(work: Wh40kState, action: AdjustScore, dice: Dice, events: list[Event]) -> None:
    """Add a referee's points to a side's score for this battle round."""
    _add(work, action.side, action.primary, action.secondary, events)


def _add(work: Wh40kState, seat: Seat, primary: int, secondary: int,
         events: list[Event]) -> None:
    entry = round_score(work, seat)
    # Primary reported in the round's second turn, kept apart for the mission's turn check.
    late = primary if work.active != work.first and work.ruleset >= MISSION_RULESET else 0
    updated = RoundScore(round=work.round, primary=entry.primary + primary,
                         secondary=entry.secondary + secondary,
                         second_turn=entry.second_turn + late)
    work.scores[seat] = [r for r in work.scores[seat] if r.round != work.round] + [updated]
    events.append(VictoryPointsScored(side=seat, round=work.round, primary=primary,
                                      secondary=secondary, total=vp_total(work, seat)))


def check_concede(state: Wh40kState, action: Concede) -> None:
    """Either player may concede at any time."""
    sender(action)


def concede(work: Wh40kState, action: Concede, dice: Dice, events: list[Event]) -> None:
    """End the battle; the other side wins."""
    seat = sender(action)
    work.conceded = seat
    events.append(Conceded(side=seat))
    finish(work, events)


def winner(state: Wh40kState) -> Seat | None:
    """Return the winner of a finished battle (None for a draw)."""
    if state.conceded is not None:
        return other(state.conceded)
    attacker, defender = vp_total(state, "attacker"), vp_total(state, "defender")
    if attacker == defender:
        return None
    return "attacker" if attacker > defender else "defender"


def reason(state: Wh40kState) -> Msg:
    """Return why a finished battle ended as it did."""
    if state.conceded is not None:
        return msg("outcome-conceded", seat=term("seat", state.conceded))
    found = winner(state)
    vp = {"attacker_vp": vp_total(state, "attacker"), "defender_vp": vp_total(state, "defender")}
    if found is None:
        return msg("outcome-draw", rounds=LAST_ROUND, **vp)
    return msg("outcome-won", seat=term("seat", found), rounds=LAST_ROUND, **vp)


def result(state: Wh40kState) -> Outcome:
    """Return who won and why: a concession, or the higher VP total after the last round."""
    return Outcome(winner=winner(state), reason=reason(state))


def finish(work: Wh40kState, events: list[Event]) -> None:
    """End the battle and report its result."""
    work.step = "over"
    events.append(BattleEnded(winner=winner(work), attacker_vp=vp_total(work, "attacker"),
                              defender_vp=vp_total(work, "defender"), reason=reason(work)))
