"""What a player can get wrong, as typed errors that name their catalogue message.

Every error a player can cause is a `PlayerError`: shown politely and privately,
it changes nothing. Its class names the catalogue key and, where a Banneret rule
is behind it, the rule the reply cites. `where()` tells it the game's language and
system, so the transport words it as the game reads; without a game the caller's
own Discord language is used.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from pydantic import ValidationError

from rules.core.errors import RuleViolation
from rules.core.references import RuleReference, all_rules
from rules.core.text import Msg, Value, items, kebab

# How much of a typed value a refusal quotes back: enough to recognise it, never a wall.
EXCERPT = 100


def excerpt(value: Value) -> Value:
    """Return a value as a refusal quotes it: a long typed text cut to its start.

    Text Banneret composed itself (`bot.text.Said`: lists of choices) stays whole.
    """
    from bot.text import Said

    if isinstance(value, str) and not isinstance(value, Said) and len(value) > EXCERPT:
        return Msg(key="text-abridged", args={"start": value[:EXCERPT], "count": len(value)})
    if isinstance(value, Msg):
        return value.model_copy(update={"args": {k: excerpt(v) for k, v in value.args.items()}})
    return value


class PlayerError(Exception):
    """Something the player can fix; shown politely (privately) and nothing changes."""

    key: ClassVar[str] = "error-bad-input"
    # The Banneret rule the refusal rests on, when there is one (cited with the reason).
    rule_id: ClassVar[str | None] = None

    def __init__(self, **values: Value) -> None:
        super().__init__(self.key)
        self.values = {name: excerpt(value) for name, value in values.items()}
        self.language: str | None = None
        self.system: str | None = None

    def where(self, language: str | None, system: str | None = None) -> PlayerError:
        """Say which game's words the message takes (its language and system)."""
        self.language = language
        self.system = system
        return self

    @property
    def rule(self) -> RuleReference | None:
        """Return the rule the refusal rests on."""
        return all_rules().get(self.rule_id) if self.rule_id else None

    def message(self) -> Msg:
        """Return the message to word."""
        return Msg(key=self.key, args=self.values)

    def text(self, language: str | None = None) -> str:
        """Word the message in the game's language (else `language`, else English)."""
        from bot.text import Words

        return Words.of(self.language or language, self.system).message(self.message())


class NoGame(PlayerError):
    key = "error-no-game"


class GameFinished(PlayerError):
    """The channel's game has ended: who won and how, and what can still be done."""

    key = "error-game-finished"
    rule_id = "core/game-over"


class GameExists(PlayerError):
    key = "error-game-exists"


class NotSeated(PlayerError):
    key = "error-not-seated"


class NotYourTurn(PlayerError):
    key = "error-not-your-turn"
    rule_id = "core/not-your-turn"


class NotStarted(PlayerError):
    key = "error-game-not-started"


class RefereeOnly(PlayerError):
    key = "error-referee-only"
    rule_id = "core/referee-only"


class SeatTaken(PlayerError):
    key = "error-seat-taken"


class NoFreeSeat(PlayerError):
    key = "error-no-free-seat"


class InvitedOther(PlayerError):
    key = "error-invited-other"


class AlreadySeated(PlayerError):
    key = "error-already-seated"


class UnknownSystem(PlayerError):
    key = "error-unknown-system"


class UnknownScenario(PlayerError):
    key = "error-unknown-scenario"


class UnknownSeat(PlayerError):
    key = "error-unknown-seat"


class BotOpponent(PlayerError):
    key = "error-bot-opponent"


class GuildOnly(PlayerError):
    key = "error-guild-only"


class BadInput(PlayerError):
    """A command that could not be read; `problem` says what was expected."""

    key = "error-bad-input"
    rule_id = "core/bad-input"

    def __init__(self, problem: Msg) -> None:
        super().__init__(problem=problem)


def bad_input(key: str, /, **values: Value) -> BadInput:
    """Refuse a command that could not be read, with the message saying why.

    The message is built without validation, so text Banneret composed (`Said`, such
    as a list of the commands to try) keeps its kind and is quoted whole.
    """
    return BadInput(Msg.model_construct(key=key, args=values))


def unreadable(error: ValidationError) -> BadInput:
    """Refuse an action pydantic could not read: its first problems, in the catalogue's words.

    Each pydantic error type (`int_parsing`, `less_than_equal`, a system's own
    `PydanticCustomError` type...) has the message `input-<type>`, filled with the
    field and the error's context.
    """
    problems: list[Msg] = []
    for item in error.errors()[:3]:
        where = ".".join(str(p) for p in item["loc"] if not isinstance(p, int)) or "action"
        field = where.split(".")[-1]
        context: dict[str, Value] = {}
        for name, value in (item.get("ctx") or {}).items():
            if name == "expected" and isinstance(value, str):
                # pydantic lists the choices in English ("'a', 'b' or 'c'"): take the choices.
                choices = re.findall(r"'([^']*)'", value)
                context[name] = items(choices, "or", typed=True) if choices else value
            else:
                context[name] = (
                    value if isinstance(value, str | int | float | bool) else str(value)
                )
        problems.append(Msg(key=f"input-{kebab(item['type'])}",
                            args={"field": field, **context}))
    if len(problems) == 1:
        return BadInput(problems[0])
    return BadInput(Msg(key="input-several", args={"problems": items(problems)}))


class Stale(PlayerError):
    key = "error-stale"


class NothingToUndo(PlayerError):
    key = "error-nothing-to-undo"
    rule_id = "core/undo-limit"


class NoUndoRequest(PlayerError):
    key = "error-no-undo-request"


class OwnUndoRequest(PlayerError):
    key = "error-own-undo-request"


class UnknownRule(PlayerError):
    key = "error-unknown-rule"


class NoClaim(PlayerError):
    key = "error-no-claim"


class NotClaimSubject(PlayerError):
    key = "error-not-claim-subject"
    rule_id = "core/reports-need-agreement"


class ReportsForReferee(PlayerError):
    key = "error-reports-referee"
    rule_id = "core/reports-need-agreement"


class AdjustForReferee(PlayerError):
    key = "error-adjust-referee"
    rule_id = "core/referee-consent"


class SettingRefused(PlayerError):
    """A setting the caller may not change in this state of the game (bot/service/settingrules.py):
    `option`, why the state keeps it (`why`) and who may change it (`who`)."""

    key = "error-setting-refused"
    rule_id = "core/settings-who-may-change"


class NoClock(PlayerError):
    """The game has no time control, so there is no clock to extend or pause."""

    key = "error-no-clock"


class RemindBad(PlayerError):
    """Reminder points that cannot be read; the reply shows the form they take."""

    key = "remind-bad"


class ExtendOwnClock(PlayerError):
    """A referee who holds the seat to act asking more time for themself."""

    key = "error-extend-own-clock"


class HolidayTooLong(PlayerError):
    """A holiday longer than what is left of the game's allowance."""

    key = "error-holiday-too-long"


class ClockExpired(PlayerError):
    """The player's time has already run out: a holiday cannot pause it any more."""

    key = "error-clock-expired"


class NotOutOfTime(PlayerError):
    """A win claimed on time while the player still has time (they acted, or got more)."""

    key = "error-not-out-of-time"


class NotTimeClaimant(PlayerError):
    """Only the opponent of the player out of time may claim the win."""

    key = "error-not-time-claimant"
    rule_id = "core/referee-sees-hidden"


class FileTooLarge(PlayerError):
    key = "error-file-too-large"


class FileNotText(PlayerError):
    key = "error-file-not-text"


class FileMissing(PlayerError):
    key = "error-file-missing"


class LeagueUnknown(PlayerError):
    key = "league-unknown"


class LeagueExists(PlayerError):
    key = "league-exists"


class LeagueBadName(PlayerError):
    key = "league-bad-name"


class LeagueNotAllowed(PlayerError):
    key = "league-not-allowed"


class LeagueNoSeason(PlayerError):
    """A league made without a game system only tracks games; it has no players."""

    key = "league-no-season"


class LeagueStarted(PlayerError):
    key = "league-started"


class LeagueNotStarted(PlayerError):
    key = "league-not-started"


class LeagueAlreadyIn(PlayerError):
    key = "league-already-in"


class LeagueNotIn(PlayerError):
    key = "league-not-in"


class LeagueRefereeOnly(PlayerError):
    """Only the league's creator or a server moderator may do this."""

    key = "league-referee-only"


class LeagueTooFew(PlayerError):
    key = "league-too-few"


class LeagueTooMany(PlayerError):
    """A league of its format takes at most so many players (leagues/rounds.py MOST_PLAYERS)."""

    key = "league-too-many"


class LeagueBadSetting(PlayerError):
    """A `/league create` option out of range; `problem` says which and what it takes."""

    key = "league-bad-setting"


class LeagueLateSwissOnly(PlayerError):
    """A player can be added to a running league only when it is a Swiss one."""

    key = "league-late-swiss-only"


class LeagueSubstituteIn(PlayerError):
    """A substitute must be someone not yet in the league."""

    key = "league-substitute-in"


class LeagueSwapRound(PlayerError):
    """Two fixtures swapped must be two different fixtures of one round."""

    key = "league-swap-round"


class LeagueRepairSwissOnly(PlayerError):
    """Only a Swiss round can be paired again (a round robin's schedule is fixed)."""

    key = "league-repair-swiss-only"


class LeagueNotKnockout(PlayerError):
    """A bracket is asked of a league that is not a knockout."""

    key = "league-not-knockout"


class LeagueSourceRunning(PlayerError):
    """A knockout takes its players from a league that has not finished yet."""

    key = "league-source-running"


class LeagueNoFixture(PlayerError):
    """The caller has no open fixture (against that opponent) in the league."""

    key = "league-no-fixture"


class LeagueWhichFixture(PlayerError):
    """Several open fixtures: the caller must name the opponent."""

    key = "league-which-fixture"


class LeagueUnknownFixture(PlayerError):
    key = "league-unknown-fixture"


class LeagueFixtureBusy(PlayerError):
    """The fixture's game is already being played, or a report awaits its answer."""

    key = "league-fixture-busy"


class LeagueFixtureOpen(PlayerError):
    """Only a settled fixture's result can be amended (an open one is resolved)."""

    key = "league-fixture-unsettled"


class LeagueFixtureSettled(PlayerError):
    key = "league-fixture-settled"


class LeagueNotOpponent(PlayerError):
    """Only the reported player's opponent may confirm or dispute a report."""

    key = "league-not-opponent"


class LeagueBadResult(PlayerError):
    """A result that does not fit the league's game system; `form` is the expected one."""

    key = "league-bad-result"


class LeagueWrongChannel(PlayerError):
    key = "league-wrong-channel"


class LeagueNoThread(PlayerError):
    """Discord refused to open a fixture's thread (the bot lacks the permission)."""

    key = "league-no-thread"


class Refused(PlayerError):
    """The rules forbid the action: the reply gives the reason and cites the rule."""

    key = "rule-refused"

    def __init__(self, violation: RuleViolation) -> None:
        reason: Value = violation.reason
        super().__init__(reason=reason)
        self.violation = violation

    @property
    def reason(self) -> Msg:
        """Return the engine's reason, with what the player typed quoted only in part."""
        reason = self.values["reason"]
        assert isinstance(reason, Msg)
        return reason

    @property
    def rule(self) -> RuleReference | None:
        """Return the rule the engine named."""
        return all_rules().get(self.violation.rule_id)


class WebModeratorOnly(PlayerError):
    """Only a server moderator opens its games or its index to the web (`/web server`)."""

    key = "web-moderator-only"


class InternalError(PlayerError):
    """Our fault: logged with the game and action; the player hears nothing was applied."""

    key = "error-internal"


def describe(error: PlayerError) -> dict[str, Any]:
    """Return an error as data for logs and tests: its key, values and context."""
    return {"key": error.key, "values": error.values, "language": error.language,
            "system": error.system}
