"""Tournament formats (issue 32): matches of several games, and knockout brackets.

The Command & Colors community's open tournaments play each round as two games of one
scenario with the sides swapped, scored 3 / 2 / 1.5 / 1 / 0, a Swiss stage and then a
top-8 knockout of the same matches.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from bot import errors
from bot.service.gameservice import Caller, GameService
from bot.service.leagues import rounds
from bot.store.leaguequeries import FixtureRow
from bot.store.location import open_store
from tests.bot.conftest import ALICE, BOB, CAROL, DAN
from tests.kit import checks

LC = "league-channel"


@pytest.fixture
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameService]:
    store = open_store(str(tmp_path_factory.mktemp("formats") / "formats.db"))
    yield GameService(store)
    store.close()


def fixtures(service: GameService, name: str, guild: str = "g1") -> list[FixtureRow]:
    with service.store.reading() as tx:
        found = tx.league_season(guild, name)
        assert found is not None
        return tx.fixtures(found.id)


def points(service: GameService, name: str, guild: str = "g1") -> dict[str, float]:
    with service.store.reading() as tx:
        found = tx.league_season(guild, name)
        assert found is not None
        return {r.player: r.points for r in rounds.table(tx, found)}


def settle(service: GameService, name: str, f: FixtureRow, home: int, away: int) -> None:
    """The referee settles one game with its banners."""
    result = "home" if home > away else "away" if away > home else "draw"
    service.leagues.resolve("g1", ALICE, name, f.id, result, home, away)


def test_a_swiss_round_of_two_game_matches_scored_by_the_cc_table(service: GameService
                                                                  ) -> None:
    service.leagues.create("g1", ALICE, "Open", channel_id=LC, system_id="samurai",
                           format_="swiss", rounds=2, games=2, match_scoring="cc")
    players: list[Caller] = [ALICE, BOB, CAROL, DAN]
    for p in players:
        service.leagues.join("g1", p, "Open")
    service.leagues.start("g1", ALICE, "Open")
    first = fixtures(service, "Open")
    # Two matches, each two games with the sides swapped.
    assert [(f.round, f.home, f.away) for f in first] == [
        (1, ALICE.user_id, BOB.user_id), (1, BOB.user_id, ALICE.user_id),
        (1, CAROL.user_id, DAN.user_id), (1, DAN.user_id, CAROL.user_id)]
    settle(service, "Open", first[0], 3, 1)  # Alice wins both games
    settle(service, "Open", first[1], 2, 3)
    settle(service, "Open", first[2], 3, 2)  # Carol and Dan split; Dan 6 banners to 4
    assert points(service, "Open")[CAROL.user_id] == 0  # the match is not over yet
    assert len(fixtures(service, "Open")) == 4  # nor the round
    settle(service, "Open", first[3], 3, 1)
    assert points(service, "Open") == {ALICE.user_id: 3.0, DAN.user_id: 2.0,
                                       CAROL.user_id: 1.0, BOB.user_id: 0.0}
    second = [f for f in fixtures(service, "Open") if f.round == 2]
    assert {frozenset((f.home, f.away)) for f in second} == {
        frozenset((ALICE.user_id, DAN.user_id)), frozenset((CAROL.user_id, BOB.user_id))}
    assert len(second) == 4
    said = service.leagues.settings("g1", ALICE, "Open").lines
    assert any(line.startswith("Each fixture is a match of 2 games") for line in said)


def test_the_cc_table_needs_two_game_matches(service: GameService) -> None:
    with pytest.raises(errors.LeagueBadSetting) as refused:
        service.leagues.create("g1", ALICE, "Bad", channel_id=LC, system_id="samurai",
                               match_scoring="cc")
    assert "set `games:2` with it" in refused.value.text()
    with pytest.raises(errors.LeagueBadSetting):
        service.leagues.create("g1", ALICE, "Bad", channel_id=LC, system_id="samurai",
                               games=4)


def test_bracket_order_keeps_the_top_seeds_apart() -> None:
    from bot.service.leagues.knockout import bracket_order, first_round, next_round, rounds_of

    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert first_round(["s1", "s2", "s3", "s4", "s5", "s6"]) == [
        ("s1", None), ("s4", "s5"), ("s2", None), ("s3", "s6")]
    assert next_round(["s1", "s5", "s2", "s3"]) == [("s1", "s5"), ("s2", "s3")]
    assert (rounds_of(2), rounds_of(6), rounds_of(8), rounds_of(9)) == (1, 3, 3, 4)


@checks("core/league-knockout")
def test_a_knockout_of_six_with_byes_a_decider_and_a_champion(service: GameService) -> None:
    from bot.service.leagues.knockout import first_round

    six = [Caller(user_id=str(2000 + n), name=f"P{n}") for n in range(1, 7)]
    service.leagues.create("g1", ALICE, "Cup", channel_id=LC, system_id="samurai",
                           format_="knockout")
    for p in six:
        service.leagues.join("g1", p, "Cup")
    service.leagues.start("g1", ALICE, "Cup")
    ids = [p.user_id for p in six]
    expected = [(1, home, away) for home, away in first_round(ids)]
    assert [(f.round, f.home, f.away) for f in fixtures(service, "Cup")] == expected
    # Round 1: seeds 4 v 5 and 3 v 6 play; seed 5 and seed 3 win.
    games = {(f.home, f.away): f for f in fixtures(service, "Cup") if f.away is not None}
    settle(service, "Cup", games[(ids[3], ids[4])], 1, 3)
    settle(service, "Cup", games[(ids[2], ids[5])], 3, 0)
    semis = [(f.home, f.away) for f in fixtures(service, "Cup") if f.round == 2]
    assert semis == [(ids[0], ids[4]), (ids[1], ids[2])]
    second = {(f.home, f.away): f for f in fixtures(service, "Cup") if f.round == 2}
    settle(service, "Cup", second[(ids[0], ids[4])], 3, 1)
    settle(service, "Cup", second[(ids[1], ids[2])], 2, 2)  # level: a deciding game
    decider = [f for f in fixtures(service, "Cup") if f.round == 2 and f.status == "pending"]
    assert [(f.home, f.away) for f in decider] == [(ids[1], ids[2])]
    assert not any(f.round == 3 for f in fixtures(service, "Cup"))
    settle(service, "Cup", decider[0], 0, 3)  # seed 3 goes through
    (final,) = [f for f in fixtures(service, "Cup") if f.round == 3]
    assert (final.home, final.away) == (ids[0], ids[2])
    midway = service.leagues.bracket("g1", ALICE, "Cup")
    assert midway.lines[-2:] == ["**Final**", f"<@{ids[0]}> v <@{ids[2]}>: 0–0 in games"]
    settle(service, "Cup", final, 1, 3)
    with service.store.reading() as tx:
        league = tx.league_season("g1", "Cup")
        assert league is not None and league.status == "finished"
    shown = service.leagues.bracket("g1", ALICE, "Cup")
    assert shown.text == "**Cup**: the bracket"
    assert shown.lines == [
        "**Quarter-finals**", f"<@{ids[0]}>: a bye into the next round",
        f"<@{ids[3]}> v <@{ids[4]}>: 0–1 in games, <@{ids[4]}> goes through",
        f"<@{ids[1]}>: a bye into the next round",
        f"<@{ids[2]}> v <@{ids[5]}>: 1–0 in games, <@{ids[2]}> goes through",
        "**Semi-finals**",
        f"<@{ids[0]}> v <@{ids[4]}>: 1–0 in games, <@{ids[0]}> goes through",
        f"<@{ids[1]}> v <@{ids[2]}>: 0.5–1.5 in games, <@{ids[2]}> goes through",
        "**Final**", f"<@{ids[0]}> v <@{ids[2]}>: 0–1 in games, <@{ids[2]}> goes through",
        f"Champion: <@{ids[2]}>"]
    assert shown.image is not None and shown.image[:8] == b"\x89PNG\r\n\x1a\n"
    pt = service.leagues.bracket("g1", Caller(user_id="9", name="V", locale="pt-BR"), "Cup")
    assert pt.lines[0] == "**Quartas de final**" and pt.lines[-1] == f"Campeão: <@{ids[2]}>"
    with pytest.raises(errors.LeagueNotKnockout):
        service.leagues.create("g1", ALICE, "Table", channel_id=LC, system_id="samurai")
        service.leagues.bracket("g1", ALICE, "Table")


def test_a_32_player_command_and_colors_tournament_runs_to_a_champion(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """A Swiss stage of two-game matches scored 3/2/1.5/1/0, then its top 8 in a knockout
    of two-game matches: every game reported by a player with its fixture number and its
    banners, and confirmed by the clock passing 48 hours without an answer."""
    import random

    from bot.clock import FakeClock

    clock = FakeClock("2026-05-01T18:00:00+00:00")
    store = open_store(str(tmp_path_factory.mktemp("tournament") / "t.db"), clock=clock)
    service = GameService(store)
    field = [Caller(user_id=str(3000 + n), name=f"General {n}") for n in range(32)]
    strength = {p.user_id: 32 - n for n, p in enumerate(field)}
    luck = random.Random(1560)
    service.leagues.create("g1", ALICE, "Open", channel_id=LC, system_id="samurai",
                           format_="swiss", rounds=5, games=2, match_scoring="cc",
                           pairing="slide", seeding="random")
    service.leagues.create("g1", ALICE, "Finals", channel_id=LC, system_id="samurai",
                           format_="knockout", games=2, source="Open", top=8)
    for p in field:
        service.leagues.join("g1", p, "Open")
    service.leagues.start("g1", ALICE, "Open")
    with pytest.raises(errors.LeagueSourceRunning):
        service.leagues.start("g1", ALICE, "Finals")

    def play_round(name: str) -> int:
        """Report every pending game, let the clock confirm them; return how many."""
        waiting = [f for f in fixtures(service, name) if f.status == "pending"]
        for f in waiting:
            assert f.away is not None
            home_wins = luck.random() < strength[f.home] / (strength[f.home] + strength[f.away])
            won, lost = 3, luck.randint(0, 2)
            reporter = next(p for p in field if p.user_id == f.home)
            service.leagues.report("g1", reporter, name, mine=won if home_wins else lost,
                                   theirs=lost if home_wins else won, fixture=f.id)
        clock.advance(hours=49)
        service.scheduler.due()
        return len(waiting)

    played = [play_round("Open") for _ in range(5)]
    assert played == [32] * 5  # 16 matches of two games a round
    with store.reading() as tx:
        open_ = tx.league_season("g1", "Open")
        assert open_ is not None and open_.status == "finished"
        table = rounds.table(tx, open_)
    assert sum(r.points for r in table) == pytest.approx(5 * 16 * 3)  # 3 points a match
    top8 = [r.player for r in table[:8]]

    service.leagues.start("g1", ALICE, "Finals")
    quarter = [(f.home, f.away) for f in fixtures(service, "Finals") if f.round == 1]
    seeds = [(0, 7), (7, 0), (3, 4), (4, 3), (1, 6), (6, 1), (2, 5), (5, 2)]
    assert quarter == [(top8[a], top8[b]) for a, b in seeds]
    while True:
        with store.reading() as tx:
            finals = tx.league_season("g1", "Finals")
            assert finals is not None
        if finals.status == "finished":
            break
        assert play_round("Finals") > 0
    last = max(f.round for f in fixtures(service, "Finals"))
    assert last == 3  # quarter-finals, semi-finals, final
    with store.reading() as tx:
        finals = tx.league_season("g1", "Finals")
        assert finals is not None
        final = rounds.bracket_matches(tx.fixtures(finals.id, 3))
        (games,) = final
        champion = rounds.match_winner_of(games, rounds.Season.of(finals))
    assert champion in top8
    store.close()


def test_the_referee_corrects_a_settled_result_with_a_note(service: GameService) -> None:
    # Issue 32: nothing could be corrected by hand once settled.
    service.leagues.create("g1", ALICE, "Fix", channel_id=LC, system_id="samurai")
    for p in (ALICE, BOB, CAROL):
        service.leagues.join("g1", p, "Fix")
    service.leagues.start("g1", ALICE, "Fix")
    game = next(f for f in fixtures(service, "Fix") if f.away is not None)
    settle(service, "Fix", game, 3, 1)
    before = points(service, "Fix")
    with pytest.raises(errors.LeagueRefereeOnly):
        service.leagues.amend("g1", BOB, "Fix", game.id, "mine", home_score=1, away_score=3)
    said = service.leagues.amend("g1", ALICE, "Fix", game.id, "banners miscounted",
                                 home_score=1, away_score=3)
    h, a = f"<@{game.home}>", f"<@{game.away}>"
    assert said.text == (f"<@{ALICE.user_id}> corrects fixture #{game.id}: {h} v {a}: {a} "
                         f"wins, 1–3 banners (it was {h} v {a}: {h} wins, 3–1 banners). "
                         "Why: banners miscounted")
    after = points(service, "Fix")
    assert (after[game.home], after[game.away]) == (before[game.home] - 3,
                                                    before[game.away] + 3)
    (amended,) = [f for f in fixtures(service, "Fix") if f.id == game.id]
    assert [(a["by"], a["note"], a["before"]["home_score"])
            for a in amended.report["amended"]] == [(ALICE.user_id, "banners miscounted", 3)]
    exported = service.leagues.export("g1", ALICE, "Fix")
    (data,) = [body for name, body in exported.files if name.endswith(".json")]
    row = next(r for r in json.loads(data)["fixtures"] if r["fixture"] == game.id)
    assert [a["note"] for a in row["amended"]] == ["banners miscounted"]
    pending = next(f for f in fixtures(service, "Fix") if f.status == "pending")
    with pytest.raises(errors.LeagueFixtureOpen):
        service.leagues.amend("g1", ALICE, "Fix", pending.id, "early", home_score=1,
                              away_score=0)


@pytest.mark.parametrize("late", ["loss", "bye"])
def test_a_late_entrant_is_paired_from_the_next_round(service: GameService, late: str) -> None:
    # Issue 32: nobody could be added once a league had started.
    service.leagues.create("g1", ALICE, "Late", channel_id=LC, system_id="race",
                           format_="swiss", rounds=3, late=late)
    for p in (ALICE, BOB, CAROL, DAN):
        service.leagues.join("g1", p, "Late")
    service.leagues.start("g1", ALICE, "Late")
    erin = Caller(user_id="1010", name="Erin")
    with pytest.raises(errors.LeagueRefereeOnly):
        service.leagues.desk.enter("g1", BOB, "Late", erin)
    said = service.leagues.desk.enter("g1", ALICE, "Late", erin)
    assert said.text.startswith("<@1010> joins **Late** late and is paired from round 2; ")
    with pytest.raises(errors.LeagueAlreadyIn):
        service.leagues.desk.enter("g1", ALICE, "Late", erin)
    assert points(service, "Late")["1010"] == (3.0 if late == "bye" else 0.0)
    for f in [f for f in fixtures(service, "Late") if f.status == "pending"]:
        service.leagues.resolve("g1", ALICE, "Late", f.id, "home", None, None)
    second = [f for f in fixtures(service, "Late") if f.round == 2]
    assert any("1010" in (f.home, f.away) for f in second)
    with pytest.raises(errors.LeagueLateSwissOnly):
        service.leagues.create("g1", ALICE, "Circle", channel_id=LC, system_id="race")
        for p in (ALICE, BOB):
            service.leagues.join("g1", p, "Circle")
        service.leagues.start("g1", ALICE, "Circle")
        service.leagues.desk.enter("g1", ALICE, "Circle", erin)


def test_a_tournament_through_the_console(service: GameService, tmp_path_factory:
                                          pytest.TempPathFactory) -> None:
    """The organiser's desk typed as on Discord: a Swiss round of two-game matches, a
    correction, then the top two in a final, and its bracket."""
    from bot.console.terminal import Console

    out: list[str] = []
    console = Console(service, tmp_path_factory.mktemp("console"), write=out.append)
    console.run_lines([
        "@olga /league create name:Open system:samurai format:swiss rounds:1 games:2 "
        "match_scoring:cc pairing:fold",
        "@olga /league create name:Final system:samurai format:knockout games:2 "
        "from_league:Open top:2",
        *[f"@{p} /league join league:Open" for p in ("ana", "bia", "caio", "duda")],
        "@olga /league start league:Open",
    ])
    first = fixtures(service, "Open", "local")
    assert [(f.home, f.away) for f in first] == [
        ("ana", "duda"), ("duda", "ana"), ("bia", "caio"), ("caio", "bia")]  # fold: 1 v 4
    banners = {first[0].id: (3, 2), first[1].id: (1, 3), first[2].id: (3, 0),
               first[3].id: (2, 3)}
    console.run_lines([f"@olga /league resolve league:Open fixture:{n} home_score:{h} "
                       f"away_score:{a}" for n, (h, a) in banners.items()])
    assert points(service, "Open", "local") == {"ana": 3.0, "bia": 3.0, "caio": 0.0, "duda": 0.0}
    console.run_lines([
        f"@olga /league amend league:Open fixture:{first[3].id} home_score:3 away_score:2 "
        'note:"recount after the game"',
        "@olga /league start league:Final",
        "@olga /league bracket league:Final",
    ])
    text = "\n".join(out)
    assert "corrects fixture" in text and "Why: recount after the game" in text
    # Bia and Caio split the games now; Bia has 5 banners over both to Caio's 3: 2 and 1.
    assert points(service, "Open", "local") == {"ana": 3.0, "bia": 2.0, "caio": 1.0,
                                                "duda": 0.0}
    final = fixtures(service, "Final", "local")
    assert [(f.home, f.away) for f in final] == [("ana", "bia"), ("bia", "ana")]
    assert "**Final**" in text
    assert console.failures == 0


def test_a_substitute_takes_over_a_seat_its_fixtures_and_its_game(service: GameService
                                                                  ) -> None:
    # Issue 32: a player who left could only forfeit.
    service.leagues.create("g1", ALICE, "Subs", channel_id=LC, system_id="samurai",
                           scenario="open-field")
    for p in (ALICE, BOB, CAROL):
        service.leagues.join("g1", p, "Subs")
    service.leagues.start("g1", ALICE, "Subs")
    theirs = next(f for f in fixtures(service, "Subs") if BOB.user_id in (f.home, f.away)
                  and f.away is not None)
    rival = next(p for p in (ALICE, CAROL) if p.user_id in (theirs.home, theirs.away))
    opening = service.leagues.play("g1", LC, BOB, "Subs", rival)
    assert opening.thread is not None
    opening.thread.then("thread-subs")
    with service.store.reading() as tx:
        started = tx.latest_game("thread-subs")
    assert started is not None
    # A league's game verifies (its log once disagreed with its row on creator and version).
    assert service.verify_game(started.id)[0]
    erin = Caller(user_id="1010", name="Erin")
    with pytest.raises(errors.LeagueRefereeOnly):
        service.leagues.desk.substitute("g1", BOB, "Subs", BOB, erin)
    with pytest.raises(errors.LeagueSubstituteIn):
        service.leagues.desk.substitute("g1", ALICE, "Subs", BOB, CAROL)
    said = service.leagues.desk.substitute("g1", ALICE, "Subs", BOB, erin)
    assert said.text == ("<@1010> takes over from <@1002> in **Subs**: 2 fixtures, one game "
                         "in progress. <@1002>'s results so far stay theirs.")
    left = [f for f in fixtures(service, "Subs") if f.status != "done"]
    assert all(BOB.user_id not in (f.home, f.away) for f in left)
    assert sum(erin.user_id in (f.home, f.away) for f in left) == 2
    with service.store.reading() as tx:
        game = tx.latest_game("thread-subs")
    assert game is not None and erin.user_id in game.seats.values()
    assert BOB.user_id not in game.seats.values()
    log = service.log_lines("thread-subs", ALICE).lines
    assert any("<@1010> takes over" in line and "from <@1002>" in line for line in log)
    ok, _ = service.verify_game(game.id)
    assert ok  # the substitute entry leaves the replay as it was
    exported = service.leagues.export("g1", ALICE, "Subs")
    (data,) = [body for name, body in exported.files if name.endswith(".json")]
    moved = [r for r in json.loads(data)["fixtures"] if r["home"] == erin.user_id
             or r["away"] == erin.user_id]
    assert len(moved) == 2


def test_pairs_kept_apart_swapped_and_a_round_paired_again(service: GameService) -> None:
    # Issue 32: no command could re-pair or swap a round, or keep club-mates apart.
    service.leagues.create("g1", ALICE, "Desk", channel_id=LC, system_id="race",
                           format_="swiss", rounds=2)
    for p in (ALICE, BOB, CAROL, DAN):
        service.leagues.join("g1", p, "Desk")
    # Alice and Bob (first and second seeds) would meet first: the referee keeps them apart.
    said = service.leagues.desk.avoid("g1", ALICE, "Desk", ALICE, BOB)
    assert said.text == "<@1001> and <@1002> will not meet in the first round of **Desk**."
    service.leagues.start("g1", ALICE, "Desk")
    pairs = {frozenset((f.home, f.away)) for f in fixtures(service, "Desk")}
    assert frozenset((ALICE.user_id, BOB.user_id)) not in pairs
    first, second = fixtures(service, "Desk")
    with pytest.raises(errors.LeagueRefereeOnly):
        service.leagues.desk.swap("g1", BOB, "Desk", first.id, second.id)
    swapped = service.leagues.desk.swap("g1", ALICE, "Desk", first.id, second.id)
    assert swapped.text.startswith(f"<@1001> swaps the opponents of fixtures #{first.id}")
    after = {f.id: (f.home, f.away) for f in fixtures(service, "Desk")}
    assert after == {first.id: (first.home, second.away), second.id: (second.home, first.away)}
    again = service.leagues.desk.repair("g1", ALICE, "Desk")
    assert again.text == "<@1001> pairs round 1 of **Desk** again:"
    repaired = {frozenset((f.home, f.away)) for f in fixtures(service, "Desk")}
    assert repaired == pairs  # paired as at the start, the avoided pair still apart
    one = fixtures(service, "Desk")[0]
    service.leagues.resolve("g1", ALICE, "Desk", one.id, "home", None, None)
    with pytest.raises(errors.LeagueFixtureBusy):
        service.leagues.desk.repair("g1", ALICE, "Desk")  # a game of the round is settled


def test_the_documented_tournament_script_runs_to_its_champion(
        service: GameService, tmp_path_factory: pytest.TempPathFactory) -> None:
    """docs/leagues.md shows docs/examples/tournament.txt: it must still run as shown."""
    from pathlib import Path

    from bot.console.terminal import Console

    script = Path(__file__).resolve().parents[2] / "docs" / "examples" / "tournament.txt"
    out: list[str] = []
    console = Console(service, tmp_path_factory.mktemp("doc"), write=out.append)
    console.run_lines(script.read_text(encoding="utf-8").splitlines())
    assert console.failures == 0
    text = "\n".join(out)
    assert "  1. <@bia>: 8 pts · 3 W 0 D 0 L · +9" in text
    assert "one deciding game between the two" in text
    assert out[-2] == "  Champion: <@caio>"  # the bracket's last line, before its picture


def test_league_info_states_where_it_stands_and_its_terms(service: GameService) -> None:
    # Issue 32: the tie-break order and the concession score were shown nowhere public.
    service.leagues.create("g1", ALICE, "Info", channel_id=LC, system_id="samurai",
                           format_="swiss", rounds=2, tiebreaks="owp,sos")
    for p in (ALICE, BOB):
        service.leagues.join("g1", p, "Info")
    shown = service.leagues.info("g1", CAROL, "Info")
    assert shown.text == "**Info**, refereed by <@1001>: open for players to join · 2 players"
    assert ("Points: 3 a win, 1 a draw, 0 a loss · tie-breaks: opponents' win rate, strength "
            "of schedule") in shown.lines
    assert ("A game conceded or lost on time scores the most the scenario allows for the "
            "winner, 0 for the loser") in shown.lines
    service.leagues.start("g1", ALICE, "Info")
    pt = service.leagues.info("g1", Caller(user_id="9", name="V", locale="pt-BR"), "Info")
    assert pt.text == ("**Info**, arbitrada por <@1001>: em andamento · 2 jogadores · 0 de 2 "
                       "rodadas concluídas")
