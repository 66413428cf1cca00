"""The loopback Discord (the fakediscord package), in its own process, driving load at a bot.

    python -m bench.fakeserver PLAN_JSON      (or @FILE holding it)

Prints one JSON object a line on stdout: first `hello` (URLs, token, channel and
user ids), then `start` and `end` for each phase of the plan (with its figures),
then `done`, and waits for its stdin to close. The bot under test runs in another
process (bench/botrun.py) pointed at the URLs.

A phase sends `count` interactions of one command, `concurrency` at a time, each
from its own channel, and times each from the moment it is dispatched on the
gateway until the bot's answer is complete (its callback, or the follow-up that
completes a deferred answer). Every phase stops at `count` or `seconds`, whichever
comes first, and the whole run at `deadline` seconds.

A phase with `fresh: true` plays a real turn (`options`, sent by `user`) in a channel
never used before, taken from a pool of TURN_CHANNELS laid out for it, so every
turn is on a game nobody has drawn yet; it stops early when the pool runs out.

A phase with `lines` instead sends those slash commands one after another (the
Samurai demo's turns), as the players in the bot's game channel; one with `idle`
just waits that many seconds (the bot's loop at rest, for the probe's baseline).

A phase with `games` (a list, one per channel, of [user, command, options] lists) plays
each list in its own channel of the `fresh` pool (the first channel takes the first list),
every channel at once and each one's commands in order, each sent once the one before it
is answered: many channels each playing its own game (bench/load.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections import Counter
from typing import Any

from fakediscord import CB_DEFERRED_MESSAGE, IT_COMMAND, FakeDiscord

CHANNELS = 10
TURN_CHANNELS = 1500


def say(**fields: Any) -> None:
    """Write one line for the bot process to read."""
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


def _answered(record: Any) -> bool:
    if record.callback_type is None:
        return False
    if record.callback_type == CB_DEFERRED_MESSAGE:
        original = record.original
        return original is None or not original.loading or original.deleted
    return True


def _posted(record: Any) -> bool:
    """Say whether a deferred answer that deleted its placeholder has posted what replaces it
    (a turn that passes posts a new turn message as a follow-up)."""
    original = record.original
    return not (original is not None and original.deleted and not record.followups)


async def _one(fake: FakeDiscord, user: Any, channel: Any, command: str,
               options: dict[str, Any], timeout: float = 10.0, whole: bool = False) -> float:
    data = fake._command_data(user, channel, command, options, focused=None)
    record = fake._new_interaction(IT_COMMAND, user, channel, data, label=f"/{command}")
    t0 = time.perf_counter()
    fake._send_interaction(record)
    await fake.wait_for(lambda: _answered(record) or bool(record.rejections), timeout=timeout,
                        what=f"/{command}")
    if whole:  # until the turn message is posted, not only the placeholder gone
        await fake.wait_for(lambda: _posted(record), timeout=timeout, what=f"/{command}")
    elapsed = time.perf_counter() - t0
    if record.rejections:
        raise RuntimeError(f"/{command} was rejected: {record.rejections[0]}")
    if not whole:  # forget it: a long run would otherwise keep every board it was sent
        fake._tokens.pop(record.token, None)
        fake._by_id.pop(record.id, None)
    return elapsed


async def _load(fake: FakeDiscord, phase: dict[str, Any], channels: list[Any], user: Any,
                fresh: list[Any]) -> dict[str, Any]:
    count, concurrency = phase["count"], phase["concurrency"]
    stop_at = time.perf_counter() + phase["seconds"]
    options: dict[str, Any] = phase.get("options", {})
    if phase.get("user"):
        user = fake.user(phase["user"])
    latencies: list[float] = []
    sent = 0

    async def worker(k: int) -> None:
        nonlocal sent
        while sent < count and time.perf_counter() < stop_at:
            if phase.get("fresh"):
                if not fresh:
                    return
                channel = fresh.pop()
            else:
                channel = channels[k % len(channels)]
            sent += 1
            latencies.append(await _one(fake, user, channel, phase["command"], options))

    t0 = time.perf_counter()
    await asyncio.gather(*(worker(k) for k in range(concurrency)))
    seconds = time.perf_counter() - t0
    return _figures(latencies, seconds)


async def _script(fake: FakeDiscord, phase: dict[str, Any], channel: Any) -> dict[str, Any]:
    latencies: list[float] = []
    stop_at = time.perf_counter() + phase["seconds"]
    t0 = time.perf_counter()
    for who, command, options in phase["lines"]:
        if time.perf_counter() > stop_at:
            break
        latencies.append(await _one(fake, fake.user(who), channel, command, options))
    return _figures(latencies, time.perf_counter() - t0)


async def _games(fake: FakeDiscord, phase: dict[str, Any], pool: list[Any]) -> dict[str, Any]:
    latencies: list[float] = []
    stop_at = time.perf_counter() + phase.get("seconds", 600.0)

    failed: list[str] = []
    logged = len(fake.request_log)

    async def channel(k: int, lines: list[list[Any]]) -> None:
        for who, command, options in lines:
            if time.perf_counter() > stop_at:
                return
            try:
                latencies.append(await _one(fake, fake.user(who), pool[k], command, options,
                                            timeout=phase.get("timeout", 10.0), whole=True))
            except (RuntimeError, AssertionError) as missed:  # late or refused: counted, and
                failed.append(str(missed)[:200])  # that channel's game stops there
                return

    t0, c0 = time.perf_counter(), time.process_time()
    await asyncio.gather(*(channel(k, lines) for k, lines in enumerate(phase["games"])))
    figures = _figures(latencies, time.perf_counter() - t0)
    figures["server_cpu"] = time.process_time() - c0  # this process's own work
    figures["failed"] = len(failed)
    figures["failures"] = failed[:3]
    await asyncio.sleep(0.5)  # the bot's last follow-ups land, then the phase's tokens go
    figures["requests"] = _requests(fake.request_log[logged:])
    fake._tokens.clear()
    fake._by_id.clear()
    return figures


def _requests(log: list[tuple[str, str, int]]) -> dict[str, int]:
    """Count the bot's requests to Discord by method and route (ids replaced by `{id}`)."""
    counted: Counter[str] = Counter()
    for method, path, _ in log:
        route = "/".join("{id}" if part.isdigit() or len(part) > 40 else part
                         for part in path.split("/"))
        counted[f"{method} {route}"] += 1
    return dict(counted)


def _figures(latencies: list[float], seconds: float) -> dict[str, Any]:
    ordered = sorted(latencies)

    def q(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))] if ordered else 0.0

    return {
        "n": len(latencies),
        "seconds": seconds,
        "rps": len(latencies) / seconds if seconds else 0.0,
        "p50": q(0.5),
        "p99": q(0.99),
        "p90": q(0.9),
        "max": ordered[-1] if ordered else 0.0,
        "worst": ordered[-8:],
    }


async def main(plan: dict[str, Any]) -> None:
    """Serve, wait for the bot, run the plan's phases, report, stop."""
    deadline = time.perf_counter() + plan["deadline"]
    async with FakeDiscord(response_deadline=3.0) as fake:
        users = {name: fake.user(name) for name in ("alice", "bob")}
        channels = [fake.text_channel(f"table-{i}") for i in range(CHANNELS)]
        game = fake.text_channel("demo")
        fresh = ([fake.text_channel(f"turn-{i}") for i in range(TURN_CHANNELS)]
                 if plan.get("turns") else [])
        fresh_pool = list(fresh)  # `games` phases name their channels by place in the pool
        say(kind="hello", base_url=fake.base_url, gateway_url=fake.gateway_url, token=fake.token,
            channels=[str(c.id) for c in channels], demo=str(game.id),
            fresh=[str(c.id) for c in fresh],
            users={n: str(u.id) for n, u in users.items()})
        await fake.wait_for(lambda: bool(fake.synced_commands()) and fake.identify_count > 0,
                            timeout=max(1.0, deadline - time.perf_counter()),
                            what="the bot to sync its commands and connect")
        await asyncio.sleep(0.2)  # let the bot finish READY
        for phase in plan["phases"]:
            if time.perf_counter() > deadline:
                break
            say(kind="start", phase=phase["name"])
            if phase.get("idle"):
                await asyncio.sleep(phase["idle"])
                figures = _figures([], phase["idle"])
            elif phase.get("lines"):
                figures = await _script(fake, phase, game)
            elif phase.get("games"):
                figures = await _games(fake, phase, fresh_pool[phase.get("first", 0):])
            else:
                figures = await _load(fake, phase, channels, users["alice"], fresh)
            say(kind="end", phase=phase["name"], **figures)
            fake.messages.clear()
            fake.interactions.clear()
            fake.request_log.clear()
        if fake.server_errors:
            say(kind="error", errors=fake.server_errors[:5])
        say(kind="done")
        # Keep serving until the bot has closed (its process closes our stdin), so it
        # does not see the server vanish and try to reconnect; give up after a while.
        loop = asyncio.get_running_loop()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(loop.run_in_executor(None, sys.stdin.read), 10.0)


if __name__ == "__main__":
    given = sys.argv[1]  # the plan, or `@file` holding it (a long plan passes the argv limit)
    if given.startswith("@"):
        with open(given[1:], encoding="utf-8") as plan_file:
            given = plan_file.read()
    asyncio.run(main(json.loads(given)))
