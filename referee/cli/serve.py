"""`referee serve FILE`: the table's screen for a TV and each seat's hand on its phone;
`referee serve FOLDER`: the season's page of a folder of save files (``/stats``).

On a game file, ``/stats`` shows the season of the file's folder as well (the folder is
read when the page is asked for, as `referee stats FOLDER` reads it).

Starlette, uvicorn and segno are imported inside the command only: every other command
starts as before. The server itself is :mod:`referee.web.server`.

While it serves, the terminal takes a line at a time (:class:`Console`): a seat's name or
number shows only that seat's QR code, ``t`` the table's, ``h`` the host's, ``r NAME``
gives a seat a new link (a lost phone: the old one stops at once), ``c`` clears the
screen, ``q`` stops.

The host's link (the host page, :mod:`referee.web.host`: undo and redo, a seat's new
link, the reveal, the rematch from a phone) is printed here with its QR code, and by
``--links``; never on a page.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.i18n import N_

if TYPE_CHECKING:
    import socket
    from collections.abc import Iterable

    from uvicorn import Server

    from referee.games import SomeSpec

    from referee.web.server import Served

DEFAULT_PORT = 8765
CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # the cursor home, the screen and its scroll-back cleared


def serve(
    file: Annotated[Path, typer.Argument(metavar="FILE|FOLDER", help=N_("The game file to serve (any game), or a folder of save files: its season's page, /stats."), show_default=False)],
    host: Annotated[str | None, typer.Option("--host", help=N_("The address to listen on (default: this machine's address on the local network; 127.0.0.1 for this machine only)."), show_default=False)] = None,  # fmt: skip
    port: Annotated[int, typer.Option("--port", help=N_("The port to listen on."))] = DEFAULT_PORT,
    links: Annotated[bool, typer.Option("--links", help=N_("Print every seat's secret link and exit."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("With --links: as one JSON object."))] = False,
    bot_pause: Annotated[float, typer.Option("--bot-pause", metavar=N_("SECONDS"), help=N_("The pause before each decision of a seat the referee plays, so the table can follow."))] = 1.0,
) -> None:
    """Serve a game file to the table: the table's screen at http://HOST:PORT/ and each
    seat's own page, opened with the seat's secret link (shown as a QR code when asked).
    The season of the file's folder is at http://HOST:PORT/stats; given a folder, that
    page alone."""
    from referee import savefile
    from referee.errors import InputError
    from referee.i18n import _
    from referee.savefile.which import game_of
    from referee.web.links import SeatLinks

    if not 0 < port < 65536:
        raise InputError(_("the port must be a number from 1 to 65535"))
    address = host or lan_address()
    # every address (0.0.0.0, ::) when asked for explicitly: the links name this machine's
    base = f"http://{shown(lan_address() if address in ('0.0.0.0', '::') else address)}:{port}"
    if file.is_dir():
        if links or as_json:
            raise InputError(_("a folder has no seats: --links and --json go with a game file"))
        serve_season(file, bind(address, port), base, address)
        return
    spec = game_of(file)
    if not spec.web:
        raise InputError(_("{game} has no pages to serve").format(game=spec.title))
    rules = spec.load_rules()
    saved = savefile.load(file, rules)
    players = tuple(rules.seats(saved.state))
    if not 0 <= bot_pause <= 60:
        raise InputError(_("--bot-pause is a number of seconds from 0 to 60"))
    if links:
        from referee.bots.seats import bot_seats

        bots = bot_seats(saved.setup, players)
        seat_links = SeatLinks(file, players)
        found = {name: f"{base}/join/{token}" for seat, (name, token) in enumerate(zip(players, seat_links.tokens))
                 if bots is None or seat not in bots.levels}  # fmt: skip
        host_link = f"{base}/host/{seat_links.host}"
        if as_json:
            from referee.cli.output import emit_json

            emit_json({"table": base + "/", "seats": found, "host": host_link})
        else:
            for name, link in found.items():
                typer.echo(f"{name}: {link}")
            typer.echo(_("The host's page: {url}").format(url=host_link))
        return
    if as_json:
        raise InputError(_("--json goes with --links"))
    listening = bind(address, port)
    if "seed" in saved.setup and "fair" not in saved.setup:
        # a seed the host's machine knows: the host could have chosen it, or could read every hand
        typer.echo(_("This game is dealt from a seed: for deals nobody can choose, not even the host, start it with `{command} new … --fair`.").format(command=rules.command))
    serve_until_stopped(file, spec, listening, base, address, bot_pause)


def serve_season(folder: Path, listening: socket.socket, base: str, address: str) -> None:
    """Serve the season's page of ``folder`` until Ctrl-C: its address and QR code are
    shown once (there are no seats: nothing else to type)."""
    from referee.i18n import _, language
    from referee.web.server import season_server

    server = season_server(folder, language(), host=address, port=listening.getsockname()[1], hosts=[shown(address)])
    url = base + "/stats"
    show_qr(_("The season's page (a TV, a phone)"), url)
    typer.echo(_("Ctrl-C stops."))
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:
        pass
    finally:
        listening.close()
    typer.echo(_("Stopped."))


def show_qr(title: str, url: str) -> None:
    """A QR code of ``url`` in the terminal, under ``title``, and the link itself."""
    import segno

    typer.echo(title)
    segno.make(url, error="m").terminal(out=sys.stdout, compact=True, border=2)
    typer.echo(url)
    sys.stdout.flush()


def shown(address: str) -> str:
    """An address as a link holds it: an IPv6 one in brackets."""
    return f"[{address}]" if ":" in address else address


def lan_address() -> str:
    """This machine's address on the local network, the one its route out leaves from:
    a UDP socket "connected" to an outside address (which sends no packet) is given it.
    127.0.0.1 when there is no such route (no network: this machine only)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never answers
            found = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return "127.0.0.1" if found.startswith("0.") else found


def bind(address: str, port: int) -> socket.socket:
    """A listening socket on ``address``:``port`` (only that address), or an InputError
    that says why not (the port is taken, the address is not this machine's)."""
    import errno
    import socket

    from referee.errors import InputError
    from referee.i18n import _

    try:
        family, kind, proto, _name, where = socket.getaddrinfo(address, port, type=socket.SOCK_STREAM)[0]
    except (OSError, UnicodeError):
        raise InputError(_("cannot listen on {address}: no such address").format(address=address)) from None
    listening = socket.socket(family, kind, proto)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart need not wait
    try:
        listening.bind(where)
        listening.listen(128)
    except OSError as error:
        listening.close()
        if error.errno == errno.EADDRINUSE:
            message = _("port {port} is already in use on {address}; choose another with --port").format(port=port, address=address)
        elif error.errno == errno.EACCES:
            message = _("port {port} needs more rights; choose one above 1023 with --port").format(port=port)
        else:
            message = _("cannot listen on {address}: {reason}").format(address=address, reason=error.strerror or error)
        raise InputError(message) from None
    listening.setblocking(False)
    return listening


def serve_until_stopped(file: Path, spec: SomeSpec, listening: socket.socket, base: str, address: str, bot_pause: float = 1.0) -> None:
    """Serve until Ctrl-C or ``q``; the console reads the terminal meanwhile."""
    import threading

    from referee.i18n import _, language
    from referee.web.server import Served, uvicorn_server

    served = Served(file, spec, language())
    served.bot_pause = bot_pause
    port = listening.getsockname()[1]
    server = uvicorn_server(served, host=address, port=port, hosts=[shown(address)])
    console = Console(served, server, base)
    typer.echo(f"{spec.title}: {file.name}")
    typer.echo(_("The table's screen (a TV, a laptop): {url}").format(url=base + "/"))
    console.show_host()
    console.help()
    threading.Thread(target=console.read, args=(sys.stdin,), daemon=True).start()
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:  # uvicorn passes Ctrl-C on after it has stopped
        pass
    finally:
        listening.close()
    typer.echo(_("Stopped."))


class Console:
    """The terminal while serving: one typed line at a time, handled on the server's
    event loop (the one thread that speaks and touches the seats' links)."""

    def __init__(self, served: Served, server: Server, base: str) -> None:
        self.served, self.server, self.base = served, server, base

    def read(self, lines: Iterable[str]) -> None:
        """Read lines until the end of input (a thread): each is handled on the loop."""
        import time

        while self.served.loop is None and not self.server.should_exit:
            time.sleep(0.05)  # the server is starting
        for line in lines:
            loop = self.served.loop
            if loop is None or loop.is_closed():
                return
            try:
                loop.call_soon_threadsafe(self.handle, line.strip())
            except RuntimeError:  # the loop has closed: the server stopped
                return

    def help(self) -> None:
        from referee.i18n import _

        typer.echo(
            _("Type a seat's name or number and Enter to show its QR code (only that player should scan it); "
              "t: the table's QR code; r NAME: a new link for that seat (a lost phone); c: clear the screen; "
              "q: stop. Every seat's link at once: referee serve {file} --links").format(file=self.served.path)  # fmt: skip
        )
        typer.echo(_("h: the host's QR code again (the host page: undo, new links, the rematch from a phone; keep it secret)."))

    def handle(self, line: str) -> None:
        """What a typed line asks for."""
        from referee.errors import RefereeError
        from referee.i18n import _

        word, _space, rest = line.partition(" ")
        command = word.lower()
        if not line:
            return
        if command == "q":
            self.server.should_exit = True
        elif command == "c":
            self.clear()
        elif command == "t":
            self.clear()
            self.show(_("The table's screen"), self.base + "/")
        elif command == "h":
            self.clear()
            self.show_host()
        elif command == "r" and rest.strip():
            seat = self.seat(rest.strip())
            if seat is not None:
                try:
                    self.served.reissue(seat)
                except RefereeError as error:  # not kept (a full disk, a read-only folder)
                    name = self.served.links.players[seat]
                    typer.echo(_("{name}'s link is unchanged and still works: {reason}").format(name=name, reason=error), err=True)
                    return
                self.clear()
                typer.echo(_("{name} has a new link; the old one no longer works.").format(name=self.served.links.players[seat]))
                self.show_seat(seat)
        else:
            seat = self.seat(line)
            if seat is not None:
                self.clear()
                self.show_seat(seat)

    def seat(self, word: str) -> int | None:
        """The seat ``word`` names (its name, any case, or its number from 1), or None
        after saying what can be typed."""
        from referee.i18n import _

        players = self.served.links.players
        for seat, name in enumerate(players):
            if word.lower() == name.lower():
                return seat
        if word.isdigit() and 1 <= int(word) <= len(players):
            return int(word) - 1
        typer.echo(_("No seat {word}: the seats are {seats}.").format(word=word, seats=", ".join(f"{n} {name}" for n, name in enumerate(players, 1))))
        self.help()
        return None

    def show_seat(self, seat: int) -> None:
        from referee.i18n import _

        name = self.served.links.players[seat]
        if seat in self.served.bots:
            typer.echo(_("{name} is played by the referee: the seat has no link.").format(name=name))
            return
        self.show(_("{name}'s seat: scan with {name}'s phone only").format(name=name), f"{self.base}/join/{self.served.links.tokens[seat]}")

    def show_host(self) -> None:
        from referee.i18n import _

        self.show(_("The host's page: scan with the host's phone only (undo, new links, the rematch)"), f"{self.base}/host/{self.served.links.host}")

    def show(self, title: str, url: str) -> None:
        show_qr(title, url)

    def clear(self) -> None:
        if sys.stdout.isatty():
            sys.stdout.write(CLEAR)
            sys.stdout.flush()
