"""Leagues: seasons, rounds and fixtures, reports, pairings, ranking and ratings."""
