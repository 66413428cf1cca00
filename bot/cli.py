"""The `banneret` command: run the bot (or the local demo), the console, scripts, verify."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from bot.app import demo_seed, make_service
from bot.config import Settings
from bot.console import Console
from bot.records import said
from bot.service import GameService
from bot.store import Store
from rules.core.data import data_dir

log = logging.getLogger(__name__)


def demo(settings: Settings) -> int:
    """Play every bundled demo script to its end, writing board PNGs."""
    scripts = sorted((data_dir() / "demo").glob("*.txt"))
    db = settings.out / "demo.db"
    settings.out.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    store = Store(db)
    failures = 0
    for script in scripts:
        service = make_service(store, seed=demo_seed(script.stem))
        console = Console(service, settings.out / script.stem)
        console.channel = f"demo-{script.stem}"
        print(f"\n##### demo: {script.stem} #####")
        console.run_lines(script.read_text(encoding="utf-8").splitlines())
        print(
            f"\n{script.stem}: {len(console.images)} board images in {settings.out / script.stem}"
        )
        if console.images:
            print(f"  last board: {console.images[-1]}")
    for _game_id, ok, message in GameService(store).verify_all():
        print(said((ok, message)))
        failures += 0 if ok else 1
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run one of Banneret's jobs."""
    parser = argparse.ArgumentParser(prog="banneret", description=__doc__)
    sub = parser.add_subparsers(dest="job")
    sub.add_parser("run", help="start the Discord bot; without DISCORD_TOKEN play the demo")
    sub.add_parser("demo", help="play the bundled demo games locally, writing board PNGs")
    sub.add_parser("console", help="type commands as in Discord, in this terminal")
    script = sub.add_parser("script", help="run a file of console commands, one a line")
    script.add_argument("file", type=Path)
    verify = sub.add_parser("verify", help="replay stored games (or an exported record)")
    verify.add_argument("--file", type=Path, help="an exported game record (JSON)")
    args = parser.parse_args(argv)
    settings = Settings()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    job = args.job or "run"
    if job == "run":
        if settings.discord_token is None:
            print("No DISCORD_TOKEN set: playing the bundled demo games locally.")
            return demo(settings)
        from bot.discord.client import run_bot

        return run_bot(settings, make_service(settings.db))
    if job == "demo":
        return demo(settings)
    if job == "console":
        console = Console(make_service(settings.db), settings.out)
        print(
            "Banneret console. Type commands as in Discord, e.g. "
            "`@alice /game new system:samurai scenario:river-crossing opponent:@bob`."
        )
        for line in sys.stdin:
            console.execute(line)
        return 0
    if job == "script":
        console = Console(make_service(settings.db), settings.out)
        console.run_lines(args.file.read_text(encoding="utf-8").splitlines())
        return 0
    if job == "verify":
        service = GameService(Store(settings.db))
        if args.file:
            result = service.verify_record(json.loads(args.file.read_text(encoding="utf-8")))
            print(said(result))
            return 0 if result[0] else 1
        results = service.verify_all()
        for _gid, ok, message in results:
            print(said((ok, message)))
        print(f"{sum(ok for _, ok, _ in results)} of {len(results)} games consistent")
        return 0 if all(ok for _, ok, _ in results) else 1
    parser.error(f"unknown job {job}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
