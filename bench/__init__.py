"""Banneret's benchmarks: `python -m bench` runs them all, `python -m bench NAME` one.

Every figure is a ratio of two things measured in the same run, interleaved, so a
noisy machine moves both sides together and the ratio stays put. Absolute times
are printed beside each ratio for orientation only. Nothing here is a test: no
figure fails the build; `bench/RESULTS.md` holds the latest run and what is left.
"""
