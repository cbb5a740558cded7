"""The web server of `referee serve`: one game file, the table's screen and each seat's
phone (see :mod:`referee.web.contract` for the API and its envelope).

The file is the truth: every page is drawn from the state its events replay to, and the
server watches the file (a cheap ``stat`` ten times a second), so a change made anywhere
(a phone, table mode, a one-shot command in another terminal) reaches every page. A seat's action is recorded by the one
save-file engine (:func:`referee.savefile.record`: atomic, locked, ``.bak``), exactly as
a typed entry.

Everything runs on the event loop's one thread: each answer is computed in the page's
language inside :func:`referee.i18n.speaking`, without awaiting in between.

Every request first passes :class:`Guard` (plain ASGI): only the server's own host names
(against DNS rebinding), a body of at most :data:`MAX_BODY` bytes, a per-client budget of
requests that change something, and the same protective headers on every answer.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from starlette.concurrency import run_in_threadpool
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.errors import InputError, RefereeError
from referee.i18n import LANGUAGES, _, speaking
from referee.decisions import Complete, decisions_json, seat_entry
from referee.web.contract import envelope, moved_on
from referee.web.links import SeatLinks

if TYPE_CHECKING:
    from referee.games import SomeSpec
    from referee.savefile import Saved

STATIC = Path(__file__).with_name("static")
SEAT_COOKIE = "referee_seat"
LANG_COOKIE = "referee_lang"
POLL_SECONDS = 0.1  # how often the file is looked at while a page is connected
STREAM_WAKE_SECONDS = 1.0  # an event stream looks whether to end at least this often (it is woken sooner)
MAX_BODY = 4096  # bytes of a seat's request
RATE_PER_SECOND, RATE_BURST = 20.0, 40.0  # requests that change something, per client
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")

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

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def labels() -> dict[str, str]:
    """The pages' own words, in the current language (the JavaScript holds none)."""
    return {
        "table": _("Table"),
        "your_hand": _("Your hand"),
        "scan_table": _("Scan to open the table's screen"),
        "join": _("Open your seat's link (ask the host) to see your hand here."),
        "reconnecting": _("Connection lost; reconnecting…"),
        "connected": _("Connected"),
        "language": _("Nederlands"),
        "language_hint": _("Language"),
        "game_over": _("The game is over."),
        "fair": _("Fair deals"),
        "fingerprint": _("Fingerprint (compare it with the one noted down)"),
        "entropy": _("Words of entropy"),
        "entropy_due": _("Waiting for a word of entropy from"),
        "your_word": _("Your word of entropy (any word, dice or a short phrase)"),
        "give_word": _("Give"),
        "secret": _("Secret, revealed"),
    }


PREVIEW = "preview"  # POST /api/seat/preview: what an action would give, nothing recorded


def server_now() -> str:
    """The server's clock, UTC to the millisecond (``2026-12-02T20:15:03.250Z``): a page
    that counts down takes the difference to its own clock as its correction."""
    from referee.moments import exact_now, exact_stamp

    return exact_stamp(exact_now())


class Served:
    """One game file as the server sees it: its state, reloaded when the file changes."""

    def __init__(self, path: Path, spec: SomeSpec, language: str) -> None:
        self.path, self.spec, self.language = path, spec, language
        self.rules = spec.load_rules()
        self.voice = spec.load_voice()
        web = spec.load_web()
        assert web is not None, "`referee serve` serves only a game with web pages"
        self.web = web
        self.complete: Complete | None = spec.load_complete()
        self.version = 0
        self.saved: Saved[Any] | None = None
        self.error: str | None = None
        self.stamp: tuple[int, int, int] | None = None
        self.waiters: set[asyncio.Event] = set()  # one per open event stream, on its loop
        self.stopping = False
        #: asked ten times a second: True when the server is to stop (uvicorn's should_exit)
        self.stop_requested: Callable[[], bool] = lambda: False
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once it runs
        self.reload()
        players = self.rules.seats(self.saved.state) if self.saved is not None else ()
        self.links = SeatLinks(path, tuple(players))

    def _stamp(self) -> tuple[int, int, int] | None:
        try:
            status = os.stat(self.path)
        except OSError:
            return None
        return (status.st_mtime_ns, status.st_size, status.st_ino)

    def reload(self) -> bool:
        """Read the file again if it changed; True when it did (every page is told)."""
        from referee import savefile

        stamp = self._stamp()
        if stamp == self.stamp and self.version:
            return False
        self.stamp = stamp
        try:
            with speaking(self.language):
                self.saved = savefile.load(self.path, self.rules)
            self.error = None
            seats = tuple(self.rules.seats(self.saved.state))
            links = getattr(self, "links", None)
            if links is not None and seats != links.players:
                # Another game in the file now (deleted and started again): its own seats
                # and links; the old links no longer open any seat.
                self.links = SeatLinks(self.path, seats)
        except RefereeError as error:
            self.error = str(error)
        self.version += 1
        self.wake()
        return True

    def wake(self) -> None:
        """Every open event stream looks again (at the version, at its seat's token);
        from another thread (a test, a terminal), through the server's loop."""
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if self.loop is not None and running is not self.loop and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.wake)
            return
        for waiter in list(self.waiters):
            waiter.set()

    def stop(self) -> None:
        """End every event stream now (the server is stopping)."""
        self.stopping = True
        self.wake()

    def reissue(self, seat: int) -> str:
        """A new link for ``seat``: the old token stops working at once, and the event
        streams opened with it end."""
        token = self.links.reissue(seat)
        self.wake()
        return token

    async def watch(self) -> None:
        """Look at the file ten times a second (a ``stat``: no measurable time), until
        the server is asked to stop."""
        self.loop = asyncio.get_running_loop()
        while not self.stopping:
            if self.stop_requested():
                self.stop()
                break
            self.reload()
            await asyncio.sleep(POLL_SECONDS)

    def answer(self, seat: int | None, language: str) -> dict[str, Any]:
        """The envelope for the table's screen (``seat`` None) or one seat, in ``language``."""
        with speaking(language):
            view = outcome = fair = names = situation = None
            decisions: list[dict[str, Any]] | None = None
            players: tuple[str, ...] = self.links.players
            if self.saved is not None:
                from referee.fair_rules import public_of

                state = self.saved.state
                players = tuple(self.rules.seats(state))
                fair = public_of(self.rules, state)  # never the secret before the reveal
                gone = seat is not None and seat >= len(players)  # a seat of a game no longer in the file
                if gone:
                    seat = None
                elif fair is None or fair["waiting_for"] is None:
                    view = self.web.table(state) if seat is None else self.web.seat(state, seat)
                # else: no card is dealt until every word is in; the pages show the words
                ended = self.rules.outcome(state)
                outcome = None if ended is None else self.voice.outcome(state, ended)
                situation = self.voice.situation(state)
                if seat is not None:
                    decisions = decisions_json(self.rules, self.voice, state, seat)
                shown = getattr(self.web, "names", None)  # how people say the seats (a team)
                names = None if shown is None else tuple(shown(state))
            return envelope(
                game=self.spec.name,
                title=self.spec.title,
                file=self.path.name,
                lang=language,
                version=self.version,
                players=players,
                seat=seat,
                outcome=outcome,
                labels=labels(),
                view=view,
                error=self.error,
                fair=fair,
                entries=None if self.saved is None else len(self.saved.events),
                now=server_now(),
                names=names,
                situation=situation,
                decisions=decisions,
            )

    def preview(self, seat: int, body: Any, language: str) -> tuple[int, dict[str, Any]]:
        """What ``seat``'s request would give (:class:`referee.web.contract.Previewing`);
        (HTTP status, answer). Nothing is recorded: the file is only read."""
        with speaking(language):
            preview = getattr(self.web, "preview", None)
            if preview is None:
                return 404, {"error": _("unknown action {kind}").format(kind=PREVIEW)}
            if not isinstance(body, dict):
                return 400, {"error": _("the request must be a JSON object")}
            self.reload()
            if self.saved is None:
                return 409, {"error": self.error or ""}
            try:
                return 200, {"preview": preview(self.saved.state, seat, body)}
            except InputError as error:
                return 400, {"error": str(error)}

    def act(self, seat: int, kind: str, body: Any, language: str, seen: str | None = None) -> tuple[int, dict[str, Any]]:
        """Record ``seat``'s entry ``body``, a save-file event that must be one of the
        seat's decisions of ``kind`` now (:mod:`referee.decisions`: a listed choice, sent
        as it was listed, or the decision's form filled in); (HTTP status, answer).

        ``seen``: the number of entries the page was drawn from (its ``X-Referee-Seen``
        header). When the file has moved on since (two partners tapping at once, an entry
        typed at the laptop), the request is refused (409) rather than recorded as an
        answer to a move its sender never saw. Requests are handled one at a time on the
        server's one thread, so the second of two taps always sees the first. A decision
        several seats take at once (``together``: Spellcrafter's picks, blinde liefde's
        bids) is not refused because another seat acted meanwhile: its event states what
        the page showed (the round and the pick), and the rules check that."""
        from referee import savefile

        with speaking(language):
            if not isinstance(body, dict):
                return 400, {"error": _("the request must be a JSON object")}
            if body.get("kind", kind) != kind:
                return 400, {"error": _("the entry's kind {kind} is not the address's {address}").format(kind=_shown(body.get("kind")), address=_shown(kind))}
            event = {"kind": kind, **body}
            self.reload()
            if self.saved is None:
                return 409, {"error": self.error or ""}
            together = any(decision.kind == kind and decision.together for decision in self.rules.decisions(self.saved.state, seat))
            if seen is not None and not together and seen != str(len(self.saved.events)):
                return 409, {"error": moved_on()}
            try:
                savefile.record(self.path, self.rules, seat_entry(self.rules, seat, event, self.complete))
            except InputError as error:
                return 400, {"error": str(error)}
            except RefereeError as error:
                return 409, {"error": str(error)}
        self.reload()
        return 200, self.answer(seat, language)


def _shown(value: object) -> str:
    """A value of a request, as a message shows it: short (a body is the client's)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


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


#: What a page of another site may POST without the browser asking this server first.
FORM_TYPES = ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data")


class Guard:
    """Plain ASGI around the application: every request's first and last step.

    - ``Host`` must be one of the server's own names (:func:`host_names` of the address
      the request came in on): a page of another site that a DNS trick points at this
      server gets 400, so it cannot read a seat's answers.
    - A request that changes something (not GET or HEAD) spends one of its client's
      tokens (a bucket of :data:`RATE_BURST`, refilled at :data:`RATE_PER_SECOND`): 429
      when none is left; its body is read here, and over :data:`MAX_BODY` bytes is 413.
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

        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in host_names(scope.get("server"), self.hosts):
            with speaking(self.language(scope)):
                message = _("unknown host")
            await turn_away(guarded, 400, message, json_answer=False)
            return
        if scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, guarded)
            return
        if not self.spend((scope.get("client") or ("?", 0))[0]):
            with speaking(self.language(scope)):
                message = _("too many requests; wait a moment")
            await turn_away(guarded, 429, message)
            return
        body = await read_body(receive, MAX_BODY)
        if body is None:
            with speaking(self.language(scope)):
                message = _("the request is too large")
            await turn_away(guarded, 413, message)
            return
        # A change comes from this server's own pages only. A page of another site, even
        # one served from another port of this machine (the same "site" to a browser, so
        # the seat's cookie goes along), sends its Origin with a POST, and a form or a
        # plain fetch can only send these types without asking first: both refused.
        origin = headers.get(b"origin", b"").decode("latin-1").lower()
        kind = headers.get(b"content-type", b"").decode("latin-1").split(";")[0].strip().lower()
        if kind in FORM_TYPES or (origin and origin.partition("://")[2] not in host_names(scope.get("server"), self.hosts)):
            with speaking(self.language(scope)):
                message = _("a change must come from this server's own page")
            await turn_away(guarded, 403, message)
            return

        async def replay() -> Message:
            nonlocal body
            if body is None:
                return await receive()  # after the body: the client's disconnect
            message = {"type": "http.request", "body": body, "more_body": False}
            body = None
            return message

        await self.app(scope, replay, guarded)

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


async def read_body(receive: Receive, limit: int) -> bytes | None:
    """The request's body, or None when it is longer than ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


async def turn_away(send: Send, status: int, error: str, json_answer: bool = True) -> None:
    """Answer ``status`` with ``{"error": …}`` (or plain text) without asking the app."""
    if json_answer:
        body, kind = json.dumps({"error": error}, ensure_ascii=False).encode(), b"application/json"
    else:
        body, kind = error.encode(), b"text/plain; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def page(served: Served, name: str, language: str) -> HTMLResponse:
    """A page's HTML shell; ``static/GAME.js`` draws it from the API."""
    import html

    text = (STATIC / "page.html").read_text(encoding="utf-8")
    values = {"page": name, "game": served.spec.name, "lang": language, "title": served.spec.title}
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", html.escape(value))
    return HTMLResponse(text)


def season_page(root: Path, language: str) -> HTMLResponse:
    """``/stats``: the season of the folder ``root`` (:mod:`referee.web.season`), read when
    asked (a first reading of a big shelf takes a moment; later ones use `referee stats`'s
    cache of what each unchanged file gave)."""
    from referee.web import season

    with speaking(language):
        return HTMLResponse(season.page_of(season.document(root), root, language))


def page_language(request: Request, default: str) -> str:
    """A page's language: ``?lang=nl`` in its address, else the language the browser
    chose on a seat's page (its cookie), else `referee serve`'s (``--lang``)."""
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:
        return asked
    chosen = request.cookies.get(LANG_COOKIE)
    return chosen if chosen in LANGUAGES else default


def cookie_language(cookies: str, default: str) -> str:
    """The language a page chose (its cookie), from a ``Cookie`` header."""
    from http.cookies import CookieError, SimpleCookie

    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(cookies)
    except CookieError:
        return default
    chosen = jar[LANG_COOKIE].value if LANG_COOKIE in jar else None
    return chosen if chosen in LANGUAGES else default


def qr_svg(text: str) -> bytes:
    """A QR code of ``text`` as an SVG image (black on white, a quiet zone around it)."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=10, border=2, dark="#000", light="#fff", xmldecl=False)
    return buffer.getvalue()


def create_app(served: Served, hosts: Iterable[str] = (), clock: Callable[[], float] = time.monotonic) -> Guard:
    """The application serving ``served``: pages, API, events, seat links, behind the
    :class:`Guard` (``hosts``: more names it may be reached by, ``NAME`` or ``NAME:PORT``;
    ``clock``: the rate limit's, for tests)."""

    def language_of(request: Request) -> str:
        chosen = request.cookies.get(LANG_COOKIE)
        return chosen if chosen in LANGUAGES else served.language

    def seat_of(request: Request) -> int | None:
        return served.links.seat_of(request.cookies.get(SEAT_COOKIE))

    def not_joined(request: Request) -> Response:
        """401, with the words a page needs to say how to join, in its language."""
        language = language_of(request)
        with speaking(language):
            answer = {"error": _("open your seat's link first"), "lang": language, "labels": labels()}
        return JSONResponse(answer, status_code=401)

    async def table_page(request: Request) -> Response:
        return page(served, "table", served.language)

    async def seat_page(request: Request) -> Response:
        return page(served, "seat" if seat_of(request) is not None else "join", language_of(request))

    async def join(request: Request) -> Response:
        seat = served.links.seat_of(request.path_params["token"])
        if seat is None:
            return page(served, "join", language_of(request))
        response = RedirectResponse("/seat", status_code=303)
        response.set_cookie(SEAT_COOKIE, served.links.tokens[seat], httponly=True, samesite="strict", max_age=30 * 86400)
        return response

    async def stats(request: Request) -> Response:
        # Read in a worker thread: a first reading of a big folder must not stall the
        # game's pages and their streams on the event loop.
        return await run_in_threadpool(season_page, served.path.parent, page_language(request, served.language))

    async def table_qr(request: Request) -> Response:
        # the Host header has passed the guard: one of this server's own addresses
        return Response(qr_svg(f"http://{request.headers['host']}/"), media_type="image/svg+xml")

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)  # a browser asks; there is none (and no 404 to log)

    async def api_table(request: Request) -> Response:
        return JSONResponse(served.answer(None, served.language))

    async def api_seat(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None:
            return not_joined(request)
        return JSONResponse(served.answer(seat, language_of(request)))

    async def api_action(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None:
            return not_joined(request)
        raw = await request.body()
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            body = None
        seen = request.headers.get("x-referee-seen")
        status, answer = served.act(seat, request.path_params["kind"], body, language_of(request), seen)
        return JSONResponse(answer, status_code=status)

    async def api_preview(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None:
            return not_joined(request)
        try:
            body = json.loads(await request.body())
        except (ValueError, RecursionError):
            body = None
        status, answer = served.preview(seat, body, language_of(request))
        return JSONResponse(answer, status_code=status)

    async def api_lang(request: Request) -> Response:
        try:
            chosen = json.loads(await request.body()).get("lang")
        except (ValueError, AttributeError, RecursionError):
            chosen = None
        if chosen not in LANGUAGES:
            with speaking(language_of(request)):
                error = _("the language must be one of {languages}").format(languages=", ".join(LANGUAGES))
            return JSONResponse({"error": error}, status_code=400)
        response = JSONResponse({"lang": chosen})
        response.set_cookie(LANG_COOKIE, chosen, httponly=True, samesite="strict", max_age=365 * 86400)
        return response

    def stream(answer: Callable[[], dict[str, Any]], still: Callable[[], bool] = lambda: True) -> StreamingResponse:
        """Server-sent events: the answer now, and again after every change, for as long
        as ``still()`` holds (a seat's token may be re-issued) and the server runs."""

        async def events() -> AsyncIterator[str]:
            sent = -1
            waiter = asyncio.Event()  # created here: bound to the loop serving this stream
            served.waiters.add(waiter)
            try:
                yield "retry: 1000\n\n"  # a page whose stream dropped tries again after a second
                while not served.stopping and still():
                    waiter.clear()  # before the version is read: no change is missed
                    if served.version != sent:
                        sent = served.version
                        yield f"data: {json.dumps(answer(), ensure_ascii=False)}\n\n"
                    try:
                        await asyncio.wait_for(waiter.wait(), timeout=STREAM_WAKE_SECONDS)
                    except asyncio.TimeoutError:
                        pass
            finally:
                served.waiters.discard(waiter)

        return StreamingResponse(events(), media_type="text/event-stream")

    async def events_table(request: Request) -> Response:
        return stream(lambda: served.answer(None, served.language))

    async def events_seat(request: Request) -> Response:
        token = request.cookies.get(SEAT_COOKIE)
        seat = served.links.seat_of(token)
        if seat is None:
            return not_joined(request)
        language = language_of(request)
        return stream(lambda: served.answer(seat, language), lambda: served.links.seat_of(token) == seat)

    async def lifespan_watch(app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.create_task(served.watch())
        yield
        served.stop()
        watcher.cancel()

    from contextlib import asynccontextmanager

    routes = [
        Route("/", table_page),
        Route("/seat", seat_page),
        Route("/stats", stats),
        Route("/join/{token}", join),
        Route("/qr.svg", table_qr),
        Route("/favicon.ico", no_icon),
        Route("/api/table", api_table),
        Route("/api/seat", api_seat),
        Route(f"/api/seat/{PREVIEW}", api_preview, methods=["POST"]),
        Route("/api/seat/{kind}", api_action, methods=["POST"]),
        Route("/api/lang", api_lang, methods=["POST"]),
        Route("/events/table", events_table),
        Route("/events/seat", events_seat),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=asynccontextmanager(lifespan_watch))
    return Guard(app, hosts=hosts, language=lambda scope: scope_language(scope, served.language), clock=clock)


def scope_language(scope: Scope, default: str) -> str:
    """The language the guard answers a request in: its page's cookie, else ``default``."""
    cookies = dict(scope.get("headers") or []).get(b"cookie", b"").decode("latin-1")
    return cookie_language(cookies, default)


def create_season_app(root: Path, language: str, hosts: Iterable[str] = (), clock: Callable[[], float] = time.monotonic) -> Guard:
    """`referee serve FOLDER`: the season's page of the folder ``root`` (``/stats``; ``/``
    leads there), behind the same :class:`Guard` as a game's pages. No seat, no game."""

    async def stats(request: Request) -> Response:
        return await run_in_threadpool(season_page, root, page_language(request, language))

    async def home(request: Request) -> Response:
        return RedirectResponse("/stats", status_code=303)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", home),
        Route("/stats", stats),
        Route("/favicon.ico", no_icon),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    return Guard(Starlette(routes=routes), hosts=hosts, language=lambda scope: scope_language(scope, language), clock=clock)


def uvicorn_server(served: Served, host: str = "127.0.0.1", port: int = 0, hosts: Iterable[str] = ()) -> Any:
    """A uvicorn server for ``served`` (not started: ``.run(sockets=…)``): no access log
    (a seat's link holds its token), and every event stream ends as soon as it is asked
    to stop (Ctrl-C, ``should_exit``), so that it stops within a second."""
    server = _uvicorn(create_app(served, hosts=hosts), host, port, lifespan="on")
    served.stop_requested = lambda: bool(server.should_exit)
    return server


def season_server(root: Path, language: str, host: str = "127.0.0.1", port: int = 0, hosts: Iterable[str] = ()) -> Any:
    """A uvicorn server for the season's page of ``root`` (not started, as :func:`uvicorn_server`)."""
    return _uvicorn(create_season_app(root, language, hosts=hosts), host, port, lifespan="off")


def _uvicorn(app: Guard, host: str, port: int, lifespan: Literal["on", "off"]) -> Any:
    import uvicorn

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=1, lifespan=lifespan)
    return uvicorn.Server(config)
