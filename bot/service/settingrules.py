"""Settings are rules: who may change each setting of a game or a league, in each state.

This table is the only place the permission is decided. `/game settings` and
`/league settings` (both transports go through the service: `Games.settings`,
`Leagues.settings`), the "who may change what" lines of their replies and every refusal
read it; tests/bot/test_setting_rules.py walks every setting, role and state through
the service and compares the outcome with it.

A league's settings (`LEAGUE_SETTINGS`) go by the league's status (`LeagueState`) and
by `league_role_of`: its moderator, its referee, its players, anyone else.

States, as `state_of` reads them from a game:

- `open`: waiting for players; nobody but the creator sits yet.
- `seated`: someone else has sat down, but nothing has been played yet.
- `started`: at least one action has been played.
- `league`: a league fixture's game, however far it is (its time control and its
  reminders are the league's: bot/service/leagues/reports.py `play_in`).
- `ended`: finished or ended; a closed record changes no more.

Roles, as `role_of` reads them from a caller (the first that fits):

- `moderator`: a member with Manage Channels (the server's staff).
- `player`: holds a seat. A creator who plays is a player: in an `open` game the one
  seated player is the creator, who sets the game up; later a creator who plays has
  no more say than the other side (as with referee adjustments, core/referee-consent).
- `league-referee`: the referee of the league whose fixture this is (its creator),
  holding no seat in it.
- `creator`: the game's creator, holding no seat in it (the game's referee).
- `other`: anyone else.

A verdict is `yes` (changed at once), `agreed` (posted as a claim with Agree / Dispute
buttons: it changes the game once the other side agrees, as referee adjustments do;
with nobody else seated it is `yes`) or `no` (refused, naming who may).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any


class State(StrEnum):
    """How far a game is, as far as its settings go."""

    OPEN = "open"
    SEATED = "seated"
    STARTED = "started"
    LEAGUE = "league"
    ENDED = "ended"


class Role(StrEnum):
    """Who asks for a change."""

    MODERATOR = "moderator"
    PLAYER = "player"
    LEAGUE_REFEREE = "league-referee"
    CREATOR = "creator"
    OTHER = "other"


class May(StrEnum):
    """What a change asked for becomes."""

    YES = "yes"
    AGREED = "agreed"
    NO = "no"


YES, AGREED, NO = May.YES, May.AGREED, May.NO
ROLES: tuple[Role, ...] = tuple(Role)  # the column order of the grids below
STATES: tuple[State, ...] = tuple(State)

Grid = Mapping[State, tuple[May, May, May, May, May]]

# Cells no caller can be in hold NO: a league's referee is nobody special in a game that
# is not its fixture; a fixture's creator is its league's referee; an open game's creator
# sits in it (tests/bot/test_setting_rules.py lists them and walks every other cell).
#
#                      moderator player  league-ref creator other
# Both sides play by it: once someone else sits, a player needs the other's agreement;
# in a league fixture it is the league's (its referee or a moderator changes it).
_LEAGUES_OWN: Grid = {
    State.OPEN:    (YES, YES,    NO,  NO,  NO),
    State.SEATED:  (YES, AGREED, NO,  YES, NO),
    State.STARTED: (YES, AGREED, NO,  YES, NO),
    State.LEAGUE:  (YES, NO,     YES, NO,  NO),
    State.ENDED:   (NO,  NO,     NO,  NO,  NO),
}
# Both sides read it, but the league leaves it to the players.
_SHARED: Grid = {
    **_LEAGUES_OWN,
    State.LEAGUE:  (YES, AGREED, YES, NO,  NO),
}
# Fairness: how far the players trust each other, what a referee may read. The creator
# sets it before anyone joins, so whoever sits down knows it; later a moderator only
# (core/reports-need-agreement, core/referee-sees-hidden).
_FAIRNESS: Grid = {
    State.OPEN:    (YES, YES, NO, NO,  NO),
    State.SEATED:  (YES, NO,  NO, NO,  NO),
    State.STARTED: (YES, NO,  NO, NO,  NO),
    State.LEAGUE:  (YES, NO,  NO, NO,  NO),
    State.ENDED:   (NO,  NO,  NO, NO,  NO),
}
# One's own side only (where one's reminders go): free for everyone, always.
_OWN: Grid = {state: (YES, YES, YES, YES, YES) for state in State}

# Every setting a player can change, by the option that changes it.
SETTINGS: dict[str, Grid] = {
    "time": _LEAGUES_OWN,  # /game settings time: the time control
    "deadline_hours": _LEAGUES_OWN,  # its older shorthand
    "remind": _LEAGUES_OWN,  # reminder points: the opponent's reminders too
    "language": _SHARED,  # the words the bot says to both sides
    "reports": _FAIRNESS,
    "referee_sees": _FAIRNESS,
    "dm": _OWN,  # /game reminders dm: (every game of the caller)
}

class LeagueState(StrEnum):
    """How far a league is (its status)."""

    OPEN = "open"  # players join; no fixture is made yet
    RUNNING = "running"
    FINISHED = "finished"


LEAGUE_ROLES: tuple[Role, ...] = (Role.MODERATOR, Role.LEAGUE_REFEREE, Role.PLAYER, Role.OTHER)
LeagueGrid = Mapping[LeagueState, tuple[May, May, May, May]]

#                             moderator league-ref player other
# The season's shape and its points: the terms players join under, fixed at the start.
_TERMS: LeagueGrid = {
    LeagueState.OPEN:     (YES, YES, NO, NO),
    LeagueState.RUNNING:  (NO,  NO,  NO, NO),
    LeagueState.FINISHED: (NO,  NO,  NO, NO),
}
# Its pace: the time control and holidays its games get from now on, how long a report
# waits for confirmation; its referee may adjust them while it runs.
_PACE: LeagueGrid = {
    **_TERMS,
    LeagueState.RUNNING:  (YES, YES, NO, NO),
}
# Every league setting `/league settings` changes (the game system is the league's for
# good: its fixtures, results and ratings are of that system).
LEAGUE_SETTINGS: dict[str, LeagueGrid] = {
    "scenario": _TERMS, "format": _TERMS, "rounds": _TERMS, "legs": _TERMS,
    "win": _TERMS, "draw": _TERMS, "loss": _TERMS, "tiebreaks": _TERMS,
    "time": _PACE, "holiday_days": _PACE, "confirm_hours": _PACE,
    # What a withdrawn player's opponents get (leagues/withdrawals.py): a term joined under.
    "withdrawal": _TERMS,
    # How a conceded game, or one lost on time, is scored (leagues/rounds.py): a term too.
    "concession": _TERMS,
    # How a Swiss league pairs its score groups and seeds its players: terms too.
    "pairing": _TERMS, "seeding": _TERMS, "late": _TERMS,
    # Games a fixture's match has, and how a match scores (leagues/matches.py): terms.
    "games": _TERMS, "match_scoring": _TERMS,
    # Each army's points limit in the league's games (importreview.py, wh40k/points-limit).
    "points": _TERMS,
}
# The settings `/game settings` changes (the others have their own command).
GAME_OPTIONS: tuple[str, ...] = ("language", "time", "deadline_hours", "remind", "reports",
                                 "referee_sees")
# The kind of claim a change waiting for agreement is (bot/service/turns.py).
CLAIM_KIND = "settings"
# The log entry of a change made (bot/service/views.py words it in `/game log`).
LOG_KIND = "settings"


def decide(setting: str, state: State | LeagueState, role: Role, other_side: bool = True
           ) -> May:
    """Say what a change of `setting` asked by `role` in `state` becomes: of a game's
    setting in a game's state, of a league's in a league's.

    `other_side` says whether someone other than the caller sits: a change that needs
    agreement from nobody is made at once (a solo game).
    """
    if isinstance(state, LeagueState):
        if role not in LEAGUE_ROLES:
            return NO
        return LEAGUE_SETTINGS[setting][state][LEAGUE_ROLES.index(role)]
    verdict = SETTINGS[setting][state][ROLES.index(role)]
    if verdict is AGREED and not other_side:
        return YES
    return verdict


def who_may(setting: str, state: State | LeagueState) -> list[tuple[Role, May]]:
    """Return the roles that may change `setting` in `state`, and how (for the words)."""
    roles = LEAGUE_ROLES if isinstance(state, LeagueState) else ROLES
    return [(role, verdict) for role in roles
            if (verdict := decide(setting, state, role)) is not NO]


def state_of(status: str, others_seated: bool, played: bool, league: bool) -> State:
    """Read a game's state: its status, whether someone besides the creator sits, whether
    an action has been played, whether it is a league fixture's game."""
    if status not in ("open", "active"):
        return State.ENDED
    if league:
        return State.LEAGUE
    if played:
        return State.STARTED
    return State.SEATED if others_seated else State.OPEN


def role_of(moderator: bool, seated: bool, league_referee: bool, creator: bool) -> Role:
    """Read a caller's role in a game (the first that fits, see the module's docstring)."""
    if moderator:
        return Role.MODERATOR
    if seated:
        return Role.PLAYER
    if league_referee:
        return Role.LEAGUE_REFEREE
    if creator:
        return Role.CREATOR
    return Role.OTHER


def league_role_of(moderator: bool, referee: bool, joined: bool) -> Role:
    """Read a caller's role in a league: its referee (its creator) runs it even while
    playing in it, since what it changes holds for every player alike."""
    if moderator:
        return Role.MODERATOR
    if referee:
        return Role.LEAGUE_REFEREE
    return Role.PLAYER if joined else Role.OTHER


def role_word(role: Role, verdict: May, state: State | LeagueState) -> str:
    """Return the catalogue id naming who may (`setting-role-<id>`): in an open game the
    one seated player is its creator; a creator not playing is the game's referee."""
    if role is Role.PLAYER:
        if verdict is AGREED:
            return "player-agreed"
        return "creator" if state is State.OPEN else "player"
    if role is Role.CREATOR:
        return "creator" if state is State.OPEN else "referee"
    return role.value


def typed_changes(changes: Mapping[str, Any]) -> str:
    """Write changes as a player types them, in the command's order: `time:none`,
    `remind:24h,1h` (a stored change may come back with its keys sorted)."""
    order = {option: n for n, option in enumerate(GAME_OPTIONS)}
    ordered = sorted(changes.items(), key=lambda item: order.get(item[0], len(order)))
    return ", ".join(f"`{option}:{value}`" for option, value in ordered)


__all__ = ["CLAIM_KIND", "GAME_OPTIONS", "LEAGUE_ROLES", "LEAGUE_SETTINGS", "LOG_KIND", "ROLES",
           "SETTINGS", "STATES", "LeagueState", "May", "Role", "State", "decide",
           "league_role_of", "role_of", "role_word", "state_of", "typed_changes", "who_may"]
