"""A throwaway PostgreSQL server in a folder, on a Unix socket (tests and benchmarks).

`Cluster.start(folder)` runs the machine's own `initdb` and `pg_ctl` (PostgreSQL 15 is
part of this machine image; `.ci/run` installs it where it is missing), listening on no
TCP port, only on a socket inside the folder. `cluster.database(name)` makes a fresh
database and returns its `postgresql://` URL for `BANNERET_DB`; `stop()` ends the
server. PostgreSQL refuses to run as root, so when we are root the server runs as the
`postgres` system user (runuser), and the folder is handed to it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import psycopg

SEARCHED = ("/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin", "/opt/homebrew/bin")


def binaries() -> Path | None:
    """The folder holding `initdb` and `pg_ctl` (the newest PostgreSQL), or None."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    for pattern in SEARCHED:
        folders = sorted(Path("/").glob(pattern.lstrip("/")), key=lambda p: p.parent.name)
        for folder in reversed(folders):
            if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
                return folder
    return None


def missing_reason() -> str | None:
    """Say in one line why no throwaway server can be started here, or None if one can."""
    if binaries() is None:
        return "PostgreSQL's initdb/pg_ctl were not found (install postgresql-15)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser, and PostgreSQL refuses to run as root"
    return None


@dataclass
class Cluster:
    """One running throwaway server."""

    root: Path
    bin: Path

    @property
    def socket_dir(self) -> Path:
        """The folder of the server's Unix socket."""
        return self.root

    def url(self, database: str = "postgres") -> str:
        """The address of one of the server's databases."""
        return f"postgresql://postgres@/{database}?host={self.socket_dir}"

    @classmethod
    def start(cls, root: Path, *, durable: bool = False) -> Cluster:
        """Make and start a server in `root` (a new folder). `durable=False` turns fsync
        off, for tests; benchmarks keep it on, as a real server has it."""
        root.mkdir(parents=True, exist_ok=True)
        folder = binaries()
        if folder is None:
            raise RuntimeError(missing_reason())
        cluster = cls(root=root, bin=folder)
        if os.geteuid() == 0:
            shutil.chown(root, "postgres", "postgres")
        root.chmod(0o755)
        cluster._run("initdb", "-D", str(root / "data"), "--auth=trust", "-U", "postgres",
                     "--no-sync", "-E", "UTF8", "--locale=C.UTF-8")
        options = [f"-k {root}", "-c listen_addresses=''", "-c max_connections=200",
                   "-c shared_buffers=64MB"]
        if not durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        cluster._run("pg_ctl", "-D", str(root / "data"), "-l", str(root / "server.log"),
                     "-o", " ".join(options), "-w", "-t", "60", "start")
        return cluster

    def database(self, name: str) -> str:
        """Make a new, empty database; return its URL."""
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop(self, name: str) -> None:
        """Remove a database, ending whatever connections to it are left open."""
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server at once (its data is thrown away with the folder)."""
        self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop",
                  check=False)

    def _run(self, tool: str, *args: str, check: bool = True) -> None:
        command = [str(self.bin / tool), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if check and done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout}{done.stderr}")


__all__ = ["Cluster", "binaries", "missing_reason"]
