"""Shared test set-up: hypothesis profiles (a modest default, a deep one for long runs)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "deep", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_xdist_auto_num_workers(config: object) -> int:
    """`-n auto` runs one test process more than the machine has cores.

    A good share of the suite waits rather than computes: the end-to-end tests wait for
    the loopback Discord to fall quiet after each command, for bot processes to start
    and for PostgreSQL. On two cores the whole suite took 5 min 50 s-6 min 7 s with two
    workers (three runs) and 5 min 27-54 s with three (four runs), all passing.
    """
    return (os.cpu_count() or 1) + 1


# ---- the two stores: SQLite (a file) and PostgreSQL (a throwaway server per test process)
# A test module that sets `BOTH_STORES = True` runs each test that takes `db_location`
# (or the `store` fixture built on it) once per store. Where no PostgreSQL can be had,
# the PostgreSQL runs skip with one line saying why; CI sets BANNERET_REQUIRE_PG=1,
# which makes that a failure instead.

import itertools  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tools.pgcluster import Cluster, missing_reason  # noqa: E402

STORES = ("sqlite", "postgresql")
_databases = itertools.count()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if getattr(metafunc.module, "BOTH_STORES", False) and "db_kind" in metafunc.fixturenames:
        metafunc.parametrize("db_kind", STORES)


@pytest.fixture
def db_kind() -> str:
    """Which store a test runs on, where its module does not ask for both."""
    return "sqlite"


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL server for this test process, removed after."""
    reason = missing_reason()
    if reason is not None:
        if os.environ.get("BANNERET_REQUIRE_PG"):
            pytest.fail(f"PostgreSQL is required here (BANNERET_REQUIRE_PG): {reason}")
        pytest.skip(f"no PostgreSQL on this machine: {reason}")
    root = Path(tempfile.mkdtemp(prefix="banneret-pg-"))
    cluster = Cluster.start(root)
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def db_location(db_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Where a test's store lives: a new SQLite file, or a new PostgreSQL database."""
    if db_kind == "sqlite":
        return str(tmp_path / "games.db")
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    name = f"t{os.getpid()}_{next(_databases)}"
    request.addfinalizer(lambda: cluster.drop(name))
    return cluster.database(name)
