"""The container recipe stays in step with the package: every folder the wheel is built
from is copied into the image and not left out by .dockerignore; it runs as a user."""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _wheel_sources() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    return {*wheel["packages"], *wheel.get("force-include", {})} | {"pyproject.toml",
                                                                   project["project"]["readme"]}


def test_the_image_gets_everything_the_wheel_is_built_from() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    copied = {Path(src).as_posix().rstrip("/")
              for line in re.findall(r"^COPY (.+)$", dockerfile, re.MULTILINE)
              for src in line.split()[:-1]}
    assert _wheel_sources() <= copied
    ignored = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    assert [(s, p) for s in _wheel_sources() for p in ignored if fnmatch(s, p)] == []


def test_the_image_runs_the_bot_as_an_unprivileged_user_with_a_data_volume() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert dockerfile.startswith("#") and "\nFROM python:3.11-slim\n" in dockerfile
    users = re.findall(r"^USER (\S+)$", dockerfile, re.MULTILINE)
    assert users and users[-1] not in ("root", "0")
    assert 'VOLUME ["/data"]' in dockerfile and "BANNERET_DB=/data/banneret.db" in dockerfile
    assert dockerfile.rstrip().endswith('CMD ["banneret", "run"]')
    assert "DISCORD_TOKEN=" not in dockerfile.replace("-e DISCORD_TOKEN=...", "")
