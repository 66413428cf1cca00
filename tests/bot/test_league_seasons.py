"""League seasons through the service: players, fixtures, linked games, reports, standings.

Time is a FakeClock: reports confirm themselves when it is moved past confirm_hours.
The toy race system keeps no score (winner-only results); a Warhammer 40,000 league
with reported victory points shows the score tie-break.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot import errors
from bot.clock import FakeClock
from bot.replies import Reply
from bot.service.gameservice import Caller, GameService
from bot.service.leagues.rounds import conceded, table
from bot.service.leagues.seasons import Leagues
from bot.store.leaguequeries import FixtureRow
from bot.store.location import open_store
from bot.text import Words
from tests.bot.conftest import ALICE, BOB, CAROL, DAN, MOD
from tests.kit import checks

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL

ERIN = Caller(user_id="1010", name="Erin")
FRANK = Caller(user_id="1011", name="Frank")
PEOPLE = {c.user_id: c for c in (ALICE, BOB, CAROL, DAN, ERIN, FRANK)}
LC = "league-channel"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock("2026-03-02T10:00:00+00:00")


@pytest.fixture
def service(db_location: str, clock: FakeClock) -> Iterator[GameService]:
    store = open_store(db_location, clock=clock)
    seeds = (f"league-seed-{n}" for n in itertools.count())
    yield GameService(store, seed_factory=lambda: next(seeds))
    store.close()


@pytest.fixture
def leagues(service: GameService) -> Leagues:
    return service.leagues


def season(leagues: Leagues, name: str, players: list[Caller], **options: Any) -> None:
    """Alice creates a league in the league channel; the players join; it is not started."""
    options.setdefault("system_id", "race")
    leagues.create("g1", ALICE, name, channel_id=LC, **options)
    for player in players:
        leagues.join("g1", player, name)


def fixtures(leagues: Leagues, name: str, guild: str = "g1") -> list[FixtureRow]:
    with leagues.store.reading() as tx:
        found = tx.league_season(guild, name)
        assert found is not None
        return tx.fixtures(found.id)


def between(leagues: Leagues, name: str, a: Caller, b: Caller) -> FixtureRow:
    (found,) = [f for f in fixtures(leagues, name)
                if {f.home, f.away} == {a.user_id, b.user_id}]
    return found


def play_out(service: GameService, channel: str, winner: Caller, clock: FakeClock,
             minutes: dict[str, int]) -> None:
    """Play a race to its end: the winner moves as far as rolled, the other one step;
    each player thinks for their `minutes` before each action."""
    for _ in range(100):
        with service.store.reading() as tx:
            game = tx.latest_game(channel)
        assert game is not None
        if game.over:
            return
        seat = game.state["turn"]
        player = PEOPLE[str(game.seats[seat])]
        clock.advance(minutes=minutes[player.user_id])
        if game.state["step"] == "roll":
            service.act(channel, player, {"type": "roll"})
        else:
            steps = game.state["rolled"] if player == winner else 1
            service.act(channel, player, {"type": "move", "steps": steps})
    raise AssertionError("the race did not end")


def report(leagues: Leagues, name: str, by: Caller, against: Caller, **result: Any) -> Reply:
    return leagues.report("g1", by, name, opponent=against, **result)


def press(service: GameService, reply: Reply, who: Caller, label: str) -> Reply:
    (button,) = [b for b in reply.buttons if b.label == label]
    return service.press(LC, who, button.custom_id)


def withdraw(service: GameService, name: str, referee: Caller, player: Caller) -> Reply:
    """Take a player out of a running league: the preview, then its Confirm button."""
    preview = service.leagues.remove("g1", referee, name, player)
    return press(service, preview, referee, "Confirm the removal")


# ---------------------------------------------------------------- a whole round-robin


def test_a_four_player_round_robin_from_start_to_standings(
    service: GameService, leagues: Leagues, clock: FakeClock
) -> None:
    created = leagues.create("g1", ALICE, "Spring", channel_id=LC, system_id="race",
                             time="48h forfeit", holiday_days=2)
    assert created.text.startswith("League **Spring** created, refereed by <@1001>.")
    assert "Time control: 2d forfeit" in "\n".join(created.lines)
    for player in (ALICE, BOB, CAROL, DAN):
        leagues.join("g1", player, "Spring")
    started = leagues.start("g1", ALICE, "Spring")
    assert started.text.startswith("**Spring** starts: 4 players, 3 rounds (round-robin)")

    # Fixtures: every pair once, nobody twice in a round, three rounds of two.
    all_fixtures = fixtures(leagues, "Spring")
    pairs = Counter(frozenset((f.home, f.away)) for f in all_fixtures)
    assert len(pairs) == 6 and set(pairs.values()) == {1}
    for round_no in (1, 2, 3):
        seated = [p for f in all_fixtures if f.round == round_no for p in (f.home, f.away)]
        assert sorted(seated) == sorted(PEOPLE[u].user_id for u in ("1001", "1002", "1003",
                                                                    "1009"))

    # Alice v Bob is played here, in a thread, to the end: Alice wins.
    ab = between(leagues, "Spring", ALICE, BOB)
    opening = leagues.play("g1", LC, ALICE, "Spring", opponent=BOB)
    assert opening.thread is not None and opening.thread.key == f"fixture-{ab.id}"
    assert opening.thread.name == f"Round {ab.round}: Alice v Bob" or (
        opening.thread.name == f"Round {ab.round}: Bob v Alice")
    game_reply = opening.thread.then("thread-ab")
    assert game_reply.text.startswith("**Spring**, round")
    with service.store.reading() as tx:
        game = tx.latest_game("thread-ab")
    assert game is not None and game.status == "active"
    assert set(game.seats.values()) == {ALICE.user_id, BOB.user_id}
    control = game.settings["time_control"]
    assert control["per_turn_minutes"] == 48 * 60 and control["expiry"] == "forfeit"
    assert control["holiday_minutes"] == 2 * 24 * 60
    assert between(leagues, "Spring", ALICE, BOB).status == "playing"
    assert "<#thread-ab>" in "\n".join(leagues.turns("g1", ALICE, "Spring").lines)
    play_out(service, "thread-ab", ALICE, clock, {ALICE.user_id: 3, BOB.user_id: 10})
    ab = between(leagues, "Spring", ALICE, BOB)
    assert (ab.status, ab.winner, ab.game_id, ab.settled_by) == ("done", ALICE.user_id,
                                                                  game.id, "game")

    # Alice v Carol is played here too; Carol resigns.
    opening = leagues.play("g1", LC, CAROL, "Spring", opponent=ALICE)
    assert opening.thread is not None
    opening.thread.then("thread-ac")
    service.resign("thread-ac", CAROL)
    assert between(leagues, "Spring", ALICE, CAROL).winner == ALICE.user_id

    # Dan v Alice, at a table: Dan reports his win, Alice confirms by button.
    reported = report(leagues, "Spring", DAN, ALICE, result="win")
    assert reported.mention == ALICE.user_id
    assert [b.label for b in reported.buttons] == ["Confirm", "Dispute"]
    with pytest.raises(errors.LeagueNotOpponent):
        press(service, reported, DAN, "Confirm")  # not the reporter's to confirm
    with pytest.raises(errors.LeagueNotOpponent):
        press(service, reported, CAROL, "Confirm")
    confirmed = press(service, reported, ALICE, "Confirm")
    assert confirmed.text.startswith("<@1001> confirms fixture")
    assert between(leagues, "Spring", ALICE, DAN).winner == DAN.user_id
    with pytest.raises(errors.Stale):  # pressed twice
        press(service, reported, ALICE, "Confirm")

    # Bob v Carol: Bob reports a win, Carol disputes, the referee gives it to Bob.
    reported = report(leagues, "Spring", BOB, CAROL, result="win")
    disputed = press(service, reported, CAROL, "Dispute")
    assert disputed.mention == ALICE.user_id
    assert "/league resolve fixture:" in disputed.text
    bc = between(leagues, "Spring", BOB, CAROL)
    assert bc.status == "disputed"
    with pytest.raises(errors.LeagueRefereeOnly):
        leagues.resolve("g1", BOB, "Spring", bc.id, result="home")
    side = "home" if bc.home == BOB.user_id else "away"
    resolved = leagues.resolve("g1", MOD, "Spring", bc.id, result=side)
    assert resolved.text.startswith("<@1004> settles fixture")
    assert between(leagues, "Spring", BOB, CAROL).winner == BOB.user_id

    # Bob v Dan: Bob reports a win; nobody answers; it confirms itself after 48 hours.
    report(leagues, "Spring", BOB, DAN, result="win")
    clock.advance(hours=47)
    assert leagues.confirm_due(clock.now()) == []
    clock.advance(hours=2)
    # The one scheduler (clocks and leagues) finds it, as the bot's minute tick would.
    (notice,) = [n for n in service.scheduler.due() if n.channel_id == LC]
    assert notice.channel_id == LC
    assert notice.text.startswith(f"Fixture #{between(leagues, 'Spring', BOB, DAN).id} is "
                                  "confirmed after 48 hours without an answer")
    assert leagues.confirm_due(clock.now()) == []  # confirmed once only
    bd = between(leagues, "Spring", BOB, DAN)
    assert (bd.winner, bd.settled_by) == (BOB.user_id, "auto")

    # Carol v Dan: Dan reports his loss, Carol confirms; the league is complete.
    reported = report(leagues, "Spring", DAN, CAROL, result="loss")
    last = press(service, reported, CAROL, "Confirm")
    assert last.lines == ["**Spring** is complete: every fixture is settled."]
    assert all(f.status == "done" for f in fixtures(leagues, "Spring"))

    # Alice and Bob have 6 points each, Alice beat Bob; Carol and Dan 3, Carol beat Dan.
    shown = leagues.standings("g1", CAROL, "Spring")
    assert shown.text == "Spring: standings after round 3"
    assert [line.split(":")[0] for line in shown.lines] == [
        "1. <@1001>", "2. <@1002>", "3. <@1003>", "4. <@1009>"]
    assert shown.lines[0].startswith("1. <@1001>: 6 pts · 2 W 0 D 1 L")
    assert shown.lines[0].endswith("· 3m a turn")  # Alice's median time per turn
    assert shown.image is not None and shown.image.startswith(b"\x89PNG")
    assert shown.image_name == "standings.png"
    with leagues.store.reading() as tx:
        league = tx.league_season("g1", "Spring")
        assert league is not None
        rows = table(tx, league)
    assert [(r.player, r.points) for r in rows] == [
        ("1001", 6), ("1002", 6), ("1003", 3), ("1009", 3)]
    # Median time per turn, from the linked games' logs (Carol resigned without a move).
    assert [r.median_turn_minutes for r in rows] == [3.0, 10.0, None, None]

    rated = leagues.ratings("g1", BOB, "race")
    assert rated.text.startswith("Race to Ten: ratings from 6 results")
    assert len(rated.lines) == 4
    figures = [int(line.split(": ")[1].split(" ")[0].replace(",", "")) for line in rated.lines]
    assert figures == sorted(figures, reverse=True)
    assert rated.lines[-1].split(":")[0].split(" ")[1] in ("<@1003>", "<@1009>")


@checks("core/league-tiebreaks")
def test_a_score_tie_break_in_a_warhammer_league(service: GameService, leagues: Leagues
                                                 ) -> None:
    """Carol and Dan, then Alice and Bob, tie on points; the VP difference decides each
    pair, although head-to-head would have chosen the other."""
    season(leagues, "Crusade", [ALICE, BOB, CAROL, DAN], system_id="wh40k",
           tiebreaks="score_diff,head_to_head")
    leagues.start("g1", MOD, "Crusade")
    for winner, loser, won, lost in ((BOB, ALICE, 30, 25), (CAROL, ALICE, 60, 50),
                                     (ALICE, DAN, 80, 10), (CAROL, BOB, 45, 40),
                                     (DAN, BOB, 55, 50), (DAN, CAROL, 20, 15)):
        reported = report(leagues, "Crusade", loser, winner, mine=lost, theirs=won)
        assert "VP" in reported.text
        press(service, reported, winner, "Confirm")
    shown = leagues.standings("g1", ALICE, "Crusade")
    assert [line.split(":")[0] for line in shown.lines] == [
        "1. <@1003>", "2. <@1009>", "3. <@1001>", "4. <@1002>"]
    assert shown.lines[0].endswith("· +10") or "· +10 ·" in shown.lines[0]
    ad = between(leagues, "Crusade", ALICE, DAN)
    scores = {ad.home: ad.home_score, ad.away: ad.away_score}
    assert scores == {ALICE.user_id: 80, DAN.user_id: 10}
    with pytest.raises(errors.LeagueNotStarted):
        leagues.create("g1", ALICE, "Empty", channel_id=LC, system_id="wh40k")
        leagues.fixtures("g1", ALICE, "Empty")


def test_a_scored_report_needs_both_scores(service: GameService, leagues: Leagues) -> None:
    season(leagues, "Ronin", [ALICE, BOB], system_id="samurai")
    leagues.start("g1", ALICE, "Ronin")
    with pytest.raises(errors.LeagueBadResult) as refused:
        report(leagues, "Ronin", ALICE, BOB, result="win")
    assert "banners" in refused.value.text()
    with pytest.raises(errors.LeagueBadResult):
        report(leagues, "Ronin", ALICE, BOB, mine=3, theirs=1, result="loss")
    reported = report(leagues, "Ronin", ALICE, BOB, mine=3, theirs=1)
    assert "3–1 banners" in reported.text or "1–3 banners" in reported.text
    press(service, reported, BOB, "Confirm")
    (fixture,) = fixtures(leagues, "Ronin")
    assert fixture.winner == ALICE.user_id


# ---------------------------------------------------------------- Swiss


@checks("core/league-swiss-pairing")
def test_a_six_player_swiss_league_pairs_each_round_as_the_last_finishes(
    service: GameService, leagues: Leagues
) -> None:
    players = [ALICE, BOB, CAROL, DAN, ERIN, FRANK]
    season(leagues, "Open", players, format_="swiss")
    started = leagues.start("g1", ALICE, "Open")
    assert "3 rounds" in started.text  # swiss_rounds_default(6)
    met: set[frozenset[str]] = set()

    def finish_round(round_no: int) -> Reply | None:
        last = None
        this = [f for f in fixtures(leagues, "Open") if f.round == round_no]
        assert this, f"round {round_no} was not paired"
        for fixture in this:
            if fixture.away is None or fixture.status != "pending":
                continue  # a bye, or a fixture of the player who left (settled then)
            pair = frozenset((fixture.home, fixture.away))
            assert pair not in met, "a rematch"
            met.add(pair)
            # Home wins, except that the lower id wins in round 2 (varied results).
            winner = fixture.home if round_no != 2 else min(fixture.home, fixture.away)
            loser = fixture.away if winner == fixture.home else fixture.home
            reported = report(leagues, "Open", PEOPLE[winner], PEOPLE[str(loser)],
                              result="win")
            last = press(service, reported, PEOPLE[str(loser)], "Confirm")
        return last

    after_one = finish_round(1)
    assert after_one is not None and after_one.lines[0] == "**Round 2** is paired:"
    assert {f.round for f in fixtures(leagues, "Open")} == {1, 2}
    # Frank leaves mid-season: five players, so the next rounds have a bye each.
    withdraw(service, "Open", ALICE, FRANK)
    with leagues.store.reading() as tx:
        league = tx.league_season("g1", "Open")
        assert league is not None
    finish_round(2)
    third = [f for f in fixtures(leagues, "Open") if f.round == 3]
    assert FRANK.user_id not in {p for f in third for p in (f.home, f.away)}
    byes = [f.home for f in fixtures(leagues, "Open") if f.away is None]
    assert len(byes) == len(set(byes)) >= 1  # each bye to a different player
    finish_round(3)
    assert all(f.status in ("done", "void") for f in fixtures(leagues, "Open"))
    with leagues.store.reading() as tx:
        league = tx.league_season("g1", "Open")
        assert league is not None and league.status == "finished"
        rows = table(tx, league)
    # Strength of schedule breaks ties on points: within equal points, higher SOS first
    # unless a later tie-break had to decide an equal SOS.
    for upper, lower in itertools.pairwise(rows):
        if upper.points == lower.points:
            assert upper.sos >= lower.sos
    assert any(u.points == v.points and u.sos > v.sos for u, v in itertools.pairwise(rows))


# ---------------------------------------------------------------- who may do what


def test_permissions_and_refusals(service: GameService, leagues: Leagues) -> None:
    season(leagues, "Guarded", [ALICE, BOB, CAROL])
    with pytest.raises(errors.LeagueAlreadyIn):
        leagues.join("g1", BOB, "Guarded")
    with pytest.raises(errors.LeagueRefereeOnly):
        leagues.start("g1", BOB, "Guarded")
    with pytest.raises(errors.LeagueNotStarted):
        leagues.report("g1", BOB, "Guarded", result="win")
    leagues.leave("g1", CAROL, "Guarded")  # before the start: fine
    with pytest.raises(errors.LeagueNotIn) as not_in:
        leagues.leave("g1", CAROL, "Guarded")
    # The refusal names who is not a player (it once left its `user` unfilled).
    assert Words.of("en").message(not_in.value.message()) == \
        f"<@{CAROL.user_id}> is not a player of **Guarded**."
    leagues.join("g1", CAROL, "Guarded")
    leagues.join("g1", DAN, "Guarded")
    with pytest.raises(errors.LeagueRefereeOnly):
        leagues.remove("g1", BOB, "Guarded", DAN)
    leagues.remove("g1", ALICE, "Guarded", DAN)
    leagues.start("g1", ALICE, "Guarded")
    with pytest.raises(errors.LeagueStarted):
        leagues.leave("g1", BOB, "Guarded")
    with pytest.raises(errors.LeagueStarted):
        leagues.join("g1", DAN, "Guarded")
    # A player reports only their own fixtures; a spectator has none.
    with pytest.raises(errors.LeagueNoFixture):
        leagues.report("g1", DAN, "Guarded", opponent=ALICE, result="win")
    with pytest.raises(errors.LeagueWhichFixture):
        leagues.report("g1", ALICE, "Guarded", result="win")  # two opponents wait
    with pytest.raises(errors.LeagueBadResult):
        report(leagues, "Guarded", ALICE, BOB, result="win", mine=2, theirs=1)
    reported = report(leagues, "Guarded", ALICE, BOB, result="win")
    with pytest.raises(errors.LeagueFixtureBusy):  # one report at a time
        report(leagues, "Guarded", BOB, ALICE, result="win")
    with pytest.raises(errors.LeagueFixtureBusy):
        leagues.play("g1", LC, BOB, "Guarded", opponent=ALICE)
    with pytest.raises(errors.LeagueWrongChannel):
        leagues.play("g1", "elsewhere", BOB, "Guarded", opponent=CAROL)
    with pytest.raises(errors.LeagueRefereeOnly):
        leagues.resolve("g1", CAROL, "Guarded", reported.buttons[0].game_id, result="home")
    with pytest.raises(errors.LeagueUnknownFixture):
        leagues.resolve("g1", ALICE, "Guarded", 999, result="home")
    with pytest.raises(errors.LeagueBadResult):
        leagues.resolve("g1", ALICE, "Guarded", reported.buttons[0].game_id, home_score=1,
                        away_score=0)
    # Removing a player once started shows what it does first, to the referee alone;
    # Confirm gives their unplayed fixtures to their opponents (a bye, by default).
    before = fixtures(leagues, "Guarded")
    preview = leagues.remove("g1", MOD, "Guarded", CAROL)
    assert preview.ephemeral and fixtures(leagues, "Guarded") == before
    assert [b.label for b in preview.buttons] == ["Confirm the removal", "Cancel"]
    with pytest.raises(errors.LeagueRefereeOnly):
        press(service, preview, BOB, "Confirm the removal")
    removed = press(service, preview, MOD, "Confirm the removal")
    assert removed.text == ("<@1003> (withdrawn) is out of **Guarded**: 2 unplayed fixtures "
                            "given to their opponents as byes, one bye void.")
    theirs = [f for f in fixtures(leagues, "Guarded") if f.has(CAROL.user_id) and f.away]
    assert {(f.status, f.settled_by) for f in theirs} == {("done", "withdrawal")}
    with pytest.raises(errors.Stale):  # done once; the same button again is stale
        press(service, preview, MOD, "Confirm the removal")


def test_create_checks_its_settings(leagues: Leagues) -> None:
    with pytest.raises(errors.UnknownSystem):
        leagues.create("g1", ALICE, "X", system_id="chess")
    with pytest.raises(errors.LeagueBadSetting):
        leagues.create("g1", ALICE, "X", system_id="race", format_="swiss", legs=2)
    with pytest.raises(errors.LeagueBadSetting):
        leagues.create("g1", ALICE, "X", system_id="race", rounds=3)  # round-robin
    with pytest.raises(errors.LeagueBadSetting):
        leagues.create("g1", ALICE, "X", system_id="race", win=1, draw=2)
    with pytest.raises(errors.LeagueBadSetting):
        leagues.create("g1", ALICE, "X", format_="swiss")  # no system: no season
    with pytest.raises(errors.PlayerError, match="time-control-bad"):
        leagues.create("g1", ALICE, "X", system_id="race", time="soon")
    leagues.create("g1", ALICE, "Tracker")  # a league that only tracks games
    with pytest.raises(errors.LeagueNoSeason):
        leagues.join("g1", BOB, "Tracker")
    season(leagues, "Lonely", [ALICE])
    with pytest.raises(errors.LeagueTooFew):
        leagues.start("g1", ALICE, "Lonely")


def test_portuguese_replies(leagues: Leagues) -> None:
    ana = Caller(user_id="2001", name="Ana", locale="pt-BR")
    created = leagues.create("g1", ana, "Liga", channel_id=LC, system_id="race")
    assert created.text.startswith("Liga **Liga** criada, com <@2001> como árbitro.")
    assert leagues.join("g1", ana, "Liga").text == (
        "<@2001> entra em **Liga** (um jogador até agora).")
    with pytest.raises(errors.LeagueTooFew) as refused:
        leagues.start("g1", ana, "Liga")
    assert refused.value.text().startswith("**Liga** precisa de pelo menos 2 jogadores")


# ---------------------------------------------------------------- export


def test_export_writes_fixtures_results_and_standings(service: GameService,
                                                      leagues: Leagues) -> None:
    season(leagues, "Autumn Cup", [ALICE, BOB, CAROL])
    leagues.start("g1", ALICE, "Autumn Cup")
    reported = report(leagues, "Autumn Cup", ALICE, BOB, result="win")
    press(service, reported, BOB, "Confirm")
    exported = leagues.export("g1", DAN, "Autumn Cup")
    files = dict(exported.files)
    assert sorted(files) == ["league-autumn-cup-fixtures.csv",
                             "league-autumn-cup-standings.csv", "league-autumn-cup.json"]
    rows = list(csv.DictReader(io.StringIO(files["league-autumn-cup-fixtures.csv"].decode())))
    assert len(rows) == 6  # three rounds of a pair and a bye
    ab = next(r for r in rows if {r["home"], r["away"]} == {"1001", "1002"})
    assert (ab["status"], ab["winner"], ab["settled_by"]) == ("done", "1001", "opponent")
    assert {ab["home_name"], ab["away_name"]} == {"Alice", "Bob"}
    byes = [r for r in rows if r["away"] == ""]
    assert len(byes) == 3 and all(r["winner"] == r["home"] for r in byes)
    table_rows = list(csv.DictReader(io.StringIO(
        files["league-autumn-cup-standings.csv"].decode())))
    assert table_rows[0]["player"] == "1001" and table_rows[0]["name"] == "Alice"
    assert list(table_rows[0]) == ["rank", "player", "name", "points", "played", "won",
                                   "drawn", "lost", "score_for", "score_against", "sos",
                                   "median_turn_minutes", "withdrawn"]
    data = json.loads(files["league-autumn-cup.json"])
    assert data["league"]["name"] == "Autumn Cup"
    assert data["league"]["settings"]["system"] == "race"
    assert len(data["fixtures"]) == 6
    assert [r["player"] for r in data["standings"]] == [r["player"] for r in table_rows]


# ---------------------------------------------------------------- the console transport


def test_the_console_plays_a_fixture_in_a_channel_named_after_its_thread(
    service: GameService, tmp_path: Path
) -> None:
    from bot.console.terminal import Console

    said: list[str] = []
    console = Console(service, tmp_path / "out", write=said.append, channel="lc")
    console.run_lines([
        "@alice /league create name:Cup system:race",
        "@alice /league join league:Cup",
        "@bob /league join league:Cup",
        "@alice /league start league:Cup",
        "@bob /league play league:Cup",
    ])
    assert console.failures == 0, said
    (fixture,) = fixtures(service.leagues, "Cup", "local")
    thread = f"lc-fixture-{fixture.id}"
    assert f"  thread: #{thread} (Round 1: alice v bob)" in said
    assert console.channel == "lc"  # the console stays where it was
    with service.store.reading() as tx:
        game = tx.latest_game(thread)
    assert game is not None and set(game.seats.values()) == {"alice", "bob"}
    assert fixtures(service.leagues, "Cup", "local")[0].status == "playing"


# ---------------------------------------------------------------- scores of linked games


@checks("core/league-concession")
@pytest.mark.parametrize("concession", ["played", None])
def test_a_linked_game_gives_its_fixture_the_score_its_system_keeps(
    service: GameService, leagues: Leagues, concession: str | None
) -> None:
    season(leagues, "Banners", [ALICE, BOB], system_id="samurai", scenario="open-field",
           concession=concession)
    leagues.start("g1", ALICE, "Banners")
    opening = leagues.play("g1", LC, BOB, "Banners")
    assert opening.thread is not None
    opening.thread.then("thread-banners")
    with service.store.reading() as tx:
        game = tx.latest_game("thread-banners")
    assert game is not None and game.scenario == "open-field"
    # The banners taken so far are the final score when the game ends (here by resigning).
    with service.store.transaction() as tx:
        game = tx.update_game(game, bump=False, state={**game.state,
                                                        "banners": {"red": 2, "blue": 1}})
    service.resign("thread-banners", BOB)
    (fixture,) = fixtures(leagues, "Banners")
    scores = {fixture.home: fixture.home_score, fixture.away: fixture.away_score}
    red, blue = game.seats["red"], game.seats["blue"]
    # By default a concession scores the scenario's 3 banners for the winner, 0 for the
    # loser (resigning a lost game costs its score difference); `played` keeps 2-1.
    assert scores == ({red: 2, blue: 1} if concession == "played" else {red: 3, blue: 0})
    said = leagues.settings("g1", ALICE, "Banners").lines
    assert ("A game conceded or lost on time scores as it stood when it ended"
            if concession == "played" else
            "A game conceded or lost on time scores the most the scenario allows for the "
            "winner, 0 for the loser") in said
    assert (fixture.status, fixture.winner, fixture.game_id) == ("done", ALICE.user_id, game.id)


def test_a_loss_on_time_is_a_concession_and_a_game_played_out_is_not(
    service: GameService, leagues: Leagues
) -> None:
    season(leagues, "Ends", [ALICE, BOB], system_id="samurai", scenario="open-field")
    leagues.start("g1", ALICE, "Ends")
    opening = leagues.play("g1", LC, BOB, "Ends")
    assert opening.thread is not None
    opening.thread.then("thread-ends")
    with service.store.reading() as tx:
        game = tx.latest_game("thread-ends")
    assert game is not None
    for key, expected in (("result-resigned", True), ("result-out-of-time", True),
                          ("outcome-banners", False)):
        ended = replace(game, status="finished", winner="red",
                        result=json.dumps({"key": key, "args": {}}))
        assert conceded(ended) is expected, key
    assert not conceded(replace(game, result="not json"))


def test_games_without_a_score_give_the_winner_only(service: GameService,
                                                     leagues: Leagues) -> None:
    season(leagues, "Clans", [ALICE, BOB], system_id="bushido")
    leagues.start("g1", ALICE, "Clans")
    opening = leagues.play("g1", LC, ALICE, "Clans")
    assert opening.thread is not None
    opening.thread.then("thread-clans")
    service.end("thread-clans", MOD)  # a referee ends it: a draw, no score
    (fixture,) = fixtures(leagues, "Clans")
    assert (fixture.status, fixture.winner, fixture.home_score, fixture.away_score) == (
        "done", None, None, None)


@pytest.mark.parametrize("concession", ["played", "max"])
def test_a_linked_warhammer_game_gives_its_fixture_the_victory_points(
    service: GameService, leagues: Leagues, concession: str
) -> None:
    season(leagues, "Points", [ALICE, BOB], system_id="wh40k", concession=concession)
    leagues.start("g1", ALICE, "Points")
    opening = leagues.play("g1", LC, ALICE, "Points")
    assert opening.thread is not None
    opening.thread.then("thread-points")
    with service.store.transaction() as tx:
        game = tx.latest_game("thread-points")
        assert game is not None
        scores = {"attacker": [{"round": 1, "primary": 10, "secondary": 5},
                               {"round": 2, "primary": 15, "secondary": 0}],
                  "defender": [{"round": 1, "primary": 5, "secondary": 3}]}
        game = tx.update_game(game, bump=False, state={**game.state, "scores": scores})
    service.resign("thread-points", BOB)
    (fixture,) = fixtures(leagues, "Points")
    got = {fixture.home: fixture.home_score, fixture.away: fixture.away_score}
    # Conceded: as it stood, or the 90 VP the score sheet caps (50 primary, 40 secondary).
    expected = (30, 8) if concession == "played" else (90, 0)
    assert got == {game.seats["attacker"]: expected[0], game.seats["defender"]: expected[1]}


def test_the_referee_upholds_a_disputed_report_by_its_button(service: GameService,
                                                            leagues: Leagues) -> None:
    season(leagues, "Appeal", [BOB, CAROL])
    leagues.start("g1", ALICE, "Appeal")  # Alice referees without playing
    reported = report(leagues, "Appeal", BOB, CAROL, result="win")
    disputed = press(service, reported, CAROL, "Dispute")
    assert [b.label for b in disputed.buttons] == ["Uphold the report"]
    for someone in (BOB, CAROL):
        with pytest.raises(errors.LeagueRefereeOnly):
            press(service, disputed, someone, "Uphold the report")
    upheld = press(service, disputed, ALICE, "Uphold the report")
    assert upheld.text.startswith("<@1001> settles fixture")
    assert upheld.lines == ["**Appeal** is complete: every fixture is settled."]
    (fixture,) = fixtures(leagues, "Appeal")
    assert (fixture.winner, fixture.settled_by) == (BOB.user_id, "referee")
    with pytest.raises(errors.Stale):
        press(service, disputed, MOD, "Uphold the report")


def test_a_linked_game_lost_on_time_settles_its_fixture(service: GameService,
                                                        leagues: Leagues, clock: FakeClock) -> None:
    """The league's time control runs each fixture's game; a forfeit on time is its result."""
    season(leagues, "Timed", [ALICE, BOB], time="2h forfeit")
    leagues.start("g1", ALICE, "Timed")
    opening = leagues.play("g1", LC, ALICE, "Timed", opponent=BOB)
    assert opening.thread is not None
    opening.thread.then("thread-timed")
    with service.store.reading() as tx:
        game = tx.latest_game("thread-timed")
    assert game is not None
    late = PEOPLE[str(game.seats[game.state["turn"]])]
    other = BOB if late == ALICE else ALICE
    clock.advance(hours=1, minutes=59)
    assert [n for n in service.scheduler.due() if "loses" in n.text] == []
    clock.advance(minutes=2)
    lost = [n for n in service.scheduler.due() if n.channel_id == "thread-timed"]
    assert any("ran out of time and loses" in n.text for n in lost), lost
    settled = between(leagues, "Timed", ALICE, BOB)
    assert (settled.status, settled.winner, settled.settled_by) == ("done", other.user_id,
                                                                     "game")
    table = leagues.standings("g1", other, "Timed")
    assert table.lines[0].startswith(f"1. <@{other.user_id}>: 3 pts · 1 W 0 D 0 L")


def test_the_league_referee_referees_its_games(service: GameService, leagues: Leagues) -> None:
    """A fixture's game is refereed by the league's creator, not by the player who opened it."""
    leagues.create("g1", DAN, "Refereed", channel_id=LC, system_id="race", time="2h remind")
    for player in (ALICE, BOB):
        leagues.join("g1", player, "Refereed")
    leagues.start("g1", DAN, "Refereed")
    opening = leagues.play("g1", LC, BOB, "Refereed", opponent=ALICE)
    assert opening.thread is not None
    opening.thread.then("thread-ref")
    with pytest.raises(errors.RefereeOnly):
        service.clocks.extend("thread-ref", BOB, 2)  # he opened the thread, but plays
    with pytest.raises(errors.RefereeOnly):
        service.end("thread-ref", BOB)
    assert service.clocks.extend("thread-ref", DAN, 2).text.startswith("Dan gives")
