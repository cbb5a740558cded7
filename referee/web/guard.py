"""What stands between the network and `referee serve`'s pages: one bad client (a laptop
at the table, a script) must not lock the phones out or freeze a page.

Two layers:

- :class:`Guard` (plain ASGI) sees every request once its headers are in: only the
  server's own host names (against DNS rebinding), a per-client budget of requests that
  change something (and of ``/stats``, which reads a folder), at most
  :data:`MAX_STREAMS_PER_CLIENT` event streams per client address, a body of at most
  :data:`MAX_BODY` bytes that arrives whole, in time and as valid text, and the same
  protective headers on every answer.
- :class:`Connections` (under uvicorn's HTTP protocol: :func:`protocol_class`) sees a
  connection before any request: an ASGI guard cannot see a connection that never sends
  its headers. At most :data:`MAX_CONNECTIONS_PER_CLIENT` open connections per client
  address and, all together, as many as the open-file limit leaves room for; a request
  whose headers and body are not in within :data:`REQUEST_SECONDS` loses its
  connection. The host's terminal is told in one line (at most every
  :data:`NOTICE_SECONDS`) when a client or the open-file limit is being held at its cap,
  never with a traceback.

uvicorn is imported inside the functions that build its parts: importing this module
costs what `referee serve`'s server module costs already.
"""

from __future__ import annotations

import asyncio
import errno
import json
import sys
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING

from starlette.types import ASGIApp as ASGIApp, Message as Message, Receive as Receive, Scope as Scope, Send as Send  # the ASGI shapes, as Starlette gives them

from referee.i18n import _, speaking
from referee.web.streams import DIRECT, direct_writer

if TYPE_CHECKING:
    import socket

    import uvicorn

MAX_BODY = 4096  # bytes of a seat's request
RATE_PER_SECOND, RATE_BURST = 20.0, 40.0  # requests that change something (and /stats), per client
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
METERED = ("/stats", "/api/stats")  # pages read with GET that cost the server work (the season): they spend a token too
REQUEST_SECONDS = 10.0  # a request's headers and body must be in within this
MAX_CONNECTIONS_PER_CLIENT = 32  # a phone's browser keeps about six
MAX_STREAMS_PER_CLIENT = 12  # a TV and a few seats' pages on one laptop
FILES_KEPT = 64  # open files kept for the server's own work (the game file, its .bak, a page)
OPEN_FILES_WANTED = 4096  # the open-file limit the server raises itself to, when it may
NOTICE_SECONDS = 30.0  # a notice at the host's terminal is repeated at most this often

#: Sent with every answer: nothing kept in a cache or sent on as a referrer (a seat's
#: page is private), no guessing of types, nothing loaded or framed from elsewhere.
#: Scripts and style sheets come from the package only; a drawing may colour an element
#: through its ``style`` attribute (a chart's series), never through a ``<style>``.
SECURITY_HEADERS = (
    (b"cache-control", b"no-store"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; style-src-attr 'unsafe-inline'; "
        b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
)

#: What a page of another site may POST without the browser asking this server first.
FORM_TYPES = ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data")



def host_names(server: tuple[str, int] | None, extra: Iterable[str] = ()) -> set[str]:
    """The ``Host`` headers a request to the address ``server`` (host, port) may carry:
    that address (with its port, and without it for port 80), the names in ``extra``
    (``NAME:PORT`` too), and this machine's own names when the address is a loopback one.
    """
    if server is None:
        return set()
    host, port = server[0], server[1]
    if host.startswith("::ffff:") and "." in host:
        host = host.removeprefix("::ffff:")  # an IPv4 visitor of a server on `::`
    shown = f"[{host}]" if ":" in host else host
    names = {shown, *extra}
    if host.startswith("127.") or host == "::1" or host == "localhost":
        names |= set(LOOPBACK_NAMES)
    allowed = {f"{name}:{port}" for name in names}
    if port == 80:
        allowed |= names
    return {name.lower() for name in allowed}


class Guard:
    """Plain ASGI around the application: every request's first and last step.

    - ``Host`` must be one of the server's own names (:func:`host_names` of the address
      the request came in on): a page of another site that a DNS trick points at this
      server gets 400, so it cannot read a seat's answers.
    - A request that changes something (not GET or HEAD), and a GET of a page in
      :data:`METERED`, spends one of its client's tokens (a bucket of
      :data:`RATE_BURST`, refilled at :data:`RATE_PER_SECOND`): 429 when none is left.
    - An event stream (``/events/…``) beyond :data:`MAX_STREAMS_PER_CLIENT` open from
      one client address is 429.
    - A body is read here: over :data:`MAX_BODY` bytes is 413; one cut short (the client
      went away before its end) or JSON holding text that is no text (a lone surrogate
      such as ``"\\ud800"``) is 400; one not in within
      :data:`REQUEST_SECONDS` is 408.
    - Every answer carries :data:`SECURITY_HEADERS`.

    A refused request never reaches the application: nothing changes.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        hosts: Iterable[str] = (),
        language: Callable[[Scope], str] = lambda scope: "en",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app, self.hosts, self.language, self.clock = app, tuple(hosts), language, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # client → (tokens, when)
        self.streams: dict[str, int] = {}  # client → event streams open

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                ours = {name for name, _ in SECURITY_HEADERS}
                kept = [(name, value) for name, value in message.get("headers", []) if name.lower() not in ours]
                message["headers"] = [*kept, *SECURITY_HEADERS]
            await send(message)

        async def refuse(status: int, words: Callable[[], str], json_answer: bool = True) -> None:
            with speaking(self.language(scope)):
                message = words()
            await turn_away(guarded, status, message, json_answer)

        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in host_names(scope.get("server"), self.hosts):
            await refuse(400, lambda: _("unknown host"), json_answer=False)
            return
        client = (scope.get("client") or ("?", 0))[0]
        if scope["path"].startswith("/events/"):
            # the stream's events may go straight to the connection (its headers through ``guarded``)
            await self.stream({**scope, DIRECT: direct_writer(send)}, receive, guarded, client, refuse)
            return
        if scope["method"] in ("GET", "HEAD") and scope["path"] not in METERED:
            await self.app(scope, receive, guarded)
            return
        if not self.spend(client):
            await refuse(429, lambda: _("too many requests; wait a moment"))
            return
        if scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, guarded)
            return
        try:
            body = await asyncio.wait_for(read_body(receive, MAX_BODY), REQUEST_SECONDS)
        except CutShort:
            await refuse(400, lambda: _("the request was cut short; nothing was recorded"))
            return
        except asyncio.TimeoutError:
            await refuse(408, lambda: _("the request took too long to arrive; nothing was recorded"))
            return
        if body is None:
            await refuse(413, lambda: _("the request is too large"))
            return
        if not valid_text(body):
            await refuse(400, lambda: _("the request holds text that is not valid Unicode; nothing was recorded"))
            return
        # A change comes from this server's own pages only. A page of another site, even
        # one served from another port of this machine (the same "site" to a browser, so
        # the seat's cookie goes along), sends its Origin with a POST, and a form or a
        # plain fetch can only send these types without asking first: both refused.
        origin = headers.get(b"origin", b"").decode("latin-1").lower()
        kind = headers.get(b"content-type", b"").decode("latin-1").split(";")[0].strip().lower()
        if kind in FORM_TYPES or (origin and origin.partition("://")[2] not in host_names(scope.get("server"), self.hosts)):
            await refuse(403, lambda: _("a change must come from this server's own page"))
            return

        async def replay() -> Message:
            nonlocal body
            if body is None:
                return await receive()  # after the body: the client's disconnect
            message = {"type": "http.request", "body": body, "more_body": False}
            body = None
            return message

        await self.app(scope, replay, guarded)

    async def stream(self, scope: Scope, receive: Receive, send: Send, client: str, refuse: Callable[[int, Callable[[], str]], Awaitable[None]]) -> None:
        """An event stream, counted against its client's :data:`MAX_STREAMS_PER_CLIENT`."""
        if self.streams.get(client, 0) >= MAX_STREAMS_PER_CLIENT:
            await refuse(429, lambda: _("too many pages open from this device; close some"))
            return
        self.streams[client] = self.streams.get(client, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.streams.pop(client) - 1
            if left:
                self.streams[client] = left

    def spend(self, client: str) -> bool:
        """Take one token from ``client``'s bucket; False when it is empty."""
        now = self.clock()
        tokens, then = self.buckets.get(client, (RATE_BURST, now))
        tokens = min(RATE_BURST, tokens + (now - then) * RATE_PER_SECOND)
        if len(self.buckets) > 10_000:  # many clients (a scan): forget the full buckets
            self.buckets = {key: value for key, value in self.buckets.items() if value[0] < RATE_BURST}
        if tokens < 1:
            self.buckets[client] = (tokens, now)
            return False
        self.buckets[client] = (tokens - 1, now)
        return True


class CutShort(Exception):
    """The client went away before its request's body was whole."""


async def read_body(receive: Receive, limit: int) -> bytes | None:
    """The request's body, or None when it is longer than ``limit`` bytes; raises
    :class:`CutShort` when the client disconnects before its end (a body cut short is
    never taken for a whole one)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise CutShort
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def valid_text(body: bytes) -> bool:
    """Whether ``body``, when it is JSON, holds no lone surrogate (``"\\ud800"`` is valid
    JSON, but no text: it cannot be written to a file or sent back). A body that is not
    JSON (nor UTF-8) is the application's to refuse."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return True
    if "\\u" not in text.lower():
        return True  # a surrogate can only come from an escape
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return True
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return True


async def turn_away(send: Send, status: int, error: str, json_answer: bool = True) -> None:
    """Answer ``status`` with ``{"error": …}`` (or plain text) without asking the app."""
    if json_answer:
        body, kind = json.dumps({"error": error}, ensure_ascii=False).encode(), b"application/json"
    else:
        body, kind = error.encode(), b"text/plain; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


# --- under the requests: connections ------------------------------------------------------


def open_files() -> int | None:
    """This process's open-file limit, raised first to :data:`OPEN_FILES_WANTED` when it
    is lower and the hard limit allows (None where there is no such limit)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < OPEN_FILES_WANTED:
        wanted = OPEN_FILES_WANTED if hard == resource.RLIM_INFINITY else min(OPEN_FILES_WANTED, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return None if soft == resource.RLIM_INFINITY else int(soft)


class Notices:
    """One-line notices at the host's terminal, each kind at most every
    :data:`NOTICE_SECONDS` (a client held at its cap tries again and again)."""

    def __init__(self, write: Callable[[str], None] | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.write = write or (lambda line: print(line, file=sys.stderr, flush=True))
        self.clock = clock
        self.said: dict[str, float] = {}

    def say(self, key: str, line: Callable[[], str]) -> None:
        now = self.clock()
        if now - self.said.get(key, -NOTICE_SECONDS) < NOTICE_SECONDS:
            return
        if len(self.said) > 1000:
            self.said.clear()
        self.said[key] = now
        self.write(line())


class Connections:
    """The server's open connections, counted by client address: at most ``per_client``
    from one address and ``total`` in all (what the open-file limit leaves room for,
    :data:`FILES_KEPT` kept back); a connection beyond either is closed as it opens."""

    def __init__(self, per_client: int = MAX_CONNECTIONS_PER_CLIENT, total: int | None = None, seconds: float = REQUEST_SECONDS, notices: Notices | None = None) -> None:
        limit = open_files() if total is None else None
        self.limit = limit
        self.total = total if total is not None else (10_000 if limit is None else max(16, limit - FILES_KEPT))
        self.per_client, self.seconds = per_client, seconds
        self.notices = notices or Notices()
        self.by_client: dict[str, int] = {}
        self.open = 0

    def admit(self, client: str) -> bool:
        """Count a new connection from ``client``; False (and a notice) when it is one too many."""
        if self.open >= self.total:
            self.notices.say("total", lambda: self.full())
            return False
        held = self.by_client.get(client, 0)
        if held >= self.per_client:
            message = _("{client} holds {count} connections at once; more from it are turned away until some close")
            self.notices.say(client, lambda: message.format(client=client, count=held))
            return False
        self.by_client[client] = held + 1
        self.open += 1
        return True

    def leave(self, client: str) -> None:
        self.open -= 1
        left = self.by_client.pop(client, 1) - 1
        if left > 0:
            self.by_client[client] = left

    def full(self) -> str:
        if self.limit is None:
            return _("{count} connections are open at once; new ones are turned away until some close").format(count=self.open)
        message = _(
            "{count} connections are open at once, near this process's open-file limit ({limit}); "
            "new ones are turned away until some close (`ulimit -n` raises the limit)"
        )
        return message.format(count=self.open, limit=self.limit)

    def out_of_files(self, loop: asyncio.AbstractEventLoop, context: dict[str, object]) -> None:
        """The event loop's exception handler: a connection that cannot even be accepted
        (no file left to hold it) is one line, not a traceback a second."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
            self.notices.say("files", lambda: _("out of open files: a new connection cannot be accepted ({reason})").format(reason=error.strerror))
            return
        if isinstance(error, (ValueError, OSError)) and "_start_serving" in repr(context.get("handle")):
            return  # the loop's retry to accept, a second after running out of files, on a socket closed since: the server is stopping
        loop.default_exception_handler(context)


def protocol_class(connections: Connections) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol (h11) with :class:`Connections` under it: a connection
    beyond its caps is closed as it opens, and one whose request (its headers, its body)
    is not in within ``connections.seconds`` of its first byte (or of the connection's
    opening) is closed; a page's open event stream, whose request is in, is never cut."""
    import h11  # deferred: h11 and uvicorn cost start-up
    from uvicorn.protocols.http.h11_impl import H11Protocol

    arriving = (h11.IDLE, h11.SEND_BODY)  # the client's side of the request, not yet in

    class GuardedProtocol(H11Protocol):
        admitted = False
        address = "?"
        since: float | None = None  # when the request still arriving began
        timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.address = str((self.client or ("?", 0))[0])
            if not connections.admit(self.address):
                transport.close()
                return
            self.admitted = True
            self.since = self.loop.time()
            self.timer = self.loop.call_later(connections.seconds, self.look)

        def data_received(self, data: bytes) -> None:
            if self.since is None:
                self.since = self.loop.time()
            super().data_received(data)
            if self.conn.their_state not in arriving:
                self.since = None

        def look(self) -> None:
            """Close the connection when its request has been arriving too long."""
            now = self.loop.time()
            if self.since is not None and now - self.since >= connections.seconds:
                self.timer = None
                self.transport.close()
                return
            wait = connections.seconds if self.since is None else self.since + connections.seconds - now
            self.timer = self.loop.call_later(wait, self.look)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.admitted:
                self.admitted = False
                connections.leave(self.address)
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            super().connection_lost(exc)

    return GuardedProtocol


def guarded_server(config: uvicorn.Config, connections: Connections) -> uvicorn.Server:
    """A uvicorn server for ``config`` (its ``http`` is :func:`protocol_class`) whose event
    loop words a connection it cannot accept (no file left) in one line."""
    import uvicorn

    class GuardedServer(uvicorn.Server):
        async def serve(self, sockets: list[socket.socket] | None = None) -> None:
            asyncio.get_running_loop().set_exception_handler(connections.out_of_files)
            await super().serve(sockets=sockets)

    return GuardedServer(config)
