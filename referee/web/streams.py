"""`referee serve`'s event streams (``/events/table``, ``/events/seat``): every open page
is sent each new version of its view, written to all of them in one pass.

A change (:meth:`referee.web.server.Served.changed`) does not wake one coroutine per
stream: :meth:`Listeners.pass_over` goes over the open streams once, oldest first, makes
each view's event once (:meth:`Served.event`: the same bytes for every page of a view)
and writes it to each stream. Under uvicorn's HTTP/1.1 protocol a stream's event goes
straight to its connection as one prepared chunk of the chunked encoding (the same bytes
h11 would frame, made once per view): no generator, ``send`` or framing per stream. A
stream whose client is not reading (its connection's buffer is full) is skipped, and is
sent the latest version once it reads again (the next pass: a change, or the keep-alive
tick of :data:`STREAM_WAKE_SECONDS`). Elsewhere (Starlette's test client, another
server) each stream sends its events itself, through ``send``.

The tick also ends the streams that are to end: the server stopping, a seat's link
re-issued (``still()`` no longer holds); a client that goes away ends its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.types import Receive, Scope, Send

if TYPE_CHECKING:
    from referee.web.server import Served

STREAM_WAKE_SECONDS = 1.0  # the streams are looked at (to end, to catch up) at least this often
RETRY = b"retry: 1000\n\n"  # a page whose stream dropped tries again after a second
#: the key of the scope under which the guard leaves a stream's direct writer (:func:`direct_writer`)
DIRECT = "referee.direct"
HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8")]

Write = Callable[[bytes], bool]
View = tuple[int | None, str]  # a seat (None: the table's) and a language


def chunk(data: bytes) -> bytes:
    """``data`` as one chunk of HTTP/1.1's chunked encoding, as h11 frames it."""
    return b"%x\r\n" % len(data) + data + b"\r\n"


def direct_writer(send: Send) -> Callable[[], Write | None]:
    """For uvicorn's h11 protocol (``send`` is its response cycle's own method): what
    gives, once the response has started, a function that writes a prepared chunk
    (:func:`chunk`) straight to the connection, False when it could not (the client is
    gone, or not reading: its buffer is full); None when the response is not chunked (an
    HTTP/1.0 client) or ``send`` is anything else."""
    cycle: Any = getattr(send, "__self__", None)
    if type(cycle).__module__ != "uvicorn.protocols.http.h11_impl" or type(cycle).__name__ != "RequestResponseCycle":
        return lambda: None

    def writer() -> Write | None:
        conn, transport, flow = getattr(cycle, "conn", None), getattr(cycle, "transport", None), getattr(cycle, "flow", None)
        framing = type(getattr(conn, "_writer", None))
        if transport is None or flow is None or framing.__name__ != "ChunkedWriter" or getattr(cycle, "response_complete", True):
            return None

        def write(prepared: bytes) -> bool:
            if cycle.disconnected or flow.write_paused or cycle.response_complete:
                return False
            transport.write(prepared)
            return True

        return write

    return writer


class Listener:
    """One open event stream: its view's event, and whether it still holds."""

    __slots__ = ("view", "still", "write", "sent", "pending", "ended", "nudge")

    def __init__(self, view: View, still: Callable[[], bool], write: Write | None) -> None:
        self.view, self.still, self.write = view, still, write
        self.sent = -1  # the version last sent
        self.pending: bytes | None = None  # an event its own coroutine is to send (no direct writer)
        self.ended = False
        self.nudge = asyncio.Event()  # its coroutine: something to send, or the end

    def end(self) -> None:
        self.ended = True
        self.nudge.set()


class Listeners:
    """The open event streams of one served file, and the passes that write to them."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.open: dict[int, Listener] = {}  # by id, oldest first
        self.loop: asyncio.AbstractEventLoop | None = None  # the streams' loop
        self.due = False  # a pass is scheduled
        self.tick: asyncio.TimerHandle | None = None
        self.passes = 0  # passes made (tests count work)
        self.written = 0  # events written straight to a connection
        self.handed = 0  # events handed to a stream's own coroutine

    def add(self, listener: Listener) -> None:
        self.loop = asyncio.get_running_loop()
        self.open[id(listener)] = listener
        if self.tick is None:
            self.tick = self.loop.call_later(STREAM_WAKE_SECONDS, self.ticked)

    def remove(self, listener: Listener) -> None:
        self.open.pop(id(listener), None)

    def wake(self) -> None:
        """Schedule one pass (on the streams' loop; from any thread); several wakes before
        it runs make one pass."""
        loop = self.loop
        if loop is None or loop.is_closed() or not self.open:
            return
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not loop:
            loop.call_soon_threadsafe(self.wake)
            return
        if not self.due:
            self.due = True
            loop.call_soon(self.pass_over)

    def ticked(self) -> None:
        self.tick = None
        if self.open and self.loop is not None and not self.loop.is_closed():
            self.pass_over()
            self.tick = self.loop.call_later(STREAM_WAKE_SECONDS, self.ticked)

    def pass_over(self) -> None:
        """Every open stream, oldest first: ended when it is to end, else sent the
        current version when it has not had it (each view's event made once)."""
        self.due = False
        self.passes += 1
        made: dict[View, tuple[bytes, bytes | None]] = {}
        for listener in list(self.open.values()):
            self.serve(listener, made)

    def serve(self, listener: Listener, made: dict[View, tuple[bytes, bytes | None]]) -> None:
        """One stream's part of a pass (``made``: the pass's events, framed once)."""
        served = self.served
        if listener.ended:
            return
        if served.stopping or not listener.still():
            listener.end()
            return
        version = served.version
        if listener.sent == version:
            return
        data, prepared = made.get(listener.view) or (served.event(*listener.view), None)
        if listener.write is not None:
            if prepared is None:
                prepared = chunk(data)
            made[listener.view] = (data, prepared)
            if listener.write(prepared):
                listener.sent = version
                self.written += 1
            return
        made.setdefault(listener.view, (data, None))
        listener.sent = version
        listener.pending = data
        listener.nudge.set()
        self.handed += 1


async def stream(served: Served, scope: Scope, receive: Receive, send: Send, view: View,
                 still: Callable[[], bool] = lambda: True, who: object = None) -> None:  # fmt: skip
    """Server-sent events (plain ASGI): the retry line, the event of ``view`` now
    (:meth:`Served.event`), and again after every change, for as long as ``still()``
    holds (a seat's token may be re-issued), the server runs and the client is there.
    ``who``: the seat's number, or ``"table"`` (the host's page says who is connected)."""
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    await send({"type": "http.response.body", "body": RETRY, "more_body": True})
    writer = scope.get(DIRECT)
    listener = Listener(view, still, writer() if writer is not None else None)
    listeners = served.listeners
    gone = False

    async def watch_client() -> None:
        nonlocal gone
        while (await receive())["type"] != "http.disconnect":
            pass
        gone = True
        listener.end()

    client = asyncio.ensure_future(watch_client())
    listeners.add(listener)
    served.desk.streams[who] += 1
    try:
        listeners.serve(listener, {})  # this stream's first event now
        while True:
            await listener.nudge.wait()
            listener.nudge.clear()
            data, listener.pending = listener.pending, None
            if data is not None and not listener.ended:
                await send({"type": "http.response.body", "body": data, "more_body": True})
            if listener.ended:
                break
    finally:
        listeners.remove(listener)
        served.desk.streams[who] -= 1
        client.cancel()
    if not gone:
        await send({"type": "http.response.body", "body": b"", "more_body": False})
