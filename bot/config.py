"""Settings from the environment or a .env file (pydantic-settings)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

_SHARDS = re.compile(r"^\s*(?P<ids>[\d\s,-]+)/\s*(?P<count>\d+)\s*$")


class Shards(BaseModel, frozen=True):
    """Which of the bot's gateway shards this process runs: `0-3/16` is shards 0 to 3 of 16.

    Several processes (on one host or several) each run their own range against one
    shared PostgreSQL store; together they cover every shard of the count.
    """

    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, text: str) -> Shards:
        """Read `first-last/count`, `id/count` or `a,b,c-d/count`; ValueError naming the form."""
        found = _SHARDS.match(text)
        if found is None:
            raise ValueError(f"BANNERET_SHARDS {text!r}: expected ids/count, like 0-3/16")
        count = int(found["count"])
        ids: set[int] = set()
        for part in found["ids"].replace(" ", "").split(","):
            first, _, last = part.partition("-")
            if not first.isdigit() or (last and not last.isdigit()):
                raise ValueError(f"BANNERET_SHARDS {text!r}: expected ids/count, like 0-3/16")
            ids.update(range(int(first), int(last or first) + 1))
        if count < 1 or not ids or max(ids) >= count:
            raise ValueError(
                f"BANNERET_SHARDS {text!r}: shard ids run from 0 to count - 1 ({count - 1})"
            )
        return cls(ids=tuple(sorted(ids)), count=count)


class Settings(BaseSettings):
    """Everything Banneret reads from its environment."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    discord_token: SecretStr | None = Field(None, validation_alias="DISCORD_TOKEN")
    # A guild to sync commands to instantly while developing (global sync takes up to an hour).
    discord_dev_guild: int | None = Field(None, validation_alias="DISCORD_DEV_GUILD")
    # A SQLite file (made on first use), or a PostgreSQL URL (`postgresql://user@host/db`)
    # that several bot processes share (bot/store/postgres.py).
    db: str = Field("banneret.db", validation_alias="BANNERET_DB")
    # SQLite's durability: FULL keeps every acknowledged command through a power loss;
    # NORMAL saves an fsync per command but may lose the last ones then.
    synchronous: Literal["FULL", "NORMAL"] = Field("FULL", validation_alias="BANNERET_SYNCHRONOUS")
    out: Path = Field(Path("out"), validation_alias="BANNERET_OUT")
    # Where the Discord API lives; only the tests point these at their loopback server.
    api_base: str | None = Field(None, validation_alias="BANNERET_API_BASE")
    gateway_url: str | None = Field(None, validation_alias="BANNERET_GATEWAY_URL")
    log_level: str = Field("INFO", validation_alias="BANNERET_LOG_LEVEL")
    # The gateway shards this process runs (`0-3/16`); unset: every shard, as many as
    # Discord recommends (one process serving the whole bot).
    shards: str | None = Field(None, validation_alias="BANNERET_SHARDS")
    # Seconds between the IDENTIFYs of this process's shards: Discord allows one every
    # 5 seconds (per concurrency bucket); only the tests shorten it for their loopback server.
    identify_gap: float = Field(5.0, ge=0, validation_alias="BANNERET_IDENTIFY_GAP")
    # Seconds between the scheduler's checks for reminders and expiries (bot/discord/
    # notices.py); a minute suits play by post, the tests of several processes shorten it.
    scheduler_every: float = Field(60.0, gt=0, validation_alias="BANNERET_SCHEDULER_EVERY")
    # PostgreSQL only: connections this process keeps open at most (one per command
    # running at once; discord.py hands commands to a pool of min(32, cores + 4) threads).
    db_pool: int = Field(8, ge=1, le=100, validation_alias="BANNERET_DB_POOL")
    # Where boards are drawn (bot/service/renderpool.py): `threads`, in the command's worker
    # thread; `processes`, a pool of worker processes started once, so many channels'
    # boards use every core; `auto`, processes when the machine has more than one core.
    # `auto` by default: on 2 cores, every board compressed whole, processes gave
    # 0.74-0.76x the plain bot's turns a second at ten at once against 0.47-0.54x with
    # threads, and 0.78-0.87x against 0.77-0.81x one at a time (bench/RESULTS.md, bot).
    render: Literal["auto", "processes", "threads"] = Field(
        "auto", validation_alias="BANNERET_RENDER")
    # How many render processes (unset: one per core).
    render_workers: int | None = Field(None, ge=1, le=64,
                                       validation_alias="BANNERET_RENDER_WORKERS")
    # The web companion (bot/web/, docs/web.md): the bot serves it on this port when set;
    # `banneret web` serves it on its own (port 8080 when unset).
    web_port: int | None = Field(None, ge=1, le=65535, validation_alias="BANNERET_WEB_PORT")
    # The address the web companion listens on: loopback unless told (a reverse proxy in front).
    web_host: str = Field("127.0.0.1", validation_alias="BANNERET_WEB_HOST")
    # The address players reach it at, used in the links the bot posts (a proxy's https URL);
    # unset: http://<web_host>:<web_port>.
    public_url: str | None = Field(None, validation_alias="BANNERET_PUBLIC_URL")
    # Requests a minute one client may make before the web companion asks it to slow down
    # (a live page holds one open stream, which counts once).
    web_rate: int = Field(120, ge=1, le=100_000, validation_alias="BANNERET_WEB_RATE")

    @property
    def web_on(self) -> bool:
        """Say whether the web companion is configured (so the bot's replies link its pages)."""
        return self.web_port is not None or bool(self.public_url)

    @property
    def web_address(self) -> str:
        """The web companion's address as players reach it, without a trailing slash."""
        if self.public_url:
            return self.public_url.rstrip("/")
        return f"http://{self.web_host}:{self.web_port or 8080}"

    @field_validator("db", mode="before")
    @classmethod
    def _db_as_text(cls, value: object) -> object:
        return str(value) if isinstance(value, Path) else value

    @field_validator("shards")
    @classmethod
    def _shards_readable(cls, value: str | None) -> str | None:
        if value is not None and value.strip():
            Shards.parse(value)  # refuse a malformed range at start-up, naming the form
            return value.strip()
        return None

    @property
    def shard_plan(self) -> Shards | None:
        """The shards this process runs (None: all that Discord recommends)."""
        return Shards.parse(self.shards) if self.shards else None
