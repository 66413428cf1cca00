"""The `banneret` command: run the bot (or the local demo), the console, scripts, verify,
backup, migrate."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path

from bot.app import demo_seed, linked_to_web, make_service
from bot.config import Settings
from bot.console.terminal import Console
from bot.service.gameservice import GameService
from bot.service.pagelinks import PageLinks
from bot.service.records import said
from bot.store.faults import StoreError
from bot.store.gamestore import GameStore
from bot.store.location import open_store
from bot.store.sqlite import Store
from bot.text import Words
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
    web_hint(store, settings, db)
    return 1 if failures else 0


def web_hint(store: GameStore, settings: Settings, db: Path) -> None:
    """Tell how to watch the demo games in a browser: `banneret web` on the demo's
    database, and each game's address (the same secret makes the same addresses)."""
    with store.reading() as tx:
        ids = tx.game_ids()
    links = PageLinks(store, settings.web_address)
    print("\n" + Words.of(None)("run-web-hint", command=f"BANNERET_DB={db} .venv/bin/banneret web"))
    for game_id in ids:
        print(f"  {links.game(game_id)}")


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run one of Banneret's jobs.

    A database that cannot be used (empty, corrupt, read-only, full, newer than this
    version) ends the job with one line saying what, which file and what to do, and
    exit status 2; never a traceback.
    """
    parser = argparse.ArgumentParser(prog="banneret", description=__doc__)
    sub = parser.add_subparsers(dest="job")
    sub.add_parser("run", help="start the Discord bot; without DISCORD_TOKEN play the demo")
    sub.add_parser("demo", help="play the bundled demo games locally, writing board PNGs")
    console = sub.add_parser("console", help="type commands as in Discord, in this terminal")
    script = sub.add_parser("script", help="run a file of console commands, one a line")
    script.add_argument("file", type=Path)
    for job in (console, script):
        job.add_argument(
            "--seed",
            help="deal every new game from this dice seed, so a scripted position comes out "
                 "the same each time (for tests and teaching; games in Discord always get a "
                 "fresh secret seed)",
        )
    verify = sub.add_parser("verify", help="replay stored games (or an exported record)")
    verify.add_argument("--file", type=Path, help="an exported game record (JSON)")
    replay = sub.add_parser("replay", help="draw an exported game record as one animation")
    replay.add_argument("--file", type=Path, required=True, help="an exported game record")
    replay.add_argument("--out", type=Path, help="the animation file (default: under "
                        "BANNERET_OUT)")
    replay.add_argument("--start", type=int, help="the first position (0: the start)")
    replay.add_argument("--end", type=int, help="the last position (default: the last)")
    replay.add_argument("--delay", type=float, help="seconds each position stays (0.8)")
    replay.add_argument("--language", choices=("en", "pt-BR"), help="the words on the boards")
    backup = sub.add_parser("backup", help="copy the live database safely to a new file")
    backup.add_argument("target", type=Path)
    move = sub.add_parser("migrate", help="copy every game and league into a new, empty "
                          "database (SQLite file -> PostgreSQL, or back), then verify them there")
    move.add_argument("--from", dest="source", required=True,
                      help="the database to copy: a SQLite file or a postgresql:// URL")
    move.add_argument("--to", dest="target", required=True,
                      help="the empty database to fill: a postgresql:// URL or a new SQLite file")
    roster = sub.add_parser("roster", help="check an army file as /wh40k roster would read it")
    roster.add_argument("what", choices=("check",))
    roster.add_argument("file", type=Path, help="a TOML roster, a .ros/.rosz, or the app's text")
    roster.add_argument("--datasheets", type=Path,
                        help="a datasheets TOML or BSData catalogue (.cat) for units of an "
                        "app export we ship none for")
    roster.add_argument("--language", choices=("en", "pt-BR"), default="en")
    _scenario_parser(sub)
    web = sub.add_parser("web", help="serve the read-only web companion for the database "
                         "(docs/web.md)")
    web.add_argument("--port", type=int, help="the port (default: BANNERET_WEB_PORT, else 8080)")
    args = parser.parse_args(argv)
    settings = Settings()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        return _job(args, settings)
    except StoreError as err:
        print(Words.of(None).message(err.message), file=sys.stderr)
        return 2


def _scenario_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare `banneret scenario check FILE` (a scenario author's check, docs/scenarios.md)."""
    scenario = sub.add_parser("scenario", help="check a scenario file as /samurai scenario "
                              "would read it")
    scenario.add_argument("what", choices=("check",))
    scenario.add_argument("file", type=Path, help="a scenario TOML (docs/scenarios.md)")
    scenario.add_argument("--system", default="samurai", help="the game system (samurai)")
    scenario.add_argument("--out", type=Path, help="also draw its map to this PNG file")
    scenario.add_argument("--language", choices=("en", "pt-BR"), default="en")


def _job(args: argparse.Namespace, settings: Settings) -> int:
    job = args.job or "run"

    def store(read_only: bool = False) -> GameStore:
        return open_store(settings.db, read_only=read_only, synchronous=settings.synchronous,
                          pool_size=settings.db_pool)

    if job == "run":
        if settings.discord_token is None:
            print(Words.of(None)("run-no-token"))
            return demo(settings)
        from bot.discord.client import run_bot
        from bot.service.renderpool import close_renderer, renderer

        render = renderer(settings)
        try:
            return run_bot(settings, linked_to_web(make_service(store(), render=render),
                                                   settings))
        finally:
            close_renderer(render)
    if job == "demo":
        return demo(settings)
    if job in ("console", "script"):
        console = Console(make_service(store(), seed=args.seed), settings.out)
        if job == "script":
            console.run_lines(args.file.read_text(encoding="utf-8").splitlines())
            return 0
        print(Words.of(None)("console-welcome"))
        for line in sys.stdin:
            console.execute(line)
        return 0
    if job == "verify":
        return verify_job(store, args.file)
    if job == "replay":
        from bot.service.replay import replay_job

        return replay_job(args.file, args.out, settings.out, args.start, args.end, args.delay,
                          args.language)
    if job == "backup":
        return backup_job(store(read_only=True), args.target)
    if job == "migrate":
        from bot.service.relocation import migrate

        return migrate(args.source, args.target)
    if job == "roster":
        return roster_check(args.file, args.datasheets, args.language)
    if job == "scenario":
        return scenario_check(args.file, args.system, args.out, args.language)
    if job == "web":
        from bot.service.renderpool import close_renderer, renderer
        from bot.web.server import serve_forever

        render = renderer(settings)
        chosen = settings if args.port is None else settings.model_copy(
            update={"web_port": args.port})
        try:
            return serve_forever(make_service(store(), render=render), chosen)
        finally:
            close_renderer(render)
    raise AssertionError(f"unknown job {job}")


def verify_job(store: Callable[[bool], GameStore], record: Path | None) -> int:
    """Verify an exported record, or every game of the database (opened read-only)."""
    words = Words.of(None)
    if record is not None:
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            print(words("verify-unreadable-record", path=str(record), detail=str(err)),
                  file=sys.stderr)
            return 2
        result = GameService(Store(":memory:")).verify_record(data)
        print(said(result))
        return 0 if result[0] else 1
    results = GameService(store(True)).verify_all()
    for _gid, ok, message in results:
        print(said((ok, message)))
    good = sum(ok for _, ok, _ in results)
    print(words("verify-summary", good=good, games=len(results)))
    return 0 if good == len(results) else 1


def roster_check(path: Path, datasheets: Path | None, language: str = "en") -> int:
    """Read an army file as `/wh40k roster` would and list its units, or say what is wrong."""
    from pydantic import ValidationError

    from bot.errors import PlayerError, unreadable
    from bot.uploads import read_local
    from rules.core.errors import RuleViolation
    from rules.core.system import system

    wh40k = system("wh40k")
    words = Words.of(language, wh40k)
    try:
        raw: dict[str, object] = {"type": "roster", "seat": "attacker",
                                  "text": read_local(str(path), (), language)}
        if datasheets is not None:
            raw["datasheets"] = read_local(str(datasheets), (), language)
        action = wh40k.parse_action(raw)
    except PlayerError as err:
        print(Words.of(language).message(err.message()), file=sys.stderr)
        return 2
    except RuleViolation as violation:
        print(words.message(violation.reason), file=sys.stderr)
        return 1
    except ValidationError as err:
        print(words.message(unreadable(err).where(language, "wh40k").message()), file=sys.stderr)
        return 1
    for line in words.lines(wh40k.preview(action)):
        print(line)
    return 0


def scenario_check(path: Path, system_id: str, out: Path | None, language: str = "en") -> int:
    """Read a scenario file as `/samurai scenario` would: say what it sets up, or what is
    wrong and on which line (status 1); `out` gets a picture of its map."""
    from bot.errors import PlayerError
    from bot.text import word_view
    from bot.uploads import read_local
    from rules.core.errors import RuleViolation
    from rules.core.system import available, system

    if system_id not in available() or not system(system_id).uploads_scenarios:
        print(Words.of(language)("error-no-scenario-uploads"), file=sys.stderr)
        return 2
    sys_ = system(system_id)
    words = Words.of(language, sys_)
    try:
        text = read_local(str(path), (), language)
        name, stored = sys_.read_scenario(text if isinstance(text, str) else "\x00")
    except PlayerError as err:
        print(Words.of(language).message(err.message()), file=sys.stderr)
        return 2
    except RuleViolation as violation:
        print(words.message(violation.reason), file=sys.stderr)
        return 1
    info = sys_.scenario_info(stored)
    seats = ", ".join(words.term(sys_.seat_name(s)) for s in (info.seats if info else ()))
    print(words("scenario-checked", name=name, title=words.term(sys_.scenario_title(stored)),
                seats=seats))
    if out is not None:
        from renderers import render_png

        view = sys_.view(sys_.new_game(stored, "scenario-preview"), None).board
        out.write_bytes(render_png(word_view(view, words)))
        print(str(out))
    return 0


def backup_job(store: GameStore, target: Path) -> int:
    """Copy the database to a new file while the bot may be writing to it."""
    words = Words.of(None)
    if target.exists():
        print(words("backup-exists", path=str(target)), file=sys.stderr)
        return 2
    store.backup(target)
    print(words("backup-done", path=str(target), source=store.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
