"""What every response of the web companion goes through: reads only, security headers, and a
rate limit per client.

- Only GET and HEAD exist: any other method is refused before a handler runs (there is no
  write endpoint at all).
- Every response forbids framing, scripts or styles from elsewhere, sniffing, and sending
  the address on (a game's address is its secret, so no Referer carries it away).
- A client making more than `rate` requests a minute is asked to slow down (429 with
  Retry-After); an open live stream counts once, when it opens.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.typedefs import Middleware

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
# Makes the page that turns a request away: (request, status, catalogue key) -> response.
Refuse = Callable[[web.Request, int, str], web.Response]

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
READ_METHODS = frozenset({"GET", "HEAD"})
# Clients remembered at most (the least recently seen are forgotten first).
CLIENTS = 10_000
WINDOW = 60.0  # seconds


class RateLimit:
    """At most `rate` requests per client in any minute (a sliding window)."""

    def __init__(self, rate: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self._clock = clock
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, client: str) -> float:
        """Count a request; return 0 when it may go on, else the seconds until it may."""
        now = self._clock()
        times = self._seen.pop(client, None) or deque()
        while times and times[0] <= now - WINDOW:
            times.popleft()
        self._seen[client] = times
        if len(self._seen) > CLIENTS:
            self._seen.popitem(last=False)
        if len(times) >= self.rate:
            return times[0] + WINDOW - now
        times.append(now)
        return 0.0


def secure(response: web.StreamResponse) -> web.StreamResponse:
    """Add the security headers (before a stream is prepared: the middleware cannot then)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def guarded(limit: RateLimit, refuse: Refuse) -> Middleware:
    """Return the middleware that refuses writes, limits the rate and adds the headers;
    `refuse` words the refusals (405, 404, 429) in the visitor's language."""

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method not in READ_METHODS:
            response: web.StreamResponse = refuse(request, 405, "web-refused-read-only")
            response.headers["Allow"] = "GET, HEAD"
        elif (wait := limit.wait(request.remote or "?")) > 0:
            response = refuse(request, 429, "web-refused-rate")
            response.headers["Retry-After"] = str(int(wait) + 1)
        else:
            try:
                response = await handler(request)
            except web.HTTPNotFound:
                response = refuse(request, 404, "web-refused-not-found")
            except web.HTTPMethodNotAllowed:
                response = refuse(request, 405, "web-refused-read-only")
        return response if response.prepared else secure(response)

    return guard


__all__ = ["READ_METHODS", "SECURITY_HEADERS", "RateLimit", "Refuse", "guarded", "secure"]
