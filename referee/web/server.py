"""The web server of `referee serve`: one game file, the table's screen and each seat's
phone (see :mod:`referee.web.contract` for the API and its envelope).

The file is the truth: every page is drawn from the state its events replay to, and the
server watches the file (a cheap ``stat`` ten times a second), so a change made anywhere
(a phone, table mode, a one-shot command in another terminal) reaches every page. A seat's action is recorded by the one
save-file engine (:func:`referee.savefile.record`: atomic, locked, ``.bak``), exactly as
a typed entry.

The server holds the state in memory and advances it by the new events only
(:class:`referee.savefile.Held`): a seat's entry keeps what the engine wrote (the file is
not read back), a change made by another process is read once and only its new events
are stepped (an undo or an edit is replayed whole). Each answer is computed once per
version for each view (the table's, or a seat's, in a language) with its JSON text, and
sent as it is to every page that shows that view: 500 TVs cost one answer
(:meth:`Served.text`). A change is written to every open event stream in one pass
(:mod:`referee.web.streams`), straight to each connection under uvicorn.

The pages are answered on the event loop's thread: each answer is computed in the page's
language inside :func:`referee.i18n.speaking`, without awaiting in between. What may
wait (a seat's action: another process's lock on the file, a dictionary's verdict on a
challenge; the season's page reading its folder) runs in a worker thread, so that no
other page freezes meanwhile; actions still go one at a time.

Every request first passes :class:`~referee.web.guard.Guard` (plain ASGI), and every
connection :class:`~referee.web.guard.Connections` (under uvicorn's protocol): see
:mod:`referee.web.guard`.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from starlette.concurrency import run_in_threadpool
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.errors import InputError, RefereeError
from referee.i18n import LANGUAGES, _, speaking
from referee.decisions import Complete, decisions_json, seat_entry
from referee.web.contract import envelope, moved_on
from referee.web.final import final_of
from referee.web.guard import (  # the guard's names were this module's: still found here
    FORM_TYPES as FORM_TYPES,
    LOOPBACK_NAMES as LOOPBACK_NAMES,
    MAX_BODY as MAX_BODY,
    RATE_BURST as RATE_BURST,
    RATE_PER_SECOND as RATE_PER_SECOND,
    SECURITY_HEADERS as SECURITY_HEADERS,
    ASGIApp as ASGIApp,
    Guard as Guard,
    Message as Message,
    Receive as Receive,
    Scope as Scope,
    Send as Send,
    host_names as host_names,
    read_body as read_body,
    turn_away as turn_away,
)
from referee.web.host import Desk, envelope_fields, news
from referee.web import host, streams
from referee.web.links import SeatLinks
from referee.web.requests import LANG_COOKIE as LANG_COOKIE, SEAT_COOKIE as SEAT_COOKIE, language_of, seat_of_request, served_of

from referee.game import JsonObject, JsonValue

if TYPE_CHECKING:
    import uvicorn

    from referee.games import SomeSpec
    from referee.savefile import Held, Saved

STATIC = Path(__file__).with_name("static")
POLL_SECONDS = 0.1  # how often the file is looked at while a page is connected
STREAM_WAKE_SECONDS = streams.STREAM_WAKE_SECONDS  # an event stream looks whether to end at least this often (it is woken sooner)
#: how long an answer is kept for its version: long enough for every stream woken by a
#: change (they are all sent within a moment), short enough that an answer that depends on
#: the clock as well (a crafting time that is up) is never stale for longer
ANSWER_KEPT_SECONDS = 1.0


def labels() -> dict[str, str]:
    """The pages' own words, in the current language (the JavaScript holds none)."""
    return {
        "table": _("Table"),
        "your_hand": _("Your hand"),
        "scan_table": _("Scan to open the table's screen"),
        "join": _("Open your seat's link (ask the host) to see your hand here."),
        "reconnecting": _("Connection lost; reconnecting…"),
        # a request that found no server, and one the server answered with an error
        # that is not its own JSON (a proxy's page): said in the page's language
        "unreachable": _("No connection to the server: your entry did not get through. Try again once the connection is back."),
        "server_error": _("The server answered with an error (HTTP {status}); try again."),
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
        "send": _("Send"),
        "secret": _("Secret, revealed"),
        "your_turn": _("Your turn"),  # a phone's cue when it has something new to decide (common.js)
    }


PREVIEW = "preview"  # POST /api/seat/preview: what an action would give, nothing recorded
_NOW = "\x00now\x00"  # where the moment goes in an answer's text kept for its version (Served.text)


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
        self.complete: Complete[object] | None = spec.load_complete()
        from referee.savefile import Held

        self.version = 0
        self.saved: Saved[object] | None = None
        self.held: Held[object] = Held()  # the file as last read or written: only new events are stepped
        #: each view's answer at a version: (seat or None, language, version) → (when it was
        #: made, from which reading, the answer, its text before the moment, after it);
        #: replaced whole when the version changes
        self.answers: dict[tuple[int | None, str, int], tuple[float, object, JsonObject, str, str | None]] = {}
        self.clock: Callable[[], float] = time.monotonic  # the answers' keeping time (a test's own)
        #: each view's event as the streams send it, at a version and a millisecond (the
        #: moment is the server's to the millisecond): (seat, language, version, ms) → (from
        #: which reading, bytes)
        self.sending: dict[tuple[int | None, str, int, int], tuple[object, bytes]] = {}
        self.error: str | None = None
        self.stamp: tuple[int, int, int] | None = None
        self.waiters: set[asyncio.Event] = set()  # woken with the streams (a test's, on its loop)
        self.listeners = streams.Listeners(self)  # the open event streams, written to in one pass
        self.stopping = False
        #: asked ten times a second: True when the server is to stop (uvicorn's should_exit)
        self.stop_requested: Callable[[], bool] = lambda: False
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once it runs
        self.reading = threading.Lock()  # one reading at a time: the watcher's, or an action's (a worker thread)
        self.linked = False  # the seats' links are made once the file is first read
        self.bots: tuple[int, ...] = ()  # the seats the referee plays (issue 35)
        self.bot_pause = 1.0  # seconds before each bot decision (`serve --bot-pause`)
        self.on_change: Callable[[], None] = lambda: None  # told after each change (referee.web.bots)
        self.desk = Desk()  # the host's: the announcement of an undo or redo, the open streams, a seat's last entry
        self.reload()
        players = self.rules.seats(self.saved.state) if self.saved is not None else ()
        self.links = SeatLinks(path, tuple(players))
        self.linked = True

    def _stamp(self) -> tuple[int, int, int] | None:
        from referee.savefile.held import stamp_of

        return stamp_of(self.path)

    def reload(self, wait: bool = True) -> bool:
        """Read the file again if it changed; True when it did (every page is told).
        ``wait`` False: not when another thread is reading it (the watcher need not wait
        for an action's reading)."""
        if not self.reading.acquire(blocking=wait):
            return False
        try:
            return self._reload()
        finally:
            self.reading.release()

    def _reload(self) -> bool:
        from referee import savefile

        stamp = self._stamp()
        if stamp == self.stamp and self.version:
            return False
        self.stamp = stamp
        try:
            with speaking(self.language):
                saved = savefile.load_held(self.path, self.rules, self.held)
            self.desk.announced, self.saved = news(self.desk.announced, self.saved, saved, self.version + 1), saved
            self.error = None
            seats = tuple(self.rules.seats(self.saved.state))
            if self.linked and seats != self.links.players:
                # Another game in the file now (deleted and started again): its own seats
                # and links; the old links no longer open any seat.
                self.links = SeatLinks(self.path, seats)
            from referee.bots.seats import bot_seats

            found = bot_seats(self.saved.setup, seats)
            self.bots = () if found is None else tuple(sorted(found.levels))
        except RefereeError as error:
            self.error = self.words(error)
        self.changed()
        return True

    def _recorded(self) -> None:
        """After an entry recorded with :attr:`held`: its state is what the engine wrote
        (no reading back); the file is read again only when the engine kept nothing."""
        last = self.held.last
        if last is None:
            self.stamp = None
            self._reload()
            return
        self.desk.announced = news(self.desk.announced, self.saved, last.saved, self.version + 1)
        self.saved, self.error, self.stamp = last.saved, None, last.stamp
        self.changed()

    def changed(self) -> None:
        """Every page is sent its answer again: a new version (the answers kept for the
        last one are dropped), and every event stream is woken. Whatever an answer shows
        that is not in the file (an announcement, who is connected) calls this when it
        changes."""
        self.answers, self.sending = {}, {}
        self.version += 1
        self.wake()
        self.on_change()

    def text(self, seat: int | None, language: str) -> str:
        """:meth:`answer` as the JSON text a page is sent, computed once per version for
        each view (the table's, or a seat's, in a language) however many pages show it
        (and again after :data:`ANSWER_KEPT_SECONDS`, for an answer that depends on the
        clock too); only its ``now`` is the moment's."""
        _answer, head, tail = self._kept(seat, language)
        return head if tail is None else head + json.dumps(server_now()) + tail

    def event(self, seat: int | None, language: str) -> bytes:
        """:meth:`text` as an event stream sends it (``data: TEXT``), made once a
        millisecond for each view: every stream woken by a change sends the same bytes."""
        key, saved = (seat, language, self.version, int(self.clock() * 1000)), self.saved
        made = self.sending.get(key)
        if made is not None and made[0] is saved:
            return made[1]
        if len(self.sending) > 64:
            self.sending = {}
        sent = f"data: {self.text(seat, language)}\n\n".encode()
        self.sending[key] = (saved, sent)
        return sent

    def shared(self, seat: int | None, language: str) -> JsonObject:
        """:meth:`answer`, as :meth:`text` keeps it (a copy whose ``now`` is the moment's)."""
        answer, _head, tail = self._kept(seat, language)
        return dict(answer) if tail is None else {**answer, "now": server_now()}

    def _kept(self, seat: int | None, language: str) -> tuple[JsonObject, str, str | None]:
        kept = self.answers.get((seat, language, self.version))
        now, saved = self.clock(), self.saved
        # the same reading (by identity: a state put in place by hand, as a test does, is
        # a reading of its own), and not kept for too long
        if kept is not None and kept[1] is saved and now - kept[0] < ANSWER_KEPT_SECONDS:
            return kept[2:]
        answers = self.answers  # the version's: a change meanwhile replaces it whole
        answer = self.answer(seat, language)
        marker = '"now": ' + json.dumps(_NOW)
        text = json.dumps({**answer, "now": _NOW} if "now" in answer else answer, ensure_ascii=False)
        head, found, tail = text.partition(marker)
        made = (answer, head + '"now": ', tail) if found else (answer, text, None)
        version = answer.get("version")
        if isinstance(version, int) and not isinstance(version, bool):
            answers[(seat, language, version)] = (now, saved, *made)
        return made

    def words(self, error: BaseException) -> str:
        """An error's message as a page shows it: a file named by its name only, never by
        its place on the host's machine (:func:`without_folders`)."""
        return without_folders(str(error), self.path)

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
        self.listeners.wake()

    def stop(self) -> None:
        """End every event stream now (the server is stopping)."""
        self.stopping = True
        self.wake()

    def reissue(self, seat: int) -> str:
        """A new link for ``seat``: once it is kept, the old token stops working at once,
        and the event streams opened with it end. An ``InputError`` when it cannot be
        kept: the old link still works."""
        token = self.links.reissue(seat)
        self.wake()
        return token

    async def watch(self) -> None:
        """Look at the file ten times a second (a ``stat``: no measurable time), until
        the server is asked to stop."""
        from referee.moments import exact_now

        self.loop = asyncio.get_running_loop()
        passed = None  # the last moment the pages changed by time alone (WebGame.changes_at)
        while not self.stopping:
            if self.stop_requested():
                self.stop()
                break
            self.reload(wait=False)
            moment = None if self.saved is None else self.web.changes_at(self.saved.state)
            if moment is not None and moment != passed and exact_now() >= moment and self.reading.acquire(blocking=False):
                passed = moment  # a clock ran out: every page redraws
                try:
                    self.changed()
                finally:
                    self.reading.release()
            await asyncio.sleep(POLL_SECONDS)

    def answer(self, seat: int | None, language: str) -> JsonObject:
        """The envelope for the table's screen (``seat`` None) or one seat, in ``language``."""
        with speaking(language):
            view = outcome = fair = names = situation = final = None
            decisions: list[JsonObject] | None = None
            players: tuple[str, ...] = self.links.players
            if self.saved is not None:
                from referee.fair.rules import public_of

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
                final = None if ended is None else final_of(self.spec, state, ended, self.path, self.version)
                situation = self.voice.situation(state)
                if seat is not None:
                    decisions = decisions_json(self.rules, self.voice, state, seat)
                names = self.web.names(state)  # how people say the seats (a team), or None
            return {**envelope(
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
                bots=self.bots,
                final=final,
            ), **envelope_fields(self, seat)}

    def preview(self, seat: int, body: JsonValue, language: str) -> tuple[int, JsonObject]:
        """What ``seat``'s request would give (:attr:`referee.web.contract.WebGame.preview`);
        (HTTP status, answer). Nothing is recorded: the file is only read."""
        with speaking(language):
            preview = self.web.preview
            if preview is None:
                return 404, {"error": _("unknown action {kind}").format(kind=PREVIEW)}
            if not isinstance(body, dict):
                return 400, {"error": _("the request must be a JSON object")}
            self.reload(wait=False)  # on the event loop: never waits for an action's recording
            if self.saved is None:
                return 409, {"error": self.error or ""}
            try:
                return 200, {"preview": preview(self.saved.state, seat, body)}
            except InputError as error:
                return 400, {"error": self.words(error)}

    def act(self, seat: int, kind: str, body: JsonValue, language: str, seen: str | None = None) -> tuple[int, JsonObject]:
        """Record ``seat``'s entry ``body``, a save-file event that must be one of the
        seat's decisions of ``kind`` now (:mod:`referee.decisions`: a listed choice, sent
        as it was listed, or the decision's form filled in); (HTTP status, answer).

        ``seen``: the number of entries the page was drawn from (its ``X-Referee-Seen``
        header). When the file has moved on since (two partners tapping at once, an entry
        typed at the laptop), the request is refused (409) rather than recorded as an
        answer to a move its sender never saw. Requests are handled one at a time (the
        server calls this in a worker thread, one call at a time: :func:`create_app`'s
        ``acting``), so the second of two taps always sees the first. A decision several
        seats take at once (``together``: Spellcrafter's picks, blinde liefde's bids) is
        not refused because another seat acted meanwhile: its event states what the page
        showed (the round and the pick), and the rules check that."""
        from referee import savefile

        with speaking(language):
            if not isinstance(body, dict):
                return 400, {"error": _("the request must be a JSON object")}
            if body.get("kind", kind) != kind:
                return 400, {"error": _("the entry's kind {kind} is not the address's {address}").format(kind=_shown(body.get("kind")), address=_shown(kind))}
            event = {"kind": kind, **body}
            with self.reading:  # the watcher looks again once the entry is kept
                self._reload()
                if self.saved is None:
                    return 409, {"error": self.error or ""}
                together = any(decision.kind == kind and decision.together for decision in self.rules.decisions(self.saved.state, seat))
                if seen is not None and not together and seen != str(len(self.saved.events)):
                    return 409, {"error": moved_on()}
                try:
                    savefile.record(self.path, self.rules, seat_entry(self.rules, seat, event, self.complete), held=self.held)
                except InputError as error:
                    return 400, {"error": self.words(error)}
                except RefereeError as error:
                    return 409, {"error": self.words(error)}
                self._recorded()
        return 200, self.shared(seat, language)


def _shown(value: object) -> str:
    """A value of a request, as a message shows it: short (a body is the client's)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def without_folders(text: str, path: Path) -> str:
    """``text`` without the folder of ``path`` wherever it names a file in it (as given at
    the terminal, absolute, or its real place), so ``/home/ann/games/.m.toml.fair`` reads
    ``.m.toml.fair``."""
    folders = {str(path.parent), os.path.abspath(path.parent), os.path.realpath(path.parent)}
    for folder in sorted(folders - {".", ""}, key=len, reverse=True):
        text = text.replace(folder.rstrip(os.sep) + os.sep, "")
    return text


def page(served: Served, name: str, language: str) -> HTMLResponse:
    """A page's HTML shell; ``static/GAME.js`` draws it from the API (a game without a
    script of its own is drawn by ``common.js``: its situation and its decisions)."""
    return shell(name, served.spec.name, language, served.spec.title)


def shell(name: str, script: str, language: str, title: str) -> HTMLResponse:
    """The pages' one HTML shell, ``static/page.html``, for the page ``name`` drawn by
    ``static/SCRIPT.js`` (with ``static/SCRIPT.css``); without such a script (a game
    drawn from its decisions alone: no files of its own) by ``common.js`` alone."""
    import html

    text = (STATIC / "page.html").read_text(encoding="utf-8")
    if not (STATIC / f"{script}.js").is_file():
        text = "\n".join(line for line in text.splitlines() if "/static/{{game}}." not in line)
    values = {"page": name, "game": script, "lang": language, "title": title}
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", html.escape(value))
    return HTMLResponse(text)


# --- the season's page: /stats and its answer, /api/stats (referee.web.season) -------------


@dataclass(frozen=True)
class SeasonPlace:
    """What the season's routes need from their app (``app.state.season``): the folder
    whose season they show, and the language a page has when it asks for none."""

    root: Path
    language: str


def season_page(language: str) -> HTMLResponse:
    """``/stats``: the shell, drawn by ``static/season.js`` from ``/api/stats``."""
    with speaking(language):
        return shell("season", "season", language, _("Season"))


def season_answer(root: Path, language: str) -> JSONResponse:
    """``/api/stats``: the season of the folder ``root`` (:mod:`referee.web.season`), read
    when first asked and again only when a file under it changed (a first reading of a
    big shelf takes a moment; later ones use `referee stats`'s cache of what each
    unchanged file gave)."""
    from referee.web import season

    return JSONResponse(season.pages_of(root).answer(language))


async def stats_page(request: Request) -> Response:
    place: SeasonPlace = request.app.state.season
    return season_page(page_language(request, place.language))


async def stats_api(request: Request) -> Response:
    place: SeasonPlace = request.app.state.season
    # Read in a worker thread: a first reading of a big folder must not stall the
    # game's pages and their streams on the event loop.
    return await run_in_threadpool(season_answer, place.root, page_language(request, place.language))


#: The season's routes, in any app whose ``state.season`` is a :class:`SeasonPlace`.
SEASON_ROUTES = [Route("/stats", stats_page), Route("/api/stats", stats_api)]


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

    import segno  # deferred: segno and uvicorn cost start-up

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=10, border=2, dark="#000", light="#fff", xmldecl=False)
    return buffer.getvalue()


# --- the routes: one flat list; the game served and its lock on ``app.state`` -----------------





def not_joined(request: Request) -> Response:
    """401, with the words a page needs to say how to join, in its language."""
    language = language_of(request)
    with speaking(language):
        answer = {"error": _("open your seat's link first"), "lang": language, "labels": labels()}
    return JSONResponse(answer, status_code=401)


async def table_page(request: Request) -> Response:
    served = served_of(request)
    return page(served, "table", served.language)


async def seat_page(request: Request) -> Response:
    return page(served_of(request), "seat" if seat_of_request(request) is not None else "join", language_of(request))


async def join(request: Request) -> Response:
    served = served_of(request)
    seat = served.links.seat_of(request.path_params["token"])
    if seat is None or seat in served.bots:
        return page(served, "join", language_of(request))
    response = RedirectResponse("/seat", status_code=303)
    response.set_cookie(SEAT_COOKIE, served.links.tokens[seat], httponly=True, samesite="strict", max_age=30 * 86400)
    return response


async def table_qr(request: Request) -> Response:
    # the Host header has passed the guard: one of this server's own addresses
    return Response(qr_svg(f"http://{request.headers['host']}/"), media_type="image/svg+xml")


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)  # a browser asks; there is none (and no 404 to log)


async def home(request: Request) -> Response:
    return RedirectResponse("/stats", status_code=303)


def json_text(text: str, status_code: int = 200) -> Response:
    """A JSON answer whose text is made already (:meth:`Served.text`)."""
    return Response(text, status_code=status_code, media_type="application/json")


async def api_table(request: Request) -> Response:
    served = served_of(request)
    return json_text(served.text(None, served.language))


async def api_seat(request: Request) -> Response:
    seat = seat_of_request(request)
    if seat is None:
        return not_joined(request)
    return json_text(served_of(request).text(seat, language_of(request)))


async def json_body(request: Request) -> JsonValue:
    """The request's JSON body, None when it is not JSON (the guard has read it whole)."""
    try:
        body: JsonValue = json.loads(await request.body())
        return body
    except (ValueError, RecursionError):
        return None


async def api_action(request: Request) -> Response:
    seat = seat_of_request(request)
    if seat is None:
        return not_joined(request)
    body = await json_body(request)
    seen = request.headers.get("x-referee-seen")
    # guard: off the event loop (a lock held by another process, a dictionary's verdict:
    # no other page waits), one action at a time (``app.state.acting``: X-Referee-Seen holds)
    async with request.app.state.acting:
        status, answer = await run_in_threadpool(served_of(request).act, seat, request.path_params["kind"], body, language_of(request), seen)
    return JSONResponse(answer, status_code=status)


async def api_preview(request: Request) -> Response:
    seat = seat_of_request(request)
    if seat is None:
        return not_joined(request)
    status, answer = served_of(request).preview(seat, await json_body(request), language_of(request))
    return JSONResponse(answer, status_code=status)


async def api_lang(request: Request) -> Response:
    body = await json_body(request)
    chosen = body.get("lang") if isinstance(body, dict) else None
    if chosen not in LANGUAGES:
        with speaking(language_of(request)):
            error = _("the language must be one of {languages}").format(languages=", ".join(LANGUAGES))
        return JSONResponse({"error": error}, status_code=400)
    response = JSONResponse({"lang": chosen})
    response.set_cookie(LANG_COOKIE, chosen, httponly=True, samesite="strict", max_age=365 * 86400)
    return response


class Events:
    """An event stream's route (plain ASGI: :func:`referee.web.streams.stream`): the
    table's (``seat`` False), or the seat of the browser's link."""

    def __init__(self, seat: bool) -> None:
        self.seat = seat

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        served = served_of(request)
        if not self.seat:
            await streams.stream(served, scope, receive, send, (None, served.language), who="table")
            return
        token = request.cookies.get(SEAT_COOKIE)
        seat = served.links.seat_of(token)
        if seat is None or seat in served.bots:
            await not_joined(request)(scope, receive, send)
            return
        still = lambda: served.links.seat_of(token) == seat  # noqa: E731 (a re-issued link ends the stream)
        await streams.stream(served, scope, receive, send, (seat, language_of(request)), still, who=seat)


@asynccontextmanager
async def watching(app: Starlette) -> AsyncIterator[None]:
    """While the application runs, the served file is watched (:meth:`Served.watch`)."""
    from referee.web.bots import BotTurns

    served: Served = app.state.served
    watcher = asyncio.create_task(served.watch())
    bots = BotTurns(served, served.bot_pause)  # the referee's seats, in a thread of their own
    bots.start()
    yield
    served.stop()
    watcher.cancel()
    await asyncio.to_thread(bots.stop)


#: A game's pages, API and events (`referee serve FILE`).
ROUTES = [
    Route("/", table_page),
    Route("/seat", seat_page),
    *SEASON_ROUTES,
    Route("/join/{token}", join),
    Route("/qr.svg", table_qr),
    Route("/favicon.ico", no_icon),
    Route("/api/table", api_table),
    Route("/api/seat", api_seat),
    Route(f"/api/seat/{PREVIEW}", api_preview, methods=["POST"]),
    Route("/api/seat/{kind}", api_action, methods=["POST"]),
    Route("/api/lang", api_lang, methods=["POST"]),
    Route("/events/table", Events(seat=False), methods=["GET"]),
    Route("/events/seat", Events(seat=True), methods=["GET"]),
    Route("/host", host.host_page),
    Route("/host/{token}", host.host_join),
    Route("/api/host", host.api_host),
    Route("/api/host/undo", host.host_undo, methods=["POST"]),
    Route("/api/host/redo", host.host_redo, methods=["POST"]),
    Route("/api/host/reveal", host.host_reveal, methods=["POST"]),
    Route("/api/host/link/{seat}", host.host_new_link, methods=["POST"]),
    Route("/api/host/show/{seat}", host.host_show, methods=["POST"]),
    Route("/api/host/hide", host.host_hide, methods=["POST"]),
    Route("/api/host/qr/{seat}.svg", host.host_qr),
    Route("/api/host/rematch", host.rematch, methods=["POST"]),
    Route("/api/rematch", host.rematch, methods=["POST"]),
    Route("/api/take-back", host.take_back, methods=["POST"]),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]

#: A season's page alone (`referee serve FOLDER`): no seat, no game.
SEASON_APP_ROUTES = [
    Route("/", home),
    *SEASON_ROUTES,
    Route("/favicon.ico", no_icon),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


def create_app(served: Served, hosts: Iterable[str] = (), clock: Callable[[], float] = time.monotonic) -> Guard:
    """The application serving ``served``: :data:`ROUTES` with the game on ``app.state``,
    behind the :class:`Guard` (``hosts``: more names it may be reached by, ``NAME`` or
    ``NAME:PORT``; ``clock``: the rate limit's, for tests)."""
    app = Starlette(routes=ROUTES, lifespan=watching)
    app.state.served = served
    app.state.season = SeasonPlace(served.path.parent, served.language)
    app.state.acting = asyncio.Lock()  # guard: seats' actions are recorded one at a time, each in a worker thread
    return Guard(app, hosts=hosts, language=lambda scope: scope_language(scope, served.language), clock=clock)


def scope_language(scope: Scope, default: str) -> str:
    """The language the guard answers a request in: its page's cookie, else ``default``."""
    cookies = dict(scope.get("headers") or []).get(b"cookie", b"").decode("latin-1")
    return cookie_language(cookies, default)


def create_season_app(root: Path, language: str, hosts: Iterable[str] = (), clock: Callable[[], float] = time.monotonic) -> Guard:
    """`referee serve FOLDER`: the season's page of the folder ``root`` (``/stats``; ``/``
    leads there), :data:`SEASON_APP_ROUTES` behind the same :class:`Guard` as a game's pages."""
    app = Starlette(routes=SEASON_APP_ROUTES)
    app.state.season = SeasonPlace(root, language)
    return Guard(app, hosts=hosts, language=lambda scope: scope_language(scope, language), clock=clock)


def uvicorn_server(served: Served, host: str = "127.0.0.1", port: int = 0, hosts: Iterable[str] = ()) -> uvicorn.Server:
    """A uvicorn server for ``served`` (not started: ``.run(sockets=…)``): no access log
    (a seat's link holds its token), and every event stream ends as soon as it is asked
    to stop (Ctrl-C, ``should_exit``), so that it stops within a second."""
    server = _uvicorn(create_app(served, hosts=hosts), host, port, lifespan="on")
    served.stop_requested = lambda: bool(server.should_exit)
    return server


def season_server(root: Path, language: str, host: str = "127.0.0.1", port: int = 0, hosts: Iterable[str] = ()) -> uvicorn.Server:
    """A uvicorn server for the season's page of ``root`` (not started, as :func:`uvicorn_server`)."""
    return _uvicorn(create_season_app(root, language, hosts=hosts), host, port, lifespan="off")


def _uvicorn(app: Guard, host: str, port: int, lifespan: Literal["on", "off"]) -> uvicorn.Server:
    """The uvicorn server of :func:`uvicorn_server` and :func:`season_server`: HTTP/1.1
    through h11 with :class:`~referee.web.guard.Connections` under it (per-client caps, a
    deadline for a request's headers and body, one-line notices), idle keep-alive
    connections closed after 5 s, headers of at most 16 KB."""
    import uvicorn

    from referee.web.guard import Connections, guarded_server, protocol_class

    connections = Connections()
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=1, lifespan=lifespan,
        http=protocol_class(connections), timeout_keep_alive=5, h11_max_incomplete_event_size=16 * 1024,
    )  # fmt: skip
    return guarded_server(config, connections)
