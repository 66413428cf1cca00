"""Withdrawals from a running league (issue 28, finding 9), through the service.

A player taken out of a league once stayed in its tables unmarked, and one removed
before round 1 finished kept a bye he never took up, finishing above players who had
played every round. Now the referee sees what the removal does first (Confirm, Cancel),
his byes not taken up are void, his unplayed fixtures go to his opponents as the
league's `withdrawal:` setting says, and the standings, fixtures and exports mark him.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from bot import errors
from bot.replies import Reply
from bot.service.gameservice import Caller, GameService
from bot.service.leagues import rounds
from bot.service.leagues.ranking import Row
from bot.store.leaguequeries import FixtureRow
from bot.store.location import open_store
from tests.bot.conftest import ALICE, BOB, CAROL, DAN, MOD
from tests.kit import checks

BOTH_STORES = True  # every test taking the store runs on SQLite and on PostgreSQL

ERIN = Caller(user_id="1010", name="Erin")
LC = "league-channel"
CONFIRM, CANCEL = "Confirm the removal", "Cancel"


@pytest.fixture
def service(db_location: str) -> Iterator[GameService]:
    store = open_store(db_location)
    yield GameService(store)
    store.close()


def season(service: GameService, name: str, players: list[Caller], **options: Any) -> None:
    """Alice creates a league; the players join; Alice starts it."""
    service.leagues.create("g1", ALICE, name, channel_id=LC, system_id="race", **options)
    for player in players:
        service.leagues.join("g1", player, name)
    service.leagues.start("g1", ALICE, name)


def fixtures(service: GameService, name: str) -> list[FixtureRow]:
    with service.store.reading() as tx:
        found = tx.league_season("g1", name)
        assert found is not None
        return tx.fixtures(found.id)


def press(service: GameService, reply: Reply, who: Caller, label: str) -> Reply:
    (button,) = [b for b in reply.buttons if b.label == label]
    return service.press(LC, who, button.custom_id)


def win(service: GameService, name: str, winner: Caller, loser: Caller) -> Reply:
    """The winner reports, the loser confirms."""
    reported = service.leagues.report("g1", winner, name, opponent=loser, result="win")
    return press(service, reported, loser, "Confirm")


def withdraw(service: GameService, name: str, player: Caller) -> Reply:
    preview = service.leagues.remove("g1", ALICE, name, player)
    return press(service, preview, ALICE, CONFIRM)


def row_of(service: GameService, name: str, player: Caller) -> Row:
    with service.store.reading() as tx:
        found = tx.league_season("g1", name)
        assert found is not None
        (row,) = [r for r in rounds.table(tx, found) if r.player == player.user_id]
        return row


def test_withdrawn_player_is_marked_in_standings_fixtures_and_exports(
    service: GameService
) -> None:
    season(service, "Marked", [ALICE, BOB, CAROL, DAN])
    win(service, "Marked", ALICE, BOB)
    withdraw(service, "Marked", DAN)
    standings = service.leagues.standings("g1", ALICE, "Marked")
    (dan_line,) = [line for line in standings.lines if "<@1009>" in line]
    assert "<@1009> (withdrawn)" in dan_line
    assert not any("(withdrawn)" in line for line in standings.lines if line != dan_line)
    listed = service.leagues.fixtures("g1", ALICE, "Marked").lines
    dans = [line for line in listed if "<@1009>" in line]
    assert len(dans) == 3 and all("<@1009> (withdrawn)" in line for line in dans)
    assert all("(the opponent withdrew)" in line for line in dans)
    files = dict(service.leagues.export("g1", ALICE, "Marked").files)
    table = list(csv.DictReader(io.StringIO(files["league-marked-standings.csv"].decode())))
    assert {r["player"]: r["withdrawn"] for r in table} == {
        "1001": "False", "1002": "False", "1003": "False", "1009": "True"}
    games = list(csv.DictReader(io.StringIO(files["league-marked-fixtures.csv"].decode())))
    assert {r["withdrawn"] for r in games if "1009" in (r["home"], r["away"])} == {"1009"}
    assert {r["withdrawn"] for r in games if "1009" not in (r["home"], r["away"])} == {""}
    players = json.loads(files["league-marked.json"])["players"]
    assert [p["player"] for p in players if p["withdrawn"]] == ["1009"]


def test_unplayed_bye_of_a_withdrawn_player_is_void(service: GameService) -> None:
    # Five players, Swiss: Erin, seeded last, has round 1's bye and leaves before it ends.
    season(service, "Byes", [ALICE, BOB, CAROL, DAN, ERIN], format_="swiss", rounds=2)
    (bye,) = [f for f in fixtures(service, "Byes") if f.away is None]
    assert bye.home == ERIN.user_id and bye.status == "done"
    preview = service.leagues.remove("g1", ALICE, "Byes", ERIN)
    assert preview.lines == [f"#{bye.id} round 1: <@1010>'s bye is void (never taken up)."]
    done = press(service, preview, ALICE, CONFIRM)
    assert done.text == ("<@1010> (withdrawn) is out of **Byes**: no unplayed fixture, "
                         "one bye void.")
    (bye,) = [f for f in fixtures(service, "Byes") if f.away is None]
    assert (bye.status, bye.settled_by) == ("void", "withdrawal")
    listed = service.leagues.fixtures("g1", ALICE, "Byes").lines
    assert f"#{bye.id} <@1010> (withdrawn): a bye, void (never taken up)" in listed
    win(service, "Byes", ALICE, BOB)
    win(service, "Byes", CAROL, DAN)
    second = [f for f in fixtures(service, "Byes") if f.round == 2]
    assert ERIN.user_id not in {p for f in second for p in (f.home, f.away)}
    assert row_of(service, "Byes", ERIN).points == 0
    # He finishes below the players who lost a game: they played, he did not.
    with service.store.reading() as tx:
        found = tx.league_season("g1", "Byes")
        assert found is not None
        order = [r.player for r in rounds.table(tx, found)]
    assert order[-1] == ERIN.user_id


def test_a_bye_of_a_completed_round_stands(service: GameService) -> None:
    season(service, "Kept", [ALICE, BOB, CAROL, DAN, ERIN], format_="swiss", rounds=3)
    win(service, "Kept", ALICE, BOB)
    win(service, "Kept", CAROL, DAN)  # round 1 complete: Erin's bye is taken up
    preview = service.leagues.remove("g1", ALICE, "Kept", ERIN)
    assert not any("bye is void" in line for line in preview.lines)
    press(service, preview, ALICE, CONFIRM)
    assert row_of(service, "Kept", ERIN).points == 3


@checks("core/league-drop")
def test_opponent_of_a_withdrawn_player_gets_a_bye_by_default(service: GameService) -> None:
    season(service, "Default", [ALICE, BOB, CAROL, DAN])
    theirs = [f for f in fixtures(service, "Default") if f.has(DAN.user_id)]
    preview = service.leagues.remove("g1", ALICE, "Default", DAN)
    assert "their opponents get a bye for their unplayed fixtures" in preview.text
    assert sorted(preview.lines) == sorted(
        f"#{f.id} round {f.round}: <@{f.opponent(DAN.user_id)}> gets a bye instead of playing "
        "<@1009>." for f in theirs)
    done = press(service, preview, ALICE, CONFIRM)
    assert done.text == ("<@1009> (withdrawn) is out of **Default**: 3 unplayed fixtures "
                         "given to their opponents as byes, no bye void.")
    assert done.lines == preview.lines  # the reply says what was done
    carol = row_of(service, "Default", CAROL)
    assert (carol.points, carol.played, carol.won) == (3, 0, 0)  # round 1's bye: no game
    # Alice's bye falls in round 3: it counts once round 3 is the one being played.
    alice = row_of(service, "Default", ALICE)
    assert (alice.points, alice.played, alice.won) == (0, 0, 0)
    dan = row_of(service, "Default", DAN)
    assert (dan.points, dan.played, dan.lost) == (0, 0, 0)


def test_opponent_of_a_withdrawn_player_wins_by_walkover_when_the_league_says_so(
    service: GameService
) -> None:
    season(service, "Walk", [ALICE, BOB, CAROL, DAN], withdrawal="walkover")
    win(service, "Walk", BOB, CAROL)
    preview = service.leagues.remove("g1", ALICE, "Walk", DAN)
    assert "their opponents win their unplayed fixtures by walkover" in preview.text
    assert all(line.endswith("wins by walkover instead of playing <@1009>.")
               for line in preview.lines)
    done = press(service, preview, ALICE, CONFIRM)
    assert "3 unplayed fixtures won by their opponents by walkover" in done.text
    # Only round 1's walkover (Carol's) counts while round 1 is being played.
    carol = row_of(service, "Walk", CAROL)
    assert (carol.points, carol.played, carol.won, carol.lost) == (3, 2, 1, 1)
    assert (row_of(service, "Walk", ALICE).points, row_of(service, "Walk", DAN).lost) == (0, 1)
    win(service, "Walk", ALICE, BOB)  # round 1
    win(service, "Walk", ALICE, CAROL)  # round 2: now round 3, Alice's walkover, counts
    alice = row_of(service, "Walk", ALICE)
    assert (alice.points, alice.played, alice.won) == (9, 3, 3)
    dan = row_of(service, "Walk", DAN)
    assert (dan.points, dan.played, dan.lost) == (0, 3, 3)
    listed = service.leagues.fixtures("g1", ALICE, "Walk").lines
    assert sum("wins by walkover (the opponent withdrew)" in line for line in listed) == 3
    # A walkover was never played: ratings count the three games played, not the walkovers.
    assert "from 3 results" in service.leagues.ratings("g1", ALICE, "race").text


def test_withdrawal_is_shown_first_and_cancel_changes_nothing(service: GameService) -> None:
    season(service, "Careful", [ALICE, BOB, CAROL])
    before = fixtures(service, "Careful")
    preview = service.leagues.remove("g1", MOD, "Careful", CAROL)
    assert preview.ephemeral and [b.label for b in preview.buttons] == [CONFIRM, CANCEL]
    assert fixtures(service, "Careful") == before
    with pytest.raises(errors.LeagueRefereeOnly):
        press(service, preview, BOB, CONFIRM)
    cancelled = press(service, preview, MOD, CANCEL)
    assert cancelled.text == "<@1003> stays in **Careful**: nothing changed."
    assert fixtures(service, "Careful") == before
    # A fixture of hers changes after the preview: its Confirm is stale, nothing is done.
    win(service, "Careful", CAROL, ALICE)
    with pytest.raises(errors.Stale):
        press(service, preview, MOD, CONFIRM)
    # Her win stands; her bye (round 3) counts once round 3 is reached.
    assert row_of(service, "Careful", CAROL).points == 3
    assert not any("(withdrawn)" in line
                   for line in service.leagues.standings("g1", MOD, "Careful").lines)
    with pytest.raises(errors.LeagueNotIn):
        service.leagues.remove("g1", MOD, "Careful", DAN)


def test_round_robin_rounds_written_after_a_withdrawal_give_his_games_away(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rounds, "WRITE_BATCH", 2)  # one round of four players at a time
    season(service, "Later", [ALICE, BOB, CAROL, DAN])
    assert {f.round for f in fixtures(service, "Later")} == {1}
    preview = service.leagues.remove("g1", ALICE, "Later", DAN)
    assert preview.lines[-1] == ("Rounds 2–3 are not written yet: there too <@1009>'s byes "
                                 "are void and their opponents get a bye.")
    press(service, preview, ALICE, CONFIRM)
    while any(f.status == "pending" for f in fixtures(service, "Later")):
        pending = next(f for f in fixtures(service, "Later") if f.status == "pending")
        service.leagues.resolve("g1", ALICE, "Later", pending.id, result="home")
    every = fixtures(service, "Later")
    assert {f.round for f in every} == {1, 2, 3}
    dans = [f for f in every if f.has(DAN.user_id)]
    assert len(dans) == 3
    assert {(f.status, f.settled_by) for f in dans} == {("done", "withdrawal")}
    with service.store.reading() as tx:
        found = tx.league_season("g1", "Later")
        assert found is not None and found.status == "finished"


def test_a_round_robin_whose_later_rounds_settle_themselves_still_finishes(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Carol and Dan withdraw in round 1: rounds 2 and 3, written one at a time, hold only
    # games given to Alice and Bob, so nothing is left to play that would write the next.
    monkeypatch.setattr(rounds, "WRITE_BATCH", 2)
    season(service, "Emptied", [ALICE, BOB, CAROL, DAN])
    withdraw(service, "Emptied", CAROL)
    withdraw(service, "Emptied", DAN)
    win(service, "Emptied", ALICE, BOB)
    every = fixtures(service, "Emptied")
    assert {f.round for f in every} == {1, 2, 3}
    assert all(f.status in rounds.SETTLED for f in every)
    with service.store.reading() as tx:
        found = tx.league_season("g1", "Emptied")
        assert found is not None and found.status == "finished"
    assert row_of(service, "Emptied", ALICE).points == 3 + 3 + 3  # a win and two byes


@checks("core/league-drop")
def test_a_player_drops_out_himself_after_a_confirmation(service: GameService) -> None:
    # Issue 32: once a league had started only its referee could take a player out.
    season(service, "Self", [ALICE, BOB, CAROL, DAN])
    before = fixtures(service, "Self")
    preview = service.leagues.drop("g1", DAN, "Self")
    assert preview.ephemeral and preview.text.startswith("Drop out of **Self**?")
    assert [b.label for b in preview.buttons] == ["Confirm: drop out", CANCEL]
    assert fixtures(service, "Self") == before  # nothing yet
    with pytest.raises(errors.LeagueRefereeOnly):
        press(service, preview, BOB, "Confirm: drop out")  # not Bob's to press
    done = press(service, preview, DAN, "Confirm: drop out")
    assert done.text.startswith("<@1009> (withdrawn) is out of **Self**")
    assert all(f.status != "pending" for f in fixtures(service, "Self") if f.has(DAN.user_id))
    with pytest.raises(errors.LeagueNotIn):
        service.leagues.drop("g1", DAN, "Self")  # already out


def test_dropping_out_before_the_start_is_leaving(service: GameService) -> None:
    service.leagues.create("g1", ALICE, "Early", channel_id=LC, system_id="race")
    service.leagues.join("g1", BOB, "Early")
    left = service.leagues.drop("g1", BOB, "Early")
    assert left.text == "<@1002> leaves **Early**." and not left.buttons
    with pytest.raises(errors.LeagueNotIn):
        service.leagues.drop("g1", BOB, "Early")


def test_a_report_names_its_fixture_by_number(service: GameService) -> None:
    # Issue 32: /league report picked the caller's next fixture against the named opponent.
    season(service, "Numbered", [ALICE, BOB], legs=2)  # two fixtures of the same pair
    first, second = sorted(fixtures(service, "Numbered"), key=lambda f: f.round)
    reported = service.leagues.report("g1", BOB, "Numbered", result="win", fixture=second.id)
    assert f"fixture #{second.id}" in reported.text
    statuses = {f.id: f.status for f in fixtures(service, "Numbered")}
    assert statuses == {first.id: "pending", second.id: "reported"}
    with pytest.raises(errors.LeagueFixtureBusy):
        service.leagues.report("g1", BOB, "Numbered", result="win", fixture=second.id)
    with pytest.raises(errors.LeagueUnknownFixture):
        service.leagues.report("g1", CAROL, "Numbered", result="win", fixture=first.id)
    press(service, reported, ALICE, "Confirm")
    with pytest.raises(errors.LeagueFixtureSettled):
        service.leagues.report("g1", ALICE, "Numbered", result="win", fixture=second.id)


def test_a_league_sets_its_tie_breaks_in_any_order_of_their_names(service: GameService) -> None:
    # Issue 32: five fixed orders were offered; an organiser sets the order by name.
    made = service.leagues.create("g1", ALICE, "Ties", channel_id=LC, system_id="race",
                                  format_="swiss", tiebreaks="owp, wins head-to-head")
    assert ("Points: 3 a win, 1 a draw, 0 a loss · tie-breaks: opponents' win rate, wins, "
            "head-to-head") in made.lines
    for bad in ("luck", "sos,sos", " , "):
        with pytest.raises(errors.LeagueBadSetting) as refused:
            service.leagues.settings("g1", ALICE, "Ties", tiebreaks=bad)
        assert "`tiebreaks:` takes names from `score_diff`, `head_to_head`, `sos`, `owp`, and " \
               "`wins`" in refused.value.text()
    changed = service.leagues.settings("g1", ALICE, "Ties", tiebreaks="sos")
    assert any(line.endswith("tie-breaks: strength of schedule") for line in changed.lines)


@checks("core/league-swiss-pairing")
def test_a_swiss_league_picks_its_pairing_and_seeding(service: GameService) -> None:
    # Issue 32: one Swiss method, and round 1 seeded only in the order players joined.
    players = [ALICE, BOB, CAROL, DAN]
    season(service, "Slide", players, format_="swiss", pairing="slide", seeding="random")
    said = service.leagues.settings("g1", ALICE, "Slide").lines
    assert ("Swiss pairing: top half of each score group against its bottom half, in order "
            "(1st v the first of the bottom half) · seeded in an order drawn for the league"
            ) in said
    with service.store.reading() as tx:
        league = tx.league_season("g1", "Slide")
        assert league is not None
        order = rounds.seeded(tx, league, rounds.Season.of(league),
                              [p.user_id for p in players])
        # Drawn for the league: a player's place does not depend on who else plays.
        assert [u for u in order if u != DAN.user_id] == rounds.seeded(
            tx, league, rounds.Season.of(league), [p.user_id for p in players[:3]])
    pairs = {(f.home, f.away) for f in fixtures(service, "Slide")}
    assert pairs == {(order[0], order[2]), (order[1], order[3])}
    with pytest.raises(errors.LeagueBadSetting) as refused:
        service.leagues.create("g1", ALICE, "Circle", channel_id=LC, system_id="race",
                               pairing="fold")
    assert "`pairing:` is a setting of `swiss` leagues (`format:`)." in refused.value.text()


def test_rating_seeds_from_the_other_leagues_results(service: GameService) -> None:
    season(service, "Before", [ALICE, BOB])
    win(service, "Before", BOB, ALICE)  # Bob now rates above Alice
    season(service, "Rated", [ALICE, CAROL, BOB, DAN], format_="swiss", seeding="rating")
    with service.store.reading() as tx:
        league = tx.league_season("g1", "Rated")
        assert league is not None
        order = rounds.seeded(tx, league, rounds.Season.of(league),
                              [p.user_id for p in (ALICE, CAROL, BOB, DAN)])
    # Bob (a win) first, then Carol and Dan (new: 1500, in the order they joined), then
    # Alice, whose loss rates her below a new player.
    assert order == [BOB.user_id, CAROL.user_id, DAN.user_id, ALICE.user_id]
    pairs = {(f.home, f.away) for f in fixtures(service, "Rated")}
    assert pairs == {(BOB.user_id, CAROL.user_id), (DAN.user_id, ALICE.user_id)}
