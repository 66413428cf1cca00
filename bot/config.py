"""Settings from the environment or a .env file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything Banneret reads from its environment."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    discord_token: SecretStr | None = Field(None, validation_alias="DISCORD_TOKEN")
    # A guild to sync commands to instantly while developing (global sync takes up to an hour).
    discord_dev_guild: int | None = Field(None, validation_alias="DISCORD_DEV_GUILD")
    db: Path = Field(Path("banneret.db"), validation_alias="BANNERET_DB")
    # SQLite's durability: FULL keeps every acknowledged command through a power loss;
    # NORMAL saves an fsync per command but may lose the last ones then.
    synchronous: Literal["FULL", "NORMAL"] = Field("FULL", validation_alias="BANNERET_SYNCHRONOUS")
    out: Path = Field(Path("out"), validation_alias="BANNERET_OUT")
    # Where the Discord API lives; only the tests point these at their loopback server.
    api_base: str | None = Field(None, validation_alias="BANNERET_API_BASE")
    gateway_url: str | None = Field(None, validation_alias="BANNERET_GATEWAY_URL")
    log_level: str = Field("INFO", validation_alias="BANNERET_LOG_LEVEL")
