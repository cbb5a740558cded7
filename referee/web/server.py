"""The web server of `referee serve`: one game file, the table's screen and each seat's
phone (see :mod:`referee.web.contract` for the API and its envelope).

The file is the truth: every page is drawn from the state its events replay to, and the
server watches the file (a cheap ``stat`` ten times a second while a page is connected),
so a change made anywhere (a phone, table mode, a one-shot command in another terminal)
reaches every page. A seat's action is recorded by the one save-file engine
(:func:`referee.savefile.record`: atomic, locked, ``.bak``), exactly as a typed entry.

Everything runs on the event loop's one thread: each answer is computed in the page's
language inside :func:`referee.i18n.speaking`, without awaiting in between.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.errors import InputError, RefereeError
from referee.i18n import LANGUAGES, _, speaking
from referee.web.contract import envelope
from referee.web.links import SeatLinks

if TYPE_CHECKING:
    from referee.games import GameSpec
    from referee.savefile import Saved

STATIC = Path(__file__).with_name("static")
SEAT_COOKIE = "referee_seat"
LANG_COOKIE = "referee_lang"
POLL_SECONDS = 0.1  # how often the file is looked at while a page is connected
MAX_BODY = 4096  # bytes of a seat's request


def labels() -> dict[str, str]:
    """The pages' own words, in the current language (the JavaScript holds none)."""
    return {
        "table": _("Table"),
        "your_hand": _("Your hand"),
        "scan_table": _("Scan to open the table's screen"),
        "join": _("Open your seat's link (ask the host) to see your hand here."),
        "reconnecting": _("Connection lost; reconnecting…"),
        "language": _("Nederlands"),
        "game_over": _("The game is over."),
    }


class Served:
    """One game file as the server sees it: its state, reloaded when the file changes."""

    def __init__(self, path: Path, spec: GameSpec, language: str) -> None:
        self.path, self.spec, self.language = path, spec, language
        self.rules: Any = spec.load_rules()
        self.voice: Any = spec.load_voice()
        self.web: Any = spec.load_web()
        self.version = 0
        self.saved: Saved[Any] | None = None
        self.error: str | None = None
        self.stamp: tuple[int, int, int] | None = None
        self.waiters: set[asyncio.Event] = set()  # one per open event stream, on its loop
        self.stopping = False
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
        except RefereeError as error:
            self.error = str(error)
        self.version += 1
        for waiter in self.waiters:
            waiter.set()
        return True

    async def watch(self) -> None:
        """Look at the file ten times a second, for as long as the server runs."""
        while not self.stopping:
            self.reload()
            await asyncio.sleep(POLL_SECONDS)

    def answer(self, seat: int | None, language: str) -> dict[str, Any]:
        """The envelope for the table's screen (``seat`` None) or one seat, in ``language``."""
        with speaking(language):
            view = outcome = None
            players: tuple[str, ...] = self.links.players
            if self.saved is not None:
                state = self.saved.state
                players = tuple(self.rules.seats(state))
                view = self.web.table(state) if seat is None else self.web.seat(state, seat)
                ended = self.rules.outcome(state)
                outcome = None if ended is None else self.voice.outcome(state, ended)
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
            )

    def act(self, seat: int, kind: str, body: Any, language: str) -> tuple[int, dict[str, Any]]:
        """Record ``seat``'s request; (HTTP status, answer)."""
        from referee import savefile

        with speaking(language):
            if kind not in self.web.kinds:
                return 404, {"error": _("unknown action {kind}").format(kind=kind)}
            if not isinstance(body, dict):
                return 400, {"error": _("the request must be a JSON object")}
            try:
                savefile.record(self.path, self.rules, lambda state: self.web.action(state, seat, kind, body))
            except InputError as error:
                return 400, {"error": str(error)}
            except RefereeError as error:
                return 409, {"error": str(error)}
        self.reload()
        return 200, self.answer(seat, language)


def page(served: Served, name: str, language: str) -> HTMLResponse:
    """A page's HTML shell; ``static/GAME.js`` draws it from the API."""
    import html

    text = (STATIC / "page.html").read_text(encoding="utf-8")
    values = {"page": name, "game": served.spec.name, "lang": language, "title": served.spec.title}
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", html.escape(value))
    return HTMLResponse(text)


def create_app(served: Served) -> Starlette:
    """The application serving ``served``: pages, API, events, seat links."""

    def language_of(request: Request) -> str:
        chosen = request.cookies.get(LANG_COOKIE)
        return chosen if chosen in LANGUAGES else served.language

    def seat_of(request: Request) -> int | None:
        return served.links.seat_of(request.cookies.get(SEAT_COOKIE))

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

    async def api_table(request: Request) -> Response:
        return JSONResponse(served.answer(None, served.language))

    async def api_seat(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None:
            with speaking(language_of(request)):
                return JSONResponse({"error": _("open your seat's link first")}, status_code=401)
        return JSONResponse(served.answer(seat, language_of(request)))

    async def api_action(request: Request) -> Response:
        seat = seat_of(request)
        language = language_of(request)
        if seat is None:
            with speaking(language):
                return JSONResponse({"error": _("open your seat's link first")}, status_code=401)
        raw = await request.body()
        try:
            body = json.loads(raw) if len(raw) <= MAX_BODY else None
        except ValueError:
            body = None
        status, answer = served.act(seat, request.path_params["kind"], body, language)
        return JSONResponse(answer, status_code=status)

    async def api_lang(request: Request) -> Response:
        try:
            chosen = json.loads(await request.body()).get("lang")
        except (ValueError, AttributeError):
            chosen = None
        if chosen not in LANGUAGES:
            return JSONResponse({"error": "lang must be one of " + ", ".join(LANGUAGES)}, status_code=400)
        response = JSONResponse({"lang": chosen})
        response.set_cookie(LANG_COOKIE, chosen, httponly=True, samesite="strict", max_age=365 * 86400)
        return response

    def stream(answer: Callable[[], dict[str, Any]]) -> StreamingResponse:
        async def events() -> AsyncIterator[str]:
            sent = -1
            waiter = asyncio.Event()  # created here: bound to the loop serving this stream
            served.waiters.add(waiter)
            try:
                while not served.stopping:
                    waiter.clear()  # before the version is read: no change is missed
                    if served.version != sent:
                        sent = served.version
                        yield f"data: {json.dumps(answer(), ensure_ascii=False)}\n\n"
                    try:
                        await asyncio.wait_for(waiter.wait(), timeout=0.25)
                    except asyncio.TimeoutError:
                        pass
            finally:
                served.waiters.discard(waiter)

        return StreamingResponse(events(), media_type="text/event-stream")

    async def events_table(request: Request) -> Response:
        return stream(lambda: served.answer(None, served.language))

    async def events_seat(request: Request) -> Response:
        seat = seat_of(request)
        if seat is None:
            return JSONResponse({"error": "no seat"}, status_code=401)
        language = language_of(request)
        return stream(lambda: served.answer(seat, language))

    async def lifespan_watch(app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.create_task(served.watch())
        yield
        served.stopping = True
        watcher.cancel()

    from contextlib import asynccontextmanager

    routes = [
        Route("/", table_page),
        Route("/seat", seat_page),
        Route("/join/{token}", join),
        Route("/api/table", api_table),
        Route("/api/seat", api_seat),
        Route("/api/seat/{kind}", api_action, methods=["POST"]),
        Route("/api/lang", api_lang, methods=["POST"]),
        Route("/events/table", events_table),
        Route("/events/seat", events_seat),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=asynccontextmanager(lifespan_watch))
