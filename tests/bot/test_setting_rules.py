"""Who may change each setting of a game, in each state (bot/service/settingrules.py).

The table in settingrules is the only place the permission is decided: a walk drives
every setting, role and state through the service and compares what happens with it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from bot.clock import FakeClock
from bot.errors import NotClaimSubject, PlayerError, SettingRefused
from bot.service.games import standing
from bot.service.gameservice import Caller, GameService
from bot.service.settingrules import (
    GAME_OPTIONS,
    LEAGUE_SETTINGS,
    SETTINGS,
    LeagueState,
    May,
    Role,
    State,
    decide,
)
from bot.store.location import open_store
from bot.store.rows import GameRow
from bot.timecontrol import TimeControl
from tests.bot.conftest import ALICE, BOB, CAROL, DAN, MOD

START = "2026-03-02T09:00:00+00:00"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START)


@pytest.fixture
def svc(db_location: str, clock: FakeClock) -> Iterator[GameService]:
    seeds = (f"seed-{n}" for n in itertools.count())
    service = GameService(open_store(db_location, clock=clock), seed_factory=lambda: next(seeds))
    yield service
    service.store.close()


def game(service: GameService, channel: str) -> GameRow:
    with service.store.reading() as tx:
        found = tx.latest_game(channel)
    assert found is not None
    return found


def league_fixture(service: GameService, time: str = "48h forfeit") -> str:
    """Carol's league: Alice and Bob play its one fixture in thread 't1'; return it."""
    service.leagues.create("g1", CAROL, "Cup", channel_id="lc", system_id="race", time=time)
    for player in (ALICE, BOB):
        service.leagues.join("g1", player, "Cup")
    service.leagues.start("g1", CAROL, "Cup")
    opening = service.leagues.play("g1", "lc", ALICE, "Cup", opponent=BOB)
    assert opening.thread is not None
    opening.thread.then("t1")
    return "t1"


def test_a_player_cannot_switch_off_his_own_forfeit_clock(svc: GameService,
                                                          clock: FakeClock) -> None:
    channel = league_fixture(svc)
    to_act = game(svc, channel).seats[game(svc, channel).state["turn"]]
    player = ALICE if to_act == ALICE.user_id else BOB
    for change in ({"time": "none"}, {"time": "30d"}, {"deadline_hours": 336},
                   {"remind": "none"}):
        with pytest.raises(PlayerError):
            svc.settings(channel, player, **change)
    assert game(svc, channel).settings["time_control"] == TimeControl.parse(
        "48h forfeit").model_dump()
    clock.advance(hours=49)
    svc.scheduler.due()
    lost = game(svc, channel)
    assert lost.status == "finished" and lost.winner != lost.state["turn"]


def started(service: GameService, channel: str) -> None:
    """Alice (red, first to act) and Bob (blue) sit at a race; Alice has rolled."""
    service.new_game(channel, "g1", ALICE, "race", "short", opponent=BOB)
    service.join(channel, BOB)
    service.act(channel, ALICE, {"type": "roll"})


def kinds(service: GameService, channel: str) -> list[str]:
    game_id = game(service, channel).id
    with service.store.reading() as tx:
        return [entry.kind for entry in tx.log(game_id)]


def test_remind_none_by_one_player_needs_the_others_agreement(svc: GameService) -> None:
    started(svc, "c1")
    svc.settings("c1", MOD, time="2d")
    for player, other in ((ALICE, BOB), (BOB, ALICE)):
        asked = svc.settings("c1", player, remind="none")
        assert asked.mention == other.user_id
        assert "asks to change the settings: `remind:none`" in asked.text
        assert [b.label for b in asked.buttons] == ["Agree", "Dispute"]
        assert "remind" not in game(svc, "c1").settings  # the opponent is still reminded
        svc.settle("c1", player, int(asked.buttons[0].arg), agree=False)  # withdrawn
    # In a league fixture the reminders are the league's: not even by agreement.
    channel = league_fixture(svc)
    with pytest.raises(SettingRefused) as refused:
        svc.settings(channel, ALICE, remind="none")
    assert "league fixture: its time control and reminders are the league's" in (
        refused.value.text())
    assert "It may be changed by a moderator or the league's referee." in refused.value.text()
    assert refused.value.rule is not None
    assert refused.value.rule.id == "core/settings-who-may-change"  # cited with the refusal
    assert "remind" not in game(svc, channel).settings


def test_an_agreed_change_applies_and_a_disputed_one_does_not(svc: GameService) -> None:
    started(svc, "c1")
    before = game(svc, "c1")
    disputed = svc.settings("c1", ALICE, time="30d", language="pt-BR")
    with pytest.raises(NotClaimSubject):  # Alice cannot agree with herself
        svc.settle("c1", ALICE, int(disputed.buttons[0].arg), agree=True)
    with pytest.raises(NotClaimSubject):  # nor a spectator for her
        svc.settle("c1", DAN, int(disputed.buttons[0].arg), agree=True)
    said = svc.settle("c1", BOB, int(disputed.buttons[0].arg), agree=False)
    assert "turns down the change of settings" in said.text
    after = game(svc, "c1")
    assert (after.settings, after.language) == (before.settings, before.language)
    assert "settings" not in kinds(svc, "c1")

    asked = svc.settings("c1", BOB, time="30d", language="pt-BR")
    assert "`language:pt-BR`, `time:30d` (claim 6)" in svc.status("c1").lines[-1]  # waiting
    agreed = svc.press("c1", ALICE, asked.buttons[0].custom_id)
    assert agreed.text == "O Vermelho concorda com a mudança de configurações do Azul."
    after = game(svc, "c1")
    assert after.language == "pt-BR"
    assert after.settings["time_control"] == TimeControl.parse("30d").model_dump()
    assert kinds(svc, "c1")[-2:] == ["claim_agreed", "settings"]
    assert not after.pending.get("claims")


def test_a_settings_change_is_in_the_log_in_both_languages(svc: GameService) -> None:
    started(svc, "c1")
    svc.settings("c1", MOD, time="3d", remind="2h")
    asked = svc.settings("c1", ALICE, deadline_hours=12)
    svc.settle("c1", BOB, int(asked.buttons[0].arg), agree=True)
    english = svc.log_lines("c1").lines
    assert "#4 Mod changes the settings: `time:3d`, `remind:2h`." in english
    assert "#5 Red: claims: `deadline_hours:12`" in english
    assert ("#7 Alice changes the settings, as the other side agreed: `deadline_hours:12`."
            in english)
    svc.settings("c1", MOD, language="pt-BR")
    portuguese = svc.log_lines("c1").lines
    assert "#4 Mod muda as configurações: `time:3d`, `remind:2h`." in portuguese
    assert ("#7 Alice muda as configurações, com a concordância do outro lado: "
            "`deadline_hours:12`.") in portuguese
    assert "#8 Mod muda as configurações: `language:pt-BR`." in portuguese


def test_the_settings_reply_names_who_may_change_each_now(svc: GameService) -> None:
    channel = league_fixture(svc)
    lines = svc.settings(channel, DAN).lines
    assert ("`time`, `deadline_hours`, and `remind`: may be changed now by a moderator or "
            "the league's referee.") in lines
    assert ("`language`: may be changed now by a moderator, a player with the other side's "
            "agreement, or the league's referee.") in lines
    assert "`reports` and `referee_sees`: may be changed now by a moderator." in lines
    svc.settings(channel, CAROL, time="72h forfeit")  # the league's referee may
    assert game(svc, channel).settings["time_control"] == TimeControl.parse(
        "72h forfeit").model_dump()


# ---------------------------------------------------------------- the walk

ERIN = Caller(user_id="1010", name="Erin")  # referees a league of her own, not this game
# A value each option may be set to (the walk's changes).
VALUES: dict[str, object] = {"language": "pt-BR", "time": "3d", "deadline_hours": 12,
                             "remind": "2h", "reports": "trust", "referee_sees": "everything",
                             "dm": True}
# Cells no caller can be in (the table holds NO there): a league's referee is nobody
# special in another game; a fixture's creator is its league's referee; an open game's
# creator sits in it.
UNREACHABLE = {(Role.LEAGUE_REFEREE, s) for s in (State.OPEN, State.SEATED, State.STARTED)} | {
    (Role.CREATOR, State.OPEN), (Role.CREATOR, State.LEAGUE)}


def _table_game(service: GameService, channel: str, refereed: bool, state: State) -> None:
    """Make a race in `channel` in `state`: Alice's (she plays red), or, `refereed`,
    Carol's, who plays no seat (as a fixture's creator, without the league)."""
    if refereed:
        with service.store.transaction() as tx:
            service.games.new_seated(tx, channel, "g1", CAROL.user_id, "race", "short",
                                     (ALICE.user_id, BOB.user_id), "en")
    else:
        service.new_game(channel, "g1", ALICE, "race", "short", opponent=BOB)
        if state is not State.OPEN:
            service.join(channel, BOB)
    if state in (State.STARTED, State.ENDED):
        service.act(channel, ALICE, {"type": "roll"})
    if state is State.ENDED:
        service.resign(channel, BOB)


def _games(service: GameService) -> Iterator[tuple[str, State, dict[Role, list[Caller]]]]:
    """Yield a game in every state, with the callers that hold each role in it."""
    service.leagues.create("g1", ERIN, "Other", channel_id="lo", system_id="race")
    for n, (state, refereed) in enumerate([
        (State.OPEN, False), (State.SEATED, False), (State.STARTED, False),
        (State.ENDED, False), (State.SEATED, True), (State.STARTED, True),
        (State.ENDED, True),
    ]):
        channel = f"w{n}"
        _table_game(service, channel, refereed, state)
        players = [ALICE] if state is State.OPEN else [ALICE, BOB]
        roles = {Role.MODERATOR: [MOD], Role.PLAYER: players, Role.OTHER: [DAN, ERIN]}
        if refereed:
            roles[Role.CREATOR] = [CAROL]
        else:
            roles[Role.OTHER].append(CAROL)
        yield channel, state, roles
    for ended in (False, True):
        service.leagues.create("g1", CAROL, f"Cup{ended}", channel_id="lc", system_id="race",
                               time="48h forfeit")
        for player in (ALICE, BOB):
            service.leagues.join("g1", player, f"Cup{ended}")
        service.leagues.start("g1", CAROL, f"Cup{ended}")
        opening = service.leagues.play("g1", "lc", ALICE, f"Cup{ended}", opponent=BOB)
        assert opening.thread is not None
        channel = f"league-{ended}"
        opening.thread.then(channel)
        if ended:
            service.resign(channel, BOB)
        yield channel, State.ENDED if ended else State.LEAGUE, {
            Role.MODERATOR: [MOD], Role.PLAYER: [ALICE, BOB],
            Role.LEAGUE_REFEREE: [CAROL], Role.OTHER: [DAN, ERIN]}


def _outcome(service: GameService, channel: str, caller: Caller, option: str) -> May:
    """Ask for one change and say what became of it: made, posted as a claim, refused."""
    before = game(service, channel)
    logged = len(kinds(service, channel))
    if option == "dm":
        service.clocks.reminders(channel, caller, dm=True)
        return May.YES
    try:
        reply = service.settings(channel, caller, **{option: VALUES[option]})  # type: ignore[arg-type]
    except SettingRefused:
        after = game(service, channel)
        assert (after.settings, after.language, len(kinds(service, channel))) == (
            before.settings, before.language, logged), "a refusal changed something"
        return May.NO
    after = game(service, channel)
    new = kinds(service, channel)[logged:]
    if new == ["claim"]:
        assert (after.settings, after.language) == (before.settings, before.language)
        assert [b.kind for b in reply.buttons] == ["claim-yes", "claim-no"]
        service.settle(channel, caller, int(reply.buttons[0].arg), agree=False)  # withdrawn
        return May.AGREED
    assert new == ["settings"], new
    return May.YES


def test_every_setting_role_and_state_is_decided_by_the_table(svc: GameService) -> None:
    seen: set[tuple[Role, State]] = set()
    for channel, state, roles in _games(svc):
        for role, callers in roles.items():
            for caller in callers:
                with svc.store.reading() as tx:
                    row = tx.latest_game(channel)
                    assert row is not None
                    assert standing(tx, row, caller)[:2] == (state, role), (channel, caller)
                seen.add((role, state))
                for option in SETTINGS:
                    expected = decide(option, state, role)
                    got = _outcome(svc, channel, caller, option)
                    assert got == expected, (option, state, role, caller.name)
    every = {(role, state) for role in Role for state in State}
    assert seen == every - UNREACHABLE
    for role, state in UNREACHABLE:
        assert all(decide(o, state, role) is May.NO for o in GAME_OPTIONS)


# ---------------------------------------------------------------- a league's settings

# Each league setting's value in the walk: the league's own (a change to the same value
# still asks the table), so every change asked stays a league that can be.
LEAGUE_VALUES: dict[str, object] = {"scenario": "short", "format": "round-robin", "legs": 1,
                                    "rounds": 1, "win": 3, "draw": 1, "loss": 0,
                                    "tiebreaks": "score_diff,head_to_head", "time": "48h",
                                    "confirm_hours": 48, "holiday_days": 2, "withdrawal": "bye",
                                    "concession": "max", "pairing": "adjacent",
                                    "seeding": "joined", "games": 1, "match_scoring": "wins",
                                    "late": "loss", "points": 2000}


def _league(service: GameService, name: str, state: LeagueState, swiss: bool) -> None:
    """Carol's league of Alice and Bob (Carol plays too), in `state`."""
    service.leagues.create("g1", CAROL, name, channel_id="lc", system_id="race",
                           format_="swiss" if swiss else None, rounds=1 if swiss else None)
    for player in (ALICE, BOB, CAROL):
        service.leagues.join("g1", player, name)
    if state is LeagueState.OPEN:
        return
    service.leagues.start("g1", CAROL, name)
    if state is LeagueState.FINISHED:
        with service.store.reading() as tx:
            league = tx.league_season("g1", name)
            assert league is not None
            fixtures = [f.id for f in tx.fixtures(league.id) if f.away is not None]
        for fixture in fixtures:
            service.leagues.resolve("g1", CAROL, name, fixture, "home", None, None)


def test_every_league_setting_role_and_state_is_decided_by_the_table(
        svc: GameService) -> None:
    roles = {Role.MODERATOR: MOD, Role.LEAGUE_REFEREE: CAROL, Role.PLAYER: ALICE,
             Role.OTHER: DAN}
    for state in LeagueState:
        for swiss in (False, True):
            name = f"{state}-{swiss}"
            _league(svc, name, state, swiss)
            with svc.store.reading() as tx:
                league = tx.league_season("g1", name)
                assert league is not None and league.status == state.value
            for role, caller in roles.items():
                for option in LEAGUE_SETTINGS:
                    if option == ("legs" if swiss else "rounds"):
                        continue  # the other format's option: walked in the other league
                    value = "swiss" if option == "format" and swiss else LEAGUE_VALUES[option]
                    expected = decide(option, state, role)
                    try:
                        svc.leagues.settings("g1", caller, name, **{option: value})
                        got = May.YES
                    except SettingRefused:
                        got = May.NO
                    assert got == expected, (option, state, role)


def test_a_running_league_changes_the_time_of_the_games_it_starts_from_now_on(
        svc: GameService) -> None:
    channel = league_fixture(svc)  # Carol's "Cup": 48h forfeit
    with pytest.raises(SettingRefused) as refused:
        svc.leagues.settings("g1", ALICE, "Cup", time="none")
    assert "It may be changed by a moderator or the league's referee." in refused.value.text()
    with pytest.raises(SettingRefused) as refused:
        svc.leagues.settings("g1", CAROL, "Cup", win=5)
    assert "the format and the points players joined under stay as they are" in (
        refused.value.text())
    changed = svc.leagues.settings("g1", CAROL, "Cup", time="72h forfeit", holiday_days=3)
    assert changed.text.startswith("**Cup** changes `time:72h forfeit`, `holiday_days:3`.")
    assert ("Time control: 3d forfeit · a report confirms itself after 48 h · holidays: 3 days "
            "per player") in changed.lines
    assert game(svc, channel).settings["time_control"] == TimeControl.parse(
        "48h forfeit").model_dump()  # the game already started keeps its own
    shown = svc.leagues.settings("g1", DAN, "Cup")
    assert ("`time`, `holiday_days`, and `confirm_hours`: may be changed now by a moderator "
            "or the league's referee.") in shown.lines
