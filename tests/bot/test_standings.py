"""A league's table (bot/service/leagues/ranking.py), checked against tables worked out by hand."""

from __future__ import annotations

import pytest

from bot.service.leagues.ranking import TIEBREAKS, Result, Row, Scoring, standings

PLAYERS = ["ana", "bia", "caio", "duda"]


def _table(rows: list[Row]) -> list[tuple[int, str, float]]:
    return [(r.rank, r.player, r.points) for r in rows]


def test_a_four_player_round_robin_with_scores() -> None:
    # By hand (3 for a win, 1 for a draw):
    #   ana  beat bia 5-3, beat caio 4-0, lost to duda 2-6: 6 points, for 11 against 9 (+2)
    #   bia  lost to ana 3-5, beat duda 6-2, lost to caio 3-5: 3 points, 12-12
    #   caio drew duda 4-4, lost to ana 0-4, beat bia 5-3: 4 points, 9-11 (-2)
    #   duda drew caio 4-4, lost to bia 2-6, beat ana 6-2: 4 points, 12-12 (0)
    # caio and duda level on points: duda ahead on score difference.
    results = [
        Result(1, "ana", "bia", "ana", 5, 3),
        Result(1, "caio", "duda", None, 4, 4),
        Result(2, "ana", "caio", "ana", 4, 0),
        Result(2, "bia", "duda", "bia", 6, 2),
        Result(3, "duda", "ana", "duda", 6, 2),
        Result(3, "bia", "caio", "caio", 3, 5),
    ]
    rows = standings(PLAYERS, results, Scoring())
    assert _table(rows) == [(1, "ana", 6), (2, "duda", 4), (3, "caio", 4), (4, "bia", 3)]
    ana, duda, caio, bia = rows
    assert (ana.played, ana.won, ana.drawn, ana.lost) == (3, 2, 0, 1)
    assert (ana.score_for, ana.score_against) == (11, 9)
    assert (duda.won, duda.drawn, duda.lost) == (1, 1, 1)
    assert (duda.score_for, duda.score_against) == (12, 12)
    assert (caio.score_for, caio.score_against) == (9, 11)
    assert (bia.played, bia.won, bia.lost) == (3, 1, 2)
    # Strength of schedule: everyone met everyone, so it is the others' points.
    assert [r.sos for r in rows] == [11.0, 13.0, 13.0, 14.0]


def test_head_to_head_decides_a_tie_the_score_difference_leaves() -> None:
    # No scores (score difference 0 for all): ana and duda on 6, duda beat ana;
    # bia and caio on 3, bia beat caio.
    results = [
        Result(1, "ana", "bia", "ana"),
        Result(1, "caio", "duda", "caio"),
        Result(2, "ana", "caio", "ana"),
        Result(2, "bia", "duda", "duda"),
        Result(3, "duda", "ana", "duda"),
        Result(3, "bia", "caio", "bia"),
    ]
    assert [r.points for r in standings(PLAYERS, results, Scoring())] == [6, 6, 3, 3]
    assert _table(standings(PLAYERS, results, Scoring())) == [
        (1, "duda", 6), (2, "ana", 6), (3, "bia", 3), (4, "caio", 3)
    ]
    # Without tie-breaks they are level: same rank, listed by id.
    assert _table(standings(PLAYERS, results, Scoring(tiebreaks=()))) == [
        (1, "ana", 6), (1, "duda", 6), (3, "bia", 3), (3, "caio", 3)
    ]


def test_a_circular_three_way_tie_stays_level_on_head_to_head_and_falls_to_the_next() -> None:
    # ana beat bia 5-4, bia beat caio 6-2, caio beat ana 3-2; each beat duda.
    # Head to head among ana, bia, caio: 3 points each. Score difference:
    #   ana +1 -1 +4 = +4;  bia -1 +4 +2 = +5;  caio -4 +1 +1 = -2.
    results = [
        Result(1, "ana", "bia", "ana", 5, 4),
        Result(1, "caio", "duda", "caio", 2, 1),
        Result(2, "bia", "caio", "bia", 6, 2),
        Result(2, "ana", "duda", "ana", 4, 0),
        Result(3, "caio", "ana", "caio", 3, 2),
        Result(3, "bia", "duda", "bia", 2, 0),
    ]
    h2h_first = Scoring(tiebreaks=("head_to_head", "score_diff"))
    assert _table(standings(PLAYERS, results, h2h_first)) == [
        (1, "bia", 6), (2, "ana", 6), (3, "caio", 6), (4, "duda", 0)
    ]
    assert _table(standings(PLAYERS, results, Scoring(tiebreaks=("head_to_head",)))) == [
        (1, "ana", 6), (1, "bia", 6), (1, "caio", 6), (4, "duda", 0)
    ]


def test_strength_of_schedule_in_a_swiss_league() -> None:
    # Round 1: ana beat bia, caio beat duda. Round 2: ana drew caio, bia beat duda.
    # ana 4, caio 4, bia 3, duda 0. SOS: ana = bia 3 + caio 4 = 7; caio = duda 0 + ana 4 = 4;
    # bia = ana 4 + duda 0 = 4; duda = caio 4 + bia 3 = 7.
    results = [
        Result(1, "ana", "bia", "ana"),
        Result(1, "caio", "duda", "caio"),
        Result(2, "ana", "caio", None),
        Result(2, "bia", "duda", "bia"),
    ]
    rows = standings(PLAYERS, results, Scoring(tiebreaks=("sos",)))
    assert [(r.player, r.points, r.sos) for r in rows] == [
        ("ana", 4, 7.0), ("caio", 4, 4.0), ("bia", 3, 4.0), ("duda", 0, 7.0)
    ]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    # Head to head (a draw) leaves ana and caio level, and so does everything else there.
    assert [r.rank for r in standings(PLAYERS, results, Scoring())] == [1, 1, 3, 4]


def test_opponents_win_rate_breaks_a_tie_a_draw_counting_half() -> None:
    # Five players on 3 points. Opponents' win rates: a faced c (won 1 of 2: 0.5); c faced a
    # (1.0) and e (0.0): 0.5; b faced d (lost one, drew one: 0.25); g and i faced h (0.0).
    results = [
        Result(1, "a", "c", "a"), Result(1, "b", "d", "b"), Result(1, "g", "h", "g"),
        Result(2, "c", "e", "c"), Result(2, "d", "f", None), Result(2, "i", "h", "i"),
    ]
    players = ["a", "b", "g", "c", "d", "h", "e", "f", "i"]
    rows = standings(players, results, Scoring(tiebreaks=("owp",)))
    top = [(r.rank, r.player) for r in rows if r.points == 3]
    # a and c level on 0.5: c has played more games; g and i stay level on 0.
    assert top == [(1, "c"), (2, "a"), (3, "b"), (4, "g"), (4, "i")]


def test_a_bye_scores_a_win_but_is_no_game() -> None:
    players = ["ana", "bia", "caio"]
    results = [
        Result(1, "ana", "bia", "ana", 10, 4),
        Result(1, "caio", None, None),
        Result(2, "caio", "ana", "caio", 8, 7),
        Result(2, "bia", None, "bia"),
    ]
    rows = {r.player: r for r in standings(players, results, Scoring(win=2, draw=1))}
    assert rows["bia"].points == 2  # the bye
    assert (rows["bia"].played, rows["bia"].won, rows["bia"].lost) == (1, 0, 1)
    assert (rows["caio"].points, rows["caio"].played, rows["caio"].won) == (4, 1, 1)
    assert (rows["caio"].score_for, rows["caio"].score_against) == (8, 7)
    # Strength of schedule counts the games only: bia's bye adds no opponent.
    assert rows["bia"].sos == rows["ana"].points == 2
    assert rows["ana"].sos == rows["bia"].points + rows["caio"].points == 6


def test_draws_and_custom_points() -> None:
    results = [Result(1, "ana", "bia", None, 3, 3), Result(2, "ana", "bia", None)]
    rows = standings(["ana", "bia"], results, Scoring(win=1, draw=0.5, loss=0))
    assert [(r.rank, r.points, r.drawn, r.played) for r in rows] == [(1, 1.0, 2, 2), (1, 1.0, 2, 2)]


def test_wins_break_a_tie_of_points() -> None:
    # ana: 3 wins (9); bia: 2 wins 3 draws (9).
    players = ["ana", "bia", "x1", "x2", "x3", "x4", "x5"]
    results = [Result(1, "bia", "x1", "bia"), Result(2, "bia", "x2", "bia")]
    results += [Result(3 + i, "bia", f"x{3 + i}", None) for i in range(3)]
    results += [Result(1 + i, "ana", f"x{3 + i}", "ana") for i in range(3)]
    top = standings(players, results, Scoring(tiebreaks=("wins",)))[:2]
    assert [(r.rank, r.player, r.points, r.won) for r in top] == [
        (1, "ana", 9, 3), (2, "bia", 9, 2)
    ]
    # With no tie-break, bia's five games rank her above ana's three.
    top = standings(players, results, Scoring(tiebreaks=()))[:2]
    assert [(r.rank, r.player, r.played) for r in top] == [(1, "bia", 5), (2, "ana", 3)]


def test_more_games_played_ranks_higher_when_all_else_is_level() -> None:
    # ana won one and lost one (3 points, 2 games); bia had a bye (3 points, no game).
    # Score difference is 0 for all, so games played decides.
    players = ["ana", "bia", "caio"]
    results = [
        Result(1, "ana", "caio", "ana"),
        Result(1, "bia", None, None),
        Result(2, "caio", "ana", "caio"),
    ]
    rows = standings(players, results, Scoring(tiebreaks=TIEBREAKS[:1]))
    assert [(r.rank, r.player, r.points, r.played) for r in rows] == [
        (1, "ana", 3, 2), (1, "caio", 3, 2), (3, "bia", 3, 0)
    ]


def test_median_turn_minutes() -> None:
    minutes = {"ana": [10.0, 30.0, 20.0], "bia": [10.0, 25.0], "caio": []}
    rows = {r.player: r for r in standings(PLAYERS, [], Scoring(), minutes)}
    assert rows["ana"].median_turn_minutes == 20.0
    assert rows["bia"].median_turn_minutes == 17.5
    assert rows["caio"].median_turn_minutes is None
    assert rows["duda"].median_turn_minutes is None
    assert standings(PLAYERS, [], Scoring())[0].median_turn_minutes is None


def test_an_empty_table_lists_everyone_level() -> None:
    rows = standings(["duda", "ana"], [], Scoring())
    assert [(r.rank, r.player, r.points, r.played) for r in rows] == [
        (1, "ana", 0, 0), (1, "duda", 0, 0)
    ]


def test_only_listed_players_get_rows_but_every_result_counts() -> None:
    results = [Result(1, "ana", "gone", "ana"), Result(2, "gone", "bia", "gone")]
    rows = standings(["ana", "bia"], results, Scoring(tiebreaks=("sos",)))
    assert [(r.player, r.points, r.sos) for r in rows] == [("ana", 3, 3.0), ("bia", 0, 3.0)]


@pytest.mark.parametrize(
    "bad",
    [
        Result(1, "ana", "bia", "caio"),
        Result(1, "ana", "ana", None),
        Result(1, "ana", None, "bia"),
    ],
)
def test_impossible_results_are_refused(bad: Result) -> None:
    with pytest.raises(ValueError):
        standings(PLAYERS, [bad], Scoring())


def test_unknown_tie_breaks_and_repeated_players_are_refused() -> None:
    with pytest.raises(ValueError):
        standings(PLAYERS, [], Scoring(tiebreaks=("coin",)))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        standings(["ana", "ana"], [], Scoring())


def test_two_game_matches_score_by_the_command_and_colors_table() -> None:
    # Issue 32: a C&C round is two games of one scenario with the sides swapped, scored
    # 3 / 2 / 1.5 / 1 / 0 on games won, then banners over both games.
    from bot.service.leagues.matches import match_results

    games = [
        Result(1, "ana", "bia", "ana", 5, 2), Result(1, "bia", "ana", "ana", 3, 5),  # swept
        Result(1, "caio", "duda", "caio", 5, 4), Result(1, "duda", "caio", "duda", 5, 1),
        Result(2, "ana", "caio", "ana", 5, 3), Result(2, "caio", "ana", "caio", 5, 3),
        Result(2, "bia", "duda", "bia", 5, 0),  # the second game still to be played
    ]
    matches = match_results(games, 2, "cc")
    assert [(m.round, m.home, m.away, m.winner, m.home_points, m.away_points)
            for m in matches] == [
        (1, "ana", "bia", "ana", 3.0, 0.0),
        (1, "caio", "duda", "duda", 1.0, 2.0),  # split: duda 9 banners to caio's 6
        (2, "ana", "caio", None, 1.5, 1.5),  # split, 8 banners each
    ]
    rows = standings(PLAYERS, matches, Scoring(tiebreaks=("score_diff",)))
    assert [(r.player, r.points, r.played, r.won, r.drawn, r.lost) for r in rows] == [
        ("ana", 4.5, 2, 1, 1, 0), ("caio", 2.5, 2, 0, 1, 1), ("duda", 2.0, 1, 1, 0, 0),
        ("bia", 0.0, 1, 0, 0, 1),
    ]


def test_a_match_of_wins_is_won_on_games_then_on_total_score() -> None:
    from bot.service.leagues.matches import match_results

    games = [Result(1, "ana", "bia", "ana", 2, 0), Result(1, "bia", "ana", "bia", 3, 0),
             Result(1, "caio", "duda", "caio"), Result(1, "duda", "caio", None)]
    matches = match_results(games, 2, "wins")
    assert [(m.home, m.winner, m.home_score, m.away_score, m.home_points) for m in matches] == [
        ("ana", "bia", 2, 3, None),  # one game each: bia's 3 over both beats ana's 2
        ("caio", "caio", 0, 0, None),  # a win and a draw beat a draw and a loss
    ]
