"""What a request to `referee serve` says about who asks: the game served, the page's
language and the seat whose link the browser opened (their cookies). One place for the
server's routes and the host's (:mod:`referee.web.server`, :mod:`referee.web.host`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request

from referee.i18n import LANGUAGES

if TYPE_CHECKING:
    from referee.web.server import Served

SEAT_COOKIE = "referee_seat"  # the seat's link, opened in this browser
LANG_COOKIE = "referee_lang"  # the page's language, chosen in this browser
HOST_COOKIE = "referee_host"  # the host's link, opened in this browser


def served_of(request: Request) -> Served:
    """The game file this application serves (``app.state.served``)."""
    served: Served = request.app.state.served
    return served


def language_of(request: Request) -> str:
    """A page's language: its cookie, else `referee serve`'s (``--lang``)."""
    chosen = request.cookies.get(LANG_COOKIE)
    return chosen if chosen in LANGUAGES else served_of(request).language


def seat_of_request(request: Request) -> int | None:
    """The seat whose link this browser opened (its cookie), None if none works (a bot's
    seat is nobody's)."""
    served = served_of(request)
    seat = served.links.seat_of(request.cookies.get(SEAT_COOKIE))
    return None if seat in served.bots else seat
