"""`FakeDiscord`: the loopback server put together from its parts, and its lifecycle."""

from __future__ import annotations

import asyncio
import socket

from aiohttp import web

from fakediscord.driver import point_discord_at
from fakediscord.rest import RestApi
from fakediscord.users import UserActions


class FakeDiscord(UserActions, RestApi):
    """A Discord gateway + REST server on 127.0.0.1 for end-to-end bot tests.

    One object whose parts live in the module of their job: `ServerState` (state.py:
    the world, what the bot sent, waiting), `GatewayEndpoint` (gateway.py), `RestApi`
    (rest.py: routes, middleware, REST handlers) and `UserActions` (users.py: slash
    commands, autocomplete, clicks, selects, modals). They are base classes rather than
    separate objects because every part reads and changes the same state through
    ``self`` (a REST call from the bot completes the interaction a test waits on), so
    each method could move there unchanged. This class adds the lifecycle: start,
    stop, and pointing discord.py at the server.
    """

    # ------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Listen on 127.0.0.1 with an OS-assigned port."""
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self._port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self._loop = asyncio.get_running_loop()
        self.error_log.install()

    async def stop(self) -> None:
        """Close gateway sessions and stop listening."""
        self.error_log.uninstall()
        for session in list(self._sessions):
            session.queue.put_nowait(None)
            await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def redirect_discord(self) -> None:
        """Point discord.py at this server until `stop_redirect()`."""
        if self._restore is None:
            self._restore = point_discord_at(self.base_url, self.gateway_url)

    def stop_redirect(self) -> None:
        """Undo `redirect_discord()`."""
        if self._restore is not None:
            self._restore()
            self._restore = None

    async def __aenter__(self) -> FakeDiscord:
        """Start the server and point discord.py at it."""
        await self.start()
        self.redirect_discord()
        return self

    async def __aexit__(self, *exc: object) -> None:
        """Restore discord.py's URLs and stop the server."""
        self.stop_redirect()
        await self.stop()
