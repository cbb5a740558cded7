"""The host's page and what the table does without the laptop's keyboard (issue 33 point 3).

The host has a secret link, like a seat's (:mod:`referee.web.links`: ``/host/TOKEN``,
printed on the terminal only), which sets the ``referee_host`` cookie and opens ``/host``,
a page for a phone: take back the last entry and put it back (the save-file engine's
``undo`` and ``redo``), give a seat a new link (its QR code on the host's phone, and on
the TV for a minute when the host asks), reveal a fair game, start the rematch, and see
who is connected. Its JSON routes are under ``/api/host/...``; a refusal is 400 (the
request cannot be used) or 409 (the game says no), one line in the page's language, and
leaves every file as it was.

Every page is told of an undo or a redo, wherever it was made (this page, a terminal's
`smoor undo`, table mode): the envelope's ``announcement`` (``{"text", "version"}``),
worded in the page's language and shown until the next entry. It is read from the file
(:func:`announced`: an undo leaves one more ``[[redo]]`` entry on top, a redo one
fewer), so the server needs no word from whoever made it.

A seat may take back its own last entry (``POST /api/take-back``) until anyone's next
entry: an undo like the host's, announced the same way. A table that wants none starts
its game with ``new … --no-take-backs`` (``take_backs = false`` in the file's setup:
:mod:`referee.takebacks`).

At the end of a match any joined seat or the host starts the rematch (``POST
/api/rematch``, the envelope's ``rematch`` says when it may): a new file beside the
served one (``NAME-2.toml``, never over anything), served from then on, with the same
links for the same players.

This module imports nothing of :mod:`referee.web.server` (which lists these routes): the
served game is ``request.app.state.served``.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from referee.errors import InputError, RefereeError
from referee.i18n import LANGUAGES, _, speaking
from referee.takebacks import take_backs_allowed
from referee.web.requests import HOST_COOKIE as HOST_COOKIE, LANG_COOKIE as LANG_COOKIE, SEAT_COOKIE as SEAT_COOKIE, language_of, seat_of_request, served_of

if TYPE_CHECKING:
    from referee.game import JsonObject
    from referee.savefile import Saved
    from referee.savefile.document import Taken
    from referee.web.server import Served

SHOW_SECONDS = 60.0  # how long a seat's new link stays on the TV unless dismissed
STATIC = Path(__file__).with_name("static")


# --- the announcement of an undo or a redo: read from the file ---------------------------------


@dataclass(frozen=True)
class Announced:
    """An undo or a redo, as the file shows it: ``back`` (taken back) or put back,
    ``taken`` (the engine's record of it: an event, or an edit), ``before`` (the state
    the entry was made in: was it a decision several seats take at once, hidden until
    all are in?) and the server's ``version`` that first showed it."""

    back: bool
    taken: Taken
    before: object
    version: int


def announced(old: Saved[Any] | None, new: Saved[Any], version: int) -> Announced | None:
    """The undo or the redo that turned the file ``old`` into ``new``, or None (no file
    before, a new entry, an edit, nothing changed). Pure: two loaded files in, a value out.

    An undo leaves the events one shorter (or an edit taken back) with a new ``[[redo]]``
    entry on top of the same stack; a redo takes the top one off and puts it back."""
    if old is None:
        return None
    if len(new.redo) == len(old.redo) + 1 and new.redo[:-1] == old.redo:
        taken = new.redo[-1]
        if taken.edit is None and new.events == old.events[:-1]:
            return Announced(True, taken, new.state, version)
        if taken.edit is not None and new.corrections == old.corrections[:-1]:
            return Announced(True, taken, new.state, version)
        return None
    if len(old.redo) == len(new.redo) + 1 and old.redo[:-1] == new.redo:
        taken = old.redo[-1]
        if taken.edit is None and new.events == [*old.events, taken.event]:
            return Announced(False, taken, old.state, version)
        if taken.edit is not None and new.corrections == (*old.corrections, taken.edit):
            return Announced(False, taken, old.state, version)
    return None


def news(shown: Announced | None, old: Saved[Any] | None, new: Saved[Any] | None, version: int) -> Announced | None:
    """The announcement after the file was read again: a new undo or redo, else the one
    shown until the next entry (the events changed otherwise), else none."""
    if new is None:
        return shown
    found = announced(old, new, version)
    if found is not None:
        return found
    if shown is None or old is None or new.events != old.events:
        return None
    return shown


def hidden(rules: Any, state: object, event: dict[str, object] | None) -> bool:
    """Whether ``event`` answered a decision several seats take at once (bids, picks, a
    word being crafted): those stay hidden until every seat is in, so an announcement
    never names one."""
    if event is None:
        return True
    kind = event.get("kind")
    for seat in range(len(rules.seats(state))):
        if any(decision.kind == kind and decision.together for decision in rules.decisions(state, seat)):
            return True
    return False


def announcement_words(found: Announced, rules: Any, voice: Any) -> str:
    """The announcement in the current language ("Taken back: play: Daan 8♣")."""
    taken = found.taken
    if taken.edit is not None:
        number = taken.edit.at + 1
        if found.back:
            return _("Taken back: the edit of entry {number}").format(number=number)
        return _("Put back: the edit of entry {number}").format(number=number)
    if hidden(rules, found.before, taken.event):
        return _("An entry was taken back") if found.back else _("An entry was put back")
    entry = voice.event(taken.event or {})
    return (_("Taken back: {entry}") if found.back else _("Put back: {entry}")).format(entry=entry)


# --- what the server keeps for the host: on Served (``served.desk``) ------------------------------


@dataclass
class Desk:
    """The host's side of a served game, kept in memory by :class:`~referee.web.server.Served`:
    the announcement shown, the seat whose new link the TV shows (until when), the open
    event streams (per seat; ``"table"`` for the TV's)."""

    announced: Announced | None = None
    showing: tuple[int, float] | None = None
    streams: Counter[object] = field(default_factory=Counter)

    def shown_seat(self, now: float | None = None) -> int | None:
        """The seat whose link the TV shows now, or None."""
        if self.showing is None:
            return None
        seat, until = self.showing
        return seat if (time.monotonic() if now is None else now) < until else None


def may_take_back(served: Served, seat: int) -> bool:
    """Whether ``seat`` may take back its own last entry now: the table allows it, the
    last thing recorded is an event (no edit after it, no bot's), and it was one of this
    seat's decisions in the state before it (:func:`referee.decisions.decision_of`): read
    from the file, so a restarted server offers it too."""
    from referee.bots.seats import MARK
    from referee.decisions import decision_of

    saved = served.saved
    if saved is None or not saved.events or saved.previous is None or not take_backs_allowed(saved.setup):
        return False
    if saved.corrections and saved.corrections[-1].events == len(saved.events):
        return False  # an edit on top: the host's undo takes that back
    last = saved.events[-1]
    if MARK in last:
        return False  # the referee's own seat played it
    try:
        decision_of(served.rules, saved.previous, seat, last)
    except RefereeError:
        return False
    return True


def may_rematch(served: Served) -> bool:
    """Whether the rematch may start now: the match is over."""
    return served.saved is not None and served.rules.outcome(served.saved.state) is not None


def envelope_fields(served: Served, seat: int | None) -> JsonObject:
    """The envelope's host fields, in the current language: ``announcement``,
    ``rematch``, ``take_back`` (a seat's: may it take back its last entry now) and, on
    the table's screen only, ``show_link`` (a seat's new link the host asked to show)."""
    found = served.desk.announced
    announcement: JsonObject | None = None
    if found is not None:
        announcement = {"text": announcement_words(found, served.rules, served.voice), "version": found.version}
    shown = served.desk.shown_seat() if seat is None else None
    show_link: JsonObject | None = None
    if shown is not None and shown < len(served.links.players):
        name = served.links.players[shown]
        show_link = {"seat": shown, "name": name, "qr": f"/api/host/qr/{shown}.svg",
                     "text": _("{name}'s new link: scan with {name}'s phone only").format(name=name)}  # fmt: skip
    fields: JsonObject = {"announcement": announcement, "rematch": may_rematch(served), "show_link": show_link}
    if seat is not None:
        fields["take_back"] = may_take_back(served, seat)
    labels: JsonObject = {"take_back": _("Take back my last entry"), "rematch": _("Rematch: the same table again")}
    fields["host_labels"] = labels
    return fields


def touch(served: Served) -> None:
    """Every page draws again (something of the host's changed, not the file)."""
    served.changed()


# --- the rematch: a new file beside the served one, served from then on -------------------------


def rematch_path(path: Path) -> Path:
    """The rematch's file: ``night.toml`` → ``night-2.toml``, ``night-2.toml`` →
    ``night-3.toml``; the first name free of any file (and of any of referee's files kept
    beside one: its ``.bak``, its links, a fair game's secret).

    >>> rematch_path(Path("/nowhere/night.toml")).name
    'night-2.toml'
    >>> rematch_path(Path("/nowhere/night-7.toml")).name
    'night-8.toml'
    """
    found = re.fullmatch(r"(.*)-(\d+)", path.stem)
    stem, number = (found[1], int(found[2])) if found else (path.stem, 1)
    while True:
        number += 1
        candidate = path.with_name(f"{stem}-{number}{path.suffix}")
        beside = (candidate, candidate.with_name(candidate.name + ".bak"),
                  candidate.with_name(f".{candidate.name}.seats"), candidate.with_name(f".{candidate.name}.fair"))  # fmt: skip
        if not any(os.path.lexists(place) for place in beside):
            return candidate


def start_rematch(served: Served) -> Path:
    """Start the rematch of the served match (over: else a ``RuleError``) in a new file
    beside it and serve that one, with the seats' links kept for the same players. What
    the table chose at ``new`` that the game's setup does not hold (``take_backs``) is
    kept too."""
    from referee.errors import RuleError
    from referee.rematch import write_rematch

    with served.reading:
        served._reload()
        saved = served.saved
        if saved is None:
            raise InputError(served.error or "")
        if served.rules.outcome(saved.state) is None:
            raise RuleError(_("the match is not over: a rematch starts once it is"))
        path = rematch_path(served.path)
        new = write_rematch(served.spec.name, served.rules, saved, path, None)
        if tuple(served.rules.seats(new.state)) == served.links.players:
            served.links = served.links.keep_for(path)
        served.path, served.stamp = path, None
        served.desk.announced = None
        served._reload()
    return path


# --- the routes ------------------------------------------------------------------------------




def is_host(request: Request) -> bool:
    return served_of(request).links.is_host(request.cookies.get(HOST_COOKIE))



def refused(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def not_host(request: Request) -> JSONResponse:
    """401, with the words the host page needs, in its language."""
    language = language_of(request)
    with speaking(language):
        answer = {"error": _("open the host's link first (it is printed where `referee serve` runs)"), "lang": language,
                  "labels": host_labels()}  # fmt: skip
    return JSONResponse(answer, status_code=401)


def host_labels() -> JsonObject:
    """The host page's own words, in the current language."""
    return {
        "host": _("Host"),
        "undo": _("Take back the last entry"),
        "redo": _("Put it back"),
        "seats": _("Seats"),
        "connected": _("connected"),
        "away": _("not connected"),
        "table": _("The table's screen"),
        "new_link": _("New link"),
        "show_tv": _("Show on the TV"),
        "hide_tv": _("Hide from the TV"),
        "close": _("Close"),
        "scan": _("Scan with this player's phone only"),
        "reveal": _("Reveal the fair game's secret"),
        "rematch": _("Rematch: the same table again"),
        "language": _("Nederlands"),
        "language_hint": _("Language"),
    }


def host_answer(served: Served, language: str) -> JsonObject:
    """The host page's answer: the table's envelope and what the host may do now."""
    answer = served.answer(None, language)
    with speaking(language):
        saved = served.saved
        fair = saved.setup.get("fair") if saved is not None else None
        last_edit = saved is not None and bool(saved.corrections) and saved.corrections[-1].events == len(saved.events)
        players = served.links.players
        answer["host"] = {
            "labels": host_labels(),
            "seats": [{"seat": seat, "name": name, "connected": served.desk.streams[seat] > 0} for seat, name in enumerate(players)],
            "table_connected": served.desk.streams["table"] > 0,
            "undo": saved is not None and (bool(saved.events) or last_edit),
            "redo": saved is not None and bool(saved.redo) and saved.redo[-1].events == len(saved.events),
            "reveal": isinstance(fair, dict) and "secret" not in fair,
            "rematch": may_rematch(served),
            "showing": served.desk.shown_seat(),
        }
    return answer


def host_shell(language: str) -> HTMLResponse:
    """The host page's HTML: the pages' one shell (``static/page.html``), drawn by
    ``static/host.js``."""
    import html

    with speaking(language):
        title = _("Host")
    text = (STATIC / "page.html").read_text(encoding="utf-8")
    for key, value in {"page": "host", "game": "host", "lang": language, "title": title}.items():
        text = text.replace("{{" + key + "}}", html.escape(value))
    return HTMLResponse(text)


async def host_join(request: Request) -> Response:
    """``/host/TOKEN``: the host's cookie set, then ``/host`` (the token leaves the address bar)."""
    served = served_of(request)
    token = request.path_params["token"]
    if not served.links.is_host(token):
        return host_shell(language_of(request))
    response = RedirectResponse("/host", status_code=303)
    response.set_cookie(HOST_COOKIE, served.links.host, httponly=True, samesite="strict", max_age=30 * 86400)
    return response


async def host_page(request: Request) -> Response:
    return host_shell(language_of(request))


async def api_host(request: Request) -> Response:
    if not is_host(request):
        return not_host(request)
    return JSONResponse(host_answer(served_of(request), language_of(request)))


async def _changed(request: Request, change: Any) -> Response:
    """A change of the host's to the file (``change(path, rules)``: undo, redo, reveal), one
    at a time with the seats' entries, in a worker thread: the host's answer, or the
    refusal in one line (400: cannot be used; 409: the game says no)."""
    if not is_host(request):
        return not_host(request)
    served, language = served_of(request), language_of(request)

    def run() -> tuple[int, JsonObject]:
        with speaking(language):
            try:
                change(served.path, served.rules)
            except InputError as error:
                return 400, {"error": served.words(error)}
            except RefereeError as error:
                return 409, {"error": served.words(error)}
        served.reload()
        return 200, host_answer(served, language)

    async with request.app.state.acting:
        status, answer = await run_in_threadpool(run)
    return JSONResponse(answer, status_code=status)


async def host_undo(request: Request) -> Response:
    from referee import savefile

    return await _changed(request, savefile.undo)


async def host_redo(request: Request) -> Response:
    from referee import savefile

    return await _changed(request, savefile.redo)


async def host_reveal(request: Request) -> Response:
    from referee import savefile

    return await _changed(request, savefile.reveal_secret)


def _seat_number(request: Request, served: Served) -> int | None:
    text = str(request.path_params.get("seat", ""))
    return int(text) if text.isdigit() and int(text) < len(served.links.players) else None


async def host_new_link(request: Request) -> Response:
    """``POST /api/host/link/SEAT``: a new link for the seat (its old one stops at once);
    the answer holds it (``link``: the address and its QR code's) for the host's phone."""
    if not is_host(request):
        return not_host(request)
    served, language = served_of(request), language_of(request)
    seat = _seat_number(request, served)
    with speaking(language):
        if seat is None:
            return refused(400, _("no such seat: the seats are numbered from 0 to {last}").format(last=len(served.links.players) - 1))
        try:
            token = served.reissue(seat)
        except InputError as error:
            return refused(400, served.words(error))
    if served.desk.shown_seat() == seat:
        touch(served)  # the TV shows the new one
    answer = host_answer(served, language)
    link: JsonObject = {"seat": seat, "url": f"http://{request.headers['host']}/join/{token}", "qr": f"/api/host/qr/{seat}.svg"}
    answer["link"] = link
    return JSONResponse(answer)


async def host_show(request: Request) -> Response:
    """``POST /api/host/show/SEAT``: the seat's link on the TV for a minute (or until hidden)."""
    if not is_host(request):
        return not_host(request)
    served, language = served_of(request), language_of(request)
    seat = _seat_number(request, served)
    if seat is None:
        with speaking(language):
            return refused(400, _("no such seat: the seats are numbered from 0 to {last}").format(last=len(served.links.players) - 1))
    served.desk.showing = (seat, time.monotonic() + SHOW_SECONDS)
    touch(served)
    loop = served.loop
    if loop is not None and not loop.is_closed():
        loop.call_soon_threadsafe(loop.call_later, SHOW_SECONDS + 0.1, touch, served)  # the TV hides it on time
    return JSONResponse(host_answer(served, language))


async def host_hide(request: Request) -> Response:
    """``POST /api/host/hide``: the TV shows no seat's link."""
    if not is_host(request):
        return not_host(request)
    served = served_of(request)
    served.desk.showing = None
    touch(served)
    return JSONResponse(host_answer(served, language_of(request)))


async def host_qr(request: Request) -> Response:
    """``/api/host/qr/SEAT.svg``: the seat's link as a QR code, for the host's phone, or for
    the TV while the host shows it there (and for no one else)."""
    served = served_of(request)
    seat = _seat_number(request, served)
    if seat is None or not (is_host(request) or served.desk.shown_seat() == seat):
        return Response(status_code=404)
    import io

    import segno  # deferred: segno costs start-up

    buffer = io.BytesIO()
    link = f"http://{request.headers['host']}/join/{served.links.tokens[seat]}"
    segno.make(link, error="m").save(buffer, kind="svg", scale=10, border=2, dark="#000", light="#fff", xmldecl=False)
    return Response(buffer.getvalue(), media_type="image/svg+xml")


async def rematch(request: Request) -> Response:
    """``POST /api/rematch`` (any joined seat, or the host) and ``/api/host/rematch``: the
    rematch starts, once the match is over (409 before), in a new file served from now on.
    A body ``{"file": NAME}`` names the file the page was drawn from: when a rematch of it
    has started already (two phones tapped at once), the answer is the new match's."""
    served = served_of(request)
    seat = seat_of_request(request)
    host = is_host(request)
    if seat is None and not host:
        return not_host(request)
    language = language_of(request)
    try:
        body = json.loads(await request.body() or b"{}")
    except (ValueError, RecursionError):
        body = None
    drawn = body.get("file") if isinstance(body, dict) else None  # the file the page was drawn from

    def run() -> tuple[int, JsonObject]:
        with speaking(language):
            try:
                if drawn is None or drawn == served.path.name:  # else: another tap started it already
                    start_rematch(served)
            except InputError as error:
                return 400, {"error": served.words(error)}
            except RefereeError as error:
                return 409, {"error": served.words(error)}
        return 200, host_answer(served, language) if host else served.answer(seat, language)

    async with request.app.state.acting:
        status, answer = await run_in_threadpool(run)
    return JSONResponse(answer, status_code=status)


async def take_back(request: Request) -> Response:
    """``POST /api/take-back``: a seat takes back its own last entry (an undo, announced
    everywhere), until anyone's next entry; 409 in one line when it may not."""
    from referee import savefile

    served = served_of(request)
    seat = seat_of_request(request)
    if seat is None:
        language = language_of(request)
        with speaking(language):
            return JSONResponse({"error": _("open your seat's link first"), "lang": language}, status_code=401)
    language = language_of(request)

    def run() -> tuple[int, JsonObject]:
        with speaking(language):
            served.reload()
            if served.saved is not None and not take_backs_allowed(served.saved.setup):
                return 409, {"error": _("this table plays without take-backs (the game was started with --no-take-backs)")}
            if served.saved is None or not may_take_back(served, seat):
                return 409, {"error": _("only your own last entry can be taken back, before anyone's next entry")}
            try:
                savefile.undo(served.path, served.rules, only=served.saved.events[-1])
            except RefereeError as error:
                return 409, {"error": served.words(error)}
        served.reload()
        return 200, served.answer(seat, language)

    async with request.app.state.acting:
        status, answer = await run_in_threadpool(run)
    return JSONResponse(answer, status_code=status)

