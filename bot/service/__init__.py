"""The application service: every transport's one path to games, in parts with one job each."""
